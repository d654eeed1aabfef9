import Foundation

/// A straight seam across a top: the line where two lids of one height meet.
struct TopSeam: Sendable, Equatable {
    /// The rectangle it was found across.
    var frame: Rectangle2D
    /// The seam runs along the frame's other axis, at `offset` metres from its centre along
    /// `axisA` (`acrossA`) or `axisB`.
    var acrossA: Bool
    var offset: Double
    /// The line's median dark-line response, grey levels.
    var contrast: Double
    /// Metres one colour image pixel spans there, at the top's level.
    var footprint: Double

    /// A point of the seam and its unit normal (floor coordinates).
    var point: SIMD2<Double> { frame.center + offset * normal }
    var normal: SIMD2<Double> { acrossA ? frame.axisA : frame.axisB }
}

/// The rectangles a top's seams are looked for across: its minimum-area rectangle, and the
/// bounding rectangle of its cells along each other direction (modulo 90 degrees, 3 apart) of
/// a hull edge at least `minimumSide` / 2 long. Cartons of different widths pressed together
/// make a top whose minimum-area rectangle may follow a diagonal of its hull, not their sides.
func seamFrames(_ region: TopRegion, outline: TopOutline, map: HeightMap, minimumSide: Double) -> [Rectangle2D] {
    let centres = region.cells.map { map.centre(ofCell: $0) }
    guard let hull = try? NativeCloud.convexHull2D(centres), hull.count >= 3 else { return [outline.rectangle] }
    func angle(_ d: SIMD2<Double>) -> Double { // modulo 90 degrees, 0..<pi/2
        let a = atan2(d.y, d.x).truncatingRemainder(dividingBy: .pi / 2)
        return a < 0 ? a + .pi / 2 : a
    }
    func apart(_ a: Double, _ b: Double) -> Double { let d = abs(a - b); return min(d, .pi / 2 - d) }
    var angles = [angle(outline.rectangle.axisA)]
    var frames = [outline.rectangle]
    for (k, p) in hull.enumerated() {
        let edge = hull[(k + 1) % hull.count] - p
        guard length(edge) >= minimumSide / 2 else { continue }
        let a = angle(edge)
        guard !angles.contains(where: { apart($0, a) < 3 * Double.pi / 180 }) else { continue }
        angles.append(a)
        let axis = SIMD2(cos(a), sin(a)), other = SIMD2(-axis.y, axis.x)
        let along = centres.map { dot($0, axis) }, across = centres.map { dot($0, other) }
        let lo = SIMD2(along.min()!, across.min()!), hi = SIMD2(along.max()!, across.max()!)
        let mid = (lo + hi) / 2, half = (hi - lo) / 2 + map.cellSize / 2
        frames.append(Rectangle2D(center: mid.x * axis + mid.y * other, axisA: axis, halfA: half.x, halfB: half.y))
    }
    return frames
}

/// The strongest seam across `region`'s top in the colour image, looked for across each of
/// `frames` (`seamFrames`), if any is at least
/// `minimumContrast` grey levels: a thin dark line (the shadowed gap between two lids) running
/// the whole way across the top, each side of it at least `minimumSide` metres long.
///
/// A dark-line detector along each candidate line (every image pixel's step across the top,
/// both axes): at each sample `p` the response is `min(L(p − d n), L(p + d n)) − min_{|t| ≤ w}
/// L(p + t n)`, darker than both sides (a step edge, such as tape's, answers only on its darker
/// side, so not at all), with `d` = 5 and `w` = 2 image pixels (a seam a pixel or two wide, not
/// quite parallel to the rectangle's side). Samples count only where the top is seen on both
/// sides (a cell of `region` between `d` and 4 cm from `p` each way: stereo depth leaves the gap
/// between two lids a band of unflat cells); the line's response is their median, so print, a
/// barcode or a label covering less than half the line does not make a seam. Lines with fewer
/// samples than half the top's width are skipped.
func strongestSeam(_ frames: [Rectangle2D], region: TopRegion, map: HeightMap, image: SeamImage, minimumSide: Double,
                   minimumContrast: Double) -> TopSeam? {
    let inRegion = Set(region.cells)
    var best: TopSeam?
    for frame in frames {
        if let seam = strongestSeam(frame, inRegion: inRegion, level: region.level, map: map, image: image,
                                    minimumSide: minimumSide, minimumContrast: minimumContrast),
           seam.contrast > best?.contrast ?? -.infinity {
            best = seam
        }
    }
    return best
}

