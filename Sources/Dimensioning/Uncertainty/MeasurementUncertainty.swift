import Foundation

/// One contribution to a dimension's uncertainty: a standard uncertainty (k = 1), metres.
public struct UncertaintyTerm: Sendable, Equatable, Codable {
    /// How the value was evaluated (JCGM 100:2008, 4.2 and 4.3).
    public enum Kind: String, Sendable, Codable {
        /// From the scatter of observations in this capture.
        case typeA = "A"
        /// From other knowledge: a distribution's bounds, the sensor class, a profile.
        case typeB = "B"
    }

    /// What the term stands for (its raw value is the name written out: "band", "edge_bias", ...).
    public var name: UncertaintySource
    /// Standard uncertainty, metres (>= 0).
    public var standard: Double
    public var kind: Kind
    /// A term every side of the capture shares (one sensor's bias, one profile's error): over a
    /// dimension's two sides it adds linearly, not in quadrature (correlation +1, JCGM 100, 5.2.2).
    public var sharedAcrossSides: Bool = false

    /// A term whose value lies anywhere within ± `halfWidth` metres: a rectangular distribution,
    /// standard uncertainty `halfWidth / sqrt(3)` (JCGM 100, 4.3.7).
    static func rectangle(_ name: UncertaintySource, halfWidth: Double, kind: Kind = .typeB,
                          sharedAcrossSides: Bool = false) -> UncertaintyTerm {
        UncertaintyTerm(name: name, standard: halfWidth / 3.0.squareRoot(), kind: kind, sharedAcrossSides: sharedAcrossSides)
    }
}

/// The uncertainty budget of one side of the footprint (+length, −length, +width, −width).
public struct SideBudget: Sendable, Equatable {
    public var evidence: SideEvidence
    public var terms: [UncertaintyTerm]
}

/// How well each dimension is known: standard uncertainties (k = 1, metres) and the budget they
/// come from. The expanded uncertainty `U = k u` with `k = 2` covers about 95 % of a normal
/// distribution (JCGM 100, 6.3); `probabilityWithin(tolerance:)` is the model's probability that
/// every dimension lies within a tolerance of the truth.
public struct MeasurementUncertainty: Sendable, Equatable {
    /// The coverage factor of the expanded uncertainty (about 95 % coverage).
    public static let coverageFactor = 2.0

    /// Standard uncertainties of length, width and height, metres.
    public var length: Double
    public var width: Double
    public var height: Double
    /// The class whose priors were used.
    public var sensorClass: SensorClass
    /// Per side (record order), its evidence and terms.
    public var sides: [SideBudget]
    /// Each dimension's (length, width, height) standard uncertainty by term name, metres
    /// (`dimensionContributions`): what dominates it.
    public var contributions: [[UncertaintySource: Double]]

    public init(length: Double, width: Double, height: Double, sensorClass: SensorClass, sides: [SideBudget] = [],
                contributions: [[UncertaintySource: Double]] = []) {
        self.length = length
        self.width = width
        self.height = height
        self.sensorClass = sensorClass
        self.sides = sides
        self.contributions = contributions
    }

    /// Expanded uncertainties (k = 2) of length, width and height, metres.
    public var expanded: [Double] { [length, width, height].map { Self.coverageFactor * $0 } }

    /// The model's probability (0...1) that every dimension is within `tolerance` metres of the
    /// truth: each error normal with its standard uncertainty and no bias, the three independent,
    /// `P = prod erf(t / (u sqrt 2))`.
    public func probabilityWithin(tolerance: Double) -> Double {
        guard tolerance > 0 else { return 0 }
        return [length, width, height].reduce(1.0) { p, u in
            p * (u > 0 ? erf(tolerance / (u * 2.0.squareRoot())) : 1)
        }
    }

    /// Whether every dimension's expanded uncertainty is within `tolerance` metres.
    public func fits(tolerance: Double) -> Bool { expanded.allSatisfy { $0 <= tolerance } }

    /// The gate `measure` applies (exit code 0): every dimension's U within `tolerance` metres,
    /// and the probability of being within it (`probabilityWithin(tolerance:)`), to four
    /// decimals as the record states it, at least `minimumConfidence` (0...1).
    public func accepts(tolerance: Double, minimumConfidence: Double) -> Bool {
        Self.passesGate(fitsTolerance: fits(tolerance: tolerance), probability: probabilityWithin(tolerance: tolerance),
                        minimumConfidence: minimumConfidence)
    }

    /// The gate from its two inputs, for a result that kept only them: the one rule every
    /// caller (`PipelineResult`, `SceneBoxMeasurement`, the accuracy benchmark) applies.
    public static func passesGate(fitsTolerance: Bool, probability: Double, minimumConfidence: Double) -> Bool {
        fitsTolerance && MeasurementRecord.round(probability, places: 4) >= minimumConfidence
    }
}

/// A dimension's uncertainty by term name, metres: its two sides' independent terms of one name
/// in quadrature, their shared terms linearly (fully correlated), then the dimension's own terms
/// (JCGM 100, 5.1.2 and 5.2.2). The dimension's standard uncertainty is the root sum of squares
/// of the values (`combined(_:)`).
func dimensionContributions(sides: [SideBudget], own: [UncertaintyTerm]) -> [UncertaintySource: Double] {
    var squares: [UncertaintySource: Double] = [:], shared: [UncertaintySource: Double] = [:]
    for side in sides {
        for t in side.terms {
            if t.sharedAcrossSides { shared[t.name, default: 0] += t.standard } else { squares[t.name, default: 0] += t.standard * t.standard }
        }
    }
    for (name, sum) in shared { squares[name, default: 0] += sum * sum }
    for t in own { squares[t.name, default: 0] += t.standard * t.standard }
    return squares.mapValues { $0.squareRoot() }
}

/// The root sum of squares of a dimension's contributions, metres.
func combined(_ contributions: [UncertaintySource: Double]) -> Double {
    contributions.keys.sorted().reduce(0.0) { $0 + contributions[$1]! * contributions[$1]! }.squareRoot()
}
