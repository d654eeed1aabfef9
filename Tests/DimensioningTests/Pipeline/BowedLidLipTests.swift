import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A lid bowed up falls toward its sides, and that fall hides as much of a fattening sensor's
/// lip: a side reads its lip against the bow (`TopRelief.lipFalls`, `sharpSideShowsNoLip`).
/// Lengths in metres.
@Suite struct BowedLidLipTests {
    /// A 200 x 150 mm footprint whose four sides are silhouettes seen with 6-mm pixels.
    private static func cuboid() -> CuboidFit {
        var side = EdgeEstimate(method: .silhouette, pixelFootprint: 0.006, bandPixels: 0.1)
        side.lips.risePerPixel = 0.0026
        side.lips.outerRowRise = 0.0001
        side.lips.outerRowRiseError = 0.0002
        return CuboidFit(footprint: Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.1, halfB: 0.075),
                         length: 0.2, width: 0.15, height: 0.3, centerInWorld: SIMD3(0, 0, 0.15),
                         axesInWorld: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)], fill: 1,
                         edges: [side, side, side, side], topPointCount: 0)
    }

    /// On the parabola `c2 x²` the outer row (one footprint inside the side) lies
    /// `c2 (x_i² − x_o²)` under the inner rows (2.25 footprints further in): for `c2` = −0.38/m
    /// (a 5.7-mm bow over a 200-mm length) and 6-mm pixels, 0.90 mm at the ±A sides, and
    /// nothing for a flat lid or a side placed from its face.
    @Test func theFallIsTheParabolasBetweenTheRows() {
        var relief = TopRelief(lidHigh: 0, spread: 0.001)
        relief.bowCurvatures = [-0.38, 0]
        var cuboid = Self.cuboid()
        cuboid.edges[1].method = .sideFace
        let falls = relief.lipFalls(cuboid)
        let outer = 0.1 - 0.006, inner = outer - 2.25 * 0.006
        #expect(abs(falls[0] - 0.38 * (outer * outer - inner * inner)) < 1e-9)
        #expect(abs(falls[0] - 0.000895) < 0.00001, "\(falls)")
        #expect(falls[1] == 0 && falls[2] == 0 && falls[3] == 0, "\(falls)")
    }

    /// A sharp side counting 0.04 px of lip rules fattening out on a flat lid; with the lid
    /// falling 0.9 mm toward it (0.35 px of its 2.6-mm rise per pixel) it counts 0.38 px, and
    /// with 1.2 mm 0.50 px: a lip as large as `lipCountFattening` may hide under the bow.
    @Test func aLipHiddenByTheBowRulesNothingOut() {
        let parameters = PipelineParameters()
        let edges = Self.cuboid().edges
        #expect(sharpSideShowsNoLip(edges, parameters: parameters))
        #expect(sharpSideShowsNoLip(edges, lidFalls: [0.0009, 0.0009, 0, 0], parameters: parameters))
        #expect(!sharpSideShowsNoLip(edges.map { var e = $0; e.lips.outerRowRise = 0.0001 + 0.0012; return e },
                                     parameters: parameters))
        #expect(!sharpSideShowsNoLip(edges, lidFalls: [0.0012, 0.0012, 0.0012, 0.0012], parameters: parameters))
    }

    /// Retired split 2 (seed 6151, irregular tops), scenario 40: a box under a lid bowed up by
    /// 5.7 mm, seen by a sensor fattening its edges by a pixel (a stereo-class member). The bow
    /// hid every side's lip, a sharp side ruled fattening out, and the box was accepted at
    /// 10 mm 12.8 mm wide (U 8.0 mm). Read against the bow, no side rules it out: the stereo
    /// class's fattening doubt stays and the width's U holds its error.
    @Test func aBowedLidDoesNotRuleFatteningOut() throws {
        let sensors = SensorFamily.secondRetiredHoldout
        let (simulated, _) = ScenarioCatalog.render(index: 40, seed: 6151, sensors: sensors, irregularTops: true)
        #expect(sensors[40 % sensors.count].name == "fatten1")
        guard case .bulge? = simulated.scene.target?.topFeature else {
            Issue.record("scenario 40 has \(String(describing: simulated.scene.target?.topFeature))"); return
        }
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .stereo // a fattening member, as `boxdim accuracy` takes it
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let error = result.cuboid.width - simulated.truth.width
        #expect(error > 0.008, "the fattening still shows as a wide box: \(error)")
        #expect(!result.cuboid.lips.fatteningRuledOut, "\(result.cuboid.lips)")
        #expect(abs(error) <= result.uncertainty.expanded[1], "error \(error), U \(result.uncertainty.expanded[1])")
        #expect(!result.isAccepted(), "accepted at 10 mm, confidence \(result.probabilityWithinTolerance)")
    }
}
