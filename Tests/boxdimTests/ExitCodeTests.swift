import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
import TestSupport

/// Exit codes of the built `boxdim`: 0 accepted, 3 low confidence, 4 no measurement,
/// 5 unreadable, 6 verification failed.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct ExitCodeTests {
    var captures: URL { VerificationFixtures.shared.appendingPathComponent("captures") }
    /// This test's outputs, removed when it ends.
    let scratch = ScratchFolder("cli")
    func temporary(_ name: String) -> URL { scratch.path(name) }

    @Test func measureAcceptedWithPicturesIsZero() throws {
        let png = temporary("overlay.png"), ply = temporary("scene.ply")
        let r = try BoxDimBinary.run(["measure", captures.appendingPathComponent("scenario-0").path, "--min-confidence", "0",
                                      "--json", "--overlay", png.path, "--ply", ply.path])
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("\"status\":\"accepted\""))
        let pngBytes = try Data(contentsOf: png)
        #expect(pngBytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let plyText = String(decoding: try Data(contentsOf: ply).prefix(400), as: UTF8.self)
        #expect(plyText.hasPrefix("ply") && plyText.contains("rgb") || plyText.contains("red"))
    }

    @Test func realPointCloudBelowTheGateIsThree() throws {
        let frames = try TestPaths.cartonFrames
        let r = try BoxDimBinary.run(["measure", frames[0].path, "--json"])
        #expect(r.status == 3, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("\"status\":\"low_confidence\""))
    }

    @Test func floorOnlyIsFourAndConvertStillWritesTheCloud() throws {
        let floorOnly = captures.appendingPathComponent("scenario-4").path
        let r = try BoxDimBinary.run(["measure", floorOnly])
        #expect(r.status == 4, "\(r.stdout) \(r.stderr)")
        let pcd = temporary("floor.pcd")
        let c = try BoxDimBinary.run(["convert", floorOnly, pcd.path])
        #expect(c.status == 0, "\(c.stderr)")
        let header = String(decoding: try Data(contentsOf: pcd).prefix(300), as: UTF8.self)
        #expect(header.contains("FIELDS") && header.contains("label"))
    }

    @Test func convertLabelsTheBox() throws {
        let pcd = temporary("box.pcd")
        let c = try BoxDimBinary.run(["convert", captures.appendingPathComponent("scenario-0").path, pcd.path])
        #expect(c.status == 0, "\(c.stderr)")
        let loaded = try NativeCloud.read(path: pcd.path, maxPoints: 10_000_000)
        #expect(loaded.points.count > 1000)
    }

    @Test func unreadableIsFive() throws {
        let r = try BoxDimBinary.run(["measure", "/nonexistent/boxdim-capture"])
        #expect(r.status == 5)
        let v = try BoxDimBinary.run(["verify", "/nonexistent/boxdim-dataset", "--out", temporary("out").path, "--quiet"])
        #expect(v.status == 5)
        #expect(v.stderr.contains("/nonexistent/boxdim-dataset"))
        let bad = try VerificationFixtures.copy(VerificationFixtures.shared)
        defer { try? FileManager.default.removeItem(at: bad) }
        try "capture,length_mm,width_mm,height_mm\n../escape,1,2,3\n".write(to: bad.appendingPathComponent("ground_truth.csv"), atomically: true, encoding: .utf8)
        let e = try BoxDimBinary.run(["verify", bad.path, "--out", temporary("out").path, "--quiet"])
        #expect(e.status == 5)
        #expect(e.stderr.contains("ground_truth.csv: line 2"))
    }

    @Test func verifyPassesWithZeroAndFailsWithSix() throws {
        let out = temporary("pass")
        let pass = try BoxDimBinary.run(["verify", VerificationFixtures.shared.path, "--out", out.path, "--min-confidence", "0",
                                         "--tolerance", "25", "--jobs", "2", "--quiet"])
        #expect(pass.status == 0, "\(pass.stdout) \(pass.stderr)")
        #expect(pass.stdout.contains("PASSED") && pass.stdout.contains("median"))
        for name in ["results.jsonl", "results.csv", "summary.json", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name) missing")
        }
        // The same dataset with one truth 100 mm off: an accepted measurement out of tolerance.
        let wrong = try VerificationFixtures.copy(VerificationFixtures.shared)
        defer { try? FileManager.default.removeItem(at: wrong) }
        let csvURL = wrong.appendingPathComponent("ground_truth.csv")
        var lines = try String(contentsOf: csvURL, encoding: .utf8).split(separator: "\n").map(String.init)
        var fields = lines[1].split(separator: ",").map(String.init)
        fields[1] = String(Double(fields[1])! + 100)
        lines[1] = fields.joined(separator: ",")
        try (lines.joined(separator: "\n") + "\n").write(to: csvURL, atomically: true, encoding: .utf8)
        let fail = try BoxDimBinary.run(["verify", wrong.path, "--out", temporary("fail").path, "--min-confidence", "0",
                                         "--tolerance", "25", "--quiet"])
        #expect(fail.status == 6, "\(fail.stdout) \(fail.stderr)")
        #expect(fail.stdout.contains("FAILED"))
    }
}
