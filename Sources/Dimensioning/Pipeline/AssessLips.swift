/// What the capture shows about foreground fattening (a stereo matcher spreading the nearer
/// surface over the farther one by a few pixels): measured, ruled out, or unknown.
///
/// Fattening is a property of the sensor, not of one side, so it is judged over the capture.
/// A pixel of fattened depth past an edge that faces away from the camera lands above the top
/// plane by `SideLips.risePerPixel`. Lips higher than the foreground band are seen
/// outright (`SideLips.share`) and counted past the edge; lower ones pass for top, but
/// they still raise the top's outermost row of samples above the rows just inside it
/// (`SideLips.outerRowRise`), and that rise over the rise per pixel counts the fattened
/// pixels that passed for top on that side. Over a few dozen strips its standard error is a
/// tenth of a pixel where the rise per pixel is a couple of millimetres.
public struct LipAssessment: Sendable, Equatable, Codable {
    /// The capture's fattening estimate in pixels: the largest count (`lipCount`) over the
    /// sides that could measure it; nil when no side could.
    public var fatteningPixels: Double?
    /// A lip shows: a side with lips above the band in more than `SensorBehaviour.lipShareLimit` of its
    /// strips, or a measured count of at least `SensorBehaviour.lipCountFattening`.
    public var fatteningSeen: Bool
    /// No lip shows where a one-pixel lip would have: some sharp side (a band under
    /// `SensorBehaviour.blendingBandPixels`) counted fewer than `lipCountFattening` pixels with
    /// a standard error under `lipCountError`, and none saw a lip.
    public var fatteningRuledOut: Bool
    /// The capture's pooled fattening estimate in pixels (`pooledFattening`): every silhouette
    /// side's outer-row rise against its rise per pixel, weighted by inverse variance, so that
    /// sides too noisy to count alone still add their evidence; nil when no side could.
    public var pooledFatteningPixels: Double? = nil
    /// The pooled estimate's standard error, pixels.
    public var pooledFatteningError: Double? = nil
    /// The pooled estimate shows fattening (at least `SensorBehaviour.suspectedFatteningPixels`
    /// and `suspectedFatteningSignificance` standard errors above zero, or
    /// `blendingFatteningSignificance` when every side facing away blends) where no single side
    /// could count it: the sensor may fatten, the sides were not corrected, and the uncertainty
    /// carries at least two pixels of fattening (`estimateUncertainty`).
    public var fatteningSuspected: Bool = false
    /// Fattening hidden under a band (`measureBandLips`): pooled pixels of lip in the band's
    /// first row, with its standard error; nil when no side could measure it.
    public var bandLipPixels: Double? = nil
    public var bandLipError: Double? = nil
    /// Fattening is suspected from the band lip alone (`SensorBehaviour.bandLipSuspectedPixels`),
    /// not from the pooled outer-row estimate.
    public var fatteningUnderBand: Bool = false

    enum CodingKeys: String, CodingKey {
        case fatteningPixels = "fattening_px"
        case fatteningSeen = "fattening_seen"
        case fatteningRuledOut = "fattening_ruled_out"
        case pooledFatteningPixels = "pooled_fattening_px"
        case pooledFatteningError = "pooled_fattening_error_px"
        case fatteningSuspected = "fattening_suspected"
        case bandLipPixels = "band_lip_px"
        case bandLipError = "band_lip_error_px"
        case fatteningUnderBand = "fattening_under_band"
    }

    /// No evidence either way (no silhouette side facing away).
    public static let unknown = LipAssessment(fatteningPixels: nil, fatteningSeen: false, fatteningRuledOut: false)
}

/// The capture's fattening from all its silhouette sides at once: the weighted least-squares
/// slope of outer-row rise on rise per pixel (rise_i = f · perPixel_i + noise, weights
/// 1 / max(error_i, floor)^2), with its standard error, in pixels. A side that cannot count its
/// lip alone (`lipCount`: a rise per pixel under 2 mm, or too few strips) still adds evidence
/// here. Nil when no silhouette side has a rise and a rise per pixel.
///
/// The error floor is `lipRiseErrorFloor`, or `lipRiseNoiseShare` times `topNoise` (metres: the
/// top's RMS about its plane, `TopFaceFit.rms`) when that is larger. A side's strips share one
/// top plane and one outer row, so their scatter does not show what they have in common; on a
/// noisy capture (a single time-of-flight frame, σ 3-5 mm) that common part is a fraction of a
/// millimetre, as large as the rise a pixel of fattening gives on a far or steep side.
func pooledFattening(_ edges: [EdgeEstimate], parameters: PipelineParameters,
                     topNoise: Double = 0) -> (pixels: Double, error: Double)? {
    let sensor = parameters.behaviour
    let floor = max(sensor.lipRiseErrorFloor, sensor.lipRiseNoiseShare * (topNoise.isFinite ? topNoise : 0))
    return inverseVarianceSlope(edges.compactMap { edge in
        guard edge.method == .silhouette, edge.lips.risePerPixel > 0, let rise = edge.lips.outerRowRise,
              let error = edge.lips.outerRowRiseError, rise.isFinite, error.isFinite else { return nil }
        return (rise, edge.lips.risePerPixel, max(error, floor))
    })
}

