import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A side not facing the camera with nothing at all past its top before the floor resumes,
/// wider than any band (a stereo camera's occlusion strip beside a tall edge): the gap bounds
/// the top but says nothing of the sensor's band, so the side always takes the other sides'
/// band (`EdgeEstimate.gapOfMissingReturns`, `reconcileBands`). Lengths in metres.
@Suite struct MissingReturnsGapTests {
    static func silhouette(band: Double, lastTop: Double) -> EdgeEstimate {
        var e = EdgeEstimate(method: .silhouette, pixelFootprint: 0.002, bandPixels: band, lipShare: 0,
                             disagreement: nil, correction: 0, strips: 10)
        e.lastTopRay = lastTop
        e.lipVisible = true
        return e
    }

    /// The gap's own width never places the side, however close to the other sides' band it
    /// is: side 1 (a 2-pixel gap of nothing) takes the clean sides' 1-pixel band from its last
    /// top ray. With no clean side it is a fallback at its last top ray plus half a pixel.
    @Test func aGapOfMissingReturnsAlwaysBorrows() {
        var gap = Self.silhouette(band: 2, lastTop: 0.15)
        gap.gapOfMissingReturns = true
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

    /// Its width is missing returns, not a band of mixed pixels: no wide-band doubt. Unless a
    /// profile calibrated a stereo spread (its offset moves the other sides: the gap is that
    /// camera's occlusion strip), the gap may be a dark patch hiding the top's edge too, a doubt
    /// of its own. How far its strips' last top rays scatter is a doubt either way.
    @Test func itsWidthIsNoBandButItsScatterIsADoubt() {
        let clean = Self.silhouette(band: 1, lastTop: 0.2)
        var gap = Self.silhouette(band: 14, lastTop: 0.15)
        gap.gapOfMissingReturns = true
        gap.bandFromOtherSides = true
        gap.stripScatter = 0.001
        let parameters = ConfidenceParameters()
        let uncalibrated = parameters.borrowedBandFactor * parameters.missingReturnsFactor
        let doubt = edgeEvidence([clean, gap, clean])
        #expect(abs(doubt.factor - uncalibrated) < 1e-12)
        #expect(doubt.reasons.contains { $0.contains("nothing came back for 14 px") }, "\(doubt.reasons)")
        var wide = gap
        wide.gapOfMissingReturns = false
        #expect(abs(edgeEvidenceFactor([clean, wide, clean]) - parameters.borrowedBandFactor * parameters.wideBandFactor) < 1e-12)
        var moved = clean
        moved.correction = -0.004
        #expect(edgeEvidenceFactor([moved, gap, moved], calibrated: true) == 1)
        gap.stripScatter = 2 * parameters.stripScatterTolerance
        #expect(abs(edgeEvidenceFactor([clean, gap, clean]) - uncalibrated * parameters.stripScatterFactor) < 1e-12)
        #expect(abs(edgeEvidenceFactor([moved, gap, moved], calibrated: true) - parameters.stripScatterFactor) < 1e-12)
    }

    /// A narrower borrowed gap that held nothing (found in the first pass, 9-12 px) is the same
    /// occlusion strip: with a stereo profile whose offset moves the other sides its width is no
    /// band either. With mixed pixels in it, or without such a profile, the wide-band doubt stays.
    @Test func aStereoProfileTakesAnEmptyBorrowedGapForItsStrip() {
        var moved = Self.silhouette(band: 1, lastTop: 0.2)
        moved.correction = -0.004
        var strip = Self.silhouette(band: 10, lastTop: 0.15)
        strip.bandFromOtherSides = true
        strip.gapIsEmpty = true
        let parameters = ConfidenceParameters()
        #expect(edgeEvidenceFactor([moved, strip, moved], calibrated: true) == 1)
        var mixed = strip
        mixed.gapIsEmpty = false
        let wide = 1 - (1 - parameters.wideBandFactor) * ramp(10, from: parameters.wideBandPixels, to: 2 * parameters.wideBandPixels)
        #expect(wide < 0.9)
        #expect(abs(edgeEvidenceFactor([moved, mixed, moved], calibrated: true) - wide) < 1e-12)
        let clean = Self.silhouette(band: 1, lastTop: 0.2)
        #expect(abs(edgeEvidenceFactor([clean, strip, clean]) - parameters.borrowedBandFactor * wide) < 1e-12)
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
        let strips = result.cuboid.edges.filter(\.gapOfMissingReturns)
        #expect(strips.count == 1 && strips.allSatisfy { $0.bandFromOtherSides && $0.correction == 0 && ($0.bandPixels ?? 0) > 10 },
                "\(result.cuboid.edges)")
        EdgeEvidenceTests.expectMeasured(result, simulated.truth, footprint: 0.003)
        #expect(result.isAccepted(), "\(result.confidence), \(result.confidenceReasons)")

        var narrow = parameters
        narrow.box.missingReturnsReachPixels = 0
        let before = try runPipeline(simulated.capture, parameters: narrow)
        #expect(before.cuboid.edges.contains { $0.method == .topExtent })
        #expect(result.uncertainty.expanded[1] < before.uncertainty.expanded[1],
                "U \(result.uncertainty.expanded), without the gap's reach \(before.uncertainty.expanded)")
    }
}
