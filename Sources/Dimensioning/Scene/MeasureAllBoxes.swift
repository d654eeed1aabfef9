import Foundation

/// Measures every carton in a scene, each with its own size ± U or its own refusal.
///
/// 1. `fuseFrames` and `fitFloor` as for one box; the objects standing on the floor are
///    `boxCandidates` (Euclidean clusters), all of them but walls alone and bare tables; a
///    table's top with objects on it is the objects on it (`sceneObjects`).
/// 2. The scene seen from above (`HeightMap`, every point from 5 cm under the floor plane up to
///    the tallest box) is cut into flat tops (`findTopRegions`): a depth step between two tops
///    cuts them apart.
/// 3. An object holding one top (uncut by seams), or none (no flat region wide enough: a box
///    smaller than the engine measures, a bag), is a lone object and is measured by the whole engine
///    (`measureCandidate`, on the surface `sceneObjects` found it on, the floor refitted around
///    it): what `boxdim measure` would say of it alone, unless a nearer object
///    hides part of it (`hiddenOutlinePixels`: refused as `hiddenBehind`). An object standing
///    behind it does not refuse it, as it would refuse `boxdim measure`: it is listed on its own.
/// 4. Each top of an object holding several (cartons pressed together, a pallet) is measured
///    from its top alone (`measureTop`), standing on the highest surface seen beside it
///    (`supportBeside`), or anywhere on the layer that surface makes with those seen beside the
///    scene's other tops (`joiningLayers`). Every top is listed but one longer than any parcel
///    (`EnvelopeParameters.maximumParcelSide`) that another top stands on: a table's, a
///    pallet's deck, their support and no carton.
///
/// Cartons of one height pressed together with no step between them are one top to a depth
/// camera. Given the colour image of the capture's reference view (`colour`: the image recorded
/// with frame `capture.referenceFrameIndex(parameters.fusion)`, the one fusion looks from; at the colour
/// stream's intrinsics, or the depth's when the capture has none), each top is cut along the
/// seams between lids it shows (`cutAtSeams`), and a lone object whose top is cut becomes
/// several cartons measured from their tops. Without one, such cartons make one top: refused
/// as not a cuboid when they make an L or a T, measured as one carton when a rectangle, and no
/// carton of the scene is accepted (`SceneBoxMeasurement.notAcceptedBecause`).
///
/// Deterministic like `runPipeline`.
///
/// - Throws: the scene's refusal (no depth, no ground plane, no object on it, or one too small
///   to be taken for a box: `smallObjectRefusal`), or `profileMismatch`; a carton's refusal is
///   its own `SceneBox.outcome`.
public func measureAllBoxes(_ capture: DepthCapture, parameters: PipelineParameters = .init(),
                            sceneParameters: SceneParameters = .init(),
                            colour: LumaImage? = nil) throws(DimensioningError) -> SceneMeasurement {
    let (capture, parameters) = try preparedForMeasuring(capture, parameters: parameters)
    let scene = try fuseFrames(capture, parameters: parameters.fusion, sensor: parameters.behaviour)
    let floor = try fitFloor(scene, parameters: parameters.floor, sensor: parameters.behaviour,
                             envelope: parameters.envelope)
    let found: [(object: BoxSegment, surface: FloorFit?)], frame: FloorFrame
    do {
        (found, frame) = try sceneObjects(scene, floor: floor, parameters: parameters)
    } catch {
        // No object of a box's many points: the one aimed at may be too small for that, as
        // `runPipeline` says of it.
        throw refusalNamingSmallObject(error, scene: scene, floor: floor, parameters: parameters)
    }
    let objects = found.map(\.object)

    var mapped: [Int] = []
    for i in 0..<scene.pointsInWorld.count {
        let h = floor.plane.signedDistance(scene.pointsInWorld[i])
        if h >= -0.05 && h <= parameters.isolation.maximumHeightAboveFloor { mapped.append(i) }
    }
    let cellSize = max(sceneParameters.cellSize, 1.5 * pointSpacing(scene, indices: mapped, frame: frame))
    let map = HeightMap(scene, indices: mapped, frame: frame, cellSize: cellSize, surfaceBand: sceneParameters.stepTolerance)
    // Every flat surface (the floor and a pallet's deck too, as supports); the tops are those
    // at least a box's height above the floor.
    let surfaces = try findTopRegions(map, minimumHeight: -0.05,
                                      minimumArea: parameters.envelope.minimumSide * parameters.envelope.minimumSide / 2,
                                      parameters: sceneParameters)
    var surfaceOfCell: [Int: Int] = [:]
    for (k, surface) in surfaces.enumerated() { for cell in surface.cells { surfaceOfCell[cell] = k } }
    let regions = surfaces.filter { $0.level >= parameters.envelope.minimumHeight }
    let owners = regionOwners(regions, map: map, objects: objects, pointCount: scene.pointsInWorld.count)

    let pixels = PixelPoints(scene)
    let view = ViewedRegion(scene)
    let image = colour.flatMap { SeamImage($0, intrinsics: capture.colour?.intrinsics, scene: scene, frame: frame) }
    // Each object's tops, cut along the seams between lids the colour image shows. Cartons cut
    // from one top stand on one surface: the one seen beside the whole top.
    var plans: [(object: Int, tops: [Int], pieces: [(piece: TopPiece, support: Int?)])] = []
    var supports: [SupportBeside?] = []
    // The outline of top `r`, and the surface seen beside it.
    let outlineOf = { (r: Int) in TopOutline(regions[r], map: map, scene: scene, stepTolerance: sceneParameters.stepTolerance) }
    let supportBesideTop = { (r: Int, outline: TopOutline) in
        supportBeside(map, rectangle: outline.rectangle, level: regions[r].level,
                      minimumHeight: parameters.envelope.minimumHeight, minimumWidth: parameters.envelope.minimumSide / 2,
                      surfaces: surfaces, surfaceOfCell: surfaceOfCell, parameters: sceneParameters)
    }
    // A carton measured from its top (`measureTop`), placed where its footprint stands.
    let measuredFromTop = { (piece: TopPiece, support: SupportBeside?) -> SceneBox in
        let outcome: Result<SceneBoxMeasurement, DimensioningError>
        do throws(DimensioningError) {
            outcome = .success(try measureTop(piece, support: support, map: map, scene: scene, view: view, pixels: pixels,
                                              image: image, parameters: parameters, sceneParameters: sceneParameters))
        } catch { outcome = .failure(error) }
        let position = (try? outcome.get())?.footprint.center ?? piece.outline.rectangle.center
        return SceneBox(positionOnSupport: position, topLevel: piece.region.level, outcome: outcome,
                        naiveSize: piece.outline.naiveSize)
    }
    for k in objects.indices {
        let tops = regions.indices.filter { owners[$0] == k }
        var pieces: [(piece: TopPiece, support: Int?)] = []
        if tops.count > 1 || image != nil {
            for r in tops {
                guard let outline = outlineOf(r) else { continue }
                supports.append(supportBesideTop(r, outline))
                pieces += cutAtSeams(regions[r], outline: outline, map: map, scene: scene, image: image,
                                     minimumSide: parameters.envelope.minimumSide, parameters: sceneParameters)
                    .map { ($0, supports.count - 1) }
            }
        }
        plans.append((k, tops, pieces))
    }
    supports = joiningLayers(supports, gap: parameters.envelope.minimumHeight)

    var boxes: [SceneBox] = [], supportLevels: [Double] = []
    for (k, tops, pieces) in plans {
        if tops.count <= 1 && pieces.count <= 1 {
            // One top, or none flat and wide enough to be one (a box smaller than the engine
            // measures, a bag, a sparse merged cloud's top): what `boxdim measure` says of it.
            let level = tops.first.map { regions[$0].level }
                ?? Statistics.quantile(objects[k].heights, 0.99) ?? 0
            // Lower than any box the engine measures (a bump of a stereo camera's far floor, a
            // flat parcel): its height alone says so, before any other check.
            if tops.isEmpty && level < parameters.envelope.minimumHeight {
                boxes.append(SceneBox(positionOnSupport: centreOnFloor(objects[k], scene: scene, frame: frame), topLevel: level,
                                      outcome: .failure(.boxTooSmall(size: .height, metres: level, minimum: parameters.envelope.minimumHeight))))
                continue
            }
            let lone = measureLoneObject(objects[k], on: found[k].surface, topLevel: level, scene: scene, view: view, pixels: pixels,
                                         map: map, floor: floor, frame: frame, colourSearched: image != nil && !tops.isEmpty,
                                         parameters: parameters, sceneParameters: sceneParameters)
            // A side past which a taller object's face rises (`EdgeEstimate.risesAgainstSurface`):
            // the engine sees no silhouette of the lid there, and has no model of where the lid
            // ends against, or under the shadow of, that object. Measured from its top as a
            // carton among others is (`silhouetteSides`: the neighbour's face, or the gap to its
            // foot).
            if case let .success(measured) = lone.outcome,
               measured.pipeline?.cuboid.edges.contains(where: { $0.risesAgainstSurface(parameters.behaviour) }) == true,
               let r = tops.first, let outline = outlineOf(r) {
                let piece = TopPiece(region: regions[r], outline: outline, seams: [], searched: image != nil)
                boxes.append(measuredFromTop(piece, supportBesideTop(r, outline)))
            } else {
                var lone = lone
                // Its one top's outline: the uncut piece's when the colour image was searched.
                lone.naiveSize = (pieces.first?.piece.outline ?? tops.first.flatMap(outlineOf))?.naiveSize
                boxes.append(lone)
            }
            continue
        }
        var measured: [(box: SceneBox, support: Double?)] = []
        // A top longer than any parcel that another top of the object stands on (a table's, a
        // pallet's deck) is their support, not a carton: no row of its own.
        let standingOn = pieces.compactMap { $0.support.flatMap { supports[$0]?.level } }
        for (piece, index) in pieces {
            if piece.outline.rectangle.longerSide > parameters.envelope.maximumParcelSide,
               standingOn.contains(where: { abs($0 - piece.region.level) <= sceneParameters.stepTolerance }) { continue }
            let support = index.flatMap { supports[$0] }
            measured.append((measuredFromTop(piece, support), support?.level))
        }
        // Surfaces the measured cartons stand on, other than the floor plane.
        for entry in measured {
            boxes.append(entry.box)
            if case .success = entry.box.outcome, let level = entry.support, level > parameters.envelope.minimumHeight,
               !supportLevels.contains(where: { abs($0 - level) <= sceneParameters.stepTolerance }) {
                supportLevels.append(level)
            }
        }
    }
    // Tops lower than any box the engine measures, in an object that holds a taller one (a flat
    // parcel lying against a taller object, joined to it by the clustering): a row of their own.
    boxes += lowTopsBeside(surfaces, tallOwners: owners, map: map, scene: scene, objects: objects,
                           parameters: parameters, sceneParameters: sceneParameters)
    // Near to far along the view, then across it (10-cm rows).
    boxes.sort { a, b in
        let rowA = (a.positionOnSupport.x / 0.1).rounded(.down), rowB = (b.positionOnSupport.x / 0.1).rounded(.down)
        return rowA != rowB ? rowA < rowB : a.positionOnSupport.y < b.positionOnSupport.y
    }
    return SceneMeasurement(scene: scene, floor: floor, frame: frame, boxes: boxes,
                            supportLevels: supportLevels.sorted(by: >))
}

