import Foundation
import Dimensioning
import DimensioningBarcodes
import DimensioningReaders

/// Runs a dataset through the engine and writes `results.jsonl`, `results.csv`,
/// `summary.json`, `report.html` and `overlays/` to an output folder.
///
/// Captures are measured by `jobs` workers that each take the next capture from a shared
/// counter, so memory holds at most `jobs` captures at a time whatever the dataset's size. Each
/// result is appended to `results.jsonl` and flushed as soon as it is known; at the end the file
/// is rewritten in capture order (temporary file + rename), so the outputs are the same for any
/// `jobs` and for a resumed run. A bad capture never stops the run: it is recorded with its error.
public enum VerificationRun {
    public static let resultsFile = "results.jsonl"
    public static let csvFile = "results.csv"
    public static let summaryFile = "summary.json"
    public static let reportFile = "report.html"
    public static let overlaysFolder = "overlays"

    /// Verifies `dataset` (a folder with `ground_truth.csv`) into `out`.
    ///
    /// With a table keyed by barcode (`GroundTruthTable.keyedByBarcode`) the captures are the
    /// ones found in the dataset folder (`DatasetCaptures`) and each is judged against the row
    /// its codes match (`BarcodeKeyMatch`); one that matches no row is measured, recorded as
    /// `unmatched` with its reason, and the run goes on.
    ///
    /// - Throws: `unreadableCapture` naming ground_truth.csv (and the line) when the dataset
    ///   cannot be read, or naming an output file that cannot be written.
    public static func run(dataset: URL, out: URL, options: VerificationOptions,
                           progress: @escaping @Sendable (VerificationProgress) -> Void = { _ in }) throws(DimensioningError) -> VerificationOutcome {
        let table = try GroundTruthTable.load(dataset: dataset)
        let judge = Judge(table: table, options: options)
        let allCaptures = table.keyedByBarcode ? try DatasetCaptures.list(in: table.folder, excluding: out) : table.rows.map(\.capture)
        let captures = options.shard.map { shard in
            allCaptures.enumerated().filter { $0.offset % shard.count == shard.index }.map(\.element)
        } ?? allCaptures
        try CaptureFile.makeFolder(out)
        let overlays = out.appendingPathComponent(overlaysFolder)
        if options.drawOverlays { try CaptureFile.makeFolder(overlays) }
        // A run killed while renaming an output into place leaves its temporary file behind.
        CaptureFile.removeLeftoverTemporaries(in: out)
        CaptureFile.removeLeftoverTemporaries(in: overlays)

        let (journal, recorded) = try ResultsJournal.open(out.appendingPathComponent(resultsFile), resume: options.resume)
        let recordedByCapture = Dictionary(recorded.map { ($0.capture, $0) }, uniquingKeysWith: { a, _ in a })
        // Re-judge what was recorded against the current truth and tolerance.
        var done: [String: VerificationResult] = [:]
        for capture in captures {
            // A record in other units is measured again; a new gate re-decides the status.
            // So is one whose overlay is missing (killed between the two writes).
            if let old = recordedByCapture[capture], old.record.units == options.units,
               old.overlay.map({ FileManager.default.fileExists(atPath: overlays.appendingPathComponent($0).path) }) ?? true {
                var record = old.record
                if let confidence = record.confidence {
                    record.status = confidence >= options.minConfidence ? .accepted : .lowConfidence
                }
                record.minConfidence = options.minConfidence
                done[capture] = judge.result(record, overlay: old.overlay)
            }
        }
        let todo = captures.filter { done[$0] == nil }
        let state = RunState(total: captures.count, resumed: done.count, failures: done.values.filter { $0.verdict.isFailure }.count)
        progress(state.snapshot(capture: nil))

        let workers = max(1, min(options.jobs, todo.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = state.claim(limit: todo.count) {
                let result = measure(todo[index], judge: judge, overlays: overlays)
                do throws(DimensioningError) {
                    try journal.append(result)
                } catch {
                    state.fail(error)
                    return
                }
                progress(state.finished(result))
            }
        }
        journal.close()
        if let error = state.firstError { throw error }
        for result in state.results { done[result.capture] = result }

        let ordered = captures.compactMap { done[$0] }
        let summary = try writeOutputs(ordered, extraColumns: table.extraColumns, options: options, out: out,
                                       overlayFolders: [overlays], title: dataset.lastPathComponent,
                                       barcodeRows: judge.barcodeRows)
        return VerificationOutcome(summary: summary, resumed: recordedByCapture.isEmpty ? 0 : captures.count - todo.count,
                                   measuredNow: todo.count, outputFolder: out)
    }

    /// Judges records against a table: by capture path, or by the codes read when the table is
    /// keyed by barcode.
    struct Judge: Sendable {
        let table: GroundTruthTable
        let options: VerificationOptions
        let rowOfCapture: [String: GroundTruthRow]

        init(table: GroundTruthTable, options: VerificationOptions) {
            self.table = table
            self.options = options
            rowOfCapture = table.keyedByBarcode ? [:]
                : Dictionary(table.rows.map { ($0.capture, $0) }, uniquingKeysWith: { a, _ in a })
        }

        /// The rows' codes, for `BarcodeKeyingSummary`; nil unless keyed by barcode.
        var barcodeRows: [BarcodeKeyMatch.RowKey]? {
            guard table.keyedByBarcode else { return nil }
            return table.rows.map { BarcodeKeyMatch.RowKey(line: $0.line, barcode: table.barcode(of: $0) ?? "") }
        }

        func result(_ record: MeasurementRecord, overlay: String?) -> VerificationResult {
            guard table.keyedByBarcode else {
                return VerificationResult(record: record, truth: rowOfCapture[record.capture], extraColumns: table.extraColumns,
                                          toleranceMM: options.toleranceMM, overlay: overlay)
            }
            let (match, row) = BarcodeKeyMatch.match(record, table: table)
            return VerificationResult(record: record, truth: row, extraColumns: table.extraColumns,
                                      toleranceMM: options.toleranceMM, overlay: overlay, barcodeKey: match)
        }
    }

    /// Measures one capture; never throws (failures become the record's error).
    static func measure(_ capture: String, judge: Judge, overlays: URL) -> VerificationResult {
        let options = judge.options
        let url = judge.table.folder.appendingPathComponent(capture)
        let outcome: Result<PipelineResult, DimensioningError>
        var overlay: String?
        var barcodes: [BarcodeReading] = []
        var barcodeError: String?
        let name = overlayName(capture)
        let target = overlays.appendingPathComponent(name)
        do {
            // Only the frames the pipeline fuses are kept: a long capture costs bounded memory.
            let read = try CaptureReader.read(url, limits: options.limits, options: options.input,
                                              window: .last(options.parameters.fusion.maximumFrames))
            let measured = measureWithBarcodes(read, parameters: options.measuringParameters, limits: options.limits)
            outcome = measured.outcome
            barcodes = measured.barcodes
            barcodeError = measured.barcodeError?.description
            switch measured.outcome {
            case let .success(result):
                if options.drawOverlays, (try? ScenePictures.writeOverlay(result, to: target, scale: 2)) != nil { overlay = name }
            case .failure:
                if options.drawOverlays, (try? ScenePictures.writeDepthPreview(read, to: target)) != nil { overlay = name }
            }
        } catch {
            outcome = .failure(error)
        }
        let record = MeasurementRecord(capture: capture, outcome: outcome, units: options.units,
                                       minConfidence: options.minConfidence, barcodes: barcodes, barcodeError: barcodeError)
        return judge.result(record, overlay: overlay)
    }

    /// A file name for a capture's overlay: its path made safe, plus a hash against collisions.
    public static func overlayName(_ capture: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in capture.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let safe = String(capture.unicodeScalars.map { c -> Character in
            (c.isASCII && (CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_")) ? Character(c) : "_"
        }.suffix(60))
        return "\(safe)-\(String(hash, radix: 16)).png"
    }

    /// Writes the ordered results and the derived files; returns the summary.
    static func writeOutputs(_ results: [VerificationResult], extraColumns: [String], options: VerificationOptions,
                             out: URL, overlayFolders: [URL], title: String,
                             barcodeRows: [BarcodeKeyMatch.RowKey]? = nil) throws(DimensioningError) -> VerificationSummary {
        let lines = results.map { $0.jsonLine() + "\n" }.joined()
        try AtomicFile.write(lines, to: out.appendingPathComponent(resultsFile))
        try AtomicFile.write(ResultsCSV.text(results, extraColumns: extraColumns), to: out.appendingPathComponent(csvFile))
        let summary = VerificationSummary(results: results, toleranceMM: options.toleranceMM, minConfidence: options.minConfidence,
                                          extraColumns: extraColumns, worstCount: options.worstCount, barcodeRows: barcodeRows)
        try AtomicFile.write(summary.json(), to: out.appendingPathComponent(summaryFile))
        let html = VerificationReport(title: title, summary: summary, results: results, overlayFolders: overlayFolders).html()
        try AtomicFile.write(html, to: out.appendingPathComponent(reportFile))
        return summary
    }
}

/// Shared state of the workers (internal), guarded by a lock.
final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private(set) var results: [VerificationResult] = []
    private(set) var firstError: DimensioningError?
    private var done: Int
    private var failures: Int
    let total: Int
    let resumed: Int

    init(total: Int, resumed: Int, failures: Int) {
        self.total = total
        self.resumed = resumed
        done = resumed
        self.failures = failures
    }

    /// The next index to measure, or nil when none is left or a write failed.
    func claim(limit: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard firstError == nil, next < limit else { return nil }
        next += 1
        return next - 1
    }

    func finished(_ result: VerificationResult) -> VerificationProgress {
        lock.lock(); defer { lock.unlock() }
        results.append(result)
        done += 1
        if result.verdict.isFailure { failures += 1 }
        return VerificationProgress(done: done, total: total, resumed: resumed, failures: failures, capture: result.capture)
    }

    func fail(_ error: DimensioningError) {
        lock.lock(); defer { lock.unlock() }
        if firstError == nil { firstError = error }
    }

    func snapshot(capture: String?) -> VerificationProgress {
        lock.lock(); defer { lock.unlock() }
        return VerificationProgress(done: done, total: total, resumed: resumed, failures: failures, capture: capture)
    }
}
