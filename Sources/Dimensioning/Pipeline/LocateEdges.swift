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
    /// base, the two agreeing within `BoxParameters.baseLineAgreement`.
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
    /// Silhouette sides backed by a surface: in most strips the gap past the top's last ray
    /// ended on that surface (points standing on the same vertical plane as the surface's
    /// farther points), so the gap is the sensor's band against it, measured like a gap to the
    /// floor, not something behind the box (`reconcileBands` keeps it). Not in any output.
    var gapToSurface: Bool = false
    /// Silhouette sides not facing the camera: no strip's gap was narrow enough to be a band,
    /// but in most of them nothing at all came back past the top's last ray before the floor
    /// resumed, up to `BoxParameters.missingReturnsReachPixels` out (a stereo camera's occlusion
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
    /// metres, how far the calibrated correction may be off here (`scoreConfidence` doubts
    /// it). Not in any output.
    var calibrationDoubt: Double? = nil

    /// Whether a sensor profile's edge offset moves this side: every silhouette side except
    /// one whose gap is missing returns (`bandFromOtherSides` without `backedBySurface`: a
    /// stereo camera's occlusion strip, a dropped band). Where the sensor returned nothing past
    /// the top it spread nothing there either (a stereo matcher's fattened pixels fall in the
    /// strip its left-right check invalidates), so the top's last ray is the sensor-free edge.
    /// `calibrateProfile` fits the offset over exactly these sides.
    public var carriesProfileOffset: Bool {
        method == .silhouette && !(bandFromOtherSides && !backedBySurface)
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
    }
}

/// What `locateEdge` needs about the scene, prepared once per box.
struct EdgeEvidence {
    /// Box points below the top and above the floor band, in rectangle coordinates.
    var sidePoints: [SIMD2<Double>]
    /// Top-face points in rectangle coordinates.
    var topPoints: [SIMD2<Double>]
    /// Rays from the reference camera through scene points, cut with the top plane, in
    /// rectangle coordinates, with how far (metres) below the top the point itself lies: about 0
    /// when the ray hits the top (foreground), clearly positive when it passed over the box,
    /// negative when the point lies above the top (a lip).
    var rayCuts: [(position: SIMD2<Double>, drop: Double)]
    /// Points within this distance (metres) of the top plane are foreground.
    var foregroundBand: Double
    /// Camera position in rectangle coordinates (x, y) and its height above the top, metres.
    var camera: SIMD2<Double>
    var cameraAboveTop: Double
    /// Typical distance between neighbouring top-face samples, metres.
    var spacing: Double
    /// The reference camera's focal length in pixels, when known.
    var focalPixels: Double?
    /// The top's height above the floor and the floor's noise band, metres: points within
    /// `floorBand` of the floor (a drop of at least `topHeight - floorBand`) are on the floor.
    var topHeight: Double
    var floorBand: Double
    /// Points above the top past a silhouette (a lip) count as past the edge (no sensor
    /// profile) or as the top (a profile calibrates the sensor's spread, lip included).
    var lipsArePastEdge = true
    /// Every point was seen from the reference camera (`FusedScene.isSingleViewpoint`): a gap
    /// to a surface behind a side is then measured like a gap to the floor.
    var singleViewpoint = false

    /// How far along its ray, from the camera, a point `drop` metres below the top lies, as a
    /// multiple of the ray's cut with the top plane (similar triangles): horizontally it stands
    /// at `camera + (cut - camera) * rayStretch(toDrop: drop)`.
    func rayStretch(toDrop drop: Double) -> Double { (cameraAboveTop + drop) / cameraAboveTop }
}

