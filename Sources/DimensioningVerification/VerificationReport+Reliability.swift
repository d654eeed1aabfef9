import Foundation
import Dimensioning

/// Whether the confidence means what it says: the captures binned by their stated confidence
/// (the model's probability that all three dimensions are within the tolerance), and in each
/// bin the share that was within it. A true confidence lies on the diagonal.
extension VerificationReport {
    /// One bin of `reliabilityBins`: confidences in `range`, their mean, and how many of the
    /// bin's measured positives had every dimension within the tolerance.
    struct ReliabilityBin: Equatable {
        var range: ClosedRange<Double>
        var count: Int
        var meanConfidence: Double
        var withinTolerance: Int
        var observed: Double { count == 0 ? .nan : Double(withinTolerance) / Double(count) }
    }

    /// Measured positives with a truth, in five bins of stated confidence (0-0.2, ..., 0.8-1).
    static func reliabilityBins(_ results: [VerificationResult], toleranceMM: Double) -> [ReliabilityBin] {
        var bins = (0..<5).map { k in
            ReliabilityBin(range: Double(k) / 5...Double(k + 1) / 5, count: 0, meanConfidence: 0, withinTolerance: 0)
        }
        for r in results {
            guard let c = r.record.confidence, let e = r.errors else { continue }
            let k = min(4, max(0, Int(c * 5)))
            bins[k].count += 1
            bins[k].meanConfidence += c
            if e.maximumAbsolute <= toleranceMM { bins[k].withinTolerance += 1 }
        }
        for k in bins.indices where bins[k].count > 0 { bins[k].meanConfidence /= Double(bins[k].count) }
        return bins
    }

    /// Observed share within the tolerance against the mean stated confidence, per bin (circles
    /// sized by count), the diagonal dashed.
    func reliabilityChart() -> String {
        let bins = Self.reliabilityBins(results, toleranceMM: summary.toleranceMM)
        let frame = Frame(x: 0...1, y: 0...1)
        var body = "<line class=\"limit\" x1=\"\(Self.f(frame.px(0)))\" y1=\"\(Self.f(frame.py(0)))\" x2=\"\(Self.f(frame.px(1)))\" y2=\"\(Self.f(frame.py(1)))\"/>"
        let largest = Double(max(1, bins.map(\.count).max() ?? 1))
        var rows = ""
        for bin in bins where bin.count > 0 {
            let radius = 3 + 7 * (Double(bin.count) / largest).squareRoot()
            body += "<circle cx=\"\(Self.f(frame.px(bin.meanConfidence)))\" cy=\"\(Self.f(frame.py(bin.observed)))\" r=\"\(Self.f(radius))\" fill=\"#2563eb\" fill-opacity=\"0.6\" stroke=\"#2563eb\"><title>\(bin.count) captures</title></circle>"
            rows += "<tr><td>\(Self.number(bin.range.lowerBound, 1))-\(Self.number(bin.range.upperBound, 1))</td><td>\(bin.count)</td>"
                + "<td>\(Self.number(bin.meanConfidence, 2))</td><td>\(Self.number(bin.observed, 2))</td></tr>"
        }
        let table = rows.isEmpty ? "" : "<table><tr><th>stated confidence</th><th>captures</th><th>mean stated</th><th>observed within ±\(Self.number(summary.toleranceMM, 0)) mm</th></tr>\(rows)</table>"
        return "<div class=\"card\"><h3>Confidence against what happened</h3>"
            + frame.svg(xLabel: "stated confidence (mean of the bin)", yLabel: "share within the tolerance", body: body)
            + "<p class=\"caption\">measured captures with a box expected, binned by confidence · dashed: a true confidence</p>"
            + table + "</div>"
    }
}
