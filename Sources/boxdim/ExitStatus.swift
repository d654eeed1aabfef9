import ArgumentParser
import Dimensioning

/// The CLI's exit codes, stable for pipelines that gate on them.
enum ExitStatus {
    /// Measured and confidence >= --min-confidence.
    static let accepted: Int32 = 0
    /// Measured, confidence below --min-confidence.
    static let lowConfidence: Int32 = 3
    /// The engine refused to measure (a typed refusal).
    static let noMeasurement: Int32 = 4
    /// The capture (or dataset) could not be read.
    static let unreadable: Int32 = 5
    /// `verify`: an accepted measurement out of tolerance, or a negative accepted.
    static let verificationFailed: Int32 = 6

    static func code(for status: MeasurementRecord.Status) -> Int32 {
        switch status {
        case .accepted: accepted
        case .lowConfidence: lowConfidence
        case .noMeasurement: noMeasurement
        case .unreadable: unreadable
        }
    }
}

extension LengthUnit: ExpressibleByArgument {}