/// How many of `strips` hold at least half a row of samples (`spacing` metres apart) of the
/// points whose across-coordinates are `acrossPositions` (metres), and at least two: all of
/// them when a face runs along the whole side, a run of them for a face partly hidden, few
/// when the points are stray samples (flying pixels, a dark face's rare returns) or bunch at
/// one end (the corner of the neighbouring face, whose noise reaches into the window).
func faceStrips(_ acrossPositions: [Double], strips: SideStrips, spacing: Double) -> Int {
    var counts = [Int](repeating: 0, count: strips.count)
    for v in acrossPositions { counts[max(0, strips.index(v))] += 1 }
    let halfRow = max(2, 0.5 * 2 * strips.inner / Double(strips.count) / max(spacing, 1e-4))
    return counts.filter { Double($0) >= halfRow }.count
}

/// The 2-cm strips along a side whose across-coordinates span `-inner...inner` (metres): how
/// many, and which one holds across-coordinate `v` (the ends clamped into the last strip).
struct SideStrips {
    let inner: Double
    let count: Int

    init(inner: Double) {
        self.inner = inner
        count = max(1, Int((2 * inner / 0.02).rounded(.down)))
    }

    func index(_ v: Double) -> Int {
        min(count - 1, Int(((v + inner) / (2 * inner) * Double(count)).rounded(.down)))
    }
}

