import Foundation

/// Everything the pipeline computed for one capture, stage by stage (metres, world frame).
public struct PipelineResult: Sendable {
    public var scene: FusedScene
    public var floor: FloorFit
    public var box: BoxSegment
    public var top: TopFaceFit
    public var cuboid: CuboidFit
    public var agreement: FrameAgreement?
    /// Share of the top's interior on one plane (`topFlatness`), 0...1.
    public var flatness: Double
    /// Distance from the reference camera to the centre of the box's top, metres.
    public var distance: Double
    /// Why the measurement does not fit the tolerance: for each dimension whose U is over it,
    /// its largest terms (`MeasurementUncertainty.reasons(tolerance:)`); empty when every U fits.
    public var confidenceReasons: [String] = []
    /// How well each dimension is known (`estimateUncertainty`).
    public var uncertainty: MeasurementUncertainty
    /// The tolerance the measurement is judged against, metres (`UncertaintyParameters.tolerance`).
    public var tolerance: Double
    /// What is irregular about the parcel that was measured as the cuboid enclosing it (a recess
    /// in its lid, a crushed corner), one sentence each; empty for a plain box.
    public var shapeNotes: [String] = []
    /// The top's relief (`measureTopRelief`): a raised part, the lid's profile at its sides,
    /// and how far the height rose to a bowed lid's crown; nil where the lid was too small.
    public var relief: TopRelief? = nil

    /// The model's probability (0...1) that every dimension is within `tolerance` of the truth:
    /// the confidence a pipeline gates on.
    public var probabilityWithinTolerance: Double { uncertainty.probabilityWithin(tolerance: tolerance) }
    /// Whether every dimension's expanded uncertainty (k = 2) is within `tolerance`.
    public var fitsTolerance: Bool { uncertainty.fits(tolerance: tolerance) }
    /// Whether `measure` accepts it (exit code 0): every dimension's U within the tolerance, and
    /// the probability of being within it, to four decimals as the record states it, at least
    /// `minimumConfidence` (0...1; `--min-confidence`, default 0.85).
    public func isAccepted(minimumConfidence: Double = 0.85) -> Bool {
        uncertainty.accepts(tolerance: tolerance, minimumConfidence: minimumConfidence)
    }
}

/// The measurement pipeline: `fuseFrames` → `fitFloor` → `isolateBox` (→ `localFloor` and
/// `isolateBox` again when the floor around the box differs from the whole view's) → `fitTopFace` →
/// `fitCuboid` → envelope checks → `measureFrameAgreement` → `estimateUncertainty`.
///
/// Deterministic: the same capture and parameters give bit-identical results.
///
/// - Throws: a `DimensioningError` refusal (no depth, no ground plane, no box, cut off, too
///   small, out of range, not a cuboid) with its reason (with no object of a box's many points,
///   the object aimed at refused for its size when its points show it is too small:
///   `smallObjectRefusal`); `profileMismatch` when the
///   parameters' sensor profile was calibrated on depth images of another size.
public func runPipeline(_ capture: DepthCapture, parameters: PipelineParameters = .init()) throws(DimensioningError) -> PipelineResult {
    let (capture, parameters) = try preparedForMeasuring(capture, parameters: parameters)
    let scene = try fuseFrames(capture, parameters: parameters.fusion, sensor: parameters.behaviour)
    let viewFloor = try fitFloor(scene, parameters: parameters.floor, sensor: parameters.behaviour,
                                 envelope: parameters.envelope)
    do {
        return try measureAimedObject(scene, viewFloor: viewFloor, parameters: parameters)
    } catch {
        // Nothing of a box's many points: the object aimed at may be there, too small for that.
        throw refusalNamingSmallObject(error, scene: scene, floor: viewFloor, parameters: parameters)
    }
}

