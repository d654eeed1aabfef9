import Testing
import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// What the object shows under the level it would stand on (`supportAround`): a face going on
/// down beside a lower neighbour refuses that level; what is seen through a deck's gaps beside
/// the box's foot, with the deck beside it, does not. Lengths in metres.
@Suite struct UnderTheDeckTests {
    /// Tuning seed 2026 on a pallet (`--split tuning --on-pallet`), band3-blur-conf1, a LiDAR
    /// that blurs 3 px: the sweep fuses points between the deck and the floor into the gaps
    /// beside each box's foot, 10-18 per mille of its points (against 2), and counted as the
    /// box going on down they refused the deck as its support and the box as "several boxes"
    /// (scenarios 18, 25, 88 and 95). These points have the deck beside them, within 5 cm along
    /// their side: scenarios 25 and 88 are measured within 3 mm and within ± U, and accepted at
    /// 10 mm. (Scenario 95 is measured too, 10 mm short in length, outside its U of 7.5 mm and
    /// below the gate; scenario 18 is still refused as several boxes, by another check.)
    @Test(arguments: [25, 88]) func pointsInADecksGapsAreNotTheBoxGoingOnDown(index: Int) throws {
        let result = AccuracyBenchmark.evaluate(index: index, seed: 2026, sensors: SensorFamily.tuning, onPallet: true)
        #expect(result.sensor == "band3-blur-conf1")
        #expect(result.errorCode == nil, "refused: \(result.errorCode ?? "")")
        let errors = try #require(result.signedErrors), u = try #require(result.uncertainty).map { 2 * $0 }
        for k in 0..<3 {
            #expect(abs(errors[k]) <= 0.003 && abs(errors[k]) <= u[k],
                    "scenario \(index), dimension \(k): error \(errors[k]) against U \(u[k])")
        }
        #expect(result.isAccepted(0.85), "U \(u)")
    }

    /// Held-out fixed split (`--split fixed --seed 5077 --frames 1`), scenario 59: two boxes
    /// touching, seen by the stereo camera. The lower box's top is seen along the taller one's
    /// sides, and the taller one's own face goes on down to the floor under it, with only the
    /// floor beside it (20 % of its points). Taken for the support, that top made it a
    /// 342 × 176 × 65 mm box standing on its neighbour, accepted at 20 mm. It stays refused.
    @Test func aFaceGoingOnDownBesideALowerNeighbourStillRefusesItsTop() {
        let result = AccuracyBenchmark.evaluate(index: 59, seed: 5077, sensors: SensorSplit.fixed.members, frames: 1)
        #expect(result.kind == .touchingBoxes)
        #expect(result.errorCode == "several_boxes", "\(result.errorCode ?? "measured") \(result.measured ?? [])")
    }
}