/// Locates one side of the footprint, as a distance (metres) from the rectangle's centre along
/// the outward direction `sign * axis` (axis A when `alongA`).
///
/// - A side facing the camera with enough side-face points: their median position. A vertical
///   face projects onto its edge line, so this is free of sampling bias and of any edge band
///   (the top meets its own side face in a crease: no depth discontinuity).
/// - Otherwise, when the camera is above the top: the silhouette. Each ray from the camera is
///   cut with the top plane; rays whose point lies on the top are foreground, rays whose point
///   lies well below the top (the floor behind the box) or above it (a lip of fattened depth)
///   passed over the edge. In 2-cm strips along the side, the edge is the middle of the gap
///   between the outermost foreground cut and the innermost background cut (the position that
///   misclassifies fewest rays), and the side's edge is the median over strips. Mixed pixels
///   (depths between top and floor) are in neither class; a sensor's band of mixed, blurred or
///   invalidated pixels straddles the edge, so the gap's middle is the edge whatever the band's
///   width. The gap's width in pixels is measured (`EdgeEstimate.bandPixels`), and so is the
///   share of strips showing a lip (`lipShare`). The cut positions depend on ray directions
///   only, not on the noisy depths.
/// - Last resort: the 99.8 % quantile of the top points plus half the sample spacing.
///
/// A sensor `profile`'s calibrated edge offset (pixels, positive outward) moves silhouette
/// sides inward by that many pixel footprints, those facing the camera too (a matcher spreads
/// the top over its own steep face as over the floor, and `calibrateProfile` fits the offset
/// over every silhouette side), by the profile's own offset for them when it calibrated one
/// (`SensorProfile.offsetPixels(facingCamera:)`).
func locateEdge(alongA: Bool, sign: Double, rectangle: Rectangle2D, evidence: EdgeEvidence,
                parameters: BoxParameters, profile: SensorProfile? = nil) -> (position: Double, estimate: EdgeEstimate) {
    let half = alongA ? rectangle.halfA : rectangle.halfB
    let otherHalf = alongA ? rectangle.halfB : rectangle.halfA
    let outward = { (q: SIMD2<Double>) -> Double in sign * (alongA ? q.x : q.y) }
    let across = { (q: SIMD2<Double>) -> Double in alongA ? q.y : q.x }
    let inner = max(otherHalf - 0.01, otherHalf * 0.5)
    let direction = alongA ? SIMD2(sign, 0.0) : SIMD2(0.0, sign)
    let footprint = pixelFootprint(edgePoint: direction * half, outward: direction, evidence: evidence)
    var estimate = EdgeEstimate(method: .topExtent, pixelFootprint: footprint, bandPixels: nil, lipShare: nil,
                                disagreement: nil, correction: 0, strips: 0)

    let facesCamera = outward(evidence.camera) > half
    let offsetPixels = profile?.offsetPixels(facingCamera: facesCamera) ?? 0
    var sideFace: Double?
    if facesCamera {
        let onFace = evidence.sidePoints.filter {
            abs(outward($0) - half) <= parameters.sideBand && abs(across($0)) <= inner
        }
        let positions = onFace.map(outward)
        if positions.count >= parameters.minimumSidePoints,
           faceStrips(onFace.map(across), strips: SideStrips(inner: inner), spacing: evidence.spacing) >= parameters.minimumSideFaceStrips,
           let median = Statistics.median(positions) {
            sideFace = median
            if evidence.cameraAboveTop > 0.05 {
                estimate.creaseAllowance = evidence.foregroundBand * max(0, outward(evidence.camera) - median) / evidence.cameraAboveTop
            }
        }
    }
    // A side backed by a surface is measured again with the gap ending on that surface (see
    // `silhouetteEdge`) when one camera saw every point (a still camera); others keep points
    // between top and floor near the edge out as mixed. On handheld sweeps (the iPhone split,
    // seed 2026) measuring to the surface moved the wall-backed sides of three captures 4-17 mm
    // out: their points near a wall come from other viewpoints, averaged into the reference grid.
    let measureSilhouette = { (toSurface: Bool, acrossMissing: Bool) in
        silhouetteEdge(outward: outward, across: across, half: half, inner: inner, facesCamera: facesCamera,
                       footprint: footprint, evidence: evidence, parameters: parameters, gapsToSurfaces: toSurface,
                       acrossMissingReturns: acrossMissing)
    }
    // No strip's gap narrow enough for a band: a gap of nothing but missing returns, wider,
    // still bounds the top (see `EdgeEstimate.gapOfMissingReturns`).
    let silhouetteFound = evidence.cameraAboveTop > 0.05
        ? measureSilhouette(false, false).flatMap {
            $0.surfaceShare > 0.5 && evidence.singleViewpoint ? measureSilhouette(true, false) ?? $0 : $0 }
          ?? (facesCamera ? nil : measureSilhouette(false, true))
        : nil
    if let silhouette = silhouetteFound {
        if let sideFace {
            // A profile's offset is the sensor's known spread: it is taken off the silhouette
            // before the two are compared (a calibrated fattening is no disagreement).
            estimate.method = .sideFace
            estimate.disagreement = silhouette.position - offsetPixels * footprint - sideFace
            return (sideFace, estimate)
        }
        estimate.method = .silhouette
        estimate.strips = silhouette.strips
        estimate.outerRowRise = silhouette.outerRowRise
        estimate.outerRowRiseError = silhouette.outerRowRiseError
        estimate.outerRowPosition = silhouette.outerRowPosition
        estimate.facesCamera = facesCamera
        estimate.lipEnd = silhouette.lipEnd
        estimate.lipTopRise = silhouette.lipTopRise
        estimate.bandPixels = silhouette.bandPixels
        estimate.stripScatter = silhouette.stripScatter
        estimate.lipShare = silhouette.lipShare
        estimate.lastTopRay = silhouette.lastTop
        estimate.backedBySurface = silhouette.surfaceShare > 0.5
        estimate.gapToSurface = silhouette.surfaceGapShare > 0.5
        estimate.gapOfMissingReturns = silhouette.acrossMissingReturns
        estimate.gapIsEmpty = silhouette.emptyGapShare > 0.5
        estimate.correction = -offsetPixels * footprint
        let rise = lipRisePerPixel(edgePoint: direction * half, outward: direction, evidence: evidence)
        estimate.lipRisePerPixel = rise
        estimate.lipVisible = 2 * rise > evidence.foregroundBand
        return (silhouette.position + estimate.correction, estimate)
    }
    if let sideFace {
        estimate.method = .sideFace
        return (sideFace, estimate)
    }
    let positions = evidence.topPoints.map(outward)
    let extent = (Statistics.quantile(positions, 0.998) ?? half) + 0.5 * evidence.spacing
    if facesCamera, evidence.cameraAboveTop > 0.05,
       let base = baseLineEdge(outward: outward, across: across, half: half, inner: inner, direction: direction,
                               evidence: evidence) {
        // The face toward the camera returned nothing (too steep for the sensor), but the
        // floor in front of it did: where it starts is the face's base. Two independent
        // surfaces that agree pin the side; far apart (something at the base, a top cut short),
        // the side stays a fallback at the top's extent, its disagreement on record.
        estimate.facesCamera = true
        estimate.strips = base.strips
        estimate.disagreement = base.position - extent
        if abs(base.position - extent) <= parameters.baseLineAgreement {
            estimate.method = .topAndBase
            return ((extent + base.position) / 2, estimate)
        }
    }
    return (extent, estimate)
}

