import Foundation

/// A surface another object of the scene was found standing on (`supportAround`): the plane,
/// and the top extent of the object on it (floor frame of `frame`, metres).
struct FoundSupport: Sendable {
    var support: FloorFit
    var extent: Rectangle2D
    var frame: FloorFrame
}

/// The surface another object of the scene stands on that `object`, which stands on the view's
/// floor, is part of; nil when it is part of none. A pallet's deck is a cluster per board, the
/// cartons on it clusters of their own, and each board would be listed as a top, refused as
/// hidden behind the cartons or as two boxes of one height side by side (tuning scenes on a
/// pallet, seed 2026: 603 tops for 280 boxes). It is part of a surface, when
/// - its top (its points within 3 cm of the 99th percentile of its heights) lies on the support's
///   plane: their median distance from it is within `tolerance` metres;
/// - some of its points lie within `reach` metres of `extent`: of the top of the object found
///   standing on that support (the support was read from what is seen there), or of a board
///   already found part of it (`deckOfBoards`);
/// - nothing of it is seen in the lower half of its height (the 1st percentile of its heights
///   above half its top's): a board's underside is air and the pallet's blocks, where a carton
///   of the deck's height standing on the floor beside the pallet shows its faces going down.
func partOfSupport(_ object: BoxSegment, scene: FusedScene, supports: [FoundSupport],
                   reach: Double = 0.10, tolerance: Double = 0.02) -> FoundSupport? {
    guard !supports.isEmpty, object.heights.count >= 20 else { return nil }
    let sorted = object.heights.sorted()
    let top = sorted[Int(Double(sorted.count - 1) * 0.99)], low = sorted[Int(Double(sorted.count - 1) * 0.01)]
    guard low >= top / 2 else { return nil }
    return supports.first { found in
        var off: [Double] = []
        var near = false
        for (k, i) in object.pointIndices.enumerated() {
            let p = scene.pointsInWorld[i]
            if object.heights[k] >= top - 0.03 { off.append(abs(found.support.plane.signedDistance(p))) }
            if !near {
                let q = found.frame.local(p)
                near = found.extent.distance(to: SIMD2(q.x, q.y)) <= reach
            }
        }
        guard near, let median = Statistics.median(off) else { return false }
        return median <= tolerance
    }
}

/// `objects` less those that are part of a surface another object stands on (`partOfSupport`),
/// found board by board: a board found part of a deck lends its own top's extent to the search,
/// so the boards beyond `reach` of every carton, joined to it through their neighbours (a
/// deck's boards lie a gap of a few centimetres apart), are the deck too. Without the chain, the
/// boards farther than 10 cm from every carton stayed listed as tops (tuning scenes on a
/// pallet, seed 2026: 60 refused tops where no box stands, 44 of them "hidden behind").
///
/// Each object is tested only against the surfaces found since it was last tested (`tested`:
/// how many of `supports` it has been tested against); what it failed once, it fails again.
func deckOfBoards(_ objects: [(object: BoxSegment, surface: FloorFit?)], scene: FusedScene,
                  supports: [FoundSupport]) -> [(object: BoxSegment, surface: FloorFit?)] {
    var left = objects.map { (entry: $0, tested: 0) }, supports = supports
    var found = true
    while found {
        found = false
        for index in left.indices.reversed() where left[index].entry.surface == nil && left[index].tested < supports.count {
            let untested = Array(supports[left[index].tested...])
            left[index].tested = supports.count
            guard let surface = partOfSupport(left[index].entry.object, scene: scene, supports: untested) else { continue }
            let board = left.remove(at: index).entry.object
            if let top = objectTop(scene, box: board) {
                supports.append(FoundSupport(support: surface.support, extent: top.extent, frame: board.floorFrame))
            }
            found = true
        }
    }
    return left.map(\.entry)
}
