import Dimensioning

/// What verification concluded about one capture.
public enum VerificationVerdict: String, Sendable, Codable, CaseIterable {
    /// Accepted, every dimension within tolerance of the truth.
    case acceptedWithinTolerance = "accepted_within_tolerance"
    /// Accepted, but at least one dimension is off by more than the tolerance (a failure).
    case acceptedOutOfTolerance = "accepted_out_of_tolerance"
    /// Measured, but below the minimum confidence (the gate held it back).
    case lowConfidence = "low_confidence"
    /// A box was expected and the engine refused to measure.
    case refused
    /// The capture could not be read.
    case unreadable
    /// No box was expected, and none was accepted.
    case negativeCorrectlyRefused = "negative_correctly_refused"
    /// No box was expected, yet a measurement was accepted (a failure).
    case negativeWronglyAccepted = "negative_wrongly_accepted"
    /// No ground-truth row names it: in a dataset keyed by barcode, a capture whose codes match
    /// no row (no code read, a code of no row, or codes of several rows; `BarcodeKeyMatch`); in
    /// a scene, a carton standing where no row's position is (`SceneCartonMatch`). Measured,
    /// not judged; not a failure, but listed in the summary and the report.
    case unmatched

    /// True for the verdicts that make a dataset fail verification.
    public var isFailure: Bool { self == .acceptedOutOfTolerance || self == .negativeWronglyAccepted }

    /// Short label for tables and the report.
    public var label: String {
        switch self {
        case .acceptedWithinTolerance: "accepted, within tolerance"
        case .acceptedOutOfTolerance: "accepted, OUT of tolerance"
        case .lowConfidence: "low confidence"
        case .refused: "refused"
        case .unreadable: "unreadable"
        case .negativeCorrectlyRefused: "negative, refused"
        case .negativeWronglyAccepted: "negative, WRONGLY accepted"
        case .unmatched: "no ground-truth row names it"
        }
    }

    /// The verdict for a record against its truth row and tolerance (millimetres).
    public static func judge(_ record: MeasurementRecord, truth: GroundTruthRow?, errors: DimensionErrors?,
                             toleranceMM: Double) -> VerificationVerdict {
        guard let truth else { return .unmatched }
        if truth.isNegative {
            if record.status == .unreadable { return .unreadable }
            return record.status == .accepted ? .negativeWronglyAccepted : .negativeCorrectlyRefused
        }
        switch record.status {
        case .unreadable: return .unreadable
        case .noMeasurement: return .refused
        case .lowConfidence: return .lowConfidence
        case .accepted:
            guard let errors else { return .acceptedOutOfTolerance }
            return errors.maximumAbsolute <= toleranceMM ? .acceptedWithinTolerance : .acceptedOutOfTolerance
        }
    }
}

/// Signed errors measured − truth per dimension, millimetres (footprint sides sorted).
public struct DimensionErrors: Sendable, Equatable, Codable {
    public var length: Double
    public var width: Double
    public var height: Double

    public init(length: Double, width: Double, height: Double) {
        self.length = length
        self.width = width
        self.height = height
    }

    public var maximumAbsolute: Double { max(abs(length), abs(width), abs(height)) }
    public var all: [Double] { [length, width, height] }
}
