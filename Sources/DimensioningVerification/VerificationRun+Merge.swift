import Foundation
import Dimensioning

extension VerificationRun {
    /// Combines the outputs of shard runs (`--shard i/n`, each with `results.jsonl` and
    /// `summary.json`) into one `results.jsonl`, `results.csv`, `summary.json` and
    /// `report.html` in `out`. The shards must share tolerance and minimum confidence, and no
    /// capture may appear in two shards. Overlays are read from the shards' `overlays/`.
    ///
    /// - Throws: `unreadableCapture` naming the shard file that is missing or inconsistent.
    public static func merge(shards: [URL], out: URL, worstCount: Int = 12) throws(DimensioningError) -> VerificationSummary {
        guard !shards.isEmpty else { throw .unreadableCapture(file: out.path, reason: "no shard folders to merge") }
        var results: [String: VerificationResult] = [:]
        var settings: (tolerance: Double, minConfidence: Double, extra: [String])?
        // Keyed by barcode: every shard saw the whole table; its rows are those its captures
        // matched plus those it lists unmatched.
        var barcodeRows: Set<BarcodeKeyMatch.RowKey>?
        for shard in shards {
            let summaryURL = shard.appendingPathComponent(summaryFile)
            guard let data = FileManager.default.contents(atPath: summaryURL.path) else {
                throw .unreadableCapture(file: summaryURL.path, reason: "no such file: is this the --out folder of a finished shard?")
            }
            let summary: VerificationSummary
            do { summary = try JSONDecoder().decode(VerificationSummary.self, from: data) } catch {
                throw .unreadableCapture(file: summaryURL.path, reason: "not a verification summary: \(error)")
            }
            if let s = settings {
                guard s.tolerance == summary.toleranceMM, s.minConfidence == summary.minConfidence else {
                    throw .unreadableCapture(file: summaryURL.path, reason: "tolerance or minimum confidence differ from the first shard's")
                }
            } else {
                settings = (summary.toleranceMM, summary.minConfidence, summary.extraColumns)
            }
            if let keying = summary.barcodeKeying {
                barcodeRows = (barcodeRows ?? []).union(keying.unmatchedRows.map { BarcodeKeyMatch.RowKey(line: $0.line, barcode: $0.barcode) })
            }
            let resultsURL = shard.appendingPathComponent(resultsFile)
            for r in try ResultsJournal.read(resultsURL) {
                if results[r.capture] != nil {
                    throw .unreadableCapture(file: resultsURL.path, reason: "capture \"\(r.capture)\" is also in another shard")
                }
                results[r.capture] = r
            }
        }
        let s = settings!
        var options = VerificationOptions()
        options.toleranceMM = s.tolerance
        options.minConfidence = s.minConfidence
        options.worstCount = worstCount
        try CaptureFile.makeFolder(out)
        CaptureFile.removeLeftoverTemporaries(in: out)
        let ordered = results.values.sorted(by: VerificationResult.runOrder)
        let rows = barcodeRows.map { known in
            known.union(ordered.compactMap { $0.barcodeKey?.outcome == .matched ? $0.barcodeKey?.rows.first : nil })
                .sorted { ($0.line, $0.barcode) < ($1.line, $1.barcode) }
        }
        return try writeOutputs(ordered, extraColumns: s.extra, options: options, out: out,
                                overlayFolders: shards.map { $0.appendingPathComponent(overlaysFolder) } + [out.appendingPathComponent(overlaysFolder)],
                                title: "merged \(shards.count) shards", barcodeRows: rows)
    }
}
