/// Every tunable of the measurement pipeline, one small struct per stage, each setting with its
/// default and unit. `Codable`, so a configuration file can hold them; a file names only what it
/// changes (`PipelineParameters+Decoding.swift`).
///
/// What describes a camera rather than the engine (its depth noise, its edge band, its
/// fattening) is not here: it is the sensor class's `SensorBehaviour`, read from
/// `Resources/sensor-classes.json`, and `sensorBehaviour` overrides it for one configuration.
public struct PipelineParameters: Sendable, Equatable, Codable {
    /// Multi-frame depth fusion (`fuseFrames`).
    public var fusion = FusionParameters()
    /// The surface the box stands on (`fitFloor`, `localFloor`).
    public var floor = FloorParameters()
    /// Walls joining or beside the box (`wallsJoining`, `wallsBeside`).
    public var walls = WallParameters()
    /// The box's points among the others (`isolateBox`).
    public var isolation = IsolationParameters()
    /// The top face's plane (`fitTopFace`).
    public var top = TopParameters()
    /// Handles, straps and bowed lids above the lid's plane (`findRaisedPart`).
    public var raisedPart = RaisedPartParameters()
    /// The oriented footprint and its four sides (`fitCuboid`, `locateEdge`).
    public var cuboid = CuboidParameters()
    /// "Is this one box?": other objects touching it, in view or hidden (`measureCandidate`).
    public var singleBox = SingleBoxParameters()
    /// "Is this a cuboid?": steps in the top's outline and height, and its fill.
    public var shape = ShapeParameters()
    /// What the engine measures at all: sizes, range, the image border.
    public var envelope = EnvelopeParameters()
    /// The uncertainty model's sensor class and the user's tolerance (`estimateUncertainty`).
    public var uncertainty = UncertaintyParameters()
    /// Overrides the sensor class's behaviour (`SensorClass.behaviour`); nil: the class's own.
    public var sensorBehaviour: SensorBehaviour? = nil
    /// A sensor profile from `boxdim calibrate` (edge offset and depth scale); nil: none. With
    /// a profile, silhouette edges whose bias cannot be seen in the data can still be trusted.
    public var profile: SensorProfile? = nil
    /// Changes laid over the sensor behaviour once the capture's class is known
    /// (`preparedForMeasuring`), after `sensorBehaviour`: a heuristic switched off for a study of
    /// what it prevents (`boxdim accuracy --behaviour`, `Scripts/ablation.sh`). Not a setting: no
    /// configuration file holds it. Nil: none.
    public var behaviourChanges: SensorBehaviourChanges? = nil

    /// The keys a configuration file holds (`behaviourChanges` is not one).
    enum CodingKeys: String, CodingKey {
        case fusion, floor, walls, isolation, top, raisedPart, cuboid, singleBox, shape, envelope, uncertainty
        case sensorBehaviour, profile
    }

    public init() {}

    /// The sensor behaviour the stages assume: `sensorBehaviour`, or else the sensor class's
    /// (`uncertainty.sensorClass`, `unknown` when none is set yet).
    public var behaviour: SensorBehaviour {
        sensorBehaviour ?? (uncertainty.sensorClass ?? .unknown).behaviour
    }

    /// The edge offsets silhouette sides are corrected by: the sensor `profile`'s, or without one
    /// the sensor class's (`SensorClassPriors.edgeOffsetPixels`) on the sides facing away, as a
    /// profile with no offset for sides facing the camera; nil when neither moves a side.
    var silhouetteOffsets: SensorProfile? {
        if let profile { return profile }
        let offset = (uncertainty.sensorClass ?? .unknown).priors.edgeOffsetPixels
        return offset == 0 ? nil : SensorProfile(edgeOffsetPixels: offset, facingEdgeOffsetPixels: 0)
    }

    /// Changes the sensor behaviour for this configuration only, starting from the one in force
    /// (`behaviour`).
    public mutating func adjustBehaviour(_ change: (inout SensorBehaviour) -> Void) {
        var adjusted = behaviour
        change(&adjusted)
        sensorBehaviour = adjusted
    }
}