/// `runPipeline` from the floor on: the objects on `viewFloor`, the surface the first stands
/// on, and each candidate measured in turn until one is a box (`measureCandidate`).
func measureAimedObject(_ scene: FusedScene, viewFloor: FloorFit,
                        parameters: PipelineParameters) throws(DimensioningError) -> PipelineResult {
    // The object the camera is aimed at comes first; if it is not a measurable box (a laptop,
    // a bag) the next nearest is tried, and if none is, the nearest one's refusal is reported.
    var candidates = try measurableObjects(scene, floor: viewFloor, parameters: parameters,
                                           limit: parameters.isolation.maximumCandidates)
    // A box against a wall forms one cluster with the wall's foot (`wallsJoining`), which runs
    // to the image's borders; found again without the wall, a top within 5 cm of it
    // (`objectGapToWalls`) has a side that cannot be told from the wall. Farther, stray pixels
    // joined them, and the box is measured as before. Walls near the box are kept for the
    // confidence (`EdgeEstimate.wallDistance`).
    var walls: [WallFit] = []
    if let first = candidates.first {
        let joined = wallsJoining(scene, cluster: first, parameters: parameters.walls, floor: parameters.floor,
                                  longestParcel: parameters.envelope.maximumParcelSide)
        if !joined.isEmpty, let gap = objectGapToWalls(joined, scene: scene, floor: viewFloor, parameters: parameters),
           gap <= parameters.walls.reach / 2 {
            throw .againstWall
        }
        walls = joined.isEmpty ? wallsBeside(scene, box: first, reach: parameters.walls.reach, parameters: parameters.walls,
                                                   floor: parameters.floor, longestParcel: parameters.envelope.maximumParcelSide) : joined
        // A wall is no part of any object: the objects are found again without its points, so
        // that a table standing against a wall is a table (its top wider than any parcel, with
        // the box on it: `objectsOnSurfaceTop`, or bare: no object), not one object with the
        // wall running out of the view.
        if !joined.isEmpty {
            candidates = try measurableObjects(scene, floor: viewFloor, parameters: parameters,
                                               limit: parameters.isolation.maximumCandidates, walls: joined)
        }
    }
    // The surface the first candidate stands on, when it is not the view's floor: the objects
    // are found again on it (`measurableObjects`, so that a bare surface found again is passed
    // over again). The first candidate may be that surface itself: its top a table's, wider
    // than any parcel, with something standing on it too small to be the cluster's top (a 5-cm
    // box: `objectsOnSurfaceTop`). Or it stands on a surface with the room's floor in view past
    // its edge (`supportAround`).
    var floor = viewFloor
    if let first = candidates.first {
        if let (surface, standing) = objectsOnSurfaceTop(scene, cluster: first, floor: floor, parameters: parameters),
           !standing.isEmpty {
            floor = surface
            candidates = standing
        } else if let support = supportAround(scene, floor: floor, box: first, parameters: parameters.floor),
                  let again = try? measurableObjects(scene, floor: support, parameters: parameters,
                                                     limit: parameters.isolation.maximumCandidates) {
            floor = support
            candidates = again
        }
    }
    // The floor where it matters: re-fitted around the first candidate (`localFloor`); when it
    // differs from the whole view's plane, the objects are found again on it.
    if let first = candidates.first, let local = localFloor(scene, floor: floor, box: first, parameters: parameters.floor),
       floorsDiffer(local, floor, at: scene.pointsInWorld[first.pointIndices[0]]),
       let again = try? measurableObjects(scene, floor: local, parameters: parameters, limit: parameters.isolation.maximumCandidates) {
        floor = local
        candidates = again
    }
    // Only objects that are not boxes at all are passed over; a box that is cut off, touches
    // another or is out of range is refused, not swapped for a neighbour.
    var firstError: DimensioningError?, lyingFlat: DimensioningError?
    // A candidate narrower than the least box, though its U does not place it under it
    // (`Undersize`), may be a box or a sliver of something else (a board's edge, a thinned
    // cloud's strip of a rug, a distractor beside a box refused as not a cuboid). Its measurement
    // stands unless a wider candidate is measured, or one before it in the order was refused for
    // what it is; its refusal neither ends the search nor stands for a wider candidate's.
    var narrowResult: PipelineResult?, narrowError: DimensioningError?, widerRefused = false
    let view = ViewedRegion(scene)
    for (k, candidate) in candidates.enumerated() {
        // A later candidate (the first one was not a box) gets the floor fitted around itself.
        var box = candidate, floorHere = floor
        if k > 0, let refit = refittedAroundCandidate(scene, viewFloor: viewFloor, candidate: candidate, parameters: parameters) {
            (box, floorHere) = refit
        }
        box.walls = walls
        var narrow = false
        do {
            let result = try measureCandidate(box, scene: scene, view: view, floor: floorHere, parameters: parameters,
                                              narrow: &narrow)
            if !narrow { return result }
            if narrowResult == nil { narrowResult = result }
        } catch {
            // Lower than any parcel over a parcel's footprint (a bump of the floor, something
            // lying flat): not the object aimed at, whatever its place in the order.
            // (`measureCandidate` refuses only such a candidate by its height.) Its refusal
            // stands when nothing else is found, unless it is the floor's own noise
            // (`riseIsFloorNoise`): then nothing was found.
            if case .boxTooSmall(.height, let height, _, _) = error {
                if lyingFlat == nil, !riseIsFloorNoise(scene, box: box, height: height) { lyingFlat = error }
                continue
            }
            if narrow {
                if narrowError == nil { narrowError = error }
                continue
            }
            if firstError == nil { firstError = error }
            switch error {
            case .boxTooSmall: continue
            case .notCuboid:
                if narrowResult == nil { widerRefused = true }
                continue
            default:
                if !widerRefused, let narrowResult { return narrowResult }
                throw firstError ?? error
            }
        }
    }
    if !widerRefused, let narrowResult { return narrowResult }
    throw firstError ?? narrowError ?? lyingFlat ?? .noBox()
}

