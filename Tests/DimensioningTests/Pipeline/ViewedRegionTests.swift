import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The band down one side of a stereo or structured-light camera's image, `w = a + c / z`
/// pixels wide: fitted robustly, and a box running into it cut off.
@Suite struct ViewedRegionTests {
    /// A disparity band (c = 43.35 px m, a structured-light camera's f b) over rows at 0.42 to
    /// 1.9 m, with one row in eight a dark patch 60 px wider than the band: the fit recovers the
    /// band within 0.5 px m and 0.5 px, and the dark rows do not move it.
    @Test func aDisparityBandIsFittedPastDarkRows() throws {
        let depths = (0..<240).map { 0.42 + 1.48 * Double($0) / 239 }
        let runs = depths.enumerated().map { k, z in 43.35 / z + (k % 8 == 0 ? 60 : 0) }
        let band = try #require(BandModel(runs: runs, inverseDepths: depths.map { 1 / $0 }))
        #expect(abs(band.slope - 43.35) < 0.5)
        #expect(abs(band.intercept) < 0.5)
        #expect(band.fits(run: 43.35 / 0.5, inverseDepth: 2))
        #expect(!band.fits(run: 43.35 / 0.5 + 60, inverseDepth: 2))
    }

    /// A band of constant width (a camera that crops its image) fits with no slope.
    @Test func aConstantBandHasNoSlope() throws {
        let depths = (0..<100).map { 0.5 + Double($0) / 50 }
        let band = try #require(BandModel(runs: [Double](repeating: 20, count: 100), inverseDepths: depths.map { 1 / $0 }))
        #expect(abs(band.slope) < 1e-9)
        #expect(abs(band.intercept - 20) < 1e-9)
    }

    /// Per row, the view ends at the band the model gives, not at a later first pixel: rows that
    /// begin 60 px past the band (a dark patch, or a row above the horizon where only a tall
    /// object returns anything) end at the band; rows with no band (fewer than 90 % following
    /// one) end at the image's edge.
    @Test func theViewEndsAtTheModelledBand() {
        let rows = Array(0..<100)
        let depths = rows.map { 0.5 + Double($0) / 50 }
        let runs = zip(rows, depths).map { y, z in Int((40 / z).rounded()) + (y % 20 == 0 ? 60 : 0) }
        let edge = ViewedRegion.viewEdge(runs: runs, depths: depths, rows: rows, height: 100)
        for y in rows {
            let band = 40 / depths[y]
            #expect(abs(Double(edge[y]) - band) <= max(2, 0.1 * band) + 1, "row \(y): \(edge[y]) for a band of \(band)")
        }
        let patchy = zip(rows, runs).map { y, run in y % 5 == 0 ? run + 60 : run }
        #expect(ViewedRegion.viewEdge(runs: patchy, depths: depths, rows: rows, height: 100).allSatisfy { $0 == 0 })
    }

    /// Structured-light split (seed 9157, looked at since; the held-out seed is now 6421),
    /// scenario 112: a 524-mm box 0.57 m from the camera, its far end in the band down the image's
    /// left side (103 columns in the box's rows, 24 over the far floor). The band was taken for
    /// no band (its rows ran wider than an eighth of the image), so the box's visible part was
    /// measured, 469 mm long, and accepted at a 20-mm tolerance. It runs out of the view.
    @Test func aBoxRunningIntoAWideDisparityBandIsCutOff() {
        let (simulated, kind) = ScenarioCatalog.render(index: 112, seed: 9157, frameCount: 1,
                                                       sensors: [SensorFamily.structuredLight])
        #expect(kind == .box)
        do {
            _ = try runPipeline(simulated.capture)
            Issue.record("measured a box whose end the view does not show")
        } catch {
            #expect(error.code == "box_cut_off")
        }
    }
}
