import Testing
@testable import DimensioningVerification

/// `ErrorSpread`: the root mean square of measured minus known over items of one size, and
/// twice it, the least U (k = 2) that holds them.
@Suite struct ErrorSpreadTests {
    /// Bias and scatter count together: errors of +3 and +5 mm have an RMS of √17 mm, not the
    /// 1 mm their standard deviation would say.
    @Test func biasAndScatterBothCount() throws {
        let spread = try #require(ErrorSpread(errors: [[3, 0, -4], [5, 0, 4]]))
        #expect(spread.count == 2)
        #expect(abs(spread.rootMeanSquare[0] - 17.0.squareRoot()) < 1e-12)
        #expect(spread.rootMeanSquare[1] == 0)
        #expect(abs(spread.rootMeanSquare[2] - 4) < 1e-12)
        #expect(abs(spread.leastExpandedUncertainty[0] - 2 * 17.0.squareRoot()) < 1e-12)
        #expect(abs(spread.leastExpandedUncertainty[2] - 8) < 1e-12)
    }

    /// The dimensions whose floor is over a tolerance, named L, W, H; one exactly at it is not.
    @Test func dimensionsOverTheTolerance() throws {
        let spread = try #require(ErrorSpread(errors: [[6, -5, 2], [-6, 5, -2], [6, 5, 2]]))
        #expect(spread.dimensionsOver(tolerance: 10) == ["L"])
        #expect(spread.dimensionsOver(tolerance: 3) == ["L", "W", "H"])
        #expect(spread.dimensionsOver(tolerance: 12).isEmpty)
    }

    /// No items, or an item without three finite values, has no spread.
    @Test func malformedErrorsHaveNone() {
        #expect(ErrorSpread(errors: []) == nil)
        #expect(ErrorSpread(errors: [[1, 2]]) == nil)
        #expect(ErrorSpread(errors: [[1, .nan, 2]]) == nil)
    }
}
