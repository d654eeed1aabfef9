import Foundation
import Dimensioning

/// Renders seeded, LiDAR-like captures of simulated scenes.
///
/// One seed fixes everything random, in independent streams: the poses (stream 1), the
/// per-capture sensor state (stream 2) and each frame's noise (stream 1000 + frame index).
/// So the same seed gives bit-identical captures, and the same seed with `.none` noise gives
/// the same poses as with `.iPhoneLiDAR` (handy for comparing noisy and exact depth).
public enum SceneSimulator {
    static let poseStream: UInt64 = 1
    static let sensorStream: UInt64 = 2
    static let frameStreamBase: UInt64 = 1000

    /// Renders `rig.frameCount` frames of `scene` and degrades them with `noise`.
    public static func render(scene: SimulatedScene, rig: CameraRig, noise: SensorNoiseModel,
                              seed: UInt64) -> SimulatedCapture {
        var poseGenerator = SeededGenerator(seed: seed, stream: poseStream)
        let poses = rig.poses(for: scene, using: &poseGenerator)
        let renderer = SceneRenderer(scene: scene, intrinsics: rig.intrinsics)
        var sensorGenerator = SeededGenerator(seed: seed, stream: sensorStream)
        let state = noise.makeCaptureState(width: rig.intrinsics.width, height: rig.intrinsics.height,
                                           using: &sensorGenerator)
        let times = rig.timestamps
        var frames: [DepthFrame] = []
        frames.reserveCapacity(rig.frameCount)
        for k in 0..<rig.frameCount {
            var exact = renderer.render(worldFromCamera: poses.truePoses[k])
            if let bend = noise.rangeBend { exact.depth = bend.applied(to: exact.depth) }
            var g = SeededGenerator(seed: seed, stream: frameStreamBase + UInt64(k))
            let (depth, confidence) = noise.apply(to: exact, state: state, using: &g)
            frames.append(DepthFrame(width: exact.width, height: exact.height, depth: depth,
                                     confidence: confidence, intrinsics: rig.intrinsics,
                                     worldFromCamera: poses.recordedPoses[k], timestamp: times[k]))
        }
        let capture = DepthCapture(source: URL(fileURLWithPath: "/simulated/\(scene.name)"), frames: frames,
                                   gravityInWorld: SIMD3(0, 0, -1))
        return SimulatedCapture(capture: capture, truth: scene.groundTruth, truePoses: poses.truePoses,
                                name: scene.name, summary: describe(scene: scene, rig: rig),
                                scene: scene, rig: rig, noise: noise, seed: seed)
    }

    /// Exact (noise-free) renderings of the frames `render` would produce for `seed`, from the
    /// true poses: for tests and for labelling pixels.
    public static func renderExact(scene: SimulatedScene, rig: CameraRig, seed: UInt64) -> [RenderedDepth] {
        var poseGenerator = SeededGenerator(seed: seed, stream: poseStream)
        let poses = rig.poses(for: scene, using: &poseGenerator)
        let renderer = SceneRenderer(scene: scene, intrinsics: rig.intrinsics)
        return poses.truePoses.map { renderer.render(worldFromCamera: $0) }
    }

    /// A one-line description: what stands where and how the camera looks at it.
    public static func describe(scene: SimulatedScene, rig: CameraRig) -> String {
        func cm(_ m: Double) -> String { String(format: "%.1f", m * 100) }
        var parts: [String] = []
        if let t = scene.target {
            parts.append("\(t.surface.rawValue) box \(cm(t.length))x\(cm(t.width))x\(cm(t.height)) cm"
                + (t.topFeature.map { " with \($0.summary)" } ?? ""))
        } else {
            parts.append("no target box")
        }
        if !scene.otherBoxes.isEmpty { parts.append("\(scene.otherBoxes.count) other box(es)") }
        if !scene.cylinders.isEmpty { parts.append("\(scene.cylinders.count) cylinder(s)") }
        if !scene.walls.isEmpty { parts.append("\(scene.walls.count) wall(s)") }
        let deg = 180 / Double.pi
        parts.append(String(format: "camera %.2f m, elevation %.0f deg, azimuth %.0f deg, %d frames",
                            rig.distance, rig.elevation * deg, rig.azimuth * deg, rig.frameCount))
        if !scene.isMeasurable { parts.append("not measurable") }
        return parts.joined(separator: "; ")
    }
}
