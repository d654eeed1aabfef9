import Dimensioning
import Foundation

/// Aligns a depth frame to a reference frame of the same camera (internal; the still-camera
/// folder readers): projective point-to-plane ICP, as KinectFusion tracks a depth camera.
///
/// Both frames are OpenCV camera frames in metres with the same intrinsics. Every 4th pixel of
/// the frame (both directions) is moved by the current estimate, projected into the reference
/// image and paired with the reference point there when they lie within the pairing distance
/// (5 cm, then 2 cm, then 1 cm); the reference normal comes from its neighbours. Each
/// iteration solves the linearised 6x6 least-squares problem for a small rotation and
/// translation. Deterministic (no randomness, fixed pixel order).
enum FrameRegistration {
    /// The outcome: `referenceFromFrame` and how well it fits.
    struct Alignment {
        var referenceFromFrame: RigidTransform
        /// Share of the sampled frame pixels paired within 1 cm at the end (0...1).
        var inlierShare: Double
        /// RMS point-to-plane distance of those pairs, metres.
        var rms: Double
        /// Translation and rotation (degrees) of the estimate.
        var translation: Double
        var rotationDegrees: Double
    }

    static func align(_ frame: DepthFrame, to reference: DepthFrame) -> Alignment {
        let k = reference.intrinsics, width = reference.width, height = reference.height
        func point(_ f: DepthFrame, _ u: Int, _ v: Int) -> SIMD3<Double>? {
            let d = Double(f.depth[v * f.width + u])
            return d > 0 ? k.unproject(u: Double(u), v: Double(v), depth: d) : nil
        }
        func normal(_ u: Int, _ v: Int, _ p: SIMD3<Double>) -> SIMD3<Double>? {
            guard u > 0, v > 0, u < width - 1, v < height - 1,
                  let l = point(reference, u - 1, v), let r = point(reference, u + 1, v),
                  let t = point(reference, u, v - 1), let b = point(reference, u, v + 1) else { return nil }
            let jump = 0.03 * p.z
            guard abs(l.z - r.z) < jump, abs(t.z - b.z) < jump else { return nil }
            let n = cross(r - l, b - t)
            let size = length(n)
            guard size > 1e-12 else { return nil }
            return n / size
        }
        var samples: [SIMD3<Double>] = []
        for v in stride(from: 0, to: frame.height, by: 4) {
            for u in stride(from: 0, to: frame.width, by: 4) { if let p = point(frame, u, v) { samples.append(p) } }
        }
        var rows: [SIMD3<Double>] = RigidTransform.identity.rows
        var translation = SIMD3<Double>.zero
        var inliers = 0, sumSquares = 0.0
        let schedule = [0.05, 0.05, 0.05, 0.02, 0.02, 0.02, 0.02, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01]
        for (iteration, reach) in schedule.enumerated() {
            let estimate = RigidTransform(rows: rows, translation: translation)
            var ata = [Double](repeating: 0, count: 36), atb = [Double](repeating: 0, count: 6)
            inliers = 0; sumSquares = 0
            for p in samples {
                let q = estimate.apply(p)
                guard let pixel = k.project(q), abs(pixel.x) < 1e6, abs(pixel.y) < 1e6 else { continue }
                let u = Int(pixel.x.rounded()), v = Int(pixel.y.rounded())
                guard u >= 0, v >= 0, u < width, v < height, let target = point(reference, u, v),
                      length(q - target) < reach, let n = normal(u, v, target) else { continue }
                let residual = dot(n, q - target)
                let c = cross(q, n)
                let j = [c.x, c.y, c.z, n.x, n.y, n.z]
                for a in 0..<6 {
                    atb[a] -= j[a] * residual
                    for b in 0..<6 { ata[a * 6 + b] += j[a] * j[b] }
                }
                inliers += 1
                sumSquares += residual * residual
            }
            guard inliers >= 50, iteration < schedule.count - 1, let x = solve6(ata, atb) else { break }
            // Apply the small motion (rotation vector x[0..2], translation x[3..5]) on the left.
            let w = SIMD3(x[0], x[1], x[2]), angle = length(w)
            let delta: RigidTransform
            if angle > 1e-12 {
                let axis = w / angle, s = sin(angle / 2)
                delta = RigidTransform(quaternion: SIMD4(axis.x * s, axis.y * s, axis.z * s, cos(angle / 2)),
                                       translation: SIMD3(x[3], x[4], x[5]))
            } else {
                delta = RigidTransform(rows: RigidTransform.identity.rows, translation: SIMD3(x[3], x[4], x[5]))
            }
            let next = delta.composed(with: estimate)
            rows = next.rows
            translation = next.translation
        }
        let result = RigidTransform(rows: rows, translation: translation)
        let trace = rows[0].x + rows[1].y + rows[2].z
        let degrees = acos(min(1, max(-1, (trace - 1) / 2))) * 180 / .pi
        return Alignment(referenceFromFrame: result,
                         inlierShare: samples.isEmpty ? 0 : Double(inliers) / Double(samples.count),
                         rms: inliers > 0 ? (sumSquares / Double(inliers)).squareRoot() : .infinity,
                         translation: length(translation), rotationDegrees: degrees)
    }

    /// Solves the symmetric 6x6 system `a x = b` by Gaussian elimination with partial
    /// pivoting; nil when it is singular.
    static func solve6(_ a: [Double], _ b: [Double]) -> [Double]? {
        var m = a, r = b
        for col in 0..<6 {
            var pivot = col
            for row in (col + 1)..<6 where abs(m[row * 6 + col]) > abs(m[pivot * 6 + col]) { pivot = row }
            guard abs(m[pivot * 6 + col]) > 1e-12 else { return nil }
            if pivot != col {
                for c in 0..<6 { m.swapAt(col * 6 + c, pivot * 6 + c) }
                r.swapAt(col, pivot)
            }
            for row in (col + 1)..<6 {
                let f = m[row * 6 + col] / m[col * 6 + col]
                for c in col..<6 { m[row * 6 + c] -= f * m[col * 6 + c] }
                r[row] -= f * r[col]
            }
        }
        var x = [Double](repeating: 0, count: 6)
        for row in stride(from: 5, through: 0, by: -1) {
            var s = r[row]
            for c in (row + 1)..<6 { s -= m[row * 6 + c] * x[c] }
            x[row] = s / m[row * 6 + row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
