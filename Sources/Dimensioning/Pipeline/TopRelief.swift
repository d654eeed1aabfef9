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
    /// How far the highest group of touching lid cells too small to be a raised part (at least
    /// two cells, under `RaisedPartParameters.minimumArea`) reaches above the lid's plane, metres
    /// (its highest cell; 0 when no two touching cells rise a step above the plane). One cell
    /// that high is the lid's noise: the step is where the highest of the lid's cells reaches by
    /// noise alone. Two touching ones are not, and the 3 × 3 medians behind `lidHigh` erase
    /// them: a narrow handle seen in a few cells (fixed 4243, `--irregular-tops`, scenario 104:
    /// a 25-mm handle 12.6 mm high: nine cells, their median 9.3 mm up; cells along its edges
    /// blend it with the lid, so the highest cell, not their median, says how far it may reach).
    public var narrowRise: Double = 0
    /// Per side (+A, −A, +B, −B of the footprint), how far below the lid's plane the lid meets
    /// that side, metres (negative above): its profile across the lid (its points' heights
    /// along the axis, a least-squares parabola) carried out to the side, its slope left out,
    /// so both sides of an axis carry the same drop. A lid
    /// bowed up by `r` as `r (1 − u²)(1 − v²)` meets its sides `4r/9` under its plane; a flat
    /// one at it. The lid's own samples at the side are not used: there a sensor's edge band
    /// and fattening stand in for the lid.
    public var rimDrops: [Double] = [0, 0, 0, 0]
    /// The standard error of each of `rimDrops` (the parabola's value at the side, from the
    /// scatter of the lid's points about it, as if independent: the sensor's correlated error is
    /// `SensorClassPriors.lidProfile`'s), metres; 0 where no profile was fitted.
    public var rimDropErrors: [Double] = [0, 0, 0, 0]
    /// Per axis (A, then B), the curvature of the lid's profile along it: the `c2` of its
    /// parabola `c0 + c1 x + c2 x²` (x in metres from the footprint's centre), 1/m, negative for
    /// a lid bowed up; 0 where no profile was fitted. How far the lid falls between two rows
    /// near a side (`lipFalls`).
    public var bowCurvatures: [Double] = [0, 0]
    /// Per axis (A, then B), the slope of the lid's profile at the footprint's centre: the `c1`
    /// of the same parabola (metres per metre, rising toward +A or +B); 0 where no profile was
    /// fitted. With `bowCurvatures`, the lid's slope anywhere along the axis and its crown,
    /// `−c1 / (2 c2)` (`CuboidFit.silhouetteRimMoves`: a rim hidden behind the crown).
    public var bowSlopes: [Double] = [0, 0]
    /// How far the height was raised to a bowed lid's crown, and what is left in doubt about it
    /// (`TopRelief.crown(lidProfile:)`); nil until the pipeline decides it, and with a raised part.
    public var crown: LidCrown? = nil
    /// How far a lid that leans (`LidLean.isFlatLean`) rises at the footprint's highest corner
    /// above its level at the footprint's centre, metres (>= 0; 0 for a level lid). The relief
    /// above is measured about the leaning plane.
    public var leanRise: Double = 0
    /// Where a leaning lid's level at the footprint's centre lies above the top's plane
    /// (`TopFaceFit.height`), metres (either sign; 0 for a level lid): the top's RANSAC slab may
    /// hold any part of a lean (tuning seed 2026, `--leaning-lids`, scenario 25: 1.9 mm under
    /// the lid's middle).
    public var leanLevel: Double = 0
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
    /// is the sensor's, not a handle: no level to measure to, though the height's uncertainty
    /// reaches it (`TopRelief.narrowRise`: U 20 → 39 mm there, the box roughly 210 mm high).
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
/// With `lean` (a flat lid that leans, `CuboidFit.lean`), heights are taken about the leaning
/// plane, so the lean is neither relief nor bow, and `TopRelief.leanRise` says how far it rises
/// against `surface` (`FloorNearBox.surface`: the surface's own lean around the box). A lean
/// that rises across the lid by no more than the level lid's foreground band (at least 6 mm,
/// `foregroundBand`) is its relief here, as it was before leans that small were counted for the
/// edges: level simulated lids under a blurring sensor lean 2-4 mm by the sensor alone, and
/// raised half-way (`TopRelief.enclosingRise`), their heights went 1.5-2 mm further off
/// (held-out family on a pallet's deck, seed 3313: coverage of heights 93 → 92 %). The edges
/// take the lean in whole: where the lid's plane lies is geometry; whether one end is crushed is
/// a hypothesis the capture cannot test, worth its half-rise only above the sensor's own.
///
/// - Returns: nil when the footprint is too small to hold a cell clear of its sides.
/// - Throws: `internalFailure` when the native clustering fails.
public func measureTopRelief(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, footprint: Rectangle2D,
                             pixelFootprint: Double, lean: LidLean? = nil, surface: LidLean? = nil,
                             parameters: RaisedPartParameters = .init())
    throws(DimensioningError) -> TopRelief? {
    let lean = lean.flatMap { 2 * $0.levelAndHighCorner(over: footprint, surface: surface).highCorner > foregroundBand(rms: top.rms) ? $0 : nil }
    let cell = max(0.01, 2 * pixelFootprint)
    let margin = max(0.015, 3 * pixelFootprint)
    let halfA = footprint.halfA - margin, halfB = footprint.halfB - margin
    guard halfA > cell, halfB > cell, cell.isFinite else { return nil }
    let columns = Int((2 * halfA / cell).rounded(.up)), rows = Int((2 * halfB / cell).rounded(.up))
    guard columns * rows <= 1 << 20 else { return nil }
    var heightsByCell = [[Double]](repeating: [], count: columns * rows)
    var inside: [(position: SIMD2<Double>, height: Double, cell: Int)] = []
    for (k, i) in box.pointIndices.enumerated() {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        let p = footprint.local(SIMD2(q.x, q.y))
        let height = box.heights[k] - (lean?.rise(at: SIMD2(q.x, q.y)) ?? 0)
        guard abs(p.x) < halfA, abs(p.y) < halfB, height.isFinite else { continue }
        let c = min(columns - 1, Int((p.x + halfA) / cell)), r = min(rows - 1, Int((p.y + halfB) / cell))
        heightsByCell[r * columns + c].append(height)
        inside.append((p, height, r * columns + c))
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
    if let lean { (relief.leanLevel, relief.leanRise) = lean.levelAndHighCorner(over: footprint, surface: surface) }
    // Groups of touching cells a step above the plane that were too small for a raised part.
    let narrow = level.indices.filter { lidCells[$0] && level[$0] > top.height + step }
    for group in try connectedCells(narrow, columns: columns, cell: cell, minimumCells: 2) {
        relief.narrowRise = max(relief.narrowRise, (group.map { level[$0] }.max() ?? top.height) - top.height)
    }
    // The lid's profile along each axis: a least-squares parabola through its points' heights
    // against their distance along that axis, read at the two sides. Each point weighs one over
    // its cell's count, so every cell of lid counts alike (a camera sees the near part of a lid
    // denser, and a lid tilted across the axis would otherwise bend the profile along it).
    // Points and not cells' medians: a median jumps when one point crosses into the next cell,
    // and a capture written twice (its points moved by a float's rounding) would move its
    // sides. The cells of a raised part are no lid, nor are cells a step or more under the
    // plane (a recess's floor, which a bow does not reach: a lid bowed up by r meets its sides
    // 4r/9 under its plane, about two of the cells' robust deviations, and a step is at least
    // three).
    let onLid = inside.filter { lidCells[$0.cell] && level[$0.cell].isFinite && level[$0.cell] > top.height - step }
    for (axis, sides, half) in [(0, 0, halfA), (1, 2, halfB)] {
        // Least squares, then again without the points more than three robust deviations off
        // the first fit (a flying pixel, a mixed pixel at the lid's edge).
        let samples = onLid.map { (x: $0.position[axis], y: $0.height, weight: 1 / Double(heightsByCell[$0.cell].count)) }
        guard samples.count >= 20, let first = parabola(samples) else { continue }
        let residuals = samples.map { $0.y - first.value(at: $0.x) }
        let sigma = Statistics.robustSigma(residuals) ?? .infinity
        let kept = zip(samples, residuals).filter { abs($0.1) <= 3 * sigma }.map(\.0)
        guard kept.count >= 20, let fit = parabola(kept) else { continue }
        // The bow's part of the drop, the same at both sides: the lid's plane over the
        // parabola's level and curvature there. Its slope is left out: a bow is symmetric, and a
        // lid tilted against the floor is the sensor's depth error (which moves no silhouette)
        // far more often than a box standing askew.
        let reach = half + margin
        let d = top.height - (fit.coefficients[0] + fit.coefficients[2] * reach * reach)
        let error = fit.standardError([1, 0, reach * reach])
        if fit.coefficients[2].isFinite, fit.coefficients[1].isFinite {
            relief.bowCurvatures[axis] = fit.coefficients[2]
            relief.bowSlopes[axis] = fit.coefficients[1]
        }
        for side in [sides, sides + 1] {
            guard d.isFinite, error.isFinite else { continue }
            relief.rimDrops[side] = d
            relief.rimDropErrors[side] = error
        }
    }
    return relief
}

/// A parabola `c0 + c1 x + c2 x²` fitted by `parabola(_:)`, with the standard error of any
/// linear combination `a · c` of its coefficients (`a` given).
private struct Parabola {
    /// c0, c1, c2.
    var coefficients: [Double]
    var standardError: ([Double]) -> Double

    func value(at x: Double) -> Double { coefficients[0] + coefficients[1] * x + coefficients[2] * x * x }
}

/// The weighted least-squares parabola through `samples` (x, y, weight), taking the weights'
/// sum as the number of independent samples for its standard errors (its residuals' weighted
/// variance times the inverse of the weighted normal matrix); nil when they do not fix one.
private func parabola(_ samples: [(x: Double, y: Double, weight: Double)]) -> Parabola? {
    var m = [[Double]](repeating: [0, 0, 0], count: 3), r = [0.0, 0, 0]
    var total = 0.0
    for (x, y, w) in samples {
        let powers = [1, x, x * x]
        for i in 0..<3 {
            r[i] += w * powers[i] * y
            for j in 0..<3 { m[i][j] += w * powers[i] * powers[j] }
        }
        total += w
    }
    guard let coefficients = solve3(m, r) else { return nil }
    var fit = Parabola(coefficients: coefficients, standardError: { _ in .infinity })
    let squares = samples.reduce(0.0) { sum, s in
        let e = s.y - fit.value(at: s.x)
        return sum + s.weight * e * e
    }
    let variance = squares / max(1, total - 3)
    fit.standardError = { at in
        guard let v = solve3(m, at) else { return .infinity }
        return (variance * zip(at, v).reduce(0) { $0 + $1.0 * $1.1 }).squareRoot()
    }
    return fit
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
