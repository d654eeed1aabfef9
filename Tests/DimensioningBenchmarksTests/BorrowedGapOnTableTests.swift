import Testing
import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// A silhouette side whose gap to the support is wider than the other sides' band takes their
/// band (`reconcileBands`), but its own gap bounds the band there
/// (`SideEvidence.borrowedBand`'s `gapEndsOnSupport`). Lengths in metres.
@Suite struct BorrowedGapOnTableTests {
    /// Tuning on-table scenario 108 (seed 2026): a LiDAR that blurs 2 px, a box on a table seen
    /// from 1.24 m. One silhouette side showed a 0.95-px band over 6 strips and came out 17 mm
    /// short; the other, whose 4.7-px gap to the support was the sensor's true band, took that
    /// 0.95 px and came out 18 mm short too. Half the borrowed band either way made its width's U
    /// under 10 mm, and the box was accepted at 10 mm 19 mm long and 20 mm wide. Its own gap
    /// bounds its band: the width's truth lies within ± U, and the box is not accepted.
    @Test func aWideGapToTheSupportKeepsTheWidthInDoubt() throws {
        let result = AccuracyBenchmark.evaluate(index: 108, seed: 2026, sensors: SensorFamily.tuning, onTable: true)
        #expect(result.sensor == "band2-blur-unflagged")
        let edges = try #require(result.edges)
        #expect(edges.contains { $0.bandFromOtherSides && $0.backdrop == .support }, "\(edges.map(\.backdrop))")
        let errors = try #require(result.signedErrors), u = try #require(result.uncertainty).map { 2 * $0 }
        #expect(abs(errors[1]) > 0.015, "the width is still measured short: \(errors[1])")
        #expect(abs(errors[1]) <= u[1], "width error \(errors[1]) against U \(u[1])")
        #expect(!result.isAccepted(0.85), "U \(u)")
    }
}
