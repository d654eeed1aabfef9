import Foundation

/// The factors the confidence is the product of, each in 0...1.
public struct ConfidenceBreakdown: Sendable, Equatable, Codable {
    /// How flat the top is: the share of the top band's interior points on the top plane.
    public var planarity: Double
    /// How rectangular: the share of the fitted footprint covered by top-face points.
    public var fill: Double
    /// Point support on the top face.
    public var support: Double
    /// Share of high-confidence samples in the box's points.
    public var sensorConfidence: Double
    /// Agreement between frames (per-dimension spread), or the single-frame factor.
    public var agreement: Double
    /// Distance inside the measuring envelope.
    public var range: Double
    /// Share of the four sides located from a visible side face or a clean top edge.
    public var visibility: Double
    /// Edge evidence: a product over the four sides of how well each was pinned down (a
    /// fallback side, a wide band, a lip of fattened depth, or side-face and silhouette
    /// estimates that disagree each lower it; see `edgeEvidenceFactor`).
    public var edges: Double = 1

    enum CodingKeys: String, CodingKey {
        case planarity, fill, support
        case sensorConfidence = "sensor_confidence"
        case agreement, range, visibility, edges
    }

    /// The combined confidence: the product of the factors.
    public var combined: Double { planarity * fill * support * sensorConfidence * agreement * range * visibility * edges }
}

/// Scores how far the measurement can be trusted. Every factor maps one observable to 0...1
/// with a smooth ramp; the confidence is their product, so any one weak point pulls it down.
public func scoreConfidence(scene: FusedScene, box: BoxSegment, top: TopFaceFit, cuboid: CuboidFit,
                            agreement: FrameAgreement?, flatness: Double, distance: Double,
                            parameters: ConfidenceParameters = .init(),
                            boxParameters: BoxParameters = .init(), calibrated: Bool = false) -> ConfidenceBreakdown {
    let planarity = ramp(flatness, from: 0.6, to: 0.9)
    let fill = ramp(cuboid.fill, from: parameters.minimumFill - 0.1, to: parameters.minimumFill + 0.08)
    let support = min(1, Double(cuboid.topPointCount) / Double(max(1, parameters.fullSupportPoints)))
    var high = 0.0
    for i in box.pointIndices { high += Double(scene.highConfidenceShare[i]) }
    // Medium-confidence samples are normal on glossy card and at grazing angles; only a box
    // seen mostly through low-confidence returns (dark or reflective wrap) is penalised.
    let sensor = 0.5 + 0.5 * ramp(high / Double(max(1, box.pointIndices.count)), from: 0.1, to: 0.5)
    let edgeTerms = edgeEvidence(cuboid.edges, lips: cuboid.lips, parameters: parameters, calibrated: calibrated)
    let edges = edgeTerms.factor
    let agreementFactor: Double
    if let agreement {
        let s = agreement.maximumSpread / parameters.spreadScale
        agreementFactor = 1 / (1 + s * s * s * s)
    } else {
        // One frame (a fixed overhead camera, a single cloud): nothing to compare across
        // frames, so the confidence must be earned from the frame itself. A clean one, with a
        // flat, well-supported top and every side located from a side face or a clean
        // silhouette (no fallback, no borrowed band, no doubt about the sensor's edges: no
        // edge term low enough to be named among the confidence reasons), can pass the gate.
        // A doubt about the edges counts twice (no second frame can vouch for the side it
        // concerns): a mild one (a 5 mm side-face disagreement, a borrowed band) costs its own
        // factor again; a top that is not flat, full or well supported keeps `singleFrameFactor`.
        let surfaceClean = flatness >= 0.9 && cuboid.fill >= parameters.minimumFill
            && cuboid.topPointCount >= parameters.fullSupportPoints
        let edgeShare = edgeTerms.reasons.isEmpty ? 1 : edges
        agreementFactor = surfaceClean ? edgeShare : min(edgeShare, parameters.singleFrameFactor)
    }
    let lowEdge = boxParameters.rangeMinimum, highEdge = boxParameters.rangeMaximum
    let range = min(ramp(distance, from: lowEdge, to: lowEdge + 0.1), 1 - ramp(distance, from: highEdge - 0.5, to: highEdge))
    let visibility = 0.9 + 0.1 * Double(cuboid.edgeMethods.filter { $0 != .topExtent }.count) / 4
    return ConfidenceBreakdown(planarity: planarity, fill: fill, support: support, sensorConfidence: sensor,
                               agreement: agreementFactor, range: range, visibility: visibility,
                               edges: edges)
}