/// The typical distance between neighbouring points on the support, metres: 2 cm over the root
/// of the median number of points in the 2-cm cells they occupy.
func pointSpacing(_ scene: FusedScene, indices: [Int], frame: FloorFrame) -> Double {
    var counts: [SIMD2<Int32>: Int] = [:]
    for i in indices {
        let q = frame.local(scene.pointsInWorld[i])
        counts[SIMD2(gridCell(q.x, size: 0.02), gridCell(q.y, size: 0.02)), default: 0] += 1
    }
    let median = Statistics.median(counts.values.map(Double.init)) ?? 1
    return 0.02 / max(1, median).squareRoot()
}

/// For each region, the object (index into `objects`) most of its top points belong to; nil
/// when none does (a top of points outside every cluster).
func regionOwners(_ regions: [TopRegion], map: HeightMap, objects: [BoxSegment], pointCount: Int) -> [Int?] {
    var objectOfPoint = [Int32](repeating: -1, count: pointCount)
    for (k, object) in objects.enumerated() { for i in object.pointIndices { objectOfPoint[i] = Int32(k) } }
    var regionOfCell: [Int: Int] = [:]
    for (r, region) in regions.enumerated() { for cell in region.cells { regionOfCell[cell] = r } }
    var votes = [[Int32: Int]](repeating: [:], count: regions.count)
    for j in 0..<map.pointIndices.count {
        guard let r = regionOfCell[Int(map.pointCells[j])], abs(map.pointHeights[j] - regions[r].level) <= 0.02 else { continue }
        let owner = objectOfPoint[map.pointIndices[j]]
        if owner >= 0 { votes[r][owner, default: 0] += 1 }
    }
    return votes.map { tally in tally.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }.map { Int($0.key) } }
}

