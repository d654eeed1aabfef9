import Foundation
import Dimensioning

/// One line of `results.jsonl`: the capture's `MeasurementRecord` (the object `measure --json`
/// prints, same keys) plus `truth_mm`, `error_mm`, `verdict`, `extra` (the CSV's extra columns)
/// `overlay` (file name under `overlays/`, when one was drawn) and `barcode_match` (with a
/// `barcode` column in `ground_truth.csv`: whether a code with that text was read; null
/// without the column or with an empty cell). In a dataset keyed by barcode it also has
/// `truth_by_barcode` (`BarcodeKeyMatch`: how the row was found, or why none was), and an
/// unmatched capture has `truth_mm` null and the verdict `unmatched`.
public struct VerificationResult: Sendable, Equatable {
    public var record: MeasurementRecord
    /// The row the capture is judged against; nil for a capture of a dataset keyed by barcode
    /// that matched no row (see `barcodeKey`).
    public var truth: GroundTruthRow?
    /// In a dataset keyed by barcode: how the capture's row was found, or why none was.
    public var barcodeKey: BarcodeKeyMatch?
    /// Measured − truth in millimetres, when the capture was measured and a box was expected.
    public var errors: DimensionErrors?
    public var verdict: VerificationVerdict
    /// Extra CSV columns, name → value.
    public var extra: [String: String]
    public var overlay: String?
    /// The `barcode` column's text when the CSV has one (non-empty), else nil.
    public var expectedBarcode: String? {
        guard let text = extra[GroundTruthTable.barcodeColumn]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
    /// True when a code with `expectedBarcode`'s text was read; nil without an expected code.
    public var barcodeMatch: Bool? {
        expectedBarcode.map { expected in record.barcodes.contains { $0.text == expected } }
    }

    public init(record: MeasurementRecord, truth: GroundTruthRow?, extraColumns: [String], toleranceMM: Double,
                overlay: String?, barcodeKey: BarcodeKeyMatch? = nil) {
        self.record = record
        self.truth = truth
        self.barcodeKey = barcodeKey
        var errors: DimensionErrors?
        if let truth, !truth.isNegative, let l = record.length, let w = record.width, let h = record.height {
            let toMM = 1000 / record.units.fromMeters(1)
            let t = truth.normalized
            errors = DimensionErrors(length: Self.round(l * toMM - t.length), width: Self.round(w * toMM - t.width),
                                     height: Self.round(h * toMM - t.height))
        }
        self.errors = errors
        verdict = VerificationVerdict.judge(record, truth: truth, errors: errors, toleranceMM: toleranceMM)
        extra = Dictionary(zip(extraColumns, truth?.extras ?? []), uniquingKeysWith: { a, _ in a })
        self.overlay = overlay
    }

    static func round(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    /// Measured sizes in millimetres, when measured.
    public var measuredMM: DimensionErrors? {
        guard let l = record.length, let w = record.width, let h = record.height else { return nil }
        let toMM = 1000 / record.units.fromMeters(1)
        return DimensionErrors(length: l * toMM, width: w * toMM, height: h * toMM)
    }

    public var capture: String { record.capture }

    /// Expanded uncertainties (k = 2) in millimetres, when measured.
    public var uncertaintyMM: DimensionErrors? {
        guard let u = record.uncertainty else { return nil }
        let toMM = 1000 / record.units.fromMeters(1)
        return DimensionErrors(length: u.length * toMM, width: u.width * toMM, height: u.height * toMM)
    }

    /// Per dimension (length, width, height), whether the truth lies within the stated ± U;
    /// nil without a measured positive, a truth or an uncertainty (records before schema 7).
    public var withinUncertainty: [Bool]? {
        guard let errors, let u = record.uncertainty else { return nil }
        let toMM = 1000 / record.units.fromMeters(1)
        return [abs(errors.length) <= u.length * toMM + 1e-9, abs(errors.width) <= u.width * toMM + 1e-9,
                abs(errors.height) <= u.height * toMM + 1e-9]
    }
}

extension VerificationResult: Codable {
    private struct TruthMM: Codable {
        var length: Double, width: Double, height: Double, line: Int
    }

    private enum ExtraKeys: String, CodingKey {
        case truthMM = "truth_mm", errorMM = "error_mm", verdict, extra, overlay
        case barcodeMatch = "barcode_match"
        case barcodeKey = "truth_by_barcode"
    }

    /// The record's keys and this type's keys share one JSON object.
    public func encode(to encoder: Encoder) throws {
        try record.encode(to: encoder)
        var c = encoder.container(keyedBy: ExtraKeys.self)
        try c.encode(truth.map { TruthMM(length: $0.lengthMM, width: $0.widthMM, height: $0.heightMM, line: $0.line) }, forKey: .truthMM)
        try c.encode(errors, forKey: .errorMM)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(extra, forKey: .extra)
        try c.encode(overlay, forKey: .overlay)
        try c.encode(barcodeMatch, forKey: .barcodeMatch)
        if let barcodeKey { try c.encode(barcodeKey, forKey: .barcodeKey) }
    }

    public init(from decoder: Decoder) throws {
        record = try MeasurementRecord(from: decoder)
        let c = try decoder.container(keyedBy: ExtraKeys.self)
        let t = try c.decodeIfPresent(TruthMM.self, forKey: .truthMM)
        extra = try c.decode([String: String].self, forKey: .extra)
        let capture = record.capture
        truth = t.map { GroundTruthRow(capture: capture, line: $0.line, lengthMM: $0.length, widthMM: $0.width, heightMM: $0.height) }
        barcodeKey = try c.decodeIfPresent(BarcodeKeyMatch.self, forKey: .barcodeKey)
        errors = try c.decodeIfPresent(DimensionErrors.self, forKey: .errorMM)
        verdict = try c.decode(VerificationVerdict.self, forKey: .verdict)
        overlay = try c.decodeIfPresent(String.self, forKey: .overlay)
    }

    /// One line of JSON, keys sorted (no newline).
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses one line; nil when it is not a complete result (a torn write).
    public static func parse(line: Substring) -> VerificationResult? {
        try? JSONDecoder().decode(VerificationResult.self, from: Data(line.utf8))
    }
}
