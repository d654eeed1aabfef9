import Foundation

/// The face of a taller neighbour seen rising above one side of a lower top: where a lid that
/// runs up against that neighbour ends.
///
/// Cartons of different heights pressed together meet in a concave corner. Seen from the lower
/// carton's side, the taller one's face rises from the lower lid, and the lid's points run up to
/// it: no ray past the lid's edge drops below the lid (`EdgeEstimate.lipShare`), so the lid has
/// no silhouette there, and its outline stops short of the face by the sensor's band of mixed
/// pixels in the corner. The face is a physical surface seen from many rays; the lid ends on it.
struct NeighbourFace: Sendable, Equatable {
    /// Where the face stands, metres outward of the side of the rectangle it was looked for at.
    var offset: Double
    /// 1.4826 median absolute deviations of its points' offsets, metres.
    var scatter: Double
    /// Its points, and the 2-cm strips along the side they fall in.
    var points: Int
    var strips: Int
}

/// The taller neighbour's face rising above side `side` (+A, −A, +B, −B) of `rectangle` (floor
/// coordinates of `frame`, metres), nil when none is seen.
///
/// Its points are those of the map within `parameters.sideBand` of the side's line, away from
/// the side's ends by as much (the corners, where other faces meet), that rise at least
/// `parameters.backgroundDrop` above the top at `topLevel` metres and stay as far
/// under the neighbour's own top (their 90th height percentile): what is left is the face alone,
/// without the mixed pixels of the corner at its foot or of the neighbour's edge at its head.
/// The face must face the top, with the camera on the top's side of it (the face of a neighbour
/// standing between the camera and the top is its back, unseen: what rises there is the
/// neighbour's top and its mixed pixels), rise at least twice that margin above the top, run
/// along `CuboidParameters.minimumSideFaceStrips` strips, and be upright: its points' offsets scatter by at most `sideBand / 4`. The face's offset is their median.
func neighbourFace(side: Int, rectangle: Rectangle2D, topLevel: Double, map: HeightMap, scene: FusedScene,
                   parameters: PipelineParameters) -> NeighbourFace? {
    let margin = parameters.backgroundDrop, band = parameters.sideBand
    let alongA = side < 2, sign: Double = side % 2 == 0 ? 1 : -1
    let extent = alongA ? rectangle.halfA : rectangle.halfB
    let span = (alongA ? rectangle.halfB : rectangle.halfA) - band
    guard span > 0 else { return nil }
    let camera = map.frame.local(scene.cameraPosition)
    let cameraLocal = rectangle.local(SIMD2(camera.x, camera.y))
    let cameraOffset = sign * (alongA ? cameraLocal.x : cameraLocal.y) - extent
    var offsets: [Double] = [], heights: [Double] = [], alongs: [Double] = []
    for j in 0..<map.pointIndices.count {
        let h = map.pointHeights[j]
        guard h >= topLevel + margin else { continue }
        let q = map.frame.local(scene.pointsInWorld[map.pointIndices[j]])
        let local = rectangle.local(SIMD2(q.x, q.y))
        let offset = sign * (alongA ? local.x : local.y) - extent
        let along = alongA ? local.y : local.x
        guard abs(offset) <= band, abs(along) <= span else { continue }
        offsets.append(offset)
        heights.append(h)
        alongs.append(along)
    }
    guard let head = Statistics.quantile(heights, 0.9), head - topLevel >= 2 * margin else { return nil }
    let kept = offsets.indices.filter { heights[$0] <= head - margin }
    let face = kept.map { offsets[$0] }
    let sideStrips = SideStrips(inner: span)
    let strips = Set(kept.map { sideStrips.index(alongs[$0]) }).count
    guard strips >= parameters.cuboid.minimumSideFaceStrips, let offset = Statistics.median(face),
          let scatter = Statistics.robustSigma(face), scatter <= band / 4, cameraOffset < offset else { return nil }
    return NeighbourFace(offset: offset, scatter: scatter, points: face.count, strips: strips)
}

/// How far past side `side` (+A, −A, +B, −B) of `rectangle` (floor coordinates of `map.frame`,
/// metres) a taller neighbour's top begins: per cell along the side (clear of its corners by
/// `parameters.sideBand`), the distance outward in half cells to the first cell that
/// stands at least `parameters.backgroundDrop` above the lid at `topLevel` and is flat
/// (`HeightMap.isFlat` at `maximumSlope`: the neighbour's rim, not the ramp of blended depths in
/// its shadow), looked for out to the side's own length; their median. Nil when fewer than half
/// the cells find one.
///
/// A lid against or under the shadow of a taller neighbour cannot run on past that neighbour's
/// foot: the distance bounds where its unseen end lies.
func gapToTallerNeighbour(side: Int, rectangle: Rectangle2D, topLevel: Double, map: HeightMap, maximumSlope: Double,
                          parameters: PipelineParameters) -> Double? {
    let (normal, along, extent, halfLength) = rectangle.side(side)
    let span = halfLength - parameters.sideBand
    guard span > 0 else { return nil }
    let rise = topLevel + parameters.backgroundDrop, step = map.cellSize / 2
    var gaps: [Double] = [], samples = 0
    var offset = -span
    while offset <= span {
        samples += 1
        var d = 0.0
        while d <= 2 * span {
            let p = rectangle.center + (extent + d) * normal + offset * along
            if let cell = map.cellIndex(p), !map.top[cell].isNaN, Double(map.top[cell]) >= rise,
               map.isFlat(cell, maximumSlope: maximumSlope) {
                gaps.append(d)
                break
            }
            d += step
        }
        offset += map.cellSize
    }
    guard 2 * gaps.count >= samples else { return nil }
    return Statistics.median(gaps)
}
