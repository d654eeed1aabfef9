import Foundation
import Testing
@testable import Dimensioning
import TestSupport

/// `boxdim replay --json-lines`: the event schema, and the same numbers as `boxdim measure` on
/// the frames the session captured.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct ReplayCommandTests {
    private var sample: String { TestPaths.repository.appendingPathComponent("Samples/captures/box-400x300x250").path }

    private func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
    }

    @Test func replayEventsAndResultMatchMeasureOnTheSameFrames() throws {
        let replay = try BoxDimBinary.run(["replay", sample, "--json-lines", "--units", "mm"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let events = try lines(replay.stdout)
        #expect(events.allSatisfy { $0["schema"] as? String == "boxdim.replay/1" && $0["frame"] is Int })
        let phases = events.filter { $0["event"] as? String == "phase" }.compactMap { $0["phase"] as? String }
        #expect(Array(phases.prefix(3)) == ["scanning", "detected", "capturing"], "phases \(phases)")
        #expect(phases.last == "captured")
        let result = try #require(events.last)
        #expect(result["event"] as? String == "result")
        let range = try #require(result["frames_measured"] as? [String: Int])
        let measurement = try #require(result["measurement"] as? [String: Any])

        let measure = try BoxDimBinary.run(["measure", sample, "--json", "--units", "mm",
                                            "--frames", "\(range["first"]!)-\(range["last"]!)"])
        #expect(measure.status == 0)
        let direct = try #require(try lines(measure.stdout).first)
        for key in ["length", "width", "height", "volume_m3", "confidence", "frames"] {
            #expect("\(direct[key] ?? "nil")" == "\(measurement[key] ?? "nil")", "\(key): measure \(direct[key] ?? "nil"), replay \(measurement[key] ?? "nil")")
        }
        let length = try #require(measurement["length"] as? Double)
        #expect(abs(length - 400) < 3)
    }

    @Test func replayOfAnUnreadableCaptureIsFive() throws {
        let r = try BoxDimBinary.run(["replay", "/nonexistent/capture", "--json-lines"])
        #expect(r.status == 5)
    }
}