/// The silhouette estimate of one side (see `locateEdge`): its position, the strips that
/// located it, the band's median width in pixels and the share of strips with a lip. Nil when
/// fewer than three strips, or fewer than half of them, see both classes.
///
/// `acrossMissingReturns` (a side not facing the camera, tried when the first pass found
/// nothing): a strip also counts when its gap is wider than a band, up to
/// `BoxParameters.missingReturnsReachPixels`, if nothing at all came back inside it and the
/// first sample past it is on the floor.
private func silhouetteEdge(outward: (SIMD2<Double>) -> Double, across: (SIMD2<Double>) -> Double,
                            half: Double, inner: Double, facesCamera: Bool, footprint: Double,
                            evidence: EdgeEvidence, parameters: BoxParameters, gapsToSurfaces: Bool = false,
                            acrossMissingReturns: Bool = false)
    -> SilhouetteEdge? {
    // The top's outermost clean samples can lie a band's width inside the edge and the first
    // floor samples as far outside it: the window around the top's extent covers both.
    var window = max(0.04, (2 * parameters.maximumBandPixels + 2) * footprint)
    if acrossMissingReturns { window = max(window, parameters.missingReturnsReachPixels * footprint) }
    let sideStrips = SideStrips(inner: inner)
    let strips = sideStrips.count
    // Past a side facing the camera, rays meet its face just below the top: a real surface,
    // not mixed pixels, so only the foreground band separates the classes there.
    let backgroundDrop = facesCamera ? evidence.foregroundBand + 0.001 : parameters.silhouetteBackgroundDrop
    // Classes: on the top (foreground); on the floor, or above the top (a lip), past the edge
    // (background); between top and floor: a mixed pixel of the edge band, or another surface
    // behind the box (a wall). Mixed pixels straddle the edge, so they are left out; a point
    // between top and floor farther than a band's width past the top's last ray is a surface.
    let floorDrop = evidence.topHeight - evidence.floorBand
    var buckets = [[(u: Double, v: Double, drop: Double, foreground: Bool, above: Bool, between: Bool)]](repeating: [], count: strips)
    for cut in evidence.rayCuts {
        let rises = !facesCamera && cut.drop < -evidence.foregroundBand
        let foreground = abs(cut.drop) <= evidence.foregroundBand || (rises && !evidence.lipsArePastEdge)
        let above = rises && evidence.lipsArePastEdge
        guard foreground || above || cut.drop >= backgroundDrop else { continue }
        let between = !facesCamera && !foreground && !above && cut.drop < floorDrop
        let u = outward(cut.position), v = across(cut.position)
        guard abs(u - half) <= window, abs(v) <= inner else { continue }
        buckets[sideStrips.index(v)].append((u, v, cut.drop, foreground, above, between))
    }
    // A strip counts when both classes meet across a gap of at most a few samples; a side where
    // most strips see nothing past the edge (a face at grazing incidence, dropped by the
    // sensor) has no silhouette to measure.
    var boundaries: [Double] = [], bands: [Double] = [], lastTops: [Double] = [], rises: [Double] = []
    var outerRows: [Double] = [], lipEnds: [Double] = [], lipTops: [Double] = []
    var lips = 0, surfaces = 0, surfaceGaps = 0, emptyGaps = 0
    // Where a point between top and floor stands (its own distances outward and across,
    // metres): its ray crosses the top plane at (u, v) and goes on `drop` further down.
    let cameraOut = outward(evidence.camera), cameraAcross = across(evidence.camera)
    let standing = { (u: Double, v: Double, drop: Double) -> SIMD2<Double> in
        let k = evidence.rayStretch(toDrop: drop)
        return SIMD2(cameraOut + (u - cameraOut) * k, cameraAcross + (v - cameraAcross) * k)
    }
    for all in buckets {
        let foreground = all.filter(\.foreground).map(\.u)
        guard let lastTop = foreground.max() else { continue }
        let reach = lastTop + parameters.maximumBandPixels * footprint
        var bucket = all.filter { !$0.between || $0.u > reach }
        // A surface behind the box (a wall, another object) shows beyond the band's reach. On a
        // side it backs (`gapsToSurfaces`: most strips' first point past the edge is on it), its
        // points standing on one vertical plane, those within the reach on that plane too are
        // the surface, not mixed pixels: they are past the edge, and the gap is the sensor's.
        let far = all.filter { $0.between && $0.u > reach }.map { standing($0.u, $0.v, $0.drop) }
        var nearSurface = false
        if gapsToSurfaces, let wall = verticalSurface(far), wall.spread <= parameters.surfaceSpread {
            let tolerance = max(0.004, 3 * wall.spread)
            let near = all.filter {
                guard $0.between, $0.u > lastTop, $0.u <= reach else { return false }
                let p = standing($0.u, $0.v, $0.drop)
                return abs(p.x - wall.outward(p.y)) <= tolerance
            }
            bucket += near
            nearSurface = !near.isEmpty
        }
        guard let outer = bucket.filter(\.foreground).map(\.u).max(), bucket.contains(where: { !$0.foreground }),
              var boundary = separatingBoundary(bucket.map { ($0.u, $0.foreground) }) else { continue }
        let pastEdge = bucket.filter { !$0.foreground && $0.u > boundary }
        guard let first = pastEdge.min(by: { $0.u < $1.u }) else { continue }
        let step = max(evidence.spacing, outerRowStep(foreground), footprint)
        // Nothing at all came back between the top's last ray and the first one past the edge.
        let gapEmpty = !all.contains(where: { $0.u > outer && $0.u < first.u })
        if facesCamera {
            // Toward the camera the top runs into its own side face, seen at a grazing
            // angle: the gap beyond the last top sample is unseen side face, not a mixed-
            // pixel band, so the edge lies within a sample step and a half of that sample.
            boundary = min(boundary, outer + 1.5 * outerSampleStep(foreground))
        } else if first.u - outer > parameters.silhouetteMaximumGapSamples * step {
            // Wider than a band: only a gap of nothing, with the floor past it, bounds the top,
            // and only where the top reaches its extent (not a hole in the top near the edge).
            guard acrossMissingReturns, first.drop >= floorDrop, !first.between, !first.above,
                  first.u - outer <= parameters.missingReturnsReachPixels * footprint,
                  outer >= half - max(2 * footprint, 0.004), gapEmpty else { continue }
        }
        if first.above {
            lips += 1
            // The lip above the band runs on until the first ray that is not above the top.
            let end = pastEdge.filter { !$0.above }.map(\.u).min() ?? .infinity
            let lip = pastEdge.filter { $0.above && $0.u < end }
            if let last = lip.map(\.u).max() { lipEnds.append(last) }
            if let highest = lip.map({ -$0.drop }).max() { lipTops.append(highest) }
        }
        if gapEmpty { emptyGaps += 1 }
        if first.between {
            surfaces += 1
            if nearSurface, first.u <= reach { surfaceGaps += 1 }
        }
        bands.append(max(0, (first.u - outer) / max(footprint, 1e-6) - 1))
        boundaries.append(boundary)
        lastTops.append(outer)
        if !facesCamera, let row = outerRow(bucket.filter(\.foreground).map { ($0.u, $0.drop) },
                                            outer: outer, footprint: footprint) {
            rises.append(row.rise)
            outerRows.append(row.position)
        }
    }
    guard boundaries.count >= 3, 2 * boundaries.count >= strips, let median = Statistics.median(boundaries)
    else { return nil }
    var edge = SilhouetteEdge(position: median, strips: boundaries.count, bandPixels: Statistics.median(bands) ?? 0,
                              stripScatter: Statistics.robustSigma(acrossMissingReturns ? lastTops : boundaries) ?? 0,
                              lipShare: Double(lips) / Double(boundaries.count),
                              lastTop: Statistics.median(lastTops) ?? median,
                              surfaceShare: Double(surfaces) / Double(boundaries.count),
                              surfaceGapShare: Double(surfaceGaps) / Double(boundaries.count),
                              emptyGapShare: Double(emptyGaps) / Double(boundaries.count),
                              acrossMissingReturns: acrossMissingReturns)
    if rises.count >= 3, let rise = Statistics.median(rises) {
        edge.outerRowRise = rise
        edge.outerRowRiseError = Statistics.medianStandardError(rises, median: rise)
        edge.outerRowPosition = Statistics.median(outerRows)
    }
    if 2 * lipEnds.count >= boundaries.count { edge.lipEnd = Statistics.median(lipEnds) }
    if lipTops.count >= 3 { edge.lipTopRise = Statistics.median(lipTops) }
    return edge
}

