import Dimensioning
import Foundation

/// The accuracy benchmark's side errors (`AccuracyBenchmark.Case.sideErrors`, millimetres) per
/// sensor-family member and per way the side was located (`EdgeMethod`, with silhouette sides
/// facing the camera apart): which estimator carries a member's bias.
///
/// Every measured positive counts, accepted or not, as in the median signed dimension errors.
public struct AccuracyBySide: Sendable, Codable, Equatable {
    /// One member's sides located one way.
    public struct Row: Sendable, Codable, Equatable {
        public var sensor: String
        /// `EdgeMethod.rawValue`, with "_facing" appended for silhouette sides facing the camera.
        public var method: String
        public var sides: Int
        /// Median signed side error (positive: the side lies outside the true box), mm.
        public var medianSignedErrorMM: Double
        /// 10th and 90th percentiles of the signed side error, mm.
        public var p10SignedErrorMM: Double
        public var p90SignedErrorMM: Double
    }

    public var rows: [Row]

    public init(cases: [AccuracyBenchmark.Case]) {
        var order: [String] = []
        var errors: [String: [String: [Double]]] = [:]
        for c in cases where c.isPositive {
            guard let sideErrors = c.sideErrors, let edges = c.edges, edges.count == sideErrors.count else { continue }
            if !order.contains(c.sensor) { order.append(c.sensor) }
            for (edge, error) in zip(edges, sideErrors) {
                let method = edge.method.rawValue + (edge.method == .silhouette && edge.facesCamera ? "_facing" : "")
                errors[c.sensor, default: [:]][method, default: []].append(error * 1000)
            }
        }
        rows = order.flatMap { sensor in
            (errors[sensor] ?? [:]).keys.sorted().map { method in
                let values = errors[sensor]![method]!
                return Row(sensor: sensor, method: method, sides: values.count,
                           medianSignedErrorMM: Statistics.quantile(values, 0.5) ?? 0,
                           p10SignedErrorMM: Statistics.quantile(values, 0.1) ?? 0,
                           p90SignedErrorMM: Statistics.quantile(values, 0.9) ?? 0)
            }
        }
    }

    /// A Markdown table: one row per member and method.
    public var table: String {
        var lines = [
            "| sensor | side located by | sides | median signed (mm) | p10 / p90 signed (mm) |",
            "|---|---|---|---|---|",
        ]
        for r in rows {
            lines.append(String(format: "| %@ | %@ | %d | %+.1f | %+.1f / %+.1f |", r.sensor, r.method, r.sides,
                                r.medianSignedErrorMM, r.p10SignedErrorMM, r.p90SignedErrorMM))
        }
        return lines.joined(separator: "\n")
    }
}
