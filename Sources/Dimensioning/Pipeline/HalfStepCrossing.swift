/// Where one strip's depth profile across a silhouette crosses half the step from the top to the
/// surface its band ends on: the 50 % threshold of edge metrology, which places an edge blurred
/// by any symmetric kernel (a smoothing or upsampling filter, a linear ramp of mixed depths) at
/// the edge itself, whatever the kernel's width. The band's middle does that only when the
/// band's two ends are cut at the same fraction of the step; they are not when the top blends
/// towards a deeper level than the one the band ends on (the floor through a deck's gap, past a
/// table's edge), or when rays inside the band fell unevenly.
///
/// - Parameters:
///   - profile: the strip's samples, each a ray's cut with the top plane (`u`, metres outward)
///     and how far below the top its point lies (`drop`, metres; not above the top), out to the
///     band's far end.
///   - step: the drop of the surface the band ends on (metres, positive).
///   - footprint: the pixel footprint at the side (metres); samples within half of it of the
///     last one below half the step (or the first at or past it) are that pixel's, and their
///     median drop is its depth.
/// - Returns: the position (metres outward) where the profile passes `step / 2`: the boundary
///   that misclassifies fewest samples (`separatingBoundary`), refined by linear interpolation
///   between the pixels either side of it. With nothing inside the band (invalidated mixed
///   pixels) the two pixels are the top's last and the surface's first, and the crossing is the
///   gap's middle, as before. Nil unless samples lie on both sides of half the step.
///
/// Measured on the tuning split (`boxdim accuracy --split tuning --seed 2026 --count 120
/// --sides`, band3-blur-conf1's silhouette sides, signed error p10 / median / p90): on a
/// pallet's deck −7.9 / −2.1 / +0.4 mm with the band's middle, −3.3 / −0.5 / +1.7 mm with
/// this crossing on every strip; on the floor −2.7 / −0.7 / +0.9 and −2.7 / −0.5 / +0.5 mm.
/// A side uses it only where its strips agree on it better (`steadierStrips`).
func halfStepCrossing(_ profile: [(u: Double, drop: Double)], step: Double, footprint: Double) -> Double? {
    guard step > 0 else { return nil }
    let half = step / 2
    guard let boundary = separatingBoundary(profile.map { ($0.u, $0.drop < half) }) else { return nil }
    let near = profile.filter { $0.u < boundary && $0.drop < half }
    let far = profile.filter { $0.u > boundary && $0.drop >= half }
    guard let nearU = near.map(\.u).max(), let farU = far.map(\.u).min(),
          let nearDrop = Statistics.median(near.filter { nearU - $0.u <= footprint / 2 }.map(\.drop)),
          let farDrop = Statistics.median(far.filter { $0.u - farU <= footprint / 2 }.map(\.drop)),
          farDrop > nearDrop else { return boundary }
    let t = min(1, max(0, (half - nearDrop) / (farDrop - nearDrop)))
    return nearU + t * (farU - nearU)
}

/// The strips' edges that place a silhouette side: each strip's crossing of half the step
/// (`halfStepCrossing`, the gap's middle where it has none) when they scatter less than the
/// gaps' middles, the gaps' middles otherwise (and on a tie). The two model two kinds of band:
/// a blur's depths form a ramp across the edge, which places each strip's crossing alike, while a
/// flying pixel's depth is a random blend of the two surfaces that says nothing of where it
/// lies, so crossings through such a band scatter by a pixel and its middle is the better
/// estimate. The strips' agreement in this capture decides (robust sigmas, 1.4826 median
/// absolute deviations), not a sensor's name.
///
/// Measured on the tuning splits with the crossing alone (`boxdim accuracy --split tuning|retired
/// --seed 2026 --count 120 --sides`, `--scenes 120 --seed 2026`): blurring members' sides came
/// out tighter on every support (band3-blur-conf1 on a deck p10 −7.9 → −3.3 mm), but random
/// blends' looser (band3-blend-unflagged p10 −1.7 → −4.3 mm) and the iPhone scenes' strips
/// scattered more, their U rising so that 4-10 fewer cartons per support were accepted at 5 mm.
/// With this choice, and the two estimates' distance as a `methods` term: tuning pallet accepted
/// at 10 mm 60 → 61, at 5 mm 39 (1 beyond) → 38 (0 beyond); tuning scenes accepted at 5 mm
/// 108 / 111 / 101 → 108 / 112 / 105 (floor / table / pallet), none beyond; retired, retired2 and
/// iPhone splits accepted as before.
func steadierStrips(gapMiddles: [Double], crossings: [Double]) -> [Double] {
    guard crossings.count == gapMiddles.count, let crossingScatter = Statistics.robustSigma(crossings),
          let middleScatter = Statistics.robustSigma(gapMiddles) else { return gapMiddles }
    return crossingScatter < middleScatter ? crossings : gapMiddles
}
