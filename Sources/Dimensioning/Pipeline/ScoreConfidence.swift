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

    enum CodingKeys: String, CodingKey {
        case planarity, fill, support
        case sensorConfidence = "sensor_confidence"
        case agreement, range, visibility
    }

    /// The combined confidence: the product of the factors.
    public var combined: Double { planarity * fill * support * sensorConfidence * agreement * range * visibility }
}

/// Scores how far the measurement can be trusted. Every factor maps one observable to 0...1
/// with a smooth ramp; the confidence is their product, so any one weak point pulls it down.
public func scoreConfidence(scene: FusedScene, box: BoxSegment, top: TopFaceFit, cuboid: CuboidFit,
                            agreement: FrameAgreement?, flatness: Double, distance: Double,
                            parameters: ConfidenceParameters = .init(),
                            boxParameters: BoxParameters = .init()) -> ConfidenceBreakdown {
    let planarity = ramp(flatness, from: 0.6, to: 0.9)
    let fill = ramp(cuboid.fill, from: parameters.minimumFill - 0.1, to: parameters.minimumFill + 0.08)
    let support = min(1, Double(cuboid.topPointCount) / Double(max(1, parameters.fullSupportPoints)))
    var high = 0.0
    for i in box.pointIndices { high += Double(scene.highConfidenceShare[i]) }
    // Medium-confidence samples are normal on glossy card and at grazing angles; only a box
    // seen mostly through low-confidence returns (dark or reflective wrap) is penalised.
    let sensor = 0.5 + 0.5 * ramp(high / Double(max(1, box.pointIndices.count)), from: 0.1, to: 0.5)
    let agreementFactor: Double
    if let agreement {
        let s = agreement.maximumSpread / parameters.spreadScale
        agreementFactor = 1 / (1 + s * s * s * s)
    } else {
        agreementFactor = parameters.singleFrameFactor
    }
    let lowEdge = boxParameters.rangeMinimum, highEdge = boxParameters.rangeMaximum
    let range = min(ramp(distance, from: lowEdge, to: lowEdge + 0.1), 1 - ramp(distance, from: highEdge - 0.5, to: highEdge))
    let visibility = 0.9 + 0.1 * Double(cuboid.edgeMethods.filter { $0 != .topExtent }.count) / 4
    return ConfidenceBreakdown(planarity: planarity, fill: fill, support: support, sensorConfidence: sensor,
                               agreement: agreementFactor, range: range, visibility: visibility)
}

/// 0 below `from`, 1 above `to`, smooth (cubic) in between.
func ramp(_ x: Double, from: Double, to: Double) -> Double {
    guard to > from else { return x >= to ? 1 : 0 }
    let t = min(1, max(0, (x - from) / (to - from)))
    return t * t * (3 - 2 * t)
}
