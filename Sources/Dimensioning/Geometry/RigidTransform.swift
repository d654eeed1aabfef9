/// A rigid transform `p' = rotation * p + translation`, in metres.
///
/// Names follow the frames they connect: `worldFromCamera` maps a point given in camera
/// coordinates to world coordinates. `rotation` is a proper rotation matrix, stored row-major.
public struct RigidTransform: Sendable, Equatable, Codable {
    /// Row-major 3x3 rotation: `rows[r][c]`.
    public var rows: [SIMD3<Double>]
    /// Translation in metres.
    public var translation: SIMD3<Double>

    public static let identity = RigidTransform(
        rows: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)], translation: .zero)

    public init(rows: [SIMD3<Double>], translation: SIMD3<Double>) {
        precondition(rows.count == 3, "a rotation has three rows")
        self.rows = rows
        self.translation = translation
    }

    /// Builds the transform from a unit quaternion (x, y, z, w) and a translation in metres.
    /// The quaternion is normalised here; callers validate that it was close to unit length.
    public init(quaternion q: SIMD4<Double>, translation: SIMD3<Double>) {
        let n = (q * q).sum().squareRoot()
        let x = q.x / n, y = q.y / n, z = q.z / n, w = q.w / n
        rows = [
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)),
            SIMD3(2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)),
            SIMD3(2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)),
        ]
        self.translation = translation
    }

    /// The rotation as a unit quaternion (x, y, z, w) with w >= 0 (Shepperd's method).
    public var quaternion: SIMD4<Double> {
        let m = rows
        let trace = m[0].x + m[1].y + m[2].z
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((m[2].y - m[1].z) / s, (m[0].z - m[2].x) / s, (m[1].x - m[0].y) / s, s / 4)
        } else if m[0].x > m[1].y && m[0].x > m[2].z {
            let s = (1 + m[0].x - m[1].y - m[2].z).squareRoot() * 2
            q = SIMD4(s / 4, (m[0].y + m[1].x) / s, (m[0].z + m[2].x) / s, (m[2].y - m[1].z) / s)
        } else if m[1].y > m[2].z {
            let s = (1 + m[1].y - m[0].x - m[2].z).squareRoot() * 2
            q = SIMD4((m[0].y + m[1].x) / s, s / 4, (m[1].z + m[2].y) / s, (m[0].z - m[2].x) / s)
        } else {
            let s = (1 + m[2].z - m[0].x - m[1].y).squareRoot() * 2
            q = SIMD4((m[0].z + m[2].x) / s, (m[1].z + m[2].y) / s, s / 4, (m[1].x - m[0].y) / s)
        }
        if q.w < 0 { q = -q }
        return q
    }

    /// Applies the transform to a point.
    @inline(__always)
    public func apply(_ p: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows[0] * p).sum(), (rows[1] * p).sum(), (rows[2] * p).sum()) + translation
    }

    /// Applies only the rotation (for directions).
    @inline(__always)
    public func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows[0] * v).sum(), (rows[1] * v).sum(), (rows[2] * v).sum())
    }

    /// The inverse transform (`cameraFromWorld` from `worldFromCamera`).
    public var inverse: RigidTransform {
        let t = RigidTransform(
            rows: [SIMD3(rows[0].x, rows[1].x, rows[2].x),
                   SIMD3(rows[0].y, rows[1].y, rows[2].y),
                   SIMD3(rows[0].z, rows[1].z, rows[2].z)],
            translation: .zero)
        return RigidTransform(rows: t.rows, translation: -t.rotate(translation))
    }

    /// `self * other`: first `other`, then `self`.
    public func composed(with other: RigidTransform) -> RigidTransform {
        let cols = [other.rotate(SIMD3(1, 0, 0)), other.rotate(SIMD3(0, 1, 0)), other.rotate(SIMD3(0, 0, 1))]
        let c0 = rotate(cols[0]), c1 = rotate(cols[1]), c2 = rotate(cols[2])
        return RigidTransform(
            rows: [SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z)],
            translation: apply(other.translation))
    }
}
