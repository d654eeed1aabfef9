import Foundation

/// Why the confidence is what it is: one plain sentence for every factor of
/// `ConfidenceBreakdown` that fell below `reasonBelow` (0.98 by default), the weakest first
/// within the order of the factors, and for the `edges` factor every side or sensor doubt that
/// lowered it (`edgeEvidence`). Empty when nothing weakened the measurement. Lengths in
/// millimetres, distances in metres.
///
/// These are the reasons `measure` prints under a measurement below the gate and writes as
/// `confidence_reasons` (schema `boxdim.measurement/7`), so that a refused parcel says what to do
/// differently: another angle, more frames, a sensor profile.
func confidenceReasons(_ breakdown: ConfidenceBreakdown, cuboid: CuboidFit, agreement: FrameAgreement?,
                       flatness: Double, distance: Double, parameters: ConfidenceParameters,
                       boxParameters: BoxParameters, calibrated: Bool, reasonBelow: Double = 0.98) -> [String] {
    var reasons: [String] = []
    if breakdown.planarity < reasonBelow {
        reasons.append(String(format: "the top is not flat: %.0f %% of it lies on one plane", 100 * flatness))
    }
    if breakdown.fill < reasonBelow {
        reasons.append(String(format: "the top covers only %.0f %% of its fitted rectangle", 100 * cuboid.fill))
    }
    if breakdown.support < reasonBelow {
        reasons.append("few depth samples on the top (\(cuboid.topPointCount) of the \(parameters.fullSupportPoints) that earn full support): come closer or record more frames")
    }
    if breakdown.sensorConfidence < reasonBelow {
        reasons.append("the sensor flagged most of the box's depth as low confidence (dark or reflective wrap?)")
    }
    if breakdown.agreement < reasonBelow {
        if let agreement {
            reasons.append(String(format: "the frames disagree: the box's size spreads %.1f mm across them (hold still, or record longer)",
                                  1000 * agreement.maximumSpread))
        } else {
            reasons.append(breakdown.agreement == breakdown.edges
                ? "one frame: no other frame can vouch for its doubtful sides, so their doubt counts twice"
                : "one frame, and its top not flat, full or supported enough: nothing to compare it with")
        }
    }
    if breakdown.range < reasonBelow {
        reasons.append(String(format: "the box is %.2f m from the camera, near the edge of the measuring range (%.2f-%.2f m)",
                              distance, boxParameters.rangeMinimum, boxParameters.rangeMaximum))
    }
    if breakdown.visibility < reasonBelow {
        let fallbacks = cuboid.edgeMethods.filter { $0 == .topExtent }.count
        reasons.append("\(fallbacks) of the 4 sides located without a side face or a clean silhouette")
    }
    if breakdown.edges < reasonBelow {
        reasons += edgeEvidence(cuboid.edges, lips: cuboid.lips, parameters: parameters, calibrated: calibrated,
                                reasonBelow: reasonBelow).reasons
    }
    return reasons
}
