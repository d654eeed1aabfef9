import Testing
@testable import Dimensioning

/// `EdgeOffsetFit`: the profile's edge offsets from reference residuals (footprints in metres
/// per pixel, residuals in metres, offsets in pixels).
@Suite struct EdgeOffsetFitTests {
    /// Rows as eight references would give them: footprints of 4-10 mm per pixel, facing sides
    /// in half the rows, residual = away·o + facing·o_f plus a deterministic ±`noise` metres.
    static func rows(away o: Double, facing f: Double, noise: Double) -> [EdgeOffsetFit.Row] {
        (0..<16).map { i in
            let a = 0.004 + 0.0004 * Double(i % 7) * 2, b = i % 2 == 0 ? 0.005 + 0.0003 * Double(i % 5) : 0
            let wobble = noise * (i % 3 == 0 ? 1 : i % 3 == 1 ? -1 : 0.5)
            return EdgeOffsetFit.Row(residual: a * o + b * f + wobble, away: a, facing: b)
        }
    }

    @Test func sidesFacingTheCameraGetTheirOwnOffsetWhenTheyDiffer() throws {
        let fit = EdgeOffsetFit(Self.rows(away: 2.3, facing: 1.4, noise: 0.0005), pooledOnly: false)
        let facing = try #require(fit.facingOffset)
        #expect(abs(fit.offset - 2.3) < 0.15, "away \(fit.offset) px")
        #expect(abs(facing - 1.4) < 0.15, "facing \(facing) px")
        #expect(try #require(fit.offsetUncertainty) < 0.3)
        // ±0.5 mm over 4-10 mm footprints: about a tenth of a pixel of scatter.
        let scatter = try #require(fit.scatterPixels)
        #expect(scatter > 0.02 && scatter < 0.3, "scatter \(scatter) px")
    }

    @Test func aSensorWhoseSpreadVariesShowsItsScatter() throws {
        // Eight times the residual on the same footprints: eight times the scatter (about a
        // third of a pixel: ±4 mm over footprint sums of 4-14 mm), the offset still found.
        let wide = EdgeOffsetFit(Self.rows(away: 3.6, facing: 3.6, noise: 0.004), pooledOnly: false)
        let narrow = EdgeOffsetFit(Self.rows(away: 3.6, facing: 3.6, noise: 0.0005), pooledOnly: false)
        let ratio = try #require(wide.scatterPixels) / #require(narrow.scatterPixels)
        #expect(abs(ratio - 8) < 0.8, "ratio \(ratio)")
        #expect((0.25...0.5).contains(wide.scatterPixels!), "scatter \(wide.scatterPixels!) px")
        #expect(abs(wide.offset - 3.6) < 0.5)
    }

    @Test func oneOffsetWhenTheSidesAgree() {
        let fit = EdgeOffsetFit(Self.rows(away: 2.0, facing: 2.0, noise: 0.0005), pooledOnly: false)
        #expect(fit.facingOffset == nil)
        #expect(abs(fit.offset - 2.0) < 0.1, "offset \(fit.offset) px")
    }

    @Test func scatterAroundZeroStaysZero() {
        // ±1 mm of scatter and a 0.02 px true offset: not the sensor's.
        let fit = EdgeOffsetFit(Self.rows(away: 0.02, facing: 0.02, noise: 0.001), pooledOnly: false)
        #expect(fit.offset == 0)
        #expect(fit.facingOffset == nil)
        #expect((fit.offsetUncertainty ?? 0) > 0.02)
    }

    @Test func oneReferenceIsPooledAndTakenAsItIs() {
        let rows = [EdgeOffsetFit.Row(residual: 0.01, away: 0.005, facing: 0),
                    EdgeOffsetFit.Row(residual: 0.004, away: 0.002, facing: 0.002)]
        let fit = EdgeOffsetFit(rows, pooledOnly: true)
        // Σxr / Σx² = (0.005·0.01 + 0.004·0.004) / (0.005² + 0.004²)
        #expect(abs(fit.offset - 0.066 / 0.041) < 1e-9)
        #expect(fit.facingOffset == nil && fit.offsetUncertainty == nil && fit.scatterPixels == nil)
    }

    @Test func noSilhouetteSideLeavesZero() {
        let fit = EdgeOffsetFit([EdgeOffsetFit.Row(residual: 0.01, away: 0, facing: 0)], pooledOnly: false)
        #expect(fit.offset == 0 && fit.facingOffset == nil && fit.offsetUncertainty == nil)
    }
}
