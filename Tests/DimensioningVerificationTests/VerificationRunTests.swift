import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Dimensioning
@testable import DimensioningVerification
import TestSupport

@Suite(.serialized) struct VerificationRunTests {
    func options(jobs: Int, resume: Bool = false) -> VerificationOptions {
        var o = VerificationOptions()
        o.jobs = jobs
        o.resume = resume
        o.minConfidence = 0   // the pipeline's confidence is still being tuned; accept everything measured
        o.toleranceMM = 25
        return o
    }

    /// This test's output folders, removed when it ends.
    let scratch = ScratchFolder("vout")
    func out(_ label: String) -> URL { scratch.path(label) }

    @Test func sameOutputsForAnyJobsAndAfterATornResume() throws {
        let dataset = VerificationFixtures.shared
        let one = out("j1"), two = out("j2")
        let a = try VerificationRun.run(dataset: dataset, out: one, options: options(jobs: 1))
        _ = try VerificationRun.run(dataset: dataset, out: two, options: options(jobs: 2))
        let reference = VerificationFixtures.outputs(one)
        #expect(reference.count == 4)
        #expect(reference == VerificationFixtures.outputs(two))
        #expect(a.summary.total == 4 && a.summary.negatives == 1)

        // A killed run: two complete lines and half of a third, no summary.
        let resumed = out("resume")
        try FileManager.default.createDirectory(at: resumed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: one.appendingPathComponent(VerificationRun.overlaysFolder),
                                         to: resumed.appendingPathComponent(VerificationRun.overlaysFolder))
        let lines = String(decoding: reference[VerificationRun.resultsFile]!, as: UTF8.self).split(separator: "\n")
        let partial = lines[0] + "\n" + lines[2] + "\n" + lines[1].prefix(lines[1].count / 2)
        try partial.write(to: resumed.appendingPathComponent(VerificationRun.resultsFile), atomically: true, encoding: .utf8)
        // Killed between writing a temporary output and renaming it: those go; a user's file stays.
        let overlays = resumed.appendingPathComponent(VerificationRun.overlaysFolder)
        let leftovers = [resumed.appendingPathComponent(".tmp-\(UUID().uuidString)-\(VerificationRun.csvFile)"),
                         overlays.appendingPathComponent(".tmp-\(UUID().uuidString)-a.png")]
        let usersFile = resumed.appendingPathComponent(".tmp-notes.txt")
        for file in leftovers + [usersFile] { try "half".write(to: file, atomically: false, encoding: .utf8) }
        let outcome = try VerificationRun.run(dataset: dataset, out: resumed, options: options(jobs: 2, resume: true))
        #expect(outcome.measuredNow == 2)
        #expect(VerificationFixtures.outputs(resumed) == reference)
        for file in leftovers { #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent) left") }
        #expect(FileManager.default.fileExists(atPath: usersFile.path))
        try FileManager.default.removeItem(at: usersFile)

        // Resuming a finished run measures nothing and changes nothing.
        let again = try VerificationRun.run(dataset: dataset, out: resumed, options: options(jobs: 2, resume: true))
        #expect(again.measuredNow == 0)
        #expect(VerificationFixtures.outputs(resumed) == reference)
    }

    @Test func shardsMergeToTheWholeRun() throws {
        let dataset = VerificationFixtures.shared
        let whole = out("whole")
        _ = try VerificationRun.run(dataset: dataset, out: whole, options: options(jobs: 2))
        var shards: [URL] = []
        for i in 0..<3 {
            var o = options(jobs: 1)
            o.shard = (i, 3)
            let folder = out("shard\(i)")
            _ = try VerificationRun.run(dataset: dataset, out: folder, options: o)
            shards.append(folder)
        }
        let merged = out("merged")
        let summary = try VerificationRun.merge(shards: shards, out: merged)
        let expected = VerificationFixtures.outputs(whole)
        let got = VerificationFixtures.outputs(merged)
        #expect(summary.total == 4)
        for name in [VerificationRun.resultsFile, VerificationRun.csvFile, VerificationRun.summaryFile] {
            #expect(got[name] == expected[name], "\(name) differs")
        }
        #expect(throws: DimensioningError.self) { _ = try VerificationRun.merge(shards: [shards[0], shards[0]], out: out("dup")) }
    }

    @Test func reportIsWellFormedAndEscapesDatasetStrings() throws {
        let dataset = try VerificationFixtures.copy(VerificationFixtures.shared)
        defer { try? FileManager.default.removeItem(at: dataset) }
        let hostile = "<script>alert(1)</script>"
        try FileManager.default.createDirectory(at: dataset.appendingPathComponent("<script>alert(1)<"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: dataset.appendingPathComponent("captures/scenario-0"),
                                         to: dataset.appendingPathComponent(hostile))
        var csv = try String(contentsOf: dataset.appendingPathComponent("ground_truth.csv"), encoding: .utf8)
        csv = csv.replacingOccurrences(of: "captures/scenario-0,", with: hostile + ",")
        csv = csv.replacingOccurrences(of: "op-0", with: "\"\"\"&<>\"")
        try csv.write(to: dataset.appendingPathComponent("ground_truth.csv"), atomically: true, encoding: .utf8)
        let folder = out("html")
        _ = try VerificationRun.run(dataset: dataset, out: folder, options: options(jobs: 2))
        let html = try String(contentsOf: folder.appendingPathComponent(VerificationRun.reportFile), encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&amp;&lt;&gt;"))
        #expect(!html.contains("http://") || !html.contains("src=\"http"))
        #expect(html.contains("data:image/png;base64,"))
        #expect(html.contains("Confidence against what happened"), "the reliability chart and table")
        let parser = XMLParser(data: Data(html.utf8))
        let delegate = TagCounter()
        parser.delegate = delegate
        #expect(parser.parse(), "report.html is not well-formed: \(String(describing: parser.parserError))")
        #expect(delegate.open == 0 && delegate.elements > 100)
        #expect(delegate.scripts == 0)
        let results = try ResultsJournal.read(folder.appendingPathComponent(VerificationRun.resultsFile))
        #expect(results.contains { $0.capture == hostile && $0.extra["operator"] == "\"&<>" })
    }
}

/// Counts elements and checks every start tag is closed (XMLParser reports mismatches as errors).
final class TagCounter: NSObject, XMLParserDelegate {
    var open = 0, elements = 0, scripts = 0
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        open += 1; elements += 1
        if name.lowercased() == "script" { scripts += 1 }
    }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { open -= 1 }
}
