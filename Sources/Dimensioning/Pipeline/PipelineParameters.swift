/// Every tunable of the measurement pipeline, with its default and unit. `Codable`, so a
/// configuration file can hold them.
public struct PipelineParameters: Sendable, Equatable, Codable {
    public var fusion = FusionParameters()
    public var floor = FloorParameters()
    public var box = BoxParameters()
    /// The uncertainty model's sensor class and the user's tolerance (`estimateUncertainty`).
    public var uncertainty = UncertaintyParameters()
    /// Handles, straps and bowed lids above the lid's plane (`findRaisedPart`).
    public var raisedPart = RaisedPartParameters()
    /// A sensor profile from `boxdim calibrate` (edge offset and depth scale); nil: none. With
    /// a profile, silhouette edges whose bias cannot be seen in the data can still be trusted.
    public var profile: SensorProfile? = nil

    public init() {}
}

/// Multi-frame depth fusion (`fuseFrames`).
public struct FusionParameters: Sendable, Equatable, Codable {
    /// Pixels below this confidence are dropped (0 low, 1 medium, 2 high). Default 1: ARKit's
    /// low-confidence pixels are out.
    public var minimumConfidence: UInt8 = 1
    /// Weight of a medium-confidence sample relative to a high-confidence one (0...1).
    public var mediumConfidenceWeight: Double = 0.3
    /// Depth range kept, metres along the optical axis.
    public var minimumDepth: Double = 0.1
    public var maximumDepth: Double = 5.0
    /// Samples farther than `inlierBand + inlierBandPerMetre * z` (metres) from a pixel's
    /// median are treated as outliers before averaging.
    public var inlierBand: Double = 0.006
    public var inlierBandPerMetre: Double = 0.01
    /// A fused pixel needs inlier samples from at least this share of the frames (0...1).
    public var minimumSupport: Double = 0.3
    /// Flying-pixel filter: a pixel whose depth lies strictly between two opposite neighbours
    /// that differ from it by more than `jumpPerMetre * z` metres is dropped.
    public var jumpPerMetre: Double = 0.03
    /// Upper bound on frames fused (the last ones are used); protects time and memory.
    public var maximumFrames: Int = 120

    public init() {}
}

/// Floor detection (`fitFloor`): RANSAC planes through PCL.
public struct FloorParameters: Sendable, Equatable, Codable {
    /// Voxel edge (metres) of the down-sampled cloud RANSAC runs on.
    public var voxelSize: Double = 0.01
    /// RANSAC inlier distance, metres.
    public var distanceThreshold: Double = 0.01
    /// RANSAC iterations (upper bound; PCL stops early at 99 % confidence).
    public var maxIterations: Int = 400
    /// With gravity: the floor's normal must be within this angle of gravity, degrees.
    public var maximumTiltDegrees: Double = 8
    /// Planes tried, largest first (a box top can be larger than the visible floor).
    public var maximumPlanes: Int = 4
    /// A plane needs at least this share of the down-sampled points to be a floor candidate.
    public var minimumInlierShare: Double = 0.08
    /// "The floor must be the floor": if more than this share of the points lies more than
    /// `belowTolerance` metres below a candidate, it is not the floor (it is a box top or a
    /// table seen from above its edge).
    public var maximumShareBelow: Double = 0.03
    public var belowTolerance: Double = 0.03
    /// ... plus this many metres per square metre of the point's range from the camera: a depth
    /// camera's error grows with the square of range (stereo most), so a real floor seen out to
    /// 2.5 m bends away from its near part. Real OAK-D stereo floors (`Tests/Fixtures/real/luxonis-oak`)
    /// lie 3-17 cm under the plane of the floor near the box at 1.5-2.3 m (up to 8 % of range). A box top's floor stands
    /// at least a box's height below it, at the top's own range. Default 0.03.
    public var belowTolerancePerSquareMetre: Double = 0.03
    /// With no object on it, a plane closer than this (metres) below the camera that fills the
    /// view is taken for a box's lid, not the floor (`noGroundPlane`).
    public var lidSuspicionHeight: Double = 0.35
    /// Band (metres) of full-resolution points used to refine the chosen plane.
    public var refineBand: Double = 0.006
    /// A vertical plane in the box's cluster is a wall (`wallsJoining`) when its points run at
    /// least this far along it, metres (no box the engine measures is this long). Default 1.0.
    public var wallMinimumWidth: Double = 1.0
    /// ... and rise at least this far (metres, 2nd to 98th percentile of their heights).
    /// Default 0.3.
    public var wallMinimumRise: Double = 0.3
    /// Points within twice this distance (metres) of a wall found in the box's cluster are the
    /// wall's (its noise, its flying pixels): the object is found again without them, and when
    /// its top stands within half `BoxParameters.wallReach` of the wall (`objectGapToWalls`)
    /// the capture is refused (`againstWall`). Default 0.008.
    public var wallBand: Double = 0.008

