import Foundation

/// The surface a top stands on, as seen beside it (`supportBeside`).
struct SupportBeside: Sendable, Equatable {
    /// The surfaces seen beside the top, low enough to stand on and seen widely enough: the
    /// local median height of each above the floor plane, metres, highest first.
    var levels: [Double]
    /// 1.4826 median absolute deviations of the highest surface's cells' highest points (its relief),
    /// metres, and its cells.
    var scatter: Double
    var count: Int
    /// Sides of the rectangle (+A, −A, +B, −B) the highest surface was seen beside.
    var sidesSeen: Int
    /// Surfaces seen beside the scene's other tops that make one layer with those seen beside
    /// this one (`joiningLayers`), metres above the floor, highest first: the top may stand on
    /// any part of that layer.
    var layer: [Double] = []

    /// The estimate of the height the top stands on: the middle of the surfaces seen beside it
    /// and of their layer (metres; the one surface's height when only one is seen).
    var level: Double { (highest + lowest) / 2 }
    /// Half the spread of those surfaces, metres: the top may stand on any of them, since what
    /// is under it is not seen (a rectangular distribution of this half-width, JCGM 100, 4.3.7).
    var ambiguity: Double { (highest - lowest) / 2 }
    private var highest: Double { max(levels[0], layer.first ?? -.infinity) }
    private var lowest: Double { min(levels[levels.count - 1], layer.last ?? .infinity) }
}

/// `supports` (one per top of a scene, nil where none was seen), each with the surfaces seen
/// beside the other tops that make one layer with its own (`SupportBeside.layer`).
///
/// What a carton among others stands on is not seen; the surfaces seen beside it are samples
/// of the layer under it. Surfaces less than `gap` metres apart (the least height of a box the
/// engine measures) cannot have a box between them, so they are one layer: a lower layer's
/// lids at uneven heights, a deck that is not flat, a floor bending with a stereo camera's
/// range. Levels chain into one layer by single linkage. On the real pallet (`neura-pallet`)
/// the lower layer is seen at 339 mm beside two front cartons and 361 mm beside four more,
/// while all six tops lie within 12 mm of each other: each carton's own surface alone put
/// their heights 18 mm short and 15 mm long.
func joiningLayers(_ supports: [SupportBeside?], gap: Double) -> [SupportBeside?] {
    let all = supports.compactMap { $0?.levels }.flatMap { $0 }.sorted()
    guard all.count > 1 else { return supports }
    // Each level's layer, as the index of the layer's first level in `all`.
    var layerStart = [Int](repeating: 0, count: all.count)
    for k in 1..<all.count { layerStart[k] = all[k] - all[k - 1] < gap ? layerStart[k - 1] : k }
    func layer(of level: Double) -> [Double] {
        guard let k = all.firstIndex(of: level) else { return [level] }
        return all.indices.filter { layerStart[$0] == layerStart[k] }.map { all[$0] }
    }
    return supports.map { support in
        guard var support else { return nil }
        let own = Set(support.levels)
        support.layer = Array(Set(support.levels.flatMap(layer(of:))).subtracting(own)).sorted(by: >)
        return support
    }
}

