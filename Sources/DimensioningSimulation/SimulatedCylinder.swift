import Dimensioning

/// An upright cylinder standing on the floor (bottom cap on z = 0): a tube, a can, a bin.
///
/// World frame (z up), metres.
public struct SimulatedCylinder: Sendable, Codable, Equatable {
    /// Centre of the footprint, world x and y in metres.
    public var center: SIMD2<Double>
    /// Radius in metres.
    public var radius: Double
    /// Height in metres (the cylinder spans z = 0 ... height).
    public var height: Double
    /// What the cylinder is made of.
    public var surface: SurfaceKind

    public init(center: SIMD2<Double>, radius: Double, height: Double, surface: SurfaceKind = .matte) {
        precondition(radius > 0 && height > 0, "cylinder radius and height must be positive (metres)")
        self.center = center
        self.radius = radius
        self.height = height
        self.surface = surface
    }

    /// The centre of the cylinder's volume in the world frame, metres.
    public var centroid: SIMD3<Double> { SIMD3(center.x, center.y, height / 2) }
}
