import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation
import TestSupport

/// The naive top rectangle beside each carton of a scene (`SceneBox.naiveSize`, issue 35 item 6:
/// the baseline printed beside the engine on every split): the minimum-area rectangle of the
/// carton's top points and their median height above the view's floor plane, on the scene's own
/// segmentation. Lengths in metres.
@Suite struct SceneNaiveBaselineTests {
    /// Scene benchmark, tuning seed 2026, scenes 0 (three boxes apart) and 2 (two of one height
    /// pressed together, cut at the seam the colour image shows), on the floor: every measured
    /// carton has a naive rectangle; with no edge model its length and width fall within 15 mm
    /// of the box's (a top's points stop within a few pixels of its sides, 4-7 mm apart at
    /// 1.2-1.8 m), and its height, taken from the floor the box stands on, within 5 mm.
    @Test(arguments: [0, 2]) func theNaiveRectangleOfACartonOnTheFloorIsNearItsBox(index: Int) throws {
        let (scene, simulated, colour) = SceneBenchmark.rendered(index, seed: 2026, on: .floor)
        let measured = try measureAllBoxes(simulated.capture, colour: colour)
        var compared = 0
        for box in measured.boxes {
            guard case let .success(carton) = box.outcome,
                  let truth = scene.allBoxes.nearest(to: carton.centerInWorld),
                  length(SIMD2(carton.centerInWorld.x, carton.centerInWorld.y) - truth.center) < 0.05 else { continue }
            let naive = try #require(box.naiveSize, "scene \(index): carton at \(box.positionOnSupport) has no naive rectangle")
            let expected = truth.measuredOrder
            #expect(naive[0] >= naive[1], "scene \(index): \(naive)")
            for d in 0..<2 {
                #expect(abs(naive[d] - expected[d]) <= 0.015, "scene \(index), dimension \(d): naive \(naive[d]) against \(expected[d])")
            }
            #expect(abs(naive[2] - expected[2]) <= 0.005, "scene \(index): naive height \(naive[2]) against \(expected[2])")
            compared += 1
        }
        #expect(compared == scene.allBoxes.count, "scene \(index): \(compared) of \(scene.allBoxes.count) cartons compared")
    }

    /// The same scene 2 on a pallet's deck 144 mm above the room's floor: the naive recipe knows
    /// no support but the view's floor plane, so each carton's naive height is its own plus the
    /// deck's (within 10 mm), where the engine measures from the deck (within 5 mm,
    /// `SceneOnPalletTests`). The baseline is the recipe, not a better engine.
    @Test func theNaiveHeightOfACartonOnAPalletIsTakenFromTheRoomsFloor() throws {
        let (scene, simulated, colour) = SceneBenchmark.rendered(2, seed: 2026, on: .pallet)
        let measured = try measureAllBoxes(simulated.capture, colour: colour)
        var compared = 0
        for box in measured.boxes {
            guard case let .success(carton) = box.outcome,
                  let truth = scene.allBoxes.nearest(to: carton.centerInWorld),
                  length(SIMD2(carton.centerInWorld.x, carton.centerInWorld.y) - truth.center) < 0.05,
                  let naive = box.naiveSize else { continue }
            #expect(abs(naive[2] - (truth.height + 0.144)) <= 0.010, "naive height \(naive[2]) against \(truth.height) + 0.144")
            #expect(abs(carton.height - truth.height) <= 0.005, "engine height \(carton.height) against \(truth.height)")
            compared += 1
        }
        #expect(compared == 2, "\(compared) cartons compared")
    }

    /// The benchmark's report sets the naive rectangle's error beside each matched carton's and
    /// counts where the engine misses by more than 1 mm beyond it: the counts are those of the
    /// cartons' own errors.
    @Test func theSceneReportComparesEachCartonWithTheNaiveRectangle() throws {
        let report = SceneBenchmark.run(count: 3, seed: 2026)
        let compared = report.cartons.filter { $0.naiveErrorMillimetres != nil }
        #expect(report.naiveCompared == compared.count && compared.count >= 6, "\(report.naiveCompared), \(compared.count)")
        for d in 0..<3 {
            let farther = compared.filter { abs($0.errorMillimetres[d]) > abs($0.naiveErrorMillimetres![d]) + 1 }.count
            #expect(report.engineFartherThanNaive[d] == farther, "dimension \(d)")
        }
        #expect(report.table.contains("naive top rectangle on the same tops (\(compared.count) with a flat top)"))
    }
}
