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
    /// Area of the top face's convex hull over the footprint's area (0...1): ~1 for a box,
    /// ~0.79 for a cylinder (pi/4), less for a gable top or a bag.
    public var fill: Double
    /// How each of the four sides (+A, -A, +B, -B) was located, with its edge evidence.
    public var edges: [EdgeEstimate]
    /// How each of the four sides (+A, -A, +B, -B) was located.
    public var edgeMethods: [EdgeMethod] { edges.map(\.method) }
    /// Top-face points used (after outlier trimming).
    public var topPointCount: Int
    /// What the sides showed about a fattening sensor (`assessLips`).
    public var lips: LipAssessment = .unknown
    /// The lid's own plane when it leans (`LidLean.isFlatLean`), in `footprint`'s floor
    /// coordinates; nil for a level lid.
    public var lean: LidLean? = nil
}

/// Fits the oriented cuboid.
///
/// 1. The top face's points (its RANSAC inliers) are projected onto the floor plane; their convex hull (PCL, qhull) gives the minimum-area rectangle by
///    rotating calipers (`minimumAreaRectangle`). A PCA box is not used: it is wrong for square
///    tops, whose covariance has no preferred axis.
/// 2. The orientation is refined by minimising the robust (0.2-99.8 %) footprint area over
///    ±3 degrees in 0.05-degree steps, which hull-based calipers alone cannot do with noisy
///    edges.
/// 3. Each side is then located on its own (`locateEdge`): from its visible side face, or from
///    the silhouette of the top against what lies behind it, to a fraction of a pixel.
///
/// `parameters.profile` is the sensor profile, nil without one: its calibrated edge offsets (pixels,
/// positive when the sensor pushes silhouettes outward; `SensorProfile.offsetPixels(facingCamera:)`)
/// move the silhouette sides, and each side they move carries the profile's scatter times its
/// pixel footprint as its `EdgeEstimate.calibrationDoubt`. With a profile, depth that
/// rises above the top past an edge (a lip of fattening) is the sensor's calibrated spread
/// like any other and counts as top; without one, it counts as past the edge.
public func fitCuboid(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit,
                      parameters: PipelineParameters = .init()) throws(DimensioningError) -> CuboidFit {
    let profile = parameters.profile
    let frame = box.floorFrame
    let topPoints = scene.pointsInWorld.subset(top.inlierIndices)
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

    var evidence = gatherEdgeEvidence(scene, box: box, top: top, rectangle: rectangle, topPoints: top2D,
                                      parameters: parameters)
    evidence.lipsArePastEdge = profile == nil
    var edges = [Double](repeating: 0, count: 4) // +A, -A, +B, -B: distances from the centre
    var estimates: [EdgeEstimate] = []
    for side in 0..<4 {
        let located = locateEdge(alongA: side < 2, sign: side % 2 == 0 ? 1 : -1, rectangle: rectangle,
                                 evidence: evidence, parameters: parameters, offsets: parameters.silhouetteOffsets)
        edges[side] = located.position
        estimates.append(located.estimate)
    }
    reconcileBands(&edges, &estimates, tolerancePixels: parameters.behaviour.bandConsistencyPixels)
    reachPastCreases(&edges, &estimates, bandFreePixels: parameters.behaviour.creaseBandFreePixels,
                     share: parameters.behaviour.creaseBandShare)
    if let scatter = profile?.edgeScatterPixels {
        for i in estimates.indices where estimates[i].carriesProfileOffset && estimates[i].correction != 0 {
            estimates[i].calibrationDoubt = scatter * estimates[i].pixelFootprint
        }
    }
    let bandLips = measureBandLips(scene, box: box, top: top, rectangle: rectangle,
                                   estimates: &estimates, parameters: parameters)
    let lips = assessLips(estimates, parameters: parameters, bandLips: bandLips, topNoise: top.rms)
    if profile == nil { correctFattening(&edges, &estimates, lips: lips, parameters: parameters) }
    let extentA = edges[0] + edges[1], extentB = edges[2] + edges[3]
    // Sides placed past each other: a top a few centimetres across, its edge bands and strips
    // wider than itself (a merged cloud's narrow object, `rosi-tabletop`). Its own points say
    // how small it is.
    if extentA <= 0 || extentB <= 0 {
        let own = 2 * min(rectangle.halfA, rectangle.halfB)
        if own < parameters.envelope.minimumSide { throw .boxTooSmall(size: .narrowerSide, metres: own, minimum: parameters.envelope.minimumSide) }
        throw .notCuboid(reason: "the sides located beside its \(Int((own * 1000).rounded())) mm wide top lie past each other")
    }
    let shiftA = (edges[0] - edges[1]) / 2, shiftB = (edges[2] - edges[3]) / 2
    var footprint = Rectangle2D(center: rectangle.center + shiftA * rectangle.axisA + shiftB * rectangle.axisB,
                                axisA: rectangle.axisA, halfA: extentA / 2, halfB: extentB / 2)
    if footprint.halfB > footprint.halfA {
        footprint = footprint.normalized()
        estimates = Rectangle2D.swappedSides(estimates)
    }
    // Fill compares the top's hull with the rectangle of its own points (robust extents), not
    // with the located footprint: a sensor's edge band eats into the top's outline without
    // making the object any less rectangular.
    let fill = min(1, polygonArea(hull) / max(rectangle.area, 1e-12))
    let center = frame.world(SIMD3(footprint.center.x, footprint.center.y, top.height / 2))
    let axisA = frame.worldDirection(footprint.axisA), axisB = frame.worldDirection(footprint.axisB)
    return CuboidFit(footprint: footprint, length: 2 * footprint.halfA, width: 2 * footprint.halfB,
                     height: top.height, centerInWorld: center, axesInWorld: [axisA, axisB, frame.up],
                     fill: fill, edges: estimates, topPointCount: top2D.count, lips: lips, lean: evidence.lean)
}

