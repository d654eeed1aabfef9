import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningVerification
import TestSupport

/// Issue 7: SIGKILL a running `boxdim verify` at several points; `--resume` must finish with
/// outputs identical to an uninterrupted run, and no output file may be left half-written.
@Suite(.serialized, .enabled(if: BoxDimBinary.url != nil, "the boxdim executable is not built"))
struct VerifyKillResumeTests {
    func arguments(_ out: URL, resume: Bool = false) -> [String] {
        ["verify", VerificationFixtures.shared.path, "--out", out.path, "--jobs", "1", "--min-confidence", "0",
         "--tolerance", "25", "--quiet"] + (resume ? ["--resume"] : [])
    }

    func completeLines(_ url: URL) -> Int {
        guard let data = FileManager.default.contents(atPath: url.path) else { return 0 }
        return data.filter { $0 == UInt8(ascii: "\n") }.count
    }

    @Test func killedRunsResumeToIdenticalOutputs() throws {
        let reference = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-kill-ref-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reference) }
        let full = try BoxDimBinary.run(arguments(reference))
        #expect(full.status == 0, "\(full.stderr)")
        let expected = VerificationFixtures.outputs(reference)

        for killAfter in [0, 1, 3] {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-kill-\(killAfter)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: out) }
            let process = try BoxDimBinary.start(arguments(out))
            let journal = out.appendingPathComponent(VerificationRun.resultsFile)
            let deadline = Date().addingTimeInterval(120)
            while completeLines(journal) < killAfter && process.isRunning && Date() < deadline { usleep(20_000) }
            if killAfter == 0 { usleep(300_000) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Whatever was written is whole: complete result lines (a torn tail at most), no summary yet.
            if let data = FileManager.default.contents(atPath: journal.path) {
                let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                for line in lines.dropLast() { #expect(VerificationResult.parse(line: line) != nil) }
            }
            if let summary = FileManager.default.contents(atPath: out.appendingPathComponent(VerificationRun.summaryFile).path) {
                #expect((try? JSONSerialization.jsonObject(with: summary)) != nil)
            }
            let resumed = try BoxDimBinary.run(arguments(out, resume: true))
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(VerificationFixtures.outputs(out) == expected, "resume after a kill at \(killAfter) differs")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".tmp-") }
            #expect(leftovers.isEmpty)
        }
    }
}