/// The highest surface beside `rectangle` (floor coordinates) lying at least `minimumHeight`
/// below `level`. The surfaces are the map's flat regions (`findTopRegions` at any height: the
/// floor, a pallet's deck, the lower layer of cartons, a neighbour's lower top) at least
/// `minimumWidth` wide (half the smallest box's side: a strip of mixed depths along a top's
/// edge, a few centimetres wide, is no surface to stand on). Of the cells 1.5 cells to `reach`
/// metres outside the rectangle, those of one surface low enough vote for it; every surface with
/// at least a tenth of the votes (and 10) is seen beside the top, at the median height of its
/// cells there, each cell at the median of its points on its surface (`HeightMap.middle`). The
/// highest of a cell's noisy samples lies above the surface: with it, the heights of cartons
/// measured from their tops came out 0.8-1.4 mm short on average (tuning scenes, seed 2026, on
/// the floor, a table and a pallet; 1.5-2.5 mm for pairs of one height on the floor, where the
/// naive top rectangle was within 1 mm). The top stands on one of them, and which one the depth cannot show: a carton
/// beside a pallet's deck and the floor, or beside a lower neighbour and the layer both stand
/// on (`SupportBeside.level`, `.ambiguity`), unless one surface is seen squarely beside two of
/// its sides (within each side's span, 10 cells or more beside each): it wraps the top's corner
/// or runs under it, so a top standing lower would pass through it. With the other surfaces of
/// its layer (less than `minimumHeight` from it) it must be seen squarely beside two sides with
/// as many cells as a surface needs to be seen; then the surfaces lower than it by
/// `minimumHeight` are no support (tuning on-table, seed 2026, capture 20: a box at a table's
/// edge, the floor seen past it, came out 563 ± 431 mm for 191 mm; tuning scenes on a pallet,
/// seed 2026, scenes 23, 32 and 56: cartons of one height on a deck whose gaps part it into a
/// surface per board, no board alone seen beside two sides with a tenth of the cells, came out
/// 70-76 mm high, half-way to the floor seen through the gaps, at U 83-85 mm; a lower neighbour
/// pressed against one side is squarely beside that side alone). Nil when no surface is seen.
func supportBeside(_ map: HeightMap, rectangle: Rectangle2D, level: Double, minimumHeight: Double, minimumWidth: Double,
                   surfaces: [TopRegion], surfaceOfCell: [Int: Int], parameters: SceneParameters) -> SupportBeside? {
    let reach = parameters.supportReach, inner = 1.5 * map.cellSize
    let corners = rectangle.corners
    let lo = corners.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) } - reach
    let hi = corners.reduce(-SIMD2(Double.infinity, .infinity)) { pointwiseMax($0, $1) } + reach
    var votes: [Int: (heights: [Double], highest: [Double], sides: Set<Int>)] = [:]
    // Per surface, the sides it is seen squarely beside: within the side's span, not past its
    // corners (a lower neighbour pressed against one side reaches past its corners).
    var square: [Int: [Int: Int]] = [:]
    var total = 0
    map.forEachCell(from: lo, to: hi) { cell in
        guard let surface = surfaceOfCell[cell], surfaces[surface].level <= level - minimumHeight,
              surfaces[surface].width >= minimumWidth else { return }
        let p = map.centre(ofCell: cell)
        let outside = rectangle.distanceOutside(p)
        guard outside >= inner, outside <= reach else { return }
        let q = rectangle.local(p)
        let a = abs(q.x) - rectangle.halfA, b = abs(q.y) - rectangle.halfB
        let side = rectangle.sideIndex(beside: p)
        votes[surface, default: ([], [], [])].heights.append(Double(map.middle[cell]))
        votes[surface, default: ([], [], [])].highest.append(Double(map.top[cell]))
        votes[surface, default: ([], [], [])].sides.insert(side)
        if a < 0 || b < 0 { square[surface, default: [:]][side, default: 0] += 1 }
        total += 1
    }
    // Cells a surface needs to be seen: a tenth of those seen, and never fewer than `fewest`.
    let fewest = 10, needed = max(fewest, total / 10)
    let seen = votes.filter { $0.value.heights.count >= needed }
        .sorted { surfaces[$0.key].level != surfaces[$1.key].level ? surfaces[$0.key].level > surfaces[$1.key].level : $0.key < $1.key }
    // One surface seen squarely beside two sides of the top wraps its corner or runs under it:
    // a top standing lower would pass through it, so the top stands on it or higher (a box on a
    // table's edge or corner, the floor seen past it; a carton on a pallet's layer). It wraps
    // the top together with the other surfaces of its layer (less than a box's height from it,
    // so no box stands between them: a deck's other boards, which the gaps between them part
    // into surfaces of their own), seen squarely beside two sides with `needed` cells in all.
    // A lower neighbour pressed against one side is never squarely beside another, so two
    // neighbours' lids, each beside its own side, wrap nothing. Surfaces lower than the layer
    // by a box's height are out.
    let wrapping = seen.first { anchor in
        guard (square[anchor.key]?.values.filter { $0 >= fewest }.count ?? 0) >= 2 else { return false }
        let layer = surfaces[anchor.key].level
        var sides = [Int: Int]()
        for (surface, counts) in square where abs(surfaces[surface].level - layer) < minimumHeight {
            for (side, n) in counts { sides[side, default: 0] += n }
        }
        return sides.values.filter { $0 >= needed }.count >= 2
    }.map { surfaces[$0.key].level }
    let standing = seen.filter { surface in wrapping.map { surfaces[surface.key].level > $0 - minimumHeight } ?? true }
    let levels = standing.compactMap { Statistics.median($0.value.heights) }
    guard let highest = standing.first, levels.count == standing.count else { return nil }
    // The level is each cell's median point (unbiased); the scatter is the spread of the cells'
    // highest points, the surface's own relief, which a board's edge cells (mixed depths within
    // the band under the board's top) do not widen as they widen their medians' spread (held-out
    // scenes on a pallet, seed 3313, scene 62: `support_under` 4.2 -> 5.0 mm with the medians).
    return SupportBeside(levels: levels, scatter: Statistics.robustSigma(highest.value.highest) ?? 0,
                         count: highest.value.heights.count, sidesSeen: highest.value.sides.count)
}
