import Foundation

/// Everything the pipeline computed for one capture, stage by stage (metres, world frame).
public struct PipelineResult: Sendable {
    public var scene: FusedScene
    public var floor: FloorFit
    public var box: BoxSegment
    public var top: TopFaceFit
    public var cuboid: CuboidFit
    public var agreement: FrameAgreement?
    public var confidence: ConfidenceBreakdown
    /// Share of the top's interior on one plane (`topFlatness`), 0...1.
    public var flatness: Double
    /// Distance from the reference camera to the centre of the box's top, metres.
    public var distance: Double
}

/// The measurement pipeline: `fuseFrames` → `fitFloor` → `isolateBox` → `fitTopFace` →
/// `fitCuboid` → envelope checks → `measureFrameAgreement` → `scoreConfidence`.
///
/// Deterministic: the same capture and parameters give bit-identical results.
///
/// - Throws: a `DimensioningError` refusal (no depth, no ground plane, no box, cut off, too
///   small, out of range, not a cuboid) with its reason.
public func runPipeline(_ capture: DepthCapture, parameters: PipelineParameters = .init()) throws(DimensioningError) -> PipelineResult {
    let scene = try fuseFrames(capture, parameters: parameters.fusion)
    let floor = try fitFloor(scene, parameters: parameters.floor)
    // The object the camera is aimed at comes first; if it is not a measurable box (a laptop,
    // a bag) the next nearest is tried, and if none is, the nearest one's refusal is reported.
    let candidates: [BoxSegment]
    do {
        candidates = try boxCandidates(scene, floor: floor, parameters: parameters.box,
                                       limit: parameters.box.maximumCandidates)
    } catch .noBox {
        try checkFloorIsNotALid(scene, floor: floor, parameters: parameters.floor)
        throw .noBox
    }
    // Only objects that are not boxes at all are passed over; a box that is cut off, touches
    // another or is out of range is refused, not swapped for a neighbour.
    var firstError: DimensioningError?
    for box in candidates {
        do {
            return try measureCandidate(box, scene: scene, floor: floor, parameters: parameters)
        } catch {
            if firstError == nil { firstError = error }
            switch error {
            case .notCuboid, .boxTooSmall: continue
            default: throw firstError ?? error
            }
        }
    }
    throw firstError ?? .noBox
}

/// Measures one candidate object and applies the envelope checks.
func measureCandidate(_ box: BoxSegment, scene: FusedScene, floor: FloorFit,
                      parameters: PipelineParameters) throws(DimensioningError) -> PipelineResult {
    try checkNotCutOff(scene, box: box, margin: parameters.box.borderMarginPixels)
    let top = try fitTopFace(scene, box: box, parameters: parameters.box)
    let cuboid = try fitCuboid(scene, box: box, top: top, parameters: parameters.box)

    let topCenter = box.floorFrame.world(SIMD3(cuboid.footprint.center.x, cuboid.footprint.center.y, top.height))
    let distance = length(topCenter - scene.cameraPosition)
    let flatness = topFlatness(scene, box: box, top: top, cuboid: cuboid)
    if flatness < 0.5 {
        throw .notCuboid(reason: "the top is not flat (\(Int((flatness * 100).rounded())) % of it on one plane)")
    }
    if cuboid.fill < parameters.confidence.minimumFill - 0.1 {
        throw .notCuboid(reason: "the top covers \(Int((cuboid.fill * 100).rounded())) % of its rectangle")
    }
    let outside = shareOutsideFootprint(scene, box: box, cuboid: cuboid, margin: parameters.box.outsideMargin)
    let hidden = occludedNeighbourPoints(scene, box: box, cuboid: cuboid, reach: parameters.box.occludedNeighbourReach)
    if outside > parameters.box.maximumShareOutside || hidden >= parameters.box.minimumHiddenNeighbourPoints {
        throw .severalBoxes(count: 2)
    }
    if cuboid.width < parameters.box.minimumSide {
        throw .boxTooSmall(smallestSide: cuboid.width, minimum: parameters.box.minimumSide)
    }
    if cuboid.height < parameters.box.minimumHeight {
        throw .boxTooSmall(smallestSide: cuboid.height, minimum: parameters.box.minimumHeight)
    }
    let range = parameters.box.rangeMinimum...parameters.box.rangeMaximum
    if !range.contains(distance) { throw .outOfRange(distance: distance, range: range) }
    let agreement = measureFrameAgreement(scene, box: box, top: top, cuboid: cuboid)
    let confidence = scoreConfidence(scene: scene, box: box, top: top, cuboid: cuboid, agreement: agreement,
                                     flatness: flatness, distance: distance, parameters: parameters.confidence,
                                     boxParameters: parameters.box)
    return PipelineResult(scene: scene, floor: floor, box: box, top: top, cuboid: cuboid,
                          agreement: agreement, confidence: confidence, flatness: flatness, distance: distance)
}

