import Foundation

extension MeasurementUncertainty {
    /// Why the measurement does not fit `tolerance` metres, read from its budget: for each
    /// dimension whose expanded uncertainty exceeds the tolerance, one sentence with its U and
    /// its two largest terms, each as its own expanded contribution (k = 2; terms add in
    /// quadrature) and in plain words. Lengths in millimetres; empty when every U fits.
    public func reasons(tolerance: Double) -> [String] {
        let names = ["length", "width", "height"]
        return expanded.indices.compactMap { k -> String? in
            guard expanded[k] > tolerance, k < contributions.count else { return nil }
            let largest = contributions[k].sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .prefix(2).filter { $0.value > 0 }
            let terms = largest.map { name, standard in
                String(format: "%@ %.1f mm", name.rawValue, 2000 * standard) + " (" + name.meaning + ")"
            }
            return String(format: "the %@'s U, %.1f mm, is over the %.1f mm tolerance; its largest terms: ",
                          names[k], 1000 * expanded[k], 1000 * tolerance) + terms.joined(separator: "; ")
        }
    }

    /// Whether the sensor class's edge priors, the edge bias and the fattening that no face or
    /// lip showed (`UncertaintySource.edgeBias`, `.fattening`), are the largest term of some
    /// dimension whose U is over `tolerance` metres: the part of the U that naming the camera's
    /// class, or a profile from a box of known size, would narrow. Ties go to the source that
    /// sorts first, as in `reasons(tolerance:)`.
    public func isLimitedByEdgePriors(tolerance: Double) -> Bool {
        expanded.indices.contains { k in
            guard expanded[k] > tolerance, k < contributions.count,
                  let largest = contributions[k].min(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }),
                  largest.value > 0 else { return false }
            return largest.key == .edgeBias || largest.key == .fattening
        }
    }
}
