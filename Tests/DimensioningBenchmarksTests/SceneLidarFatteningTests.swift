import Testing
import Dimensioning
import Foundation
@testable import DimensioningBenchmarks
import DimensioningSimulation
import TestSupport

/// A LiDAR does not fatten: in multi-box scenes at 1.2-1.8 m its lone cartons' outer rows read
/// a fraction of a pixel of lip that is no sensor's (up to 0.49 px counted on one side, 0.46 px
/// pooled at 2-3 standard errors), and the shared thresholds (a count of 0.4 px, 2 standard
/// errors) took it for fattening. The LiDAR class's own (0.6 px, 3 standard errors;
/// `Resources/sensor-classes.json`, sensor-classes/5) leave such cartons as measured.
@Suite struct SceneLidarFatteningTests {
    static func cartons(scene index: Int) throws -> (SimulatedScene, [SceneBoxMeasurement]) {
        let (scene, simulated, colour) = SceneBenchmark.rendered(index, seed: 2026)
        return (scene, try measureAllBoxes(simulated.capture, colour: colour).boxes.compactMap { try? $0.outcome.get() })
    }

    /// Tuning scene 2026/66: one side of the tallest carton counted 0.49 px of lip, read as
    /// fattening seen; two sides were moved 15 mm in to undo it and the carton came out 12 and
    /// 16 mm short. Not seen now, nothing moves: its length and width are within 3 mm, inside
    /// their U. (Its sides still pool 0.33 px at 4.9 standard errors: suspected, doubted, not
    /// accepted.)
    @Test func aLidarCartonIsNotMovedInForALipOfHalfAPixel() throws {
        let (scene, cartons) = try Self.cartons(scene: 66)
        let tallest = try #require(scene.allBoxes.max { $0.height < $1.height })
        let carton = try #require(cartons.first { abs($0.height - tallest.height) < 0.02 })
        #expect(carton.method == .engine)
        let lips = try #require(carton.pipeline?.cuboid.lips)
        #expect(!lips.fatteningSeen, "\(lips)")
        let errors = carton.errors(against: tallest), u = carton.uncertainty.expanded
        for k in 0..<2 {
            #expect(abs(errors[k]) < 0.003, "dimension \(k): error \(errors[k])")
            #expect(abs(errors[k]) <= u[k], "dimension \(k): error \(errors[k]) against U \(u[k])")
        }
    }

    /// Tuning scene 2026/18: the lowest carton's sides pooled 0.46 px at 2.6 standard errors,
    /// suspected as fattening: every side then doubted 3 px (U 45 mm for 1-mm errors). On a
    /// LiDAR every carton of the scene is accepted at 10 mm with every truth inside its U.
    @Test func aLidarCartonIsNotDoubtedForAPooledFractionOfAPixel() throws {
        let (scene, cartons) = try Self.cartons(scene: 18)
        for carton in cartons {
            let truth = try #require(scene.allBoxes.nearest(to: carton.centerInWorld))
            let lips = try #require(carton.pipeline?.cuboid.lips)
            #expect(!lips.fatteningSeen && !lips.fatteningSuspected, "\(lips)")
            let errors = carton.errors(against: truth), u = carton.uncertainty.expanded
            for k in 0..<3 { #expect(abs(errors[k]) <= u[k], "dimension \(k): error \(errors[k]) against U \(u[k])") }
            #expect(carton.isAccepted(minimumConfidence: 0.85), "U \(u)")
        }
        #expect(cartons.count == 3)
    }
}
