import Testing
@testable import Dimensioning
import DimensioningSimulation

/// A silhouette side facing the camera (`SideEvidence.facingCamera`): the top runs into its own
/// face, too steep to measure, and the capture's band, straddling the jump at the crease, eats
/// between none and half its width of the top there. The side was moved out by the crease reach
/// (`reachPastCreases`); it lies within the farther of the two ends. Lengths in metres, bands
/// and reaches in pixels.
@Suite struct CreaseBandTests {
    private func band(_ evidence: SideEvidence, footprint: Double) throws -> Double {
        let terms = evidence.terms(footprint: footprint, spacing: 0.004, priors: SensorClass.lidar.priors)
        return try #require(terms.first { $0.name == .band }).standard
    }

    @Test func theSideLiesWithinTheFartherEndOfWhatTheCreaseMayHaveLost() throws {
        let root3 = 3.0.squareRoot()
        // A 4.87-px band, the side moved out 1.15 px: the loss lies 1.15 px in to 1.28 px out.
        #expect(abs(try band(.facingCamera(bandPixels: 4.87, reachPixels: 1.15), footprint: 0.006)
            - 1.285 * 0.006 / root3) < 1e-12)
        // Not moved (a band of 2 px or less): half the band, as before.
        #expect(abs(try band(.facingCamera(bandPixels: 1, reachPixels: 0), footprint: 0.006) - 0.5 * 0.006 / root3) < 1e-12)
        // Moved past half the band: the move itself bounds it.
        #expect(abs(try band(.facingCamera(bandPixels: 6, reachPixels: 3.5), footprint: 0.006) - 3.5 * 0.006 / root3) < 1e-12)
    }

    @Test func theEvidenceCarriesTheSidesReachInItsOwnPixels() {
        var edge = EdgeEstimate(method: .silhouette, pixelFootprint: 0.005, bandPixels: 5, disagreement: nil, correction: 0, strips: 10)
        edge.facesCamera = true
        edge.creaseReach = 0.006
        #expect(SideEvidence(edge, captureBand: 4.5) == .facingCamera(bandPixels: 4.5, reachPixels: 1.2))
    }

    /// Tuning split (seed 2026), scenario 16: a 2-px blending member (bands of 4-7 px in all)
    /// whose width's −side faces the camera. The whole band as that side's rectangle made the
    /// width's U 13.3 mm for a 3.9-mm error, and the box was refused at 10 mm; the crease's
    /// half band past the reach makes it about 8 mm, which still holds the error.
    @Test func aBlendedCreaseNoLongerDoubtsTheWholeBand() throws {
        let (simulated, _) = ScenarioCatalog.render(index: 16, seed: 2026, sensors: SensorFamily.tuning)
        #expect(SensorFamily.tuning[16 % SensorFamily.tuning.count].name == "band2-blend-conf0")
        var parameters = PipelineParameters()
        parameters.uncertainty.sensorClass = .lidar // a handheld member without fattening, as `boxdim accuracy` takes it
        let result = try runPipeline(simulated.capture, parameters: parameters)
        let truth = try #require(simulated.scene.target)
        let facing = result.uncertainty.sides.compactMap { side -> Double? in
            if case let .facingCamera(_, reach) = side.evidence { return reach } else { return nil }
        }
        #expect(facing.contains { $0 > 0.5 }, "a facing side moved out past its crease: \(result.uncertainty.sides.map(\.evidence))")
        let errors = [result.cuboid.length - truth.length, result.cuboid.width - truth.width, result.cuboid.height - truth.height]
        for (k, error) in errors.enumerated() {
            #expect(abs(error) <= result.uncertainty.expanded[k], "dimension \(k): error \(error), U \(result.uncertainty.expanded[k])")
        }
        #expect(result.uncertainty.expanded.allSatisfy { $0 < 0.010 }, "U \(result.uncertainty.expanded)")
        #expect(result.isAccepted(), "confidence \(result.probabilityWithinTolerance)")
    }
}
