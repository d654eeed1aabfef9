import Foundation

/// The checks `measureCandidate` applies before it trusts a fitted cuboid: flat top, one object,
/// not cut off, and a floor that is not a lid (nothing hidden behind it: see
/// `HiddenNeighbours.swift`). Each returns a measure or throws the refusal a user can act on.

/// Share of the top band's points over the footprint's interior (1 cm in from its sides, so
/// that the upper rim of the side faces does not count) that lie on the top plane: 1 for a
/// flat lid, low for a gable top, a sagging bag or two lids at different heights. 1 when the
/// interior holds no point at all: a top a few centimetres across, sparsely sampled (a merged
/// cloud's narrow object, `rosi-tabletop`), shows nothing off the plane, and is refused for its
/// size instead of as "0 % flat".
///
/// "On the plane" is the top's RANSAC inlier set (within the sensor's `SensorBehaviour.inlierBand`), or,
/// when the capture is noisier than that threshold allows for, within `noiseMultiple` times
/// `noise` (metres: the floor's residual RMS around the box, the capture's own depth noise at
/// that range) of the top's height: a single frame of a time-of-flight camera (σ 3-5 mm) is
/// judged against its own noise, so its flat lid is flat, while a gable or a sag, centimetres
/// off the plane, is not.
func topFlatness(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, cuboid: CuboidFit,
                 noise: Double = 0, noiseMultiple: Double = 2.5, threshold: Double = 0.006) -> Double {
    var inliers = Set(top.inlierIndices)
    let tolerance = noiseMultiple * noise
    let noisy = tolerance > threshold
    var inside = 0, onPlane = 0
    let interior = cuboid.footprint.inset(by: 0.01)
    for i in top.bandIndices {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        guard interior.contains(SIMD2(q.x, q.y)) else { continue }
        inside += 1
        if inliers.remove(i) != nil || (noisy && abs(q.z - top.height) <= tolerance) { onPlane += 1 }
    }
    return inside == 0 ? 1 : Double(onPlane) / Double(inside)
}

/// Share of the object's points lying farther than `margin` metres outside the fitted
/// footprint (seen from above) and at least `minimumHeight` metres above the floor: near 0 for
/// one box, large when another object touches it. Lower points are a bulge of the floor (a
/// time-of-flight periphery bend, a rug's edge); callers pass half the smallest measurable box.
func shareOutsideFootprint(_ scene: FusedScene, box: BoxSegment, cuboid: CuboidFit, margin: Double,
                           minimumHeight: Double) -> Double {
    var outside = 0
    let camera = box.floorFrame.local(scene.cameraPosition)
    for i in box.pointIndices {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        guard !cuboid.footprint.contains(SIMD2(q.x, q.y), margin: margin) else { continue }
        guard q.z >= minimumHeight else { continue }
        // A mixed pixel of the silhouette's edge band lies on a ray that passes over the top's
        // edge: between top and floor along that ray, outside the footprint, but no other box.
        if let cut = sightCrossing(from: camera, to: q, level: cuboid.height),
           cuboid.footprint.contains(cut, margin: margin) { continue }
        outside += 1
    }
    return Double(outside) / Double(max(1, box.pointIndices.count))
}

