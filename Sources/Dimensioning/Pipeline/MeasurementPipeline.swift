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
    let candidates = try boxCandidates(scene, floor: floor, parameters: parameters.box,
                                       limit: parameters.box.maximumCandidates)
    var firstError: DimensioningError?
    for box in candidates {
        do {
            return try measureCandidate(box, scene: scene, floor: floor, parameters: parameters)
        } catch {
            if firstError == nil { firstError = error }
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
    if top.inlierShare < 0.5 {
        throw .notCuboid(reason: "the top is not flat (\(Int((top.inlierShare * 100).rounded())) % of it on one plane)")
    }
    if cuboid.fill < parameters.confidence.minimumFill - 0.1 {
        throw .notCuboid(reason: "the top covers \(Int((cuboid.fill * 100).rounded())) % of its rectangle")
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
                                     distance: distance, parameters: parameters.confidence,
                                     boxParameters: parameters.box)
    return PipelineResult(scene: scene, floor: floor, box: box, top: top, cuboid: cuboid,
                          agreement: agreement, confidence: confidence, distance: distance)
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
