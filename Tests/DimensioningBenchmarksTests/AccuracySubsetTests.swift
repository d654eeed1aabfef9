import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBenchmarks

/// A small fixed-seed slice of the accuracy benchmark (`boxdim accuracy` runs 200): tolerances
/// that fail if the pipeline regresses, never a timing.
@Suite struct AccuracySubsetTests {
    @Test func catalogSliceMeetsTheTargets() {
        let cases = AccuracyBenchmark.run(count: 20, seed: 2026, jobs: 2)
        for c in cases {
            let accepted = (c.confidence ?? 0) >= 0.85
            if c.isPositive, accepted, let errors = c.absoluteErrors {
                #expect(errors.max()! <= 0.010, "\(c.name): errors \(errors.map { $0 * 1000 }) mm")
            }
            if !c.isPositive {
                #expect(!accepted, "\(c.name) (\(c.kind)) accepted at \(c.confidence ?? 0)")
            }
        }
        let summary = AccuracySummary(cases: cases, minConfidence: 0.85)
        #expect(summary.medianErrorMM.allSatisfy { $0 <= 3 }, "medians \(summary.medianErrorMM)")
        #expect(summary.positivesAcceptedShare >= 0.8, "accepted \(summary.positivesAcceptedShare)")
        #expect(summary.negativesAccepted == 0)
    }

    @Test func theSameBoxFromTenPosesAgreesWithinFiveMillimetres() throws {
        let report = try RepeatabilityBenchmark.run(poses: 10, seed: 7)
        for (d, name) in ["length", "width", "height"].enumerated() {
            #expect(report.spreadMM[d] <= 5, "\(name) max-min \(report.spreadMM[d]) mm over \(report.measured) poses")
        }
        #expect(report.measured == 10)
    }
}
