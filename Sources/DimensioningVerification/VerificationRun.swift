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
        let allCaptures = table.keyedByBarcode ? try DatasetCaptures.list(in: table.folder, excluding: out) : table.captures
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
        // A scene's cartons each have a line of their own; they group under the scene's path.
        let recordedByCapture = Dictionary(grouping: recorded) { $0.carton?.scene ?? $0.capture }
        // Re-judge what was recorded against the current truth and tolerance.
        var done: [String: [VerificationResult]] = [:]
        for capture in captures {
            if let old = recordedByCapture[capture], let again = judge.rejudge(old, capture: capture, overlays: overlays) {
                done[capture] = again
            }
        }
        let todo = captures.filter { done[$0] == nil }
        let state = RunState(total: captures.count, resumed: done.count,
                             failures: done.values.joined().filter { $0.verdict.isFailure }.count)
        progress(state.snapshot(capture: nil))

        let workers = max(1, min(options.jobs, todo.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = state.claim(limit: todo.count) {
                let results = measure(todo[index], judge: judge, overlays: overlays)
                do throws(DimensioningError) {
                    for result in results { try journal.append(result) }
                } catch {
                    state.fail(error)
                    return
                }
                progress(state.finished(results, capture: todo[index]))
            }
        }
        journal.close()
        if let error = state.firstError { throw error }
        for (capture, results) in state.results { done[capture] = results }

        let ordered = captures.flatMap { done[$0] ?? [] }
        let summary = try writeOutputs(ordered, extraColumns: table.extraColumns, options: options, out: out,
                                       overlayFolders: [overlays], title: dataset.lastPathComponent,
                                       barcodeRows: judge.barcodeRows)
        return VerificationOutcome(summary: summary, resumed: recordedByCapture.isEmpty ? 0 : captures.count - todo.count,
                                   measuredNow: todo.count, outputFolder: out)
    }

    /// Judges records against a table: by capture path, by the codes read when the table is
    /// keyed by barcode, or carton by carton for a scene's rows (`SceneCartonMatch`).
    struct Judge: Sendable {
        let table: GroundTruthTable
        let options: VerificationOptions
        let rowsOfCapture: [String: [GroundTruthRow]]

        init(table: GroundTruthTable, options: VerificationOptions) {
            self.table = table
            self.options = options
            rowsOfCapture = table.keyedByBarcode ? [:] : Dictionary(grouping: table.rows, by: \.capture)
        }

        /// The rows naming cartons of `capture` by their position; empty for a capture measured whole.
        func sceneRows(_ capture: String) -> [GroundTruthRow] {
            (rowsOfCapture[capture] ?? []).filter(\.isCartonInScene)
        }

        /// The rows' codes, for `BarcodeKeyingSummary`; nil unless keyed by barcode.
        var barcodeRows: [BarcodeKeyMatch.RowKey]? {
            guard table.keyedByBarcode else { return nil }
            return table.rows.map { BarcodeKeyMatch.RowKey(line: $0.line, barcode: table.barcode(of: $0) ?? "") }
        }

        func result(_ record: MeasurementRecord, overlay: String?) -> VerificationResult {
            guard table.keyedByBarcode else {
                return VerificationResult(record: record, truth: rowsOfCapture[record.capture]?.first, extraColumns: table.extraColumns,
                                          toleranceMM: options.toleranceMM, overlay: overlay)
            }
            let (match, row) = BarcodeKeyMatch.match(record, table: table)
            return VerificationResult(record: record, truth: row, extraColumns: table.extraColumns,
                                      toleranceMM: options.toleranceMM, overlay: overlay, barcodeKey: match)
        }

        /// One result per row of a scene, then one per carton no row names (`VerificationRun.sceneResults`).
        func sceneResults(_ scene: SceneRecord, path: String, rows: [GroundTruthRow], overlay: String?) -> [VerificationResult] {
            VerificationRun.sceneResults(scene, path: path, rows: rows, extraColumns: table.extraColumns, options: options,
                                         overlay: overlay)
        }

        /// The record of a row where no carton stands: the scene's own refusal when it was
        /// refused whole, else `no_carton_at_position`.
        static func nothingAt(_ pair: SceneCartonMatch.Pair, scene: SceneRecord, path: String,
                              options: VerificationOptions) -> MeasurementRecord {
            let name = "\(path)#L\(pair.row.line)"
            var record = MeasurementRecord(capture: name, outcome: .failure(.noBox()), units: options.units,
                                           minConfidence: options.minConfidence)
            if scene.boxes.isEmpty, let error = scene.error {
                record.status = scene.status == .unreadable ? .unreadable : .noMeasurement
                record.error = error
            } else {
                let p = pair.row.positionMM ?? .zero
                record.error = .init(code: noCartonCode, message: String(
                    format: "no carton of the scene's %d stands within %.0f mm of (%.0f, %.0f, %.0f) mm across the floor",
                    scene.boxes.count, pair.reachMM, p.x, p.y, p.z))
            }
            return record
        }

        /// The error code of a row where no carton of its scene stands.
        static let noCartonCode = "no_carton_at_position"

        /// Recorded results judged again against the current table and options; nil when the
        /// capture must be measured again (other units, a missing overlay, a scene recorded at
        /// another gate or with rows missing).
        func rejudge(_ old: [VerificationResult], capture: String, overlays: URL) -> [VerificationResult]? {
            // One whose overlay is missing was killed between the two writes.
            let overlaysThere = old.allSatisfy { r in
                r.overlay.map { FileManager.default.fileExists(atPath: overlays.appendingPathComponent($0).path) } ?? true
            }
            guard overlaysThere, old.allSatisfy({ $0.record.units == options.units }) else { return nil }
            let rows = sceneRows(capture)
            let tolerance = options.toleranceMM / 1000 * options.units.fromMeters(1)
            let sameTolerance = { (record: MeasurementRecord) in
                record.tolerance.map { abs($0 - tolerance) < 1e-9 * max(1, tolerance) } ?? true
            }
            guard !rows.isEmpty else {
                // A record judged at another tolerance has another confidence: measured again.
                guard old.count == 1, old[0].carton == nil, sameTolerance(old[0].record) else { return nil }
                // A new minimum confidence re-decides the status, by the gate `measure` applies.
                var record = old[0].record
                if let confidence = record.confidence {
                    let fits = record.uncertainty.map { u in
                        [u.length, u.width, u.height].allSatisfy { $0 <= tolerance * (1 + 1e-9) }
                    } ?? true
                    record.status = MeasurementUncertainty.passesGate(fitsTolerance: fits, probability: confidence,
                                                                      minimumConfidence: options.minConfidence)
                        ? .accepted : .lowConfidence
                }
                record.minConfidence = options.minConfidence
                return [result(record, overlay: old[0].overlay)]
            }
            // A carton's acceptance also weighs its top and seams, which the record does not keep:
            // a scene recorded at another gate is measured again.
            guard old.allSatisfy({ $0.carton != nil && $0.record.minConfidence == options.minConfidence && sameTolerance($0.record) }),
                  Set(old.compactMap { $0.carton?.line }) == Set(rows.map(\.line)) else { return nil }
            let rowOfLine = Dictionary(rows.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a })
            return old.map { r in
                VerificationResult(record: r.record, truth: r.carton?.line.flatMap { rowOfLine[$0] }, extraColumns: table.extraColumns,
                                   toleranceMM: options.toleranceMM, overlay: r.overlay, carton: r.carton)
            }
        }
    }

    /// A scene measured carton by carton (`scene`, the capture `path` as ground_truth.csv names
    /// it) judged against the rows naming its cartons by position (`SceneCartonMatch`): one
    /// result per row (the carton at its position, or `no_carton_at_position`), then one per
    /// carton no row names (`unmatched`). `verify` and `boxdim accuracy`'s real scenes judge
    /// with it.
    public static func sceneResults(_ scene: SceneRecord, path: String, rows: [GroundTruthRow], extraColumns: [String],
                                    options: VerificationOptions, overlay: String? = nil) -> [VerificationResult] {
        let match = SceneCartonMatch(rows: rows, scene: scene)
        let boxes = Dictionary(scene.boxes.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        var results = match.pairs.map { pair in
            let record = pair.index.flatMap { boxes[$0]?.measurement }
                ?? Judge.nothingAt(pair, scene: scene, path: path, options: options)
            return VerificationResult(record: record, truth: pair.row, extraColumns: extraColumns,
                                      toleranceMM: options.toleranceMM, overlay: overlay,
                                      carton: .init(scene: path, index: pair.index, line: pair.row.line, offsetMM: pair.offsetMM))
        }
        for index in match.unnamed {
            guard let box = boxes[index] else { continue }
            results.append(VerificationResult(record: box.measurement, truth: nil, extraColumns: extraColumns,
                                              toleranceMM: options.toleranceMM, overlay: overlay,
                                              carton: .init(scene: path, index: index, line: nil, offsetMM: nil)))
        }
        return results
    }

    /// Measures one capture: one result, or one per carton for a scene's rows. Never throws
    /// (failures become the records' errors).
    static func measure(_ capture: String, judge: Judge, overlays: URL) -> [VerificationResult] {
        let rows = judge.sceneRows(capture)
        if !rows.isEmpty { return measureScene(capture, rows: rows, judge: judge, overlays: overlays) }
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
        return [judge.result(record, overlay: overlay)]
    }

    /// Measures a scene carton by carton (`measureAllBoxes`, with its reference view's colour
    /// image for the seams) and judges each row against the carton at its position.
    static func measureScene(_ capture: String, rows: [GroundTruthRow], judge: Judge, overlays: URL) -> [VerificationResult] {
        let options = judge.options
        let url = judge.table.folder.appendingPathComponent(capture)
        let name = overlayName(capture)
        let target = overlays.appendingPathComponent(name)
        var overlay: String?
        var input: InputDescription?
        let outcome: Result<SceneMeasurement, DimensioningError>
        do throws(DimensioningError) {
            let read = try CaptureReader.read(url, limits: options.limits, options: options.input,
                                              window: .last(options.parameters.fusion.maximumFrames))
            input = read.input
            let parameters = options.measuringParameters
            let scene = try measureAllBoxes(read, parameters: parameters,
                                            colour: try read.referenceColourImage(fusion: parameters.fusion, limits: options.limits))
            outcome = .success(scene)
            if options.drawOverlays,
               (try? ScenePictures.writeOverlay(scene, minimumConfidence: options.minConfidence, to: target)) != nil { overlay = name }
        } catch {
            outcome = .failure(error)
        }
        let record = SceneRecord(capture: capture, outcome: outcome, units: options.units,
                                 minConfidence: options.minConfidence, input: input)
        return judge.sceneResults(record, path: capture, rows: rows, overlay: overlay)
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
    /// Each capture measured this run, with its results (one, or one per carton of a scene).
    private(set) var results: [(capture: String, results: [VerificationResult])] = []
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

    func finished(_ measured: [VerificationResult], capture: String) -> VerificationProgress {
        lock.lock(); defer { lock.unlock() }
        results.append((capture, measured))
        done += 1
        failures += measured.filter(\.verdict.isFailure).count
        return VerificationProgress(done: done, total: total, resumed: resumed, failures: failures, capture: capture)
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
