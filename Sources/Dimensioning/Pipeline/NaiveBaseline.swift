import Foundation

/// The naive top-plane rectangle every stage of the engine must beat: the floor by RANSAC
/// (`fitFloor`), the first object standing on it whose top is a plane (`boxCandidates` in the
/// engine's order, the one the camera is aimed at first; `fitTopFace`), the minimum-area rectangle of their convex
/// hull (`minimumAreaRectangle`, no edge model at all), and the height as the top's trimmed
/// mean above the floor. No envelope check, no refusal beyond "nothing found".
///
/// - Returns: length >= width, and height, metres.
/// - Throws: the stage's refusal when no floor, no object or no top is found.
public func naiveTopRectangle(_ capture: DepthCapture,
                              parameters: PipelineParameters = .init()) throws(DimensioningError) -> [Double] {
    let capture = parameters.profile.map { capture.scalingDepth(by: $0.depthScale) } ?? capture
    let scene = try fuseFrames(capture, parameters: parameters.fusion, sensor: parameters.behaviour)
    let floor = try fitFloor(scene, parameters: parameters.floor, sensor: parameters.behaviour)
    let candidates = try boxCandidates(scene, floor: floor, parameters: parameters.isolation,
                                       limit: parameters.isolation.maximumCandidates)
    guard let (box, top) = candidates.lazy.compactMap({ box in
        (try? fitTopFace(scene, box: box, parameters: parameters.top, planeBand: parameters.behaviour.inlierBand)).map { (box, $0) }
    }).first else { throw .notCuboid(reason: "no object with a flat top") }
    let points = top.inlierIndices.map { i -> SIMD2<Double> in
        let q = box.floorFrame.local(scene.pointsInWorld[i]); return SIMD2(q.x, q.y)
    }
    guard points.count >= 10, let rectangle = minimumAreaRectangle(points: points) else {
        throw .notCuboid(reason: "the top face has no area")
    }
    return [2 * max(rectangle.halfA, rectangle.halfB), 2 * min(rectangle.halfA, rectangle.halfB), top.height]
}