    public init() {}
}

/// Box isolation, top face and cuboid fit.
public struct BoxParameters: Sendable, Equatable, Codable {
    /// Points at least this high above the floor (metres) may belong to the box.
    public var minimumHeightAboveFloor: Double = 0.015
    /// Points higher than this above the floor (metres) are ignored.
    public var maximumHeightAboveFloor: Double = 2.0
    /// Objects tried as the box, nearest the image centre first.
    public var maximumCandidates: Int = 3
    /// Euclidean clustering tolerance, metres.
    public var clusterTolerance: Double = 0.02
    /// Clusters with fewer points are noise.
    public var minimumClusterPoints: Int = 150
    /// Depth of the band below the box's highest points searched for the top face, metres.
    public var topBand: Double = 0.03
    /// RANSAC inlier distance for the top face, metres; its normal must be within
    /// `topMaximumTiltDegrees` of the floor's.
    public var topDistanceThreshold: Double = 0.006
    public var topMaximumTiltDegrees: Double = 5
    /// Points of the top face whose mean distance to 12 neighbours exceeds 2.0 standard
    /// deviations of the mean (pcl::StatisticalOutlierRemoval) are trimmed before the hull.
    public var outlierNeighbours: Int = 12
    public var outlierStdMultiplier: Double = 20.0
    /// Side-face points within this distance (metres) of a rectangle side locate that edge.
    public var sideBand: Double = 0.02
    /// Silhouette edges: a point at least this far (metres) below the top counts as seen past
    /// the box's edge (background).
    public var silhouetteBackgroundDrop: Double = 0.02
    /// Silhouette edges: a strip is used only when the gap between its last foreground and
    /// first background ray is at most this many sample spacings or sample rows, whichever is
    /// larger, or pixel footprints (a sensor's band of mixed or invalid pixels is 0-3 pixels on
    /// each side of the edge, so up to about 8 pixels in all).
    public var silhouetteMaximumGapSamples: Double = 10
    /// Silhouette edges: points between top and floor within this many pixel footprints past
    /// the top's last ray are taken for the sensor's edge band (mixed, blurred pixels) and left
    /// out; farther out they are a surface behind the box (a wall) and count as background.
    public var maximumBandPixels: Double = 8
    /// Silhouette edges: how far (pixel footprints) past the top a gap of nothing but missing
    /// returns is followed to the floor when no strip shows a band (`EdgeEstimate`'s
    /// `gapOfMissingReturns`). A stereo camera's occlusion strip beside a box's edge is its
    /// baseline times focal length times the difference of inverse depths of top and floor:
    /// 50 mm x 380 px x (1/0.45 - 1/0.75 m) = 17 px, about 30 px at 1280 x 720.
    public var missingReturnsReachPixels: Double = 40
    /// Silhouette edges: points between top and floor beyond `maximumBandPixels` that stand
    /// within this (metres, 1.4826 median absolute deviations of their own horizontal
    /// positions) of one vertical plane are a surface behind the box; nearer points on that
    /// plane are that surface too, not mixed pixels, and the gap to them is the sensor's band.
    public var surfaceSpread: Double = 0.008
    /// A silhouette side whose band is wider than the other silhouette sides' median by more
    /// than this (pixels) takes its band from them (`reconcileBands`).
    public var bandConsistencyPixels: Double = 2.5
    /// Silhouette sides facing the camera (`reachPastCreases`): a band wider than
    /// `creaseBandFreePixels` on the sides facing away (what a one-pixel band leaves) also eats
    /// the top's outer pixels at the crease toward the camera; such a side is moved outward by
    /// `creaseBandShare` of the excess, in pixel footprints (valid range 0...0.5; 0 turns it
    /// off). Tuned on the tuning and retired splits (seeds 101 and 202): sides facing the camera
    /// came out 1.0 px short under a 4.4-px band and 2.0 px under a 7-px band (0.4 of the
    /// excess) for random blends and invalidated bands, 0.2 of it for blurs.
    public var creaseBandFreePixels: Double = 2
    public var creaseBandShare: Double = 0.4
    /// A side needs this many points to locate its edge; otherwise the top face's edge is used.
    public var minimumSidePoints: Int = 12
    /// A side face is used only when its points run along at least this many of the side's
    /// 2-cm strips, half a row of samples in each (`faceStrips`). A face seen at a grazing angle
    /// may hold no points of its own while the noisy corner of the neighbouring face, or a few
    /// stray samples, reach into its window: on the fixed tuning seeds such windows (a dozen to
    /// seventy points, in the end strip or scattered) put sides 8-10 mm inside the box. A face
    /// partly hidden by something in front of it still shows a run of strips.
    public var minimumSideFaceStrips: Int = 3
    /// A side the camera is in front of is measured as facing it only when its face spans at
    /// least this many pixels in the image (`EdgeEstimate.faceSpanPixels`); a narrower face,
    /// seen at a grazing angle, lies inside the sensor's edge band and is measured as a
    /// silhouette against the floor beyond, like a side facing away, less half its span.
    /// Tuned on the handheld tuning splits (seeds 101 and 202): as faces, sides spanning 0-1,
    /// 1-2 and 2-3 pixels came out 7.6, 5.3 and 3.7 mm inside (median); measured so, 0.7, 1.3
    /// and 2.1 mm. 2 and 3 pixels did alike; 5 accepted a box 20 mm off (tuning, seed 202).
    public var minimumFaceSpanPixels: Double = 3
    /// Such a side's silhouette is moved inward by this share of its face's span: the face's
    /// samples widen the gap past the crease by the span, but move its middle out by less than
    /// half of it. Tuned on the same splits (146 sides spanning under 3 pixels): half the span
    /// left them 1.1 mm inside (median; 0-1, 1-2, 2-3 px: 0.7, 1.3, 2.1 mm), a third 0.1 mm
    /// (0.1, 0.2 inside, 0.2 outside; each member within ±0.9 mm but fatten1-band1), a quarter
    /// 0.3 mm outside. Held out (seeds 3313, 9041, 5501; 68 sides): 1.2 → 0.0 mm. Default 1/3.
    public var grazingFaceShiftShare: Double = 1.0 / 3.0
    /// Walls are looked for among the other objects with a point within this distance (metres)
    /// of the box's points' bounding rectangle (`wallsBeside`), and a side whose line stands
    /// within it of a wall parallel to it is "beside a wall" (`EdgeEstimate.wallDistance`).
    /// Default 0.10.
    public var wallReach: Double = 0.10
    /// A box refused as several objects with a side within this distance (metres) of a wall
    /// (`EdgeEstimate.wallDistance`, placed at the wall's foot) is refused as `againstWall`
    /// instead: the other object was the wall. A negative distance turns this off. Default 0.02.
    public var wallFootDistance: Double = 0.02
    /// A side facing the camera whose face returned nothing (too steep for the sensor) is
    /// located halfway between the top's extent and the floor's base line (`topAndBase`) when
    /// the two agree within this (metres); otherwise it stays a fallback at the top's extent.
    /// On the fixed tuning seeds (4243, 101, 202, 303, 404, 505, 606, 707) the two were within
    /// 3 mm for every such time-of-flight side, 4.8 mm for stereo, and their mean within 0.7 mm
    /// of the true side for time of flight.
    public var baseLineAgreement: Double = 0.015
    /// Fattening (`assessLips`): a side counts the fattened pixels that passed for top only
    /// where a one-pixel lip rises at least `lipMeasurableRise` metres above the top (valid
    /// range 0.001...0.01) and the count's standard error is at most `lipCountError` pixels;
    /// a count of `fatteningPixels` or more is fattening, less (on such a side) rules it out.
    public var lipMeasurableRise: Double = 0.002
    public var lipCountError: Double = 0.15
    public var fatteningPixels: Double = 0.4
    /// A silhouette side showing a lip (the nearer surface spread over the farther one) in more
    /// than this share of its strips (0...1) shows fattening (`LipAssessment.fatteningSeen`).
    public var lipShareLimit: Double = 0.25
    /// The pooled estimate over all silhouette sides (`pooledFattening`) suspects fattening
    /// from `suspectedFatteningPixels` (pixels) when it is at least
    /// `suspectedFatteningSignificance` standard errors above zero; each side's rise error
    /// counts as at least `lipRiseErrorFloor` metres (depth quantisation, model error). Tuned on
    /// the tuning and retired splits and the first held-out seed: no smearing, invalidating or
    /// iPhone capture pooled more than 0.17 px; every fattening capture whose lip a band did not
    /// wipe out pooled 0.28 px or more.
    public var suspectedFatteningPixels: Double = 0.22
    public var suspectedFatteningSignificance: Double = 2
    /// A blending sensor needs more: when every silhouette side facing away from the camera
    /// shows a band of at least `blendingBandPixels` pixels of mixed samples (time-of-flight
    /// flying pixels), the pooled estimate must reach `blendingFatteningSignificance` standard
    /// errors. Fattening copies the nearer depth outward and leaves the edge sharp, so a sharp
    /// side is already a hint of it (the sensor class's fattening prior covers it); where no
    /// side is sharp, two standard errors are chance about once in fifty captures. With the
    /// error floor below, a sensor that does not fatten pools within its standard error as often
    /// as chance says (single time-of-flight frames, fixed split seeds 101-404: rise over error
    /// has a robust spread of 1.04 per side, no bias), and 6 of 400 single time-of-flight frames
    /// of the fixed tuning seeds, each measured within 4 mm, were suspected at 2-2.4 standard
    /// errors. Ten stereo frames without a profile (seed 303, scenario 85), 9.7 mm long, pool
    /// 2.6 standard errors and have a sharp side: they stay suspected.
    public var blendingBandPixels: Double = 0.5
    public var blendingFatteningSignificance: Double = 3
    public var lipRiseErrorFloor: Double = 0.0001
    /// ... and at least this share of the top's RMS about its plane (`pooledFattening`: what a
    /// side's strips have in common, their top plane and outer row, does not show in their
    /// scatter; valid range 0...0.5). Tuned on the fixed split (seeds 4243 and 101, single
    /// frames): 0 leaves five single time-of-flight frames of 100 "suspected" of fattening at
    /// 0.22-0.56 px (the top's RMS 3-5 mm), 0.1 clears two and 0.2 all five; no handheld capture
    /// (tuning, retired and retired2 splits, seed 101) and no ten-frame capture changed.
    public var lipRiseNoiseShare: Double = 0.2
    /// Fattening under a band (`measureBandLips`): the depth samples of the first pixel row
    /// past a side's outer row that lie from `bandLipWindowBelow` metres below the top plane
    /// (valid range 0.001...0.01) to three lip rises above it count, on sides with at least
    /// `bandLipMinimumSamples` of them.
    public var bandLipWindowBelow: Double = 0.004
    public var bandLipMinimumSamples: Int = 30
    /// Fewest fused frames for a band lip (a single frame has one sample per pixel).
    public var bandLipMinimumFrames: Int = 3
    /// A pooled band lip (`BandLipEvidence`) of at least `bandLipSuspectedPixels` pixels and
    /// `bandLipSignificance` standard errors makes fattening suspected
    /// (`LipAssessment.fatteningSuspected`). Tuned on the tuning, retired and retired2 splits
    /// (seeds 101 and 202): one-pixel fattening under a one-pixel blend measures 0.38-0.85 px
    /// (10th-90th percentile); no sensor without fattening more than 0.63, nine in ten under 0.3.
    public var bandLipSuspectedPixels: Double = 0.4
    public var bandLipSignificance: Double = 5
    /// "Several boxes": refused when more than `maximumShareOutside` of the object's points lie
    /// more than `outsideMargin` metres outside the fitted footprint (another box touches it).
    public var outsideMargin: Double = 0.025
    public var maximumShareOutside: Double = 0.05
    /// An object partly hidden behind the box (bordering it in the image, farther from the
    /// camera) within `occludedNeighbourReach` metres of its footprint may touch it out of
    /// sight: refused as several boxes when it shows `minimumHiddenNeighbourPoints` points. An
    /// object beside the box in plain view (a laptop next to a carton) is not a reason to refuse.
    public var occludedNeighbourReach: Double = 0.25
    public var minimumHiddenNeighbourPoints: Int = 20
    /// Hidden objects taller (metres above the floor) or wider (metres across, seen from above)
    /// than this are walls or furniture, not parcels, and never make a box "several boxes".
    public var maximumNeighbourHeight: Double = 1.2
    public var maximumNeighbourExtent: Double = 1.5
    /// A hidden object whose samples bordering the box lie on its near face (more than
    /// `neighbourFaceDrop` metres below its top), `neighbourFaceClearance` metres or more
    /// outside the box's footprint, stands apart: its face is vertical where the box hides it
    /// too (`showsFaceApart`). Valid: drop 0.005-0.05, clearance ≥ 0.01.
    public var neighbourFaceDrop: Double = 0.015
    public var neighbourFaceClearance: Double = 0.03
    /// The top's outline must be straight (`outlineStep`): along each side, in strips
    /// `outlineStripWidth` metres wide (leaving `outlineCornerMargin` metres at each corner), a
    /// run of strips whose outermost top samples lie more than `outlineStepMinimum` metres or
    /// `outlineStepPixels` pixel footprints off the side's median, over at least
    /// `outlineStepMinimumShare` of the side (and three strips), with at least
    /// `outlineSeenRays` rays per strip seen passing more than `outlineSeenDrop` metres below
    /// the top in the gap, is a step: two boxes of one height side by side, or a crushed lid.
    /// Refused as not a cuboid.
    public var outlineStripWidth: Double = 0.02
    public var outlineCornerMargin: Double = 0.03
    public var outlineStepMinimum: Double = 0.02
    public var outlineStepPixels: Double = 3
    public var outlineStepMinimumShare: Double = 0.15
    public var outlineSeenRays: Int = 3
    public var outlineSeenDrop: Double = 0.02
    /// A ray seen in a step reaches the support when its point lies within this many metres of
    /// the floor plane: only such steps are two parcels; a step over the object's own lower part
    /// is a recess, measured as the enclosing cuboid (`PipelineResult.shapeNotes`). Default 0.03.
    public var outlineSupportBand: Double = 0.03
    /// The top must be one plane (`heightStep`): a line across the footprint, at least
    /// `heightStepMinimumSide` metres from either end (on `heightStepSlice`-metre steps), with
    /// the top band's median height on either side differing by `heightStepMinimum` metres or
    /// more, and so within `heightStepWindow` metres of the line (each median over at least
    /// `heightStepMinimumSamples` samples), is a step: two boxes of nearly one height side by
    /// side, or a crushed lid. Refused as not a cuboid.
    public var heightStepMinimum: Double = 0.008
    public var heightStepWindow: Double = 0.04
    public var heightStepSlice: Double = 0.01
    public var heightStepMinimumSide: Double = 0.08
    public var heightStepMinimumSamples: Int = 30
    /// Smallest share of its fitted rectangle (0...1) a carton's top among others must cover
    /// to be one box (`measureTop`). A lone box is refused 0.1 below it: its outline has also
    /// lost the sensor's band at every side, and what is left is judged by its uncertainty.
    public var minimumFill: Double = 0.85
    /// Smallest accepted footprint side (width), metres: the SDK's envelope, about 10 cm.
    public var minimumSide: Double = 0.10
    /// Smallest accepted height, metres. Lower than `minimumSide` because the height comes from
    /// two large fitted planes (top and floor), not from an edge: flat parcels are common.
    public var minimumHeight: Double = 0.06
    /// Accepted camera-to-box distance, metres.
    public var rangeMinimum: Double = 0.3
    public var rangeMaximum: Double = 2.0
    /// A box whose pixels come within this many pixels of the image border is cut off.
    public var borderMarginPixels: Int = 2

    public init() {}
}
