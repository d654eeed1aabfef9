import Dispatch
import Foundation
import Dimensioning
import DimensioningSimulation

/// The labelled accuracy benchmark: renders `count` scenarios of `ScenarioCatalog` for a
/// fixed seed in memory, measures each with the pipeline and compares with the truth.
///
/// Same seed and parameters, same figures: the simulator and the pipeline are deterministic,
/// and results are kept in scenario order whatever `jobs` is.
public enum AccuracyBenchmark {
    /// The outcome for one scenario (lengths in metres).
    public struct Case: Sendable, Codable, Equatable {
        public var index: Int
        public var name: String
        public var kind: ScenarioKind
        /// Truth (0 for "no measurable box"), metres.
        public var truth: [Double]
        /// Measured length, width, height in metres, nil when refused.
        public var measured: [Double]?
        /// The model's probability that every dimension is within the run's tolerance
        /// (`PipelineResult.probabilityWithinTolerance`), measured cases.
        public var confidence: Double?
        /// Whether every expanded uncertainty is within the run's tolerance, measured cases.
        public var fitsTolerance: Bool?
        /// The refusal's code, nil when measured.
        public var errorCode: String?
        /// Distance from the camera to the box top, metres (measured cases).
        public var distance: Double?
        /// How each side was located (measured cases).
        public var edges: [EdgeEstimate]?
        /// What the sides showed of a fattening sensor (`CuboidFit.lips`), measured cases.
        public var lips: LipAssessment?
        /// The sensor-family member that rendered it (`SensorFamilyMember.name`).
        public var sensor: String = SensorFamily.iPhone.name
        /// The target's `TopFeature`, if it has one.
        public var topFeature: TopFeature?
        /// Per side (+length, −length, +width, −width), where the measured side lies against
        /// the true box, metres (`sideErrors(center:lengthAxis:length:width:truth:)`); measured
        /// positives only.
        public var sideErrors: [Double]?
        /// The sensor class the uncertainty model used (the member's, `SensorFamilyMember.sensorClass`,
        /// unless the run named one).
        public var sensorClass: SensorClass?
        /// Standard uncertainties (k = 1) of length, width and height, metres (measured cases).
        public var uncertainty: [Double]?
        /// Each dimension's standard uncertainty by term, metres (`MeasurementUncertainty.contributions`).
        public var contributions: [[String: Double]]?
        /// Each side's evidence, the `SideEvidence` case's name (record order: +length, -length,
        /// +width, -width, as `sideErrors`).
        public var sideEvidence: [String]?
        /// Each side's standard uncertainties by term, metres (record order): which evidence
        /// carries which doubt.
        public var sideTerms: [[String: Double]]?
        /// The naive top-plane rectangle's length, width and height (`naiveTopRectangle`), metres;
        /// nil when it found nothing.
        public var baseline: [Double]?

        public var isPositive: Bool { kind.expectsMeasurement }
        /// Accepted at the gate: measured, every expanded uncertainty within the tolerance and
        /// the confidence at least `minConfidence`.
        public func isAccepted(_ minConfidence: Double) -> Bool {
            MeasurementUncertainty.passesGate(fitsTolerance: fitsTolerance == true, probability: confidence ?? 0,
                                              minimumConfidence: minConfidence)
        }
        /// Absolute error per dimension, metres, when measured and positive.
        public var absoluteErrors: [Double]? { signedErrors?.map(abs) }
        /// Measured minus true per dimension, metres, when measured and positive.
        public var signedErrors: [Double]? {
            guard isPositive, let measured else { return nil }
            return zip(measured, truth).map { $0 - $1 }
        }
    }