/// The strongest seam across `rectangle` (see above); `inRegion` holds the top's cells.
func strongestSeam(_ rectangle: Rectangle2D, inRegion: Set<Int>, level: Double, map: HeightMap, image: SeamImage,
                   minimumSide: Double, minimumContrast: Double) -> TopSeam? {
    func onTop(_ q: SIMD2<Double>) -> Bool { map.cellIndex(q).map { inRegion.contains($0) } ?? false }
    let pixel = image.footprint(rectangle.center, height: level)
    guard pixel.isFinite, pixel > 0 else { return nil }
    let d = 5 * pixel, w = 2 * pixel
    // The top seen on one side of `p` along `direction`: a cell of the region between `d` and
    // `reach` away (the stereo-smeared gap between two lids leaves a few centimetres unflat).
    let reach = max(d, 0.04)
    func topBeside(_ p: SIMD2<Double>, _ direction: SIMD2<Double>) -> Bool {
        stride(from: d, through: reach, by: map.cellSize).contains { onTop(p + $0 * direction) }
    }
    var best: TopSeam?
    for acrossA in [true, false] {
        let n = acrossA ? rectangle.axisA : rectangle.axisB, m = acrossA ? rectangle.axisB : rectangle.axisA
        let half = acrossA ? rectangle.halfA : rectangle.halfB, span = acrossA ? rectangle.halfB : rectangle.halfA
        guard half - minimumSide > 0 else { continue }
        let steps = Int(((half - minimumSide) / pixel).rounded(.down)), across = Int((span / pixel).rounded(.down))
        guard across >= 2 else { continue }
        for k in -steps...steps {
            let u = Double(k) * pixel
            var responses: [Double] = []
            for j in -across...across {
                let p = rectangle.center + u * n + Double(j) * pixel * m
                guard topBeside(p, -n), topBeside(p, n),
                      let before = image.luma(p - d * n, height: level), let after = image.luma(p + d * n, height: level)
                else { continue }
                var darkest = Double.infinity
                for t in stride(from: -w, through: w + 1e-9, by: pixel / 2) {
                    if let l = image.luma(p + t * n, height: level) { darkest = min(darkest, l) }
                }
                responses.append(min(before, after) - darkest)
            }
            guard responses.count >= across, let median = Statistics.median(responses), median >= minimumContrast,
                  median > best?.contrast ?? -.infinity else { continue }
            best = TopSeam(frame: rectangle, acrossA: acrossA, offset: u, contrast: median, footprint: pixel)
        }
    }
    return best
}

/// A seam a top was cut along, as one of the pieces sees it (floor coordinates, metres).
struct SeamLine: Sendable, Equatable {
    /// A point of the seam.
    var point: SIMD2<Double>
    /// Unit normal pointing out of the piece across the seam.
    var outward: SIMD2<Double>
    /// The seam's dark-line response, grey levels (`TopSeam.contrast`).
    var contrast: Double
    /// Metres one colour image pixel spans along it (`TopSeam.footprint`): the scale it was
    /// found at, often finer than the depth's.
    var footprint: Double
}

/// One top of a scene once cut along its seams: its region, outline and the seams it borders.
struct TopPiece: Sendable {
    var region: TopRegion
    var outline: TopOutline
    var seams: [SeamLine]
    /// Whether a colour image was searched for seams across it.
    var searched: Bool
}

