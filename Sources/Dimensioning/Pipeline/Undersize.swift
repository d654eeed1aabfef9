import Foundation

/// Which of a fitted cuboid's sizes are under the smallest box the engine measures
/// (`EnvelopeParameters.minimumHeight`, `.minimumSide`) beyond their uncertainty: value + U
/// under the minimum, U the expanded uncertainty (k = 2, metres). A size under its minimum by
/// less than its U may be a measurable box's: a leaning `fatten2` lid of the tuning split
/// (truth 105.7 mm) measured 99 mm wide at a U of 28 mm was refused as "9.9 cm across, under the
/// 10 cm minimum side", a false reason. Such a size is measured, and its U stated.
///
/// U here is `estimateUncertainty`'s over the sides' and planes' evidence alone, before the
/// frames' agreement, the floor around the box and the top's relief are known; those only add
/// terms, so the final U is at least this, and a refusal on it holds at the final U too.
struct Undersize: Sendable, Equatable {
    /// The height's U when height + U is under `minimumHeight`; nil when it is not.
    var height: Double?
    /// The width's (the narrower side's) U when width + U is under `minimumSide`; nil when it is not.
    var width: Double?

    /// The rule itself: `height` and `width` (metres) against the envelope's minimums, with
    /// `expanded` the expanded uncertainties of length, width and height (metres).
    init(height: Double, width: Double, expanded: [Double], envelope: EnvelopeParameters) {
        if height + expanded[2] < envelope.minimumHeight { self.height = expanded[2] }
        if width + expanded[1] < envelope.minimumSide { self.width = expanded[1] }
    }

    /// A lone box's fitted cuboid, its U estimated only when a size is under its minimum.
    init(_ cuboid: CuboidFit, top: TopFaceFit, floor: FloorFit, parameters: PipelineParameters) {
        let envelope = parameters.envelope
        let under = cuboid.height < envelope.minimumHeight || cuboid.width < envelope.minimumSide
        // Sizes at or over their minimums are never under them, whatever their U.
        let expanded = under ? estimateUncertainty(cuboid: cuboid, top: top, floor: floor, agreement: nil,
                                                   sensorClass: parameters.uncertainty.sensorClass ?? .unknown,
                                                   behaviour: parameters.behaviour, profile: parameters.profile).expanded
                             : [0, 0, 0]
        self.init(height: cuboid.height, width: cuboid.width, expanded: expanded, envelope: envelope)
    }
}
