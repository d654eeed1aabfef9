/// An orthonormal frame on the floor plane: `origin` on the plane, `xAxis` and `yAxis` in it,
/// `up` its normal pointing away from gravity (toward the camera when gravity is unknown).
///
/// Maps world points (metres) to floor coordinates `(x, y, height)`: height is the signed
/// distance above the floor. Used to reduce the footprint to 2-D.
public struct FloorFrame: Sendable, Equatable, Codable {
    public var origin: SIMD3<Double>
    public var xAxis: SIMD3<Double>
    public var yAxis: SIMD3<Double>
    public var up: SIMD3<Double>

    /// Builds a frame on `floor` (whose normal must already point up). The x axis is the
    /// projection of `hint` (any direction not parallel to up), so frames are reproducible.
    public init(floor: Plane, hint: SIMD3<Double> = SIMD3(1, 0, 0)) {
        up = floor.normal
        var x = hint - dot(hint, up) * up
        if length(x) < 1e-6 {
            let other = abs(up.x) < 0.9 ? SIMD3<Double>(1, 0, 0) : SIMD3<Double>(0, 1, 0)
            x = other - dot(other, up) * up
        }
        xAxis = normalize(x)
        yAxis = cross(up, xAxis)
        origin = -floor.offset * up
    }

    /// Floor coordinates of a world point: (x, y) in the plane, z the height above it (metres).
    @inline(__always)
    public func local(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let d = p - origin
        return SIMD3(dot(d, xAxis), dot(d, yAxis), dot(d, up))
    }

    /// The world point at floor coordinates (x, y, height).
    @inline(__always)
    public func world(_ q: SIMD3<Double>) -> SIMD3<Double> {
        origin + q.x * xAxis + q.y * yAxis + q.z * up
    }

    /// A direction in the plane given by its floor coordinates, in world coordinates.
    public func worldDirection(_ d: SIMD2<Double>) -> SIMD3<Double> { d.x * xAxis + d.y * yAxis }
}
