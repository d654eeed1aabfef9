import Foundation

/// How far a parcel's top stands above its lid's plane: the lid's own relief (ripple, a slight
/// bow, the sensor's low-frequency error, which the capture cannot tell apart) and, where one
/// stands clear of that relief, a raised part such as a handle.
public struct TopRelief: Sendable, Equatable {
    /// How far the lid's highest cells (the 99th percentile of their 3 × 3 medians, the raised
    /// part's cells excluded) stand above its plane beyond what noise alone reaches there,
    /// metres (>= 0).
    public var lidHigh: Double
    /// Robust standard deviation of the lid's cells about its plane, metres.
    public var spread: Double
    /// The highest part standing clear of the lid's relief, nil for a plain lid.
    public var raisedPart: RaisedPart?
    /// Per side (+A, −A, +B, −B of the footprint), how far below the lid's plane the lid meets
    /// that side, metres (negative above): its profile across the lid (the mean of its cells'
    /// levels per column or row, a least-squares parabola) carried out to the side. A lid
    /// bowed up by `r` meets its sides about `2r/3` under its plane; a flat one at it. Zero
    /// where that drop is under three standard errors of the parabola's value there. The
    /// lid's own samples at the side are not used: there a sensor's edge band and fattening
    /// stand in for the lid.
    public var rimDrops: [Double] = [0, 0, 0, 0]
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
    /// Least area of a raised level, square metres, and never fewer than six cells. Default
    /// 10 cm² (a 2-cm strap over 5 cm). A blob of four 2-cm cells, 25 mm over a real stereo
    /// camera's lid (`luxonis-oak/calibration_box.ply`, its lid's cells scattering by 6.6 mm),
    /// is the sensor's, not a handle.
    public var minimumArea: Double = 0.0010

    public init() {}
}