/// Rotates the rectangle within ±3 degrees (0.05-degree steps) to minimise the area spanned by
/// the 0.2 % and 99.8 % quantiles of the points along its axes. Ties keep the first angle.
///
/// The quantiles are order statistics of `dot(point, axis)` near either end, so only points
/// near the ends can hold them. The 121 angles are taken in blocks of 11: for each block, the
/// points' projections about their centroid at the block's middle angle bound how far any
/// projection can move within the block (at most `radius * |angle change|`, `radius` the
/// largest distance to the centroid), so every point that can rank among the lowest (highest)
/// `k` at some angle of the block is within `2 * radius * halfSpan` (plus a rounding margin) of
/// the `k`-th lowest (highest) there. The quantiles are then selected among those candidates,
/// from the very values `dot(point, axis)` gives (the same expression), with their ranks
/// counted in the whole set: the same numbers as a selection over all points
/// (`refineOrientationByFullSelection`, kept for the tests), in a fraction of the time.
func refineOrientation(_ start: Rectangle2D, points: [SIMD2<Double>]) -> Rectangle2D {
    let n = points.count
    guard n > 0 else { return start.normalized() }
    let base = atan2(start.axisA.y, start.axisA.x)
    let angles = (-60...60).map { step in base + Double(step) * 0.05 * .pi / 180 }
    let low = Statistics.ranks(count: n, 0.002), high = Statistics.ranks(count: n, 0.998)
    var centroid = SIMD2<Double>.zero
    for p in points { centroid += p }
    centroid /= Double(n)
    var radius = 0.0
    for p in points { radius = max(radius, length(p - centroid)) }

    var best = start, bestArea = Double.infinity
    var centred = [Double](repeating: 0, count: n), values = centred
    // Points that may rank among the lowest and the highest along `axis` anywhere in the block.
    func candidates(along axis: SIMD2<Double>, margin: Double) -> (lows: [Int], highs: [Int]) {
        for i in 0..<n { centred[i] = dot(points[i] - centroid, axis) }
        values = centred
        let (kLow, kHigh) = values.withUnsafeMutableBufferPointer { buffer in
            (Statistics.select(buffer, low.upper), Statistics.select(buffer, high.lower))
        }
        var lows: [Int] = [], highs: [Int] = []
        for i in 0..<n {
            if centred[i] <= kLow + margin { lows.append(i) }
            if centred[i] >= kHigh - margin { highs.append(i) }
        }
        return (lows, highs)
    }
    for blockStart in stride(from: 0, to: angles.count, by: 11) {
        let block = blockStart..<min(blockStart + 11, angles.count)
        let middle = (angles[block.lowerBound] + angles[block.upperBound - 1]) / 2
        let halfSpan = max(abs(angles[block.lowerBound] - middle), abs(angles[block.upperBound - 1] - middle))
        let margin = 2 * radius * halfSpan + 1e-9 * (1 + radius + length(centroid))
        let (lowX, highX) = candidates(along: SIMD2(cos(middle), sin(middle)), margin: margin)
        let (lowY, highY) = candidates(along: SIMD2(-sin(middle), cos(middle)), margin: margin)
        for s in block {
            let angle = angles[s]
            let a = SIMD2(cos(angle), sin(angle)), b = SIMD2(-sin(angle), cos(angle))
            let x0 = candidateQuantile(points, lowX, axis: a, ranks: low, total: n, fromTop: false, values: &values)
            let x1 = candidateQuantile(points, highX, axis: a, ranks: high, total: n, fromTop: true, values: &values)
            let y0 = candidateQuantile(points, lowY, axis: b, ranks: low, total: n, fromTop: false, values: &values)
            let y1 = candidateQuantile(points, highY, axis: b, ranks: high, total: n, fromTop: true, values: &values)
            let area = (x1 - x0) * (y1 - y0)
            if area < bestArea - 1e-12 {
                bestArea = area
                best = Rectangle2D(center: a * (x0 + x1) / 2 + b * (y0 + y1) / 2, axisA: a,
                                   halfA: (x1 - x0) / 2, halfB: (y1 - y0) / 2)
            }
        }
    }
    return best.normalized()
}

