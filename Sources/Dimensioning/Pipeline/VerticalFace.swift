/// The points of a side's vertical face among the points in the band around it.
///
/// A side face is a vertical plane whose normal is the side's outward direction: it projects
/// onto one line across the band, so the median of its points' positions is the side, and along
/// the side each stretch of it spans a range of heights. The band can also hold points of other
/// surfaces below the top: the floor of a recess cut into the top at that side (horizontal: its
/// points spread over the band's width at one height) and the recess's end walls (vertical, but
/// across the side: their points spread over the band's width at one place along it). Either
/// would pull the median inward.
///
/// Two tests keep the face and leave them out:
/// 1. A RANSAC plane through PCL (`SACMODEL_PERPENDICULAR_PLANE`, fixed seed) whose normal lies
///    within 10° of the outward direction: its inliers, within `threshold` of it.
/// 2. In each 2-cm strip along the side (`SideStrips`), the inliers count only when their heights
///    span more than `2 · threshold`. A horizontal surface's heights scatter by the noise alone:
///    its whole range is about 4-5 σ over a strip's few dozen points, under `threshold`'s 2 × 3 σ.
///    A plane RANSAC lays through a scatter of floor and end-wall points gathers tall strips at
///    the end walls only.
///
/// - Parameters:
///   - points: (x, y) in rectangle coordinates and z the height above the floor, metres.
///   - outward: the side's outward unit direction in rectangle coordinates.
///   - across: a point's coordinate along the side, metres.
///   - strips: the strips along the side.
///   - threshold: how far (metres) a point may lie from the face: the sensor's noise band,
///     `EdgeEvidence.foregroundBand`.
/// - Returns: the face's points, (x, y); all of them when there are too few for a plane or PCL
///   finds none.
func verticalFacePoints(_ points: [SIMD3<Double>], outward: SIMD2<Double>, across: (SIMD2<Double>) -> Double,
                        strips: SideStrips, threshold: Double) -> [SIMD2<Double>] {
    let all = points.map { SIMD2($0.x, $0.y) }
    guard points.count >= 3,
          let fit = try? NativeCloud.fitPlane(PointCloud(points: points),
                                              parameters: .ransac(threshold: threshold, iterations: 200,
                                                                  axis: SIMD3(outward.x, outward.y, 0),
                                                                  epsilonDegrees: 10)),
          fit.inlierCount >= 3
    else { return all }
    let inliers = points.indices.filter { fit.inliers[$0] }
    let stripOf = inliers.map { max(0, strips.index(across(all[$0]))) }
    var low = [Double](repeating: .infinity, count: strips.count)
    var high = [Double](repeating: -.infinity, count: strips.count)
    for (i, s) in zip(inliers, stripOf) {
        low[s] = min(low[s], points[i].z)
        high[s] = max(high[s], points[i].z)
    }
    return zip(inliers, stripOf).filter { high[$0.1] - low[$0.1] > 2 * threshold }.map { all[$0.0] }
}