/// Measures how far a parcel's top stands above its lid's plane.
///
/// The box's points inside the footprint, kept 1.5 cm (or three pixels) clear of its sides,
/// are binned into square cells of twice the pixel footprint (at least 1 cm) and each cell
/// takes its points' median height. The lid's relief is the robust deviation of those cells
/// about the lid's plane: sensor ripple and a bow of the lid alike. Starting from the plane,
/// cells standing more than `max(significance, √(2 ln n))` such deviations above the current
/// level form connected groups (8-neighbours, PCL's Euclidean criterion on the cells' centres as
/// `findTopRegions` groups its cells; n the lid's cells); the highest group of at least
/// `minimumArea` sets the next level (its cells' median), and the search climbs on inside it
/// until no group rises further: a handle's top in one step, a steep crown in a few.
///
/// - Returns: nil when the footprint is too small to hold a cell clear of its sides.
/// - Throws: `internalFailure` when the native clustering fails.
public func measureTopRelief(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, footprint: Rectangle2D,
                             pixelFootprint: Double, parameters: RaisedPartParameters = .init())
    throws(DimensioningError) -> TopRelief? {
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
    let minimumCells = max(6, Int((parameters.minimumArea / (cell * cell)).rounded(.up)))

    var allowed = [Bool](repeating: true, count: level.count)
    var current = top.height
    var found: (level: Double, cells: [Int])?
    for _ in 0..<8 {
        let raised = level.indices.filter { allowed[$0] && level[$0] > current + step }
        let groups = try connectedCells(raised, columns: columns, cell: cell, minimumCells: minimumCells)
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
    // The lid's shape, not its speckle: each cell's level as the median of its 3 × 3
    // neighbourhood (at least five cells of lid), whose own noise is about 1.25 / 3 of a cell's
    // (a cell's median scatters by 1.25 of its points' deviation over the root of their number).
    // Its highest cells (99th percentile) stand that far above the plane by noise alone; only
    // what rises beyond is the lid's bow, or a ripple wider than a cell.
    var smoothed: [Double] = []
    for j in level.indices where lidCells[j] && level[j].isFinite {
        let r = j / columns, c = j % columns
        var around: [Double] = []
        for rr in max(0, r - 1)...min(rows - 1, r + 1) {
            for cc in max(0, c - 1)...min(columns - 1, c + 1) where lidCells[rr * columns + cc] {
                let v = level[rr * columns + cc]
                if v.isFinite { around.append(v) }
            }
        }
        if around.count >= 5, let m = Statistics.median(around) { smoothed.append(m - top.height) }
    }
    let cellNoise = Statistics.median(level.indices.compactMap { j -> Double? in
        heightsByCell[j].count >= 3 ? Statistics.medianStandardError(heightsByCell[j], median: level[j]) : nil
    }) ?? 0
    let high = max(0, (Statistics.quantile(smoothed, 0.99) ?? 0) - 2.33 * 1.2533 * cellNoise / 3)
    var relief = TopRelief(lidHigh: high, spread: spread, raisedPart: part)
    // The lid's profile along each axis: its cells' mean level per column (along A) and per row
    // (along B), then a parabola through those means, read at the two sides.
    var columnSums = [Double](repeating: 0, count: columns), columnCounts = [Int](repeating: 0, count: columns)
    var rowSums = [Double](repeating: 0, count: rows), rowCounts = [Int](repeating: 0, count: rows)
    for j in level.indices where lidCells[j] && level[j].isFinite {
        columnSums[j % columns] += level[j]; columnCounts[j % columns] += 1
        rowSums[j / columns] += level[j]; rowCounts[j / columns] += 1
    }
    func profile(_ sums: [Double], _ counts: [Int], half: Double, reach: Double) -> (Double, Double)? {
        let samples = sums.indices.filter { counts[$0] > 0 }.map { k in
            (-half + (Double(k) + 0.5) * cell, sums[k] / Double(counts[k]))
        }
        guard samples.count >= 6, let fit = parabola(samples) else { return nil }
        // A side moves only where the bow is told apart from the lid's ripple: its drop at least
        // three standard errors of the parabola's value there.
        func drop(_ x: Double) -> Double {
            let d = top.height - (fit.curve[0] + fit.curve[1] * x + fit.curve[2] * x * x)
            return abs(d) >= 3 * fit.standardError(x) ? d : 0
        }
        return (drop(reach), drop(-reach))
    }
    if let (plus, minus) = profile(columnSums, columnCounts, half: halfA, reach: footprint.halfA) {
        relief.rimDrops[0] = plus; relief.rimDrops[1] = minus
    }
    if let (plus, minus) = profile(rowSums, rowCounts, half: halfB, reach: footprint.halfB) {
        relief.rimDrops[2] = plus; relief.rimDrops[3] = minus
    }
    return relief
}

/// The least-squares parabola `c0 + c1 x + c2 x²` through `samples` (x, y), with the standard
/// error of its value at any x (from the residuals' variance); nil when they do not fix one.
private func parabola(_ samples: [(Double, Double)]) -> (curve: [Double], standardError: (Double) -> Double)? {
    var m = [[Double]](repeating: [0, 0, 0], count: 3), r = [0.0, 0, 0]
    for (x, y) in samples {
        let powers = [1, x, x * x]
        for i in 0..<3 {
            r[i] += powers[i] * y
            for j in 0..<3 { m[i][j] += powers[i] * powers[j] }
        }
    }
    guard let curve = solve3(m, r) else { return nil }
    let residuals = samples.map { $0.1 - (curve[0] + curve[1] * $0.0 + curve[2] * $0.0 * $0.0) }
    let variance = residuals.reduce(0) { $0 + $1 * $1 } / Double(max(1, samples.count - 3))
    return (curve, { x in
        let at = [1, x, x * x]
        guard let v = solve3(m, at) else { return .infinity }
        return (variance * zip(at, v).reduce(0) { $0 + $1.0 * $1.1 }).squareRoot()
    })
}

extension CuboidFit {
    /// How far each silhouette side would move if the lid met it where its profile says
    /// (`TopRelief.rimDrops`): a ray that grazes the top crosses the lid's plane short of a rim
    /// lying under it, and reaches it `drop / (camera height above the top)` of its run farther
    /// on. The side is not moved: a lid's profile may as well be the sensor's low-frequency
    /// depth error, which leaves the silhouette where it is, so the move is the side's doubt (a
    /// rectangle of its size, `estimateUncertainty`). Metres, outward positive, +A, −A, +B, −B;
    /// 0 for sides found any other way. (Moving the sides brought the tuning seed's bowed lids
    /// from 80/78 to 98/96 % coverage, but it moved plain lids' sides by their ripple, and a
    /// side by a millimetre between two writings of one capture.)
    func silhouetteRimMoves(_ drops: [Double], camera: SIMD3<Double>, frame: FloorFrame,
                            topHeight: Double) -> [Double] {
        let local = frame.local(camera)
        let above = local.z - topHeight
        guard above > 0.05, drops.count == 4, edges.count == 4 else { return [0, 0, 0, 0] }
        let c = footprint.local(SIMD2(local.x, local.y))
        let halves = [footprint.halfA, footprint.halfA, footprint.halfB, footprint.halfB]
        let cameraOut = [c.x, -c.x, c.y, -c.y]
        return (0..<4).map { k -> Double in
            guard edges[k].method == .silhouette, drops[k].isFinite else { return 0 }
            return (halves[k] - cameraOut[k]) * drops[k] / above
        }
    }
}

/// The 8-connected groups of at least `minimumCells` of the grid cells `indices` (row-major,
/// `columns` wide, `cell` metres a side), as cell indices: radius-connected components of the
/// cells' centres within 1.5 cells (`NativeCloud.radiusComponents`, as `findTopRegions`).
private func connectedCells(_ indices: [Int], columns: Int, cell: Double,
                            minimumCells: Int) throws(DimensioningError) -> [[Int]] {
    guard indices.count >= minimumCells else { return [] }
    let centres = indices.map { j in SIMD3(Double(j % columns) * cell, Double(j / columns) * cell, 0) }
    let labels: [Int32], count: Int
    do {
        (labels, count) = try NativeCloud.radiusComponents(PointCloud(points: centres), tolerance: Float(1.5 * cell),
                                                           minSize: minimumCells, maxSize: Int(Int32.max))
    } catch { throw .internalFailure(reason: "raised parts: \(error.message)") }
    var groups = [[Int]](repeating: [], count: count)
    for (k, label) in labels.enumerated() where label >= 0 { groups[Int(label)].append(indices[k]) }
    return groups
}
