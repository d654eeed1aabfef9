import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Nothing stands on a plane that fills the view (`noBoxRefusal`): from close by it may be a
/// bare floor or the top of a box too large to be seen whole, and the refusal says both.
@Suite struct CloseSurfaceTests {
    /// The camera `height` metres over the top of a 90 x 80 x 50 cm box, looking straight down:
    /// only the top is in view.
    static func overALargeTop(height: Double, seed: UInt64 = 5) -> SimulatedCapture {
        let big = SimulatedBox(center: .zero, length: 0.9, width: 0.8, height: 0.5, yaw: 0)
        let rig = CameraRig(distance: height, elevation: 89 * PipelineTest.deg, azimuth: -.pi / 2,
                            lookAt: SIMD3(0, 0, 0.5), frameCount: 10).steady()
        return SceneSimulator.render(scene: SimulatedScene(name: "top-only", target: big, isMeasurable: false),
                                     rig: rig, noise: .iPhoneLiDAR, seed: seed)
    }

    /// 0.40 m over the top: past the lid suspicion (0.36 m, a box could stand on a floor that near
    /// and still be in range), and the part of the plane in view is no larger than a parcel. No
    /// box, and the message names both cases and asks to step back; before 7 December 2026 it
    /// said "Aim the camera at the box", at a camera aimed at one.
    @Test func aLargeTopFillingTheViewFromCloseByIsNamed() throws {
        let capture = Self.overALargeTop(height: 0.40).capture
        let error = try #require(PipelineTest.refusal(capture, parameters: PipelineParameters()))
        guard case let .noBox(closeSurface?) = error else {
            Issue.record("refused as \(error)")
            return
        }
        #expect(abs(closeSurface - 0.40) <= 0.02, "\(closeSurface) m")
        #expect(error.code == "no_box")
        #expect(error.description.contains("the top of a box too large to be seen whole")
            && error.description.contains("Step back"), "\(error)")
        // `measure --all` says the same.
        #expect(throws: error) { try measureAllBoxes(capture) }
    }

    /// Nearer than the lid suspicion it stays "no ground plane: it may be a box's top"; a bare
    /// floor seen from 0.74 m at 55 degrees, more of it in view than any parcel's top, is a plain
    /// no box.
    @Test func theReachesOfTheTwoRefusals() throws {
        let near = try #require(PipelineTest.refusal(Self.overALargeTop(height: 0.30).capture, parameters: PipelineParameters()))
        #expect(near.code == "no_ground_plane", "\(near)")
        let floor = SessionTest.floorOnlyCapture(frames: 10).capture
        let bare = try #require(PipelineTest.refusal(floor, parameters: PipelineParameters()))
        #expect(bare == .noBox(), "\(bare)")
    }
}