/// The objects on `floor` in the order they are considered as the box (`boxCandidates`, at
/// most `limit`, those lower than `EnvelopeParameters.minimumHeight` after the others), less
/// any that is no object to measure, cut off or whole: a cluster that is a wall and nothing else (`isWallAlone`: no top, the view cutting the wall off above), or a
/// bare table's or shelf's top wider than any parcel (`isBareSurface`). Points within twice
/// `wallBand` of one of `walls` belong to no object.
///
/// - Throws: `noBox` when none is left, or `noGroundPlane` when the "floor" is the lid of a box
///   the camera is held over (`noBoxRefusal`).
func measurableObjects(_ scene: FusedScene, floor: FloorFit, parameters: PipelineParameters,
                       limit: Int, walls: [WallFit] = []) throws(DimensioningError) -> [BoxSegment] {
    do throws(DimensioningError) {
        var objects = try boxCandidates(scene, floor: floor, parameters: parameters.isolation, limit: limit,
                                        walls: walls, wallBand: 2 * parameters.wallBand,
                                        leastObjectHeight: parameters.envelope.minimumHeight)
        objects.removeAll {
            isWallAlone(scene, cluster: $0, floor: floor, parameters: parameters)
                || isBareSurface(scene, cluster: $0, floor: floor, parameters: parameters)
        }
        if objects.isEmpty { throw .noBox() }
        return objects
    } catch .noBox {
        throw noBoxRefusal(scene, floor: floor, parameters: parameters)
    }
}

/// The capture and parameters as every measurement takes them: the profile's depth scale
/// applied (after checking the profile is this camera's: another camera's edges would be
/// "corrected" by it), the sensor class the capture implies when none is set, and that class's
/// behaviour with the parameters' `behaviourChanges` laid over it.
///
/// - Throws: `profileMismatch` when the profile was calibrated on depth images of another size.
func preparedForMeasuring(_ capture: DepthCapture, parameters: PipelineParameters)
    throws(DimensioningError) -> (DepthCapture, PipelineParameters) {
    if let wanted = parameters.profile?.imageSizePixels, let size = capture.imageSizePixels, wanted != size {
        throw .profileMismatch(profileImage: wanted, captureImage: size)
    }
    var parameters = parameters
    if parameters.uncertainty.sensorClass == nil {
        parameters.uncertainty.sensorClass = .implied(byStrayScanner: capture.input == nil && !capture.frames.isEmpty)
    }
    // The class's behaviour, looked up once for every stage.
    parameters.sensorBehaviour = parameters.behaviourChanges.map { $0.applied(to: parameters.behaviour) } ?? parameters.behaviour
    parameters.behaviourChanges = nil
    return (parameters.profile.map { capture.scalingDepth(by: $0.depthScale) } ?? capture, parameters)
}

