import Foundation
import Dimensioning

/// Whether the stated uncertainty is true, per sensor member and pooled: **coverage** is the share
/// of measured positives' dimensions whose truth lies within ± U (U = 2u, the 95 % interval;
/// target 92-98 %), **sharpness** the median U. Beside them, acceptance at the run's tolerance
/// and the naive top-plane rectangle (`naiveTopRectangle`) on the same captures: the engine's
/// median absolute error against the baseline's, over every positive both measured.
public struct CoverageSummary: Sendable, Codable, Equatable {
    public struct Row: Sendable, Codable, Equatable {
        public var sensor: String
        public var sensorClass: String
        /// Measured positives (every dimension counted).
        public var measured: Int
        /// Share of measured positives whose truth is within ± U, per dimension (L, W, H).
        public var coverage: [Double]
        /// Median expanded uncertainty U, mm, per dimension.
        public var medianUMM: [Double]
        /// Positives accepted at the tolerance, of all positives.
        public var accepted: Int
        public var positives: Int
        /// Accepted positives with an error beyond the tolerance in any dimension [0].
        public var acceptedBeyondTolerance: Int
        /// Negatives accepted at the tolerance [0].
        public var negativesAccepted: Int
        /// Negatives accepted at each of `CoverageSummary.tolerancesMM` [0, 0, 0]: a wider
        /// tolerance accepts a looser measurement of a cylinder or a pair as readily as of a box.
        public var negativesAcceptedAt: [Int]
        /// Positives accepted, and of them beyond the tolerance, at each of `CoverageSummary.tolerancesMM`
        /// (from each case's standard uncertainties: every U within it and the probability at
        /// least the minimum confidence).
        public var acceptedAt: [Int]
        public var beyondAt: [Int]
        /// Median absolute error, mm (L, W, H), of the engine and of the naive baseline, over the
        /// positives both measured.
        public var engineMedianMM: [Double]
        public var baselineMedianMM: [Double]
    }

    public var toleranceMM: Double
    /// What the rows are grouped by: "sensor" (each case's sensor member) unless the summary
    /// was made with another grouping.
    public var grouping = "sensor"
    public var rows: [Row]
    /// The tolerances acceptance is also counted at, mm: dimensioners' usual divisions.
    public static let tolerancesMM: [Double] = [5, 10, 20]

    /// Whether a measured case would be accepted at `tolerance` metres: every U within it and the
    /// model's probability at least `minConfidence` (`MeasurementUncertainty`'s rule).
    static func accepted(_ c: AccuracyBenchmark.Case, tolerance: Double, minConfidence: Double) -> Bool {
        guard let u = c.uncertainty else { return false }
        let model = MeasurementUncertainty(length: u[0], width: u[1], height: u[2], sensorClass: c.sensorClass ?? .unknown)
        return model.accepts(tolerance: tolerance, minimumConfidence: minConfidence)
    }

    /// Rows per sensor member, or per `group` of each case (named `grouping` in the table's
    /// header), and one pooled.
    public init(cases: [AccuracyBenchmark.Case], tolerance: Double, minConfidence: Double,
                grouping: String = "sensor", group: ((AccuracyBenchmark.Case) -> String)? = nil) {
        toleranceMM = tolerance * 1000
        self.grouping = grouping
        var groups: [(String, [AccuracyBenchmark.Case])] = []
        for c in cases {
            let key = group?(c) ?? c.sensor
            if let k = groups.firstIndex(where: { $0.0 == key }) { groups[k].1.append(c) } else { groups.append((key, [c])) }
        }
        if groups.count > 1 { groups.append(("all", cases)) }
        rows = groups.map { name, mine in
            let positives = mine.filter(\.isPositive)
            let measured = positives.filter { $0.measured != nil && $0.uncertainty != nil }
            func share(_ d: Int) -> Double {
                guard !measured.isEmpty else { return .nan }
                let inside = measured.filter { abs($0.signedErrors![d]) <= MeasurementUncertainty.coverageFactor * $0.uncertainty![d] }
                return Double(inside.count) / Double(measured.count)
            }
            func median(_ values: [Double]) -> Double { (Statistics.quantile(values, 0.5) ?? .nan) * 1000 }
            let accepted = positives.filter { $0.isAccepted(minConfidence) }
            // At each of `tolerancesMM`: how many of `cases` are accepted there and meet `counts`
            // (given the case and the tolerance in metres).
            func acceptedAtEachTolerance(_ cases: [AccuracyBenchmark.Case],
                                         counts: (AccuracyBenchmark.Case, Double) -> Bool) -> [Int] {
                Self.tolerancesMM.map { mm in
                    cases.filter { Self.accepted($0, tolerance: mm / 1000, minConfidence: minConfidence) && counts($0, mm / 1000) }.count
                }
            }
            let both = measured.filter { $0.baseline != nil }
            let classes = Set(mine.compactMap { $0.sensorClass?.rawValue }).sorted().joined(separator: "/")
            return Row(sensor: name, sensorClass: classes, measured: measured.count,
                       coverage: (0..<3).map(share),
                       medianUMM: (0..<3).map { d in median(measured.map { MeasurementUncertainty.coverageFactor * $0.uncertainty![d] }) },
                       accepted: accepted.count, positives: positives.count,
                       acceptedBeyondTolerance: accepted.filter { $0.absoluteErrors!.max()! > tolerance }.count,
                       negativesAccepted: mine.filter { !$0.isPositive && $0.isAccepted(minConfidence) }.count,
                       negativesAcceptedAt: acceptedAtEachTolerance(mine.filter { !$0.isPositive }) { _, _ in true },
                       acceptedAt: acceptedAtEachTolerance(positives) { _, _ in true },
                       beyondAt: acceptedAtEachTolerance(positives) { c, t in c.absoluteErrors!.max()! > t },
                       engineMedianMM: (0..<3).map { d in median(both.map { $0.absoluteErrors![d] }) },
                       baselineMedianMM: (0..<3).map { d in median(both.map { abs($0.baseline![d] - $0.truth[d]) }) })
        }
    }

    /// A Markdown table, one row per sensor member (or group) and one pooled, under a line
    /// naming the tolerance.
    public var table: String {
        String(format: "uncertainty (U = 2u, about 95 %%) and acceptance at a %.0f mm tolerance", toleranceMM)
            + "\n\n" + rowsTable
    }

    /// The Markdown table alone.
    public var rowsTable: String {
        func triple(_ v: [Double], _ format: String) -> String {
            v.map { $0.isNaN ? "-" : String(format: format, $0) }.joined(separator: " / ")
        }
        var lines = [
            "| \(grouping) | class | measured | coverage L / W / H | median U L / W / H (mm) | accepted | accepted beyond tolerance | negatives accepted at 5 / 10 / 20 mm | accepted at 5 / 10 / 20 mm (beyond) | engine median abs error (mm) | naive baseline (mm) |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for r in rows {
            lines.append("| \(r.sensor) | \(r.sensorClass) | \(r.measured) | \(triple(r.coverage.map { $0 * 100 }, "%.0f %%")) | "
                + "\(triple(r.medianUMM, "%.1f")) | \(r.accepted)/\(r.positives) | \(r.acceptedBeyondTolerance) | "
                + r.negativesAcceptedAt.map(String.init).joined(separator: " / ") + " | "
                + zip(r.acceptedAt, r.beyondAt).map { "\($0) (\($1))" }.joined(separator: " / ") + " | "
                + "\(triple(r.engineMedianMM, "%.1f")) | \(triple(r.baselineMedianMM, "%.1f")) |")
        }
        return lines.joined(separator: "\n")
    }
}
