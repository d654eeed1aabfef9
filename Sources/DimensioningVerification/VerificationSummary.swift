import Foundation
import Dimensioning

/// The statistics of a verification run (written as `summary.json`, printed as a table).
///
/// Errors are absolute, millimetres, over accepted captures that expected a box. Median is the
/// mean of the two middle values for an even count; the 95th percentile is the nearest-rank
/// value (the smallest error with at least 95 % of errors at or below it).
public struct VerificationSummary: Sendable, Equatable, Codable {
    /// Absolute-error statistics of one dimension, millimetres.
    public struct ErrorStatistics: Sendable, Equatable, Codable {
        public var count: Int
        public var mean: Double
        public var median: Double
        public var p95: Double
        public var max: Double
        /// Share (0...1) of accepted captures within tolerance on this dimension.
        public var withinTolerance: Double
        /// Mean and median of the signed error (measured − truth, mm): a sensor's or the
        /// engine's bias shows here while the absolute figures can look fine.
        public var signedMean: Double = 0
        public var signedMedian: Double = 0

        enum CodingKeys: String, CodingKey {
            case count, mean, median, p95, max
            case withinTolerance = "within_tolerance"
            case signedMean = "signed_mean"
            case signedMedian = "signed_median"
        }

        public init(count: Int, mean: Double, median: Double, p95: Double, max: Double, withinTolerance: Double,
                    signedMean: Double = 0, signedMedian: Double = 0) {
            self.count = count; self.mean = mean; self.median = median; self.p95 = p95; self.max = max
            self.withinTolerance = withinTolerance; self.signedMean = signedMean; self.signedMedian = signedMedian
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            count = try c.decode(Int.self, forKey: .count)
            mean = try c.decode(Double.self, forKey: .mean)
            median = try c.decode(Double.self, forKey: .median)
            p95 = try c.decode(Double.self, forKey: .p95)
            max = try c.decode(Double.self, forKey: .max)
            withinTolerance = try c.decode(Double.self, forKey: .withinTolerance)
            // Absent in summaries written before signed errors were reported.
            signedMean = try c.decodeIfPresent(Double.self, forKey: .signedMean) ?? 0
            signedMedian = try c.decodeIfPresent(Double.self, forKey: .signedMedian) ?? 0
        }
    }

    /// A capture among the worst, with why.
    public struct Worst: Sendable, Equatable, Codable {
        public var capture: String
        public var verdict: VerificationVerdict
        /// Largest absolute error (mm), when measured against a box.
        public var maxAbsErrorMM: Double?
        public var confidence: Double?
        public var reason: String
        public var overlay: String?

        enum CodingKeys: String, CodingKey {
            case capture, verdict
            case maxAbsErrorMM = "max_abs_error_mm"
            case confidence, reason, overlay
        }
    }

    public var schema = "boxdim.verification/1"
    /// The dataset's extra CSV columns, in file order (so merged shards keep them).
    public var extraColumns: [String]
    public var toleranceMM: Double
    public var minConfidence: Double
    public var total: Int
    /// Captures that produced a size (accepted or low confidence).
    public var measured: Int
    public var accepted: Int
    /// Captures the engine refused (no measurement), positives and negatives.
    public var refused: Int
    public var lowConfidence: Int
    public var unreadable: Int
    public var negatives: Int
    public var negativesWronglyAccepted: Int
    /// Number of captures per verdict (every verdict listed).
    public var verdicts: [String: Int]
    public var length: ErrorStatistics
    public var width: ErrorStatistics
    public var height: ErrorStatistics
    /// Share (0...1) of accepted positives with all three dimensions within tolerance.
    public var withinTolerance: Double
    public var worst: [Worst]
    /// True when every accepted measurement is within tolerance and no negative was accepted.
    /// Captures of a dataset keyed by barcode that matched no row (verdict `unmatched`) and rows
    /// no capture matched do not fail it: they are listed in `barcodeKeying`.
    public var passed: Bool
    /// A dataset keyed by barcode: how captures met rows (absent from the JSON otherwise).
    public var barcodeKeying: BarcodeKeyingSummary?
    /// Whether the stated uncertainty is true: over every measured positive with a truth (accepted
    /// or not), the share whose truth lies within ± U, per dimension (length, width, height;
    /// about 0.95 when the model is right), and how many were counted. Nil before schema 7's
    /// records (no uncertainty) or with nothing measured.
    public var coverage: [Double]?
    public var coverageCount: Int?

    enum CodingKeys: String, CodingKey {
        case schema
        case extraColumns = "extra_columns"
        case toleranceMM = "tolerance_mm"
        case minConfidence = "min_confidence"
        case total, measured, accepted, refused
        case lowConfidence = "low_confidence"
        case unreadable, negatives
        case negativesWronglyAccepted = "negatives_wrongly_accepted"
        case verdicts, length, width, height
        case withinTolerance = "within_tolerance"
        case worst, passed
        case barcodeKeying = "barcode_keying"
        case coverage
        case coverageCount = "coverage_count"
    }

