import Foundation

/// How a kind of depth camera renders depth and edges, as the engine's detectors assume it:
/// the confidence and noise of its samples, the width of its band of mixed pixels at an edge,
/// and the lips a fattening matcher leaves. Data, not code: the `behaviour` block of
/// `Resources/sensor-classes.json` (with where each group of values came from), which every
/// `SensorClass` shares and a class may override key by key (`SensorClass.behaviour`).
///
/// These values describe sensors, not the engine: they were tuned on the simulated sensor
/// families and the real captures named in the file, and they move with the camera. The
/// engine's own tunables are the stage parameter structs of `PipelineParameters`. A
/// configuration may still override any of them (`PipelineParameters.sensorBehaviour`).
///
/// Units by name: metres unless a name ends in `Pixels` (pixels of the capture's depth image),
/// `Share` (0...1), `Significance` (standard errors), `Samples` or `Frames` (counts), or
/// `PerMetre` (metres per metre of range).
public struct SensorBehaviour: Sendable, Equatable, Codable {
    // MARK: Depth samples (`fuseFrames`)

    /// Pixels below this confidence are dropped (0 low, 1 medium, 2 high; only captures with a
    /// confidence map, such as ARKit's, have one). 1: ARKit's low-confidence pixels are out.
    public var minimumConfidence: UInt8
    /// Weight of a medium-confidence sample relative to a high-confidence one (0...1).
    public var mediumConfidenceWeight: Double
    /// Depth range the camera's samples are kept in, metres along the optical axis: nearer and
    /// farther returns are not trusted (`fuseFrames`, the live analysis).
    public var minimumDepth: Double
    public var maximumDepth: Double
    /// Samples farther than `inlierBand + inlierBandPerMetre * z` metres from a pixel's median
    /// over the frames are outliers before averaging. `inlierBand` is also the band of a flat
    /// surface's points about its plane at close range: the top face's RANSAC inlier distance
    /// (and what counts as "on the plane" for its flatness, `fitTopFace`) and the band of
    /// full-resolution points refining the floor's plane (`fitFloor`).
    public var inlierBand: Double
    public var inlierBandPerMetre: Double
    /// Flying-pixel filter: a pixel whose depth lies strictly between two opposite neighbours
    /// that differ from it by more than `jumpPerMetre * z` metres is dropped.
    public var jumpPerMetre: Double
    /// How far a real floor seen out to a few metres bends away from its near part, metres per
    /// square metre of range (`fitFloor`'s "points below the plane" allowance grows by this
    /// times the range squared): depth error grows with the square of range, stereo most.
    public var rangeBendPerSquareMetre: Double

    // MARK: Measuring range (`runPipeline`)

    /// Camera-to-top distances, metres, at which this kind of camera measures a box; nearer or
    /// farther is `outOfRange` (the mobile SDK's envelope for a LiDAR phone: about 0.3-2 m).
    public var rangeMinimum: Double
    public var rangeMaximum: Double

    // MARK: Edge bands (`locateEdge`, `silhouetteEdge`)

    /// A silhouette strip is used only when the gap between its last foreground and first
    /// background ray is at most this many sample spacings or rows, or pixel footprints.
    public var silhouetteMaximumGapSamples: Double
    /// Points between top and floor within this many pixel footprints past the top's last ray
    /// are the sensor's edge band (mixed pixels) and left out; farther out they are a surface
    /// behind the box.
    public var maximumBandPixels: Double
    /// How far (pixel footprints) past the top a gap of nothing but missing returns is followed
    /// to the floor when no strip shows a band: a stereo camera's occlusion strip.
    public var missingReturnsReachPixels: Double
    /// Points past the band within this spread (metres, 1.4826 MAD of their horizontal
    /// positions) of one vertical plane are a surface behind the box.
    public var surfaceSpread: Double
    /// A silhouette side whose band is wider than the other silhouette sides' median by more
    /// than this (pixels) takes its band from them (`reconcileBands`).
    public var bandConsistencyPixels: Double
    /// Sides facing the camera (`reachPastCreases`): a band wider than `creaseBandFreePixels`
    /// on the sides facing away also eats the top's outer pixels at the crease toward the
    /// camera; such a side moves outward by `creaseBandShare` of the excess (0...0.5).
    public var creaseBandFreePixels: Double
    public var creaseBandShare: Double
    /// A side facing the camera is measured as a face only when its face spans at least this
    /// many pixels; a narrower face lies inside the sensor's band and is measured as a
    /// silhouette, moved inward by `grazingFaceShiftShare` of its span.
    public var minimumFaceSpanPixels: Double
    public var grazingFaceShiftShare: Double
    /// A side whose steep face returned nothing is placed halfway between the top's extent and
    /// the floor's base line when the two agree within this, metres (`topAndBase`).
    public var baseLineAgreement: Double

    // MARK: Fattening (`assessLips`, `measureBandLips`)

    /// A side counts its fattened pixels only where a one-pixel lip rises at least
    /// `lipMeasurableRise` metres (0.001...0.01) and the count's standard error is at most
    /// `lipCountError` pixels; a count of `lipCountFattening` pixels or more is fattening, less
    /// rules it out on that side.
    public var lipMeasurableRise: Double
    public var lipCountError: Double
    public var lipCountFattening: Double
    /// A silhouette side showing a lip in more than this share of its strips shows fattening.
    public var lipShareLimit: Double
    /// The pooled estimate over the silhouette sides suspects fattening from
    /// `suspectedFatteningPixels` at `suspectedFatteningSignificance` standard errors, or at
    /// `blendingFatteningSignificance` when every side facing away shows a band of at least
    /// `blendingBandPixels` (a blending, time-of-flight sensor). A side's rise error counts as
    /// at least `lipRiseErrorFloor` metres and `lipRiseNoiseShare` of the top's RMS.
    public var suspectedFatteningPixels: Double
    public var suspectedFatteningSignificance: Double
    public var blendingBandPixels: Double
    public var blendingFatteningSignificance: Double
    public var lipRiseErrorFloor: Double
    public var lipRiseNoiseShare: Double
    /// Fattening under a band (`measureBandLips`): samples of the first row past a side's outer
    /// row from `bandLipWindowBelow` metres below the top to three lip rises above it count, on
    /// sides with `bandLipMinimumSamples` of them, in captures of `bandLipMinimumFrames` frames
    /// or more; a pooled band lip of `bandLipSuspectedPixels` at `bandLipSignificance`
    /// standard errors makes fattening suspected.
    public var bandLipWindowBelow: Double
    public var bandLipMinimumSamples: Int
    public var bandLipMinimumFrames: Int
    public var bandLipSuspectedPixels: Double
    public var bandLipSignificance: Double
}

extension SensorBehaviour {
    /// The behaviour every class shares (`behaviour` in `Resources/sensor-classes.json`), before
    /// any class's own overrides.
    public static var shared: SensorBehaviour { SensorClassPriors.sharedBehaviour }
}
