import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A silhouette side is the median over 2-cm strips of where the top gives way to what lies
/// past it. A straight edge puts every strip within a pixel; strips that disagree by
/// centimetres (missing returns past part of the side) mean the median may be dragged out, and
/// its uncertainty must say so (`EdgeEstimate.stripScatter`). Lengths in metres.
@Suite struct StripScatterTests {
    static func side(scatter: Double?) -> [EdgeEstimate] {
        (0..<4).map { k in
            var e = EdgeEstimate(method: .silhouette, pixelFootprint: 0.004, bandPixels: 1.3, disagreement: nil, correction: 0, strips: 12)
            e.lips.visible = true
            if k == 1 { e.stripScatter = scatter }
            return e
        }
    }

    /// Strips that disagree widen the side's budget (`SideEvidence.terms`): by the standard
    /// error of their median, 1.25 σ / sqrt(n), and, for scatter beyond a pixel's rounding (half
    /// a pixel), by that excess as a rectangle's half-width, not divided by sqrt(n): runs of
    /// strips seeing something else past the edge share it. 12 strips scattering 2 mm at a 4-mm
    /// footprint (half a pixel) make 0.72 mm; scattering 18 mm, sqrt(6.50² + 17.89² / 3) =
    /// 12.2 mm. A side placed with the other sides' band keeps the median's term alone beside
    /// its borrowed band, which already takes the edge anywhere across that band.
    @Test func scatteredStripsWidenTheSidesUncertainty() throws {
        let priors = SensorClass.lidar.priors
        func strips(_ edges: [EdgeEstimate]) -> Double? {
            SideEvidence(edges[1], captureBand: captureBandPixels(edges))
                .terms(footprint: 0.004, spacing: 0.003, priors: priors).first { $0.name == .strips }?.standard
        }
        let tight = try #require(strips(Self.side(scatter: 0.002)))
        let scattered = try #require(strips(Self.side(scatter: 0.018)))
        #expect(abs(tight - 1.25 * 0.002 / 12.0.squareRoot()) < 1e-12, "no more than a pixel's rounding: \(tight)")
        let median = 1.25 * 0.018 / 12.0.squareRoot(), excess = (0.018 * 0.018 - 0.002 * 0.002).squareRoot()
        #expect(abs(scattered - (median * median + excess * excess / 3).squareRoot()) < 1e-12)
        #expect(abs(scattered - 0.0122) < 0.0001, "\(scattered)")
        #expect(strips(Self.side(scatter: nil)) == nil)
        var borrowed = Self.side(scatter: 0.018)
        borrowed[1].bandFromOtherSides = true
        let evidence = SideEvidence(borrowed[1], captureBand: captureBandPixels(borrowed))
        if case .borrowedBand = evidence {} else { Issue.record("classified \(evidence)") }
        #expect(strips(borrowed) == median, "a borrowed band already takes the edge anywhere across it")
    }

    /// Tuning fixed frames on a table (seed 4243, `--on-table`), scenario 52: one time-of-flight
    /// frame of a 646 x 220 x 303 mm box before a wall. Past one long side the rays meet the
    /// room's floor below the table's edge, 1.05 m under the top and seen at twice the table's
    /// range, its samples scattering by 1-2 cm. Measured against the deepest of them, most were
    /// taken for mixed pixels: the strips were placed half-way out to a few deep samples, they
    /// scattered by 11 mm (1.4 px), their median lay 16.8 mm outside the true side, and the width
    /// was accepted at a 10-mm tolerance 12.3 mm wide. That floor's level and band are now its
    /// own (its samples past the widest band): the strips agree, and the width is within ± U and
    /// within 5 mm.
    @Test func aFarFloorsOwnNoiseIsNoBandOfMixedPixels() throws {
        let (simulated, kind, parameters) = PipelineTest.fixedFrame(52, seed: 4243, onTable: true)
        #expect(kind == .boxWithWall && parameters.uncertainty.sensorClass == .tof)
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let truth = try #require(simulated.scene.target)
        let widthSides = result.cuboid.edges.dropFirst(2).filter { $0.method == .silhouette }
        #expect(!widthSides.isEmpty && widthSides.allSatisfy { ($0.stripScatter ?? 0) < $0.pixelFootprint },
                "\(widthSides.map { ($0.stripScatter ?? 0) / $0.pixelFootprint }) px")
        let error = result.cuboid.width - truth.width
        #expect(abs(error) <= 0.005 && abs(error) <= result.uncertainty.expanded[1],
                "error \(error), U \(result.uncertainty.expanded[1])")
    }

    /// Fixed split, seed 404, scenario 86: a single time-of-flight frame whose far side is seen
    /// at about 25 degrees over floor with patches of missing returns. Half its strips place the
    /// edge 3 cm out, the length came out 27.7 mm long, and it was accepted at 1.00. Its strips'
    /// scatter then held its length's U over the tolerance: not accepted. Its lid leans 0.5° on the
    /// floor fitted in that frame and around the box, and the strips were dragged out by a side
    /// face taken for the lid; cut with the lid's own plane (`LidLean`), the length is within
    /// ± U and within 5 mm, and nothing wrong is accepted. (The lean is 6.8 mm over the lid, under
    /// the level lid's 9-mm foreground band: counted since the lean is a model, not a threshold;
    /// the top's RANSAC slab exaggerated it past the band before.)
    @Test func aSideDraggedOutByMissingReturnsIsPlacedAgainstTheLid() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(86, seed: 404)
        #expect(kind.expectsMeasurement)
        let result = try runPipeline(simulated.capture)
        let error = result.cuboid.length - simulated.truth.length
        #expect(abs(error) <= 0.005 && abs(error) <= result.uncertainty.expanded[0],
                "length error \(error) m, U \(result.uncertainty.expanded[0]) m")
        let errors = [error, result.cuboid.width - simulated.truth.width, result.cuboid.height - simulated.truth.height]
        #expect(!result.isAccepted() || errors.allSatisfy { abs($0) <= 0.010 },
                "accepted with errors \(errors), U \(result.uncertainty.expanded)")
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