/// The objects of a scene, each to be measured on its own or cut into cartons at its tops: the
/// objects on the view's floor (`boxCandidates`, all of them) but a wall alone (`isWallAlone`),
/// with each that stands on a surface of its own taken as what stands apart on it. A table's
/// top and everything on it stand on the room's floor as one cluster, or some of them apart
/// from the table: a cluster whose top is a surface wider than any parcel is the objects found
/// on that surface (`objectsOnSurfaceTop`; none for a bare table), and an object standing on
/// one (`supportAround`: a table's top seen beside its own) the objects found on it that hold
/// its points; an object that is part of such a surface (`isPartOfSupport`: a board of a
/// pallet's deck) is none. Each is then measured on that surface (returned with it; nil for the
/// view's floor), as `boxdim measure` measures a box on a table.
/// Also returns the view's floor frame.
///
/// - Throws: `noBox` when no object is left, or `noGroundPlane` when the "floor" is the lid of
///   a box the camera is held over (`noBoxRefusal`), as `measurableObjects`.
func sceneObjects(_ scene: FusedScene, floor: FloorFit,
                  parameters: PipelineParameters) throws(DimensioningError)
    -> (objects: [(object: BoxSegment, surface: FloorFit?)], frame: FloorFrame) {
    do throws(DimensioningError) {
        let onFloor = try boxCandidates(scene, floor: floor, parameters: parameters.isolation, limit: Int.max)
        var objects: [(object: BoxSegment, surface: FloorFit?)] = []
        var supports: [SurfaceStoodOn] = []
        for object in onFloor where !isWallAlone(scene, cluster: object, floor: floor, parameters: parameters) {
            if let (surface, standing) = objectsOnSurfaceTop(scene, cluster: object, floor: floor, parameters: parameters) {
                objects += standing.map { ($0, surface) }
            } else if let support = supportAround(scene, floor: floor, box: object, parameters: parameters.floor),
                      let again = try? boxCandidates(scene, floor: support, parameters: parameters.isolation, limit: Int.max) {
                let standing = object.foundAgain(in: again)
                objects += standing.isEmpty ? [(object, nil)] : standing.map { ($0, support) }
                if !standing.isEmpty { supports.append(SurfaceStoodOn(support, under: object, scene: scene, floor: floor)) }
            } else {
                objects.append((object, nil))
            }
        }
        // A pallet's boards, on the deck with air under them, are the deck a carton stands on,
        // no carton.
        objects.removeAll { $0.surface == nil && isPartOfSupport($0.object, scene: scene, supports: supports) }
        if objects.isEmpty { throw .noBox() }
        return (objects, onFloor[0].floorFrame)
    } catch .noBox {
        throw noBoxRefusal(scene, floor: floor, parameters: parameters)
    }
}

