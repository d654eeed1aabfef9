import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A side not facing the camera with nothing at all past its top before the floor resumes,
/// wider than any band (a stereo camera's occlusion strip beside a tall edge): the gap bounds
/// the top but says nothing of the sensor's band, so the side always takes the other sides'
/// band (`SilhouetteBackdrop.missingReturns`, `reconcileBands`). Lengths in metres.
@Suite struct MissingReturnsGapTests {
    static func silhouette(band: Double, lastTop: Double) -> EdgeEstimate {
        var e = EdgeEstimate(method: .silhouette, pixelFootprint: 0.002, bandPixels: band, disagreement: nil, correction: 0, strips: 10)
        e.lastTopRay = lastTop
        e.lips.visible = true
        return e
    }

    /// The gap's own width never places the side, however close to the other sides' band it
    /// is: side 1 (a 2-pixel gap of nothing) takes the clean sides' 1-pixel band from its last
    /// top ray. With no clean side it is a fallback at its last top ray plus half a pixel.
    @Test func aGapOfMissingReturnsAlwaysBorrows() {
        var gap = Self.silhouette(band: 2, lastTop: 0.15)
        gap.backdrop = .missingReturns
        var estimates = [Self.silhouette(band: 1, lastTop: 0.2), gap, Self.silhouette(band: 1, lastTop: 0.1)]
        var positions = [0.202, 0.153, 0.102]
        reconcileBands(&positions, &estimates, tolerancePixels: 2.5)
        #expect(estimates[1].bandFromOtherSides && estimates[1].method == .silhouette)
        #expect(abs(positions[1] - (0.15 + 0.002)) < 1e-12, "position \(positions[1])")
        #expect(!estimates[0].bandFromOtherSides && positions[0] == 0.202)

        var alone = [gap]
        var alonePosition = [0.153]
        reconcileBands(&alonePosition, &alone, tolerancePixels: 2.5)
        #expect(alone[0].method == .topExtent && abs(alonePosition[0] - 0.151) < 1e-12)
    }

    /// Its width is missing returns, not a band of mixed pixels: never a band term of its own.
    /// Unless a profile calibrated a stereo spread (its offset moves the other sides: the gap is
    /// that camera's occlusion strip), the gap may be a dark patch hiding the top's edge too: the
    /// edge anywhere across it (the `gap` term, a rectangle of its width). With such a profile
    /// it is a borrowed band: the other sides' band, half of it either side of where that band
    /// puts the edge, and half a pixel for where the last ray fell. How far its strips' last top
    /// rays scatter is a term either way. A borrowed gap that is not missing returns (mixed
    /// pixels ending on the support) is a borrowed band too, its own width bounding the band
    /// there unless such a profile vouches for its last ray.
    @Test func itsWidthIsNoBandButItsScatterIsADoubt() throws {
        let clean = Self.silhouette(band: 1, lastTop: 0.2)
        var gap = Self.silhouette(band: 14, lastTop: 0.15)
        gap.backdrop = .missingReturns
        gap.bandFromOtherSides = true
        gap.stripScatter = 0.001
        func terms(_ edges: [EdgeEstimate], profile: Bool) -> [UncertaintySource: Double] {
            let evidence = SideEvidence(edges[1], captureBand: captureBandPixels(edges),
                                        calibratedSpread: profile && profileMovedASide(edges))
            return Dictionary(evidence.terms(footprint: 0.002, spacing: 0.002, priors: SensorClass.stereo.priors)
                .map { ($0.name, $0.standard) }, uniquingKeysWith: +)
        }
        let dark = terms([clean, gap, clean], profile: false)
        #expect(abs(try #require(dark[.gap]) - 0.028 / 3.0.squareRoot()) < 1e-12)
        #expect(abs(try #require(dark[.strips]) - 1.25 * 0.001 / 10.0.squareRoot()) < 1e-12)
        #expect(dark[.band] == nil)
        var moved = clean
        moved.correction = -0.004
        let strip = terms([moved, gap, moved], profile: true)
        #expect(strip[.gap] == nil)
        #expect(abs(try #require(strip[.band]) - 0.002 / 12.0.squareRoot()) < 1e-12, "the other sides' 1-px band")
        #expect(abs(try #require(strip[.borrowed]) - 0.001 / 3.0.squareRoot()) < 1e-12, "where the last ray fell: half a pixel")
        #expect(strip[.strips] == dark[.strips])
        #expect(terms([clean, gap, clean], profile: true)[.gap] != nil, "a profile that moved no side vouches for nothing")
        var wide = gap
        wide.backdrop = .support
        // A gap that ended on the support bounds the band there: none to 14 px, so the edge
        // lies within (14 - 1) / 2 px of where the others' 1-px band puts it.
        var bounded = strip
        bounded[.band] = 6.5 * 0.002 / 3.0.squareRoot()
        let onSupport = terms([clean, wide, clean], profile: false)
        #expect(onSupport.keys == bounded.keys && onSupport.allSatisfy { abs($0.value - bounded[$0.key]!) < 1e-12 }, "\(onSupport)")
        #expect(terms([moved, wide, moved], profile: true) == strip)
    }

    /// Fixed split, seed 101, scenario 15: a single stereo frame whose -width side, seen along
    /// its length on the left of the image, has a 12-pixel occlusion strip beside it. No strip
    /// showed a gap narrow enough for a band, so the side was a fallback at the top's extent
    /// with a wider U. Followed across the strip to the floor, it takes the other sides' band
    /// and, with a 2-pixel stereo profile, passes within 3 mm.
    @Test func aWideOcclusionStripBoundsTheTop() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(15, seed: 101)
        #expect(kind == .box)
        var parameters = PipelineParameters()
        parameters.profile = SensorProfile(edgeOffsetPixels: 2, depthScale: 1)
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let strips = result.cuboid.edges.filter { $0.backdrop == .missingReturns }
        #expect(strips.count == 1 && strips.allSatisfy { $0.bandFromOtherSides && $0.correction == 0 && ($0.bandPixels ?? 0) > 10 },
                "\(result.cuboid.edges)")
        EdgeEvidenceTests.expectMeasured(result, simulated.truth, footprint: 0.003)
        #expect(result.isAccepted(), "\(result.confidenceReasons)")

        var narrow = parameters
        narrow.adjustBehaviour { $0.missingReturnsReachPixels = 0 }
        let before = try runPipeline(simulated.capture, parameters: narrow)
        #expect(before.cuboid.edges.contains { $0.method == .topExtent })
        #expect(result.uncertainty.expanded[1] < before.uncertainty.expanded[1],
                "U \(result.uncertainty.expanded), without the gap's reach \(before.uncertainty.expanded)")
    }
}
