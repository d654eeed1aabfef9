import Foundation

/// One side of a carton measured from its top (`measureTop`), as the reference camera sees it.
struct TopSide: Sendable, Equatable {
    /// Metres one reference pixel spans at the side's middle, at the top's level.
    var footprint: Double
    /// Whether the camera sees the side's face: its outward normal points towards the camera
    /// across the floor.
    var facesCamera: Bool
    /// The seam it lies on (`snappedToSeams`); nil when it is placed otherwise.
    var seam: SeamLine?
    /// The lid's edge the colour image shows beside a taller neighbour (`atLidEdges`); nil when
    /// it is placed otherwise.
    var lidEdge: LidEdge?
    /// What placed it from the depth (`silhouetteSides`): its silhouette or its own side face;
    /// nil when a line of the colour image placed it, or only the top's outline did.
    var depthEvidence: SideEvidence? = nil

    /// Whether a sensor profile's edge offset moves it: a side placed from the top's depth
    /// outline or silhouette does; one on a line of the colour image (a seam, a lid's edge) or
    /// on its own side face does not.
    var carriesProfileOffset: Bool { seam == nil && lidEdge == nil && (depthEvidence?.carriesEdgeBias ?? true) }
}

/// The four sides (+A, −A, +B, −B) of `rectangle` (floor coordinates of `frame`) at `level`
/// metres above the floor; `seams` per side from `snappedToSeams`, `lidEdges` from `atLidEdges`,
/// `depthEvidence` from `silhouetteSides`.
/// Without intrinsics (an unorganised cloud) a pixel spans `spacing`, the top's point spacing.
func topSides(_ rectangle: Rectangle2D, seams: [SeamLine?], lidEdges: [LidEdge?] = [nil, nil, nil, nil],
              depthEvidence: [SideEvidence?] = [nil, nil, nil, nil], level: Double,
              spacing: Double, scene: FusedScene, frame: FloorFrame) -> [TopSide] {
    let focal = scene.intrinsics.map { ($0.fx + $0.fy) / 2 }
    return (0..<4).map { side in
        let (normal, _, distance, _) = rectangle.side(side)
        let middle = rectangle.center + distance * normal
        let point = frame.world(SIMD3(middle.x, middle.y, level))
        let footprint = focal.map { length(point - scene.cameraPosition) / max($0, 1) } ?? spacing
        let facing = dot(frame.worldDirection(normal), scene.cameraPosition - point) > 0
        return TopSide(footprint: footprint, facesCamera: facing, seam: seams[side], lidEdge: lidEdges[side],
                       depthEvidence: depthEvidence[side])
    }
}

/// `rectangle` with each side placed from the top's extent moved inward by `profile`'s edge
/// offset (pixels, positive outward: a fattening sensor's) times its footprint, the sides
/// facing the camera by the profile's own offset for them when it has one; and its sides in
/// the moved rectangle's order (length along `axisA` again).
func applying(_ profile: SensorProfile, to rectangle: Rectangle2D, sides: [TopSide]) -> (Rectangle2D, [TopSide]) {
    var extent = [rectangle.halfA, rectangle.halfA, rectangle.halfB, rectangle.halfB]
    for (k, side) in sides.enumerated() where side.carriesProfileOffset {
        extent[k] -= profile.offsetPixels(facingCamera: side.facesCamera) * side.footprint
    }
    let (moved, swapped) = resized(rectangle, extents: extent)
    return (moved, swapped ? Rectangle2D.swappedSides(sides) : sides)
}