/// The edge-evidence factor: the product over the four sides of
/// - `fallbackSideFactor` for a side known only from the top's outermost points;
/// - for a silhouette side, a ramp from 1 to `wideBandFactor` as its band widens from
///   `wideBandPixels` to twice that (not for a gap of nothing but missing returns,
///   `EdgeEstimate.gapOfMissingReturns`, nor for a narrower borrowed gap that held nothing,
///   `EdgeEstimate.gapIsEmpty`, when a profile calibrated a stereo spread: no band of mixed
///   pixels), and `lipFactor` when a lip shows in more than
///   `lipShareLimit` of its strips and no sensor profile (`calibrated`) accounts for it, and
///   `unverifiedSharpFactor` for a sharp edge where a lip could not show (see
///   `EdgeEstimate.lipVisible`), again unless calibrated or the capture rules fattening out
///   (`LipAssessment.fatteningRuledOut`: a lip would have shown on another side and did not)
///   and its silhouette sides' median band is under a pixel (a sharp sensor), and
///   a ramp from 1 to `stripScatterFactor` as its strips' edge positions scatter
///   (`EdgeEstimate.stripScatter`) from `stripScatterTolerance` to `stripScatterCeiling` (not for a side
///   placed with the other sides' band: its position does not come from the strips; except a
///   gap of missing returns, whose scatter is that of its strips' last top rays), and
///   `borrowedBandFactor` for a side placed with the other sides' band, unless a profile
///   calibrates the sensor's spread (its offset moves another side of this capture) and the
///   side's own gap is missing returns (a stereo camera's occlusion strip: see
///   `EdgeEstimate.carriesProfileOffset`). A profile without an offset says nothing about such
///   a gap: it may be a box hidden behind this one. A gap wider than any band
///   (`EdgeEstimate.gapOfMissingReturns`) also takes `missingReturnsFactor` unless such a
///   profile vouches for it;
/// - for a silhouette side a sensor profile moves, a ramp from 1 to `calibrationDoubtFactor`
///   as its `EdgeEstimate.calibrationDoubt` grows (the profile's measured scatter there);
/// - for a silhouette side facing the camera, a ramp from 1 to `facingBandFactor` as the
///   capture's band (see below) times the side's pixel footprint grows from `facingBandDoubt`
///   to 4 mm more (a band at the crease may have eaten that far into the top);
/// - for a side-face side, a ramp from 1 to `disagreementFactor` as its silhouette estimate
///   departs from the side face, beyond what the crease explains
///   (`EdgeEstimate.disagreementBeyondCrease`), by `disagreementTolerance` to twice that;
/// - for a side facing the camera whose face returned nothing, placed from the top's extent
///   and the floor's base line (`topAndBase`), the facing-side band term above and the same
///   disagreement ramp over how far apart the two are; a fallback side whose base line was
///   too far from the top's extent takes that ramp too;
///
/// times `selfCalibratedFatteningFactor` once when the capture shows a fattening sensor
/// (`LipAssessment.fatteningSeen`, or only `fatteningSuspected` from the pooled estimate or
/// from a lip hidden under the band, `LipAssessment.fatteningUnderBand`) and
/// no profile calibrates it, and a ramp from 1 to `wideSensorBandFactor` as the median band of
/// the silhouette sides not facing the camera (the capture's band; sides whose band is borrowed,
/// `EdgeEstimate.bandFromOtherSides`, do not count: their gap is not the sensor's) widens from
/// `wideSensorBandPixels` to two pixels more (a sensor whose every edge is a wide band).
public func edgeEvidenceFactor(_ edges: [EdgeEstimate], lips: LipAssessment = .unknown,
                               parameters: ConfidenceParameters = .init(), calibrated: Bool = false) -> Double {
    edgeEvidence(edges, lips: lips, parameters: parameters, calibrated: calibrated).factor
}

