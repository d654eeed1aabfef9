/// Where a `DimensioningSession` is, as the SDK names it.
///
/// initializing → scanning → detected → capturing → captured(measurement) | failed(error);
/// `DimensioningSession.reset()` returns to initializing from any phase.
public enum DimensioningPhase: Sendable, Equatable {
    /// No floor yet: "point at the floor". Moves on when a floor plane is found.
    case initializing
    /// The floor is known, no box is tracked. Moves on when a box-like object is found.
    case scanning
    /// A box is tracked (`DimensioningSession.tracks`); a capture may start once its track is
    /// stable, on request or by auto-capture.
    case detected
    /// Frames are accumulated over the capture window (hold steady).
    case capturing
    /// The measurement of the capture window's frames is available.
    case captured(DimensioningMeasurement)
    /// An error ended the session; `reset()` starts again.
    case failed(DimensioningError)

    /// A stable lowercase name for messages and JSON: "initializing", "scanning", "detected",
    /// "capturing", "captured", "failed".
    public var name: String {
        switch self {
        case .initializing: "initializing"
        case .scanning: "scanning"
        case .detected: "detected"
        case .capturing: "capturing"
        case .captured: "captured"
        case .failed: "failed"
        }
    }

    /// True for captured and failed: frames are ignored until `reset()`.
    public var isFinal: Bool {
        switch self {
        case .captured, .failed: true
        default: false
        }
    }

    /// The measurement when captured.
    public var measurement: DimensioningMeasurement? {
        if case let .captured(m) = self { return m }
        return nil
    }

    /// The error when failed.
    public var error: DimensioningError? {
        if case let .failed(e) = self { return e }
        return nil
    }
}
