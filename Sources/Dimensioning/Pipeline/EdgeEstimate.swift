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
public struct EdgeEstimate: Sendable, Codable, Equatable {
    public var method: EdgeMethod
    /// One image pixel's footprint on the top plane across this side, metres: how far the side
    /// moves when the sensor's edge moves by a pixel.
    public var pixelFootprint: Double
    /// Silhouette sides: the width (pixels) of the band of missing or mixed samples between the
    /// last ray on the top and the first ray past the edge (median over strips; 0 for a sharp
    /// edge). The edge is put in the band's middle, which is exact for a band that straddles
    /// the edge symmetrically and less certain the wider the band.
    public var bandPixels: Double?
    /// Silhouette sides: share of strips whose first ray past the edge met a surface *above*
    /// the top plane: the nearer surface spreading over the farther one (stereo fattening),
    /// seen as a lip. Such rays count as past the edge.
    public var lipShare: Double?
    /// Side-face sides: the silhouette estimate minus the side-face estimate (metres) where
    /// both could be made. Sides facing the camera whose face returned nothing (`topAndBase`,
    /// or `topExtent` when the two are too far apart): the floor's base line minus the top's
    /// extent. A few millimetres means the two methods disagree.
    public var disagreement: Double?
    /// The sensor profile's edge correction applied to this side (metres, negative inward).
    public var correction: Double
    /// Silhouette sides facing the camera: how far (metres, outward) the side was moved past
    /// its top's last samples for the part of a wide edge band that eats the top at the crease
    /// (`reachPastCreases`); nil where not moved.
    public var creaseReach: Double? = nil
    /// Silhouette sides: how far (metres) the strips' edge positions scatter about their median
    /// (1.4826 times the median absolute deviation). About a quarter of a pixel footprint for a
    /// straight edge; centimetres where missing returns past part of the side (a dark patch)
    /// widen the gap in some strips and not others. For a gap of missing returns
    /// (`gapOfMissingReturns`), the scatter of the strips' last top rays instead.
    public var stripScatter: Double? = nil
    /// Strips (2 cm each) that located a silhouette side.
    public var strips: Int
    /// Silhouette sides: whether fattening of two pixels would show as a lip here (the edge is
    /// seen obliquely enough that depth copied across it rises above the top's noise band).
    /// A sharp edge (`bandPixels` under a pixel) that shows no lip where one would show is a
    /// sharp sensor, not a fattening one; elsewhere (a straight-down view, a side seen along
    /// its length) the two cannot be told apart.
    public var lipVisible: Bool = false
    /// Silhouette sides facing away: how far (metres) a one-pixel lip would rise above the top
    /// here (`lipRisePerPixel`), and how far the top's outermost row of samples stands above
    /// the rows just inside it (median over strips, with its standard error). A lip lower than
    /// the foreground band passes for top; this is how it still shows (see `assessLips`).
    public var lipRisePerPixel: Double = 0
    public var outerRowRise: Double?
    public var outerRowRiseError: Double?
    /// Silhouette sides facing away: the median height (metres) above the top plane of the
    /// near-top depth samples in the first pixel row past the top's outer row, and its standard
    /// error (`measureBandLips`): about 0 without fattening, about `lipRisePerPixel` with a
    /// pixel of fattening hidden under a band. Nil where not measured.
    public var bandLipRise: Double? = nil
    public var bandLipRiseError: Double? = nil
    /// Silhouette sides facing the camera: the top runs into its own side face there (too steep
    /// to be seen), so the gap past the top is unseen face, not the sensor's edge band (not in
    /// any output).
    package var facesCamera = false
    /// Sides the camera stands in front of (when it is above the top): how many pixels the
    /// side's own face spans in the image, from the crease to its base (the camera's run in
    /// front of the face times the box height over the camera's height above the floor, in
    /// pixel footprints). Nil for sides facing away.
    public var faceSpanPixels: Double? = nil
    /// A silhouette side the camera stands in front of whose face spans too few pixels to be
    /// measured (`SensorBehaviour.minimumFaceSpanPixels`): measured as a side facing away, its
    /// band the gap less the face's computed span. Not in any output.
    var isGrazingFace: Bool { method == .silhouette && faceSpanPixels != nil && !facesCamera }
    /// How far inward (metres) such a side was moved for its face's samples
    /// (`SensorBehaviour.grazingFaceShiftShare` of the face's span); nil for other sides (not in
    /// any output).
    var grazingShift: Double? = nil
    /// The outer row's median position, and where a lip higher than the band ends (the last
    /// ray above the top, median over the strips showing one), metres from the rectangle's
    /// centre (not in any output).
    var outerRowPosition: Double? = nil
    var lipEnd: Double? = nil
    /// Where a lip rises above the band: how far (metres) its highest ray stands above the top
    /// (median over the strips showing one). A fattening sensor copies the edge pixel's depth
    /// `k` pixels out, so the lip's last pixel rises `k` times `lipRisePerPixel` (not in any
    /// output).
    var lipTopRise: Double? = nil
    /// Silhouette sides: the band here was much wider than on the capture's other silhouette
    /// sides (something behind the box, or missing returns, not the sensor's edge), so the side
    /// was placed from the top's last ray plus half the band the other sides show.
    public var bandFromOtherSides: Bool = false
    /// Silhouette sides: in most strips the first thing past the edge was a surface between
    /// top and floor (a wall or another object close behind), not the floor. Unless the gap was
    /// measured against that surface (`gapToSurface`), it is not the sensor's band, so the side
    /// takes the band the other sides show (`reconcileBands`), or none.
    public var backedBySurface: Bool = false
    /// How far (metres) a wall stands outward from this side, parallel to it within 20°
    /// (`wallsJoining`, `wallsBeside`): nil when no wall stands within
    /// `WallParameters.reach`. Its foot hides where the side ends unless the gap was measured
    /// against it (`gapToSurface`). Not in any output (the confidence's reason names it).
    public var wallDistance: Double? = nil
    /// Silhouette sides backed by a surface: in most strips the gap past the top's last ray
    /// ended on that surface (points standing on the same vertical plane as the surface's
    /// farther points), so the gap is the sensor's band against it, measured like a gap to the
    /// floor, not something behind the box (`reconcileBands` keeps it). Not in any output.
    var gapToSurface: Bool = false
    /// Silhouette sides not facing the camera: no strip's gap was narrow enough to be a band,
    /// but in most of them nothing at all came back past the top's last ray before the floor
    /// resumed, up to `SensorBehaviour.missingReturnsReachPixels` out (a stereo camera's occlusion
    /// strip beside a tall edge, a dark patch). The gap says nothing of the edge, so the side
    /// always takes the other sides' band, or is a fallback at its last top ray
    /// (`reconcileBands`). Not in any output (`bandFromOtherSides` is).
    var gapOfMissingReturns: Bool = false
    /// Silhouette sides: in most strips nothing at all came back between the top's last ray and
    /// the first ray past the edge (missing returns, no mixed pixels). Always so for
    /// `gapOfMissingReturns`. Not in any output.
    var gapIsEmpty: Bool = false
    /// Silhouette sides: the top's last rays (median over strips), as a distance from the
    /// rectangle's centre, metres. Not part of any output.
    var lastTopRay: Double? = nil
    /// Side-face sides: how far past the crease (metres) a ray through the face's first
    /// centimetres, within the top's foreground band and so passing for top, cuts the top plane:
    /// `foregroundBand` times the cotangent of the ray's elevation at the face (its run over the
    /// floor from the camera to the face, over the camera's height above the top). Not in any
    /// output.
    var creaseAllowance: Double? = nil

