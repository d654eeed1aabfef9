import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A lid that dips in its middle between rims at the enclosing top (`TopFeature.sag`), as the
/// real Orbbec toolbox's does (GeraltRivskiy/measurmentify `toolbox.npz`, not vendored: no
/// licence): the height is measured to the lid's plane, under the rims, and its uncertainty
/// reaches the rims' corners (`TopRelief.rimRise`). Lengths in metres.
@Suite struct SaggingLidTests {
    /// The rule alone, on the toolbox's numbers: a lid whose highest cells stand 3.9 mm above
    /// its plane and whose profiles meet its sides 0.56 mm (along its length) and 4.2 mm (across
    /// it) above the plane. The corners rise 4.77 mm, so the lid's relief is a rectangle of
    /// that half-width (u = 4.77/√3 mm, where it was 3.9/√3), under 1 mm above the highest
    /// cells, so no note. With the highest cells at 2 mm the rims stand 2.8 mm above them, and
    /// the result says so. A lid bowed up (rims under the plane) keeps its highest cells.
    @Test func theRimsOfADippedLidBoundItsRelief() {
        var relief = TopRelief(lidHigh: 0.0039, spread: 0.0018, raisedPart: nil)
        relief.rimDrops = [-0.00056, -0.00056, -0.0042, -0.0042]
        #expect(abs(relief.rimRise - 0.00476) < 1e-12)
        #expect(relief.heightTerms.map(\.name) == [.lidRelief])
        #expect(abs(relief.heightTerms[0].standard - 0.00476 / 3.0.squareRoot()) < 1e-12)
        #expect(!relief.shapeNotes.contains { $0.contains("dips") })

        relief.lidHigh = 0.002
        #expect(relief.shapeNotes.contains { $0.contains("the lid dips: its rims rise to 5 mm") }, "\(relief.shapeNotes)")

        var bowed = TopRelief(lidHigh: 0.003, spread: 0.001, raisedPart: nil)
        bowed.rimDrops = [0.002, 0.002, 0.0015, 0.0015]
        #expect(bowed.rimRise == 0)
        #expect(abs(bowed.heightTerms[0].standard - 0.003 / 3.0.squareRoot()) < 1e-12)
        #expect(bowed.shapeNotes.isEmpty)
    }

    /// Simulated iPhone captures (catalog seed 2026, scenarios 0-11) of boxes whose lids dip
    /// 8 mm between their rims. Measured to the lid's plane, each height is 2-5 mm under the
    /// enclosing top; before the rims bounded the lid's relief (its highest cells alone, 2.2-4.9
    /// mm), three of the ten (scenarios 6, 7 and 11) came out beyond ± U in height, by 0.01-0.33
    /// mm, at U 3.7-4.8 mm. Now (U 8.1-10.0 mm) every height holds its truth within
    /// ± U, the corners' rise is read at 6.8-8.2 mm (8 mm of dip: the profiles' rises along
    /// both axes, 3.3-4.3 mm each) and the result says the lid dips.
    @Test func aSaggingLidsHeightHoldsTheRimsWithinItsUncertainty() throws {
        var measured = 0
        for index in 0..<12 {
            let (simulated, kind) = ScenarioCatalog.render(index: index, seed: 2026, topFeature: .sag(depth: 0.008))
            guard kind.expectsMeasurement else { continue }
            let truth = simulated.truth
            let result = try runPipeline(simulated.capture)
            measured += 1
            let error = result.cuboid.height - truth.height
            #expect(abs(error) <= result.uncertainty.expanded[2],
                    "scenario \(index): height \(error) m off at U \(result.uncertainty.expanded[2])")
            #expect(error < 0 && error > -0.006, "scenario \(index): height \(error) m off")
            let relief = try #require(result.relief)
            #expect(relief.rimRise > 0.006 && relief.rimRise < 0.009, "scenario \(index): rims \(relief.rimRise)")
            #expect(result.shapeNotes.contains { $0.contains("the lid dips") }, "scenario \(index): \(result.shapeNotes)")
        }
        #expect(measured >= 8)
    }
}
