@testable import Dimensioning
@testable import DimensioningSimulation

/// Shared helpers for the simulator's tests.
enum SimTest {
    static let deg = Double.pi / 180

    /// World points of every pixel with depth > 0, using `pose` (world from camera).
    static func worldPoints(depth: [Double], intrinsics k: CameraIntrinsics,
                            pose: RigidTransform) -> [(index: Int, point: SIMD3<Double>)] {
        var out: [(Int, SIMD3<Double>)] = []
        for v in 0..<k.height {
            for u in 0..<k.width {
                let i = v * k.width + u
                guard depth[i] > 0 else { continue }
                out.append((i, pose.apply(k.unproject(u: Double(u), v: Double(v), depth: depth[i]))))
            }
        }
        return out
    }

    static func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }

    static func standardDeviation(_ xs: [Double]) -> Double {
        let m = mean(xs)
        return (xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count - 1)).squareRoot()
    }

    /// A 40 x 30 x 25 cm matte box at the origin, yaw 20 degrees.
    static let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 20 * deg)
}
