import Foundation
import Testing
import Dimensioning
import DimensioningReaders
import DimensioningSimulation
@testable import DimensioningVerification
import TestSupport

/// `verify` with a ground_truth.csv keyed by barcode alone, on simulated Stray Scanner captures
/// whose box carries painted codes (1920x1440 H.264 `rgb.mp4`): each capture found in the
/// folder is judged against the row its codes match; the others are listed with their reason.
@Suite(.serialized) struct BarcodeKeyedVerifyTests {
    static let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.4)

    /// Four captures: `parcels/one` (code PARCEL-A), `parcels/two` (PARCEL-B and PARCEL-C side
    /// by side), `stranger` (STRANGER-9, in no row) and `plain` (no colour); rows A-D, D never
    /// seen. Made once per test process and removed when it exits.
    static let dataset: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-barcode-keyed-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        TestPaths.removeAtExit(folder)
        let scene = SimulatedScene(name: "keyed", target: box)
        let rig = CameraRig(distance: 0.7, elevation: 60 * Double.pi / 180, azimuth: 200 * Double.pi / 180, frameCount: 3)
        let simulated = SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: 16)
        func label(_ text: String, _ x: Double = 0) -> BarcodeLabel {
            BarcodeLabel(symbology: .qrCode, text: text, moduleSize: 0.002, offset: SIMD2(x, 0), rotation: 0.5)
        }
        try! ColourStreamWriter.writeStrayScanner(simulated, labels: [label("PARCEL-A")], to: folder.appendingPathComponent("parcels/one"))
        try! ColourStreamWriter.writeStrayScanner(simulated, labels: [label("PARCEL-B", -0.08), label("PARCEL-C", 0.08)],
                                                  to: folder.appendingPathComponent("parcels/two"))
        try! ColourStreamWriter.writeStrayScanner(simulated, labels: [label("STRANGER-9")], to: folder.appendingPathComponent("stranger"))
        try! StrayScannerWriter.write(simulated.capture, to: folder.appendingPathComponent("plain"))
        let csv = "barcode,length_mm,width_mm,height_mm,site\nPARCEL-A,400,300,250,depot-1\nPARCEL-B,500,400,300,depot-1\n"
            + "PARCEL-C,0,0,0,depot-2\nPARCEL-D,300,200,100,depot-2\n"
        try! csv.write(to: folder.appendingPathComponent(GroundTruthTable.fileName), atomically: true, encoding: .utf8)
        return folder
    }()

    static func options() -> VerificationOptions {
        var options = VerificationOptions()
        options.jobs = 2
        options.drawOverlays = false
        return options
    }

    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-barcode-keyed-out-\(UUID().uuidString)")
    }

    @Test func eachCaptureIsJudgedAgainstTheRowItsCodeMatches() throws {
        let out = Self.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let outcome = try VerificationRun.run(dataset: Self.dataset, out: out, options: Self.options())
        let results = try ResultsJournal.read(out.appendingPathComponent(VerificationRun.resultsFile))
        #expect(results.map(\.capture) == ["parcels/one", "parcels/two", "plain", "stranger"])

        let one = try #require(results.first { $0.capture == "parcels/one" })
        #expect(one.barcodeKey?.outcome == .matched)
        #expect(one.truth?.line == 2 && one.truth?.lengthMM == 400 && one.extra["site"] == "depot-1")
        #expect(one.record.barcodes.map(\.text) == ["PARCEL-A"])
        let errors = try #require(one.errors, "the box is measured and judged against line 2")
        #expect(errors.maximumAbsolute <= 10, "errors \(errors) mm against the 400x300x250 mm truth")
        #expect(one.verdict == .acceptedWithinTolerance || one.verdict == .lowConfidence)

        let byCapture = Dictionary(uniqueKeysWithValues: results.map { ($0.capture, $0) })
        #expect(byCapture["parcels/two"]?.barcodeKey?.outcome == .severalRows)
        #expect(byCapture["parcels/two"]?.barcodeKey?.codesRead == ["PARCEL-B", "PARCEL-C"])
        #expect(byCapture["plain"]?.barcodeKey?.outcome == .noCodeRead)
        #expect(byCapture["stranger"]?.barcodeKey?.outcome == .noMatchingRow)
        #expect(byCapture["stranger"]?.barcodeKey?.codesRead == ["STRANGER-9"])
        for capture in ["parcels/two", "plain", "stranger"] {
            let r = try #require(byCapture[capture])
            #expect(r.verdict == .unmatched && r.truth == nil && r.errors == nil, "\(capture)")
            #expect(r.record.length != nil, "\(capture) is still measured")
        }

        let k = try #require(outcome.summary.barcodeKeying)
        #expect(k.rows == 4 && k.capturesMatched == 1 && k.rowsMatched == 1)
        #expect(k.unmatchedCaptures.map(\.capture) == ["parcels/two", "plain", "stranger"])
        #expect(k.unmatchedRows.map(\.barcode) == ["PARCEL-B", "PARCEL-C", "PARCEL-D"])
        #expect(k.unmatchedRows.map(\.reason) == ["read only in \"parcels/two\", whose codes match several rows",
                                                  "read only in \"parcels/two\", whose codes match several rows",
                                                  "no capture read this code"])
        #expect(outcome.summary.verdicts["unmatched"] == 3 && outcome.summary.total == 4)
        #expect(outcome.summary.negatives == 0, "PARCEL-C's zero row was never matched")
        #expect(outcome.summary.passed == (one.verdict != .acceptedOutOfTolerance))

        let html = try String(contentsOf: out.appendingPathComponent(VerificationRun.reportFile), encoding: .utf8)
        #expect(html.contains("Keyed by barcode") && html.contains("PARCEL-D") && html.contains("no_matching_row"))
        let summaryJSON = try String(contentsOf: out.appendingPathComponent(VerificationRun.summaryFile), encoding: .utf8)
        #expect(summaryJSON.contains("\"unmatched_rows\"") && summaryJSON.contains("\"no capture read this code\""))
    }

    @Test func shardsMergeToTheSameKeying() throws {
        let outs = (0..<3).map { _ in Self.scratch() }
        defer { outs.forEach { try? FileManager.default.removeItem(at: $0) } }
        var options = Self.options()
        for i in 0..<2 {
            options.shard = (i, 2)
            _ = try VerificationRun.run(dataset: Self.dataset, out: outs[i], options: options)
        }
        let merged = try VerificationRun.merge(shards: Array(outs.prefix(2)), out: outs[2])
        options.shard = nil
        let whole = Self.scratch()
        defer { try? FileManager.default.removeItem(at: whole) }
        let single = try VerificationRun.run(dataset: Self.dataset, out: whole, options: options)
        #expect(merged.barcodeKeying != nil)
        #expect(merged.barcodeKeying == single.summary.barcodeKeying)
        #expect(merged.verdicts == single.summary.verdicts)
    }

    @Test func capturesAreFoundByTheirShape() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        for path in ["s1/camera_matrix.csv", "deep/x/y.PLY", "z.pcd", ".hidden/a.pcd", "notes.txt", "out/q.pcd", "ground_truth.csv"] {
            let url = folder.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        try fm.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: folder.appendingPathComponent("s1"))
        #expect(try DatasetCaptures.list(in: folder, excluding: folder.appendingPathComponent("out")) == ["deep/x/y.PLY", "s1", "z.pcd"])
        let empty = Self.scratch()
        try fm.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: empty) }
        #expect(throws: DimensioningError.self) { try DatasetCaptures.list(in: empty) }
    }
}