/// The vertical surface through points standing behind a side (x outward, y across, metres):
/// the least-squares line x = a + b y (a wall need not be parallel to the side), and how far
/// the points stand from it (1.4826 median absolute deviations of the residuals). Nil with
/// fewer than three points; points that do not spread across give a line parallel to the side.
func verticalSurface(_ points: [SIMD2<Double>]) -> (outward: (Double) -> Double, spread: Double)? {
    guard points.count >= 3 else { return nil }
    let n = Double(points.count)
    let meanX = points.reduce(0) { $0 + $1.x } / n, meanY = points.reduce(0) { $0 + $1.y } / n
    let syy = points.reduce(0) { $0 + ($1.y - meanY) * ($1.y - meanY) }
    let sxy = points.reduce(0) { $0 + ($1.y - meanY) * ($1.x - meanX) }
    let slope = syy > 1e-12 ? sxy / syy : 0
    let line = { (y: Double) in meanX + slope * (y - meanY) }
    let residuals = points.map { $0.x - line($0.y) }
    guard let mad = Statistics.medianAbsoluteDeviation(residuals, from: 0) else { return nil }
    return (line, 1.4826 * mad)
}

/// A silhouette side as `silhouetteEdge` measured it (see `locateEdge`).
private struct SilhouetteEdge {
    var position: Double
    var strips: Int
    var bandPixels: Double
    var stripScatter: Double
    var lipShare: Double
    var lastTop: Double
    var surfaceShare: Double
    var surfaceGapShare: Double
    var emptyGapShare: Double
    var acrossMissingReturns: Bool
    var outerRowRise: Double? = nil
    var outerRowRiseError: Double? = nil
    var outerRowPosition: Double? = nil
    var lipEnd: Double? = nil
    var lipTopRise: Double? = nil
}

