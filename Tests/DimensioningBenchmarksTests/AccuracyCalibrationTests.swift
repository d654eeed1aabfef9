import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// `boxdim accuracy --calibrate`: each sensor model calibrated on its own reference captures.
@Suite struct AccuracyCalibrationTests {
    static let fattening = SensorFamily.tuning.first { $0.name == "fatten2" }!

    @Test func eachModelIsCalibratedOnItsOwnReferences() throws {
        let members = [SensorFamily.iPhone, Self.fattening]
        let calibrations = AccuracyBenchmark.calibrateMembers(sensors: members, seed: 101, references: 2, jobs: 2)
        #expect(calibrations.map(\.sensor) == ["iphone", "fatten2"])
        let phone = try #require(calibrations[0].profile, "\(calibrations[0].failure ?? "")")
        let fattening = try #require(calibrations[1].profile, "\(calibrations[1].failure ?? "")")
        #expect(calibrations.allSatisfy { $0.references == 2 && $0.failure == nil })
        // The iPhone model's edges are centred (a tenth of a pixel or two of noise); a sensor
        // that spreads the top 2 px over the floor calibrates to about that.
        #expect(abs(phone.edgeOffsetPixels) <= 0.5, "iphone offset \(phone.edgeOffsetPixels) px")
        #expect((1.5...3.0).contains(fattening.edgeOffsetPixels), "fatten2 offset \(fattening.edgeOffsetPixels) px")
        // The family's depth scale error is at most 0.5 % per capture.
        for profile in [phone, fattening] { #expect(abs(profile.depthScale - 1) <= 0.006, "scale \(profile.depthScale)") }
    }

    @Test func referencesComeFromAnotherSeed() {
        for seed: UInt64 in [0, 101, 3313, 4243, .max] {
            #expect(AccuracyBenchmark.calibrationSeed(for: seed) != seed)
        }
        #expect(AccuracyBenchmark.calibrationSeed(for: 3313) == AccuracyBenchmark.calibrationSeed(for: 3313))
    }

    @Test func aModelWithNoMeasurableReferenceSaysWhyAndKeepsNoProfile() {
        let calibrations = AccuracyBenchmark.calibrateMembers(sensors: [SensorFamily.iPhone], seed: 101, references: 2,
                                                              jobs: 1, searchLimit: 0)
        #expect(calibrations.count == 1)
        #expect(calibrations[0].profile == nil)
        #expect(calibrations[0].references == 0)
        #expect(calibrations[0].failure?.contains("no plain-box reference") == true)
    }

    @Test func aProfileAppliesOnlyToTheModelItNames() throws {
        // Scenarios 0 and 1 of seed 2026 are boxes, rendered by the first two tuning members.
        let members = Array(SensorFamily.tuning.prefix(2))
        let plain = AccuracyBenchmark.run(count: 2, seed: 2026, jobs: 2, sensors: members)
        let profiled = AccuracyBenchmark.run(count: 2, seed: 2026, jobs: 2, sensors: members,
                                             profiles: [members[0].name: SensorProfile(edgeOffsetPixels: 2)])
        #expect(plain.map(\.sensor) == members.map(\.name))
        let before = try #require(plain[0].measured), after = try #require(profiled[0].measured)
        // Two pixels off every silhouette side: several millimetres off the footprint.
        #expect(before[0] + before[1] - after[0] - after[1] >= 0.004,
                "\(before.map { $0 * 1000 }) -> \(after.map { $0 * 1000 }) mm")
        #expect(plain[1].measured == profiled[1].measured)
        #expect(plain[1].confidence == profiled[1].confidence)
    }
}

/// `calibrateProfile` from three references on: what their scatter explains stays neutral.
@Suite struct CalibrationScatterTests {
    /// A single fixed-camera frame of a plain box, and what the pipeline measures on it.
    static func reference() throws -> (capture: DepthCapture, measured: [Double]) {
        for index in 0..<12 {
            let (simulated, kind) = ScenarioCatalog.render(index: index, seed: 4243, frameCount: 1,
                                                           sensors: [SensorFamily.timeOfFlight])
            guard kind == .box, let result = try? runPipeline(simulated.capture),
                  result.cuboid.edges.contains(where: \.carriesProfileOffset) else { continue }
            return (simulated.capture, [result.cuboid.length, result.cuboid.width, result.cuboid.height])
        }
        throw DimensioningError.noBox()
    }

