import Foundation

extension MeasurementUncertainty {
    /// Why the measurement does not fit `tolerance` metres, read from its budget: for each
    /// dimension whose expanded uncertainty exceeds the tolerance, one sentence with its U and
    /// its two largest terms, each as its own expanded contribution (k = 2; terms add in
    /// quadrature) and in plain words. Lengths in millimetres; empty when every U fits.
    public func reasons(tolerance: Double) -> [String] {
        let names = ["length", "width", "height"]
        return termsOverTolerance(tolerance).map { k, terms in
            let largest = terms.prefix(2).map { name, standard in
                String(format: "%@ %.1f mm", name.rawValue, 2000 * standard) + " (" + name.meaning + ")"
            }
            return String(format: "the %@'s U, %.1f mm, is over the %.1f mm tolerance; its largest terms: ",
                          names[k], 1000 * expanded[k], 1000 * tolerance) + largest.joined(separator: "; ")
        }
    }

    /// Whether the sensor class's edge priors, the edge bias and the fattening that no face or
    /// lip showed (`UncertaintySource.edgeBias`, `.fattening`), are the largest term of some
    /// dimension whose U is over `tolerance` metres: the part of the U that naming the camera's
    /// class, or a profile from a box of known size, would narrow. The largest term is the one
    /// `reasons(tolerance:)` names first.
    public func isLimitedByEdgePriors(tolerance: Double) -> Bool {
        termsOverTolerance(tolerance).contains { _, terms in
            terms.first.map { $0.source == .edgeBias || $0.source == .fattening } ?? false
        }
    }

    /// Each dimension (0 length, 1 width, 2 height) whose expanded uncertainty exceeds
    /// `tolerance` metres, with its non-zero terms largest first (ties: the source that sorts
    /// first), each as its standard contribution in metres.
    private func termsOverTolerance(_ tolerance: Double)
        -> [(dimension: Int, terms: [(source: UncertaintySource, standard: Double)])] {
        expanded.indices.compactMap { k in
            guard expanded[k] > tolerance, k < contributions.count else { return nil }
            let terms = contributions[k].filter { $0.value > 0 }
                .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { (source: $0.key, standard: $0.value) }
            return (k, terms)
        }
    }
}
