import Dimensioning

/// A vertical wall standing on the floor: the rectangle above the floor segment
/// `start`-`end`, from z = 0 up to `height`. It is seen from both sides.
///
/// World frame (z up), metres.
public struct SimulatedWall: Sendable, Codable, Equatable {
    /// One end of the wall's foot on the floor, world x and y in metres.
    public var start: SIMD2<Double>
    /// The other end of the wall's foot, world x and y in metres.
    public var end: SIMD2<Double>
    /// Height in metres.
    public var height: Double
    /// What the wall is made of.
    public var surface: SurfaceKind

    public init(start: SIMD2<Double>, end: SIMD2<Double>, height: Double = 2.5,
                surface: SurfaceKind = .matte) {
        precondition(height > 0, "wall height must be positive (metres)")
        precondition(start != end, "a wall needs two distinct ends")
        self.start = start
        self.end = end
        self.height = height
        self.surface = surface
    }

    /// A wall through world point `point` (x, y in metres) facing horizontal direction `normal`,
    /// extending `halfWidth` metres to each side (default 20 m: effectively an infinite plane).
    public init(point: SIMD2<Double>, normal: SIMD2<Double>, halfWidth: Double = 20,
                height: Double = 2.5, surface: SurfaceKind = .matte) {
        let n = normal / (normal * normal).sum().squareRoot()
        let along = SIMD2(-n.y, n.x) * halfWidth
        self.init(start: point - along, end: point + along, height: height, surface: surface)
    }

    /// The horizontal unit normal of the wall's plane (left of start -> end), world frame.
    public var normal: SIMD2<Double> {
        let d = end - start
        let n = SIMD2(-d.y, d.x)
        return n / (n * n).sum().squareRoot()
    }

    /// Signed horizontal distance in metres from world point (x, y) to the wall's plane.
    public func signedDistance(to p: SIMD2<Double>) -> Double { ((p - start) * normal).sum() }
}
