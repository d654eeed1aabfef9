import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Drives sessions through every phase and every failure with simulated captures.
@Suite struct SessionPhaseTests {
    @Test func normalCaptureGoesThroughEveryPhaseAndMeasuresTheBox() throws {
        let capture = SessionTest.normalCapture(frames: 60)
        let session = try DimensioningSession()
        let phases = SessionTest.run(session, capture.capture.frames)
        #expect(phases == ["initializing", "scanning", "detected", "capturing", "captured"])
        let m = try #require(session.phase.measurement)
        let truth = capture.truth
        #expect(abs(m.length.converted(to: .meters).value - truth.length) < 0.01)
        #expect(abs(m.width.converted(to: .meters).value - truth.width) < 0.01)
        #expect(abs(m.height.converted(to: .meters).value - truth.height) < 0.01)
        #expect(m.length.unit == UnitLength.centimeters)
        #expect(m.framesUsed == 30)
        #expect(m.usedCloud == false)
        #expect(session.capturedFrames.count == 30)
        #expect(session.tracks.first?.isStable == true)
    }

    @Test func firstFrameWithTheBoxIsDetectedAndTheTrackBecomesStable() throws {
        let capture = SessionTest.normalCapture(frames: 12)
        var configuration = DimensioningConfiguration()
        configuration.autoCapture = false
        configuration.stabilityFrames = 5
        let session = try DimensioningSession(configuration: configuration)
        session.process(capture.capture.frames[0])
        #expect(session.phase == .detected)
        let track = try #require(session.tracks.first)
        #expect(!track.isStable)
        let r = track.normalizedScreenRect
        #expect(r.x >= 0 && r.y >= 0 && r.x + r.width <= 1 && r.y + r.height <= 1 && r.area > 0.05)
        for frame in capture.capture.frames[1...5] { session.process(frame) }
        #expect(session.tracks.first?.isStable == true)
        #expect(session.tracks.first?.id == track.id)
        #expect(session.phase == .detected) // no auto-capture
        try session.requestCapture()
        #expect(session.phase == .capturing)
    }

