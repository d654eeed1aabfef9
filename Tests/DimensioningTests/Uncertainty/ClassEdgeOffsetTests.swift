import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A sensor class's edge offset (`SensorClassPriors.edgeOffsetPixels`): a recognised
/// systematic effect of that kind of camera, corrected on the silhouette sides facing away
/// when no profile is given, its residual doubt in `edgeBiasPixels`.
@Suite struct ClassEdgeOffsetTests {
    /// Only the structured-light class has an offset: its edges stop 1.6 px inside the box (the
    /// mean of the real Orbbec captures with a known size), with 1.25 px of residual bias.
    @Test func onlyStructuredLightHasAnOffset() throws {
        let priors = try #require(SensorClassPriors.table[.structuredLight])
        #expect(priors.edgeOffsetPixels == -1.6)
        #expect(priors.edgeBiasPixels == 1.25)
        for sensorClass in SensorClass.allCases where sensorClass != .structuredLight {
            #expect(sensorClass.priors.edgeOffsetPixels == 0, "\(sensorClass)")
        }
    }

    /// Structured-light tuning split (seed 8087), scenario 52: a 676.8 x 373.4 x 141.5 mm box
    /// 1.03 m from a camera whose edges stop 2 px inside the box, two sides on their own faces
    /// and two silhouettes facing away. Named as the unknown class, the silhouettes stand 2 px
    /// in (672.2 x 368.8 mm); named as structured light, they move out by the class's 1.6 px
    /// and the sides on faces stay: within 1.5 mm of the truth, and the truth within ± U.
    @Test func theClassOffsetMovesTheSilhouettesFacingAway() throws {
        let (simulated, kind) = ScenarioCatalog.render(index: 52, seed: 8087, frameCount: 1,
                                                       sensors: [SensorFamily.structuredLight])
        #expect(kind == .box)
        let truth = try #require(simulated.scene.target)
        var unknown = PipelineParameters()
        unknown.uncertainty.sensorClass = .unknown
        var structured = PipelineParameters()
        structured.uncertainty.sensorClass = .structuredLight
        let plain = try runPipeline(simulated.capture, parameters: unknown)
        let corrected = try runPipeline(simulated.capture, parameters: structured)
        #expect(truth.length - plain.cuboid.length > 0.003 && truth.width - plain.cuboid.width > 0.003)
        #expect(abs(corrected.cuboid.length - truth.length) < 0.0015)
        #expect(abs(corrected.cuboid.width - truth.width) < 0.0015)
        PipelineTest.expectTruthWithinUncertainty(corrected, truth)
        for edge in corrected.cuboid.edges {
            if edge.method == .silhouette && !edge.facesCamera {
                #expect(abs(edge.correction - 1.6 * edge.pixelFootprint) < 1e-9)
            } else {
                #expect(edge.correction == 0, "\(edge.method) sides are not moved")
            }
        }
    }

    /// A profile replaces the class's offset: under a zero-offset profile (as `boxdim calibrate`
    /// measures its references) a structured-light capture's sides stand where they stand for
    /// the unknown class, unmoved.
    @Test func aProfileReplacesTheClassOffset() throws {
        let (simulated, _) = ScenarioCatalog.render(index: 52, seed: 8087, frameCount: 1,
                                                    sensors: [SensorFamily.structuredLight])
        var results: [PipelineResult] = []
        for sensorClass in [SensorClass.unknown, .structuredLight] {
            var parameters = PipelineParameters()
            parameters.uncertainty.sensorClass = sensorClass
            parameters.profile = SensorProfile(edgeOffsetPixels: 0)
            results.append(try runPipeline(simulated.capture, parameters: parameters))
        }
        #expect(abs(results[0].cuboid.length - results[1].cuboid.length) < 1e-9)
        #expect(abs(results[0].cuboid.width - results[1].cuboid.width) < 1e-9)
        #expect(results[1].cuboid.edges.allSatisfy { $0.correction == 0 })
    }
}
