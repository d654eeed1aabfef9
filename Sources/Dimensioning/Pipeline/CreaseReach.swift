/// Moves silhouette sides facing the camera outward by the part of a wide edge band that eats
/// the top at its crease.
///
/// Toward the camera the top runs into its own side face, seen so steeply that the face is
/// mostly missing or smeared, and `locateEdge` puts the side within a sample step and a half of
/// the top's last sample. A sensor whose band is one pixel wide leaves that last sample at the
/// crease. A wider band (mixed, blurred or invalidated pixels straddling every depth jump, and a
/// face this steep jumps in depth from pixel to pixel) also takes the top's outer pixels there,
/// so the side comes out short by a share of the band.
///
/// The band is measured in this capture (`captureBandPixels`). Past `bandFreePixels` of it, each silhouette side
/// facing the camera moves outward by `share` of the excess, in its own pixel footprints, and
/// records the move in `EdgeEstimate.creaseReach`. Nothing moves without such a side to
/// measure the band on, or with `share` 0.
///
/// - Parameters:
///   - positions: distances (metres) of the four sides from the rectangle's centre, in side
///     order (+A, −A, +B, −B), as `locateEdge` and `reconcileBands` left them.
///   - estimates: the same sides' evidence, in the same order.
///   - bandFreePixels: the away-facing band (pixels) that eats nothing at a crease (valid range
///     0...4).
///   - share: the share (0...0.5) of the excess band the crease loses.
func reachPastCreases(_ positions: inout [Double], _ estimates: inout [EdgeEstimate],
                      bandFreePixels: Double, share: Double) {
    guard share > 0, let band = captureBandPixels(estimates), band > bandFreePixels else { return }
    for side in estimates.indices where estimates[side].method == .silhouette && estimates[side].facesCamera {
        let reach = share * (band - bandFreePixels) * estimates[side].pixelFootprint
        positions[side] += reach
        estimates[side].creaseReach = reach
    }
}

/// The capture's band, pixels: the median gap of the silhouette sides facing away from the
/// camera whose gap is their own. A side that borrows the other sides' band
/// (`EdgeEstimate.bandFromOtherSides`: a wall close behind it, missing returns) is left out,
/// and so is any side backed by a surface (after `reconcileBands` such a side has borrowed a
/// band or become a top-extent side anyway). Nil without such a side. The crease reach and the side evidence
/// (`SideEvidence`) read it.
func captureBandPixels(_ edges: [EdgeEstimate]) -> Double? {
    Statistics.median(edges.filter {
        $0.method == .silhouette && !$0.facesCamera && !$0.bandFromOtherSides && !$0.backedBySurface
    }.compactMap(\.bandPixels))
}

/// Whether a sensor profile's edge offset moved some side of these (`EdgeEstimate.carriesProfileOffset`
/// with a correction): the profile calibrated a spread that stops at an occlusion strip, so it
/// vouches for a gap of missing returns beside one (`SideEvidence.occlusionGap`).
func profileMovedASide(_ edges: [EdgeEstimate]) -> Bool {
    edges.contains { $0.carriesProfileOffset && $0.correction != 0 }
}
