import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Known-answer scenes for the pipeline's tests.
enum PipelineTest {
    static let deg = Double.pi / 180

    /// A clean (noise-free, steady) capture of `box` from `distance` metres, looking down
    /// `elevation` degrees from `azimuth` degrees.
    static func clean(_ box: SimulatedBox?, distance: Double = 0.8, elevation: Double = 50,
                      azimuth: Double = 200, frames: Int = 1, others: [SimulatedBox] = []) -> SimulatedCapture {
        let scene = SimulatedScene(target: box, otherBoxes: others)
        var rig = CameraRig(distance: distance, elevation: elevation * deg, azimuth: azimuth * deg,
                            lookAt: box == nil ? SIMD3(0, 0, 0) : nil, frameCount: frames).steady()
        rig.frameCount = frames
        return SceneSimulator.render(scene: scene, rig: rig, noise: .none, seed: 11)
    }

    /// Expects `capture` to be refused as not a cuboid with a reason containing `reason`
    /// (recording an issue when it is measured or refused for anything else).
    static func expectNotCuboid(_ capture: DepthCapture, reasonContaining reason: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let result = try runPipeline(capture)
            Issue.record("measured as one box: \(result.cuboid.length) x \(result.cuboid.width) m", sourceLocation: sourceLocation)
        } catch {
            guard case let .notCuboid(text) = error else {
                Issue.record("expected not a cuboid, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(text.contains(reason), "\(text)", sourceLocation: sourceLocation)
        }
    }

    /// A realistic (noisy, trembling) capture.
    static func noisy(_ box: SimulatedBox, distance: Double = 0.8, elevation: Double = 50,
                      azimuth: Double = 200, frames: Int = 20, seed: UInt64 = 5) -> SimulatedCapture {
        let rig = CameraRig(distance: distance, elevation: elevation * deg, azimuth: azimuth * deg, frameCount: frames)
        return SceneSimulator.render(scene: SimulatedScene(target: box), rig: rig, noise: .iPhoneLiDAR, seed: seed)
    }

    /// Floor-frame points (metres) on a grid from `origin` in steps of `step`, `steps.x` and
    /// `steps.y` steps along x and y (both ends included), for which `keep` is true: the top
    /// samples an outline test draws.
    static func grid(from origin: SIMD2<Double>, step: Double, steps: (x: Int, y: Int),
                     keep: (SIMD2<Double>) -> Bool) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        for i in 0...steps.x {
            for j in 0...steps.y {
                let p = SIMD2(origin.x + Double(i) * step, origin.y + Double(j) * step)
                if keep(p) { points.append(p) }
            }
        }
        return points
    }

    /// Expects each of `result`'s three dimensions (length, width, height) within its expanded
    /// uncertainty of `truth`'s, or within `atLeast` metres when that is larger.
    static func expectTruthWithinUncertainty(_ result: PipelineResult, _ truth: SimulatedBox, atLeast: Double = 0,
                                             sourceLocation: SourceLocation = #_sourceLocation) {
        let errors = [result.cuboid.length - truth.length, result.cuboid.width - truth.width,
                      result.cuboid.height - truth.height]
        for (k, (error, u)) in zip(errors, result.uncertainty.expanded).enumerated() {
            #expect(abs(error) <= max(u, atLeast), "dimension \(k): error \(error) m, U \(u) m", sourceLocation: sourceLocation)
        }
    }

    /// Scenario `index` of the fixed split's single frames (`EdgeEvidenceTests.fixedFrame`),
    /// with the parameters that split measures it with (the member's sensor class).
    static func fixedFrame(_ index: Int, seed: UInt64, onTable: Bool = false)
        -> (simulated: SimulatedCapture, kind: ScenarioKind, parameters: PipelineParameters) {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(index, seed: seed, onTable: onTable)
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = index % 2 == 0 ? .tof : .stereo
        return (simulated, kind, parameters)
    }

    /// The refusal `capture` gets; nil, with an issue recorded, when it is measured.
    static func refusal(_ capture: DepthCapture, parameters: PipelineParameters,
                        sourceLocation: SourceLocation = #_sourceLocation) -> DimensioningError? {
        do {
            let result = try runPipeline(capture, parameters: parameters)
            Issue.record("measured \(result.cuboid.length) x \(result.cuboid.width) x \(result.cuboid.height) m",
                         sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// A fused scene made directly from world points (gravity along -z, camera at `camera`
    /// looking at `target`), for stage tests that need exact geometry.
    static func scene(points: [SIMD3<Double>], camera: SIMD3<Double> = SIMD3(0, -0.6, 0.8),
                      target: SIMD3<Double> = .zero, gravity: SIMD3<Double>? = SIMD3(0, 0, -1)) -> FusedScene {
        let forward = normalize(target - camera)
        let right = normalize(cross(forward, SIMD3(0, 0, 1)))
        let down = cross(forward, right)
        let pose = RigidTransform(rows: [SIMD3(right.x, down.x, forward.x), SIMD3(right.y, down.y, forward.y),
                                         SIMD3(right.z, down.z, forward.z)], translation: camera)
        let cloud = PointCloud(points: points)
        return FusedScene(pointsInWorld: cloud, pixelIndex: nil,
                          highConfidenceShare: [Float](repeating: 1, count: cloud.count), gridWidth: 0, gridHeight: 0,
                          intrinsics: nil, worldFromReferenceCamera: pose, gravityInWorld: gravity, frameCount: 1,
                          frameSamples: nil)
    }

    /// A grid of points on the plane z = a x + b y + c over [-half, half]^2, step metres.
    static func planePoints(a: Double, b: Double, c: Double, half: Double = 0.6, step: Double = 0.01) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        var x = -half
        while x <= half {
            var y = -half
            while y <= half { out.append(SIMD3(x, y, a * x + b * y + c)); y += step }
            x += step
        }
        return out
    }
}
