import Dimensioning

/// A simulated capture with everything needed to score an engine on it.
public struct SimulatedCapture: Sendable {
    /// The frames as the engine reads them: noisy depth (metres), confidence, intrinsics and
    /// the *recorded* `worldFromCamera` poses (world frame z up, gravity (0, 0, -1)).
    public var capture: DepthCapture
    /// The exact answer (metres; all zero for "no measurable box").
    public var truth: BoxGroundTruth
    /// The poses each frame was really rendered from (`worldFromCamera`, world frame, metres).
    public var truePoses: [RigidTransform]
    /// A short name (also the last component of `capture.source`).
    public var name: String
    /// One line saying what the scenario is.
    public var summary: String
    /// What was rendered, for reproduction and reports.
    public var scene: SimulatedScene
    public var rig: CameraRig
    public var noise: SensorNoiseModel
    public var seed: UInt64

    public init(capture: DepthCapture, truth: BoxGroundTruth, truePoses: [RigidTransform], name: String,
                summary: String, scene: SimulatedScene, rig: CameraRig, noise: SensorNoiseModel, seed: UInt64) {
        self.capture = capture
        self.truth = truth
        self.truePoses = truePoses
        self.name = name
        self.summary = summary
        self.scene = scene
        self.rig = rig
        self.noise = noise
        self.seed = seed
    }
}
