import Foundation

/// An oriented cuboid standing on the floor, in metres.
public struct CuboidFit: Sendable {
    /// The footprint in floor coordinates (`BoxSegment.floorFrame`), `axisA` along the length.
    public var footprint: Rectangle2D
    /// Length >= width (the footprint's sides) and height (top plane to floor plane), metres.
    public var length: Double
    public var width: Double
    public var height: Double
    /// Centre of the cuboid in the world frame (half-way up), metres.
    public var centerInWorld: SIMD3<Double>
    /// Unit axes in the world frame: along the length, along the width, up.
    public var axesInWorld: [SIMD3<Double>]
    /// Share of the footprint covered by top-face points (0...1): ~1 for a box, ~0.79 for a
    /// cylinder.
    public var fill: Double
    /// How each of the four sides (+A, -A, +B, -B) was located: true when from its visible side
    /// face, false when from the top face's edge.
    public var sideSeen: [Bool]
    /// Top-face points used (after outlier trimming).
    public var topPointCount: Int
}

/// Fits the oriented cuboid.
///
/// 1. The top face's points, trimmed by PCL's statistical outlier removal, are projected onto
///    the floor plane; their convex hull (PCL, qhull) gives the minimum-area rectangle by
///    rotating calipers (`minimumAreaRectangle`). A PCA box is not used: it is wrong for square
///    tops, whose covariance has no preferred axis.
/// 2. The orientation is refined by minimising the robust (0.2-99.8 %) footprint area over
///    ±3 degrees in 0.05-degree steps, which hull-based calipers alone cannot do with noisy
///    edges.
/// 3. Each side is then located on its own: where the side face is visible, as the median
///    position of its points (a vertical plane projects onto the edge line, free of sampling
///    bias); otherwise as the top face's outermost points plus half the point spacing (the
///    edge lies on average half a sample beyond the last sample on the surface).
public func fitCuboid(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit,
                      parameters: BoxParameters = .init()) throws(DimensioningError) -> CuboidFit {
    let frame = box.floorFrame
    var topPoints = scene.pointsInWorld.subset(top.inlierIndices)
    if topPoints.count > parameters.outlierNeighbours * 2,
       let keep = try? NativeCloud.statisticalOutlierMask(topPoints, neighbours: parameters.outlierNeighbours,
                                                          stdMultiplier: Float(parameters.outlierStdMultiplier)) {
        topPoints = topPoints.filter { keep[$0] }
    }
    let top2D = (0..<topPoints.count).map { i -> SIMD2<Double> in
        let q = frame.local(topPoints[i]); return SIMD2(q.x, q.y)
    }
    guard top2D.count >= 10 else { throw .notCuboid(reason: "too few points on the top face") }
    let hull: [SIMD2<Double>]
    do { hull = try NativeCloud.convexHull2D(top2D) } catch {
        throw .notCuboid(reason: "the top face has no area")
    }
    guard var rectangle = minimumAreaRectangle(hull: hull) else { throw .notCuboid(reason: "the top face has no area") }
    rectangle = refineOrientation(rectangle, points: top2D)

    // Side-face points: box points clearly below the top and above the floor band.
    var side2D: [SIMD2<Double>] = []
    for (j, h) in box.heights.enumerated() where h > parameters.minimumHeightAboveFloor + 0.005 && h < top.height - 0.015 {
        let q = frame.local(scene.pointsInWorld[box.pointIndices[j]])
        side2D.append(SIMD2(q.x, q.y))
    }
    let spacing = (rectangle.area / Double(top2D.count)).squareRoot()
    let topLocal = top2D.map { rectangle.local($0) }
    let sideLocal = side2D.map { rectangle.local($0) }
    var edges = [Double](repeating: 0, count: 4) // +A, -A, +B, -B: distances from the centre
    var seen = [Bool](repeating: false, count: 4)
    for side in 0..<4 {
        let alongA = side < 2
        let sign: Double = side % 2 == 0 ? 1 : -1
        let half = alongA ? rectangle.halfA : rectangle.halfB
        let otherHalf = alongA ? rectangle.halfB : rectangle.halfA
        let coordinate = { (q: SIMD2<Double>) -> Double in sign * (alongA ? q.x : q.y) }
        let across = { (q: SIMD2<Double>) -> Double in alongA ? q.y : q.x }
        let sidePositions = sideLocal.filter {
            abs(coordinate($0) - half) <= parameters.sideBand && abs(across($0)) <= otherHalf - 0.01
        }.map(coordinate)
        if sidePositions.count >= parameters.minimumSidePoints, let median = Statistics.median(sidePositions) {
            edges[side] = median
            seen[side] = true
        } else {
            let positions = topLocal.map(coordinate)
            edges[side] = (Statistics.quantile(positions, 0.998) ?? half) + 0.5 * spacing
        }
    }
    let extentA = edges[0] + edges[1], extentB = edges[2] + edges[3]
    let shiftA = (edges[0] - edges[1]) / 2, shiftB = (edges[2] - edges[3]) / 2
    var footprint = Rectangle2D(center: rectangle.center + shiftA * rectangle.axisA + shiftB * rectangle.axisB,
                                axisA: rectangle.axisA, halfA: extentA / 2, halfB: extentB / 2)
    if footprint.halfB > footprint.halfA {
        footprint = footprint.normalized()
        seen = [seen[2], seen[3], seen[0], seen[1]]
    }
    let fill = coverage(of: footprint, by: top2D, cell: max(spacing * 1.5, 0.004))
    let center = frame.world(SIMD3(footprint.center.x, footprint.center.y, top.height / 2))
    let axisA = frame.worldDirection(footprint.axisA), axisB = frame.worldDirection(footprint.axisB)
    return CuboidFit(footprint: footprint, length: 2 * footprint.halfA, width: 2 * footprint.halfB,
                     height: top.height, centerInWorld: center, axesInWorld: [axisA, axisB, frame.up],
                     fill: fill, sideSeen: seen, topPointCount: top2D.count)
}

