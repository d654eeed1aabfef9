import Dimensioning
import Foundation

/// The accuracy benchmark's figures per sensor-family member (errors in millimetres), so that
/// a bias that one edge behaviour causes cannot hide in the pooled numbers.
public struct AccuracyBySensor: Sendable, Codable, Equatable {
    /// One member's figures.
    public struct Row: Sendable, Codable, Equatable {
        public var sensor: String
        public var positives: Int
        public var accepted: Int
        public var negatives: Int
        public var negativesAccepted: Int
        /// Median signed error (measured − true) per dimension over every *measured* positive,
        /// accepted or not: the sensor's bias as the engine sees it [within ±1.5 mm].
        public var medianSignedErrorMM: [Double]
        /// Median signed error over accepted positives only.
        public var acceptedMedianSignedErrorMM: [Double]
        /// Median and 95th-percentile absolute error per dimension over accepted positives.
        public var medianErrorMM: [Double]
        public var p95ErrorMM: [Double]
        /// Accepted positives off by more than 10 / 20 mm in any dimension.
        public var acceptedOver10mm: Int
        public var acceptedOver20mm: Int
    }

    public var minConfidence: Double
    public var rows: [Row]

    public init(cases: [AccuracyBenchmark.Case], minConfidence: Double) {
        self.minConfidence = minConfidence
        var order: [String] = []
        for c in cases where !order.contains(c.sensor) { order.append(c.sensor) }
        rows = order.map { sensor in
            let mine = cases.filter { $0.sensor == sensor }
            let positives = mine.filter(\.isPositive)
            let accepted = positives.filter { $0.isAccepted(minConfidence) }
            let measuredSigned = positives.compactMap(\.signedErrors)
            let acceptedSigned = accepted.compactMap(\.signedErrors)
            let acceptedAbs = accepted.compactMap(\.absoluteErrors)
            func quantile(_ errors: [[Double]], _ q: Double) -> [Double] {
                // 0 when there is no case (JSON has no NaN); the table prints "-" for those.
                (0..<3).map { d in (Statistics.quantile(errors.map { $0[d] }, q) ?? 0) * 1000 }
            }
            return Row(sensor: sensor, positives: positives.count, accepted: accepted.count,
                       negatives: mine.count - positives.count,
                       negativesAccepted: mine.filter { !$0.isPositive && $0.isAccepted(minConfidence) }.count,
                       medianSignedErrorMM: quantile(measuredSigned, 0.5),
                       acceptedMedianSignedErrorMM: quantile(acceptedSigned, 0.5),
                       medianErrorMM: quantile(acceptedAbs, 0.5), p95ErrorMM: quantile(acceptedAbs, 0.95),
                       acceptedOver10mm: acceptedAbs.filter { $0.max()! > 0.010 }.count,
                       acceptedOver20mm: acceptedAbs.filter { $0.max()! > 0.020 }.count)
        }
    }

    /// A Markdown table: one row per member.
    public var table: String {
        func triple(_ v: [Double]) -> String { v.map { String(format: "%+.1f", $0) }.joined(separator: " / ") }
        func plain(_ v: [Double]) -> String { v.map { String(format: "%.1f", $0) }.joined(separator: " / ") }
        func cell(_ r: Row, _ text: String) -> String { r.accepted == 0 ? "-" : text }
        var lines = [
            "| sensor | accepted | median signed L/W/H, all measured (mm) | median signed, accepted | median abs | p95 abs | >10 mm | >20 mm | negatives accepted |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for r in rows {
            lines.append("| \(r.sensor) | \(r.accepted)/\(r.positives) | \(triple(r.medianSignedErrorMM)) | \(cell(r, triple(r.acceptedMedianSignedErrorMM))) | \(cell(r, plain(r.medianErrorMM))) | \(cell(r, plain(r.p95ErrorMM))) | \(r.acceptedOver10mm) | \(r.acceptedOver20mm) | \(r.negativesAccepted)/\(r.negatives) |")
        }
        return lines.joined(separator: "\n")
    }
}