/// Pixels of an outline bordering something nearer (`hiddenOutlinePixels`) from which an object
/// counts as partly hidden: as many as make a cut-off (`borderEdges`); fewer are stray points.
let minimumHiddenPixels = 5

/// A lone object measured by the whole engine, on the surface it stands on (`surface`, where
/// `sceneObjects` found it on one, else the view's `floor`), refitted around it; refused as
/// `hiddenBehind` when something nearer hides part of its top's outline (its points within 2 cm
/// of the top's level). `colourSearched`: its top was searched for seams in the colour image,
/// and none cut it.
func measureLoneObject(_ object: BoxSegment, on surface: FloorFit?, topLevel: Double, scene: FusedScene,
                       view: ViewedRegion?, pixels: PixelPoints?, map: HeightMap, floor: FloorFit, frame: FloorFrame, colourSearched: Bool,
                       parameters: PipelineParameters, sceneParameters: SceneParameters) -> SceneBox {
    // On the surface it stands on (a table's top, not the room's floor past its edge:
    // `sceneObjects` found it there), the floor refitted around it.
    let (box, floorHere) = refittedAroundCandidate(scene, viewFloor: surface ?? floor, candidate: object, parameters: parameters)
        ?? (object, surface ?? floor)
    let centre = centreOnFloor(box, scene: scene, frame: frame)
    do throws(DimensioningError) {
        // Something nearer hides part of its top (another object in front): its size is not
        // seen. Its side faces may be hidden: the engine places their sides from the top too.
        // (`topLevel` is above the view's floor, the object's heights above its own.)
        let lift = object.pointIndices.first.map { floor.plane.signedDistance(scene.pointsInWorld[$0]) - object.heights[0] } ?? 0
        let topBand = zip(object.pointIndices, object.heights).filter { $0.1 + lift >= topLevel - 0.02 }.map(\.0)
        let hidden = hiddenOutlinePixels(scene, pixels: pixels, indices: topBand)
        if hidden >= minimumHiddenPixels { throw .hiddenBehind(pixels: hidden) }
        // An object partly hidden behind it is another object of the scene, with its own row (or
        // none, without a flat top): the single-box refusal "several boxes, measure one at a time"
        // (`occludedNeighbourPoints`) has no place here, and the object's top, seen whole, is not
        // changed by what stands behind it. A cluster holding more than one box is still refused.
        var alone = parameters
        alone.singleBox.minimumHiddenNeighbourPoints = .max
        var narrow = false
        let result = try measureCandidate(box, scene: scene, view: view, floor: floorHere, parameters: alone, narrow: &narrow)
        // A side the camera cannot see past, in a taller neighbour's shadow: the top may run on
        // there, however few of its outline's pixels border the neighbour.
        // (An unorganised cloud, merged from views unknown, has no one line of sight.)
        let shadowed = scene.intrinsics.map { intrinsics in
            sidesSeenPastBlocked(mapRectangle(result.cuboid, frame: map.frame), level: topLevel,
                                 camera: map.frame.local(scene.cameraPosition), map: map,
                                 margin: sceneParameters.stepTolerance, pixelAngle: 2 / max(1, intrinsics.fx + intrinsics.fy))
        } ?? 0
        if shadowed > 0 { throw .hiddenBehind(pixels: hidden, shadowedSides: shadowed) }
        let q = frame.local(result.cuboid.centerInWorld)
        return SceneBox(positionOnSupport: SIMD2(q.x, q.y), topLevel: topLevel,
                        outcome: .success(SceneBoxMeasurement(result, searched: colourSearched)))
    } catch {
        return SceneBox(positionOnSupport: centre, topLevel: topLevel, outcome: .failure(error))
    }
}

/// `cuboid`'s footprint in floor coordinates of `frame` (metres): a lone object's cuboid is
/// fitted in the frame of the surface it stands on.
func mapRectangle(_ cuboid: CuboidFit, frame: FloorFrame) -> Rectangle2D {
    let centre = frame.local(cuboid.centerInWorld)
    let axis = frame.local(cuboid.centerInWorld + cuboid.axesInWorld[0]) - centre
    let direction = SIMD2(axis.x, axis.y)
    let norm = (direction * direction).sum().squareRoot()
    return Rectangle2D(center: SIMD2(centre.x, centre.y), axisA: norm > 1e-9 ? direction / norm : SIMD2(1, 0),
                       halfA: cuboid.length / 2, halfB: cuboid.width / 2)
}

/// The mean of `object`'s points seen from above (floor coordinates of `frame`, metres): where a
/// refused object is listed.
func centreOnFloor(_ object: BoxSegment, scene: FusedScene, frame: FloorFrame) -> SIMD2<Double> {
    var centre = SIMD2<Double>.zero
    for i in object.pointIndices {
        let q = frame.local(scene.pointsInWorld[i])
        centre += SIMD2(q.x, q.y)
    }
    return centre / Double(max(1, object.pointIndices.count))
}
