import Foundation

/// The flat tops of `surfaces` lower than any box the engine measures that belong to an object
/// holding a taller part, each as a row of its own refused as too small (height).
///
/// PCL's Euclidean clustering joins objects that touch within its tolerance, so a flat parcel
/// lying against a taller object becomes part of that object's cluster. The taller part is
/// measured (or refused) for itself, from its own top; without this the low top would have no
/// row at all, where standing apart it gets one ("too small: 4.5 cm high"): the sugar box lying
/// flat against the drill in the real `posecnn-desk/frame-5` (about 4 cm high) had no row, while
/// in `frame-2`, standing apart, it is listed as too small.
///
/// A low top is a surface of its own (a step of more than `SceneParameters.stepTolerance` cuts
/// it from the floor around it, so it is neither the floor nor a patch of floor bending with
/// range), standing more than that step above the floor plane and under
/// `EnvelopeParameters.minimumHeight`; no longer than the longest parcel
/// (`EnvelopeParameters.maximumParcelSide`: a pallet's bottom board is a support, not a parcel);
/// and held by an object (`regionOwners`) with a taller part. An object with no top and nothing
/// as high as the least height is listed as too small by `measureAllBoxes` already.
///
/// - Parameters:
///   - surfaces: every flat surface of the height map (`findTopRegions` from under the floor).
///   - tallOwners: the owner (`regionOwners`) of each of the scene's tops at least the least
///     height above the floor.
/// - Returns: one refused `SceneBox` per low top, at its outline's centre (floor coordinates).
func lowTopsBeside(_ surfaces: [TopRegion], tallOwners: [Int?], map: HeightMap, scene: FusedScene,
                   objects: [BoxSegment], parameters: PipelineParameters,
                   sceneParameters: SceneParameters) -> [SceneBox] {
    let low = surfaces.filter { $0.level > sceneParameters.stepTolerance && $0.level < parameters.envelope.minimumHeight }
    guard !low.isEmpty else { return [] }
    let owners = regionOwners(low, map: map, objects: objects, pointCount: scene.pointsInWorld.count)
    // Objects whose taller part has a row: at least one of the scene's tops, or a lone object
    // as high as the least height (its row stands for its taller part).
    let tall = Set(tallOwners.compactMap { $0 })
    var rows: [SceneBox] = []
    for (r, top) in low.enumerated() {
        guard let owner = owners[r],
              tall.contains(owner) || (Statistics.quantile(objects[owner].heights, 0.99) ?? 0) >= parameters.envelope.minimumHeight,
              let outline = TopOutline(top, map: map, scene: scene, stepTolerance: sceneParameters.stepTolerance),
              outline.rectangle.longerSide <= parameters.envelope.maximumParcelSide else { continue }
        rows.append(SceneBox(positionOnSupport: outline.rectangle.center, topLevel: top.level,
                             outcome: .failure(.boxTooSmall(size: .height, metres: top.level,
                                                            minimum: parameters.envelope.minimumHeight)),
                             naiveSize: outline.naiveSize))
    }
    return rows
}