/// The outermost row of a strip's top samples (rays within a pixel footprint of the last one):
/// its median position (metres from the centre) and how far (metres) it stands above the rows
/// just inside it (1.5 to 4 footprints in), the median drop of the inner rows minus that of the
/// outer row. The rise is about 0 for a sharp or mixing sensor (mixed pixels that pass as top
/// sag, so it is then negative) and about `j` times `lipRisePerPixel` for a row `j` pixels out
/// on the lip of a fattening sensor whose lip stays within the foreground band, so position
/// and rise together give back the pixel the lip was copied from. Nil when either row is empty.
private func outerRow(_ foreground: [(u: Double, drop: Double)], outer: Double, footprint: Double)
    -> (position: Double, rise: Double)? {
    let outerRow = foreground.filter { $0.u > outer - footprint }
    let innerRows = foreground.filter { $0.u <= outer - 1.5 * footprint && $0.u > outer - 4 * footprint }.map(\.drop)
    guard let o = Statistics.median(outerRow.map(\.drop)), let i = Statistics.median(innerRows),
          let position = Statistics.median(outerRow.map(\.u)) else { return nil }
    return (position, i - o)
}

/// How the reference camera sees a point of the top plane's edge: its focal length (pixels),
/// its range (metres), the
/// sine and cosine of the ray's elevation above the top plane, and how much of `outward` lies
/// along the horizontal viewing direction (1: a side facing away, 0: a side seen along its
/// length). Nil without a focal length or when the camera is not above the top.
private func edgeView(edgePoint: SIMD2<Double>, outward: SIMD2<Double>, evidence: EdgeEvidence,
                      cameraAbovePlane: Double? = nil)
    -> (focal: Double, range: Double, sinElevation: Double, cosElevation: Double, alongView: Double)? {
    let height = cameraAbovePlane ?? evidence.cameraAboveTop
    guard let f = evidence.focalPixels, f > 0, height > 0 else { return nil }
    let horizontal = edgePoint - evidence.camera
    let distance = length(horizontal)
    let range = (distance * distance + height * height).squareRoot()
    let alongView = distance > 1e-9 ? dot(outward, horizontal / distance) : 0
    return (f, range, height / range, distance / range, alongView)
}