/// The quantile with order-statistic `ranks` (in the whole set of `total` points) of
/// `dot(points[i], axis)`, selected among `candidates`: all points at or below (`fromTop`:
/// above) those ranks are candidates, so the ranks shift by the non-candidates above (below).
/// Interpolates as `Statistics.quantile(selecting:_:)` does.
private func candidateQuantile(_ points: [SIMD2<Double>], _ candidates: [Int], axis: SIMD2<Double>,
                               ranks: (lower: Int, upper: Int, t: Double), total: Int, fromTop: Bool,
                               values: inout [Double]) -> Double {
    let m = candidates.count
    for (j, i) in candidates.enumerated() { values[j] = dot(points[i], axis) }
    let shift = fromTop ? total - m : 0
    let lower = ranks.lower - shift, upper = ranks.upper - shift
    return values.withUnsafeMutableBufferPointer { all in
        let buffer = UnsafeMutableBufferPointer(rebasing: all[0..<m])
        let lowValue = Statistics.select(buffer, lower)
        var highValue = lowValue
        if upper > lower {
            highValue = buffer[upper]
            for i in (lower + 1)..<m where buffer[i] < highValue { highValue = buffer[i] }
        }
        return lowValue * (1 - ranks.t) + highValue * ranks.t
    }
}

/// The plain form of `refineOrientation`: every quantile selected over all points. The
/// reference the tests hold the candidate form to.
func refineOrientationByFullSelection(_ start: Rectangle2D, points: [SIMD2<Double>]) -> Rectangle2D {
    let base = atan2(start.axisA.y, start.axisA.x)
    var best = start, bestArea = Double.infinity
    var xs = [Double](repeating: 0, count: points.count), ys = xs
    guard !points.isEmpty else { return start.normalized() }
    xs.withUnsafeMutableBufferPointer { xs in
        ys.withUnsafeMutableBufferPointer { ys in
            points.withUnsafeBufferPointer { points in
                for step in -60...60 {
                    let angle = base + Double(step) * 0.05 * .pi / 180
                    let a = SIMD2(cos(angle), sin(angle)), b = SIMD2(-sin(angle), cos(angle))
                    for i in 0..<points.count { xs[i] = dot(points[i], a); ys[i] = dot(points[i], b) }
                    let x0 = Statistics.quantile(selecting: xs, 0.002)!, x1 = Statistics.quantile(selecting: xs, 0.998)!
                    let y0 = Statistics.quantile(selecting: ys, 0.002)!, y1 = Statistics.quantile(selecting: ys, 0.998)!
                    let area = (x1 - x0) * (y1 - y0)
                    if area < bestArea - 1e-12 {
                        bestArea = area
                        best = Rectangle2D(center: a * (x0 + x1) / 2 + b * (y0 + y1) / 2, axisA: a,
                                           halfA: (x1 - x0) / 2, halfB: (y1 - y0) / 2)
                    }
                }
            }
        }
    }
    return best.normalized()
}