    /// Renders and measures scenarios `0..<count` of catalog `seed`, `jobs` at a time.
    /// `profiles` (by `SensorFamilyMember.name`, from `calibrateMembers`) replaces
    /// `parameters.profile` for the captures of the members it names.
    public static func run(count: Int, seed: UInt64, parameters: PipelineParameters = .init(),
                           jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                           sensors: [SensorFamilyMember] = [SensorFamily.iPhone], frames: Int? = nil,
                           profiles: [String: SensorProfile] = [:], rangeBend: Double? = nil,
                           onTable: Bool = false, onPallet: Bool = false, irregularTops: Bool = false,
                           leaningLids: Bool = false) -> [Case] {
        let results = ResultSlots<Case>(count: count)
        let next = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while true {
                let index = next.increment()
                guard index < count else { return }
                var caseParameters = parameters
                if !sensors.isEmpty, let profile = profiles[sensors[index % sensors.count].name] {
                    caseParameters.profile = profile
                }
                results.set(index, evaluate(index: index, seed: seed, parameters: caseParameters, sensors: sensors,
                                            frames: frames, rangeBend: rangeBend, onTable: onTable, onPallet: onPallet,
                                            irregularTops: irregularTops, leaningLids: leaningLids))
            }
        }
        return results.values()
    }

    /// Renders and measures one scenario.
    public static func evaluate(index: Int, seed: UInt64, parameters: PipelineParameters = .init(),
                                sensors: [SensorFamilyMember] = [SensorFamily.iPhone], frames: Int? = nil,
                                rangeBend: Double? = nil, onTable: Bool = false, onPallet: Bool = false,
                                irregularTops: Bool = false, leaningLids: Bool = false) -> Case {
        let (simulated, kind) = ScenarioCatalog.render(index: index, seed: seed, frameCount: frames, sensors: sensors,
                                                       rangeBend: rangeBend, onTable: onTable, onPallet: onPallet,
                                                       irregularTops: irregularTops, leaningLids: leaningLids)
        let truth = simulated.truth
        var result = Case(index: index, name: simulated.name, kind: kind,
                          truth: [truth.length, truth.width, truth.height])
        if !sensors.isEmpty { result.sensor = sensors[index % sensors.count].name }
        result.topFeature = simulated.scene.target?.topFeature
        if kind == .darkBox, let target = simulated.scene.target {
            result.truth = [target.length, target.width, target.height]
        }
        var parameters = parameters
        if !sensors.isEmpty, parameters.uncertainty.sensorClass == nil {
            parameters.uncertainty.sensorClass = sensors[index % sensors.count].sensorClass
        }
        result.sensorClass = parameters.uncertainty.sensorClass
        result.baseline = try? naiveTopRectangle(simulated.capture, parameters: parameters)
        do {
            let measured = try runPipeline(simulated.capture, parameters: parameters)
            result.measured = [measured.cuboid.length, measured.cuboid.width, measured.cuboid.height]
            result.confidence = measured.probabilityWithinTolerance
            result.fitsTolerance = measured.fitsTolerance
            result.distance = measured.distance
            result.edges = measured.cuboid.edges
            result.lips = measured.cuboid.lips
            result.uncertainty = [measured.uncertainty.length, measured.uncertainty.width, measured.uncertainty.height]
            result.contributions = measured.uncertainty.contributions.map { terms in
                Dictionary(uniqueKeysWithValues: terms.map { ($0.key.rawValue, $0.value) })
            }
            result.sideEvidence = measured.uncertainty.sides.map(\.evidenceName)
            result.sideTerms = measured.uncertainty.sides.map(\.termsByName)
            if kind.expectsMeasurement, let target = simulated.scene.target {
                result.sideErrors = sideErrors(of: measured.cuboid, in: simulated, truth: target)
            }
        } catch {
            result.errorCode = error.code
        }
        return result
    }
}

extension SensorFamilyMember {
    /// The class a user of this member's camera would name: a fattening edge behaviour is a
    /// stereo camera's, an eroding one a structured-light camera's, a fixed mount without
    /// either a time-of-flight camera, the rest the handheld LiDAR and its variants.
    public var sensorClass: SensorClass {
        if (noise.edges?.fattening ?? 0) > 0 { return .stereo }
        if (noise.edges?.erosion ?? 0) > 0 { return .structuredLight }
        return fixedMount == nil ? .lidar : .tof
    }
}
