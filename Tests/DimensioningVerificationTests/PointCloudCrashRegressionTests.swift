import Foundation
import Testing
import TestSupport
@testable import Dimensioning
@testable import DimensioningReaders
@testable import DimensioningVerification

/// Issue 17: `Tests/Fixtures/crashes/pcd-binary-segfault.pcd` (found by the cloud fuzz target)
/// made PCL's PCD reader walk past its field list: SIGSEGV in `boxdim measure`, a
/// std::length_error inside `verify`. It must now be an `unreadableCapture` naming the file and
/// the reason, through the library, `boxdim measure` and a `verify` batch (which still writes
/// its report and measures the other captures exactly as without it).
@Suite(.serialized) struct PointCloudCrashRegressionTests {
    static let crashes = TestPaths.repository.appendingPathComponent("Tests/Fixtures/crashes")
    static let segfault = crashes.appendingPathComponent("pcd-binary-segfault.pcd")
    /// What the reason must say: the kind of file and the bytes PCL would have misread.
    static let reasonParts = ["not a valid PCD file", "after the DATA line", "'COLUMNS'", "header line"]

    /// Every file under Tests/Fixtures/crashes (the README aside).
    static var crashFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: crashes.path)) ?? []
        return names.filter { $0.hasSuffix(".pcd") || $0.hasSuffix(".ply") }.sorted().map { crashes.appendingPathComponent($0) }
    }

    @Test func everyVendoredCrashIsUnreadableThroughTheLibrary() throws {
        #expect(Self.crashFiles.contains(Self.segfault), "the vendored crash file is missing")
        for file in Self.crashFiles {
            do {
                let capture = try PointCloudReader.read(file: file)
                Issue.record("\(file.lastPathComponent): read \(capture.cloud?.pointsInCamera.count ?? 0) points instead of failing")
            } catch {
                guard case let .unreadableCapture(named, reason) = error else {
                    Issue.record("\(file.lastPathComponent): expected unreadable_capture, got \(error.code): \(error)")
                    continue
                }
                #expect(named == file.path)
                #expect(!reason.isEmpty)
            }
        }
        // The same through the capture entry point `measure` and `verify` use.
        #expect {
            _ = try CaptureReader.read(Self.segfault)
        } throws: { error in
            guard let error = error as? DimensioningError, case let .unreadableCapture(file, reason) = error else { return false }
            return file == Self.segfault.path && Self.reasonParts.allSatisfy { reason.contains($0) }
        }
    }

    @Test(.enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
    func measureExitsFiveNamingTheFileAndTheReason() throws {
        let text = try BoxDimBinary.run(["measure", Self.segfault.path])
        #expect(text.status == 5, "exit \(text.status): \(text.stdout) \(text.stderr)")
        let output = text.stdout + text.stderr
        #expect(output.contains(Self.segfault.path))
        for part in Self.reasonParts { #expect(output.contains(part), "no '\(part)' in \(output)") }

        let json = try BoxDimBinary.run(["measure", Self.segfault.path, "--json"])
        #expect(json.status == 5, "exit \(json.status): \(json.stdout) \(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "unreadable")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "unreadable_capture")
        let message = try #require(error["message"] as? String)
        #expect(message.contains(Self.segfault.path))
        for part in Self.reasonParts { #expect(message.contains(part), "no '\(part)' in \(message)") }
    }

    /// The shared four-capture dataset plus the crash file as a fifth capture, in a new folder
    /// the caller removes (removed here if making it fails).
    static func datasetWithTheCrashFile() throws -> URL {
        let dataset = try VerificationFixtures.copy(VerificationFixtures.shared)
        do {
            try FileManager.default.copyItem(at: segfault, to: dataset.appendingPathComponent("captures/crash.pcd"))
            let csv = dataset.appendingPathComponent("ground_truth.csv")
            let text = try String(contentsOf: csv, encoding: .utf8) + "captures/crash.pcd,300,200,100,op-9\n"
            try text.write(to: csv, atomically: true, encoding: .utf8)
        } catch {
            try? FileManager.default.removeItem(at: dataset)
            throw error
        }
        return dataset
    }

    static func options() -> VerificationOptions {
        var o = VerificationOptions()
        o.jobs = 2
        o.minConfidence = 0
        o.toleranceMM = 25
        return o
    }

    static func out(_ label: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-crash-\(label)-\(UUID().uuidString)")
    }

    @Test func verifyRecordsTheCrashFileAsUnreadableAndFinishes() throws {
        let dataset = try Self.datasetWithTheCrashFile()
        defer { try? FileManager.default.removeItem(at: dataset) }
        let folder = Self.out("with"), reference = Self.out("without")
        defer { for url in [folder, reference] { try? FileManager.default.removeItem(at: url) } }
        let outcome = try VerificationRun.run(dataset: dataset, out: folder, options: Self.options())
        #expect(outcome.summary.total == 5)
        #expect(outcome.summary.unreadable == 1)
        for name in [VerificationRun.resultsFile, VerificationRun.csvFile, VerificationRun.summaryFile, VerificationRun.reportFile] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) missing")
        }
        let results = try ResultsJournal.read(folder.appendingPathComponent(VerificationRun.resultsFile))
        let crash = try #require(results.first { $0.capture == "captures/crash.pcd" })
        #expect(crash.record.status == .unreadable)
        #expect(crash.record.error?.code == "unreadable_capture")
        let message = crash.record.error?.message ?? ""
        #expect(message.contains("crash.pcd"))
        for part in Self.reasonParts { #expect(message.contains(part), "no '\(part)' in \(message)") }

        // The good captures come out exactly as in a run without the crash file.
        _ = try VerificationRun.run(dataset: VerificationFixtures.shared, out: reference, options: Self.options())
        let expected = try ResultsJournal.read(reference.appendingPathComponent(VerificationRun.resultsFile))
        #expect(expected.count == 4)
        #expect(results.filter { $0.capture != "captures/crash.pcd" } == expected)
    }

    @Test(.enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
    func boxdimVerifyFinishesAndWritesItsReport() throws {
        let dataset = try Self.datasetWithTheCrashFile()
        defer { try? FileManager.default.removeItem(at: dataset) }
        let folder = Self.out("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try BoxDimBinary.run(["verify", dataset.path, "--out", folder.path, "--min-confidence", "0",
                                      "--tolerance", "25", "--jobs", "2", "--quiet"])
        // Ended by exit(), not by a signal, with a verdict (0 passed or 6 failed).
        #expect(r.status == 0 || r.status == 6, "verify exited \(r.status): \(r.stdout) \(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(VerificationRun.reportFile).path))
        let summary = try String(contentsOf: folder.appendingPathComponent(VerificationRun.summaryFile), encoding: .utf8)
        #expect(summary.contains("\"unreadable\" : 1") || summary.contains("\"unreadable\":1"), "\(summary)")
        let lines = try String(contentsOf: folder.appendingPathComponent(VerificationRun.resultsFile), encoding: .utf8)
        #expect(lines.split(separator: "\n").count == 5)
    }
}
