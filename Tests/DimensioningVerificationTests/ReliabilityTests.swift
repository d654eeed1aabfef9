import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningVerification

/// The report's reliability table and verify's coverage: stated confidence and ± U against what
/// the truth says.
@Suite struct ReliabilityTests {
    private func result(_ name: String, error: Double, confidence: Double, u: Double? = nil) -> VerificationResult {
        var r = VerificationSummaryTests.result(name, truth: (400, 300, 200), measured: (400 + error, 300, 200),
                                                confidence: confidence)
        if let u { r.record.uncertainty = .init(length: u, width: u, height: u) }
        return VerificationResult(record: r.record, truth: r.truth, extraColumns: [], toleranceMM: 10, overlay: nil)
    }

    @Test func capturesAreBinnedByStatedConfidenceAndCountedWithinTheTolerance() {
        let results = [result("a", error: 2, confidence: 0.95), result("b", error: 15, confidence: 0.9),
                       result("c", error: 3, confidence: 0.3), result("d", error: 1, confidence: 1.0)]
        let bins = VerificationReport.reliabilityBins(results, toleranceMM: 10)
        #expect(bins.map(\.count) == [0, 1, 0, 0, 3])
        #expect(bins[4].withinTolerance == 2 && abs(bins[4].observed - 2.0 / 3) < 1e-12)
        #expect(abs(bins[4].meanConfidence - (0.95 + 0.9 + 1.0) / 3) < 1e-12)
        #expect(bins[1].withinTolerance == 1 && bins[0].observed.isNaN)
    }

    @Test func coverageCountsTheTruthWithinPlusOrMinusU() {
        let results = [result("a", error: 2, confidence: 0.95, u: 3), result("b", error: 4, confidence: 0.9, u: 3),
                       result("c", error: 0.5, confidence: 0.9, u: 1), result("d", error: 1, confidence: 0.9)]
        #expect(results.map(\.withinUncertainty?.first) == [true, false, true, nil])
        let summary = VerificationSummary(results: results, toleranceMM: 10, minConfidence: 0.85)
        #expect(summary.coverageCount == 3, "a record without U (before schema 7) is not counted")
        #expect(summary.coverage?[0] == 0.667 && summary.coverage?[1] == 1)
        #expect(summary.table().contains("truth within ± U"))
    }
}