    /// The same capture given three times with known sizes that scatter (±3 mm, ±0.3 % of the
    /// height) around what it measures: neither scale nor offset is corrected. Given with one
    /// consistent error (10 mm, 2 %), both are.
    @Test func scatterStaysNeutralAndAConsistentErrorIsCorrected() throws {
        let (capture, m) = try Self.reference()
        func known(_ delta: Double, _ ratio: Double) -> CalibrationReference {
            CalibrationReference(capture: capture, known: [m[0] + delta, m[1] + delta, m[2] * ratio])
        }
        let scattered = try calibrateProfile([known(0.003, 1.003), known(-0.003, 0.997), known(0.001, 1.001)])
        #expect(scattered.profile.depthScale == 1)
        #expect(scattered.profile.edgeOffsetPixels == 0)
        let scaleBand = try #require(scattered.scaleUncertainty), offsetBand = try #require(scattered.offsetUncertainty)
        #expect(scaleBand > 0.001, "± \(scaleBand)")
        #expect(offsetBand > 0, "± \(offsetBand) px")

        let consistent = try calibrateProfile([known(-0.010, 1.02), known(-0.010, 1.02), known(-0.010, 1.02)])
        #expect(abs(consistent.profile.depthScale - 1.02) < 1e-6, "scale \(consistent.profile.depthScale)")
        // Measured 10 mm long on each dimension: the silhouette sides lie outside (positive).
        #expect(consistent.profile.edgeOffsetPixels > 0.3, "offset \(consistent.profile.edgeOffsetPixels) px")

        // Under three references nothing is left neutral (one placement cannot show scatter).
        let two = try calibrateProfile([known(0.003, 1.003), known(-0.001, 0.999)])
        #expect(two.scaleUncertainty == nil && two.offsetUncertainty == nil)
        #expect(two.profile.depthScale != 1)
    }
}

extension CalibrationScatterTests {
    /// A profile's scatter reaches every side it moves as that side's doubt (scatter ×
    /// footprint), and that side's budget carries it as its `profile` term.
    @Test func aProfilesScatterBecomesEachMovedSidesDoubt() throws {
        let (capture, _) = try Self.reference()
        var parameters = PipelineParameters()
        parameters.profile = SensorProfile(edgeOffsetPixels: 1)
        let plain = try runPipeline(capture, parameters: parameters)
        #expect(plain.cuboid.edges.allSatisfy { $0.calibrationDoubt == nil })
        #expect(plain.uncertainty.sides.allSatisfy { side in !side.terms.contains { $0.name == .profile } })
        parameters.profile = SensorProfile(edgeOffsetPixels: 1, edgeScatterPixels: 1.5)
        let doubted = try runPipeline(capture, parameters: parameters)
        let moved = doubted.cuboid.edges.indices.filter {
            doubted.cuboid.edges[$0].carriesProfileOffset && doubted.cuboid.edges[$0].correction != 0
        }
        try #require(!moved.isEmpty)
        for k in moved {
            let edge = doubted.cuboid.edges[k]
            let doubt = try #require(edge.calibrationDoubt)
            #expect(abs(doubt - 1.5 * edge.pixelFootprint) < 1e-12)
            let term = try #require(doubted.uncertainty.sides[k].terms.first { $0.name == .profile })
            #expect(abs(term.standard - doubt) < 1e-12 && term.sharedAcrossSides)
        }
    }
}

extension CalibrationScatterTests {
    /// Of several placements, the one the pipeline refuses is named (which to retake); one
    /// placement's refusal is passed on as it is.
    @Test func aRefusedPlacementIsNamed() throws {
        let (capture, m) = try Self.reference()
        var empty: DepthCapture?
        for index in 0..<40 {
            let (simulated, kind) = ScenarioCatalog.render(index: index, seed: 4243, frameCount: 1,
                                                           sensors: [SensorFamily.timeOfFlight])
            if kind == .floorOnly { empty = simulated.capture; break }
        }
        let floor = try #require(empty, "no floor-only scenario in the first 40")
        let good = CalibrationReference(capture: capture, known: m, name: "placement-1")
        let bad = CalibrationReference(capture: floor, known: m, name: "placement-2")
        do {
            _ = try calibrateProfile([good, bad])
            Issue.record("a floor with no box calibrated a sensor")
        } catch {
            guard case let .unsupported(feature) = error else { Issue.record("wrong error \(error)"); return }
            #expect(feature.contains("placement-2") && feature.contains("without a profile") && !feature.contains("placement-1"),
                    "\(feature)")
        }
        #expect(throws: DimensioningError.noBox()) { try calibrateProfile([bad]) }
    }
}
