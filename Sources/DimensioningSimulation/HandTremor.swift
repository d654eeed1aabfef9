import Dimensioning

/// How a hand-held phone wobbles from frame to frame, applied in the camera frame on top of
/// the rig's nominal path.
public struct HandTremor: Sendable, Codable, Equatable {
    /// How per-frame offsets evolve.
    public enum Model: String, Sendable, Codable {
        /// Independent offsets each frame (a steady hand on a tripod-like grip).
        case jitter
        /// Offsets accumulate (each frame adds a fresh step): slow drift, as a hand does.
        case randomWalk
    }

    /// Per-frame translation standard deviation per axis, metres. Default 1 mm: hand tremor is
    /// ~0.1-1 mm at 8-12 Hz plus slow drift; 1 mm per 1/60 s step is on the shaky side.
    public var translationSigma: Double
    /// Per-frame rotation standard deviation per axis, radians. Default 0.15 degrees.
    public var rotationSigma: Double
    /// Jitter or random walk.
    public var model: Model

    public init(translationSigma: Double = 0.001, rotationSigma: Double = 0.15 * .pi / 180,
                model: Model = .randomWalk) {
        self.translationSigma = translationSigma
        self.rotationSigma = rotationSigma
        self.model = model
    }

    /// No tremor: every frame at the nominal pose.
    public static let none = HandTremor(translationSigma: 0, rotationSigma: 0, model: .jitter)
}

/// The error between the pose the capture records (visual-inertial odometry) and the pose the
/// frame was really rendered from; drawn independently per frame, in the camera frame.
public struct PoseRecordingError: Sendable, Codable, Equatable {
    /// Translation error standard deviation per axis, metres. Default 0.5 mm (frame-to-frame
    /// jitter of ARKit tracking over a short, slow capture is at the millimetre level).
    public var translationSigma: Double
    /// Rotation error standard deviation per axis, radians. Default 0.05 degrees.
    public var rotationSigma: Double

    public init(translationSigma: Double = 0.0005, rotationSigma: Double = 0.05 * .pi / 180) {
        self.translationSigma = translationSigma
        self.rotationSigma = rotationSigma
    }

    /// Recorded poses equal the true ones.
    public static let none = PoseRecordingError(translationSigma: 0, rotationSigma: 0)
}
