import Foundation

/// A side of a carton's top placed at its lid's edge in the colour image
/// (`lidEdgeBesideTallerNeighbour`), where the depth ran on past the lid into the gap beside a
/// taller neighbour.
struct LidEdge: Sendable, Equatable {
    /// How far the side moved in from the top's depth extent, metres (0...`reach`).
    var inward: Double
    /// The lid's grey level minus the gap's darkest, median over the strips that found the
    /// edge, grey levels.
    var contrast: Double
    /// Metres one colour image pixel spans at the side, at the top's level.
    var footprint: Double
}

/// Where a lower carton's lid ends beside a taller neighbour, from the colour image.
///
/// A stereo camera matches across a narrow gap between a lid and a taller neighbour's side:
/// the gap's depth is interpolated from the lid's level up to the neighbour's, so the lower
/// top's points run on a centimetre or two past its edge, at its own level (on the real pallet,
/// `neura-pallet`, the four front cartons beside the large one came out 15-25 mm long). The
/// colour image shows the gap as a dark line, and the lid ends where the line begins.
///
/// For side `side` (+A, −A, +B, −B) of `rectangle` (floor coordinates) whose top is `level`
/// metres above the floor, looked at along strips one image pixel apart over the side's
/// middle 80 %:
/// 1. A taller neighbour lies beyond: along more than half the strips, a cell of `map` from a
///    cell out to `reach` past the side stands more than `stepTolerance` above `level`.
/// 2. Along each strip, the lid's grey level is the median from 2 to 6 cm inside the side. The
///    side must lie in a dark run: the darkest grey level within a pixel of it at least
///    `minimumContrast` under the lid's. Walking in from the side, the lid ends where the grey
///    level first climbs back half-way from the run's darkest (out to `reach`) to the lid's
///    level: the step edge's half-way point (a lid darkened by a neighbour's shadow still lies
///    above it).
/// 3. The side moves in by the strips' median, when at least half of the strips found the
///    edge within `reach`, scattering (1.4826 MAD) by at most 1.5 image pixels.
///
/// Nil otherwise: no taller neighbour, no dark run at the side (the depth stopped at the lid's
/// edge, or the gap shows no darker than the lid), or strips that disagree.
func lidEdgeBesideTallerNeighbour(_ rectangle: Rectangle2D, side: Int, level: Double, map: HeightMap,
                                  image: SeamImage, stepTolerance: Double, minimumContrast: Double,
                                  reach: Double = 0.03) -> LidEdge? {
    let normals = [rectangle.axisA, -rectangle.axisA, rectangle.axisB, -rectangle.axisB]
    let n = normals[side], along = SIMD2(-n.y, n.x)
    let half = side < 2 ? rectangle.halfA : rectangle.halfB, span = side < 2 ? rectangle.halfB : rectangle.halfA
    let middle = rectangle.center + half * n
    let pixel = image.footprint(middle, height: level)
    guard pixel.isFinite, pixel > 0 else { return nil }
    let strips = Int((0.8 * span / pixel).rounded(.down))
    guard strips >= 2 else { return nil }

    func taller(_ base: SIMD2<Double>) -> Bool {
        stride(from: map.cellSize, through: reach, by: map.cellSize / 2).contains { d in
            guard let cell = map.cellIndex(base + d * n) else { return false }
            let h = map.top[cell]
            return !h.isNaN && Double(h) > level + stepTolerance
        }
    }
    func luma(_ base: SIMD2<Double>, _ t: Double) -> Double? { image.luma(base + t * n, height: level) }

    var besideTaller = 0, inward: [Double] = [], contrasts: [Double] = []
    for k in -strips...strips {
        let base = middle + Double(k) * pixel * along
        if taller(base) { besideTaller += 1 }
        let inside = stride(from: 0.02, through: 0.06, by: pixel / 2).compactMap { luma(base, -$0) }
        guard inside.count >= 5, let lid = Statistics.median(inside) else { continue }
        let atSide = [-pixel, 0, pixel].compactMap { luma(base, $0) }
        guard atSide.count == 3, let nearest = atSide.min(), nearest <= lid - minimumContrast else { continue }
        let run = stride(from: -reach, through: pixel, by: pixel / 4).compactMap { luma(base, $0) }
        guard let darkest = run.min() else { continue }
        let halfWay = (lid + darkest) / 2
        guard let t = stride(from: 0, through: reach, by: pixel / 4).first(where: { (luma(base, -$0) ?? 0) >= halfWay })
        else { continue }
        inward.append(t)
        contrasts.append(lid - darkest)
    }
    let count = 2 * strips + 1
    guard 2 * besideTaller > count, 2 * inward.count >= count, let moved = Statistics.median(inward),
          let contrast = Statistics.median(contrasts), (Statistics.robustSigma(inward) ?? .infinity) <= 1.5 * pixel
    else { return nil }
    return LidEdge(inward: moved, contrast: contrast, footprint: pixel)
}

/// `rectangle` with each side that no seam placed (`seams[side]` nil) moved in to its lid's
/// edge where `lidEdgeBesideTallerNeighbour` finds one, and which sides moved, both per side
/// (+A, −A, +B, −B) of the returned rectangle (its length along `axisA` again).
func atLidEdges(_ rectangle: Rectangle2D, seams: [SeamLine?], level: Double, map: HeightMap, image: SeamImage?,
                parameters: SceneParameters) -> (Rectangle2D, seams: [SeamLine?], lidEdges: [LidEdge?]) {
    guard let image else { return (rectangle, seams, [nil, nil, nil, nil]) }
    var extent = [rectangle.halfA, rectangle.halfA, rectangle.halfB, rectangle.halfB]
    var edges: [LidEdge?] = [nil, nil, nil, nil]
    for side in 0..<4 where seams[side] == nil {
        guard let edge = lidEdgeBesideTallerNeighbour(rectangle, side: side, level: level, map: map, image: image,
                                                      stepTolerance: parameters.stepTolerance,
                                                      minimumContrast: parameters.seamContrast) else { continue }
        extent[side] -= edge.inward
        edges[side] = edge
    }
    guard edges.contains(where: { $0 != nil }) else { return (rectangle, seams, edges) }
    let (moved, swapped) = resized(rectangle, extents: extent)
    return swapped ? (moved, Rectangle2D.swappedSides(seams), Rectangle2D.swappedSides(edges)) : (moved, seams, edges)
}
