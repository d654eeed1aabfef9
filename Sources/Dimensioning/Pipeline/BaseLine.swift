/// The base line of a side facing the camera (see `locateEdge`, `EdgeMethod.topAndBase`).
///
/// Seen from 70-80 degrees of elevation, a tall face toward the camera is all grazing
/// incidence, and a time-of-flight camera returns nothing there: no side face, and no
/// silhouette (the top meets only missing returns). The floor in front of the face is seen
/// right up to its base, and the base lies under the side: a second surface that locates it,
/// independent of the top. Lengths in metres, positions as distances from the footprint
/// rectangle's centre along the side's outward direction.

/// A side facing the camera whose face the sensor did not return (too steep): where the floor's
/// samples start at the face's base. Floor rays are cut with the floor plane (free of depth
/// noise and multipath); in 2-cm strips along the side the innermost floor cut is within one
/// floor pixel footprint outside the base, so the side lies half a footprint inside the median
/// over strips. Nil when fewer than three strips, or fewer than half of them, see the floor.
func baseLineEdge(outward: (SIMD2<Double>) -> Double, across: (SIMD2<Double>) -> Double,
                  half: Double, inner: Double, direction: SIMD2<Double>, evidence: EdgeEvidence)
    -> (position: Double, strips: Int)? {
    let strips = SideStrips(inner: inner)
    let scale = evidence.rayStretch(toDrop: evidence.topHeight)
    let floorDrop = evidence.topHeight - evidence.floorBand
    var innermost = [Double](repeating: .infinity, count: strips.count)
    for cut in evidence.rayCuts where cut.drop >= floorDrop {
        let onFloor = evidence.camera + (cut.position - evidence.camera) * scale
        let u = outward(onFloor), v = across(onFloor)
        guard abs(v) <= inner, u > half - 0.05, u < half + 0.15 else { continue }
        innermost[strips.index(v)] = min(innermost[strips.index(v)], u)
    }
    let seen = innermost.filter(\.isFinite)
    guard seen.count >= 3, 2 * seen.count >= strips.count, let median = Statistics.median(seen) else { return nil }
    let floorFootprint = pixelFootprint(edgePoint: direction * half, outward: direction, evidence: evidence,
                                        cameraAbovePlane: evidence.cameraAboveTop + evidence.topHeight)
    return (median - 0.5 * floorFootprint, seen.count)
}
