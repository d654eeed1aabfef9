import Foundation

/// A box measurement as the session API reports it.
///
/// Lengths are `Measurement<UnitLength>` in the configured unit, `length >= width`; volume is
/// always cubic metres; the cuboid's pose is in the capture's world frame (metres).
public struct DimensioningMeasurement: Sendable, Equatable, Codable {
    public var length: Measurement<UnitLength>
    public var width: Measurement<UnitLength>
    public var height: Measurement<UnitLength>
    /// length x width x height, cubic metres.
    public var volume: Measurement<UnitVolume>
    /// The uncertainty model's probability (0...1) that every dimension is within the
    /// configuration's tolerance (`UncertaintyParameters.tolerance`); 0.85 is the usual threshold.
    public var confidence: Double
    /// Each dimension's expanded uncertainty U (k = 2, about 95 %), in the configured unit: the
    /// truth lies within value ± U about 95 % of the time.
    public var uncertainty: Spread?
    /// The tolerance judged against, in the configured unit.
    public var tolerance: Measurement<UnitLength>?
    /// Whether every dimension's U is within the tolerance.
    public var fitsTolerance: Bool = false
    /// What is irregular about a parcel measured as the cuboid enclosing it; empty for a plain box.
    public var shapeNotes: [String] = []
    /// Frames fused into the measurement.
    public var framesUsed: Int
    /// Per-dimension standard deviation across frames, in the same unit as the lengths; nil with
    /// a single frame.
    public var spread: Spread?
    /// The cuboid's pose in the world frame.
    public var pose: CuboidPose
    /// Whether a cloud service helped (never: this engine is offline only).
    public var usedCloud: Bool
    /// Why the confidence is not higher, one plain sentence per weakness (a wide edge band,
    /// fattening seen or suspected, frames that disagree, ...); empty when nothing weakened it.
    public var confidenceReasons: [String] = []

    public struct Spread: Sendable, Equatable, Codable {
        public var length: Measurement<UnitLength>
        public var width: Measurement<UnitLength>
        public var height: Measurement<UnitLength>
    }

    /// Centre (metres, world frame, half-way up the box) and unit axes: along the length,
    /// along the width, up.
    public struct CuboidPose: Sendable, Equatable, Codable {
        public var centerMeters: [Double]
        public var lengthAxis: [Double]
        public var widthAxis: [Double]
        public var upAxis: [Double]

        enum CodingKeys: String, CodingKey {
            case centerMeters = "center_m"
            case lengthAxis = "length_axis"
            case widthAxis = "width_axis"
            case upAxis = "up_axis"
        }
    }

    /// Builds the measurement from a pipeline result, converting to `unit`.
    public init(_ result: PipelineResult, unit: LengthUnit) {
        let c = result.cuboid
        func m(_ meters: Double) -> Measurement<UnitLength> {
            Measurement(value: meters, unit: UnitLength.meters).converted(to: unit.unit)
        }
        length = m(c.length)
        width = m(c.width)
        height = m(c.height)
        volume = Measurement(value: c.length * c.width * c.height, unit: UnitVolume.cubicMeters)
        confidence = result.probabilityWithinTolerance
        let expanded = result.uncertainty.expanded.map(m)
        uncertainty = Spread(length: expanded[0], width: expanded[1], height: expanded[2])
        tolerance = m(result.tolerance)
        fitsTolerance = result.fitsTolerance
        shapeNotes = result.shapeNotes
        framesUsed = result.scene.frameCount
        spread = result.agreement.map { Spread(length: m($0.lengthSpread), width: m($0.widthSpread), height: m($0.heightSpread)) }
        let array = { (v: SIMD3<Double>) in [v.x, v.y, v.z] }
        pose = CuboidPose(centerMeters: array(c.centerInWorld), lengthAxis: array(c.axesInWorld[0]),
                          widthAxis: array(c.axesInWorld[1]), upAxis: array(c.axesInWorld[2]))
        usedCloud = false
        confidenceReasons = result.confidenceReasons
    }
}
