import Foundation

/// A top's outline: its points (those of the region's cells within the step tolerance of its
/// level), the minimum-area rectangle of their convex hull (qhull through PCL, rotating
/// calipers) and the share of that rectangle the region covers.
struct TopOutline: Sendable {
    var rectangle: Rectangle2D
    /// Heights above the floor plane (metres) and scene indices of the top's points.
    var heights: [Double]
    var indices: [Int]
    /// Of the map's seen cells inside the rectangle, the share at the top's level (0...1); cells
    /// with no return (a glossy label, a stereo camera's dropout) count neither way.
    var fill: Double

    init?(_ region: TopRegion, map: HeightMap, scene: FusedScene, stepTolerance: Double) {
        let inRegion = Set(region.cells)
        var points: [SIMD2<Double>] = []
        heights = []
        indices = []
        for j in 0..<map.pointIndices.count where inRegion.contains(Int(map.pointCells[j])) {
            let h = map.pointHeights[j]
            guard abs(h - region.level) <= stepTolerance else { continue }
            let q = map.frame.local(scene.pointsInWorld[map.pointIndices[j]])
            points.append(SIMD2(q.x, q.y))
            heights.append(h)
            indices.append(map.pointIndices[j])
        }
        guard points.count >= 10, let rectangle = minimumAreaRectangle(points: points)?.normalized() else { return nil }
        self.rectangle = rectangle
        var seen = 0, atLevel = 0
        let reach = rectangle.halfA + map.cellSize
        let lo = rectangle.center - reach, hi = rectangle.center + reach
        map.forEachCell(from: lo, to: hi) { cell in
            let h = map.top[cell]
            guard !h.isNaN, rectangle.contains(map.centre(ofCell: cell), margin: -map.cellSize / 2) else { return }
            seen += 1
            if abs(Double(h) - region.level) <= stepTolerance { atLevel += 1 }
        }
        fill = seen > 0 ? Double(atLevel) / Double(seen) : 0
    }

    /// The naive top-plane rectangle of this top (`naiveTopRectangle(_:parameters:)`'s recipe on
    /// the scene's own segmentation, so that only the measurement differs): the minimum-area
    /// rectangle of its points and their median height above the view's floor plane. No edge
    /// model, and no support but that plane: a carton on a pallet's deck reads the deck's height
    /// too, as the naive recipe does for one box. Length >= width, and height, metres.
    var naiveSize: [Double] { [2 * rectangle.halfA, 2 * rectangle.halfB, Statistics.median(heights) ?? 0] }
}

