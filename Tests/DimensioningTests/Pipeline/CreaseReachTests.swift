import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A wide band also eats the top at the crease toward the camera (`reachPastCreases`): the sides
/// facing the camera move outward by a share of the band the sides facing away show. Lengths in
/// metres; pixel footprints of 5 mm.
@Suite struct CreaseReachTests {
    static func side(_ method: EdgeMethod = .silhouette, band: Double?, facing: Bool = false,
                     backed: Bool = false, borrowed: Bool = false) -> EdgeEstimate {
        var e = EdgeEstimate(method: method, pixelFootprint: 0.005, bandPixels: band, disagreement: nil, correction: 0, strips: 10)
        e.facesCamera = facing
        e.backdrop = backed ? .surface : .support
        e.bandFromOtherSides = borrowed
        return e
    }

    /// Away sides with 5 and 6 px gaps (median 5.5): the facing side moves 0.4 × (5.5 − 2) px of
    /// 5 mm, 7 mm; no other side moves.
    @Test func aFacingSideReachesPastTheBandItsTopLost() throws {
        var estimates = [Self.side(band: 5), Self.side(band: 6), Self.side(band: 0, facing: true), Self.side(.sideFace, band: nil)]
        var positions = [0.30, 0.30, 0.20, 0.20]
        reachPastCreases(&positions, &estimates, bandFreePixels: 2, share: 0.4)
        #expect(abs(positions[2] - 0.207) < 1e-12, "facing side at \(positions[2]) m")
        #expect(abs((estimates[2].creaseReach ?? 0) - 0.007) < 1e-12)
        #expect(positions[0] == 0.30 && positions[1] == 0.30 && positions[3] == 0.20)
        #expect(estimates[0].creaseReach == nil && estimates[3].creaseReach == nil)
        #expect(estimates[2].correction == 0, "the profile's correction is a different thing")
    }

    /// A one-pixel band (an iPhone, a sharp sensor) leaves the top's last sample at the crease.
    @Test func aNarrowBandMovesNothing() {
        var estimates = [Self.side(band: 1.1), Self.side(band: 1.9), Self.side(band: 0, facing: true), Self.side(band: 1.5)]
        var positions = [0.30, 0.30, 0.20, 0.20]
        reachPastCreases(&positions, &estimates, bandFreePixels: 2, share: 0.4)
        #expect(positions == [0.30, 0.30, 0.20, 0.20])
        #expect(estimates.allSatisfy { $0.creaseReach == nil })
    }

    /// A gap backed by a wall or borrowed from other sides says nothing about the sensor's band;
    /// with no side left to measure it on, or with the share 0, nothing moves.
    @Test func onlyClearAwaySidesMeasureTheBand() {
        var estimates = [Self.side(band: 7, backed: true), Self.side(band: 7, borrowed: true),
                         Self.side(band: 0, facing: true), Self.side(.sideFace, band: nil)]
        var positions = [0.30, 0.30, 0.20, 0.20]
        reachPastCreases(&positions, &estimates, bandFreePixels: 2, share: 0.4)
        #expect(positions[2] == 0.20)
        var clear = [Self.side(band: 7), Self.side(band: 7), Self.side(band: 0, facing: true), Self.side(band: 7)]
        reachPastCreases(&positions, &clear, bandFreePixels: 2, share: 0)
        #expect(positions[2] == 0.20 && clear[2].creaseReach == nil)
    }

    /// Tuning split, seed 101, scenario 58 (a 2-pixel random blend flagged 0): the side facing
    /// the camera lost about a pixel of top at its crease, and the length came out 7 mm short.
    @Test func aBlendedCapturesLengthIsNoLongerShortAtTheCrease() throws {
        let (simulated, kind) = ScenarioCatalog.render(index: 58, seed: 101, sensors: SensorFamily.tuning)
        #expect(kind.expectsMeasurement)
        let truth = simulated.truth
        let measured = try runPipeline(simulated.capture)
        let reached = measured.cuboid.edges.compactMap(\.creaseReach)
        #expect(reached.count == 1 && (0.002...0.008).contains(reached.first ?? 0), "reach \(reached) m")
        #expect(abs(measured.cuboid.length - truth.length) <= 0.002,
                "length \(measured.cuboid.length) m, truth \(truth.length) m")
        var off = PipelineParameters()
        off.adjustBehaviour { $0.creaseBandShare = 0 }
        let before = try runPipeline(simulated.capture, parameters: off)
        #expect(before.cuboid.length - truth.length < -0.005, "without the reach: \(before.cuboid.length) m")
    }
}