/// The tops `region` holds once cut along the seams the colour image shows (`strongestSeam`,
/// again on each piece, at most `maximumDepth` cuts deep). `region` itself, uncut, when no seam
/// is seen or no image is given.
func cutAtSeams(_ region: TopRegion, outline: TopOutline, map: HeightMap, scene: FusedScene, image: SeamImage?,
                minimumSide: Double, parameters: SceneParameters, seams: [SeamLine] = [],
                maximumDepth: Int = 4) -> [TopPiece] {
    let uncut = [TopPiece(region: region, outline: outline, seams: seams, searched: image != nil)]
    guard let image, maximumDepth > 0,
          let seam = strongestSeam(seamFrames(region, outline: outline, map: map, minimumSide: minimumSide), region: region,
                                   map: map, image: image, minimumSide: minimumSide,
                                   minimumContrast: parameters.seamContrast) else { return uncut }
    let n = seam.normal, point = seam.point
    var sides: [[Int]] = [[], []]
    for cell in region.cells {
        sides[dot(map.centre(ofCell: cell) - point, n) < 0 ? 0 : 1].append(cell)
    }
    var pieces: [TopPiece] = []
    for (k, cells) in sides.enumerated() {
        let piece = TopRegion(cells: opened(cells, map: map), map: map)
        guard let pieceOutline = TopOutline(piece, map: map, scene: scene, stepTolerance: parameters.stepTolerance) else {
            return uncut // a side too thin to outline: not a seam between two lids
        }
        let line = SeamLine(point: point, outward: k == 0 ? n : -n, contrast: seam.contrast, footprint: seam.footprint)
        pieces += cutAtSeams(piece, outline: pieceOutline, map: map, scene: scene, image: image, minimumSide: minimumSide,
                             parameters: parameters, seams: seams + [line], maximumDepth: maximumDepth - 1)
    }
    return pieces
}

/// `cells` opened by one cell (8-neighbourhood: eroded, then grown back within `cells`): a strip
/// a cell or two wide along the cut, such as a wider neighbour's side face seen past the seam's
/// end, falls away, and the piece keeps its own outline. Ascending.
func opened(_ cells: [Int], map: HeightMap) -> [Int] {
    let member = Set(cells)
    func neighbours(_ cell: Int) -> [Int] {
        let c = cell % map.columns, r = cell / map.columns
        var out: [Int] = []
        for dr in -1...1 {
            for dc in -1...1 where dr != 0 || dc != 0 {
                let nc = c + dc, nr = r + dr
                if nc >= 0, nr >= 0, nc < map.columns, nr < map.rows { out.append(nr * map.columns + nc) }
            }
        }
        return out
    }
    let core = cells.filter { cell in neighbours(cell).allSatisfy { member.contains($0) } }
    var kept = Set(core)
    for cell in core { for n in neighbours(cell) where member.contains(n) { kept.insert(n) } }
    return kept.sorted()
}

/// `rectangle` with each side that lies along one of `seams` (parallel within 10 degrees, within
/// `reach` metres) moved onto the seam, and which seam each side (+A, −A, +B, −B) now lies on.
/// The seam is where two lids meet, seen to a pixel in the colour image; the top's cells stop a
/// few millimetres either side of it, where depth blurs the gap.
func snappedToSeams(_ rectangle: Rectangle2D, seams: [SeamLine], reach: Double = 0.03) -> (Rectangle2D, [SeamLine?]) {
    let outward = [rectangle.axisA, -rectangle.axisA, rectangle.axisB, -rectangle.axisB]
    var extent = [rectangle.halfA, rectangle.halfA, rectangle.halfB, rectangle.halfB] // along each outward normal
    var on: [SeamLine?] = [nil, nil, nil, nil]
    let parallel = cos(10 * Double.pi / 180)
    for side in 0..<4 {
        let best = seams.filter { dot($0.outward, outward[side]) >= parallel }
            .map { ($0, dot($0.point - rectangle.center, outward[side])) }
            .filter { abs($0.1 - extent[side]) <= reach }
            .min { abs($0.1 - extent[side]) < abs($1.1 - extent[side]) }
        if let (seam, position) = best {
            extent[side] = position
            on[side] = seam
        }
    }
    let (snapped, swapped) = resized(rectangle, extents: extent)
    return (snapped, swapped ? Rectangle2D.swappedSides(on) : on)
}

/// The rectangle whose sides (+A, −A, +B, −B) lie `extents` metres out from `rectangle`'s
/// centre along its axes, with its length along `axisA` again, and whether that swapped its
/// axes (`Rectangle2D.swappedSides`).
func resized(_ rectangle: Rectangle2D, extents: [Double]) -> (Rectangle2D, swapped: Bool) {
    let shiftA = (extents[0] - extents[1]) / 2, shiftB = (extents[2] - extents[3]) / 2
    let moved = Rectangle2D(center: rectangle.center + shiftA * rectangle.axisA + shiftB * rectangle.axisB,
                            axisA: rectangle.axisA, halfA: max(0, (extents[0] + extents[1]) / 2),
                            halfB: max(0, (extents[2] + extents[3]) / 2))
    return moved.halfA >= moved.halfB ? (moved, false) : (moved.normalized(), true)
}
