import Foundation

/// The surface the object stands on, when it is not the view's floor: a table's top, a shelf,
/// a conveyor.
///
/// The view's floor (`fitFloor`) is the largest plane with little below it; a box on a table has
/// the room's floor in view past the table's edge, larger than the table, and the table with the
/// box on it then stands on that floor as one object. What the box stands on is what is seen
/// right beside its top on every side. So:
///
/// 1. the object's top: its points within 3 cm of its highest level (the 99th percentile of its
///    heights: a box on a table is a small part of the table's cluster), and their extent seen from
///    above, in the top's own orientation (the minimum-area rectangle of their hull);
/// 2. the ring around that extent, from 3 to 10 cm out, beside its corners too (what the box stands
///    on is right beside its foot; a table's edge, and the room's floor past it, are usually
///    farther): every point in it lower than the top, at any height, another object's too, each
///    beside one of the top's four sides, except a point seen beneath a surface
///    (`PlanHeights.seenBeneath`: its line of sight passes under points seen around the object, as
///    the room's floor is seen under a table's top through the gap past the table's near edge, in
///    the shadow of the box on it): that is under something, not beside the object's foot;
/// 3. the highest level (2-cm bins, a bin with its two neighbours) that runs under the object: seen
///    along two sides more than show only something lower, the level all but absent there (seen
///    along: `minimumPointsPerSide` points beside the side itself, within its span, as a lower
///    neighbour pressed against one side reaches past that side's corners, never along the next
///    sides; all but absent: a quarter of that), and a fifth of what the ring shows at that level
///    or lower. A lower neighbour is seen along one side; two lower ones either side of the object
///    along two, with the floor along the others (the far side may be hidden behind the object). A
///    table's top, a pallet's deck or a conveyor runs on along every side it is seen beside, the
///    room's floor past its edge along one side at most, and through the gaps between a deck's
///    boards along the same sides as the deck. With no side showing only something lower, a level
///    seen along one side and beside the corners of another will do (a table's top, the object's
///    far sides hidden behind it). When that level is the view's floor, or none is seen, the object
///    stands on the view's floor. Read as the median of the ring's heights within 3 cm of that bin;
/// 4. when that level is more than `minimumRise` above the view's floor and the object shows
///    nothing of itself lower down under its top (more than 2 cm or three of the level's robust
///    standard deviations under it; 0.2 % of its points at most, stray pixels: a laptop's screen
///    beside a carton, or a box beside a lower one, goes on down to the floor; a box on a table
///    stops at it, and nothing under the table's top is seen) where the level itself is not seen
///    beside it (ring points at the level within half the ring's reach along the same side: what
///    a sweep fuses into a deck's gaps at a box's foot has the deck beside it, 10-18 per mille of
///    a blurring LiDAR's box on the tuning pallet split, none of it its own; a taller box's face
///    going on down beside a lower neighbour has the floor beside it, 200 per mille of a
///    held-out stereo pair, fixed seed 5077, scenario 59), the plane through the ring's points
///    within 3 cm of it (PCL RANSAC, within 10° of the floor's normal) is the support, oriented
///    like the floor, provided 70 % of those points lie on it (a level through something upright, a
///    laptop's screen or a wall, is a slice, not a surface).
///
/// - Returns: nil when the object stands on the view's floor (or nothing clear is seen around
///   its top); otherwise the support as a floor fit (`inlierShare` is the share of the ring's
///   points at that level).
func supportAround(_ scene: FusedScene, floor: FloorFit, box: BoxSegment, parameters: FloorParameters,
                   minimumRise: Double = 0.05, minimumPointsPerSide: Int = 10) -> FloorFit? {
    let frame = box.floorFrame
    guard let seen = objectTop(scene, box: box), seen.level > 2 * minimumRise else { return nil }
    let top = seen.level, extent = seen.extent
    let reach = 0.10
    // How far a floor-frame point (x, y) lies past the extent's sides along A and along B.
    func past(_ x: Double, _ y: Double) -> (xy: SIMD2<Double>, beyond: SIMD2<Double>) {
        let xy = extent.local(SIMD2(x, y))
        return (xy, SIMD2(Swift.abs(xy.x) - extent.halfA, Swift.abs(xy.y) - extent.halfB))
    }
    // The side a point lies beside (the pair it lies farther past) and where along that side
    // (metres from the extent's centre): from `past`'s local position and distances past.
    func beside(_ xy: SIMD2<Double>, _ beyond: SIMD2<Double>) -> (side: Int, along: Double) {
        beyond.x >= beyond.y ? (xy.x > 0 ? 1 : 0, xy.y) : (xy.y > 0 ? 3 : 2, xy.x)
    }
    // Points beside the top, by 2-cm level and by side (0: -A, 1: +A, 2: -B, 3: +B): all of them,
    // and those beside the side itself, within its span, not beside a corner.
    var counts: [Int: [Int]] = [:], along: [Int: [Int]] = [:]
    var ring: [(point: SIMD3<Double>, height: Double, side: Int, along: Double)] = []
    // For an organised capture's lines of sight: the reference camera in the floor frame, and
    // the heights seen around the object.
    let sight = scene.pixelIndex == nil ? nil
        : (camera: frame.local(scene.cameraPosition), around: PlanHeights(scene, frame: frame, extent: extent, top: top))
    // Every point counts, another object's too: on the view's floor, a table is an object.
    for i in 0..<scene.pointsInWorld.count {
        let q = frame.local(scene.pointsInWorld[i])
        guard q.z >= -0.05, q.z <= top - 0.03 else { continue }
        let (xy, beyond) = past(q.x, q.y)
        // 3 cm or more past the extent, and within `reach` of it: beside a corner too, no
        // farther than beside a side. The side is the pair it lies farther past.
        guard max(beyond.x, beyond.y) > 0.03, extent.distance(to: SIMD2(q.x, q.y)) <= reach else { continue }
        // Seen beneath a surface (the room's floor under a table's top, through the gap past
        // the table's near edge): under something, not beside the object's foot.
        if let sight, sight.around.seenBeneath(q, from: sight.camera) { continue }
        let (side, position) = beside(xy, beyond)
        let bin = Int((q.z / 0.02).rounded())
        counts[bin, default: [0, 0, 0, 0]][side] += 1
        if min(beyond.x, beyond.y) <= 0 { along[bin, default: [0, 0, 0, 0]][side] += 1 }
        ring.append((scene.pointsInWorld[i], q.z, side, position))
    }
    guard !ring.isEmpty else { return nil }
    // What a level (with its neighbours) shows beside each side, and below it.
    func perSide(_ bin: Int, in table: [Int: [Int]]) -> [Int] {
        var sides = [0, 0, 0, 0]
        for b in (bin - 1)...(bin + 1) { for s in 0..<4 { sides[s] += table[b]?[s] ?? 0 } }
        return sides
    }
    func below(_ bin: Int, in table: [Int: [Int]]) -> [Int] {
        var sides = [0, 0, 0, 0]
        for (b, levels) in table where b < bin - 1 { for s in 0..<4 { sides[s] += levels[s] } }
        return sides
    }
    // The highest level that runs under the object: seen along two sides more than show only
    // something lower. A lower neighbour is seen along one side; two lower neighbours either
    // side of the object, with the floor along a third side and the fourth hidden behind the
    // object, are not what it stands on; a deck seen along three sides, with the room's floor
    // past its end along the fourth, is.
    var chosen: Int?
    for bin in counts.keys.sorted(by: >) {
        let here = perSide(bin, in: along), lower = below(bin, in: along)
        let seen = (0..<4).filter { here[$0] >= minimumPointsPerSide }
        // A side shows only something lower when the level is all but absent along it (a few of
        // its points: a far side mostly hidden behind the object, a gap between boards).
        let lowerOnly = (0..<4).filter { here[$0] * 4 < minimumPointsPerSide && lower[$0] >= minimumPointsPerSide }
        // Or seen along one side and beside the corners of another, with no side showing only
        // something lower: a table seen past one side, the others hidden behind the object or
        // showing the table only beyond their corners.
        let besideAll = perSide(bin, in: counts)
        let besideCorners = besideAll.filter { $0 >= minimumPointsPerSide }.count
        guard seen.count >= lowerOnly.count + 2 || (lowerOnly.isEmpty && !seen.isEmpty && besideCorners >= 2) else { continue }
        // Not a scatter of stray heights: a fifth of what is seen beside the object at this
        // level or lower.
        let levelCount = besideAll.reduce(0, +)
        guard levelCount * 5 >= levelCount + below(bin, in: counts).reduce(0, +) else { continue }
        chosen = bin
        break
    }
    guard let chosen else { return nil }
    // The level itself: the median of the ring's heights within a bin of the chosen one (a bin
    // and its neighbours span 6 cm; the table's own heights, with a ToF camera's noise, may
    // lie in the lower of them), and how far they scatter about it.
    let atLevel = ring.map(\.height).filter { abs($0 - Double(chosen) * 0.02) <= 0.03 }
    let level = Statistics.median(atLevel) ?? Double(chosen) * 0.02
    let scatter = Statistics.robustSigma(atLevel) ?? 0
    guard level > minimumRise else { return nil }
    // The object ends there: none of it is seen lower down under its top (a laptop's screen
    // beside a carton goes on down to the floor; a box on a table stops at the table), beyond
    // 2 cm or three times the level's scatter (the table's own noisy heights beside its foot),
    // except where the level itself is seen beside it: within half the ring's reach along the
    // same side, 3 cm or more out. A face going on down is seen where nothing at that level
    // stands in front of it; what lies under a deck at a box's foot is seen through a gap
    // between boards, with the deck beside it.
    var levelAlong = [[Double]](repeating: [], count: 4)
    for entry in ring where abs(entry.height - level) <= 0.03 { levelAlong[entry.side].append(entry.along) }
    levelAlong = levelAlong.map { $0.sorted() }
    func levelBeside(_ side: Int, _ along: Double) -> Bool {
        let stretch = levelAlong[side]
        var low = 0, high = stretch.count
        while low < high { let mid = (low + high) / 2; if stretch[mid] < along - reach / 2 { low = mid + 1 } else { high = mid } }
        return low < stretch.count && stretch[low] <= along + reach / 2
    }
    var under = 0
    for (k, i) in box.pointIndices.enumerated() where box.heights[k] < level - max(0.02, 3 * scatter) {
        let q = frame.local(scene.pointsInWorld[i])
        let (xy, beyond) = past(q.x, q.y)
        guard max(beyond.x, beyond.y) <= 0.03 else { continue }
        let (side, position) = beside(xy, beyond)
        if !levelBeside(side, position) { under += 1 }
    }
    guard under * 500 <= box.pointIndices.count else { return nil }
    var cloud = PointCloud()
    for entry in ring where abs(entry.height - level) <= 0.03 { cloud.append(entry.point) }
    guard cloud.count >= 50 else { return nil }
    // A surface, not a slice of something upright (a laptop's screen, a wall): most of the level's
    // points lie on the plane.
    guard let fit = planeLike(floor, through: cloud, minimumInliers: 30, parameters: parameters),
          fit.inliers * 10 >= cloud.count * 7 else { return nil }
    return FloorFit(plane: fit.plane, inlierCount: fit.inliers, inlierShare: Double(fit.inliers) / Double(ring.count),
                    rms: fit.rms, usedGravity: floor.usedGravity)
}