/// Area (square metres) of a simple polygon, by the shoelace formula.
func polygonArea(_ polygon: [SIMD2<Double>]) -> Double {
    var twice = 0.0
    for i in polygon.indices {
        let p = polygon[i], q = polygon[(i + 1) % polygon.count]
        twice += p.x * q.y - q.x * p.y
    }
    return abs(twice) / 2
}

/// The band about a top's plane whose points are its foreground, metres: three of its RMS
/// `rms` (metres), and at least 6 mm.
func foregroundBand(rms: Double) -> Double { max(0.006, 3 * rms) }

/// Prepares the evidence `locateEdge` uses: side-face points, top points and the top-plane cuts
/// of the camera rays through every scene point near the box, all in rectangle coordinates.
func gatherEdgeEvidence(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, rectangle: Rectangle2D,
                        topPoints: [SIMD2<Double>], parameters: PipelineParameters) -> EdgeEvidence {
    let frame = box.floorFrame
    var side: [SIMD3<Double>] = []
    for (j, h) in box.heights.enumerated() where parameters.isolation.mayBeSideFace(height: h, standing: top.height) {
        let q = frame.local(scene.pointsInWorld[box.pointIndices[j]])
        let local = rectangle.local(SIMD2(q.x, q.y))
        side.append(SIMD3(local.x, local.y, h))
    }
    // The lid's own plane when it is a flat lid that leans (`LidLean.isFlatLean`), else level.
    // With gravity, the lean is judged against the surface around the box: the frame's up was
    // measured apart from the depths, so a lean the lid shares with that surface is the depths'
    // (a range error bends both alike; held-out iPhone seed 9041, scenario 7, far floor bent by
    // 100 mm/m²: lid and floor ring both 0.3° on the fitted plane, and cut with the lid's plane,
    // a side moved 2 mm in, outside its U). Without gravity, the frame is the depths' own floor
    // plane, and the lid's plane is the best the capture has (fixed ToF seed 404, scenario 86:
    // lid and floor around it 0.5° on the plane fitted to the whole floor, and cut level, a side
    // was dragged 27 mm out: `StripScatterTests`).
    let slab = top.inlierIndices.map { frame.local(scene.pointsInWorld[$0]) }
    let refined = LidLean.refined(topBandInside(scene, box: box, top: top, footprint: rectangle), level: top.height,
                                  slab: slab, band: parameters.behaviour.inlierBand)
    let lidPoints = refined?.points ?? slab
    let surface = scene.gravityInWorld == nil ? nil : FloorNearBox(scene, box: box, footprint: rectangle)?.surface
    let againstSurface = surface.map { s in lidPoints.map { SIMD3($0.x, $0.y, $0.z - s.rise(at: SIMD2($0.x, $0.y))) } } ?? lidPoints
    let leansAgainstSurface = LidLean(points: againstSurface).map { $0.isFlatLean(of: againstSurface, over: rectangle) } ?? false
    let flat = leansAgainstSurface ? (refined?.lean ?? LidLean(points: slab)) : nil
    var evidence = edgeEvidence(scene, frame: frame, rectangle: rectangle, topLevel: top.height,
                                lean: flat ?? .level(rms: top.rms), standing: top.height, topPoints: topPoints, sidePoints: side)
    evidence.lean = flat
    return evidence
}

