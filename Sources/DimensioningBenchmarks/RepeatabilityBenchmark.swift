import Foundation
import Dimensioning
import DimensioningSimulation

/// Repeatability: the same box captured from several poses (distance 0.6-1.2 m, elevation
/// 35-70 degrees, any azimuth), each a realistic 20-frame capture; reports the max-min spread of
/// each dimension over the captures (issue target: <= 5 mm).
public enum RepeatabilityBenchmark {
    public struct Report: Sendable, Codable, Equatable {
        /// Truth, mm.
        public var truthMM: [Double]
        /// Max-min spread of length, width, height over the measured captures, mm.
        public var spreadMM: [Double]
        /// Captures measured (not refused) out of `poses`.
        public var measured: Int
        public var poses: Int
    }

    /// A 45 x 32 x 27 cm box, yaw 10 degrees, captured from `poses` poses drawn from `seed`.
    public static func run(poses: Int, seed: UInt64) throws(DimensioningError) -> Report {
        let box = SimulatedBox(center: .zero, length: 0.45, width: 0.32, height: 0.27, yaw: 10 * Double.pi / 180)
        var g = SeededGenerator(seed: seed)
        var values: [[Double]] = [[], [], []]
        for k in 0..<poses {
            let rig = CameraRig(distance: g.uniform(0.6, 1.2), elevation: g.uniform(35, 70) * Double.pi / 180,
                                azimuth: g.uniform(0, 2 * Double.pi), frameCount: 20)
            let simulated = SceneSimulator.render(scene: SimulatedScene(name: "repeat-\(k)", target: box), rig: rig,
                                                  noise: .iPhoneLiDAR, seed: g.next())
            guard let result = try? runPipeline(simulated.capture) else { continue }
            values[0].append(result.cuboid.length)
            values[1].append(result.cuboid.width)
            values[2].append(result.cuboid.height)
        }
        let spread = values.map { v in v.isEmpty ? Double.nan : (v.max()! - v.min()!) * 1000 }
        return Report(truthMM: [450, 320, 270], spreadMM: spread, measured: values[0].count, poses: poses)
    }
}
