import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningVerification

@Suite struct VerificationSummaryTests {
    static func result(_ name: String, truth: (Double, Double, Double), measured: (Double, Double, Double)?,
                       confidence: Double = 0.9, status: MeasurementRecord.Status? = nil, tolerance: Double = 10) -> VerificationResult {
        var record = MeasurementRecord(capture: name, outcome: .failure(.noBox()), units: .millimeters, minConfidence: 0.85)
        if let m = measured {
            record.length = m.0; record.width = m.1; record.height = m.2
            record.confidence = confidence
            record.status = status ?? (confidence >= 0.85 ? .accepted : .lowConfidence)
            record.error = nil
        }
        let row = GroundTruthRow(capture: name, line: 2, lengthMM: truth.0, widthMM: truth.1, heightMM: truth.2, extras: ["x"])
        return VerificationResult(record: record, truth: row, extraColumns: ["note"], toleranceMM: tolerance, overlay: nil)
    }

    @Test func statisticsKnownAnswers() {
        let s = VerificationSummary.statistics([4, 1, 3, 2, 10], tolerance: 3)
        #expect(s.count == 5 && s.mean == 4 && s.median == 3 && s.p95 == 10 && s.max == 10 && s.withinTolerance == 0.6)
        let even = VerificationSummary.statistics([1, 2, 3, 4], tolerance: 10)
        #expect(even.median == 2.5 && even.p95 == 4)
        let twenty = VerificationSummary.statistics((1...20).map(Double.init), tolerance: 10)
        #expect(twenty.p95 == 19)  // nearest rank: ceil(0.95 * 20) = 19
        #expect(VerificationSummary.statistics([], tolerance: 1).count == 0)
    }

    /// Signed statistics keep the absolute figures and add the bias: five boxes all measured
    /// too small have a small |e| spread but a clear negative median.
    @Test func signedStatisticsShowABias() throws {
        let s = VerificationSummary.statistics(signed: [-4, -1, -3, -2, 10], tolerance: 3)
        #expect(s.median == 3 && s.mean == 4 && s.max == 10)
        #expect(s.signedMedian == -2 && s.signedMean == 0)
        let even = VerificationSummary.statistics(signed: [-1, -2, -3, -4], tolerance: 10)
        #expect(even.signedMedian == -2.5 && even.signedMean == -2.5)
        let json = String(decoding: try JSONEncoder().encode(s), as: UTF8.self)
        #expect(json.contains("\"signed_median\":-2") && json.contains("\"signed_mean\":0"))
        // A summary written before signed errors existed still reads (as 0).
        let old = #"{"count":1,"mean":1,"median":1,"p95":1,"max":1,"within_tolerance":1}"#
        let decoded = try JSONDecoder().decode(VerificationSummary.ErrorStatistics.self, from: Data(old.utf8))
        #expect(decoded.signedMedian == 0 && decoded.count == 1)
    }

    @Test func verdictsAndCounts() {
        let results = [
            Self.result("a", truth: (300, 200, 100), measured: (305, 198, 101)),
            // Footprint sides compared longest to longest: truth written width-first.
            Self.result("b", truth: (200, 300, 100), measured: (320, 200, 100)),
            Self.result("c", truth: (300, 200, 100), measured: (300, 200, 100), confidence: 0.5),
            Self.result("d", truth: (300, 200, 100), measured: nil),
            Self.result("e", truth: (0, 0, 0), measured: nil),
            Self.result("f", truth: (0, 0, 0), measured: (100, 100, 100)),
        ]
        #expect(results.map(\.verdict) == [.acceptedWithinTolerance, .acceptedOutOfTolerance, .lowConfidence, .refused,
                                            .negativeCorrectlyRefused, .negativeWronglyAccepted])
        #expect(results[1].errors == DimensionErrors(length: 20, width: 0, height: 0))
        let s = VerificationSummary(results: results, toleranceMM: 10, minConfidence: 0.85)
        #expect(s.total == 6 && s.measured == 4 && s.accepted == 3 && s.lowConfidence == 1 && s.refused == 2)
        #expect(s.negatives == 2 && s.negativesWronglyAccepted == 1 && !s.passed)
        #expect(s.length.count == 2 && s.length.mean == 12.5 && s.length.max == 20)
        #expect(s.withinTolerance == 0.5)
        #expect(s.worst.map(\.capture).prefix(2) == ["f", "b"])
        let ok = VerificationSummary(results: [results[0], results[2], results[4]], toleranceMM: 10, minConfidence: 0.85)
        #expect(ok.passed)
    }

    @Test func resultLineRoundTripsAndKeepsTheRecordKeys() throws {
        let r = Self.result("a\"b", truth: (300, 200, 100), measured: (305, 198, 101))
        let line = r.jsonLine()
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        for key in ["schema", "capture", "status", "length", "confidence", "truth_mm", "error_mm", "verdict", "extra"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let back = try #require(VerificationResult.parse(line: Substring(line)))
        #expect(back.jsonLine() == line)
        #expect(VerificationResult.parse(line: line.dropLast(5)) == nil)
    }
}
