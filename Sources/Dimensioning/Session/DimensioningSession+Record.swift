import Foundation

extension DimensioningSession {
    /// The last capture's outcome as the stable JSON record shared with `boxdim measure --json`
    /// (schema `boxdim.measurement/8`), lengths in the configured units, status judged against
    /// the configured minimum confidence. Nil before a capture ended (captured or failed).
    ///
    /// - Parameter capture: the name written in the record's `capture` field (a path or label).
    public func record(capture: String) -> MeasurementRecord? {
        guard let outcome else { return nil }
        return MeasurementRecord(capture: capture, outcome: outcome, units: configuration.units,
                                 minConfidence: configuration.minimumConfidence, barcodes: barcodes)
    }
}