/// How far (metres) above the top plane one pixel of depth copied outward across the edge at
/// `edgePoint` lands: a pixel step at constant depth moves a point by range / focal length
/// across the ray, and for a side facing away from the camera part of that move is upward.
func lipRisePerPixel(edgePoint: SIMD2<Double>, outward: SIMD2<Double>, evidence: EdgeEvidence) -> Double {
    guard let view = edgeView(edgePoint: edgePoint, outward: outward, evidence: evidence) else { return 0 }
    return view.range / view.focal * view.cosElevation * max(0, view.alongView)
}

/// One image pixel's footprint (metres) on the top plane along `outward` at `edgePoint`
/// (rectangle coordinates): the ray to the point moves by range / focal length across itself
/// per pixel, stretched by 1 / sin(elevation) along the viewing direction. Falls back to the
/// top's sample spacing when the focal length is unknown.
func pixelFootprint(edgePoint: SIMD2<Double>, outward: SIMD2<Double>, evidence: EdgeEvidence,
                    cameraAbovePlane: Double? = nil) -> Double {
    guard let view = edgeView(edgePoint: edgePoint, outward: outward, evidence: evidence,
                              cameraAbovePlane: cameraAbovePlane) else { return evidence.spacing }
    let along = view.alongView * view.alongView
    let stretch = (along / (view.sinElevation * view.sinElevation) + (1 - along)).squareRoot()
    return view.range / view.focal * stretch
}

/// Where the ray from `camera` through `point` (floor-frame coordinates, metres) meets the
/// horizontal plane at `height`: the ray parameter `t` (0 at the camera, 1 at the point) and
/// the crossing's floor coordinates. Nil when the ray does not go down to the plane (t <= 0).
func cutWithPlane(from camera: SIMD3<Double>, through point: SIMD3<Double>, height: Double)
    -> (t: Double, position: SIMD2<Double>)? {
    let t = (height - camera.z) / (point.z - camera.z)
    guard t > 0 else { return nil }
    return (t, SIMD2(camera.x + t * (point.x - camera.x), camera.y + t * (point.y - camera.y)))
}

