import Dimensioning

/// How the benchmarks' reports name a side's evidence and its terms.
extension SideBudget {
    /// The name of the side's `SideEvidence` case (`silhouette`, `sideFace`, ...), without its
    /// numbers.
    var evidenceName: String { String(String(describing: evidence).prefix { $0 != "(" }) }

    /// The side's standard uncertainties by term name, metres: terms of one name in quadrature
    /// (a side's terms are independent of each other).
    var termsByName: [String: Double] {
        var squares: [String: Double] = [:]
        for term in terms { squares[term.name.rawValue, default: 0] += term.standard * term.standard }
        return squares.mapValues { $0.squareRoot() }
    }
}
