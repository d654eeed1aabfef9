import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A silhouette side is the median over 2-cm strips of where the top gives way to what lies
/// past it. A straight edge puts every strip within a pixel; strips that disagree by
/// centimetres (missing returns past part of the side) mean the median may be dragged out, and
/// the confidence must say so (`EdgeEstimate.stripScatter`). Lengths in metres.
@Suite struct StripScatterTests {
    static func side(scatter: Double?) -> [EdgeEstimate] {
        (0..<4).map { k in
            var e = EdgeEstimate(method: .silhouette, pixelFootprint: 0.004, bandPixels: 1.3, lipShare: 0,
                                 disagreement: nil, correction: 0, strips: 12)
            e.lipVisible = true
            if k == 1 { e.stripScatter = scatter }
            return e
        }
    }

    /// Under the tolerance nothing is lost; at the ceiling, `stripScatterFactor`; a side placed
    /// with the other sides' band does not come from its strips and is not judged by them.
    @Test func scatteredStripsCostConfidence() {
        let parameters = ConfidenceParameters()
        #expect(abs(edgeEvidenceFactor(Self.side(scatter: 0.002), parameters: parameters) - 1) < 1e-9)
        let scattered = edgeEvidenceFactor(Self.side(scatter: parameters.stripScatterCeiling), parameters: parameters)
        #expect(abs(scattered - parameters.stripScatterFactor) < 1e-9)
        let between = edgeEvidenceFactor(Self.side(scatter: 0.007), parameters: parameters)
        #expect(between < 0.9 && between > parameters.stripScatterFactor, "7 mm apart: \(between)")
        var borrowed = Self.side(scatter: 0.02)
        borrowed[1].bandFromOtherSides = true
        #expect(abs(edgeEvidenceFactor(borrowed, parameters: parameters) - parameters.borrowedBandFactor) < 1e-9)
        let reasons = edgeEvidence(Self.side(scatter: 0.018), parameters: parameters).reasons
        #expect(reasons.contains { $0.contains("-length") && $0.contains("18 mm apart") }, "\(reasons)")
    }

    /// Fixed split, seed 404, scenario 86: a single time-of-flight frame whose far side is seen
    /// at about 25 degrees over floor with patches of missing returns. Half its strips place the
    /// edge 3 cm out, the length came out 27.7 mm long, and it was accepted at 1.00. Now its
    /// strips' scatter holds its length's U over the tolerance: not accepted.
    @Test func aSideDraggedOutByMissingReturnsIsRefused() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(86, seed: 404)
        #expect(kind.expectsMeasurement)
        let result = try runPipeline(simulated.capture)
        let scatter = result.cuboid.edges.compactMap(\.stripScatter).max() ?? 0
        #expect(scatter >= 0.012, "strip scatter \(scatter) m")
        #expect(!result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
        #expect(result.confidenceReasons.contains { $0.contains("strips put the edge") }, "\(result.confidenceReasons)")
        #expect(result.cuboid.length - simulated.truth.length > 0.02, "length \(result.cuboid.length) m")
    }

    /// Fixed split, seed 505, scenario 52: a single time-of-flight frame whose "side face" (a
    /// few points of the neighbouring face's corner, taken for one while any points would do:
    /// `minimumSideFaceStrips` 0) lies 7.5 mm inside its silhouette beyond what the crease
    /// explains; the length is 13 mm short. Either estimate may be the wrong one, so the side
    /// carries the disagreement either side of the face (`SideEvidence.sideFace`), which holds
    /// the length's U over the tolerance: not accepted (at half that width it was accepted at U
    /// 5.7 mm). With the default, the corner is no face and the box passes within 3 mm.
    @Test func aSideFaceAndSilhouetteEightMillimetresApartAreRefused() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(52, seed: 505)
        #expect(kind.expectsMeasurement)
        let measured = try runPipeline(simulated.capture)
        EdgeEvidenceTests.expectMeasured(measured, simulated.truth, footprint: 0.003)
        #expect(measured.isAccepted(), "confidence \(measured.probabilityWithinTolerance), U \(measured.uncertainty.expanded)")
        let result = try runPipeline(simulated.capture, parameters: EdgeEvidenceTests.anyPointsAFace)
        let beyond = result.cuboid.edges.compactMap(\.disagreementBeyondCrease).max() ?? 0
        #expect((0.006...0.010).contains(beyond), "beyond the crease \(beyond) m")
        #expect(result.cuboid.length - simulated.truth.length < -0.008, "length \(result.cuboid.length) m")
        #expect(!result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
    }

    /// Fixed split, seed 101, scenario 117: ten stereo frames of a narrow box before a wall,
    /// with a 2.02-pixel stereo profile. One side's strips scatter by 7.7 mm and the side is
    /// 6.4 mm long, the side opposite 4.4 mm long; the length came out 10.8 mm long and was
    /// accepted at 0.94 by the earlier confidence's scatter ramp. Its uncertainty does not
    /// accept it.
    @Test func aSideScatteringEightMillimetresIsNotTrusted() throws {
        let (simulated, kind) = ScenarioCatalog.render(index: 117, seed: 101, frameCount: 10,
                                                       sensors: [SensorFamily.timeOfFlight, SensorFamily.stereo])
        #expect(kind == .boxWithWall)
        var parameters = PipelineParameters()
        parameters.profile = SensorProfile(edgeOffsetPixels: 2.02, depthScale: 1)
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let scatter = result.cuboid.edges.compactMap(\.stripScatter).max() ?? 0
        #expect((0.007...0.0085).contains(scatter), "strip scatter \(scatter) m")
        #expect(result.cuboid.length - simulated.truth.length > 0.008, "length \(result.cuboid.length) m")
        #expect(!result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
    }
}
