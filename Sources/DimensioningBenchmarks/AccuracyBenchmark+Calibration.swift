import Dispatch
import Foundation
import Dimensioning
import DimensioningSimulation

/// One sensor-family member's calibration in the accuracy benchmark (`--calibrate`).
public struct MemberCalibration: Sendable, Codable, Equatable {
    /// The member (`SensorFamilyMember.name`).
    public var sensor: String
    /// The profile its captures were measured with; nil when no reference could be measured
    /// (its captures are then measured without a profile).
    public var profile: SensorProfile?
    /// Reference captures the profile was fitted on.
    public var references: Int
    /// Why there is no profile, for people.
    public var failure: String?
}

extension AccuracyBenchmark {
    /// The catalog seed reference captures are drawn from for `seed`: never the seed being
    /// measured, so no capture is both a reference and a case.
    public static func calibrationSeed(for seed: UInt64) -> UInt64 { seed ^ 0x0CA1_1B8A_7E5E_ED01 }

    /// The smaller footprint side a reference box must have, metres: a calibration box is a
    /// sturdy carton, not the smallest parcel the engine measures (a 3-pixel spread off each side
    /// of a 10 cm box leaves too little top to fit).
    public static let minimumReferenceSide = 0.2

    /// Calibrates every sensor-family member once, as a user calibrates each device before
    /// trusting it (`boxdim calibrate` against a box of known size): for each member, the first
    /// `references` plain-box scenarios (`ScenarioKind.box`, no wall or neighbour, the smaller
    /// side at least `minimumReferenceSide`) of catalog
    /// `calibrationSeed(for: seed)` rendered with that member and pooled by `calibrateProfile`; a
    /// reference that the calibration refuses, with the ones before it, is retaken (the next
    /// scenario).
    ///
    /// - Parameters:
    ///   - references: Reference captures per member (1...20).
    ///   - frames: Frames per reference capture, as for the cases (nil: the catalog's).
    ///   - searchLimit: Scenarios of the member looked at before giving up.
    /// - Returns: One calibration per member, in `sensors` order (a member with no measurable
    ///   reference has no profile and says why).
    public static func calibrateMembers(sensors: [SensorFamilyMember], seed: UInt64, references: Int,
                                        frames: Int? = nil, parameters: PipelineParameters = .init(),
                                        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                        searchLimit: Int = 80) -> [MemberCalibration] {
        let referenceSeed = calibrationSeed(for: seed)
        let results = ResultSlots<MemberCalibration>(count: sensors.count)
        let next = AtomicCounter()
        let uncalibrated = { var p = parameters; p.profile = nil; return p }()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, sensors.count))) { _ in
            while true {
                let member = next.increment()
                guard member < sensors.count else { return }
                results.set(member, calibrate(member: member, sensors: sensors, seed: referenceSeed,
                                              references: references, frames: frames, parameters: uncalibrated,
                                              searchLimit: searchLimit))
            }
        }
        return results.values()
    }

    /// Gathers one member's references and calibrates it.
    static func calibrate(member: Int, sensors: [SensorFamilyMember], seed: UInt64, references: Int,
                          frames: Int?, parameters: PipelineParameters, searchLimit: Int) -> MemberCalibration {
        let name = sensors[member].name
        var chosen: [CalibrationReference] = []
        var calibrated: CalibrationResult?
        var looked = 0
        var index = member
        while chosen.count < references, looked < searchLimit {
            defer { index += sensors.count; looked += 1 }
            let (simulated, kind) = ScenarioCatalog.render(index: index, seed: seed, frameCount: frames, sensors: sensors)
            let truth = simulated.truth
            guard kind == .box, min(truth.length, truth.width) >= minimumReferenceSide else { continue }
            let candidate = CalibrationReference(capture: simulated.capture, known: [truth.length, truth.width, truth.height])
            // A placement the calibration refuses (without a profile, or with the profile the
            // references so far and it give) is retaken, as a user would; the last pooled
            // calibration that took every reference so far is the member's.
            guard let pooled = try? calibrateProfile(chosen + [candidate], parameters: parameters,
                                                     reference: "\(chosen.count + 1) simulated references, seed \(seed)")
            else { continue }
            chosen.append(candidate)
            calibrated = pooled
        }
        guard let calibrated else {
            return MemberCalibration(sensor: name, profile: nil, references: 0,
                                     failure: "no plain-box reference measured in \(looked) scenarios")
        }
        return MemberCalibration(sensor: name, profile: calibrated.profile, references: chosen.count, failure: nil)
    }
}
