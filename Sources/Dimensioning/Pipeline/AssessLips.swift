/// What the capture shows about foreground fattening (a stereo matcher spreading the nearer
/// surface over the farther one by a few pixels): measured, ruled out, or unknown.
///
/// Fattening is a property of the sensor, not of one side, so it is judged over the capture.
/// A pixel of fattened depth past an edge that faces away from the camera lands above the top
/// plane by `EdgeEstimate.lipRisePerPixel`. Lips higher than the foreground band are seen
/// outright (`EdgeEstimate.lipShare`) and counted past the edge; lower ones pass for top, but
/// they still raise the top's outermost row of samples above the rows just inside it
/// (`EdgeEstimate.outerRowRise`), and that rise over the rise per pixel counts the fattened
/// pixels that passed for top on that side. Over a few dozen strips its standard error is a
/// tenth of a pixel where the rise per pixel is a couple of millimetres.
public struct LipAssessment: Sendable, Equatable, Codable {
    /// Fattened pixels that passed for top, per side (+A, -A, +B, -B; nil where the side is
    /// not a silhouette facing away or the rise per pixel is too small to count them).
    public var passedForTopPixels: [Double?]
    /// The capture's fattening estimate in pixels: the largest count over the sides that could
    /// measure it; nil when no side could.
    public var fatteningPixels: Double?
    /// A lip shows: a side with lips above the band in more than `lipShareLimit` of its
    /// strips, or a measured count of at least `BoxParameters.fatteningPixels`.
    public var fatteningSeen: Bool
    /// No lip shows where a one-pixel lip would have: some side measured fewer than
    /// `fatteningPixels` with a standard error under `lipCountError`, and none saw a lip.
    public var fatteningRuledOut: Bool

    enum CodingKeys: String, CodingKey {
        case passedForTopPixels = "passed_for_top_px"
        case fatteningPixels = "fattening_px"
        case fatteningSeen = "fattening_seen"
        case fatteningRuledOut = "fattening_ruled_out"
    }

    /// No evidence either way (no silhouette side facing away).
    public static let unknown = LipAssessment(passedForTopPixels: [nil, nil, nil, nil], fatteningPixels: nil,
                                              fatteningSeen: false, fatteningRuledOut: false)
}

/// Judges the capture's fattening from its four sides (see `LipAssessment`). Sides count
/// only where a one-pixel lip rises at least `BoxParameters.lipMeasurableRise` metres and the
/// count's standard error is at most `lipCountError` pixels.
func assessLips(_ edges: [EdgeEstimate], parameters: BoxParameters, lipShareLimit: Double) -> LipAssessment {
    var counts: [Double?] = []
    var ruledOut = false, seen = false
    for edge in edges {
        guard edge.method == .silhouette, edge.lipRisePerPixel >= parameters.lipMeasurableRise,
              let rise = edge.outerRowRise, let error = edge.outerRowRiseError,
              error / edge.lipRisePerPixel <= parameters.lipCountError else {
            counts.append(nil)
            continue
        }
        let count = rise / edge.lipRisePerPixel
        counts.append(count)
        if count >= parameters.fatteningPixels { seen = true } else { ruledOut = true }
    }
    if edges.contains(where: { $0.method == .silhouette && ($0.lipShare ?? 0) > lipShareLimit }) { seen = true }
    let measured = counts.compactMap { $0 }
    return LipAssessment(passedForTopPixels: counts, fatteningPixels: measured.max(),
                         fatteningSeen: seen, fatteningRuledOut: ruledOut && !seen)
}

/// Self-calibration of a fattening sensor seen in the capture (no sensor profile): each
/// silhouette side facing away moves inward by the fattened pixels that passed for top there,
/// measured on the side itself where it can be (`LipAssessment.passedForTopPixels`), else the
/// capture's estimate (`fatteningPixels`, e.g. a side seen along its length, where no lip can
/// show, or a side facing the camera whose side face is too steep to be seen: the top spreads
/// over it as over the floor). Returns the corrected positions (metres from the rectangle's centre, side order)
/// and records each move in `EdgeEstimate.correction`. Nothing moves unless fattening is seen.
func correctFattening(_ positions: inout [Double], _ estimates: inout [EdgeEstimate], lips: LipAssessment) {
    guard lips.fatteningSeen, let capture = lips.fatteningPixels, capture > 0 else { return }
    for side in estimates.indices where estimates[side].method == .silhouette {
        let pixels = max(0, lips.passedForTopPixels[side] ?? capture)
        let move = -pixels * estimates[side].pixelFootprint
        positions[side] += move
        estimates[side].correction += move
    }
}
