import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A candidate lower than any parcel is the floor's own noise when it rises no more than three
/// robust sigmas above the floor around it (`riseIsFloorNoise`): the scene then has no box.
/// Something lying flat on a floor that scatters by millimetres is still refused as too low.
@Suite struct FloorNoiseTests {
    /// Held-out fixed frames (seed 5077), scenario 74: one time-of-flight frame of a bare floor,
    /// its far part 2.5-3.5 m away in blobs 2-4 cm above its plane. It was refused as "too small
    /// to measure as a box: the object found stands 1.9 ± 0.5 cm high", for an object that is
    /// not there. No box.
    @Test func theFarFloorsBlobsAreNoObject() {
        let (simulated, kind, parameters) = PipelineTest.fixedFrame(74, seed: 5077)
        #expect(kind == .floorOnly)
        guard let error = PipelineTest.refusal(simulated.capture, parameters: parameters) else { return }
        #expect(error == .noBox(), "refused as \(error)")
    }

    /// A 40 x 30 cm mat, 2.5 cm thick, on the floor 0.8 m from an iPhone's LiDAR: it rises many
    /// sigmas of the floor's scatter above the floor, so it is an object lying flat, refused by
    /// its height (under 6 cm beyond its U), not "no box".
    @Test func aMatLyingFlatIsTooLowNotNoise() {
        let mat = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.025)
        var rig = CameraRig(distance: 0.8, elevation: 55 * PipelineTest.deg, azimuth: 200 * PipelineTest.deg,
                            frameCount: 1).steady()
        rig.frameCount = 1
        let simulated = SceneSimulator.render(scene: SimulatedScene(target: mat), rig: rig, noise: .iPhoneLiDAR, seed: 3)
        guard let error = PipelineTest.refusal(simulated.capture, parameters: PipelineParameters()) else { return }
        guard case let .boxTooSmall(size, height, minimum, u) = error else {
            Issue.record("refused as \(error)")
            return
        }
        #expect(size == .height && abs(height - mat.height) <= 0.005 && height + u < minimum,
                "\(size) \(height) m at U \(u) m, of at least \(minimum) m")
    }
}
