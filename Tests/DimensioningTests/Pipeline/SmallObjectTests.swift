import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The camera aimed at an object too small to show a box's many points (fewer than
/// `IsolationParameters.minimumClusterPoints`) is refused for its size, "too small", not "no box
/// found: aim the camera at the box" (`smallObjectRefusal`). What lies at the view's rim, or is
/// the floor's own noise, still leaves the scene with no box.
@Suite struct SmallObjectTests {
    /// A 46 x 44 x 42 mm box 0.94 m from an iPhone's LiDAR, the camera aimed at it (as the
    /// tuning split's scenario 44, seed 2026): its few dozen fused samples were no cluster, and
    /// it was "no box found". Its sizes from its points are under the least box's.
    @Test func aBoxTooSmallToBeFoundIsTooSmall() {
        let tiny = SimulatedBox(center: .zero, length: 0.046, width: 0.044, height: 0.042)
        let simulated = PipelineTest.noisy(tiny, distance: 0.94, elevation: 41, azimuth: 343, frames: 20, seed: 7)
        guard let error = PipelineTest.refusal(simulated.capture, parameters: PipelineParameters()) else { return }
        guard case let .boxTooSmall(size, metres, minimum, _) = error else {
            Issue.record("refused as \(error)")
            return
        }
        switch size {
        case .narrowerSide:
            // The points' rectangle: the box's side, less what the sensor's band ate, plus its noise.
            #expect((0.03...0.06).contains(metres) && minimum == 0.10, "\(metres) m across, of at least \(minimum) m")
        case .height:
            #expect(abs(metres - tiny.height) <= 0.006 && minimum == 0.06, "\(metres) m high, of at least \(minimum) m")
        }
    }

    /// `measure --all` says the same of the scene: its one object is too small, not missing.
    @Test func everyCartonOfTheSceneSaysTheSame() {
        let tiny = SimulatedBox(center: .zero, length: 0.046, width: 0.044, height: 0.042)
        let simulated = PipelineTest.noisy(tiny, distance: 0.94, elevation: 41, azimuth: 343, frames: 20, seed: 7)
        do {
            let scene = try measureAllBoxes(simulated.capture)
            Issue.record("measured a scene of \(scene.boxes.count) boxes")
        } catch {
            let single = PipelineTest.refusal(simulated.capture, parameters: PipelineParameters())
            #expect(error.code == "box_too_small" && error == single, "\(error), alone: \(String(describing: single))")
        }
    }

    /// The same box with the camera aimed 0.5 m beside it: it lies near the view's rim, not
    /// where the camera points, so nothing is said of it: no box.
    @Test func aSmallObjectAtTheViewsRimIsNotTheOneAimedAt() {
        let tiny = SimulatedBox(center: SIMD2(0.5, 0), length: 0.046, width: 0.044, height: 0.042)
        var rig = CameraRig(distance: 0.94, elevation: 41 * PipelineTest.deg, azimuth: 343 * PipelineTest.deg,
                            lookAt: SIMD3(0, 0, 0), frameCount: 1).steady()
        rig.frameCount = 1
        let simulated = SceneSimulator.render(scene: SimulatedScene(target: tiny), rig: rig, noise: .iPhoneLiDAR, seed: 7)
        guard let error = PipelineTest.refusal(simulated.capture, parameters: PipelineParameters()) else { return }
        #expect(error == .noBox(), "refused as \(error)")
    }

    /// A bare floor seen by the iPhone's LiDAR: its noise makes no small object.
    @Test func aBareFloorStaysNoBox() {
        let rig = CameraRig(distance: 0.9, elevation: 45 * PipelineTest.deg, azimuth: 10 * PipelineTest.deg,
                            lookAt: SIMD3(0, 0, 0), frameCount: 20)
        let simulated = SceneSimulator.render(scene: SimulatedScene(target: nil), rig: rig, noise: .iPhoneLiDAR, seed: 9)
        guard let error = PipelineTest.refusal(simulated.capture, parameters: PipelineParameters()) else { return }
        #expect(error == .noBox(), "refused as \(error)")
    }
}
