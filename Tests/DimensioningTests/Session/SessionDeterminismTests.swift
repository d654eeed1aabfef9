import Foundation
import Testing
@testable import Dimensioning

/// The session and measure paths give bit-identical results on the same frames (issue 7).
@Suite struct SessionDeterminismTests {
    @Test func sessionMeasurementEqualsThePipelineOnTheCapturedFrames() throws {
        let capture = SessionTest.normalCapture(frames: 50, noise: .iPhoneLiDAR, steady: false)
        let source = URL(fileURLWithPath: "/captures/box")
        let session = try DimensioningSession(source: source, gravityInWorld: capture.capture.gravityInWorld)
        SessionTest.run(session, capture.capture.frames)
        let measured = try #require(session.phase.measurement)
        let range = try #require(session.capturedFrameRange)
        let frames = Array(capture.capture.frames[range])
        #expect(frames == session.capturedFrames)

        let direct = try runPipeline(DepthCapture(source: source, frames: frames, gravityInWorld: capture.capture.gravityInWorld))
        #expect(DimensioningMeasurement(direct, unit: .centimeters) == measured)
        let viaSession = try #require(try session.outcome?.get())
        let a = MeasurementRecord(capture: "box", outcome: .success(direct), units: .millimeters, minConfidence: 0.85)
        let b = MeasurementRecord(capture: "box", outcome: .success(viaSession), units: .millimeters, minConfidence: 0.85)
        #expect(a.jsonLine() == b.jsonLine())
        let fromSession = try #require(session.record(capture: "box"))
        #expect(fromSession == MeasurementRecord(capture: "box", outcome: .success(direct), units: .centimeters,
                                                 minConfidence: 0.85))
    }

    @Test func sameFramesGiveTheSameUpdates() throws {
        let capture = SessionTest.normalCapture(frames: 45, noise: .iPhoneLiDAR, steady: false, seed: 21)
        func updates() throws -> [DimensioningUpdate] {
            let session = try DimensioningSession()
            var all: [DimensioningUpdate] = []
            for frame in capture.capture.frames { all += session.process(frame) }
            return all + session.finish()
        }
        #expect(try updates() == updates())
    }
}
