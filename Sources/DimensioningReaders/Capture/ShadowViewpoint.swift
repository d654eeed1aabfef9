import Dimensioning
import Foundation

/// Estimates where the sensor of a world-frame point cloud was, from the shadow the box casts
/// on the floor (internal; `CloudOrientation`).
///
/// A single depth view sees no floor behind the box: the empty region on the floor beyond the
/// box is the box's shadow as seen from the sensor. Candidate sensor positions (azimuth,
/// elevation and distance around the box's top centre) each predict a shadow: the floor cells
/// whose ray to the sensor passes through the box (a cuboid: its top rectangle, fitted to the
/// highest points, at its height over the floor). The position whose predicted shadow best
/// overlaps the observed empty cells (intersection over union, 2 cm cells, only cells with
/// visible floor farther out in the same direction, so the edge of the view is not a shadow)
/// is kept: a coarse search (5°, elevations 25-85°, 4 distances) refined around its best (1°, 1°,
/// -20...+25 %; elevation at least 20°: a dimensioning camera looks down at the box).
/// The grid is aligned with the box's fitted rectangle, so the estimate does not depend on the
/// input's axes. Metres; nil when no shadow explains the empty
/// floor (overlap under 0.35) or there is no box.
enum ShadowViewpoint {
    static let cell = 0.02

