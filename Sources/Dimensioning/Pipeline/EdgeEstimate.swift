/// How one side of the footprint was located (see `locateEdge`).
public enum EdgeMethod: String, Sendable, Codable, Equatable {
    /// From the visible side face: the median position of its points.
    case sideFace = "side_face"
    /// From the silhouette: the boundary between rays that hit the top and rays that pass over it.
    case silhouette
    /// From the top face's outermost points plus half the point spacing (last resort).
    case topExtent = "top_extent"
    /// A side facing the camera whose face the sensor did not return (too steep): halfway
    /// between the top's outermost points and where the floor's samples start at the face's
    /// base, the two agreeing within `SensorBehaviour.baseLineAgreement`.
    case topAndBase = "top_and_base"
}

/// What the engine found out about one side of the footprint: how it was located and the
/// edge evidence behind it (lengths in metres, on the top plane; pixels are image pixels of
/// the reference camera).
///
/// `locateEdge` measures a side once and fills in what it saw: the method, the band and
/// strips of a silhouette (`backdrop`: what lay past it), the side face's points (`face`),
/// and what the side shows of a fattening sensor (`lips`). The passes after it over all four
/// sides each record one thing of their own: `reconcileBands` a band taken from the other
/// sides (`bandFromOtherSides`), `reachPastCreases` a move at the crease (`creaseReach`),
/// `measureBandLips` the lip under a band (`lips.bandRise`), the pipeline a wall beside the
/// side (`wallDistance`). `SideEvidence` then classifies the side once for the uncertainty
/// model.
public struct EdgeEstimate: Sendable, Equatable {
    public var method: EdgeMethod
    /// One image pixel's footprint on the top plane across this side, metres: how far the side
    /// moves when the sensor's edge moves by a pixel.
    public var pixelFootprint: Double
    /// Silhouette sides: the width (pixels) of the band of missing or mixed samples between the
    /// last ray on the top and the first ray past the edge (median over strips; 0 for a sharp
    /// edge). The edge is put in the band's middle, or where the strips' depths pass half the
    /// step to the surface the band ends on when those crossings agree better
    /// (`steadierStrips`): exact for a band that straddles the edge symmetrically, and less
    /// certain the wider the band.
    public var bandPixels: Double?
    /// Side-face sides: the silhouette estimate minus the side-face estimate (metres) where
    /// both could be made. Sides facing the camera whose face returned nothing (`topAndBase`,
    /// or `topExtent` when the two are too far apart): the floor's base line minus the top's
    /// extent. Silhouette sides facing away: how far apart the strips' half-step crossings and
    /// their gaps' middles place the side (metres, not signed; nil where no strip had a
    /// crossing). A few millimetres means the two methods disagree.
    public var disagreement: Double?
    /// The sensor profile's edge correction applied to this side (metres, negative inward).
    public var correction: Double
    /// Strips (2 cm each) that located a silhouette side.
    public var strips: Int
    /// Sides the camera stands in front of (when it is above the top): how many pixels the
    /// side's own face spans in the image, from the crease to its base (the camera's run in
    /// front of the face times the box height over the camera's height above the floor, in
    /// pixel footprints). Nil for sides facing away.
    public var faceSpanPixels: Double? = nil
    /// Silhouette sides facing the camera: the top runs into its own side face there (too steep
    /// to be seen), so the gap past the top is unseen face, not the sensor's edge band (not in
    /// any output).
    package var facesCamera = false
    /// Silhouette sides: what the gap past the top's last ray ended on, in most strips
    /// (`SilhouetteBackdrop`). Nil for other sides.
    public var backdrop: SilhouetteBackdrop? = nil
    /// Silhouette sides: how far (metres) the strips' edge positions scatter about their median
    /// (1.4826 times the median absolute deviation). About a quarter of a pixel footprint for a
    /// straight edge; centimetres where missing returns past part of the side (a dark patch)
    /// widen the gap in some strips and not others. For a gap of missing returns, the scatter
    /// of the strips' last top rays instead.
    public var stripScatter: Double? = nil
    /// Silhouette sides: the top's last rays (median over strips), as a distance from the
    /// rectangle's centre, metres. Not part of any output.
    var lastTopRay: Double? = nil
    /// A side the camera stands in front of whose face spans too few pixels to be measured
    /// (`isGrazingFace`): how far inward (metres) it was moved for its face's samples
    /// (`SensorBehaviour.grazingFaceShiftShare` of the face's span); nil for other sides (not
    /// in any output).
    var grazingShift: Double? = nil
    /// What the side shows of depth copied past its edge (`SideLips`).
    public var lips = SideLips()
    /// Sides placed from their own face's points: how those points lie (`SideFaceReading`).
    /// Nil for other sides (not in any output).
    var face: SideFaceReading? = nil

    // Recorded by the passes over all four sides after `locateEdge`.