/// Measures a carton standing among others from its top alone (`SceneBoxMeasurement.Method.topRectangle`):
///
/// 1. the top's outline (`TopOutline`): its length and width;
/// 2. the top's height as its points' 10 %-trimmed mean, the support's as its cells' median
///    (`supportBeside`), the carton's height their difference, up to a bowed lid's crown or a
///    raised part's top as for a lone box (`cartonRelief`); the surface under the carton is
///    not seen, so its level carries the spread of the surface beside it (`support_under`) as
///    well as its median's uncertainty (`support_plane`);
/// 3. a side along a seam the top was cut at lies on the seam (`snappedToSeams`,
///    `SideEvidence.seam`), for a class that spreads depth across edges a side whose depth ran
///    on into the gap beside a taller neighbour at its lid's edge in the colour image
///    (`atLidEdges`, `SideEvidence.lidEdge`); for a sensor class that does not fatten, every
///    other side at its silhouette or its own face, as a lone box's (`silhouetteSides`: its
///    evidence and terms as `estimateUncertainty` gives them); a side still unplaced is known
///    only from the top's extent (`SideEvidence.topExtent`): the point spacing,
///    the class's placement noise, edge bias and fattening at the side's pixel footprint; the
///    height from both planes' offsets, the class's height bias and its depth scale
///    (`topRectangleUncertainty`).
///
/// - Throws: first what the view leaves out, `boxCutOff` when the top reaches the image's border
///   and `hiddenBehind` when a taller neighbour hides part of it (a top not seen whole has no
///   size or fill to judge); then `notCuboid` when the top covers less than the minimum fill of
///   its rectangle (cartons of one height pressed together, or not a box), `noGroundPlane` when
///   no surface is seen beside it, and `boxTooSmall` when it stands lower than the least box, or,
///   once measured, is narrower than it by more than the width's U (`Undersize`).
func measureTop(_ piece: TopPiece, support: SupportBeside?, map: HeightMap, scene: FusedScene,
                view: ViewedRegion?, pixels: PixelPoints?, image: SeamImage? = nil, parameters: PipelineParameters,
                sceneParameters: SceneParameters) throws(DimensioningError) -> SceneBoxMeasurement {
    let outline = piece.outline, region = piece.region
    let priors = (parameters.uncertainty.sensorClass ?? .unknown).priors
    let (onSeams, seamsBySide) = snappedToSeams(outline.rectangle, seams: piece.seams)
    // A lid's edge in the colour image corrects depth that ran on past the lid into the gap
    // beside a taller neighbour: a class that spreads depth across edges (stereo, unknown) does
    // that. One that does not (LiDAR, ToF) stops at the lid, and there the neighbour's face places
    // the side: in the tuning scenes with a colour image (`--scenes 120 --seed 2026`) the lid's
    // edge placed 12 such sides 2.8-7.7 mm inside the lid (at the rim the simulator draws), where
    // the neighbour's face or the gap to its foot placed them within 1.2 mm.
    let (snapped, seamSides, lidEdges) = atLidEdges(onSeams, seams: seamsBySide, level: region.level, map: map,
                                                    image: priors.fatteningPixels > 0 ? image : nil,
                                                    parameters: sceneParameters)
    let heights = outline.heights
    let outlineLength = 2 * snapped.halfA, outlineWidth = 2 * snapped.halfB
    // What the view leaves out comes first: a top cut off by the image's border or hidden in
    // part behind a nearer object is not seen whole, so its size and its fill say nothing of
    // the carton's ("too small" would be a false reason for a carton running out of view).
    let edges = borderEdges(scene, view: view, indices: outline.indices, margin: parameters.envelope.borderMarginPixels)
    if !edges.isEmpty { throw .boxCutOff(edges: edges) }
    let hidden = hiddenOutlinePixels(scene, pixels: pixels, indices: outline.indices)
    if hidden >= minimumHiddenPixels { throw .hiddenBehind(pixels: hidden) }
    if outline.fill < parameters.shape.minimumFill {
        throw .notCuboid(reason: "the top covers \(Int((outline.fill * 100).rounded())) % of its \(millimetres(outlineLength)) x "
            + "\(millimetres(outlineWidth)) mm rectangle: cartons of one height pressed together, or not a box")
    }
    guard let support else {
        throw .noGroundPlane(reason: "no surface is seen within \(millimetres(sceneParameters.supportReach)) mm "
            + "beside the \(millimetres(outlineLength)) x \(millimetres(outlineWidth)) mm top that it could stand on")
    }
    let topLevel = Statistics.trimmedMean(heights, trim: 0.1) ?? region.level
    let topScatter = Statistics.robustSigma(heights) ?? 0
    let standing = topLevel - support.level
    if standing < parameters.envelope.minimumHeight {
        throw .boxTooSmall(size: .height, metres: standing, minimum: parameters.envelope.minimumHeight)
    }
    // The sides no line of the colour image placed, at their silhouettes or faces, for a sensor
    // whose edge band straddles the edge. A class that fattens (stereo, unknown) spreads the lid
    // out past it, which the silhouette alone cannot tell from the edge: on the real pallet
    // (stereo, `Tests/Fixtures/real/neura-pallet`) such sides came out 4-16 mm out, so there the
    // outline's extent stands, with the class's fattening in its doubt.
    let placed = (0..<4).map { priors.fatteningPixels > 0 || seamSides[$0] != nil || lidEdges[$0] != nil }
    let silhouettes = silhouetteSides(snapped, placed: placed, topIndices: outline.indices, topLevel: topLevel,
                                      topRms: topScatter, supportLevel: support.level, map: map, scene: scene,
                                      maximumSlope: sceneParameters.maximumSlope, parameters: parameters)
    let spacing = (silhouettes.rectangle.area / Double(max(1, heights.count))).squareRoot()
    // Per-side values in the moved rectangle's order (its axes swap when a width grew past its length).
    func inOrder<T>(_ values: [T]) -> [T] { silhouettes.swapped ? Rectangle2D.swappedSides(values) : values }
    var (rectangle, sides) = (silhouettes.rectangle,
                              topSides(silhouettes.rectangle, seams: inOrder(seamSides), lidEdges: inOrder(lidEdges),
                                       depthEvidence: silhouettes.evidence, level: region.level, spacing: spacing,
                                       scene: scene, frame: map.frame))
    if let offsets = parameters.silhouetteOffsets { (rectangle, sides) = applying(offsets, to: rectangle, sides: sides) }
    let length = 2 * rectangle.halfA, width = 2 * rectangle.halfB
    // The enclosing top: a bowed lid's crown, or a raised part's top, as for a lone box.
    let relief = cartonRelief(rectangle, topLevel: topLevel, topRms: topScatter, supportLevel: support.level, map: map,
                              scene: scene, pixelFootprint: Statistics.median(sides.map(\.footprint)) ?? 0,
                              lidProfile: priors.lidProfile,
                              parameters: parameters.raisedPart)
    let height = standing + (relief?.enclosingRise ?? 0)
    var notes: [String] = relief?.shapeNotes ?? []
    if support.levels.count > 1 {
        notes.append("stands on one of the surfaces seen beside it, "
            + support.levels.map { "\(millimetres($0))" }.joined(separator: ", ")
            + " mm above the floor; which one is not seen, so its height is taken half-way, ± half their spread")
    } else if !support.layer.isEmpty {
        let all = support.levels + support.layer
        notes.append("stands on a layer seen from \(millimetres(all.min()!)) to \(millimetres(all.max()!)) mm above the "
            + "floor beside this and other tops (a pallet, a lower layer of cartons); which part is under it is not "
            + "seen, so its height is taken half-way, ± half that spread")
    } else if support.level > parameters.envelope.minimumHeight {
        notes.append("stands on a surface \(millimetres(support.level)) mm above the floor, seen beside "
            + "\(support.sidesSeen) of its 4 sides (a pallet, a lower layer of cartons)")
    }
    let frame = map.frame
    let centre = frame.world(SIMD3(rectangle.center.x, rectangle.center.y, support.level + height / 2))
    let seamCount = seamSides.compactMap { $0 }.count
    if seamCount > 0 {
        notes.append("cut from a top of cartons of one height: \(seamCount) of its sides on seams the colour image shows")
    }
    let lidEdgeCount = lidEdges.compactMap { $0 }.count
    if lidEdgeCount > 0 {
        notes.append("\(lidEdgeCount) of its sides at the lid's edge the colour image shows, where the depth ran on "
            + "into the gap beside a taller neighbour")
    }
    let uncertainty = topRectangleUncertainty(rectangle: rectangle, sides: sides, height: height, topScatter: topScatter,
                                              topCount: heights.count, support: support, relief: relief,
                                              profile: parameters.profile, parameters: parameters.uncertainty)
    // Under the minimum only where the width's U says so, as for a lone box.
    if let u = Undersize(height: height, width: width, expanded: uncertainty.expanded, envelope: parameters.envelope).width {
        throw .boxTooSmall(size: .narrowerSide, metres: width, minimum: parameters.envelope.minimumSide, uncertainty: u)
    }
    return SceneBoxMeasurement(method: .topRectangle, length: length, width: width, height: height, footprint: rectangle,
                               supportLevel: support.level, centerInWorld: centre,
                               axesInWorld: [frame.worldDirection(rectangle.axisA), frame.worldDirection(rectangle.axisB), frame.up],
                               uncertainty: uncertainty, tolerance: parameters.uncertainty.tolerance, shapeNotes: notes,
                               seams: SeamSearch(piece, parameters: sceneParameters), sides: sides)
}

