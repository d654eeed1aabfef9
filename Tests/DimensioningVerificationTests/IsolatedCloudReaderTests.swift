import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningVerification

/// Issue 17, crash isolation: `verify` reads `.pcd`/`.ply` captures in a child process
/// (`boxdim read-cloud`). Good files read the same as in-process; unreadable files give the same
/// reason; a reader killed by a signal becomes that capture's `unreadable_capture`
/// ("the reader crashed (signal N)") and the batch goes on.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct IsolatedCloudReaderTests {
    static func folder(_ label: String) -> URL { TestPaths.temporaryFolder("isolated-\(label)") }

    /// An ascii PCD v0.7 header for `points` x y z float points (one row).
    static func asciiPCDHeader(points: Int) -> String {
        "VERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH \(points)\nHEIGHT 1\n"
            + "VIEWPOINT 0 0 0 1 0 0 0\nPOINTS \(points)\nDATA ascii\n"
    }

    /// A helper that dies by `signal` instead of reading (stands in for a reader crash).
    static func crashingHelper(signal: String, in folder: URL) throws -> URL {
        let script = folder.appendingPathComponent("crashing-reader.sh")
        try "#!/bin/sh\nkill -\(signal) $$\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script
    }

    /// An organized PCD, an unorganized binary PLY and an ascii PCD with a NaN point.
    static func goodClouds(in folder: URL) throws -> [URL] {
        var xyz: [Float] = []
        var index: [Int32] = []
        for i in 0..<48 where i % 7 != 3 {
            xyz += [Float(i % 8) * 0.01 - 0.03, Float(i / 8) * 0.01, 1 + Float(i % 5) * 0.001]
            index.append(Int32(i))
        }
        let organized = CapturedCloud(pointsInCamera: PointCloud(xyz: xyz), gridWidth: 8, gridHeight: 6, pixelIndex: index)
        let pcd = folder.appendingPathComponent("organized.pcd"), ply = folder.appendingPathComponent("cloud.ply")
        try PointCloudWriter.write(organized, to: pcd)
        try PointCloudWriter.write(organized.pointsInCamera, to: ply)
        let ascii = folder.appendingPathComponent("ascii.pcd")
        try (Self.asciiPCDHeader(points: 3) + "0.1 0.2 1.0\nnan nan nan\n0.3 0.4 1.5\n").write(to: ascii, atomically: true, encoding: .utf8)
        return [pcd, ply, ascii]
    }

    @Test func goodFilesReadTheSameInTheChild() throws {
        let dir = Self.folder("good")
        defer { try? FileManager.default.removeItem(at: dir) }
        for file in try Self.goodClouds(in: dir) {
            let direct = try CaptureReader.read(file)
            let isolated = try IsolatedCloudReader.read(file, limits: CaptureLimits(), helper: BoxDimBinary.url)
            #expect(isolated.source == direct.source)
            #expect(isolated.cloud != nil)
            #expect(isolated.cloud == direct.cloud, "\(file.lastPathComponent) differs")
            #expect(isolated.frames.isEmpty && isolated.gravityInWorld == nil)
        }
    }

    @Test func unreadableFilesGiveTheSameErrorInTheChild() throws {
        let dir = Self.folder("bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tooMany = dir.appendingPathComponent("many.pcd")
        try (Self.asciiPCDHeader(points: 50) + (0..<50).map { i in "\(Double(i % 10) * 0.01) \(Double(i / 10) * 0.01) 1.0\n" }.joined()).write(to: tooMany, atomically: true, encoding: .utf8)
        var limits = CaptureLimits()
        limits.maxCloudPoints = 10 // the caller's limits reach the child
        let cases: [(URL, CaptureLimits)] = [(PointCloudCrashRegressionTests.segfault, CaptureLimits()), (tooMany, limits)]
        for (file, limits) in cases {
            var direct: DimensioningError?, isolated: DimensioningError?
            do { _ = try CaptureReader.read(file, limits: limits) } catch { direct = error }
            do { _ = try IsolatedCloudReader.read(file, limits: limits, helper: BoxDimBinary.url) } catch { isolated = error }
            #expect(direct != nil)
            #expect(isolated?.description == direct?.description, "\(String(describing: isolated)) vs \(String(describing: direct))")
        }
    }

    @Test(arguments: [("SEGV", 11), ("ABRT", 6), ("KILL", 9)])
    func aReaderKilledByASignalIsUnreadableWithTheSignal(_ signal: String, _ number: Int) throws {
        let dir = Self.folder("signal")
        defer { try? FileManager.default.removeItem(at: dir) }
        let helper = try Self.crashingHelper(signal: signal, in: dir)
        let file = try Self.goodClouds(in: dir)[0]
        #expect {
            _ = try IsolatedCloudReader.read(file, limits: CaptureLimits(), helper: helper)
        } throws: { error in
            guard let error = error as? DimensioningError, case let .unreadableCapture(named, reason) = error else { return false }
            return named == file.path && reason == "the reader crashed (signal \(number))"
        }
    }

    @Test func aHelperThatCannotStartIsUnreadableNotACrash() throws {
        let dir = Self.folder("missing-helper")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.goodClouds(in: dir)[0]
        #expect {
            _ = try IsolatedCloudReader.read(file, limits: CaptureLimits(), helper: dir.appendingPathComponent("no-such-helper"))
        } throws: { error in
            guard let error = error as? DimensioningError, case let .unreadableCapture(_, reason) = error else { return false }
            return reason.contains("cannot start the isolated reader")
        }
    }

    /// A batch whose reader crashes on one capture records it and finishes: the report is
    /// written and the Stray Scanner captures (read in-process) come out as without it.
    @Test func verifyGoesOnWhenTheReaderCrashes() throws {
        let dataset = try PointCloudCrashRegressionTests.datasetWithTheCrashFile()
        let dir = Self.folder("verify")
        let out = dir.appendingPathComponent("out"), reference = dir.appendingPathComponent("reference")
        defer { for url in [dataset, dir] { try? FileManager.default.removeItem(at: url) } }
        var options = PointCloudCrashRegressionTests.options()
        options.cloudReaderHelper = try Self.crashingHelper(signal: "SEGV", in: dir)
        let outcome = try VerificationRun.run(dataset: dataset, out: out, options: options)
        #expect(outcome.summary.total == 5 && outcome.summary.unreadable == 1)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(VerificationRun.reportFile).path))
        let results = try ResultsJournal.read(out.appendingPathComponent(VerificationRun.resultsFile))
        let crash = try #require(results.first { $0.capture == "captures/crash.pcd" })
        #expect(crash.record.status == .unreadable)
        #expect(crash.record.error?.message.hasSuffix("crash.pcd: the reader crashed (signal 11)") == true,
                "\(crash.record.error?.message ?? "no error")")
        _ = try VerificationRun.run(dataset: VerificationFixtures.shared, out: reference, options: PointCloudCrashRegressionTests.options())
        let expected = try ResultsJournal.read(reference.appendingPathComponent(VerificationRun.resultsFile))
        #expect(results.filter { $0.capture != "captures/crash.pcd" } == expected)
    }

    /// `boxdim verify` (which reads clouds in its child) and the in-process library give the
    /// same results.jsonl for a dataset of point-cloud captures, the crash file included.
    @Test func boxdimVerifyMatchesTheInProcessRunOnCloudCaptures() throws {
        let dir = Self.folder("cli-clouds")
        defer { try? FileManager.default.removeItem(at: dir) }
        let dataset = dir.appendingPathComponent("dataset")
        try FileManager.default.createDirectory(at: dataset, withIntermediateDirectories: true)
        let scene = dataset.appendingPathComponent("scene.pcd")
        _ = try ScenePictures.convert(try CaptureReader.read(VerificationFixtures.shared.appendingPathComponent("captures/scenario-0")),
                                      to: scene)
        let clouds = try Self.goodClouds(in: dataset)
        try FileManager.default.copyItem(at: PointCloudCrashRegressionTests.segfault, to: dataset.appendingPathComponent("crash.pcd"))
        var csv = "capture,length_mm,width_mm,height_mm\nscene.pcd,300,200,150\ncrash.pcd,300,200,100\n"
        for cloud in clouds { csv += "\(cloud.lastPathComponent),0,0,0\n" }
        try csv.write(to: dataset.appendingPathComponent("ground_truth.csv"), atomically: true, encoding: .utf8)
        let cli = dir.appendingPathComponent("cli"), library = dir.appendingPathComponent("library")
        let r = try BoxDimBinary.run(["verify", dataset.path, "--out", cli.path, "--min-confidence", "0", "--tolerance", "25",
                                      "--jobs", "2", "--quiet"])
        #expect(r.status == 0 || r.status == 6, "verify exited \(r.status): \(r.stderr)")
        _ = try VerificationRun.run(dataset: dataset, out: library, options: PointCloudCrashRegressionTests.options())
        let viaChild = try ResultsJournal.read(cli.appendingPathComponent(VerificationRun.resultsFile))
        let inProcess = try ResultsJournal.read(library.appendingPathComponent(VerificationRun.resultsFile))
        #expect(viaChild.count == 5)
        #expect(viaChild == inProcess)
        #expect(inProcess.first { $0.capture == "scene.pcd" }?.record.status != .unreadable)
        #expect(inProcess.first { $0.capture == "crash.pcd" }?.record.status == .unreadable)
    }
}