    static func estimate(_ points: PointCloud, floor: Plane, target: SIMD3<Double>) -> SIMD3<Double>? {
        let frame = FloorFrame(floor: floor)
        let t = frame.local(target)
        let center2 = SIMD2(t.x, t.y)
        // The object at the target: points standing within 0.6 m of it.
        var near: [SIMD3<Double>] = []
        var floorPoints: [SIMD2<Double>] = [], others: [SIMD2<Double>] = []
        for i in 0..<points.count {
            let q = frame.local(points[i])
            let p = SIMD2(q.x, q.y)
            if abs(q.z) <= 0.015 { floorPoints.append(p); continue }
            guard q.z > 0.015, q.z < 1.5 else { continue }
            if length(p - center2) < 0.6 { near.append(q) } else { others.append(p) }
        }
        guard near.count >= 50, near.allSatisfy({ abs($0.x) < 1e4 && abs($0.y) < 1e4 && abs($0.z) < 1e4 }) else { return nil }
        let cloud = PointCloud(points: near)
        guard let (labels, count) = try? NativeCloud.radiusComponents(cloud, tolerance: 0.02, minSize: 20, maxSize: Int(Int32.max)),
              count > 0 else { return nil }
        var nearest = -1, best = Double.infinity
        for (i, label) in labels.enumerated() where label >= 0 {
            let d = length(SIMD2(near[i].x, near[i].y) - center2)
            if d < best { best = d; nearest = Int(label) }
        }
        guard nearest >= 0 else { return nil }
        var box: [SIMD3<Double>] = []
        for (i, label) in labels.enumerated() {
            if Int(label) == nearest { box.append(near[i]) } else { others.append(SIMD2(near[i].x, near[i].y)) }
        }
        var heights = box.map(\.z)
        heights.sort()
        let top = heights[Int(Double(heights.count - 1) * 0.98)]
        let band = box.filter { $0.z > top - 0.015 }.map { SIMD2($0.x, $0.y) }
        guard band.count >= 10, let rect = minimumAreaRectangle(points: band) else { return nil }

        // The grid around the box, aligned with its rectangle (so that it does not depend on
        // the input's axes): coordinates along axisA and axisB from the rectangle's centre.
        let reach = max(rect.halfA, rect.halfB) + 0.7
        guard reach.isFinite, reach < 5, rect.center.x.isFinite, rect.center.y.isFinite else { return nil }
        let side = Int((2 * reach / cell).rounded(.up))
        func index(_ world2: SIMD2<Double>) -> Int? {
            let p = rect.local(world2)
            let c = Int(gridCell(p.x + reach, size: cell)), r = Int(gridCell(p.y + reach, size: cell))
            return c >= 0 && r >= 0 && c < side && r < side ? r * side + c : nil
        }
        var floorCount = [Int32](repeating: 0, count: side * side)
        var blocked = [Bool](repeating: false, count: side * side)
        for p in floorPoints { if let i = index(p) { floorCount[i] += 1 } }
        for p in others { if let i = index(p) { blocked[i] = true } }
        func centre(_ i: Int) -> SIMD2<Double> {
            SIMD2(Double(i % side) + 0.5, Double(i / side) + 0.5) * cell - SIMD2(repeating: reach)
        }
        // Visible floor farther out in each direction (0.5° sectors).
        let sectors = 720
        func sector(_ p: SIMD2<Double>) -> Int {
            let a = atan2(p.y, p.x)
            return min(sectors - 1, max(0, Int(((a + .pi) / (2 * .pi) * Double(sectors)).rounded(.down))))
        }
        var farthest = [Double](repeating: 0, count: sectors)
        for i in 0..<(side * side) where floorCount[i] > 0 {
            let p = centre(i)
            farthest[sector(p)] = max(farthest[sector(p)], length(p))
        }
        var cells: [SIMD2<Double>] = [], empty: [Bool] = []
        let inner = Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: rect.halfA, halfB: rect.halfB)
        for i in 0..<(side * side) where !blocked[i] {
            let p = centre(i)
            guard !inner.contains(p, margin: 0.02), length(p) < farthest[sector(p)] - cell else { continue }
            cells.append(p)
            empty.append(floorCount[i] == 0)
        }
        let emptyCount = empty.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard emptyCount >= 5 else { return nil }
        let ha = rect.halfA, hb = rect.halfB
        // Score of a sensor at (azimuth, elevation, distance) around the top centre, in the
        // rectangle's coordinates (x along axisA, y along axisB, z height).
        func score(_ azimuth: Double, _ elevation: Double, _ distance: Double) -> Double {
            let c = SIMD3(distance * cos(elevation) * cos(azimuth), distance * cos(elevation) * sin(azimuth),
                          top + distance * sin(elevation))
            let k = top / c.z
            var both = 0, either = emptyCount
            for (j, a) in cells.enumerated() {
                let b = a + k * (SIMD2(c.x, c.y) - a)
                if segmentHitsBox(a, b, ha, hb) {
                    if empty[j] { both += 1 } else { either += 1 }
                }
            }
            return Double(both) / Double(max(1, either))
        }
        var bestScore = -1.0, bestParameters = (0.0, 0.0, 0.0)
        let degree = Double.pi / 180
        for distance in [0.5, 0.8, 1.2, 1.8] {
            for e in stride(from: 25, through: 85, by: 5) {
                for a in stride(from: 0, to: 360, by: 5) {
                    let s = score(Double(a) * degree, Double(e) * degree, distance)
                    if s > bestScore { bestScore = s; bestParameters = (Double(a) * degree, Double(e) * degree, distance) }
                }
            }
        }
        let coarse = bestParameters
        for scale in [0.8, 0.9, 1.0, 1.12, 1.25] {
            for de in -5...5 {
                for da in -5...5 {
                    let a = coarse.0 + Double(da) * degree, e = min(89 * degree, max(20 * degree, coarse.1 + Double(de) * degree))
                    let s = score(a, e, coarse.2 * scale)
                    if s > bestScore { bestScore = s; bestParameters = (a, e, coarse.2 * scale) }
                }
            }
        }
        guard bestScore >= 0.35 else { return nil }
        let (a, e, d) = bestParameters
        let local = SIMD2(d * cos(e) * cos(a), d * cos(e) * sin(a))
        let planar = rect.center + local.x * rect.axisA + local.y * rect.axisB
        return frame.world(SIMD3(planar.x, planar.y, top + d * sin(e)))
    }

    /// True when the 2-D segment a-b meets the rectangle [-ha, ha] x [-hb, hb] (Liang-Barsky).
    @inline(__always)
    static func segmentHitsBox(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ ha: Double, _ hb: Double) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x + ha), (d.x, ha - a.x), (-d.y, a.y + hb), (d.y, hb - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return false }; if r > t0 { t0 = r } }
                else { if r < t0 { return false }; if r < t1 { t1 = r } }
            }
        }
        return t0 <= t1
    }
}