/// The threshold `e` that best separates foreground values (below) from background values
/// (above): thresholds minimising the count of foreground values above `e` plus background
/// values below it form one or more runs; the result is the mean of the first and last run's
/// midpoints, so that ties do not favour either side. Nil unless both classes are present.
func separatingBoundary(_ values: [(Double, Bool)]) -> Double? {
    guard values.contains(where: { $0.1 }), values.contains(where: { !$0.1 }) else { return nil }
    let sorted = values.sorted { $0.0 < $1.0 }
    // errors[i]: misclassified values for a threshold just above sorted[i] (i = -1: below all).
    var errors = sorted.filter { $0.1 }.count
    var profile: [Int] = []
    profile.reserveCapacity(sorted.count)
    for value in sorted {
        errors += value.1 ? -1 : 1
        profile.append(errors)
    }
    let best = min(profile.min()!, sorted.filter { $0.1 }.count)
    func midpoint(after i: Int) -> Double {
        i < 0 ? sorted[0].0 : (i + 1 < sorted.count ? (sorted[i].0 + sorted[i + 1].0) / 2 : sorted[i].0)
    }
    let first = profile.firstIndex(of: best) ?? -1
    let last = profile.lastIndex(of: best) ?? -1
    return (midpoint(after: first) + midpoint(after: last)) / 2
}

/// Median distance between consecutive values among the outermost eight of `values` (the
/// sample step of a surface toward its edge), or 0 with fewer than two values.
func outerSampleStep(_ values: [Double]) -> Double {
    let outer = values.sorted().suffix(8)
    guard outer.count >= 2 else { return 0 }
    return Statistics.median(zip(outer.dropFirst(), outer).map { $0 - $1 }) ?? 0
}

/// The step between sample rows of a surface toward its edge: the largest gap between
/// consecutive values among the outermost twelve of `values` (within a strip, samples of one
/// image row lie close together and rows are a step apart); 0 with fewer than two values.
func outerRowStep(_ values: [Double]) -> Double {
    let outer = values.sorted().suffix(12)
    guard outer.count >= 2 else { return 0 }
    return zip(outer.dropFirst(), outer).map { $0 - $1 }.max() ?? 0
}

/// The sensor's edge band is one property of the capture (silhouette sides facing the camera
/// have none: the top meets its own unseen side face there). A silhouette side with something
/// close behind it (`EdgeEstimate.backedBySurface`) whose gap did not end on that surface
/// (`EdgeEstimate.gapToSurface`), or whose band is wider than the median of
/// the clean silhouette sides' by more than `tolerancePixels`, has something else past its edge
/// (a wall, missing returns): it is placed at its top's last ray plus half the clean sides'
/// gap (`EdgeEstimate.bandFromOtherSides`). With no clean side to learn the band from, such a
/// backed side keeps the top's last ray plus half a pixel and is marked a fallback. A side whose
/// gap is missing returns (not backed) takes no profile offset (`carriesProfileOffset`): its
/// correction is undone. `positions` are distances from the rectangle's centre, metres, in side
/// order.
func reconcileBands(_ positions: inout [Double], _ estimates: inout [EdgeEstimate], tolerancePixels: Double) {
    let silhouettes = estimates.indices.filter { estimates[$0].method == .silhouette && !estimates[$0].facesCamera }
    for side in silhouettes {
        let clean = silhouettes.filter { $0 != side && !estimates[$0].backedBySurface }.compactMap { estimates[$0].bandPixels }
        guard let band = estimates[side].bandPixels, let lastTop = estimates[side].lastTopRay else { continue }
        let e = estimates[side]
        // A gap measured against the surface behind is the sensor's band there: it is kept
        // unless much wider than the clean sides' (as any side's).
        let ownGap = (!e.backedBySurface || e.gapToSurface) && !e.gapOfMissingReturns
        if let reference = Statistics.median(clean) {
            guard !ownGap || band > reference + tolerancePixels else { continue }
            estimates[side].bandFromOtherSides = true
            if !estimates[side].carriesProfileOffset { estimates[side].correction = 0 }
            positions[side] = lastTop + (reference + 1) / 2 * e.pixelFootprint + estimates[side].correction
        } else if !ownGap {
            positions[side] = lastTop + 0.5 * e.pixelFootprint + e.correction
            estimates[side].method = .topExtent
        }
    }
}
