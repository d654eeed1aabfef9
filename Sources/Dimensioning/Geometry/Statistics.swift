/// Order statistics used by the pipeline's robust estimators.
///
/// Quantiles are found by selection (Hoare's quickselect, median-of-three pivots, falling back
/// to a sort for small or degenerate ranges) rather than by sorting: the order statistics it
/// returns are the very values a sort would put at those ranks, so results are identical.
package enum Statistics {
    /// The q-quantile (0...1) of `values` by linear interpolation between order statistics;
    /// nil for an empty input.
    package static func quantile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        var scratch = values
        return scratch.withUnsafeMutableBufferPointer { quantile(selecting: $0, q) }
    }

    /// As `quantile(_:_:)`, reordering `buffer` in place (no allocation); nil when empty.
    static func quantile(selecting buffer: UnsafeMutableBufferPointer<Double>, _ q: Double) -> Double? {
        guard !buffer.isEmpty else { return nil }
        let (lower, upper, t) = ranks(count: buffer.count, q)
        let low = select(buffer, lower)
        // After selection everything right of `lower` is >= it: the next order statistic is
        // their minimum.
        var high = low
        if upper > lower {
            high = buffer[upper]
            for i in (lower + 1)..<buffer.count where buffer[i] < high { high = buffer[i] }
        }
        return low * (1 - t) + high * t
    }

    /// The order statistic at the q-quantile's lower rank (0...1; no interpolation): the value
    /// `values.sorted()[Int(q * (count - 1))]`; nil for an empty input. A cluster's highest level
    /// is its heights' 99th percentile at this rank (`objectTop`, `boxCandidates`,
    /// `smallObjectRefusal`): the value of one of its points, not a blend of two.
    package static func lowerRankQuantile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        var scratch = values
        return scratch.withUnsafeMutableBufferPointer { select($0, ranks(count: $0.count, q).lower) }
    }

    /// As `quantile(_:_:)` for values already sorted ascending.
    static func quantile(sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let (lower, upper, t) = ranks(count: sorted.count, q)
        return sorted[lower] * (1 - t) + sorted[upper] * t
    }

    /// The two order statistics (0-based ranks) the q-quantile interpolates and the weight of
    /// the upper one.
    @inline(__always)
    static func ranks(count: Int, _ q: Double) -> (lower: Int, upper: Int, t: Double) {
        let position = min(max(q, 0), 1) * Double(count - 1)
        let lower = Int(position.rounded(.down))
        return (lower, min(lower + 1, count - 1), position - Double(lower))
    }

    /// The element of rank `k` (0-based) in ascending order: the value `sorted()[k]` would
    /// hold. Reorders `a` so that `a[..<k] <= a[k] <= a[(k+1)...]`. Values must not be NaN.
    static func select<T: Comparable>(_ a: UnsafeMutableBufferPointer<T>, _ k: Int) -> T {
        precondition(k >= 0 && k < a.count)
        var lo = 0, hi = a.count - 1, rounds = 0
        while hi > lo {
            if hi - lo < 16 { // small: insertion sort of the rest
                for i in (lo + 1)...hi {
                    let v = a[i]
                    var j = i
                    while j > lo && v < a[j - 1] { a[j] = a[j - 1]; j -= 1 }
                    a[j] = v
                }
                return a[k]
            }
            if rounds > 64 { // degenerate partitions: sort the rest
                var rest = UnsafeMutableBufferPointer(rebasing: a[lo...hi])
                rest.sort()
                return a[k]
            }
            rounds += 1
            // Median of three as the pivot, moved to a[lo].
            let mid = lo + (hi - lo) / 2
            if a[mid] < a[lo] { a.swapAt(mid, lo) }
            if a[hi] < a[lo] { a.swapAt(hi, lo) }
            if a[hi] < a[mid] { a.swapAt(hi, mid) }
            a.swapAt(lo, mid)
            let pivot = a[lo]
            var i = lo + 1, j = hi
            while true {
                while a[i] < pivot { i += 1 }
                while pivot < a[j] { j -= 1 }
                if i >= j { break }
                a.swapAt(i, j); i += 1; j -= 1
            }
            a.swapAt(lo, j) // pivot at its final rank j
            if k == j { return a[k] }
            if k < j { hi = j - 1 } else { lo = j + 1 }
        }
        return a[k]
    }

    package static func median(_ values: [Double]) -> Double? { quantile(values, 0.5) }

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

    /// Median absolute deviation of `values` from `center` (their median, already known); nil
    /// for no values.
    static func medianAbsoluteDeviation(_ values: [Double], from center: Double) -> Double? {
        median(values.map { abs($0 - center) })
    }

    /// Median absolute deviation from the median, scaled by 1.4826 to estimate a Gaussian sigma.
    static func robustSigma(_ values: [Double]) -> Double? {
        guard let m = median(values) else { return nil }
        return medianAbsoluteDeviation(values, from: m).map { 1.4826 * $0 }
    }

    /// Standard error of the median of `values` around their median `median`: 1.2533 sigma /
    /// sqrt(n), sigma from the median absolute deviation (1.4826 MAD); 0 for no values' spread.
    static func medianStandardError(_ values: [Double], median: Double) -> Double {
        let mad = medianAbsoluteDeviation(values, from: median) ?? 0
        return 1.2533 * 1.4826 * mad / Double(values.count).squareRoot()
    }

    /// Population standard deviation.
    static func standardDeviation(_ values: [Double]) -> Double? {
        guard let m = mean(values) else { return nil }
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count)).squareRoot()
    }
}
