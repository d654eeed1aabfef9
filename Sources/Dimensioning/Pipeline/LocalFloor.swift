import CPointCloud
import Foundation

/// The floor re-fitted where it matters: around the box candidate.
///
/// Over a whole view the floor is often not one plane: a time-of-flight camera's periphery
/// error bends it by 15-35 mm, carpets and boards sag, and furniture in the corners adds
/// planes. A plane fitted to all of it is tilted or offset under the box, which biases the
/// height and lets floor patches far away rise above the "standing on the floor" threshold
/// and join the box's cluster (false "cut off", false "several boxes"). This fits a plane
/// (PCL RANSAC, within 10° of the global floor's normal, `distanceThreshold` inliers) to the
/// floor points (within 5 cm of the global plane, not part of another object's cluster) in a
/// ring from 3 cm to 60 % of the core's larger side (within 15-25 cm) around the
/// candidate's core (its points higher than half its 95th-percentile height, seen from above),
/// oriented like the global floor. The ring scales with the box because a bent floor is curved:
/// a plane through a wider ring sits farther from the floor under a small box (on the 25 cm
/// Kinect carton with a 35 mm periphery bend, 3.3 mm of height at 25 cm, 2.0 mm at 15 cm),
/// while a large box needs the wider ring's points.
///
/// - Returns: nil when the ring holds fewer than 100 points or no plane fits; otherwise the
///   local floor (its `inlierShare` is the share of the ring's points on it).
func localFloor(_ scene: FusedScene, floor: FloorFit, box: BoxSegment, parameters: FloorParameters) -> FloorFit? {
    let frame = box.floorFrame
    var heights = box.heights
    guard heights.count >= 20 else { return nil }
    heights.sort()
    let cut = max(0.03, 0.5 * heights[Int(Double(heights.count - 1) * 0.95)])
    var low = SIMD2<Double>(repeating: .infinity), high = SIMD2<Double>(repeating: -.infinity)
    var core = 0
    for (k, i) in box.pointIndices.enumerated() where box.heights[k] > cut {
        let q = frame.local(scene.pointsInWorld[i])
        low = pointwiseMin(low, SIMD2(q.x, q.y))
        high = pointwiseMax(high, SIMD2(q.x, q.y))
        core += 1
    }
    guard core >= 20 else { return nil }
    // The ring reaches 60 % of the core's larger side out, within 15-25 cm.
    let reach = min(0.25, max(0.15, 0.6 * max(high.x - low.x, high.y - low.y)))
    let inner = (low - 0.03, high + 0.03), outer = (low - reach, high + reach)
    func inside(_ p: SIMD2<Double>, _ r: (SIMD2<Double>, SIMD2<Double>)) -> Bool {
        p.x >= r.0.x && p.y >= r.0.y && p.x <= r.1.x && p.y <= r.1.y
    }
    var otherObject = [Bool](repeating: false, count: scene.pointsInWorld.count)
    for i in box.otherObjectIndices { otherObject[i] = true }
    var ring = PointCloud()
    for i in 0..<scene.pointsInWorld.count where !otherObject[i] {
        let q = frame.local(scene.pointsInWorld[i])
        let p = SIMD2(q.x, q.y)
        if abs(q.z) <= 0.05 && inside(p, outer) && !inside(p, inner) { ring.append(scene.pointsInWorld[i]) }
    }
    guard ring.count >= 100 else { return nil }
    guard let fit = planeLike(floor, through: ring, minimumInliers: 50, parameters: parameters) else { return nil }
    return FloorFit(plane: fit.plane, inlierCount: fit.inliers, inlierShare: Double(fit.inliers) / Double(ring.count),
                    rms: fit.rms, usedGravity: floor.usedGravity)
}

/// The plane through `cloud` within 10° of `floor`'s (PCL RANSAC, `distanceThreshold` inliers),
/// its normal on the floor's side, with its inlier count and their RMS distance (metres); nil
/// when no plane has `minimumInliers`.
func planeLike(_ floor: FloorFit, through cloud: PointCloud, minimumInliers: Int,
               parameters: FloorParameters) -> (plane: Plane, inliers: Int, rms: Double)? {
    let params = cpc_plane_params.ransac(threshold: parameters.distanceThreshold, iterations: parameters.maxIterations,
                                         axis: floor.plane.normal, epsilonDegrees: 10)
    guard let fit = try? NativeCloud.fitPlane(cloud, parameters: params), fit.inlierCount >= minimumInliers else { return nil }
    var plane = Plane(coefficients: fit.coefficients)
    if dot(plane.normal, floor.plane.normal) < 0 { plane = plane.flipped }
    var sum = 0.0
    for i in 0..<cloud.count where fit.inliers[i] {
        let d = plane.signedDistance(cloud[i])
        sum += d * d
    }
    return (plane, fit.inlierCount, (sum / Double(fit.inlierCount)).squareRoot())
}

/// True when `local` differs from `global` under the box enough to matter: more than 2 mm at
/// the box (`at`, a world point) or more than 0.3° of tilt.
func floorsDiffer(_ local: FloorFit, _ global: FloorFit, at point: SIMD3<Double>) -> Bool {
    let onLocal = local.plane.project(point)
    let angle = acos(min(1, max(-1, dot(local.plane.normal, global.plane.normal))))
    return abs(global.plane.signedDistance(onLocal)) > 0.002 || angle > 0.3 * Double.pi / 180
}

/// `candidate` again, on the floor fitted around itself (`localFloor`), when that differs from
/// `viewFloor`: the objects are found again on the local floor and the one sharing most points
/// with `candidate` is returned with it. Nil when the floor there is the view's, or no object
/// on the local floor overlaps the candidate.
func refittedAroundCandidate(_ scene: FusedScene, viewFloor: FloorFit, candidate: BoxSegment,
                             parameters: PipelineParameters) -> (BoxSegment, FloorFit)? {
    guard let first = candidate.pointIndices.first,
          let local = localFloor(scene, floor: viewFloor, box: candidate, parameters: parameters.floor),
          floorsDiffer(local, viewFloor, at: scene.pointsInWorld[first]),
          let again = try? boxCandidates(scene, floor: local, parameters: parameters.isolation,
                                         limit: parameters.isolation.maximumCandidates + 2) else { return nil }
    return candidate.sharingMostPoints(in: again).map { ($0, local) }
}
