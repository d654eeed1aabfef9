import Foundation

/// Whether `object`, which stands on the view's floor, is part of one of `supports`: the
/// surfaces other objects of the scene were found standing on (`supportAround`). A pallet's deck
/// is a cluster per board, or per piece of board between the cartons' shadows, the cartons on it
/// clusters of their own, and each piece would be listed as a top, refused as hidden behind the
/// cartons or as two boxes of one height side by side (tuning scenes on a pallet, seed 2026: 603
/// tops for 280 boxes). It is part of a surface when
/// - its top (its points within 3 cm of the 99th percentile of its heights) lies on the support's
///   plane: their median distance from it is within `tolerance` metres;
/// - nothing of it is seen in the lower half of its height (the 1st percentile of its heights
///   above half its top's): a board's underside is air and the pallet's blocks, where a carton
///   of the deck's height standing on the floor beside the pallet shows its faces going down.
///
/// Where it lies does not count. Until 2026-12-02 a board had also to come within 10 cm of a
/// carton found on that support, or of a board already found part of it; the pieces of board
/// beyond a carton's shadow, 12-48 cm from anything found, were then listed as tops of their
/// own (tuning scenes on a pallet, seed 2026: 49 refused tops where no box stands, two boards
/// accepted at 20 mm; held out, seed 3313: 79 and one), and no capture showed an object the
/// distance kept apart from a deck. What the two tests cannot tell from a deck is a carton
/// standing on the floor whose top is at the deck's level, within `tolerance`, seen from so
/// steeply above that none of its faces shows: it would be left out with the deck.
func isPartOfSupport(_ object: BoxSegment, scene: FusedScene, supports: [FloorFit],
                     tolerance: Double = 0.02) -> Bool {
    guard !supports.isEmpty, object.heights.count >= 20 else { return false }
    let sorted = object.heights.sorted()
    let top = sorted[Int(Double(sorted.count - 1) * 0.99)], low = sorted[Int(Double(sorted.count - 1) * 0.01)]
    guard low >= top / 2 else { return false }
    let topPoints = zip(object.pointIndices, object.heights).filter { $0.1 >= top - 0.03 }.map { scene.pointsInWorld[$0.0] }
    return supports.contains { support in
        Statistics.median(topPoints.map { abs(support.plane.signedDistance($0)) }).map { $0 <= tolerance } ?? false
    }
}
