import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The top's flatness is judged against the capture's own depth noise (the floor's residual
/// around the box): a single time-of-flight frame's flat lid is flat, a non-flat top is not.
@Suite struct TopFlatnessTests {
    /// One still frame of the Kinect-like camera: σ of 3-5 mm, more than the 6-mm inlier
    /// threshold allows for.
    static func singleToFFrame(seed: UInt64) throws -> PipelineResult {
        let member = SensorFamily.timeOfFlight
        let camera = try #require(member.fixedMount)
        let box = SimulatedBox(center: .zero, length: 0.42, width: 0.31, height: 0.22, yaw: 0.4)
        let rig = CameraRig(distance: 1.3, elevation: 62 * PipelineTest.deg, azimuth: 120 * PipelineTest.deg,
                            frameCount: 1, intrinsics: camera).steady()
        var capture = SceneSimulator.render(scene: SimulatedScene(target: box), rig: rig, noise: member.noise, seed: seed).capture
        capture.gravityInWorld = nil
        for i in capture.frames.indices { capture.frames[i].worldFromCamera = nil }
        return try runPipeline(capture)
    }

    @Test(arguments: [3, 8, 21] as [UInt64])
    func aNoisySingleFramesFlatLidIsFlat(seed: UInt64) throws {
        let r = try Self.singleToFFrame(seed: seed)
        let threshold = SensorBehaviour.shared.inlierBand
        let fixed = topFlatness(r.scene, box: r.box, top: r.top, cuboid: r.cuboid, threshold: threshold)
        #expect(2.5 * r.floor.rms > threshold, "the frame is noisier than the fixed threshold: floor rms \(r.floor.rms)")
        #expect(r.flatness >= 0.95, "judged against its own noise: \(r.flatness) (fixed threshold: \(fixed))")
        #expect(r.flatness >= fixed, "the noise-aware share only adds points")
        #expect(abs(r.flatness - topFlatness(r.scene, box: r.box, top: r.top, cuboid: r.cuboid, noise: r.floor.rms,
                                             threshold: threshold)) < 1e-12)
    }

    /// Quiet captures (the fused iPhone sample) are judged exactly as before: the RANSAC inliers.
    @Test func aQuietCaptureKeepsTheInlierShare() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let r = try runPipeline(PipelineTest.noisy(box).capture)
        #expect(2.5 * r.floor.rms <= SensorBehaviour.shared.inlierBand, "floor rms \(r.floor.rms)")
        #expect(r.flatness == topFlatness(r.scene, box: r.box, top: r.top, cuboid: r.cuboid))
    }

    /// A noise estimate never makes a top flat that is centimetres off its plane: with the top's
    /// height moved 3 cm (the lid 3 cm off the plane), a 4-mm-noise tolerance (10 mm) finds
    /// almost nothing on it.
    @Test func noiseToleranceStaysMillimetres() throws {
        let r = try Self.singleToFFrame(seed: 3)
        var shifted = r.top
        shifted.height += 0.03
        shifted.inlierIndices = []
        let share = topFlatness(r.scene, box: r.box, top: shifted, cuboid: r.cuboid, noise: 0.004)
        #expect(share < 0.05, "\(share)")
    }
}
