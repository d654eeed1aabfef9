import Foundation

/// Whether a candidate lower than any parcel (`Undersize`) is the floor's own noise, not an
/// object lying on it: its top, `height` metres above the floor plane, rises no more than
/// `FloorNearBox.floorSigmas` (3) robust standard deviations (`FloorNearBox.scatter`) above the
/// floor seen around it (`FloorNearBox.offset`, the ring 2-25 cm outside the candidate's
/// footprint, the minimum-area rectangle of its points seen from above).
///
/// A time-of-flight camera's floor 2.5-3.5 m away scatters by 1-2 cm, and its upper tail
/// forms blobs of a few hundred points 2-5 cm above the plane (the fixed split, seed 5077,
/// scenarios 4 and 74, floor only: refused as "too small to measure as a box: the object found
/// stands 1.9 ± 0.5 cm high", for an object that is not there). Such a blob is no object:
/// the scene has no box. A mat or a board lying on a floor that scatters by a few millimetres
/// rises many of its sigmas above it, and is refused as lying flat, as before.
///
/// - Returns: false where fewer than 20 floor points surround the candidate: nothing says how
///   the floor scatters there.
func riseIsFloorNoise(_ scene: FusedScene, box: BoxSegment, height: Double) -> Bool {
    let frame = box.floorFrame
    let footprint = box.pointIndices.map { i -> SIMD2<Double> in
        let q = frame.local(scene.pointsInWorld[i])
        return SIMD2(q.x, q.y)
    }
    guard let rectangle = minimumAreaRectangle(points: footprint) else { return false }
    return riseIsFloorNoise(scene, box: box, footprint: rectangle, height: height)
}

/// As `riseIsFloorNoise(_:box:height:)`, for a candidate whose footprint (the minimum-area
/// rectangle of its points seen from above, floor coordinates of `box.floorFrame`) is known.
func riseIsFloorNoise(_ scene: FusedScene, box: BoxSegment, footprint: Rectangle2D, height: Double) -> Bool {
    guard let ring = FloorNearBox(scene, box: box, footprint: footprint) else { return false }
    return height - ring.offset <= FloorNearBox.floorSigmas * ring.scatter
}