/// Rotates the rectangle within ±3 degrees (0.05-degree steps) to minimise the area spanned by
/// the 0.2 % and 99.8 % quantiles of the points along its axes.
func refineOrientation(_ start: Rectangle2D, points: [SIMD2<Double>]) -> Rectangle2D {
    let base = atan2(start.axisA.y, start.axisA.x)
    var best = start, bestArea = Double.infinity
    var xs = [Double](repeating: 0, count: points.count), ys = xs
    for step in -60...60 {
        let angle = base + Double(step) * 0.05 * .pi / 180
        let a = SIMD2(cos(angle), sin(angle)), b = SIMD2(-sin(angle), cos(angle))
        for (i, p) in points.enumerated() { xs[i] = dot(p, a); ys[i] = dot(p, b) }
        xs.sort(); ys.sort()
        let x0 = Statistics.quantile(sorted: xs, 0.002)!, x1 = Statistics.quantile(sorted: xs, 0.998)!
        let y0 = Statistics.quantile(sorted: ys, 0.002)!, y1 = Statistics.quantile(sorted: ys, 0.998)!
        let area = (x1 - x0) * (y1 - y0)
        if area < bestArea - 1e-12 {
            bestArea = area
            best = Rectangle2D(center: a * (x0 + x1) / 2 + b * (y0 + y1) / 2, axisA: a,
                               halfA: (x1 - x0) / 2, halfB: (y1 - y0) / 2)
        }
    }
    return best.normalized()
}

/// Share of `cell`-sized grid cells inside the rectangle (shrunk by one cell) that hold a point.
func coverage(of rectangle: Rectangle2D, by points: [SIMD2<Double>], cell: Double) -> Double {
    let nx = max(1, Int((2 * rectangle.halfA - 2 * cell) / cell)), ny = max(1, Int((2 * rectangle.halfB - 2 * cell) / cell))
    var occupied = [Bool](repeating: false, count: nx * ny)
    for p in points {
        let q = rectangle.local(p)
        let ix = Int(((q.x + rectangle.halfA - cell) / cell).rounded(.down))
        let iy = Int(((q.y + rectangle.halfB - cell) / cell).rounded(.down))
        if ix >= 0, iy >= 0, ix < nx, iy < ny { occupied[iy * nx + ix] = true }
    }
    return Double(occupied.filter { $0 }.count) / Double(nx * ny)
}