    /// Summarises `results` (any order: they are sorted by capture first). `barcodeRows`, the
    /// rows of a table keyed by barcode, adds `barcodeKeying`.
    public init(results: [VerificationResult], toleranceMM: Double, minConfidence: Double,
                extraColumns: [String] = [], worstCount: Int = 12, barcodeRows: [BarcodeKeyMatch.RowKey]? = nil) {
        self.extraColumns = extraColumns
        let results = results.sorted { $0.capture.utf8.lexicographicallyPrecedes($1.capture.utf8) }
        self.toleranceMM = toleranceMM
        self.minConfidence = minConfidence
        total = results.count
        measured = results.filter { $0.record.length != nil }.count
        accepted = results.filter { $0.record.status == .accepted }.count
        refused = results.filter { $0.record.status == .noMeasurement }.count
        lowConfidence = results.filter { $0.record.status == .lowConfidence }.count
        unreadable = results.filter { $0.record.status == .unreadable }.count
        negatives = results.filter { $0.truth?.isNegative == true }.count
        negativesWronglyAccepted = results.filter { $0.verdict == .negativeWronglyAccepted }.count
        var verdicts: [String: Int] = [:]
        for v in VerificationVerdict.allCases { verdicts[v.rawValue] = 0 }
        for r in results { verdicts[r.verdict.rawValue, default: 0] += 1 }
        self.verdicts = verdicts
        let errors = results.filter { $0.record.status == .accepted }.compactMap(\.errors)
        length = Self.statistics(signed: errors.map(\.length), tolerance: toleranceMM)
        width = Self.statistics(signed: errors.map(\.width), tolerance: toleranceMM)
        height = Self.statistics(signed: errors.map(\.height), tolerance: toleranceMM)
        withinTolerance = errors.isEmpty ? 0 : Double(errors.filter { $0.maximumAbsolute <= toleranceMM }.count) / Double(errors.count)
        worst = Self.worst(results, count: worstCount)
        passed = !results.contains { $0.verdict.isFailure }
        barcodeKeying = barcodeRows.map { BarcodeKeyingSummary(results: results, rows: $0) }
        let judged = results.compactMap(\.withinUncertainty)
        coverageCount = judged.count
        coverage = judged.isEmpty ? nil : (0..<3).map { d in
            Self.rounded(Double(judged.filter { $0[d] }.count) / Double(judged.count))
        }
    }

    /// Statistics of absolute errors (all zero for none).
    public static func statistics(_ values: [Double], tolerance: Double) -> ErrorStatistics {
        guard !values.isEmpty else { return ErrorStatistics(count: 0, mean: 0, median: 0, p95: 0, max: 0, withinTolerance: 0) }
        let s = values.sorted()
        let n = s.count
        let median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
        let rank = Int((0.95 * Double(n)).rounded(.up))
        let p95 = s[Swift.max(0, Swift.min(n, rank) - 1)]
        let mean = s.reduce(0, +) / Double(n)
        let within = Double(s.filter { $0 <= tolerance }.count) / Double(n)
        return ErrorStatistics(count: n, mean: rounded(mean), median: rounded(median), p95: rounded(p95),
                               max: rounded(s[n - 1]), withinTolerance: rounded(within))
    }

    /// Statistics of signed errors (mm): the absolute figures of `statistics(_:tolerance:)` plus
    /// the signed mean and median.
    public static func statistics(signed values: [Double], tolerance: Double) -> ErrorStatistics {
        var result = statistics(values.map(abs), tolerance: tolerance)
        guard !values.isEmpty else { return result }
        let s = values.sorted(), n = s.count
        result.signedMedian = rounded(n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2)
        result.signedMean = rounded(s.reduce(0, +) / Double(n))
        return result
    }

    static func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    /// Failures first (wrongly accepted negatives, then out of tolerance by error), then the
    /// other measured positives by error; ties by capture.
    static func worst(_ results: [VerificationResult], count: Int) -> [Worst] {
        func rank(_ r: VerificationResult) -> Int {
            switch r.verdict {
            case .negativeWronglyAccepted: 0
            case .acceptedOutOfTolerance: 1
            default: 2
            }
        }
        let candidates = results.filter { $0.verdict.isFailure || $0.errors != nil }
        let sorted = candidates.sorted { a, b in
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            let ea = a.errors?.maximumAbsolute ?? 0, eb = b.errors?.maximumAbsolute ?? 0
            if ea != eb { return ea > eb }
            return a.capture.utf8.lexicographicallyPrecedes(b.capture.utf8)
        }
        return sorted.prefix(count).map { r in
            Worst(capture: r.capture, verdict: r.verdict, maxAbsErrorMM: r.errors.map { rounded($0.maximumAbsolute) },
                  confidence: r.record.confidence, reason: reason(r), overlay: r.overlay)
        }
    }

    static func reason(_ r: VerificationResult) -> String {
        if r.verdict == .negativeWronglyAccepted {
            return String(format: "no box expected, but accepted at confidence %.2f", r.record.confidence ?? 0)
        }
        guard let e = r.errors else { return r.record.error?.message ?? r.verdict.label }
        let parts = zip(["length", "width", "height"], e.all).map { String(format: "%@ %+.1f mm", $0.0, $0.1) }
        var text = parts.joined(separator: ", ")
        if r.verdict == .lowConfidence { text += String(format: " (held back: confidence %.2f)", r.record.confidence ?? 0) }
        return text
    }

    /// `summary.json` content: pretty, keys sorted, ends with a newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