/// Measures one candidate object and applies the envelope checks. `view` is the scene's
/// `ViewedRegion` (nil for an unorganised cloud), for the cut-off checks. `narrow` is set once
/// the cuboid is found narrower than `EnvelopeParameters.minimumSide` by less than its U
/// (`Undersize`), whether it is then measured or refused.
func measureCandidate(_ box: BoxSegment, scene: FusedScene, view: ViewedRegion?, floor: FloorFit,
                      parameters: PipelineParameters, narrow: inout Bool) throws(DimensioningError) -> PipelineResult {
    // An object reaching the image border is refused as cut off only once it is known to be
    // one box: a group of touching boxes is refused as several boxes, and stray pixels of the
    // cluster outside the box's footprint at the border do not count as a cut.
    let clusterAtBorder = cutOffEdges(scene, view: view, box: box, margin: parameters.envelope.borderMarginPixels)
    let top: TopFaceFit
    var cuboid: CuboidFit
    do {
        top = try fitTopFace(scene, box: box, parameters: parameters.top, planeBand: parameters.behaviour.inlierBand)
        var fit = try fitCuboid(scene, box: box, top: top, parameters: parameters)
        if !box.walls.isEmpty {
            let distances = wallDistances(fit.footprint, walls: box.walls, frame: box.floorFrame, reach: parameters.walls.reach)
            for (k, d) in distances.enumerated() where k < fit.edges.count { fit.edges[k].wallDistance = d }
        }
        cuboid = fit
    } catch {
        if !clusterAtBorder.isEmpty { throw .boxCutOff(edges: clusterAtBorder) }
        throw error
    }
    // Lower than any parcel over a parcel's footprint: a bump of the floor (its noise, its bend
    // with range) or something lying flat on it (a mat, a sheet), not an object to measure. Its
    // shape says nothing; the candidates' loop passes it over for any other object's refusal.
    // Judged before the image's border: a height is seen whole however much of the top the view
    // cuts off, and a width seen in part is at least that wide, so a floor's bend running out of
    // the view is not "a box cut off". Each size is under its minimum only beyond its U
    // (`Undersize`), and "over a parcel's footprint" is a width that may be a parcel's.
    let undersize = Undersize(cuboid, top: top, floor: floor, parameters: parameters)
    narrow = cuboid.width < parameters.envelope.minimumSide && undersize.width == nil
    if let u = undersize.height, undersize.width == nil {
        throw .boxTooSmall(size: .height, metres: cuboid.height, minimum: parameters.envelope.minimumHeight, uncertainty: u)
    }
    if !clusterAtBorder.isEmpty {
        // A top that itself runs out of the image is a part of a top: the rectangle fitted to
        // it says nothing of how many objects the cluster holds (a box cut off down to a sliver
        // of its lid covers many slivers' worth of floor with its side faces).
        let topCut = borderEdges(scene, view: view, indices: top.inlierIndices, margin: parameters.envelope.borderMarginPixels)
        if !topCut.isEmpty { throw .boxCutOff(edges: topCut) }
        // A cut-off box's partial top leaves some of its own points outside the fitted
        // rectangle too: only a cluster covering three or more tops' worth of floor is a group.
        let count = estimatedObjectCount(scene, box: box, cuboid: cuboid)
        if count >= 3,
           shareOutsideFootprint(scene, box: box, cuboid: cuboid, margin: parameters.singleBox.outsideMargin,
                                  minimumHeight: parameters.envelope.minimumHeight / 2) > parameters.singleBox.maximumShareOutside {
            throw .severalBoxes(count: count)
        }
        let edges = cutOffEdges(scene, view: view, box: box, margin: parameters.envelope.borderMarginPixels,
                                within: cuboid, floorMargin: parameters.singleBox.outsideMargin)
        if !edges.isEmpty { throw .boxCutOff(edges: edges) }
    }

    let topCenter = box.floorFrame.world(SIMD3(cuboid.footprint.center.x, cuboid.footprint.center.y, top.height))
    let distance = length(topCenter - scene.cameraPosition)
    var flatness = topFlatness(scene, box: box, top: top, cuboid: cuboid, noise: floor.rms,
                               threshold: parameters.behaviour.inlierBand)
    if flatness < 0.5 {
        throw .notCuboid(reason: "the top is not flat (\(Int((flatness * 100).rounded())) % of it on one plane)")
    }
    let pixelFootprints = cuboid.edges.map(\.pixelFootprint)
    // A round top (a cylinder's end, a tub) fills nearly as much of its rectangle as a lid that
    // lost a strip of data: its outline tells them apart, not its fill. The outline seen from
    // above is the object's upper part (within `backgroundDrop` of the top), not the top plane's
    // inliers: a bowed lid leaves its plane before its rim, and its inliers end on a rounded
    // contour of the bow.
    let frame = box.floorFrame, upperLevel = top.height - parameters.backgroundDrop
    let upperPoints = box.pointIndices.compactMap { i -> SIMD2<Double>? in
        let q = frame.local(scene.pointsInWorld[i])
        return q.z >= upperLevel ? SIMD2(q.x, q.y) : nil
    }
    if let roundness = outlineRoundness(upperPoints, footprint: cuboid.footprint, pixelFootprints: pixelFootprints,
                                        parameters: parameters.shape), roundness.isRound {
        throw .notCuboid(reason: "the top is round: its outline follows the ellipse inside its rectangle, not the "
            + "rectangle's sides, at \(roundness.nearerEllipse) of the \(roundness.distinguishing) places where the two differ "
            + "(a cylinder, a tub or a round tin)")
    }
    if cuboid.fill < parameters.shape.minimumFill - 0.1 {
        throw .notCuboid(reason: "the top covers \(Int((cuboid.fill * 100).rounded())) % of its rectangle")
    }
    // A top narrower than any measurable box (the upper edge of a laptop's screen, a board
    // leaning on something) says the object is not a box, whatever lies around it: it is
    // passed over, not taken for a group of boxes around a sliver of a top. Under the minimum
    // only where the width's U says so (`Undersize`): a width measured 99 ± 28 mm may be a
    // 106-mm box's, and "under 10 cm" would be a false reason; it is measured.
    if let u = undersize.width {
        throw .boxTooSmall(size: .narrowerSide, metres: cuboid.width, minimum: parameters.envelope.minimumSide, uncertainty: u)
    }
    // The outline's steps are the top plane's, where the object's upper part steps too.
    let outline = gatherOutlineEvidence(scene, box: box, top: top, upperPoints: upperPoints, drop: parameters.backgroundDrop,
                                        supportBand: parameters.floor.belowTolerance)
    // A step seen down to the support is two parcels; one over the object's own lower level is a
    // recess (a handle, a crushed corner): the parcel is billed as the cuboid enclosing it, and
    // the result says so. Under a step where neither shows, the two look alike from here: refused
    // so once no other check has found a truer reason (two heights, a touch seen).
    var shapeNotes: [String] = []
    var unseenStep: String?
    if let step = outlineStep(outline, footprint: cuboid.footprint, pixelFootprints: pixelFootprints,
                              parameters: parameters.shape, levelBand: parameters.behaviour.inlierBand,
                              minimumSide: parameters.envelope.minimumSide) {
        let stepText = "the top's outline steps in by \(millimetres(step.depth)) mm along \(millimetres(step.length)) of "
            + "\(millimetres(step.sideLength)) mm of one side"
        switch step.floor {
        case .support where step.isNotch(minimumSide: parameters.envelope.minimumSide):
            let flanks = (step.flanks ?? []).map { "\(millimetres($0))" }.joined(separator: " and ")
            shapeNotes.append(stepText + ", a notch seen down to the floor between parts of the top \(flanks) mm long, "
                + "too short to be boxes of their own (a carry case's handle cut-out): measured as the cuboid enclosing it")
        case .support where step.flanks != nil:
            throw .notCuboid(reason: stepText + ", with the floor seen in the step and the top on both sides of it "
                + "(three boxes of one height side by side)")
        case .support:
            throw .notCuboid(reason: stepText + ", with the floor seen in the step (two boxes of one height side by side)")
        case .unseen:
            unseenStep = stepText + ", and from here nothing is seen under the step: a recess in one parcel's lid and two "
                + "parcels of one height side by side look alike; measure it from above, or from that side"
        case .level:
            shapeNotes.append(stepText + ", over a lower part of the parcel (a recess, a handle or a crushed corner): "
                + "measured as the cuboid enclosing it")
        }
    }
    if let step = heightStep(topBandInside(scene, box: box, top: top, footprint: cuboid.footprint),
                             footprint: cuboid.footprint, parameters: parameters.shape) {
        throw .notCuboid(reason: "the top steps by \(Int((step.height * 1000).rounded())) mm across a line "
            + "\(Int((abs(step.position) * 1000).rounded())) mm from its middle "
            + "(two boxes of nearly one height side by side, or a crushed lid)")
    }
    let outside = shareOutsideFootprint(scene, box: box, cuboid: cuboid, margin: parameters.singleBox.outsideMargin,
                                  minimumHeight: parameters.envelope.minimumHeight / 2)
    let hidden = occludedNeighbourPoints(scene, box: box, cuboid: cuboid,
                                         bandPixels: parameters.behaviour.maximumBandPixels, reach: parameters.singleBox.occludedNeighbourReach,
                                         minimumNeighbourHeight: parameters.envelope.minimumHeight,
                                         maximumNeighbourHeight: parameters.envelope.maximumParcelSide,
                                         maximumNeighbourExtent: parameters.singleBox.maximumNeighbourExtent,
                                         faceDrop: parameters.singleBox.neighbourFaceDrop,
                                         faceClearance: parameters.singleBox.neighbourFaceClearance)
    // Another object's points seen in the cluster past the footprint: a touch that is seen.
    let touchSeen = outside > parameters.singleBox.maximumShareOutside
    if touchSeen || hidden >= parameters.singleBox.minimumHiddenNeighbourPoints {
        // A side placed at a wall's foot: the other object is the wall.
        if cuboid.edges.contains(where: { ($0.wallDistance ?? .infinity) <= parameters.wallFootDistance }) {
            throw .againstWall
        }
        // Only the hidden neighbour: no touch was seen.
        throw .severalBoxes(count: estimatedObjectCount(scene, box: box, cuboid: cuboid), contactHidden: !touchSeen)
    }
    if let unseenStep { throw .notCuboid(reason: unseenStep) }
    // A handle or a strap standing clear of the lid's relief: the enclosing cuboid reaches its top.
    // The floor around the box: the surface's own lean, against which a lid's lean is a crushed
    // end, and (unless a side moves to a bowed lid's rim below) the uncertainty's floor terms.
    let reliefFootprint = cuboid.footprint
    let floorNearBox = FloorNearBox(scene, box: box, footprint: reliefFootprint)
    var relief = try measureTopRelief(scene, box: box, top: top, footprint: cuboid.footprint,
                                      pixelFootprint: Statistics.median(pixelFootprints) ?? 0, lean: cuboid.lean,
                                      surface: floorNearBox?.surface, parameters: parameters.raisedPart)
    // A lid bowed up falls toward its sides as a lip rises: only a side sharp against the bow
    // still rules fattening out.
    if let bowed = relief, cuboid.lips.fatteningRuledOut,
       !sharpSideShowsNoLip(cuboid.edges, lidFalls: bowed.lipFalls(cuboid), parameters: parameters) {
        cuboid.lips.fatteningRuledOut = false
    }
    // A silhouette side crossing the lid's plane short of a bowed lid's rim moves out to it.
    let lidProfile = (parameters.uncertainty.sensorClass ?? .unknown).priors.lidProfile
    var rimDoubts: [RimMove] = []
    if let bowed = relief {
        let moves = cuboid.silhouetteRimMoves(bowed, camera: scene.cameraPosition, frame: box.floorFrame,
                                              topHeight: top.height, lidProfile: lidProfile)
        (cuboid, rimDoubts) = cuboid.movingSides(moves, frame: box.floorFrame)
        if moves.contains(where: { $0.move != 0 }) {
            // The share of the top on its plane, over the footprint the result reports.
            flatness = topFlatness(scene, box: box, top: top, cuboid: cuboid, noise: floor.rms,
                                   threshold: parameters.behaviour.inlierBand)
        }
    }
    // A lid bowed up: the height reaches as far toward its crown as the bow supports.
    if let measured = relief { relief?.crown = measured.crown(lidProfile: lidProfile) }
    // The enclosing top: a bowed lid's crown, or a raised part's top.
    if let relief, relief.enclosingRise != 0 {
        cuboid.height += relief.enclosingRise
        cuboid.centerInWorld += box.floorFrame.up * (relief.enclosingRise / 2)
    }
    shapeNotes += relief?.shapeNotes ?? []
    let range = parameters.behaviour.rangeMinimum...parameters.behaviour.rangeMaximum
    if !range.contains(distance) { throw .outOfRange(distance: distance, range: range) }
    let agreement = measureFrameAgreement(scene, box: box, top: top, cuboid: cuboid)
    let uncertainty = estimateUncertainty(cuboid: cuboid, top: top, floor: floor, agreement: agreement,
                                          floorNearBox: cuboid.footprint == reliefFootprint ? floorNearBox
                                              : FloorNearBox(scene, box: box, footprint: cuboid.footprint),
                                          relief: relief, rimDoubts: rimDoubts, sensorClass: parameters.uncertainty.sensorClass ?? .unknown,
                                          behaviour: parameters.behaviour, profile: parameters.profile)
    // The budget says which terms hold a dimension's U over the tolerance.
    let tolerance = parameters.uncertainty.tolerance
    return PipelineResult(scene: scene, floor: floor, box: box, top: top, cuboid: cuboid,
                          agreement: agreement, flatness: flatness, distance: distance,
                          confidenceReasons: uncertainty.reasons(tolerance: tolerance), uncertainty: uncertainty,
                          tolerance: tolerance, shapeNotes: shapeNotes, relief: relief)
}
