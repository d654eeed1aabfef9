import Foundation
import Dimensioning

/// Figures of the accuracy benchmark (issue targets in brackets), errors in millimetres.
public struct AccuracySummary: Sendable, Codable, Equatable {
    public var captures: Int
    public var positives: Int
    public var negatives: Int
    /// Median and 95th-percentile absolute error (mm) per dimension over accepted positives
    /// [median <= 3, p95 <= 10].
    public var medianErrorMM: [Double]
    public var p95ErrorMM: [Double]
    public var maxErrorMM: [Double]
    /// Median and mean signed error (measured − true, mm) per dimension over accepted
    /// positives: a bias shows here even when the absolute errors look small [median within
    /// ±1.5 mm for every sensor].
    public var medianSignedErrorMM: [Double]
    public var meanSignedErrorMM: [Double]
    /// Share of positives accepted at `minConfidence` [>= 0.90].
    public var positivesAcceptedShare: Double
    /// Negatives accepted at `minConfidence` [0].
    public var negativesAccepted: Int
    /// Accepted measurements off by more than 20 mm in any dimension [0].
    public var acceptedOver20mm: Int
    /// Accepted measurements off by more than 10 mm in any dimension [<= 2 % of accepted].
    public var acceptedOver10mm: Int
    /// Positives accepted.
    public var positivesAccepted: Int
    public var minConfidence: Double
    /// Refusal codes and how often each occurred, for positives and negatives.
    public var positiveRefusals: [String: Int]
    public var negativeOutcomes: [String: Int]

    public init(cases: [AccuracyBenchmark.Case], minConfidence: Double) {
        self.minConfidence = minConfidence
        captures = cases.count
        let positive = cases.filter(\.isPositive)
        positives = positive.count
        negatives = cases.count - positive.count
        let accepted = positive.filter { $0.isAccepted(minConfidence) }
        let errors = accepted.compactMap(\.absoluteErrors)
        let signed = accepted.compactMap(\.signedErrors)
        func stat(_ q: Double) -> [Double] {
            (0..<3).map { d in (Statistics.quantile(errors.map { $0[d] }, q) ?? .nan) * 1000 }
        }
        medianErrorMM = stat(0.5)
        p95ErrorMM = stat(0.95)
        maxErrorMM = stat(1.0)
        medianSignedErrorMM = (0..<3).map { d in (Statistics.quantile(signed.map { $0[d] }, 0.5) ?? .nan) * 1000 }
        meanSignedErrorMM = (0..<3).map { d in
            signed.isEmpty ? .nan : signed.map { $0[d] }.reduce(0, +) / Double(signed.count) * 1000
        }
        positivesAccepted = accepted.count
        positivesAcceptedShare = positives == 0 ? 0 : Double(accepted.count) / Double(positives)
        negativesAccepted = cases.filter { !$0.isPositive && $0.isAccepted(minConfidence) }.count
        acceptedOver20mm = errors.filter { $0.max()! > 0.020 }.count
        acceptedOver10mm = errors.filter { $0.max()! > 0.010 }.count
        var refusals: [String: Int] = [:]
        for c in positive where !c.isAccepted(minConfidence) {
            refusals[c.errorCode ?? "low_confidence", default: 0] += 1
        }
        positiveRefusals = refusals
        var outcomes: [String: Int] = [:]
        for c in cases where !c.isPositive {
            let key = c.errorCode ?? (c.isAccepted(minConfidence) ? "ACCEPTED" : "low_confidence")
            outcomes["\(c.kind.rawValue): \(key)", default: 0] += 1
        }
        negativeOutcomes = outcomes
    }

    /// A plain-text table for terminals and the README.
    public var table: String {
        func f(_ v: Double) -> String { String(format: "%6.2f", v) }
        var lines = [
            "captures: \(captures) (\(positives) positives, \(negatives) negatives), gate confidence >= \(minConfidence)",
            "",
            "| dimension | median abs error (mm) | p95 abs error (mm) | max (mm) | median signed (mm) | mean signed (mm) |",
            "|-----------|----------------------|--------------------|----------|--------------------|------------------|",
        ]
        for (d, name) in ["length", "width", "height"].enumerated() {
            lines.append("| \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) | \(f(medianErrorMM[d]))               | \(f(p95ErrorMM[d]))             | \(f(maxErrorMM[d]))   | \(f(medianSignedErrorMM[d]))             | \(f(meanSignedErrorMM[d]))           |")
        }
        lines.append("")
        lines.append(String(format: "positives accepted: %.1f %%", positivesAcceptedShare * 100))
        lines.append("negatives accepted: \(negativesAccepted)")
        lines.append("accepted but off by > 10 mm: \(acceptedOver10mm) of \(positivesAccepted)")
        lines.append("accepted but off by > 20 mm: \(acceptedOver20mm)")
        if !positiveRefusals.isEmpty {
            lines.append("positives not accepted: " + positiveRefusals.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        lines.append("negatives: " + negativeOutcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