    @Test func captureRequestedTooEarlyIsRefused() throws {
        let capture = SessionTest.normalCapture(frames: 3)
        var configuration = DimensioningConfiguration()
        configuration.autoCapture = false
        let session = try DimensioningSession(configuration: configuration)
        #expect(throws: DimensioningError.invalidRequest(operation: "requestCapture", phase: "initializing")) {
            try session.requestCapture()
        }
        session.process(capture.capture.frames[0])
        #expect(session.phase == .detected)
        #expect(!session.canCapture)
        #expect(throws: DimensioningError.invalidRequest(operation: "requestCapture", phase: "detected with an unstable track")) {
            try session.requestCapture()
        }
    }

    @Test func captureWhileCapturingIsRefused() throws {
        let capture = SessionTest.normalCapture(frames: 14)
        var configuration = DimensioningConfiguration()
        configuration.stabilityFrames = 2
        configuration.captureWindowFrames = 20
        let session = try DimensioningSession(configuration: configuration)
        SessionTest.run(session, capture.capture.frames)
        #expect(session.phase == .capturing)
        #expect(throws: DimensioningError.invalidRequest(operation: "requestCapture", phase: "capturing")) {
            try session.requestCapture()
        }
    }

    @Test func neverSeeingTheFloorStaysInitializingAndFailsWithNoGroundPlane() throws {
        let capture = SessionTest.wallOnlyCapture()
        let session = try DimensioningSession()
        let phases = SessionTest.run(session, capture.capture.frames)
        #expect(phases == ["initializing"])
        #expect(session.hints == [.pointAtFloor])
        #expect(session.tracks.isEmpty)
        session.finish()
        guard case let .failed(error) = session.phase else { Issue.record("not failed: \(session.phase)"); return }
        #expect(error.code == "no_ground_plane")
        // The measurement path agrees: the pipeline refuses the same frames the same way.
        #expect(throws: DimensioningError.self) { try runPipeline(capture.capture) }
        do { _ = try runPipeline(capture.capture) } catch { #expect(error.code == "no_ground_plane") }
    }

    @Test func floorOnlyStaysScanningAndFailsWithNoBox() throws {
        let capture = SessionTest.floorOnlyCapture()
        let session = try DimensioningSession()
        let phases = SessionTest.run(session, capture.capture.frames)
        #expect(phases == ["initializing", "scanning"])
        #expect(session.hints == [.aimAtBox])
        session.finish()
        #expect(session.phase == .failed(.noBox()))
    }

    /// A 46 x 44 x 42 mm box, the camera aimed at it: too small for the live analysis to follow,
    /// so the session stays scanning. Finished there, it fails for what the last frames show, as
    /// the pipeline refuses the same frames: too small, not "no box found".
    @Test func aBoxTooSmallToFollowFailsAsTooSmall() throws {
        let tiny = SimulatedBox(center: .zero, length: 0.046, width: 0.044, height: 0.042)
        let capture = PipelineTest.noisy(tiny, distance: 0.94, elevation: 41, azimuth: 343, frames: 20, seed: 7)
        let session = try DimensioningSession()
        let phases = SessionTest.run(session, capture.capture.frames)
        #expect(phases == ["initializing", "scanning"])
        session.finish()
        guard case let .failed(error) = session.phase else { Issue.record("not failed: \(session.phase)"); return }
        #expect(error.code == "box_too_small", "\(error)")
        do { _ = try runPipeline(capture.capture) } catch { #expect(error.code == "box_too_small") }
    }

    /// The camera held 25 cm over a large box's top, the floor never in view (the SDK's known
    /// failure: the floor locks onto the box's own top). Whatever the live analysis made of the
    /// plane, the session fails as the pipeline does on the same frames, "no ground plane", never
    /// "no box found" (the simulated handheld captures of this kind, tuning seed 2026, scenarios
    /// 29, 64, 99 and 134, replayed: all four were "no box found").
    @Test func aBoxTopFillingTheViewIsNoGroundPlane() throws {
        let capture = SessionTest.topOnlyCapture()
        let session = try DimensioningSession()
        let phases = SessionTest.run(session, capture.capture.frames, finish: true)
        // The live analysis takes the lid for the floor and scans it for a box.
        #expect(phases == ["initializing", "scanning", "failed"], "\(phases)")
        guard case let .failed(error) = session.phase else { Issue.record("not failed: \(session.phase)"); return }
        #expect(error.code == "no_ground_plane", "\(error)")
        do { _ = try runPipeline(capture.capture) } catch { #expect(error.code == "no_ground_plane") }
    }

    @Test func finishWhileCapturingMeasuresTheShortWindow() throws {
        let capture = SessionTest.normalCapture(frames: 20)
        var configuration = DimensioningConfiguration()
        configuration.stabilityFrames = 3
        let session = try DimensioningSession(configuration: configuration)
        SessionTest.run(session, capture.capture.frames)
        #expect(session.phase == .capturing)
        session.finish()
        let m = try #require(session.phase.measurement)
        #expect(m.framesUsed == 16) // frames 4...19
        #expect(session.capturedFrameRange == 4...19)
    }

    @Test func framesAfterTheEndAreIgnoredAndResetStartsOver() throws {
        let capture = SessionTest.normalCapture(frames: 50)
        let session = try DimensioningSession()
        SessionTest.run(session, capture.capture.frames)
        #expect(session.phase.name == "captured")
        let processed = session.framesProcessed
        #expect(session.process(capture.capture.frames[0]).isEmpty)
        #expect(session.framesProcessed == processed)
        let firstID = try #require(session.tracks.first?.id)

        let updates = session.reset()
        #expect(updates.map(\.event) == [.phase(.initializing)])
        #expect(session.phase == .initializing)
        #expect(session.tracks.isEmpty && session.capturedFrames.isEmpty && session.outcome == nil)
        #expect(session.framesProcessed == 0)
        session.process(capture.capture.frames[0])
        #expect(session.phase == .detected)
        #expect(session.tracks.first.map { $0.id > firstID } == true)
    }

    @Test func onlineModeIsRefused() {
        var configuration = DimensioningConfiguration()
        configuration.mode = .online
        #expect {
            _ = try DimensioningSession(configuration: configuration)
        } throws: { error in
            (error as? DimensioningError)?.code == "unsupported"
        }
        configuration.mode = .offline
        configuration.captureWindowFrames = 0
        #expect(throws: DimensioningError.self) { _ = try DimensioningSession(configuration: configuration) }
    }

    @Test func guidanceAsksToMoveCloserWhenTheBoxIsSmallInTheView() throws {
        let rig = CameraRig(distance: 1.4, elevation: 50 * SessionTest.deg, frameCount: 2).steady()
        let capture = SceneSimulator.render(scene: SimulatedScene(target: SessionTest.box), rig: rig, noise: .none, seed: 1)
        let session = try DimensioningSession()
        session.process(capture.capture.frames[0])
        #expect(session.phase == .detected)
        let hint = try #require(session.hints.first)
        guard case let .moveCloser(fill) = hint else { Issue.record("expected moveCloser, got \(hint)"); return }
        #expect(fill < 0.3)
        #expect(hint.description.hasPrefix("move closer: the box fills"))
    }
}