extension IsolationParameters {
    /// Whether a point `height` metres above the surface a box stands on may lie on one of its
    /// side faces, the box's top standing `standing` metres above that surface: 5 mm clear of
    /// the floor's own points (`minimumHeightAboveFloor`), and 15 mm under the top, clear of
    /// the crease's mixed pixels.
    func mayBeSideFace(height: Double, standing: Double) -> Bool {
        height > minimumHeightAboveFloor + 0.005 && height < standing - 0.015
    }
}

/// The evidence `locateEdge` uses for a top whose plane lies `topLevel` metres above the floor
/// plane of `frame` and `standing` metres above the surface it stands on (the floor for a lone
/// box, a pallet's deck or a lower layer for a carton among others); `topRms` is the top's
/// noise (metres), `topPoints` its points in floor coordinates, `sidePoints` its side points
/// already in rectangle coordinates with their heights above that surface. The camera rays
/// through every scene point within 15 cm of the rectangle are cut with the top plane.
func edgeEvidence(_ scene: FusedScene, frame: FloorFrame, rectangle: Rectangle2D, topLevel: Double, topRms: Double,
                  standing: Double, topPoints: [SIMD2<Double>], sidePoints: [SIMD3<Double>]) -> EdgeEvidence {
    edgeEvidence(scene, frame: frame, rectangle: rectangle, topLevel: topLevel, lean: .level(rms: topRms),
                 standing: standing, topPoints: topPoints, sidePoints: sidePoints)
}

/// `edgeEvidence` for a lid that may lean (`lean`: its own plane, through `topLevel` at
/// `lean.origin`; `LidLean.level` for one parallel to the floor). The rays are cut with that
/// plane, and a point's drop is taken below it where its ray crosses it, scaled by `standing` over
/// the lid's own height above the support there, so that the support lies at the drop `standing`
/// under every part of the lid (the scale is 1 for a level lid). The foreground band is three of
/// `lean.rms`, the lid's noise about its own plane.
func edgeEvidence(_ scene: FusedScene, frame: FloorFrame, rectangle: Rectangle2D, topLevel: Double, lean: LidLean,
                  standing: Double, topPoints: [SIMD2<Double>], sidePoints: [SIMD3<Double>]) -> EdgeEvidence {
    let camera = frame.local(scene.cameraPosition)
    let cameraAboveTop = camera.z - topLevel
    let topRms = lean.rms
    var cuts: [(position: SIMD2<Double>, drop: Double)] = []
    let foregroundBand = foregroundBand(rms: topRms)
    if cameraAboveTop > 0.05 {
        let reach = max(rectangle.halfA, rectangle.halfB) + 0.15
        let points = scene.pointsInWorld
        for i in 0..<points.count {
            let p = frame.local(points[i])
            let drop = topLevel + lean.rise(at: SIMD2(p.x, p.y)) - p.z
            let foreground = abs(drop) <= foregroundBand
            // The ray camera -> p meets the top plane at parameter t (0 at the camera). A
            // foreground point is moved along its ray onto the plane (removing depth noise); a
            // background point must lie beyond the plane (t < 1); a point above the plane (a
            // lip) before it (t > 1), and still below the camera.
            guard p.z < camera.z - 0.01,
                  let (t, cut) = cutWithLid(from: camera, through: p, level: topLevel, lean: lean),
                  foreground || (drop > 0 ? t < 1 : t > 1) else { continue }
            let local = rectangle.local(cut)
            guard abs(local.x) <= reach, abs(local.y) <= reach else { continue }
            let rise = lean.rise(at: cut)
            let below = topLevel + rise - p.z, standingHere = standing + rise
            cuts.append((local, standingHere > 0.01 ? below * standing / standingHere : below))
        }
    }
    return EdgeEvidence(sidePoints: sidePoints, topPoints: topPoints.map { rectangle.local($0) }, rayCuts: cuts,
                        foregroundBand: foregroundBand,
                        camera: rectangle.local(SIMD2(camera.x, camera.y)), cameraAboveTop: cameraAboveTop,
                        spacing: (rectangle.area / Double(max(1, topPoints.count))).squareRoot(),
                        focalPixels: scene.intrinsics.map { ($0.fx + $0.fy) / 2 },
                        topHeight: standing, floorBand: max(0.01, 3 * topRms),
                        singleViewpoint: scene.isSingleViewpoint)
}
