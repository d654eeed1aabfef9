import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A measurement below the gate says why in plain words (`confidence_reasons`, the `why:`
/// lines): for each dimension whose U is over the tolerance, its largest terms; when every U fits
/// but the probability of all three being within the tolerance is under the minimum, that.
@Suite struct ConfidenceReasonsTests {
    static let box = SimulatedBox(center: .zero, length: 0.40, width: 0.30, height: 0.25, yaw: 0.3)

    @Test func aCleanCaptureGivesNoReason() throws {
        let result = try runPipeline(PipelineTest.noisy(Self.box).capture)
        #expect(result.isAccepted())
        #expect(result.confidenceReasons.isEmpty, "\(result.confidenceReasons)")
        let record = MeasurementRecord(capture: "box", outcome: .success(result), units: .millimeters, minConfidence: 0.85)
        #expect(record.status == .accepted && record.confidenceReasons == [])
    }

    /// A tolerance under what the capture supports: each dimension's reason names its U, the
    /// tolerance, and terms of its own budget, largest first.
    @Test func aToleranceTighterThanTheCaptureNamesTheLargestTerms() throws {
        var parameters = PipelineParameters()
        parameters.uncertainty.tolerance = 0.0005
        let result = try runPipeline(PipelineTest.noisy(Self.box).capture, parameters: parameters)
        #expect(!result.isAccepted())
        let names = ["length", "width", "height"]
        for k in 0..<3 {
            let reason = try #require(result.confidenceReasons.first { $0.hasPrefix("the \(names[k])'s U") },
                                      "\(result.confidenceReasons)")
            #expect(reason.contains(String(format: "%.1f mm, is over the 0.5 mm tolerance", 1000 * result.uncertainty.expanded[k])),
                    "\(reason)")
            let largest = try #require(result.uncertainty.contributions[k].max { $0.value < $1.value })
            #expect(reason.contains("largest terms: \(largest.key.rawValue) ") && reason.contains(largest.key.meaning), "\(reason)")
        }
    }

    /// Every U within the tolerance, but a minimum confidence above the probability the model
    /// gives: not accepted, and the reason says it was the probability. (A tolerance 1 % over
    /// the widest U: that dimension alone is within it about 96 % of the time.)
    @Test func aMinimumAboveTheProbabilityIsNamed() throws {
        var result = try runPipeline(PipelineTest.noisy(Self.box).capture)
        result.tolerance = 1.01 * (result.uncertainty.expanded.max() ?? 0)
        #expect(result.fitsTolerance && result.probabilityWithinTolerance < 0.97, "\(result.probabilityWithinTolerance)")
        let record = MeasurementRecord(capture: "box", outcome: .success(result), units: .millimeters, minConfidence: 0.99)
        #expect(record.status == .lowConfidence)
        let reason = try #require(record.confidenceReasons?.last)
        #expect(reason.hasPrefix("every U is within the tolerance, but the probability that all three dimensions are,")
                && reason.contains("under the minimum confidence 0.99"), "\(reason)")
        #expect(!result.isAccepted(minimumConfidence: 0.99) && result.isAccepted(minimumConfidence: 0.5))
    }

    /// The edge priors limit a U only where they are the largest term of a dimension over the
    /// tolerance: not where another term is larger, and not where the U fits.
    @Test func theEdgePriorsLimitOnlyWhereTheyAreTheLargestTermOverTheTolerance() {
        func budget(length: [UncertaintySource: Double]) -> MeasurementUncertainty {
            let u = length.values.map { $0 * $0 }.reduce(0, +).squareRoot()
            return MeasurementUncertainty(length: u, width: 0.001, height: 0.001, sensorClass: .unknown,
                                          contributions: [length, [.band: 0.001], [.scale: 0.001]])
        }
        let fattened = budget(length: [.fattening: 0.0050, .edgeBias: 0.0017, .strips: 0.0005]) // U 10.6 mm
        #expect(fattened.isLimitedByEdgePriors(tolerance: 0.010))
        #expect(!fattened.isLimitedByEdgePriors(tolerance: 0.011), "every U fits")
        #expect(budget(length: [.edgeBias: 0.0050, .band: 0.0010]).isLimitedByEdgePriors(tolerance: 0.005))
        #expect(!budget(length: [.frames: 0.0050, .fattening: 0.0040]).isLimitedByEdgePriors(tolerance: 0.005),
                "the frames' disagreement is the larger term: naming a class would not fix it")
        #expect(!budget(length: [:]).isLimitedByEdgePriors(tolerance: 0))
    }
}