/// The top of the object `box` as seen from above: its level (the 99th percentile of its
/// heights above the floor, metres: a box on a table is a small part of the table's cluster),
/// its points within 3 cm of that level (indices into `FusedScene.pointsInWorld`), and their
/// extent in the top's own orientation (the minimum-area rectangle of their hull, floor frame:
/// an extent along the floor frame's axes reaches past a turned box's corners by up to 40 % of
/// its size). Nil for an object of fewer than 20 points, or a top of fewer than 20.
func objectTop(_ scene: FusedScene, box: BoxSegment) -> (level: Double, indices: [Int], extent: Rectangle2D)? {
    guard box.heights.count >= 20, let level = Statistics.lowerRankQuantile(box.heights, 0.99) else { return nil }
    var indices: [Int] = [], core: [SIMD2<Double>] = []
    for (k, i) in box.pointIndices.enumerated() where box.heights[k] >= level - 0.03 {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        indices.append(i)
        core.append(SIMD2(q.x, q.y))
    }
    guard core.count >= 20 else { return nil }
    return (level, indices, minimumAreaRectangle(points: core) ?? axisAlignedExtent(core))
}

/// The axis-aligned rectangle around `points` (floor frame, metres): the top's extent when no
/// hull can be had.
private func axisAlignedExtent(_ points: [SIMD2<Double>]) -> Rectangle2D {
    var low = SIMD2<Double>(repeating: .infinity), high = SIMD2<Double>(repeating: -.infinity)
    for p in points { low = pointwiseMin(low, p); high = pointwiseMax(high, p) }
    return Rectangle2D(center: (low + high) / 2, axisA: SIMD2(1, 0), halfA: (high.x - low.x) / 2, halfB: (high.y - low.y) / 2)
}
