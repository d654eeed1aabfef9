import Testing
import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// Past a table's edge the room's floor lies far below, and a blurring sensor's mixed pixels
/// cross the table's level on their way down (`supportCrossings`). Lengths in metres.
@Suite struct TableLevelCrossingTests {
    private static func onTable(_ index: Int) -> AccuracyBenchmark.Case {
        AccuracyBenchmark.evaluate(index: index, seed: 2026, sensors: SensorFamily.tuning, onTable: true)
    }

    private static func farSideBands(_ result: AccuracyBenchmark.Case) -> [Double] {
        (result.edges ?? []).filter { $0.method == .silhouette && $0.backdrop == .support }.compactMap(\.bandPixels)
    }

    /// Tuning on-table scenario 108 (seed 2026): a LiDAR that blurs 2 px, a 441-mm-tall box seen
    /// past the table's edge. One side showed a 0.95-px band over 6 strips, where mixed pixels at
    /// the table's level passed for the table, and came out 17 mm short at U 3.0 mm; the other
    /// side, whose 4.7-px gap was right, borrowed that band and came out 18 mm short: accepted at
    /// 10 mm 19 mm long and 20 mm wide once the borrowed band was counted once. Both bands are
    /// the sensor's now (4.9 px), and the box is measured within 10 mm and within ± U.
    @Test func aBlurredFarSideIsNotCutShortByTheTablesLevel() throws {
        let result = Self.onTable(108)
        #expect(result.sensor == "band2-blur-unflagged")
        let bands = Self.farSideBands(result)
        #expect(bands.count == 2 && bands.allSatisfy { $0 > 4 }, "\(bands)")
        let errors = try #require(result.signedErrors), u = try #require(result.uncertainty).map { 2 * $0 }
        for k in 0..<3 {
            #expect(abs(errors[k]) <= min(u[k], 0.010), "dimension \(k): error \(errors[k]) against U \(u[k])")
        }
    }

    /// Tuning on-table scenario 45: the same sensor, a 471-mm-tall box seen from 0.76 m. Its far
    /// side showed a 0.2-px band and came out 11 mm short (length 13.6 mm short at U 5.7 mm).
    /// Its band is 2.5 px now (the other side's 3.4) and the length within 6 mm, and the box is
    /// not accepted. The length was 4.5 mm short until 2 December 2026: its 3.4-px side's strips
    /// now agree better on where their depths pass half the step (`steadierStrips`) than on
    /// their bands' middles, and that crossing lies 1.4 mm further in (the top blends towards
    /// the room's floor, deeper than the table its band ends on), so the length is 5.8 mm
    /// short at U 4.2 mm, the two estimates' distance in its U (left open: 1.6 mm outside it).
    @Test func aNearerBlurredFarSideComesOutWithinAFewMillimetres() throws {
        let result = Self.onTable(45)
        let bands = Self.farSideBands(result)
        #expect(bands.count == 2 && bands.allSatisfy { $0 > 2 }, "\(bands)")
        let errors = try #require(result.signedErrors)
        #expect(abs(errors[0]) <= 0.006, "length error \(errors[0])")
        #expect(!result.isAccepted(0.85))
    }
}
