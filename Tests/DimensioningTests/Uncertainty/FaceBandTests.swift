import Testing
@testable import Dimensioning
import DimensioningSimulation

/// A side face under a wide edge band (`SideEvidence.faceBlendPixels`): the band blends the
/// face's rows near its crease and base, and cuts its silhouette short alike, so the two
/// methods agree on a side a few millimetres inside the box. Lengths in metres, bands and
/// spans in pixels.
@Suite struct FaceBandTests {
    @Test func theBlendIsHalfTheBandTimesTheShareOfTheFaceItCovers() {
        #expect(abs(SideEvidence.faceBlendPixels(band: 6, span: 8) - 0.75 * 3) < 1e-12)
        #expect(abs(SideEvidence.faceBlendPixels(band: 6, span: 24) - 0.25 * 3) < 1e-12)
        #expect(SideEvidence.faceBlendPixels(band: 6, span: 4) == 3, "a face inside the band: half the band")
        #expect(abs(SideEvidence.faceBlendPixels(band: 1, span: 20) - 0.025) < 1e-12, "a LiDAR's band: nothing to speak of")
        #expect(SideEvidence.faceBlendPixels(band: nil, span: 8) == 0)
        #expect(SideEvidence.faceBlendPixels(band: 6, span: nil) == 0)
        #expect(SideEvidence.faceBlendPixels(band: 0, span: 8) == 0)
    }

    /// The term is a rectangle of that many footprints either side of the face.
    @Test func aSideFaceUnderTheCapturesBandCarriesTheBlend() throws {
        var edge = EdgeEstimate(method: .sideFace, pixelFootprint: 0.005, disagreement: 0)
        edge.faceSpanPixels = 8
        let evidence = SideEvidence(edge, captureBand: 6)
        #expect(evidence == .sideFace(disagreement: 0, scatter: nil, strips: 0, blendPixels: 2.25))
        let terms = evidence.terms(footprint: 0.005, spacing: 0.004, priors: SensorClass.lidar.priors)
        let blend = try #require(terms.first { $0.name == .faceBand })
        #expect(abs(blend.standard - 2.25 * 0.005 / 3.0.squareRoot()) < 1e-12)
        edge.faceSpanPixels = nil
        #expect(!SideEvidence(edge, captureBand: 6).terms(footprint: 0.005, spacing: 0.004, priors: SensorClass.lidar.priors)
            .contains { $0.name == .faceBand }, "a side facing away has no face span")
    }

    /// Retired split 2 (seed 6151), scenario 3: a 3-px blending sensor, whose side face
    /// spanning 8 pixels came out 9.7 mm inside the box, its silhouette 1.5 mm further in. The
    /// box was accepted at 10 mm with its length 10.2 mm short (U 8.9 mm). Now the length's
    /// U holds its error, and the box is not accepted at 10 mm.
    @Test func aBlendedFaceNoLongerPassesTheGateOffByItsBand() throws {
        let (simulated, _) = ScenarioCatalog.render(index: 3, seed: 6151, sensors: SensorFamily.secondRetiredHoldout)
        let member = SensorFamily.secondRetiredHoldout[3 % SensorFamily.secondRetiredHoldout.count]
        #expect(member.name == "band3-blend-conf1")
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .lidar // a handheld member without fattening, as `boxdim accuracy` takes it
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let truth = try #require(simulated.scene.target)
        let error = result.cuboid.length - truth.length
        #expect(error < -0.008, "the length still comes out short: \(error)")
        #expect(abs(error) <= result.uncertainty.expanded[0], "error \(error), U \(result.uncertainty.expanded[0])")
        #expect(!result.isAccepted(), "accepted at confidence \(result.probabilityWithinTolerance)")
    }
}