/// Why nothing box-sized stands on `floor`, when nothing does. A plane that holds more than
/// 90 % of the points (within the floor's RANSAC distance) fills the view, and from close by it
/// may be the top of a box the camera is held over rather than a floor (the SDK's known failure:
/// the floor locks onto the box's own lid):
/// - nearer the camera than `PipelineParameters.lidSuspicionHeight`, where a bare floor could
///   not hold a box within the measuring range, it is refused as `noGroundPlane`;
/// - where the part of it in view is no larger than the largest parcel
///   (`EnvelopeParameters.maximumParcelSide`, both sides of the minimum-area rectangle of its
///   points seen from above), it may be either: `noBox(closeSurface:)`, the camera's height above
///   it, whose message says both and asks to step back;
/// - otherwise, and when the plane does not fill the view, `noBox()`: a floor larger than any
///   parcel, with nothing on it.
///
/// Until 7 December 2026 the second case was a plain `noBox` ("Aim the camera at the box"), false
/// advice to a camera held 0.36-0.45 m over a large box's top (27 single-box captures of the saved
/// accuracy runs, e.g. `boxdim accuracy --split fixed --frames 1`, seed 4243, scenario 29, 0.38 m
/// over a 79 x 56 cm top).
func noBoxRefusal(_ scene: FusedScene, floor: FloorFit, parameters: PipelineParameters) -> DimensioningError {
    let cameraHeight = floor.plane.signedDistance(scene.cameraPosition)
    let frame = FloorFrame(floor: floor.plane)
    var onPlane: [SIMD2<Double>] = []
    for i in 0..<scene.pointsInWorld.count {
        let q = frame.local(scene.pointsInWorld[i])
        if abs(q.z) <= parameters.floor.distanceThreshold { onPlane.append(SIMD2(q.x, q.y)) }
    }
    let share = Double(onPlane.count) / Double(max(1, scene.pointsInWorld.count))
    guard share > 0.9 else { return .noBox() }
    if cameraHeight < parameters.lidSuspicionHeight {
        return .noGroundPlane(reason: String(format: "the only plane in view is %.2f m below the camera and fills the view: it may be a box's top", cameraHeight))
    }
    let largest = parameters.envelope.maximumParcelSide
    // The complement of the floor's own test of a surface wider than any parcel (`isASurface`).
    if let seen = minimumAreaRectangle(points: onPlane), seen.longerSide <= largest {
        return .noBox(closeSurface: cameraHeight)
    }
    return .noBox()
}

/// The image borders ("left", "right", "top", "bottom") that at least 5 of the box's pixels
/// reach within `margin` pixels (organized captures only; a few stray pixels are noise). With
/// `within`, only points inside that cuboid's footprint (plus `floorMargin` metres, seen from
/// above) count: the box itself meets the border, not a straggler of its cluster.
func cutOffEdges(_ scene: FusedScene, view: ViewedRegion?, box: BoxSegment, margin: Int, within cuboid: CuboidFit? = nil,
                 floorMargin: Double = 0) -> [String] {
    guard let cuboid else { return borderEdges(scene, view: view, indices: box.pointIndices, margin: margin) }
    return borderEdges(scene, view: view, indices: box.pointIndices.filter { i in
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        return cuboid.footprint.contains(SIMD2(q.x, q.y), margin: floorMargin)
    }, margin: margin)
}

/// The view's borders (left, right, top, bottom) that at least 5 of the points `indices`' pixels
/// lie within `margin` pixels of, sorted; empty for an unorganised cloud. The view is the part of
/// the reference image the sensor saw anything in: `view`, the scene's `ViewedRegion`, built
/// once per scene by the caller (nil for an unorganised cloud).
func borderEdges(_ scene: FusedScene, view: ViewedRegion?, indices: [Int], margin: Int) -> [String] {
    guard let pixels = scene.pixelIndex, let view else { return [] }
    var counts = [0, 0, 0, 0]
    for i in indices {
        let p = Int(pixels[i]), x = p % scene.gridWidth, y = p / scene.gridWidth
        guard y >= 0, y < scene.gridHeight else { continue }
        if x <= view.left[y] + margin { counts[0] += 1 }
        if x >= view.right[y] - margin { counts[1] += 1 }
        if y <= margin { counts[2] += 1 }
        if y >= scene.gridHeight - 1 - margin { counts[3] += 1 }
    }
    return ["left", "right", "top", "bottom"].enumerated().filter { counts[$0.offset] >= 5 }.map(\.element).sorted()
}

/// How many boxes a cluster refused as several boxes holds, at least 2: the floor area its
/// points cover seen from above (2 cm cells) over the fitted top's area, rounded.
func estimatedObjectCount(_ scene: FusedScene, box: BoxSegment, cuboid: CuboidFit) -> Int {
    var cells = Set<SIMD2<Int32>>()
    for i in box.pointIndices {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        cells.insert(SIMD2(gridCell(q.x, size: 0.02), gridCell(q.y, size: 0.02)))
    }
    let covered = Double(cells.count) * 0.0004
    let top = max(cuboid.length * cuboid.width, 1e-4)
    return max(2, Int((covered / top).rounded()))
}
