import Testing
import Dimensioning
import Foundation
@testable import DimensioningBenchmarks
import DimensioningSimulation
import TestSupport

/// A taller carton's side over a lower neighbour's lid borrows the other sides' band
/// (`SideEvidence.borrowedBand`): the lid starts where the band would end.
@Suite struct SceneBorrowedBandTests {
    /// Tuning scenes (seed 2026), scene 1: a step, the taller carton measured by the whole
    /// engine, its side over the lower lid placed from a 0.64-px borrowed band at an 8-mm
    /// footprint. At least a whole pixel either side made that side's U 10.3 mm and the width's
    /// 11.3 mm for a 3.8-mm error, and the carton was refused at 10 mm; half the band either way
    /// and half a pixel for where the last ray fell make the width's U under 10 mm, and every
    /// dimension still holds its truth.
    @Test func aTallerCartonsSideOverALowerLidKnowsItsEdgeToItsBand() throws {
        let (scene, simulated, colour) = SceneBenchmark.rendered(1, seed: 2026)
        let cartons = try measureAllBoxes(simulated.capture, colour: colour).boxes.compactMap { try? $0.outcome.get() }
        let taller = scene.allBoxes.max { $0.height < $1.height }!
        let carton = try #require(cartons.first { abs($0.height - taller.height) < 0.02 })
        #expect(carton.method == .engine)
        let borrowed = carton.uncertainty.sides.filter { if case .borrowedBand = $0.evidence { true } else { false } }
        #expect(borrowed.count == 1, "\(carton.uncertainty.sides.map(\.evidence))")
        let errors = carton.errors(against: taller)
        let u = carton.uncertainty.expanded
        for k in 0..<3 {
            #expect(abs(errors[k]) <= u[k], "dimension \(k): error \(errors[k]) against U \(u[k])")
            #expect(u[k] < 0.010, "dimension \(k): U \(u[k])")
        }
        #expect(carton.isAccepted(minimumConfidence: 0.85), "confidence \(carton.probabilityWithinTolerance)")
    }
}
