import Foundation

/// How far a parcel's top stands above its lid's plane: the lid's own relief (ripple, a slight
/// bow, the sensor's low-frequency error, which the capture cannot tell apart) and, where one
/// stands clear of that relief, a raised part such as a handle.
public struct TopRelief: Sendable, Equatable {
    /// How far the lid's highest cells (their 99th percentile, the raised part's excluded)
    /// stand above its plane, metres (>= 0).
    public var lidHigh: Double
    /// Robust standard deviation of the lid's cells about its plane, metres.
    public var spread: Double
    /// The highest part standing clear of the lid's relief, nil for a plain lid.
    public var raisedPart: RaisedPart?
}

/// A part of a parcel that rises above its lid: a carry handle, a strap, a label's or a tape's
/// bump, a lid that bows up. A carrier bills the cuboid that encloses the parcel, so the box's
/// height is measured to the top of that part, not to the lid's plane.
public struct RaisedPart: Sendable, Equatable {
    /// Height of the part's top above the lid's plane (`TopFaceFit.height`), metres (> 0).
    public var rise: Double
    /// Area over which it rises, square metres (the cells of its last level).
    public var area: Double
    /// Standard uncertainty of where its top lies, metres: the level's own standard error and
    /// what the capture cannot resolve above it (a peak lower than `step` or narrower than
    /// `RaisedPartParameters.minimumArea`, anywhere up to `step` higher).
    public var levelDoubt: Double
    /// The smallest rise between two levels the lid's noise lets this capture see, metres.
    public var step: Double
}

/// What `measureTopRelief` takes as evidence. The defaults were set on the simulated parcels with
/// handles and bowed lids (`boxdim accuracy --irregular-tops`, seed 2026), not on the held-out seeds.
public struct RaisedPartParameters: Sendable, Equatable, Codable {
    /// How many of the lid's robust deviations a level must rise by to be seen, at least; with
    /// many cells, `√(2 ln n)` of them (the highest of n such cells reaches about that far).
    /// Default 3.
    public var significance: Double = 3
    /// Least area of a raised level, square metres. Default 4 cm² (a 2-cm strap over 2 cm).
    public var minimumArea: Double = 0.0004

    public init() {}
}

/// Measures how far a parcel's top stands above its lid's plane.
///
/// The box's points inside the footprint, kept 1.5 cm (or three pixels) clear of its sides,
/// are binned into square cells of twice the pixel footprint (at least 1 cm) and each cell
/// takes its points' median height. The lid's relief is the robust deviation of those cells
/// about the lid's plane: sensor ripple and a bow of the lid alike. Starting from the plane,
/// cells standing more than `max(significance, √(2 ln n))` such deviations above the current
/// level form connected groups (8-neighbours, n the lid's cells); the highest group of at least
/// `minimumArea` sets the next level (its cells' median), and the search climbs on inside it
/// until no group rises further: a handle's top in one step, a steep crown in a few.
///
/// - Returns: nil when the footprint is too small to hold a cell clear of its sides.
public func measureTopRelief(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, footprint: Rectangle2D,
                           pixelFootprint: Double, parameters: RaisedPartParameters = .init()) -> TopRelief? {
    let cell = max(0.01, 2 * pixelFootprint)
    let margin = max(0.015, 3 * pixelFootprint)
    let halfA = footprint.halfA - margin, halfB = footprint.halfB - margin
    guard halfA > cell, halfB > cell, cell.isFinite else { return nil }
    let columns = Int((2 * halfA / cell).rounded(.up)), rows = Int((2 * halfB / cell).rounded(.up))
    guard columns * rows <= 1 << 20 else { return nil }
    var heightsByCell = [[Double]](repeating: [], count: columns * rows)
    for (k, i) in box.pointIndices.enumerated() {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        let p = footprint.local(SIMD2(q.x, q.y))
        guard abs(p.x) < halfA, abs(p.y) < halfB, box.heights[k].isFinite else { continue }
        let c = min(columns - 1, Int((p.x + halfA) / cell)), r = min(rows - 1, Int((p.y + halfB) / cell))
        heightsByCell[r * columns + c].append(box.heights[k])
    }
    let level = heightsByCell.map { Statistics.median($0) ?? .nan }
    let lid = level.filter(\.isFinite).map { $0 - top.height }
    guard lid.count >= 8, let spread = Statistics.robustSigma(lid) else { return nil }
    // The lid's own relief: how far its cells scatter about its plane, ripple and bow included.
    let step = max(max(parameters.significance, (2 * log(Double(lid.count))).squareRoot()) * spread, 1e-4)
    let minimumCells = max(3, Int((parameters.minimumArea / (cell * cell)).rounded(.up)))

    var allowed = [Bool](repeating: true, count: level.count)
    var current = top.height
    var found: (level: Double, cells: [Int])?
    for _ in 0..<8 {
        let raised = level.indices.map { allowed[$0] && level[$0] > current + step }
        let groups = connectedGroups(raised, columns: columns, rows: rows).filter { $0.count >= minimumCells }
        guard let best = groups.map({ group in (group, Statistics.median(group.map { level[$0] }) ?? current) })
            .max(by: { $0.1 < $1.1 }), best.1 > current else { break }
        current = best.1
        found = (best.1, best.0)
        allowed = [Bool](repeating: false, count: level.count)
        for j in best.0 { allowed[j] = true }
    }
    var lidCells = [Bool](repeating: true, count: level.count)
    var part: RaisedPart?
    if let found {
        let standardError = 1.2533 * spread / Double(found.cells.count).squareRoot()
        part = RaisedPart(rise: found.level - top.height, area: Double(found.cells.count) * cell * cell,
                          levelDoubt: (standardError * standardError + step * step / 3).squareRoot(), step: step)
        for j in found.cells { lidCells[j] = false }
    }
    let lidLevels = level.indices.filter { lidCells[$0] && level[$0].isFinite }.map { level[$0] - top.height }
    let high = max(0, Statistics.quantile(lidLevels, 0.99) ?? 0)
    return TopRelief(lidHigh: high, spread: spread, raisedPart: part)
}

/// The 8-connected groups of `true` cells of a `columns × rows` grid, as cell indices.
private func connectedGroups(_ mask: [Bool], columns: Int, rows: Int) -> [[Int]] {
    var seen = [Bool](repeating: false, count: mask.count)
    var groups: [[Int]] = []
    for start in mask.indices where mask[start] && !seen[start] {
        var group: [Int] = [], stack = [start]
        seen[start] = true
        while let j = stack.popLast() {
            group.append(j)
            let r = j / columns, c = j % columns
            for dr in -1...1 {
                for dc in -1...1 where dr != 0 || dc != 0 {
                    let rr = r + dr, cc = c + dc
                    guard rr >= 0, rr < rows, cc >= 0, cc < columns else { continue }
                    let n = rr * columns + cc
                    if mask[n] && !seen[n] { seen[n] = true; stack.append(n) }
                }
            }
        }
        groups.append(group)
    }
    return groups
}