/// The weighted least-squares slope through the origin of `y` on `x` (y_i = s · x_i + noise,
/// weights 1 / sigma_i^2), with its standard error: how `pooledFattening` and
/// `measureBandLips` pool a lip over the sides, in pixels when `y` is a rise and `x` the rise per
/// pixel. Nil when no term carries information.
func inverseVarianceSlope(_ terms: [(y: Double, x: Double, sigma: Double)]) -> (pixels: Double, error: Double)? {
    var weighted = 0.0, information = 0.0
    for term in terms {
        let weight = 1 / (term.sigma * term.sigma)
        weighted += weight * term.y * term.x
        information += weight * term.x * term.x
    }
    guard information > 0 else { return nil }
    return (weighted / information, 1 / information.squareRoot())
}

/// Fattened pixels that passed for top on one side: its outer row's rise over the rise per
/// pixel. Nil where the side is not a silhouette facing away, where a one-pixel lip rises less
/// than `SensorBehaviour.lipMeasurableRise` metres, or where the count's standard error exceeds
/// `lipCountError` pixels.
func lipCount(_ edge: EdgeEstimate, parameters: PipelineParameters) -> Double? {
    let sensor = parameters.behaviour
    guard edge.method == .silhouette, edge.lips.risePerPixel >= sensor.lipMeasurableRise,
          let rise = edge.lips.outerRowRise, let error = edge.lips.outerRowRiseError,
          error / edge.lips.risePerPixel <= sensor.lipCountError else { return nil }
    return rise / edge.lips.risePerPixel
}

/// Judges the capture's fattening from its four sides (see `LipAssessment`, `lipCount`,
/// `pooledFattening`).
func assessLips(_ edges: [EdgeEstimate], parameters: PipelineParameters,
                bandLips: BandLipEvidence? = nil, topNoise: Double = 0) -> LipAssessment {
    let sensor = parameters.behaviour
    let counted = edges.compactMap { edge in lipCount(edge, parameters: parameters).map { (edge: edge, count: $0) } }
    let counts = counted.map(\.count)
    let seen = counts.contains { $0 >= sensor.lipCountFattening }
        || edges.contains { $0.showsLip(beyond: sensor.lipShareLimit) }
    let pooled = pooledFattening(edges, parameters: parameters, topNoise: topNoise)
    // A sensor whose every edge facing away blends (no sharp side) must show more. A grazing
    // face's band is its gap less a computed span: it says nothing of the sensor's sharpness.
    let facingAway = edges.filter { $0.method == .silhouette && !$0.facesCamera && !$0.isGrazingFace }
    let blending = !facingAway.isEmpty && facingAway.allSatisfy { ($0.bandPixels ?? 0) >= sensor.blendingBandPixels }
    let significance = blending ? sensor.blendingFatteningSignificance : sensor.suspectedFatteningSignificance
    let pooledSuspected = pooled.map {
        $0.pixels >= sensor.suspectedFatteningPixels && $0.pixels >= significance * $0.error
    } ?? false
    let underBand = bandLips.map {
        $0.pixels >= sensor.bandLipSuspectedPixels && $0.pixels >= sensor.bandLipSignificance * $0.error
    } ?? false
    let suspected = !seen && (pooledSuspected || underBand)
    // Only a sharp side rules fattening out: under a band of mixed or blurred pixels the
    // fattened pixels are band, not top, and the outer row shows nothing either way (a 2-px
    // fattening under a 1.6-px blur counted 0.05 px; retired split 2, seed 6151, scenario 34,
    // accepted at 20 mm 21.8 mm long).
    let ruledOut = sharpSideShowsNoLip(edges, parameters: parameters)
    return LipAssessment(fatteningPixels: counts.max(), fatteningSeen: seen,
                         fatteningRuledOut: ruledOut && !seen && !suspected,
                         pooledFatteningPixels: pooled?.pixels, pooledFatteningError: pooled?.error,
                         fatteningSuspected: suspected, bandLipPixels: bandLips?.pixels, bandLipError: bandLips?.error,
                         fatteningUnderBand: !seen && !pooledSuspected && underBand)
}

