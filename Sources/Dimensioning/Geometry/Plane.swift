/// A plane `normal · p + offset = 0` with a unit `normal`; lengths in metres.
///
/// The frame is the one of the points it was fitted to (the world frame in the pipeline).
/// `signedDistance` is positive on the side the normal points to.
public struct Plane: Sendable, Equatable, Codable {
    /// Unit normal.
    public var normal: SIMD3<Double>
    /// Offset in metres: `-normal · p` for any point p on the plane.
    public var offset: Double

    public init(normal: SIMD3<Double>, offset: Double) {
        let length = (normal * normal).sum().squareRoot()
        self.normal = normal / length
        self.offset = offset / length
    }

    /// The plane `a x + b y + c z + d = 0` of fitted coefficients (a, b, c, d), as PCL's RANSAC
    /// gives them; any non-zero length of (a, b, c).
    package init(coefficients c: SIMD4<Double>) {
        self.init(normal: SIMD3(c.x, c.y, c.z), offset: c.w)
    }

    /// The plane through `point` with normal `normal`.
    public init(normal: SIMD3<Double>, through point: SIMD3<Double>) {
        let length = (normal * normal).sum().squareRoot()
        self.normal = normal / length
        self.offset = -(self.normal * point).sum()
    }

    /// Signed distance in metres from `p` to the plane, positive on the normal's side.
    @inline(__always)
    public func signedDistance(_ p: SIMD3<Double>) -> Double { (normal * p).sum() + offset }

    /// The same plane with the normal turned the other way.
    public var flipped: Plane { Plane(normal: -normal, offset: -offset) }

    /// The foot of the perpendicular from `p`.
    public func project(_ p: SIMD3<Double>) -> SIMD3<Double> { p - signedDistance(p) * normal }
}

@inline(__always) package func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
@inline(__always) package func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { (a * b).sum() }
@inline(__always) package func length(_ a: SIMD3<Double>) -> Double { (a * a).sum().squareRoot() }
@inline(__always) package func length(_ a: SIMD2<Double>) -> Double { (a * a).sum().squareRoot() }
@inline(__always) package func normalize(_ a: SIMD3<Double>) -> SIMD3<Double> { a / length(a) }
@inline(__always) package func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
