import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// "Several boxes" only when there are several: a side face that a wide blur band split off the
/// box's cluster lies on the box's own footprint and is not a parcel hidden behind it, while
/// two boxes touching are still refused.
@Suite struct OwnFragmentTests {
    /// Tuning split, seed 2026, scenario 10: one 529 x 432 x 367 mm box seen by a sensor with a
    /// 2-pixel unflagged blur band, once refused as "2 objects touch or stand together".
    @Test func aBoxsOwnSideFaceSplitOffByABlurBandIsNotASecondBox() throws {
        let (simulated, kind) = ScenarioCatalog.render(index: 10, seed: 2026, sensors: SensorFamily.tuning)
        #expect(kind == .box)
        let result = try runPipeline(simulated.capture)
        let truth = simulated.truth
        #expect(abs(result.cuboid.length - truth.length) <= 0.005, "length \(result.cuboid.length) vs \(truth.length)")
        #expect(abs(result.cuboid.width - truth.width) <= 0.005, "width \(result.cuboid.width) vs \(truth.width)")
        #expect(abs(result.cuboid.height - truth.height) <= 0.005, "height \(result.cuboid.height) vs \(truth.height)")
    }

    /// Tuning split, scenario 24: two boxes touching, with fragments of the pair on the box's
    /// outline; still refused.
    @Test func touchingBoxesAreStillSeveral() throws {
        let (simulated, kind) = ScenarioCatalog.render(index: 24, seed: 2026, sensors: SensorFamily.tuning)
        #expect(kind == .touchingBoxes)
        do {
            let result = try runPipeline(simulated.capture)
            Issue.record("two touching boxes measured as one: \(result.cuboid.length) x \(result.cuboid.width) m")
        } catch {
            if case .severalBoxes = error {} else { Issue.record("expected several boxes, got \(error)") }
        }
    }
}
