import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A side the camera stands barely in front of shows its face over a pixel or two
/// (`EdgeEstimate.faceSpanPixels`): inside any sensor's edge band. Under
/// `SensorBehaviour.minimumFaceSpanPixels` it is measured as a silhouette against the floor beyond,
/// like a side facing away, less a third of the face's own span, which widened the gap
/// (`SensorBehaviour.grazingFaceShiftShare`). Lengths in metres.
@Suite struct GrazingFaceTests {
    static let tuning = SensorSplit.tuning.members

    /// The parameters as they were before: any side the camera stood in front of faced it.
    static var everyFaceSeen: PipelineParameters {
        var parameters = PipelineParameters()
        parameters.adjustBehaviour { $0.minimumFaceSpanPixels = 0 }
        return parameters
    }

    /// Tuning split, seed 202, scenario 52: a handheld sweep with a two-pixel blurred edge
    /// band. The camera stands 2 cm in front of the -length side, 73 cm above the top, so its
    /// face spans half a pixel; the blur's mixed samples passed for a face of 54 points and
    /// put the side 7.6 mm inside the box, accepted at 0.996 with the length 8.3 mm short.
    /// Measured as a silhouette, length and width are within 3 mm.
    @Test func aFaceInsideTheBandIsASilhouette() throws {
        let (simulated, kind) = ScenarioCatalog.render(index: 52, seed: 202, sensors: Self.tuning)
        #expect(kind == .boxWithWall)
        let truth = simulated.truth
        let result = try runPipeline(simulated.capture)
        let side = result.cuboid.edges[1]
        #expect(side.method == .silhouette && !side.facesCamera, "\(side)")
        let span = try #require(side.faceSpanPixels)
        #expect(span > 0 && span < 1, "face span \(span) px")
        #expect(abs(result.cuboid.length - truth.length) <= 0.003, "length \(result.cuboid.length) vs \(truth.length)")
        #expect(abs(result.cuboid.width - truth.width) <= 0.003, "width \(result.cuboid.width) vs \(truth.width)")

        let before = try runPipeline(simulated.capture, parameters: Self.everyFaceSeen)
        #expect(before.cuboid.edges[1].method == .sideFace)
        #expect(before.cuboid.length < truth.length - 0.006, "length \(before.cuboid.length) vs \(truth.length)")
    }

    /// Tuning split, seed 101, scenario 143: the same two-pixel blur; the +length side's face
    /// spans 1.8 pixels. As a face (blurred samples) it lay 6 mm inside, the length 5.5 mm
    /// short; measured as a side facing away, its face's own samples (between top and floor)
    /// widen the gap and put it 4.7 mm outside. Less a third of the span (half, before
    /// 27 November, evening), the length is within 2 mm.
    @Test func aShareOfTheFacesSpanIsTakenOff() throws {
        let (simulated, _) = ScenarioCatalog.render(index: 143, seed: 101, sensors: Self.tuning)
        let truth = simulated.truth
        let result = try runPipeline(simulated.capture)
        let side = result.cuboid.edges[0]
        let span = try #require(side.faceSpanPixels)
        #expect(span > 1 && span < 2.5, "face span \(span) px")
        #expect(side.method == .silhouette && !side.facesCamera, "\(side)")
        #expect(abs(result.cuboid.length - truth.length) <= 0.002, "length \(result.cuboid.length) vs \(truth.length)")
        #expect(abs(result.cuboid.width - truth.width) <= 0.003, "width \(result.cuboid.width) vs \(truth.width)")
        #expect(result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")

        let before = try runPipeline(simulated.capture, parameters: Self.everyFaceSeen)
        #expect(before.cuboid.length < truth.length - 0.004, "length \(before.cuboid.length) vs \(truth.length)")

        var noShift = PipelineParameters()
        noShift.adjustBehaviour { $0.grazingFaceShiftShare = 0 }
        let unshifted = try runPipeline(simulated.capture, parameters: noShift)
        #expect(unshifted.cuboid.length > truth.length + 0.003, "length \(unshifted.cuboid.length) vs \(truth.length)")
    }

    /// A face seen well (a fixed camera 35 degrees above the floor): many pixels, measured as
    /// a face, as before.
    @Test func aFaceSeenWellIsStillAFace() throws {
        let box = SimulatedBox(center: .zero, length: 0.4, width: 0.3, height: 0.25)
        let scene = SimulatedScene(target: box)
        var rig = CameraRig(distance: 1.2, elevation: 35 * .pi / 180, azimuth: 0, lookAt: nil, frameCount: 1).steady()
        rig.frameCount = 1
        let simulated = SceneSimulator.render(scene: scene, rig: rig, noise: .none, seed: 3)
        let result = try runPipeline(simulated.capture)
        let facing = result.cuboid.edges.filter { ($0.faceSpanPixels ?? 0) >= 3 }
        #expect(!facing.isEmpty)
        for side in facing { #expect(side.method == .sideFace, "\(side)") }
        EdgeEvidenceTests.expectMeasured(result, simulated.truth, footprint: 0.002)
    }
}
