import Foundation

/// Places the sides of a carton measured from its top that no line of the colour image placed
/// (a side with no seam and no lid's edge) as the single-box engine places a lone box's sides
/// (`locateEdge`): from its own side face when the camera sees one, else in the middle of the
/// gap between the top's last rays and the first rays past its edge (the floor, a lower lid, or
/// a taller neighbour's face rising above the top), over 2-cm strips along the side. The rays are
/// cut with the top's plane at `topLevel` metres above the floor plane; the carton stands
/// `topLevel - supportLevel` metres above its support, which is where rays past its edge end.
///
/// The top's outline alone (its hull's extent) falls short of the edge by the band of mixed
/// pixels a sensor makes there, which the outline cannot measure: on the held-out scenes
/// (`boxdim accuracy --scenes 120 --seed 3313`) such sides came out 1-5 mm short each, and their
/// doubt was a pixel footprint either way (`SideEvidence.topExtent`). A side the silhouette
/// does not place (no strip sees both classes) keeps the outline's extent.
///
/// - Parameters:
///   - rectangle: the top's rectangle, floor coordinates of `map.frame` (metres).
///   - placed: per side (+A, −A, +B, −B), whether a line of the colour image already placed it.
///   - topIndices: the top's points (indices into `scene.pointsInWorld`).
///   - topRms: the top's noise about its level, metres (its foreground band is three of them).
/// - Returns: the rectangle with those sides moved (its length along `axisA` again), and per
///   side of it the evidence that placed it (nil: a line of the colour image, or the outline).
///   `swapped` says whether the axes swapped (`Rectangle2D.swappedSides`).
func silhouetteSides(_ rectangle: Rectangle2D, placed: [Bool], topIndices: [Int], topLevel: Double, topRms: Double,
                     supportLevel: Double, map: HeightMap, scene: FusedScene, maximumSlope: Double,
                     parameters: PipelineParameters)
    -> (rectangle: Rectangle2D, evidence: [SideEvidence?], swapped: Bool) {
    let none: [SideEvidence?] = [nil, nil, nil, nil]
    guard placed.contains(false) else { return (rectangle, none, false) }
    let frame = map.frame
    let standing = topLevel - supportLevel
    // Side-face points: between the support and the top, within a side band of the rectangle.
    var side: [SIMD3<Double>] = []
    for j in 0..<map.pointIndices.count {
        let h = map.pointHeights[j]
        guard parameters.isolation.mayBeSideFace(height: h - supportLevel, standing: standing) else { continue }
        let q = frame.local(scene.pointsInWorld[map.pointIndices[j]])
        let local = rectangle.local(SIMD2(q.x, q.y))
        guard abs(local.x) <= rectangle.halfA + parameters.sideBand, abs(local.y) <= rectangle.halfB + parameters.sideBand
        else { continue }
        side.append(SIMD3(local.x, local.y, h - supportLevel))
    }
    let top = topIndices.map { i -> SIMD2<Double> in
        let q = frame.local(scene.pointsInWorld[i])
        return SIMD2(q.x, q.y)
    }
    let evidence = edgeEvidence(scene, frame: frame, rectangle: rectangle, topLevel: topLevel, topRms: topRms,
                                standing: standing, topPoints: top, sidePoints: side)
    var extents = [rectangle.halfA, rectangle.halfA, rectangle.halfB, rectangle.halfB]
    let outline = extents
    // Sides a line of the colour image placed stand in as the fallback, which nothing reconciles.
    var estimates = [EdgeEstimate](repeating: EdgeEstimate(method: .topExtent, pixelFootprint: 0), count: 4)
    // Sides past which a taller neighbour rises: how far out of the outline each ends, and why.
    var againstNeighbour: [(offset: Double, evidence: SideEvidence)?] = [nil, nil, nil, nil]
    for k in 0..<4 where !placed[k] {
        let located = locateEdge(alongA: k < 2, sign: k % 2 == 0 ? 1 : -1, rectangle: rectangle, evidence: evidence,
                                 parameters: parameters)
        // Past most of its strips the first ray lies above the top: a taller neighbour stands
        // against it, or in front of it and hides its edge (its mixed pixels, blends of the two
        // tops, sit over the hidden part of the lid). Either way no silhouette of this lid is
        // seen there (held out, `--scenes 120 --seed 3313`, scene 79: a lid half hidden so came
        // out 18 mm narrow at its silhouette). The lid ends on the neighbour's face where that
        // face is seen rising from it; else somewhere between its outline and the neighbour's
        // foot (`SideEvidence.shadowed`).
        guard !located.estimate.lipsPastMostStrips else {
            if let face = neighbourFace(side: k, rectangle: rectangle, topLevel: topLevel, map: map, scene: scene,
                                        parameters: parameters) {
                againstNeighbour[k] = (face.offset, .neighbourFace(scatter: face.scatter, strips: face.strips))
            } else if let gap = gapToTallerNeighbour(side: k, rectangle: rectangle, topLevel: topLevel, map: map,
                                                     maximumSlope: maximumSlope, parameters: parameters) {
                againstNeighbour[k] = (gap / 2, .shadowed(gap: gap))
            }
            continue
        }
        extents[k] = located.position
        estimates[k] = located.estimate
    }
    // A side whose gap is wider than the others' band has something else past it (a taller
    // neighbour's shadow on a lower lid, a wall): it borrows their band, as a lone box's does.
    reconcileBands(&extents, &estimates, tolerancePixels: parameters.behaviour.bandConsistencyPixels)
    var found: [EdgeEstimate?] = [nil, nil, nil, nil]
    for k in 0..<4 {
        // The fallback (the top points' extent) is what the outline already says.
        guard !placed[k], estimates[k].method != .topExtent, extents[k].isFinite else {
            extents[k] = outline[k]
            continue
        }
        found[k] = estimates[k]
    }
    let captureBand = captureBandPixels(found.compactMap { $0 })
    var sides = found.map { $0.map { SideEvidence($0, captureBand: captureBand) } }
    for k in 0..<4 {
        guard let neighbour = againstNeighbour[k] else { continue }
        extents[k] = outline[k] + neighbour.offset
        sides[k] = neighbour.evidence
    }
    guard sides.contains(where: { $0 != nil }) else { return (rectangle, none, false) }
    let (moved, swapped) = resized(rectangle, extents: extents)
    return (moved, swapped ? Rectangle2D.swappedSides(sides) : sides, swapped)
}