/// The uncertainty of a top-rectangle carton (see `measureTop`), by the same rules as
/// `estimateUncertainty`: each side's terms in quadrature, the sensor's shared terms linearly
/// over a dimension's two sides, then the dimension's own terms.
func topRectangleUncertainty(rectangle: Rectangle2D, sides topSides: [TopSide], height: Double, topScatter: Double,
                             topCount: Int, support: SupportBeside, relief: TopRelief? = nil, profile: SensorProfile?,
                             parameters: UncertaintyParameters) -> MeasurementUncertainty {
    let sensorClass = parameters.sensorClass ?? .unknown
    let priors = sensorClass.priors
    let spacing = (rectangle.area / Double(max(1, topCount))).squareRoot()
    // Sides in record order: +length, -length, +width, -width.
    let sides = topSides.map { side -> SideBudget in
        let footprint = side.footprint
        // A line of the colour image: a seam, or a lid's edge beside a taller neighbour.
        let line: SideEvidence? = side.seam.map { .seam(contrast: $0.contrast, imagePixel: $0.footprint) }
            ?? side.lidEdge.map { .lidEdge(contrast: $0.contrast, imagePixel: $0.footprint) }
        if let evidence = line {
            return SideBudget(evidence: evidence, terms: evidence.terms(footprint: footprint, spacing: spacing, priors: priors))
        }
        let evidence = side.depthEvidence ?? SideEvidence.topExtent(bandPixels: 0, disagreement: nil)
        // A profile's offset moved the side; how far its references' sides scatter about it is
        // the doubt left.
        let terms = evidence.terms(footprint: footprint, spacing: spacing, priors: priors)
            + evidence.sensorTerms(footprint: footprint, priors: priors, fatteningPixels: priors.fatteningPixels,
                                   profileDoubt: profile.map { ($0.edgeScatterPixels ?? 0) * footprint })
        return SideBudget(evidence: evidence, terms: terms)
    }
    let independent = Double(max(1, priors.independentPlanePoints))
    let scale = profile?.depthScaleScatter ?? priors.depthScale
    let lengthTerms = [UncertaintyTerm(name: .scale, standard: 2 * rectangle.halfA * scale, kind: .typeB)]
    let widthTerms = [UncertaintyTerm(name: .scale, standard: 2 * rectangle.halfB * scale, kind: .typeB)]
    let heightTerms = [
        UncertaintyTerm(name: .scale, standard: height * scale, kind: .typeB),
        UncertaintyTerm(name: .topPlane, standard: topScatter / min(Double(max(1, topCount)), independent).squareRoot(),
                        kind: .typeA),
        UncertaintyTerm(name: .supportPlane, standard: support.scatter / min(Double(support.count), independent).squareRoot(),
                        kind: .typeA),
        // The surface under the carton is not seen: it is predicted from the surface beside it,
        // whose heights there spread by `scatter` (a lower layer's lids, a deck's boards, a
        // stereo camera's noise).
        UncertaintyTerm(name: .supportUnder, standard: support.scatter, kind: .typeA),
        UncertaintyTerm(name: .heightBias, standard: priors.heightBias, kind: .typeB),
        .rectangle(.supportChoice, halfWidth: support.ambiguity),
    ] + (relief?.heightTerms ?? [])
    let contributions = [dimensionContributions(sides: Array(sides.prefix(2)), own: lengthTerms),
                         dimensionContributions(sides: Array(sides.suffix(2)), own: widthTerms),
                         dimensionContributions(sides: [], own: heightTerms)]
    return MeasurementUncertainty(length: combined(contributions[0]), width: combined(contributions[1]),
                                  height: combined(contributions[2]), sensorClass: sensorClass, sides: sides,
                                  contributions: contributions)
}

/// Metres as a whole number of millimetres, for refusal texts.
func millimetres(_ metres: Double) -> Int { Int((metres * 1000).rounded()) }
