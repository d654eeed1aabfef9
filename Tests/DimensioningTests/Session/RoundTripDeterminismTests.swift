import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
import TestSupport

/// The same capture gives bit-identical results (issue 7): the pipeline run twice, the same
/// folder read twice, and a written capture measured from the folder or from its frames.
///
/// A second write/read round trip keeps depth, confidence and intrinsics exactly (depth is
/// already whole millimetres) but not the poses bit for bit: rotation -> quaternion text ->
/// rotation drifts by ~1e-16, which moves results in their last digits. The test pins that
/// bound instead of claiming bit identity there.
@Suite struct RoundTripDeterminismTests {
    static func json(_ result: Result<PipelineResult, DimensioningError>) -> String {
        MeasurementRecord(capture: "box", outcome: result, units: .millimeters, minConfidence: 0.85).jsonLine()
    }

    static func measure(_ capture: DepthCapture) -> String {
        json(Result { () throws(DimensioningError) in try runPipeline(capture) })
    }

    @Test func pipelineTwiceOnTheSameCaptureIsBitIdentical() {
        let capture = SessionTest.normalCapture(frames: 12, noise: .iPhoneLiDAR, steady: false, seed: 31).capture
        let first = Self.measure(capture)
        #expect(first.contains("\"status\":\"accepted\"") || first.contains("\"status\":\"low_confidence\""), "\(first)")
        #expect(Self.measure(capture) == first)
    }

    @Test func writtenCaptureMeasuresBitIdentically() throws {
        let simulated = SessionTest.normalCapture(frames: 12, noise: .iPhoneLiDAR, steady: false, seed: 32).capture
        let one = TestPaths.temporaryFolder("determinism-1"), two = TestPaths.temporaryFolder("determinism-2")
        defer { try? FileManager.default.removeItem(at: one); try? FileManager.default.removeItem(at: two) }

        try StrayScannerWriter.write(simulated, to: one)
        let readOnce = try CaptureReader.read(one)
        try StrayScannerWriter.write(readOnce, to: two)
        let readTwice = try CaptureReader.read(two)
        #expect(try CaptureReader.read(one).frames == readOnce.frames, "reading the same folder twice differs")
        try #require(readTwice.frames.count == readOnce.frames.count)
        for (a, b) in zip(readOnce.frames, readTwice.frames) {
            let same = a.depth == b.depth && a.confidence == b.confidence && a.intrinsics == b.intrinsics && a.timestamp == b.timestamp
            #expect(same, "a second round trip changed depth, confidence, intrinsics or timestamps")
            if let p = a.worldFromCamera, let q = b.worldFromCamera {
                #expect(CaptureFixtures.maxDifference(p, q) < 1e-12)
            } else {
                Issue.record("poses lost in the round trip")
            }
        }
        #expect(readTwice.gravityInWorld == readOnce.gravityInWorld)

        let fromFolder = Self.json(Result { () throws(DimensioningError) in try measureCapture(at: one) })
        #expect(fromFolder.contains("\"status\":\"accepted\"") || fromFolder.contains("\"status\":\"low_confidence\""), "\(fromFolder)")
        #expect(Self.measure(readOnce) == fromFolder)
        #expect(Self.json(Result { () throws(DimensioningError) in try measureCapture(at: one) }) == fromFolder)
    }
}
