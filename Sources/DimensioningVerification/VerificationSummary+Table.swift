import Foundation
import Dimensioning

extension VerificationSummary {
    /// The summary as a plain-text table for terminals and READMEs.
    public func table() -> String {
        func pct(_ x: Double) -> String { String(format: "%.1f %%", x * 100) }
        var lines: [String] = []
        lines.append(String(format: "captures %d: measured %d, accepted %d, low confidence %d, refused %d, unreadable %d",
                            total, measured, accepted, lowConfidence, refused, unreadable))
        if let unnamed = verdicts[VerificationVerdict.unmatched.rawValue], unnamed > 0 {
            lines.append("no ground-truth row names \(unnamed) of them (a scene's cartons beyond its rows, or captures whose codes match no row): measured, not judged")
        }
        lines.append(String(format: "tolerance ±%g mm, minimum confidence %.2f", toleranceMM, minConfidence))
        lines.append("")
        lines.append("dimension   n    mean    median  p95     max     within ±tol")
        for (name, s) in [("length", length), ("width", width), ("height", height)] {
            lines.append(name.padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: " %4d %7.1f %7.1f %7.1f %7.1f   %@", s.count, s.mean, s.median, s.p95, s.max, pct(s.withinTolerance)))
        }
        lines.append("(absolute errors in mm over accepted captures)")
        lines.append("")
        lines.append("all three within tolerance: \(pct(withinTolerance)) of accepted")
        lines.append("negatives wrongly accepted: \(negativesWronglyAccepted) of \(negatives)")
        if let coverage {
            lines.append("truth within ± U (k = 2, about 95 % claimed): L \(pct(coverage[0])) / W \(pct(coverage[1])) / H \(pct(coverage[2])) of \(coverageCount ?? 0) measured")
        }
        let shown = worst.prefix(5)
        if !shown.isEmpty {
            lines.append("worst captures:")
            for w in shown { lines.append("  \(w.capture): \(w.verdict.label); \(w.reason)") }
        }
        if let barcodeKeying { lines += barcodeKeying.tableLines() }
        lines.append(passed ? "PASSED" : "FAILED: accepted measurements out of tolerance or negatives accepted")
        return lines.joined(separator: "\n")
    }
}