/// Share of the top band's points over the footprint's interior (1 cm in from its sides, so
/// that the upper rim of the side faces does not count) that lie on the top plane: 1 for a
/// flat lid, low for a gable top, a sagging bag or two lids at different heights.
func topFlatness(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, cuboid: CuboidFit) -> Double {
    var inliers = Set(top.inlierIndices)
    var inside = 0, onPlane = 0
    let interior = Rectangle2D(center: cuboid.footprint.center, axisA: cuboid.footprint.axisA,
                               halfA: max(0, cuboid.footprint.halfA - 0.01), halfB: max(0, cuboid.footprint.halfB - 0.01))
    for i in top.bandIndices {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        guard interior.contains(SIMD2(q.x, q.y)) else { continue }
        inside += 1
        if inliers.remove(i) != nil { onPlane += 1 }
    }
    return inside == 0 ? 0 : Double(onPlane) / Double(inside)
}

/// Share of the object's points lying farther than `margin` metres outside the fitted
/// footprint (seen from above): near 0 for one box, large when another object touches it.
func shareOutsideFootprint(_ scene: FusedScene, box: BoxSegment, cuboid: CuboidFit, margin: Double) -> Double {
    var outside = 0
    for i in box.pointIndices {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        if !cuboid.footprint.contains(SIMD2(q.x, q.y), margin: margin) { outside += 1 }
    }
    return Double(outside) / Double(max(1, box.pointIndices.count))
}

/// Points of other objects partly hidden behind the box: within 3 pixels of it in the reference
/// image, farther from the camera than the box there (by more than 2 cm), and within `reach`
/// metres of its footprint. Their contact with the box, if any, is out of sight, so the engine
/// does not guess: they are reported as several boxes. An object in front of the box or beside
/// it in plain view does not count. 0 for unorganized clouds.
func occludedNeighbourPoints(_ scene: FusedScene, box: BoxSegment, cuboid: CuboidFit, reach: Double) -> Int {
    guard let pixels = scene.pixelIndex, scene.gridWidth > 0, !box.otherObjectIndices.isEmpty else { return 0 }
    let width = scene.gridWidth, height = scene.gridHeight
    let camera = scene.cameraPosition
    // Nearest box distance (metres from the camera) within 3 pixels of each pixel.
    var nearBox = [Double](repeating: .infinity, count: width * height)
    for i in box.pointIndices {
        let p = Int(pixels[i]), x = p % width, y = p / width
        let distance = length(scene.pointsInWorld[i] - camera)
        for v in max(0, y - 3)...min(height - 1, y + 3) {
            for u in max(0, x - 3)...min(width - 1, x + 3) where distance < nearBox[v * width + u] {
                nearBox[v * width + u] = distance
            }
        }
    }
    var count = 0
    for i in box.otherObjectIndices {
        let boxDistance = nearBox[Int(pixels[i])]
        guard boxDistance.isFinite, length(scene.pointsInWorld[i] - camera) > boxDistance + 0.02 else { continue }
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        if cuboid.footprint.contains(SIMD2(q.x, q.y), margin: reach) { count += 1 }
    }
    return count
}

/// With nothing standing on it, a "floor" that fills the view from close by is more likely the
/// top of a box the camera is held over (the SDK's known failure: the floor locks onto the
/// box's own lid). Refuses that case as `noGroundPlane` instead of reporting an empty floor.
func checkFloorIsNotALid(_ scene: FusedScene, floor: FloorFit, parameters: FloorParameters) throws(DimensioningError) {
    let cameraHeight = floor.plane.signedDistance(scene.cameraPosition)
    var onPlane = 0
    for i in 0..<scene.pointsInWorld.count where abs(floor.plane.signedDistance(scene.pointsInWorld[i])) <= parameters.distanceThreshold {
        onPlane += 1
    }
    let share = Double(onPlane) / Double(max(1, scene.pointsInWorld.count))
    if cameraHeight < parameters.lidSuspicionHeight && share > 0.9 {
        throw .noGroundPlane(reason: String(format: "the only plane in view is %.2f m below the camera and fills the view: it may be a box's top", cameraHeight))
    }
}

/// Refuses a box whose pixels reach the border of the reference image (organized captures
/// only): its far side is unseen, so its size is unknown.
func checkNotCutOff(_ scene: FusedScene, box: BoxSegment, margin: Int) throws(DimensioningError) {
    guard let pixels = scene.pixelIndex, scene.gridWidth > 0, scene.gridHeight > 0 else { return }
    var touched = Set<String>()
    // A few stray pixels at the border are noise; a real cut needs a run of them.
    var counts = [0, 0, 0, 0]
    for i in box.pointIndices {
        let p = Int(pixels[i]), x = p % scene.gridWidth, y = p / scene.gridWidth
        if x <= margin { counts[0] += 1 }
        if x >= scene.gridWidth - 1 - margin { counts[1] += 1 }
        if y <= margin { counts[2] += 1 }
        if y >= scene.gridHeight - 1 - margin { counts[3] += 1 }
    }
    for (k, name) in ["left", "right", "top", "bottom"].enumerated() where counts[k] >= 5 { touched.insert(name) }
    if !touched.isEmpty { throw .boxCutOff(edges: touched.sorted()) }
}

/// Reads the capture at `url` (a Stray Scanner folder, a .pcd or a .ply) and measures it.
///
/// - Throws: `unreadableCapture` naming the bad file, or the pipeline's refusal.
public func measureCapture(at url: URL, parameters: PipelineParameters = .init(),
                           limits: CaptureLimits = .init()) throws(DimensioningError) -> PipelineResult {
    let capture = try CaptureReader.read(url, limits: limits)
    return try runPipeline(capture, parameters: parameters)
}
