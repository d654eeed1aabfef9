/// Locates one side of the footprint, as a distance (metres) from the rectangle's centre along
/// the outward direction `sign * axis` (axis A when `alongA`).
///
/// - A side facing the camera with enough side-face points (`verticalFacePoints`: on a vertical
///   plane facing out, spanning heights, so not a recess's floor or end wall): their median
///   position. A vertical
///   face projects onto its edge line, so this is free of sampling bias and of any edge band
///   (the top meets its own side face in a crease: no depth discontinuity). A side whose face
///   spans fewer than `SensorBehaviour.minimumFaceSpanPixels` in the image
///   (`EdgeEstimate.faceSpanPixels`) lies inside the sensor's band: it is measured as a side
///   facing away, less a third of its face's span (`SensorBehaviour.grazingFaceShiftShare`).
/// - Otherwise, when the camera is above the top: the silhouette. Each ray from the camera is
///   cut with the top plane; rays whose point lies on the top are foreground, rays whose point
///   lies well below the top (the floor behind the box) or above it (a lip of fattened depth)
///   passed over the edge. In 2-cm strips along the side, the gap between the outermost
///   foreground cut and the innermost background cut (the position that misclassifies fewest
///   rays) is the sensor's band of mixed, blurred or invalidated pixels, which straddles the
///   edge, so its middle is one estimate of the strip's edge. Where the band ends on a surface,
///   the other is where the strip's depths, mixed pixels included, pass half the step down to
///   that surface (`halfStepCrossing`); the side takes the estimate its strips agree on better
///   (`steadierStrips`), and past a wall, a lip or a face toward the camera, the gap's middle.
///   The side's edge is the median over the strips that reach the side's outer level
///   (a recess's strips, a step inside it, do not place the enclosing cuboid's side;
///   `silhouetteEdge`). Top-height samples past a break wider than any band are another surface close
///   behind (`detachingOtherSurfaces`), not top. The gap's width in pixels is measured
///   (`EdgeEstimate.bandPixels`), and so is the
///   share of strips showing a lip (`lipShare`). The cut positions depend on ray directions
///   only, not on the noisy depths.
/// - Last resort: the 99.8 % quantile of the top points plus half the sample spacing.
///
/// A sensor `profile`'s calibrated edge offset (pixels, positive outward) moves silhouette
/// sides inward by that many pixel footprints, those facing the camera too (a matcher spreads
/// the top over its own steep face as over the floor, and `calibrateProfile` fits the offset
/// over every silhouette side), by the profile's own offset for them when it calibrated one
/// (`SensorProfile.offsetPixels(facingCamera:)`). `offsets` is that profile
/// (`PipelineParameters.silhouetteOffsets`), or without one the sensor class's offset
/// (`SensorClassPriors.edgeOffsetPixels`) for the silhouette sides facing away, where the top
/// meets a farther surface across a depth step; a side facing the camera meets its own face,
/// with no step for the camera to erode or fatten.
func locateEdge(alongA: Bool, sign: Double, rectangle: Rectangle2D, evidence: EdgeEvidence,
                parameters: PipelineParameters, offsets: SensorProfile? = nil) -> (position: Double, estimate: EdgeEstimate) {
    let half = alongA ? rectangle.halfA : rectangle.halfB
    let otherHalf = alongA ? rectangle.halfB : rectangle.halfA
    let outward = { (q: SIMD2<Double>) -> Double in sign * (alongA ? q.x : q.y) }
    let across = { (q: SIMD2<Double>) -> Double in alongA ? q.y : q.x }
    let inner = max(otherHalf - 0.01, otherHalf * 0.5)
    let direction = alongA ? SIMD2(sign, 0.0) : SIMD2(0.0, sign)
    let footprint = pixelFootprint(edgePoint: direction * half, outward: direction, evidence: evidence)
    var estimate = EdgeEstimate(method: .topExtent, pixelFootprint: footprint)

    // The camera's run in front of the side, over the top plane; the face's base, seen from
    // there, cuts the top plane run·h/(cameraAboveTop + h) past the crease.
    let inFront = outward(evidence.camera) - half
    if inFront > 0, evidence.cameraAboveTop > 0.05, footprint > 0 {
        estimate.faceSpanPixels = inFront * evidence.topHeight / (evidence.cameraAboveTop + evidence.topHeight) / footprint
    }
    let facesCamera = inFront > 0 && (estimate.faceSpanPixels ?? .infinity) >= parameters.behaviour.minimumFaceSpanPixels
    let offsetPixels = offsets?.offsetPixels(facingCamera: facesCamera) ?? 0
    var sideFace: Double?
    if facesCamera {
        let inBand = evidence.sidePoints.filter {
            let q = SIMD2($0.x, $0.y)
            return abs(outward(q) - half) <= parameters.sideBand && abs(across(q)) <= inner
        }
        let strips = SideStrips(inner: inner)
        let onFace = verticalFacePoints(inBand, outward: direction, across: across, strips: strips,
                                        threshold: evidence.foregroundBand)
        let positions = onFace.map(outward)
        let stripCount = faceStrips(onFace.map(across), strips: strips, spacing: evidence.spacing)
        if stripCount >= parameters.cuboid.minimumSideFaceStrips,
           let median = Statistics.median(positions) {
            sideFace = median
            estimate.face = SideFaceReading(
                scatter: Statistics.robustSigma(positions), strips: stripCount,
                creaseAllowance: evidence.cameraAboveTop > 0.05
                    ? evidence.foregroundBand * max(0, outward(evidence.camera) - median) / evidence.cameraAboveTop : nil)
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
    // still bounds the top (see `SilhouetteBackdrop.missingReturns`).
    let silhouetteFound = evidence.cameraAboveTop > 0.05
        ? measureSilhouette(false, false).flatMap {
            $0.surfaceShare > 0.5 && evidence.singleViewpoint ? measureSilhouette(true, false) ?? $0 : $0 }
          ?? (facesCamera ? nil : measureSilhouette(false, true))
        : nil
    if let silhouette = silhouetteFound {
        if let sideFace {
            // A profile's outward offset is the sensor's known spread: it is taken off the
            // silhouette before the two are compared (a calibrated fattening is no
            // disagreement; a matcher spreads the top over its own steep face). An inward one
            // (erosion) is not: the farther surface spreads only across a depth step, and the
            // crease and the face's base have none, so this silhouette was never moved in.
            // Taken off, it widened the disagreement by the offset (`--split structured-light`,
            // seed 5077, `--calibrate 8`: 68 of 99 accepted at 10 mm, now 79).
            estimate.method = .sideFace
            estimate.disagreement = silhouette.position - max(0, offsetPixels) * footprint - sideFace
            return (sideFace, estimate)
        }
        estimate.method = .silhouette
        estimate.facesCamera = facesCamera
        // A face too narrow to be measured as one (`SensorBehaviour.minimumFaceSpanPixels`) was
        // measured as a side facing away: its samples, between top and floor, widened the gap
        // past the crease by the face's own span, and moved the gap's middle out with it
        // (`SensorBehaviour.grazingFaceShiftShare` of the span).
        var silhouette = silhouette
        if estimate.isGrazingFace, let span = estimate.faceSpanPixels {
            estimate.grazingShift = parameters.behaviour.grazingFaceShiftShare * span * footprint
            silhouette.position -= estimate.grazingShift ?? 0
            silhouette.bandPixels = max(0, silhouette.bandPixels - span)
        }
        estimate.strips = silhouette.strips
        estimate.bandPixels = silhouette.bandPixels
        if silhouette.methodGap > 0 { estimate.disagreement = silhouette.methodGap }
        estimate.stripScatter = silhouette.stripScatter
        estimate.lastTopRay = silhouette.lastTop
        estimate.backdrop = SilhouetteBackdrop(silhouette)
        estimate.correction = -offsetPixels * footprint
        let rise = lipRisePerPixel(edgePoint: direction * half, outward: direction, evidence: evidence)
        estimate.lips.share = silhouette.lipShare
        estimate.lips.risePerPixel = rise
        estimate.lips.visible = 2 * rise > evidence.foregroundBand
        estimate.lips.outerRowRise = silhouette.outerRowRise
        estimate.lips.outerRowRiseError = silhouette.outerRowRiseError
        estimate.lips.outerRowPosition = silhouette.outerRowPosition
        estimate.lips.end = silhouette.lipEnd
        estimate.lips.topRise = silhouette.lipTopRise
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
        if abs(base.position - extent) <= parameters.behaviour.baseLineAgreement {
            estimate.method = .topAndBase
            return ((extent + base.position) / 2, estimate)
        }
    }
    return (extent, estimate)
}

/// The sensor's edge band is one property of the capture (silhouette sides facing the camera
/// have none: the top meets its own unseen side face there). A silhouette side with something
/// close behind it whose gap did not end on that surface (`SilhouetteBackdrop.surface`), or
/// one whose gap is missing returns (`SilhouetteBackdrop.missingReturns`), or whose band is
/// wider than the median of
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
        let ownGap = e.gapIsOwnBand
        if let reference = Statistics.median(clean) {
            guard !ownGap || band > reference + tolerancePixels else { continue }
            estimates[side].bandFromOtherSides = true
            if !estimates[side].carriesProfileOffset { estimates[side].correction = 0 }
            positions[side] = lastTop + (reference + 1) / 2 * e.pixelFootprint + estimates[side].correction
        } else if !ownGap {
            positions[side] = lastTop + 0.5 * e.pixelFootprint + e.correction
            estimates[side].method = .topExtent
            estimates[side].disagreement = nil
        }
    }
}