/// `edgeEvidenceFactor` with the reason for each weakness that lowered it: one sentence per
/// term below `reasonBelow` (sides named as in `EdgeRecord.sideNames`, lengths in mm).
func edgeEvidence(_ edges: [EdgeEstimate], lips: LipAssessment = .unknown, parameters: ConfidenceParameters = .init(),
                  calibrated: Bool = false, reasonBelow: Double = 0.98) -> (factor: Double, reasons: [String]) {
    var factor = 1.0
    var reasons: [String] = []
    // A profile accounts for a gap of missing returns only where it calibrated a spread that
    // stops at such a gap (a stereo matcher's): some side of this capture carries its offset.
    let calibratedSpread = calibrated && profileMovedASide(edges)
    func disagreementTerm(_ apart: Double) -> Double {
        1 - (1 - parameters.disagreementFactor)
            * ramp(apart, from: parameters.disagreementTolerance, to: 2 * parameters.disagreementTolerance)
    }
    func sideName(_ index: Int) -> String {
        index < EdgeRecord.sideNames.count ? "side \(EdgeRecord.sideNames[index])" : "a side"
    }
    func apply(_ term: Double, _ reason: @autoclosure () -> String) {
        factor *= term
        if term < reasonBelow { reasons.append(reason()) }
    }
    // A wall close beside a side: named first, as the cause of what follows.
    for (index, edge) in edges.enumerated() {
        guard let distance = edge.wallDistance, !edge.gapToSurface else { continue }
        let side = sideName(index)
        let place = distance < 0.005 ? "reaches a wall" : String(format: "stands %.0f mm from a wall", 1000 * distance)
        apply(parameters.wallSideFactor,
              "\(side) \(place), whose foot hides where the box ends: move the box 10 cm or more from the wall")
    }
    if !calibrated, lips.fatteningSeen {
        // Seen as a lip above the band past some side's edge, or counted in the top's outer rows.
        let lipSides = edges.filter { $0.showsLip(beyond: parameters.lipShareLimit) }.count
        let seen = lipSides > 0
            ? "a lip of fattened depth shows past \(lipSides) side\(lipSides == 1 ? "" : "s")"
            : String(format: "about %.1f px seen in the top's outer rows", lips.fatteningPixels ?? 0)
        apply(parameters.selfCalibratedFatteningFactor,
              "the sensor fattens edges (\(seen)): corrected from a few strips, not calibrated (a sensor profile would be)")
    } else if !calibrated, lips.fatteningUnderBand {
        apply(parameters.selfCalibratedFatteningFactor, String(
            format: "the sensor may fatten edges under its band (%.2f ± %.2f px of lip in the band's first row) and nothing corrects it (a sensor profile would)",
            lips.bandLipPixels ?? 0, lips.bandLipError ?? 0))
    } else if !calibrated, lips.fatteningSuspected {
        apply(parameters.selfCalibratedFatteningFactor, String(
            format: "the sensor may fatten edges (%.2f ± %.2f px pooled over the sides) and nothing corrects it (a sensor profile would)",
            lips.pooledFatteningPixels ?? 0, lips.pooledFatteningError ?? 0))
    }
    // Ruling fattening out vouches for sharp sides only when the sensor is sharp: a sharp side
    // in a capture whose other sides show a band of a pixel or more is not the sensor's edge.
    let medianBand = captureBandPixels(edges)
    let sharpSensor = lips.fatteningRuledOut && (medianBand ?? .infinity) < 1
    if let medianBand {
        apply(1 - (1 - parameters.wideSensorBandFactor)
                * ramp(medianBand, from: parameters.wideSensorBandPixels, to: parameters.wideSensorBandPixels + 2),
              String(format: "the sensor's edge band is %.1f px wide over the capture: each side is the middle of a wide band", medianBand))
    }
    for (index, edge) in edges.enumerated() {
        let side = sideName(index)
        if let doubt = edge.calibrationDoubt {
            apply(1 - (1 - parameters.calibrationDoubtFactor)
                    * ramp(doubt, from: parameters.calibrationDoubtTolerance, to: parameters.calibrationDoubtTolerance + 0.003),
                  String(format: "\(side): the profile's correction is good to about %.1f mm here (its references' spread scatters by %.0f %% of it)",
                         1000 * doubt, 100 * doubt / max(abs(edge.correction), 1e-9)))
        }
        switch edge.method {
        case .topExtent:
            apply(parameters.fallbackSideFactor, "\(side) is known only from the top's outermost points (no side face, no clean silhouette)")
            if let apart = edge.disagreement {
                apply(disagreementTerm(abs(apart)),
                      String(format: "\(side): the floor starts %.1f mm from where the top ends (something stands at its base, or the top is cut short)", 1000 * abs(apart)))
            }
        case .silhouette where edge.facesCamera, .topAndBase:
            // The top meets its own (unseen) side face: no lip unless the capture shows
            // fattening, which the self-calibration factor has already counted; but a band laid
            // at the crease may have eaten into the top's last rows by up to its width. A side
            // placed from top and floor also loses what the two disagree by.
            if edge.method == .topAndBase, let apart = edge.disagreement {
                apply(disagreementTerm(abs(apart)),
                      String(format: "\(side): its face returned nothing, and the top's extent and the floor at its base disagree by %.1f mm", 1000 * abs(apart)))
            }
            guard let medianBand else { continue }
            let doubt = medianBand * edge.pixelFootprint
            apply(1 - (1 - parameters.facingBandFactor)
                    * ramp(doubt, from: parameters.facingBandDoubt, to: parameters.facingBandDoubt + 0.004),
                  String(format: "\(side) faces the camera and the sensor's %.1f px band may eat up to %.0f mm into its top", medianBand, 1000 * doubt))
        case .silhouette:
            // A gap of nothing but missing returns is no band of mixed pixels: the side took the
            // other sides' band, and its strips' last top rays say how well that holds. So is
            // any borrowed empty gap a stereo profile vouches for (its occlusion strip).
            let missingOnly = edge.gapOfMissingReturns
                || (edge.bandFromOtherSides && edge.gapIsEmpty && !edge.backedBySurface && calibratedSpread)
            let band = missingOnly ? 0 : edge.bandPixels ?? 0
            apply(1 - (1 - parameters.wideBandFactor) * ramp(band, from: parameters.wideBandPixels, to: 2 * parameters.wideBandPixels),
                  String(format: "\(side) has a %.1f px edge band", band))
            if !calibrated, edge.showsLip(beyond: parameters.lipShareLimit) {
                apply(parameters.lipFactor, String(format: "\(side) shows a lip of fattened depth in %.0f %% of its strips", 100 * (edge.lipShare ?? 0)))
            }
            if let scatter = edge.stripScatter, !edge.bandFromOtherSides || edge.gapOfMissingReturns {
                apply(1 - (1 - parameters.stripScatterFactor)
                        * ramp(scatter, from: parameters.stripScatterTolerance, to: parameters.stripScatterCeiling),
                      String(format: "\(side): its strips put the edge %.0f mm apart (missing returns past part of it?)", 1000 * scatter))
            }
            if edge.bandFromOtherSides, !calibratedSpread || edge.backedBySurface {
                apply(parameters.borrowedBandFactor, "\(side) takes its band from the other sides (its own is much wider, or a surface stands behind it)")
            }
            if edge.gapOfMissingReturns, !calibratedSpread {
                apply(parameters.missingReturnsFactor, String(
                    format: "\(side): nothing came back for %.0f px past its top (a dark patch there may hide the top's edge too)",
                    edge.bandPixels ?? 0))
            }
            // A grazing face's band is its gap less the face's computed span: too uncertain to
            // call the side sharp (before, such a side was a silhouette facing the camera).
            if !calibrated, !sharpSensor, band < parameters.sharpBandPixels, !edge.lipVisible, !edge.isGrazingFace {
                apply(parameters.unverifiedSharpFactor, "\(side) is sharp where a lip could not show: a fattening sensor would look the same")
            }
        case .sideFace:
            let apart = abs(edge.disagreement ?? 0), gap = edge.disagreementBeyondCrease ?? 0
            apply(disagreementTerm(gap),
                  String(format: "\(side): its side face and silhouette disagree by %.1f mm", 1000 * apart)
                    + (gap < apart ? String(format: ", %.1f mm beyond what the top's noise band explains at the crease", 1000 * gap) : ""))
        }
    }
    return (factor, reasons)
}

/// Whether a sensor profile's edge offset moved some side of these (`EdgeEstimate.carriesProfileOffset`
/// with a correction): the profile calibrated a spread that stops at an occlusion strip, so it
/// vouches for a gap of missing returns beside one.
func profileMovedASide(_ edges: [EdgeEstimate]) -> Bool {
    edges.contains { $0.carriesProfileOffset && $0.correction != 0 }
}

/// 0 below `from`, 1 above `to`, smooth (cubic) in between.
func ramp(_ x: Double, from: Double, to: Double) -> Double {
    guard to > from else { return x >= to ? 1 : 0 }
    let t = min(1, max(0, (x - from) / (to - from)))
    return t * t * (3 - 2 * t)
}