/// Whether a sharp side rules fattening out (`LipAssessment.fatteningRuledOut`, before what the
/// other sides show): a side whose lip can be counted (`lipCount`), under a band narrower than
/// `blendingBandPixels`, counts fewer than `lipCountFattening` pixels of lip.
///
/// `lidFalls` (metres per side, +A, −A, +B, −B; none: a flat lid) is how far the lid itself
/// falls from a side's inner rows to its outer row (`TopRelief.lipFalls`): a lid bowed up meets
/// its side lower than its inner rows, and that fall hides as much lip. Each side's rise is
/// read with its fall added back. (Retired split 2, seed 6151, `--irregular-tops`, scenario 40:
/// a one-pixel fattening stereo-class sensor under a lid bowed up by 5.7 mm counted no lip, and
/// was accepted at 10 mm 12.8 mm wide.)
func sharpSideShowsNoLip(_ edges: [EdgeEstimate], lidFalls: [Double]? = nil, parameters: PipelineParameters) -> Bool {
    let sensor = parameters.behaviour
    return edges.indices.contains { side in
        var edge = edges[side]
        if let falls = lidFalls, falls.indices.contains(side), falls[side].isFinite, let rise = edge.lips.outerRowRise {
            edge.lips.outerRowRise = rise + falls[side]
        }
        guard let count = lipCount(edge, parameters: parameters) else { return false }
        return (edge.bandPixels ?? .infinity) < sensor.blendingBandPixels && count < sensor.lipCountFattening
    }
}

/// Self-calibration of a fattening sensor seen in the capture (no sensor profile).
///
/// A side that counted its lip (`lipCount`) is placed from its own
/// outer row: each of the row's samples lies `rise / risePerPixel` pixels out on the lip,
/// so the row's median position less that many pixel footprints is the centre of the last
/// pixel on the top, and the edge lies half a footprint beyond it. (Taking the count off the
/// silhouette instead would mix the row's median rise with the outermost ray's position.) The
/// other silhouette sides (a side seen along its length, where no lip can show, or a side
/// facing the camera whose side face is too steep to be seen: the top spreads over it as over
/// the floor) move inward by the sensor's whole spread: the largest shift the counting sides
/// needed, or, where a counting side's lip also rose above the band (`SideLips.end`), the lip's
/// whole length, in pixels; by the capture's count when no side could be placed.
///
/// A silhouette side facing away with lips in at most half its strips lies the sensor's whole
/// spread out (its lip pixels passed for top): where lips rose above the band, it moves by
/// their height in pixels instead when that is larger (`SideLips.topRise` over
/// `SideLips.risePerPixel`, median over the sides, each at most `SensorBehaviour.maximumBandPixels`).
/// The lip's last pixel copies the edge's depth `k` pixels out and rises `k` per-pixel rises;
/// the lip's length reads short (1.3 px for 2- and 3-pixel fattening on the tuning runs, its
/// height 2.2 and 2.6). Moves are never outward. Records each move in
/// `EdgeEstimate.correction`; nothing moves unless fattening is seen.
func correctFattening(_ positions: inout [Double], _ estimates: inout [EdgeEstimate], lips: LipAssessment,
                      parameters: PipelineParameters) {
    let sensor = parameters.behaviour
    guard lips.fatteningSeen, lips.fatteningPixels != nil else { return }
    var moves = [Double?](repeating: nil, count: estimates.count)
    var shifts: [Double] = []
    for side in estimates.indices where estimates[side].method == .silhouette {
        let e = estimates[side]
        guard let count = lipCount(e, parameters: parameters), let row = e.lips.outerRowPosition else { continue }
        let lipEdge = row - (count - 0.5) * e.pixelFootprint
        let move = min(0, lipEdge - positions[side])
        moves[side] = move
        shifts.append(-move / max(e.pixelFootprint, 1e-6))
        // Where the lip also rises above the band, the sensor's whole spread is the lip's
        // length: its last pixel lies (k - 1/2) footprints past the edge.
        if let end = e.lips.end { shifts.append((end - lipEdge) / max(e.pixelFootprint, 1e-6) + 0.5) }
    }
    let capture = shifts.max() ?? lips.fatteningPixels ?? 0
    let spreads = estimates.compactMap { e -> Double? in
        // Taller than the widest band a silhouette is looked for in: a surface behind the box
        // (a wall, a taller box), not a sensor's lip.
        guard e.method == .silhouette, let top = e.lips.topRise, e.lips.risePerPixel >= sensor.lipMeasurableRise,
              !e.lips.risesHigherThanALip(sensor) else { return nil }
        return top / e.lips.risePerPixel
    }
    let spread = Statistics.median(spreads)
    for side in estimates.indices where estimates[side].method == .silhouette {
        let e = estimates[side]
        let move: Double
        if let spread, !e.facesCamera, (e.lips.share ?? 0) <= 0.5 {
            move = -max(spread, capture) * e.pixelFootprint
        } else {
            move = moves[side] ?? -capture * e.pixelFootprint
        }
        positions[side] += move
        estimates[side].correction += move
    }
}
