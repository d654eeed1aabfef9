import Foundation
import Dimensioning

/// One line of `results.jsonl`: the capture's `MeasurementRecord` (the object `measure --json`
/// prints, same keys) plus `truth_mm`, `error_mm`, `verdict`, `extra` (the CSV's extra columns)
/// `overlay` (file name under `overlays/`, when one was drawn) and `barcode_match` (with a
/// `barcode` column in `ground_truth.csv`: whether a code with that text was read; null
/// without the column or with an empty cell). In a dataset keyed by barcode it also has
/// `truth_by_barcode` (`BarcodeKeyMatch`: how the row was found, or why none was), and an
/// unmatched capture has `truth_mm` null and the verdict `unmatched`.
///
/// A carton of a scene (rows with `x_mm,y_mm,z_mm`; `SceneCartonMatch`) has its own line: its
/// record is the carton's record from `measure --all` (`capture` is the scene's path with
/// `#index`, or `#L<line>` for a row where no carton stands), and `carton` says which scene,
/// carton and row it is: `{"scene": "pallet/frame-1", "index": 5, "line": 3, "offset_mm": 12.4}`
/// (`index` and `offset_mm` null when no carton stands at the row's position, `line` null for a
/// carton no row names, whose verdict is `unmatched`).
public struct VerificationResult: Sendable, Equatable {
    /// Which carton of which scene a result is, for the rows naming cartons by their position.
    public struct SceneCarton: Sendable, Equatable, Codable {
        /// The scene's capture path as ground_truth.csv writes it.
        public var scene: String
        /// The carton's index in the scene (`SceneRecord.Box.index`); nil when none stands at the row's position.
        public var index: Int?
        /// The ground-truth row's line; nil for a carton no row names.
        public var line: Int?
        /// Distance across the floor from the row's position to the carton's top centre, mm.
        public var offsetMM: Double?

        public init(scene: String, index: Int?, line: Int?, offsetMM: Double?) {
            self.scene = scene
            self.index = index
            self.line = line
            self.offsetMM = offsetMM
        }

        enum CodingKeys: String, CodingKey {
            case scene, index, line
            case offsetMM = "offset_mm"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(scene, forKey: .scene)
            try c.encode(index, forKey: .index)
            try c.encode(line, forKey: .line)
            try c.encode(offsetMM, forKey: .offsetMM)
        }
    }

    public var record: MeasurementRecord
    /// For a carton of a scene: which scene, carton and row; nil for a capture measured whole.
    public var carton: SceneCarton?
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
                overlay: String?, barcodeKey: BarcodeKeyMatch? = nil, carton: SceneCarton? = nil) {
        self.record = record
        self.carton = carton
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

    /// The order of `results.jsonl`: by capture path (byte order), a scene's cartons by their
    /// row's line, then the cartons no row names by index.
    public static func runOrder(_ a: VerificationResult, _ b: VerificationResult) -> Bool {
        let pathA = a.carton?.scene ?? a.capture, pathB = b.carton?.scene ?? b.capture
        if pathA != pathB { return pathA.utf8.lexicographicallyPrecedes(pathB.utf8) }
        let keyA = (a.carton?.line ?? Int.max, a.carton?.index ?? 0), keyB = (b.carton?.line ?? Int.max, b.carton?.index ?? 0)
        return keyA < keyB
    }

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
        case carton
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
        if let carton { try c.encode(carton, forKey: .carton) }
    }

    public init(from decoder: Decoder) throws {
        record = try MeasurementRecord(from: decoder)
        let c = try decoder.container(keyedBy: ExtraKeys.self)
        let t = try c.decodeIfPresent(TruthMM.self, forKey: .truthMM)
        extra = try c.decode([String: String].self, forKey: .extra)
        carton = try c.decodeIfPresent(SceneCarton.self, forKey: .carton)
        let capture = carton?.scene ?? record.capture
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
