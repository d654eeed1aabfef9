import Foundation

/// The uncertainty model's settings (`estimateUncertainty`) and the acceptance gate.
public struct UncertaintyParameters: Sendable, Equatable, Codable {
    /// The sensor class whose type B priors apply; nil: the one the capture's format implies
    /// (`SensorClass.implied`): a Stray Scanner folder is LiDAR, anything else unknown.
    public var sensorClass: SensorClass? = nil
    /// The user's tolerance, metres (> 0): a measurement is accepted when every dimension's
    /// expanded uncertainty (k = 2) is within it, and the confidence is the model's probability
    /// that every dimension is. Default 0.010 (10 mm): the division of a dimensioner certified
    /// for parcels of 0.1-1 m (divisions of 2, 5, 10 and 20 mm are usual); choose 5 mm for
    /// small parcels with a LiDAR or a calibrated camera, 20 mm for pallets.
    public var tolerance: Double = 0.010

    public init() {}
}

/// States how well each dimension of a fitted cuboid is known (JCGM 100:2008, the GUM).
///
/// - Each side is classified once (`SideEvidence`) and contributes the terms of its evidence:
///   its band (where in the band the edge lies), its strips' scatter, its pixel, the disagreement
///   between two methods, a wall hiding its foot. These are measured in this capture.
/// - Every side but one placed from top and base (which keeps a pixel's rounding) carries its own
///   placement noise (the class's `edgeNoisePixels`, independent per side); every side placed from
///   the top's outline also the sensor's edge bias (type B): the class's residual `edgeBiasPixels`,
///   and the fattening the capture leaves possible (`fatteningDoubtPixels`). A sensor profile
///   replaces both on the sides it corrects by its references' measured scatter. These terms
///   are shared by the sides.
/// - A silhouette side moved out to where a bowed lid's profile meets it carries, as a
///   rectangle, the part of that move not made, and the drop's own doubt for the part made
///   (`rimDoubts`, `CuboidFit.silhouetteRimMoves`): a bow and the sensor's ripple look alike.
/// - Length and width combine their two sides, the depth scale's doubt (`L s`: the profile's
///   `depthScaleScatter` when it measured one, else the class's `depthScale`) and, with several
///   frames, the frames' spread over the root of their number.
/// - Height combines the top's and the floor's plane offsets (their RMS over the root of the
///   sensor class's `independentPlanePoints` at most), how far the floor around the box stands
///   off the floor plane (`FloorNearBox`: its median, and its scatter's standard error), the class's
///   `heightBias`, the scale and the frames, and the top's relief (`measureTopRelief`): where a
///   handle's or a strap's top lies (`RaisedPart.levelDoubt`), or else the lid's highest cells
///   above its plane (`TopRelief.lidHigh`, a rectangle: ripple and bow cannot be told apart),
///   less what a bowed lid's crown raised the height by (`TopRelief.crown`), which carries its
///   own doubt.
///
/// Metres throughout; `pixelFootprint` converts pixels of the reference camera to metres per side.
/// `behaviour` is the sensor behaviour the stages assumed (`PipelineParameters.behaviour`, which
/// a configuration may override); nil: `sensorClass`'s own. Its widest band bounds a side whose
/// edge was not seen (`SideEvidence.topExtent`).
public func estimateUncertainty(cuboid: CuboidFit, top: TopFaceFit, floor: FloorFit, agreement: FrameAgreement?,
                                floorNearBox: FloorNearBox? = nil, relief: TopRelief? = nil, rimDoubts: [RimMove] = [],
                                sensorClass: SensorClass, behaviour: SensorBehaviour? = nil,
                                profile: SensorProfile?) -> MeasurementUncertainty {
    let priors = sensorClass.priors
    let captureBand = captureBandPixels(cuboid.edges)
    let spacing = (cuboid.footprint.area / Double(max(1, cuboid.topPointCount))).squareRoot()
    let calibratedSides = profile != nil && profileMovedASide(cuboid.edges)
    let fattening = fatteningDoubtPixels(cuboid.lips, priors: priors, calibrated: profile != nil)

    var sides: [SideBudget] = []
    for (k, edge) in cuboid.edges.enumerated() {
        let evidence = SideEvidence(edge, captureBand: captureBand, calibratedSpread: calibratedSides,
                                    widestBand: (behaviour ?? sensorClass.behaviour).maximumBandPixels)
        let footprint = edge.pixelFootprint
        var terms = evidence.terms(footprint: footprint, spacing: spacing, priors: priors)
        // How much farther a bowed lid's rim may lie than the side was moved (`silhouetteRimMoves`).
        if k < rimDoubts.count {
            if rimDoubts[k].doubt > 0 { terms.append(.rectangle(.rim, halfWidth: rimDoubts[k].doubt)) }
            if rimDoubts[k].standard > 0 { terms.append(.init(name: .rimDrop, standard: rimDoubts[k].standard, kind: .typeB)) }
            if rimDoubts[k].hidden > 0 { terms.append(.rectangle(.rimHidden, halfWidth: rimDoubts[k].hidden)) }
        }
        terms += evidence.sensorTerms(footprint: footprint, priors: priors, fatteningPixels: fattening,
                                      profileDoubt: calibratedSides && edge.carriesProfileOffset ? edge.calibrationDoubt : nil)
        // A wall's foot hides where the side ends, anywhere up to the wall (unless the gap was
        // measured against the wall itself).
        if let distance = edge.wallDistance, edge.backdrop != .surfaceAtGap {
            terms.append(.rectangle(.wall, halfWidth: max(distance, footprint)))
        }
        sides.append(SideBudget(evidence: evidence, terms: terms))
    }

    let frames = Double(max(1, agreement?.framesMeasured ?? 1))
    func own(_ value: Double, spread: Double?) -> [UncertaintyTerm] {
        // A profile measured this camera's scale on its references; otherwise the class's doubt.
        let scale = profile?.depthScaleScatter ?? priors.depthScale
        var terms = [UncertaintyTerm(name: .scale, standard: value * scale, kind: .typeB)]
        if let spread { terms.append(.init(name: .frames, standard: spread / frames.squareRoot(), kind: .typeA)) }
        return terms
    }
    let planePoints = Double(max(1, priors.independentPlanePoints))
    let topPoints = min(Double(max(1, top.inlierIndices.count)), planePoints)
    let floorPoints = min(Double(max(1, floor.inlierCount)), planePoints)
    let heightTerms = own(cuboid.height, spread: agreement?.heightSpread) + [
        .init(name: .topPlane, standard: top.rms / topPoints.squareRoot(), kind: .typeA),
        .init(name: .floorPlane, standard: floor.rms / floorPoints.squareRoot(), kind: .typeA),
        .init(name: .heightBias, standard: priors.heightBias, kind: .typeB),
    ] + (relief?.heightTerms ?? []) + (floorNearBox.map { near in
        // The floor around the box off the plane the height is measured from: by its median
        // (a bias the plane does not follow, taken whole) and its scatter's standard error.
        [UncertaintyTerm(name: .floorNearBox, standard: abs(near.offset), kind: .typeB),
         UncertaintyTerm(name: .floorScatter, standard: near.scatter / min(Double(near.count), planePoints).squareRoot(),
                         kind: .typeA)]
    } ?? [])
    let lengthTerms = own(cuboid.length, spread: agreement?.lengthSpread)
    let widthTerms = own(cuboid.width, spread: agreement?.widthSpread)
    // Sides in record order: +length, -length, +width, -width.
    let contributions = [dimensionContributions(sides: Array(sides.prefix(2)), own: lengthTerms),
                         dimensionContributions(sides: Array(sides.dropFirst(2).prefix(2)), own: widthTerms),
                         dimensionContributions(sides: [], own: heightTerms)]
    return MeasurementUncertainty(length: combined(contributions[0]), width: combined(contributions[1]),
                                  height: combined(contributions[2]), sensorClass: sensorClass, sides: sides,
                                  contributions: contributions)
}

