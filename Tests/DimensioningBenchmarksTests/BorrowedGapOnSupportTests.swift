import Testing
import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// A silhouette side whose gap to the support is wider than the other sides' band takes their
/// band (`reconcileBands`), but its own gap bounds the band there
/// (`SideEvidence.borrowedBand`'s `gapEndsOnSupport`). Lengths in metres.
@Suite struct BorrowedGapOnSupportTests {
    /// Tuning scenario 46 (seed 2026): a LiDAR that blurs 3 px. One side's 6.7-px gap to the
    /// floor was wider than the other sides' 4.2-px band by more than the tolerance, so it took
    /// theirs and came out 15 mm short. Its gap is under twice that band, so half the band
    /// either way bounds it: the length's truth lies within ± U, and the box is not accepted.
    @Test func aWideGapToTheSupportKeepsItsSideInDoubt() throws {
        let result = AccuracyBenchmark.evaluate(index: 46, seed: 2026, sensors: SensorFamily.tuning)
        #expect(result.sensor == "band3-blur-conf1")
        let edges = try #require(result.edges)
        #expect(edges.contains { $0.bandFromOtherSides && $0.backdrop == .support }, "\(edges.map(\.backdrop))")
        let errors = try #require(result.signedErrors), u = try #require(result.uncertainty).map { 2 * $0 }
        #expect(abs(errors[0]) > 0.010, "the length is still measured short: \(errors[0])")
        for k in 0..<3 { #expect(abs(errors[k]) <= u[k], "dimension \(k): error \(errors[k]) against U \(u[k])") }
        #expect(!result.isAccepted(0.85), "U \(u)")
    }
}
