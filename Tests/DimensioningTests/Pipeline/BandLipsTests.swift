import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Fattening hidden under an edge band (`measureBandLips`): a pixel of fattening under a
/// one-pixel blend measures as a clean box a pixel footprint too large per silhouette side;
/// only the band pixels' own samples, on the lip instead of on the top plane, tell.
@Suite struct BandLipsTests {
    static func capture(_ member: String, seed: UInt64 = 11) -> DepthCapture {
        EdgeEvidenceTests.capture(EdgeEvidenceTests.member(member), elevation: 45, azimuth: 0.6, seed: seed)
    }

    /// The blind spot: without the band lip the capture passes the gate about 10 mm too large
    /// (the test shows it with the check switched off); with it, fattening is suspected, named
    /// and the confidence stays below the gate.
    @Test func aPixelOfFatteningUnderABlendIsSuspected() throws {
        let capture = Self.capture("fatten1-band1")
        let result = try runPipeline(capture)
        let lips = result.cuboid.lips
        guard let pixels = lips.bandLipPixels, let error = lips.bandLipError else {
            Issue.record("no band lip measured"); return
        }
        #expect(pixels >= 0.4 && pixels <= 1.3, "band lip \(pixels) px")
        #expect(pixels >= 5 * error, "band lip \(pixels) ± \(error) px")
        #expect(lips.fatteningSuspected && lips.fatteningUnderBand)
        #expect(!result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
        #expect(result.confidenceReasons.contains { $0.contains("fattening") }, "\(result.confidenceReasons)")
        // The bias is real: a pixel footprint (4-6 mm) per side too large.
        #expect(result.cuboid.length - EdgeEvidenceTests.box.length > 0.004, "length \(result.cuboid.length)")

        var blind = PipelineParameters()
        blind.adjustBehaviour { $0.bandLipSuspectedPixels = .infinity }
        let unchecked = try runPipeline(capture, parameters: blind)
        #expect(!unchecked.cuboid.lips.fatteningSuspected)
        #expect(unchecked.isAccepted(), "without the check: \(unchecked.probabilityWithinTolerance), U \(unchecked.uncertainty.expanded)")
    }

    /// Blends and blurs without fattening: the band's first row lies on the top plane.
    @Test(arguments: ["band2-blend-conf1", "band3-blend-unflagged", "band2-blur-unflagged", "iphone"])
    func aBandWithoutFatteningShowsNoLip(member: String) throws {
        let result = try runPipeline(Self.capture(member))
        let lips = result.cuboid.lips
        guard let pixels = lips.bandLipPixels else { Issue.record("no band lip measured"); return }
        #expect(pixels < 0.3, "band lip \(pixels) px")
        #expect(!lips.fatteningUnderBand)
    }

    /// Nothing to measure without a pixel grid (an unorganized cloud).
    @Test func anUnorganizedCloudHasNoBandLip() throws {
        let result = try runPipeline(Self.capture("fatten1-band1"))
        var scene = result.scene
        scene.pixelIndex = nil
        var estimates = result.cuboid.edges
        let evidence = measureBandLips(scene, box: result.box, top: result.top, rectangle: result.cuboid.footprint,
                                       estimates: &estimates, parameters: PipelineParameters())
        #expect(evidence == nil)
    }

    /// A single frame has one sample per pixel: its unblended lip pixels pass for top, so the
    /// band's first row says nothing, and noisy top pixels the plane fit left out once passed
    /// for a lip there (single Kinect-like frames refused with a clean box).
    @Test func aSingleFrameHasNoBandLip() throws {
        let capture = EdgeEvidenceTests.capture(EdgeEvidenceTests.member("fatten1-band1"), elevation: 45,
                                                azimuth: 0.6, seed: 11, frames: 1)
        let result = try runPipeline(capture)
        #expect(result.cuboid.lips.bandLipPixels == nil)
        #expect(!result.cuboid.lips.fatteningUnderBand)
    }

    /// The same capture gives the same band lip (no randomness in the measurement).
    @Test func theBandLipIsDeterministic() throws {
        let capture = Self.capture("fatten1-band1", seed: 23)
        let a = try runPipeline(capture).cuboid.lips, b = try runPipeline(capture).cuboid.lips
        #expect(a.bandLipPixels != nil && a.bandLipPixels == b.bandLipPixels && a.bandLipError == b.bandLipError)
    }
}
