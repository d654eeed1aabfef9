import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Every weakness that lowers the confidence is named in plain words (`confidence_reasons`,
/// the `why:` lines), and the named edge doubts are exactly the terms of the edges factor.
@Suite struct ConfidenceReasonsTests {
    static func silhouette(band: Double, rise: Double = 0, perPixel: Double = 0.003, error: Double = 0.0001) -> EdgeEstimate {
        AssessLipsTests.side(rise: rise, perPixel: perPixel, error: error, band: band)
    }

    @Test func edgeReasonsNameEachDoubtAndMultiplyToTheFactor() throws {
        // A 7.5-px band over the whole capture and one side known only from the top's extent.
        var edges = (0..<3).map { _ in Self.silhouette(band: 7.5) }
        edges.insert(EdgeEstimate(method: .topExtent, pixelFootprint: 0.005, bandPixels: nil, lipShare: nil,
                                  disagreement: nil, correction: 0, strips: 0), at: 1)
        let (factor, reasons) = edgeEvidence(edges)
        #expect(factor == edgeEvidenceFactor(edges), "the reasons come from the same terms")
        #expect(reasons.contains { $0.contains("7.5 px wide over the capture") }, "\(reasons)")
        #expect(reasons.contains { $0.hasPrefix("side -length is known only from the top's outermost points") }, "\(reasons)")
        #expect(reasons.filter { $0.contains("px edge band") }.count == 3, "each wide side named: \(reasons)")

        // Fattening suspected from the pooled rise: named with its estimate; a profile lifts it.
        let weak = (0..<4).map { _ in Self.silhouette(band: 1.5, rise: 0.001, perPixel: 0.001, error: 0.0002) }
        let lips = assessLips(weak, parameters: BoxParameters(), lipShareLimit: 0.25)
        let suspected = edgeEvidence(weak, lips: lips)
        #expect(suspected.reasons == ["the sensor may fatten edges (1.00 ± 0.10 px pooled over the sides) and nothing corrects it (a sensor profile would)"])
        #expect(edgeEvidence(weak, lips: lips, calibrated: true).reasons.isEmpty)

        // Fattening seen as a lip above the band (no count from the outer rows): the reason says
        // so, not "about 0.0 px"; a count says how many pixels.
        var lipped = (0..<4).map { _ in Self.silhouette(band: 1.5) }
        lipped[2].lipShare = 0.5
        let shown = assessLips(lipped, parameters: BoxParameters(), lipShareLimit: 0.25)
        #expect(shown.fatteningSeen)
        #expect(edgeEvidence(lipped, lips: shown).reasons.first
                == "the sensor fattens edges (a lip of fattened depth shows past 1 side): corrected from a few strips, not calibrated (a sensor profile would be)")
        let counted = (0..<4).map { _ in Self.silhouette(band: 1.5, rise: 0.0018, perPixel: 0.003, error: 0.0001) }
        let count = assessLips(counted, parameters: BoxParameters(), lipShareLimit: 0.25)
        #expect(count.fatteningSeen)
        #expect(edgeEvidence(counted, lips: count).reasons.first?.hasPrefix("the sensor fattens edges (about 0.6 px seen in the top's outer rows)") == true,
                "\(edgeEvidence(counted, lips: count).reasons)")

        // Clean sides: nothing to say.
        let clean = (0..<4).map { _ in Self.silhouette(band: 2) }
        #expect(edgeEvidence(clean).reasons.isEmpty && edgeEvidence(clean).factor == 1)
    }

    @Test func pipelineReasonsFollowTheFactors() throws {
        let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)
        let result = try runPipeline(PipelineTest.noisy(box).capture)
        #expect(result.confidenceReasons.isEmpty, "a clean capture: \(result.confidenceReasons) \(result.confidence)")

        var weak = result.confidence
        weak.agreement = 0.5
        weak.range = 0.6
        let spread = FrameAgreement(lengthSpread: 0.012, widthSpread: 0.002, heightSpread: 0.001, framesMeasured: 20)
        let reasons = confidenceReasons(weak, cuboid: result.cuboid, agreement: spread, flatness: result.flatness,
                                        distance: 1.85, parameters: ConfidenceParameters(), boxParameters: BoxParameters(),
                                        calibrated: false)
        #expect(reasons.count == 2, "\(reasons)")
        #expect(reasons.first?.contains("spreads 12.0 mm") == true, "\(reasons)")
        #expect(reasons.last?.contains("1.85 m from the camera") == true, "\(reasons)")
        let single = confidenceReasons(weak, cuboid: result.cuboid, agreement: nil, flatness: result.flatness,
                                       distance: 1.85, parameters: ConfidenceParameters(), boxParameters: BoxParameters(),
                                       calibrated: false)
        #expect(single.first?.hasPrefix("one frame") == true, "\(single)")
    }
}