    /// Silhouette sides: the band here was much wider than on the capture's other silhouette
    /// sides (something behind the box, or missing returns, not the sensor's edge), so the side
    /// was placed from the top's last ray plus half the band the other sides show
    /// (`reconcileBands`).
    public var bandFromOtherSides: Bool = false
    /// Silhouette sides facing the camera: how far (metres, outward) the side was moved past
    /// its top's last samples for the part of a wide edge band that eats the top at the crease
    /// (`reachPastCreases`); nil where not moved.
    public var creaseReach: Double? = nil
    /// Sides a sensor profile moves, when its calibration measured its references' scatter
    /// (`SensorProfile.edgeScatterPixels`): that scatter times the side's pixel footprint,
    /// metres, how far the calibrated correction may be off here. Not in any output.
    var calibrationDoubt: Double? = nil
    /// How far (metres) a wall stands outward from this side, parallel to it within 20°
    /// (`wallsJoining`, `wallsBeside`): nil when no wall stands within
    /// `WallParameters.reach`. Its foot hides where the side ends unless the gap was measured
    /// against it (`SilhouetteBackdrop.surfaceAtGap`). Not in any output (the confidence's
    /// reason names it).
    public var wallDistance: Double? = nil

    /// A side as `locateEdge` starts it, or as a test builds one: nothing seen yet past what is
    /// given.
    public init(method: EdgeMethod, pixelFootprint: Double, bandPixels: Double? = nil, disagreement: Double? = nil,
                correction: Double = 0, strips: Int = 0) {
        self.method = method
        self.pixelFootprint = pixelFootprint
        self.bandPixels = bandPixels
        self.disagreement = disagreement
        self.correction = correction
        self.strips = strips
    }

    /// Silhouette sides: share of strips whose first ray past the edge met a surface *above*
    /// the top plane (`SideLips.share`).
    public var lipShare: Double? { lips.share }

    /// Silhouette sides: in most strips the first thing past the edge was a surface between top
    /// and floor (a wall or another object close behind), not the floor.
    public var backedBySurface: Bool { backdrop?.isSurface ?? false }

    /// Silhouette sides: the gap past the edge is the sensor's own band there
    /// (`SilhouetteBackdrop.gapIsOwnBand`: it ended on the support, or was measured against the
    /// surface behind); a side with no backdrop recorded is taken as one whose gap ended on the
    /// support.
    var gapIsOwnBand: Bool { backdrop?.gapIsOwnBand ?? true }

    /// A silhouette side the camera stands in front of whose face spans too few pixels to be
    /// measured (`SensorBehaviour.minimumFaceSpanPixels`): measured as a side facing away, its
    /// band the gap less the face's computed span. Not in any output.
    var isGrazingFace: Bool { method == .silhouette && faceSpanPixels != nil && !facesCamera }

    /// Side-face sides: the part of the disagreement the crease does not explain (metres). A
    /// silhouette outward of its side face by up to `SideFaceReading.creaseAllowance` is where
    /// a noisy top's foreground band puts it; only the rest is the two methods disagreeing.
    /// Inward, all of it.
    var disagreementBeyondCrease: Double? {
        guard let disagreement else { return nil }
        guard disagreement > 0, let allowance = face?.creaseAllowance else { return abs(disagreement) }
        return max(0, disagreement - allowance)
    }

    /// Whether a sensor profile's edge offset moves this side: every silhouette side except
    /// one whose gap is missing returns (`bandFromOtherSides` without `backedBySurface`: a
    /// stereo camera's occlusion strip, a dropped band). Where the sensor returned nothing past
    /// the top it spread nothing there either (a stereo matcher's fattened pixels fall in the
    /// strip its left-right check invalidates), so the top's last ray is the sensor-free edge.
    /// `calibrateProfile` fits the offset over exactly these sides.
    public var carriesProfileOffset: Bool {
        method == .silhouette && !(bandFromOtherSides && !backedBySurface)
    }

    /// A silhouette side past most of whose strips the first ray stands above the top
    /// (`lipsPastMostStrips`), higher than a lip can rise (`SideLips.risesHigherThanALip`): a
    /// surface rising behind the side, a taller neighbour's face or a wall, not the sensor's lip.
    func risesAgainstSurface(_ sensor: SensorBehaviour) -> Bool {
        method == .silhouette && lipsPastMostStrips && lips.risesHigherThanALip(sensor)
    }

    /// Past most (at least half) of its strips the first ray stands above the top
    /// (`SideLips.share`): a lip of fattened depth, or something taller rising behind the side.
    var lipsPastMostStrips: Bool { (lips.share ?? 0) >= 0.5 }

    /// A silhouette side showing a lip of fattened depth above the band in more than `limit`
    /// (a share, 0...1; `SensorBehaviour.lipShareLimit`) of its strips: fattening seen.
    func showsLip(beyond limit: Double) -> Bool {
        method == .silhouette && (lips.share ?? 0) > limit
    }
}
