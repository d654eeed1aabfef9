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

    init(_ cuboid: CuboidFit, top: TopFaceFit, floor: FloorFit, parameters: PipelineParameters) {
        let envelope = parameters.envelope
        guard cuboid.height < envelope.minimumHeight || cuboid.width < envelope.minimumSide else { return }
        let u = estimateUncertainty(cuboid: cuboid, top: top, floor: floor, agreement: nil,
                                    sensorClass: parameters.uncertainty.sensorClass ?? .unknown,
                                    behaviour: parameters.behaviour, profile: parameters.profile).expanded
        if cuboid.height + u[2] < envelope.minimumHeight { height = u[2] }
        if cuboid.width + u[1] < envelope.minimumSide { width = u[1] }
    }
}