    /// Side-face sides: the part of the disagreement the crease does not explain (metres). A
    /// silhouette outward of its side face by up to `creaseAllowance` is where a noisy top's
    /// foreground band puts it; only the rest is the two methods disagreeing. Inward, all of it.
    var disagreementBeyondCrease: Double? {
        guard let disagreement else { return nil }
        guard disagreement > 0, let creaseAllowance else { return abs(disagreement) }
        return max(0, disagreement - creaseAllowance)
    }

    /// Sides a sensor profile moves, when its calibration measured its references' scatter
    /// (`SensorProfile.edgeScatterPixels`): that scatter times the side's pixel footprint,
    /// metres, how far the calibrated correction may be off here. Not in any output.
    var calibrationDoubt: Double? = nil

    /// Side-face sides: 1.4826 median absolute deviations of the face points' outward
    /// positions about their median (the side's position), metres, and the 2-cm strips holding
    /// them (`faceStrips`). Not in any output.
    var faceScatter: Double? = nil
    var faceStripCount: Int = 0

    /// Whether a sensor profile's edge offset moves this side: every silhouette side except
    /// one whose gap is missing returns (`bandFromOtherSides` without `backedBySurface`: a
    /// stereo camera's occlusion strip, a dropped band). Where the sensor returned nothing past
    /// the top it spread nothing there either (a stereo matcher's fattened pixels fall in the
    /// strip its left-right check invalidates), so the top's last ray is the sensor-free edge.
    /// `calibrateProfile` fits the offset over exactly these sides.
    public var carriesProfileOffset: Bool {
        method == .silhouette && !(bandFromOtherSides && !backedBySurface)
    }

    /// A silhouette side showing a lip of fattened depth above the band in more than `limit`
    /// (a share, 0...1; `SensorBehaviour.lipShareLimit`) of its strips: fattening seen.
    func showsLip(beyond limit: Double) -> Bool {
        method == .silhouette && (lipShare ?? 0) > limit
    }

    enum CodingKeys: String, CodingKey {
        case method
        case pixelFootprint = "pixel_footprint_m"
        case bandPixels = "band_px"
        case lipShare = "lip_share"
        case disagreement = "disagreement_m"
        case correction = "correction_m"
        case creaseReach = "crease_reach_m"
        case stripScatter = "strip_scatter_m"
        case strips
        case lipVisible = "lip_visible"
        case lipRisePerPixel = "lip_rise_per_px_m"
        case outerRowRise = "outer_row_rise_m"
        case outerRowRiseError = "outer_row_rise_error_m"
        case bandLipRise = "band_lip_rise_m"
        case bandLipRiseError = "band_lip_rise_error_m"
        case bandFromOtherSides = "band_from_other_sides"
        case backedBySurface = "backed_by_surface"
        case faceSpanPixels = "face_span_px"
    }
}
