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

    /// A folder of a depth camera's PCD frames (real Kinect-class frames) is replayed under the
    /// class its format implies, `unknown`, as `measure` reads it: the session's frames carry no
    /// format, and it once took them for a Stray Scanner capture's and stated the LiDAR class's
    /// narrower uncertainty. The session fuses the frames as one still view (no estimated poses),
    /// so its numbers stay within a few millimetres of `measure`'s on the same frames, not equal.
    @Test func replayOfACamerasFramesKeepsTheClassMeasureImplies() throws {
        let folder = TestPaths.repository.appendingPathComponent("Tests/Fixtures/real/pcl-box-on-carpet").path
        let replay = try BoxDimBinary.run(["replay", folder, "--json-lines", "--units", "mm", "--no-barcodes"])
        let result = try #require(try lines(replay.stdout).last)
        let measurement = try #require(result["measurement"] as? [String: Any], "\(replay.stdout)")
        #expect(measurement["sensor_class"] as? String == "unknown")
        let range = try #require(result["frames_measured"] as? [String: Int])
        let measure = try BoxDimBinary.run(["measure", folder, "--json", "--units", "mm",
                                            "--frames", "\(range["first"]!)-\(range["last"]!)"])
        let direct = try #require(try lines(measure.stdout).first)
        #expect(direct["sensor_class"] as? String == "unknown")
        for key in ["length", "width", "height"] {
            let a = try #require(direct[key] as? Double), b = try #require(measurement[key] as? Double)
            #expect(abs(a - b) < 3, "\(key): measure \(a) mm, replay \(b) mm")
        }
        let text = try BoxDimBinary.run(["replay", folder, "--units", "mm", "--no-barcodes"])
        #expect(text.stdout.contains("as one still view"), "\(text.stdout)")
    }

    @Test func replayOfAnUnreadableCaptureIsFive() throws {
        let r = try BoxDimBinary.run(["replay", "/nonexistent/capture", "--json-lines"])
        #expect(r.status == 5)
    }
}
