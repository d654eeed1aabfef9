import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A few touching cells above the lid, too few for a raised part, may be a narrow handle the
/// capture cannot resolve (`TopRelief.narrowRise`): the height is not raised to them, but its
/// uncertainty reaches them. Lengths in metres.
@Suite struct NarrowRiseTests {
    /// The rule alone. A lid whose relief reaches 2 mm above its plane and a group of cells 9 mm
    /// above it: the height's relief term is a rectangle 9 mm wide (u = 9/√3 mm) named for the
    /// narrow part, in place of the lid's. A group lower than the lid's relief, or lower than a
    /// raised part's top, adds nothing.
    @Test func aNarrowGroupAboveTheReliefWidensTheHeight() {
        var relief = TopRelief(lidHigh: 0.002, spread: 0.002, raisedPart: nil)
        relief.narrowRise = 0.009
        #expect(relief.heightTerms.map(\.name) == [.narrowPart])
        #expect(abs(relief.heightTerms[0].standard - 0.009 / 3.0.squareRoot()) < 1e-12)
        #expect(relief.shapeNotes.contains { $0.contains("too few to measure to") })

        relief.narrowRise = 0.0015
        #expect(relief.heightTerms.map(\.name) == [.lidRelief])
        #expect(relief.shapeNotes.isEmpty)

        // A lid raised 4 mm to its crown with 1 mm left unresolved: a group 6 mm up reaches
        // 2 mm past the height measured to, more than the unresolved 1 mm.
        relief.crown = LidCrown(raise: 0.004, unresolved: 0.001, standard: 0.0005)
        relief.narrowRise = 0.006
        #expect(relief.heightTerms.map(\.name) == [.narrowPart, .lidCrown])
        #expect(abs(relief.narrowAbove - 0.002) < 1e-12)

        let handle = RaisedPart(rise: 0.012, area: 0.002, levelDoubt: 0.002, step: 0.003)
        var withPart = TopRelief(lidHigh: 0, spread: 0.001, raisedPart: handle)
        withPart.narrowRise = 0.010
        #expect(withPart.heightTerms.map(\.name) == [.raisedPart])
        withPart.narrowRise = 0.015
        #expect(withPart.heightTerms.map(\.name) == [.raisedPart, .narrowPart])
        #expect(abs(withPart.narrowAbove - 0.003) < 1e-12)
    }

    /// Fixed split (seed 4243, one frame, `--irregular-tops`) scenario 104: a dark 275 × 263 ×
    /// 632 mm box seen by the ToF camera at 1 m, with a 102 × 25 mm handle 12.6 mm high. Its
    /// lid's cells scatter by 2.3 mm, so a level must rise 8.3 mm to be seen, and only nine
    /// 1-cm cells of the handle do (a raised part needs ten). The 3 × 3 medians of the lid's
    /// relief erased them, and the height, 12 mm short, was accepted at a 10-mm tolerance
    /// with U 9.5 mm. The nine cells now widen the height's uncertainty to cover the handle
    /// (the truth within ± U), and the answer is no longer accepted at 10 mm. The frame keeps the
    /// simulator's confidence map, as when the case was found (`keepsConfidence`).
    @Test func aHandleSeenInAFewCellsIsInTheHeightsUncertainty() throws {
        let (simulated, _) = ScenarioCatalog.render(index: 104, seed: 4243, frameCount: 1,
                                                    sensors: [SensorFamily.timeOfFlight, SensorFamily.stereo],
                                                    irregularTops: true, keepsConfidence: true)
        guard case .handle? = simulated.scene.target?.topFeature else {
            Issue.record("scenario 104 has \(String(describing: simulated.scene.target?.topFeature))"); return
        }
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .tof
        parameters.uncertainty.tolerance = 0.010
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let relief = try #require(result.relief)
        #expect(relief.raisedPart == nil)
        #expect(relief.narrowRise > 0.006 && relief.narrowRise < 0.013, "narrow rise \(relief.narrowRise)")
        #expect(result.uncertainty.contributions[2][.narrowPart] != nil)
        let error = abs(result.cuboid.height - simulated.truth.height)
        #expect(error <= result.uncertainty.expanded[2], "height off by \(error), U \(result.uncertainty.expanded[2])")
        #expect(!result.isAccepted(minimumConfidence: 0.85))
    }

    /// A lid that leans (`TopRelief.leanRise`, its high corner 12 mm above its level): the
    /// height rises half-way, 6 mm, and carries 6 mm more as a standard uncertainty (a crushed
    /// end and the sensor's depth error put the truth at one end or the other); with a crown,
    /// both raises add. A level lid adds neither.
    @Test func aLeaningLidRaisesTheHeightHalfWayAndDoubtsTheRest() {
        var relief = TopRelief(lidHigh: 0.001, spread: 0.001, raisedPart: nil)
        #expect(relief.enclosingRise == 0)
        #expect(relief.heightTerms.map(\.name) == [.lidRelief])
        relief.leanRise = 0.012
        #expect(abs(relief.enclosingRise - 0.006) < 1e-12)
        #expect(relief.heightTerms.map(\.name) == [.lidRelief, .lidLean])
        #expect(abs(relief.heightTerms[1].standard - 0.006) < 1e-12)
        #expect(relief.shapeNotes.contains { $0.contains("the lid leans") && $0.contains("12 mm") })
        relief.crown = LidCrown(raise: 0.002, unresolved: 0.001, standard: 0.0005)
        #expect(abs(relief.enclosingRise - 0.008) < 1e-12)
        #expect(relief.heightTerms.map(\.name) == [.lidRelief, .lidCrown, .lidLean])
    }
}
