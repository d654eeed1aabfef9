/// The silhouette estimate of one side (see `locateEdge`): its position, the strips that
/// located it, the band's median width in pixels and the share of strips with a lip. Nil when
/// fewer than three strips, or fewer than half of them, see both classes.
///
/// `acrossMissingReturns` (a side not facing the camera, tried when the first pass found
/// nothing): a strip also counts when its gap is wider than a band, up to
/// `SensorBehaviour.missingReturnsReachPixels`, if nothing at all came back inside it and the
/// first sample past it is on the floor.
func silhouetteEdge(outward: (SIMD2<Double>) -> Double, across: (SIMD2<Double>) -> Double,
                    half: Double, inner: Double, facesCamera: Bool, footprint: Double,
                    evidence: EdgeEvidence, parameters: PipelineParameters, gapsToSurfaces: Bool = false,
                    acrossMissingReturns: Bool = false)
    -> SilhouetteEdge? {
    let sensor = parameters.behaviour
    // The top's outermost clean samples can lie a band's width inside the edge and the first
    // floor samples as far outside it: the window around the top's extent covers both.
    var window = max(0.04, (2 * sensor.maximumBandPixels + 2) * footprint)
    if acrossMissingReturns { window = max(window, sensor.missingReturnsReachPixels * footprint) }
    let sideStrips = SideStrips(inner: inner)
    let strips = sideStrips.count
    // Past a side facing the camera, rays meet its face just below the top: a real surface,
    // not mixed pixels, so only the foreground band separates the classes there.
    let backgroundDrop = facesCamera ? evidence.foregroundBand + 0.001 : parameters.backgroundDrop
    // Classes: on the top (foreground); on the floor, or above the top (a lip), past the edge
    // (background); between top and floor: a mixed pixel of the edge band, or another surface
    // behind the box (a wall). Mixed pixels straddle the edge, so they are left out; a point
    // between top and floor farther than a band's width past the top's last ray is a surface.
    // A strip may see farther than the support past the edge (a table's edge, the room's floor
    // below): a sample below the support that is not on the deepest surface the strip sees is
    // a mixed pixel between the top and that surface too (`between`, set per strip below).
    let floorDrop = evidence.topHeight - evidence.floorBand, supportBottom = evidence.topHeight + evidence.floorBand
    var buckets = [[StripCut]](repeating: [], count: strips)
    // Each strip's depth profile: every sample not above the top, mixed pixels too, for the
    // crossing of half the step (`halfStepCrossing`).
    var profiles = [[(u: Double, drop: Double)]](repeating: [], count: strips)
    for cut in evidence.rayCuts {
        let u = outward(cut.position), v = across(cut.position)
        guard abs(u - half) <= window, abs(v) <= inner else { continue }
        if cut.drop >= -evidence.foregroundBand { profiles[sideStrips.index(v)].append((u, cut.drop)) }
        let rises = !facesCamera && cut.drop < -evidence.foregroundBand
        let foreground = abs(cut.drop) <= evidence.foregroundBand || (rises && !evidence.lipsArePastEdge)
        let above = rises && evidence.lipsArePastEdge
        guard foreground || above || cut.drop >= backgroundDrop else { continue }
        buckets[sideStrips.index(v)].append((u, v, cut.drop, foreground, above, false))
    }
    // A strip counts when both classes meet across a gap of at most a few samples; a side where
    // most strips see nothing past the edge (a face at grazing incidence, dropped by the
    // sensor) has no silhouette to measure.
    var boundaries: [Double] = [], crossings: [Double] = [], bands: [Double] = [], lastTops: [Double] = [], rises: [Double] = []
    var outerRows: [Double] = [], lipEnds: [Double] = [], lipTops: [Double] = []
    var lips = 0, surfaces = 0, surfaceGaps = 0
    // Where a point between top and floor stands (its own distances outward and across,
    // metres): its ray crosses the top plane at (u, v) and goes on `drop` further down.
    let cameraOut = outward(evidence.camera), cameraAcross = across(evidence.camera)
    let standing = { (u: Double, v: Double, drop: Double) -> SIMD2<Double> in
        let k = evidence.rayStretch(toDrop: drop)
        return SIMD2(cameraOut + (u - cameraOut) * k, cameraAcross + (v - cameraAcross) * k)
    }
    var stripOf: [Int] = [] // each boundary's strip
    for (index, seen) in buckets.enumerated() {
        // The deepest surface the strip sees below the support (the room's floor past a table's
        // edge): its samples past the sensor's widest band beyond the top's last sample are no
        // mixed pixels; their median drop is its level, and three robust sigmas of them its
        // band, at least the support's: seen at twice the support's range, that floor is
        // noisier, and its samples within its own band are on it. Without five such samples,
        // the deepest sample and the support's band. (Held-out fixed frames on a table, seed
        // 5077, scenario 20: a time-of-flight far floor 1.5 m below the top scattering by 2 cm
        // had most of its samples within the band taken for mixed pixels, and the side's strips
        // were placed half-way out to the few deepest ones, 1-4 px outside the edge.)
        let pastBand = (seen.filter(\.foreground).map(\.u).max() ?? .infinity) + sensor.maximumBandPixels * footprint
        let background = seen.filter { !$0.foreground && !$0.above }
        let deepFloor = background.filter { $0.drop > supportBottom && $0.u > pastBand }.map(\.drop)
        let seesDeepFloor = deepFloor.count >= 5
        var deepest = background.map(\.drop).max() ?? 0, deepBand = evidence.floorBand
        if seesDeepFloor, let level = Statistics.median(deepFloor), let sigma = Statistics.robustSigma(deepFloor) {
            deepest = level
            deepBand = max(evidence.floorBand, 3 * sigma)
        }
        var strip = seen.map { cut -> StripCut in
            var classified = cut
            classified.between = !facesCamera && !cut.foreground && !cut.above
                && (cut.drop < floorDrop || (cut.drop > supportBottom && cut.drop < deepest - deepBand))
            return classified
        }
        if !facesCamera, seesDeepFloor {
            strip = supportCrossings(strip, supportLevel: floorDrop...supportBottom, within: 1.5 * footprint)
        }
        let detached = detachingOtherSurfaces(strip, gap: sensor.maximumBandPixels * footprint)
        let foreground = detached.filter(\.foreground).map(\.u)
        guard let lastTop = foreground.max() else { continue }
        // Above the top and well inside its last sample is the object's own raised part (a
        // handle, a strap), not a lip of fattened depth past the edge.
        let all = detached.filter { !$0.above || $0.u >= lastTop - 2 * footprint }
        let reach = lastTop + sensor.maximumBandPixels * footprint
        var bucket = all.filter { !$0.between || $0.u > reach }
        // A surface behind the box (a wall, another object) shows beyond the band's reach. On a
        // side it backs (`gapsToSurfaces`: most strips' first point past the edge is on it), its
        // points standing on one vertical plane, those within the reach on that plane too are
        // the surface, not mixed pixels: they are past the edge, and the gap is the sensor's.
        let far = all.filter { $0.between && $0.u > reach }.map { standing($0.u, $0.v, $0.drop) }
        var nearSurface = false
        if gapsToSurfaces, let wall = verticalSurface(far), wall.spread <= sensor.surfaceSpread {
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
        // A side facing away whose band ends on a surface (no wall, no lip): where the strip's
        // depths pass half the step down to that surface (`halfStepCrossing`), the other
        // estimate of its edge (`steadierStrips` picks one per side).
        var crossing: Double?
        if !facesCamera, !acrossMissingReturns, !first.above, !first.between, !bucket.contains(where: \.above),
           let found = halfStepCrossing(profiles[index].filter { $0.u <= first.u + footprint / 2 },
                                        step: first.drop, footprint: footprint) {
            crossing = found
        }
        let step = max(evidence.spacing, outerRowStep(foreground), footprint)
        // Nothing at all came back between the top's last ray and the first one past the edge.
        let gapEmpty = !all.contains(where: { $0.u > outer && $0.u < first.u })
        if facesCamera {
            // Toward the camera the top runs into its own side face, seen at a grazing
            // angle: the gap beyond the last top sample is unseen side face, not a mixed-
            // pixel band, so the edge lies within a sample step and a half of that sample.
            boundary = min(boundary, outer + 1.5 * outerSampleStep(foreground))
        } else if first.u - outer > sensor.silhouetteMaximumGapSamples * step {
            // Wider than a band: only a gap of nothing, with the floor past it, bounds the top,
            // and only where the top reaches its extent (not a hole in the top near the edge).
            guard acrossMissingReturns, first.drop >= floorDrop, !first.between, !first.above,
                  first.u - outer <= sensor.missingReturnsReachPixels * footprint,
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
        if first.between {
            surfaces += 1
            if nearSurface, first.u <= reach { surfaceGaps += 1 }
        }
        bands.append(max(0, (first.u - outer) / max(footprint, 1e-6) - 1))
        boundaries.append(boundary)
        crossings.append(crossing ?? boundary)
        lastTops.append(outer)
        stripOf.append(index)
        if !facesCamera, let row = outerRow(bucket.filter(\.foreground).map { ($0.u, $0.drop) },
                                            outer: outer, footprint: footprint) {
            rises.append(row.rise)
            outerRows.append(row.position)
        }
    }
    guard boundaries.count >= 3, 2 * boundaries.count >= strips else { return nil }
    let counted = Double(boundaries.count)
    // The enclosing cuboid's side is where the top reaches out to. A run of strips whose last
    // top samples lie a step inside the side's outer level (the upper quartile of the strips'
    // last top samples) sees a recess cut into the top at that side: it does not place the
    // side. The step is `outlineStep`'s least (2 cm), or two pixel footprints (a strip's last
    // top sample lies within one of the edge, and a band moves every strip alike, so the
    // run's other test keeps it out). The top samples decide, not the boundaries: a gap of
    // missing returns past part of a side moves those strips' boundaries out but leaves their
    // top samples where the top ends. And the strips stepped in must be one run: a round top
    // falls away at both ends of every side, and its strips' scatter is the evidence that it
    // is no cuboid. Two strips reaching the level suffice: a recess in the middle of a short
    // side leaves a prong of lid at each end, one strip wide between the corner margins
    // (retired split 2, seed 6151, `--irregular-tops`, scenario 43: an 83-mm recess in a 179-mm
    // side, accepted at 20 mm 41.7 mm short when three were asked for).
    let step = max(parameters.shape.outlineStepMinimum, 2 * footprint)
    if let level = Statistics.quantile(lastTops, 0.75) {
        let reaching = lastTops.indices.filter { lastTops[$0] >= level - step }
        let inside = lastTops.indices.filter { lastTops[$0] < level - step }.map { stripOf[$0] }
        if reaching.count >= 2, let first = inside.min(), let last = inside.max(),
           !reaching.contains(where: { stripOf[$0] > first && stripOf[$0] < last }) {
            boundaries = reaching.map { boundaries[$0] }
            crossings = reaching.map { crossings[$0] }
            lastTops = reaching.map { lastTops[$0] }
            bands = reaching.map { bands[$0] }
        }
    }
    // The two estimates' medians apart: either may be the wrong one (a band cut short by a
    // deck's board in every strip moves the gaps' middles alike, and their scatter cannot show it).
    let methodGap = crossings == boundaries ? 0
        : abs((Statistics.median(crossings) ?? 0) - (Statistics.median(boundaries) ?? 0))
    boundaries = steadierStrips(gapMiddles: boundaries, crossings: crossings)
    guard let median = Statistics.median(boundaries) else { return nil }
    var edge = SilhouetteEdge(position: median, strips: boundaries.count, bandPixels: Statistics.median(bands) ?? 0,
                              stripScatter: Statistics.robustSigma(acrossMissingReturns ? lastTops : boundaries) ?? 0,
                              lipShare: Double(lips) / counted,
                              lastTop: Statistics.median(lastTops) ?? median,
                              surfaceShare: Double(surfaces) / counted,
                              surfaceGapShare: Double(surfaceGaps) / counted,
                              acrossMissingReturns: acrossMissingReturns, methodGap: methodGap)
    if rises.count >= 3, let rise = Statistics.median(rises) {
        edge.outerRowRise = rise
        edge.outerRowRiseError = Statistics.medianStandardError(rises, median: rise)
        edge.outerRowPosition = Statistics.median(outerRows)
    }
    if 2 * lipEnds.count >= boundaries.count { edge.lipEnd = Statistics.median(lipEnds) }
    if lipTops.count >= 3 { edge.lipTopRise = Statistics.median(lipTops) }
    return edge
}

/// One ray's cut with the top plane in a side's strip: its distances outward and across
/// (metres), how far its sample lies below the top (metres, negative above it), and its class.
typealias StripCut = (u: Double, v: Double, drop: Double, foreground: Bool, above: Bool, between: Bool)

/// A strip's cuts with the mixed pixels that cross the support's level marked `between`. Past
/// a table's edge a strip sees the room's floor far below, and a sensor that blurs or blends
/// depth steps gives rays whose depths run from the top's down to that floor's: one of them
/// per frame passes through the support's level (`supportLevel`, drops in metres below the
/// top) and passes for support, so the band past the edge ends there, short (the other frames'
/// rays cross it beside it). The support is a surface: just outward of its samples lie more of
/// its own, none below it. A sample at its level with two or more samples below the support
/// within `within` metres outward is a crossing: a mixed pixel. (Tuning on a table, seed 2026,
/// scenarios 45 and 108: a LiDAR that blurs 2 px, tall boxes seen past the table's edge; their
/// far sides showed 0.2- and 0.95-px bands where the sensor's is 3-5 px, and came out 11 and
/// 17 mm short at U of 5.7 and 3.0 mm.) A strip of table narrower than `within` past the box
/// reads as crossings too: its gap then runs on to the floor.
func supportCrossings(_ cuts: [StripCut], supportLevel: ClosedRange<Double>, within: Double) -> [StripCut] {
    let background = cuts.filter { !$0.foreground && !$0.above }
    return cuts.map { cut in
        guard !cut.foreground, !cut.above, !cut.between, supportLevel.contains(cut.drop) else { return cut }
        let below = background.filter { $0.u > cut.u && $0.u <= cut.u + within && $0.drop > supportLevel.upperBound }
        guard below.count >= 2 else { return cut }
        var crossing = cut
        crossing.between = true
        return crossing
    }
}

/// A strip's cuts with another surface's samples at the top's height moved out of the top: a
/// surface close behind the side (a wall, a taller box a few centimetres back) crosses the
/// top's height, and its samples there pass for top. The top runs outward without a break;
/// past a stretch of more than `gap` metres (the widest band) holding two or more samples that
/// are not top (rays that passed over the edge), top-height samples are that other surface:
/// they become samples between top and floor beyond the edge (`between`), as a wall's are.
/// A hole in the top (no returns) is no break.
func detachingOtherSurfaces(_ cuts: [StripCut], gap: Double) -> [StripCut] {
    let sorted = cuts.sorted { $0.u < $1.u }
    var runEnd: Double?, passedOver = 0
    var cutAt: Double?
    for cut in sorted {
        if cut.foreground {
            if let end = runEnd, passedOver >= 2, cut.u - end > gap { cutAt = end; break }
            runEnd = cut.u
            passedOver = 0
        } else if runEnd != nil {
            passedOver += 1
        }
    }
    guard let end = cutAt else { return cuts }
    return cuts.map { cut in
        guard cut.u > end, cut.foreground || cut.above else { return cut }
        return (cut.u, cut.v, cut.drop, false, false, true)
    }
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
struct SilhouetteEdge {
    var position: Double
    var strips: Int
    var bandPixels: Double
    var stripScatter: Double
    var lipShare: Double
    var lastTop: Double
    var surfaceShare: Double
    var surfaceGapShare: Double
    var acrossMissingReturns: Bool
    /// How far apart (metres) the strips' half-step crossings and their gaps' middles place the
    /// side (medians); 0 where no strip had a crossing.
    var methodGap: Double = 0
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
