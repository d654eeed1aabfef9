/// Order statistics used by the pipeline's robust estimators.
enum Statistics {
    /// The q-quantile (0...1) of `values` by linear interpolation between order statistics;
    /// nil for an empty input.
    static func quantile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return quantile(sorted: sorted, q)
    }

    /// As `quantile(_:_:)` for values already sorted ascending.
    static func quantile(sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = min(max(q, 0), 1) * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let t = position - Double(lower)
        return sorted[lower] * (1 - t) + sorted[upper] * t
    }

    static func median(_ values: [Double]) -> Double? { quantile(values, 0.5) }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// Mean of the values between the `trim` and `1 - trim` quantiles (a trimmed mean).
    static func trimmedMean(_ values: [Double], trim: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let drop = Int(Double(sorted.count) * min(max(trim, 0), 0.49))
        let kept = sorted[drop..<(sorted.count - drop)]
        return kept.reduce(0, +) / Double(kept.count)
    }

    /// Median absolute deviation from the median, scaled by 1.4826 to estimate a Gaussian sigma.
    static func robustSigma(_ values: [Double]) -> Double? {
        guard let m = median(values) else { return nil }
        return median(values.map { abs($0 - m) }).map { 1.4826 * $0 }
    }

    /// Population standard deviation.
    static func standardDeviation(_ values: [Double]) -> Double? {
        guard let m = mean(values) else { return nil }
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count)).squareRoot()
    }
}