/// How many pixels of fattening a side placed from the top's outline may still carry, for the
/// `fattening` term (a rectangle of that half-width, shared by the sides):
/// - none where the capture rules fattening out (`LipAssessment.fatteningRuledOut`: a lip would
///   have shown and did not);
/// - where the capture shows fattening and corrected it from its own strips (`correctFattening`:
///   seen, with a count), at least two pixels (the correction is learnt from a few strips);
/// - where it shows or suspects fattening it could not correct (a lip share without a count, the
///   pooled estimate, a lip under the band), the class's prior has been contradicted: as much as
///   any class allows (`SensorClass.unknown`'s 3 px). Two pixels there left a 3-px fattening
///   sensor seen from 80 degrees of elevation 23 mm long at U 18 mm (`EdgeEvidenceTests`);
/// - otherwise the class's `fatteningPixels`.
///
/// With a sensor profile (`calibrated`) the profile's offset accounts for the sensor's spread,
/// and only the class's prior applies where the capture does not rule fattening out.
func fatteningDoubtPixels(_ lips: LipAssessment, priors: SensorClassPriors, calibrated: Bool) -> Double {
    guard !calibrated else { return lips.fatteningRuledOut ? 0 : priors.fatteningPixels }
    if lips.fatteningSeen && lips.fatteningPixels != nil { return max(priors.fatteningPixels, 2) }
    if lips.fatteningSeen || lips.fatteningSuspected || lips.fatteningUnderBand {
        return max(priors.fatteningPixels, SensorClassPriors.widestFatteningPixels)
    }
    return lips.fatteningRuledOut ? 0 : priors.fatteningPixels
}
