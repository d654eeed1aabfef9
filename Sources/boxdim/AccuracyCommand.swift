import ArgumentParser
import Dimensioning
import DimensioningBenchmarks
import DimensioningReaders
import DimensioningSimulation
import Foundation

/// `boxdim accuracy`: the labelled accuracy benchmark on simulated captures.
struct AccuracyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accuracy",
        abstract: "Render a labelled set of simulated captures (fixed seed) and report the engine's accuracy.",
        discussion: "Prints median and 95th-percentile absolute errors per dimension, the share of positives accepted, and negatives accepted. Deterministic for a given --count and --seed."
    )

    @Option(help: "Scenarios to render and measure (about 20 % are hard negatives).")
    var count = 200

    @Option(help: "Catalog seed (default 2026; 3313 for --split holdout, 7919 for retired, 6151 for retired2, 4243 for fixed, 8087 for structured-light).")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Sensor models: iphone (the iPhone LiDAR model alone), tuning (the edge-behaviour family members the engine was tuned on) holdout (other members and seeds, for reporting only), retired and retired2 (the first and second held-out sets, looked at since: more tuning sets) fixed (fixed-mount ToF and stereo cameras) or structured-light (a fixed-mount Astra-class camera whose edges stop inside the box).", valueName: "split"))
    var split: SensorSplit = .iphone

    @Option(help: "Confidence gate for acceptance (0...1): the model's probability that every dimension is within the tolerance.")
    var minConfidence = 0.85

    @OptionGroup var gate: GateArguments

    @Option(help: "Frames per capture (1...60), e.g. 1 for a fixed camera's single frame; default: the catalog's 10-60.")
    var frames: Int?

    @Option(help: "A sensor profile from `boxdim calibrate` applied to every capture (e.g. for --split fixed's stereo camera).")
    var profile: String?

    @Option(help: ArgumentHelp("Calibrate each sensor model first, as a user calibrates each device: N reference captures of plain boxes of known size per model (from another seed of the catalog), pooled by `boxdim calibrate`'s fit, and that model's captures measured with its profile (1...20; 0: no calibration).", valueName: "N"))
    var calibrate = 0

    @Option(help: ArgumentHelp("Instead of single boxes, render N simulated scenes of several boxes (apart, or pressed together at a depth step) and measure them carton by carton (measure --all): boxes found, truth within ± U, anything accepted wrongly.", valueName: "N"))
    var scenes = 0

    @Option(help: ArgumentHelp("Bend everything seen beyond the box away by MM millimetres per square metre of depth past it, as a stereo camera's range error bends its far floor (real OAK-D clouds: about 50); default 0, a flat floor.", valueName: "MM"))
    var rangeBend = 0.0

    @Flag(help: "Stand every scenario (with --scenes, every scene) on a round table's top (0.6 m radius) with the room's floor 0.75 m below its edge in view: the support is the table, not the largest plane.")
    var onTable = false

    @Flag(help: "Stand every scenario (with --scenes, every scene) on a pallet's deck (120-mm boards 40 mm apart, at least 1200 x 760 mm) 144 mm above the room's floor, seen past its edges and through its gaps.")
    var onPallet = false

    @Flag(help: "Give every box to be measured a recess, a handle or a bulge (5-15 mm) in or on its top: the truth is the cuboid that encloses it, as a carrier bills it.")
    var irregularTops = false

    @Flag(help: "Give every box to be measured a flat lid leaning 1-4° along its length (a crushed end, a sagging lid; a real OAK-D carton's lid has its high corner 22 mm above its level, against the floor around it): the truth is the cuboid that encloses it.")
    var leaningLids = false

    @Option(help: ArgumentHelp("Lay these changes over each capture's sensor behaviour: a JSON object of SensorBehaviour's keys (e.g. '{\"creaseBandShare\": 0}' switches the crease reach off), to see what a heuristic prevents (Scripts/ablation.sh): the simulated captures, the calibration references, the scenes and the real captures alike.", valueName: "json"))
    var behaviour: String?

    @Option(help: ArgumentHelp("Lay these settings over the pipeline's defaults: a JSON object of stages as a configuration file's `pipeline` names them (e.g. '{\"shape\": {\"minimumFill\": 0}}' switches the fill check off), to see what a stage's check prevents (Scripts/ablation.sh), on every capture as --behaviour. The sensor's behaviour and profile are --behaviour's and --profile's.", valueName: "json"))
    var pipeline: String?

    @Option(help: "Parallel workers (default: all cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print every scenario's outcome (with --scenes: every matched carton's error ± U, how its sides were placed and its largest terms, and every refused top).")
    var verbose = false

    @Flag(help: "Also print each sensor model's signed side errors per way the side was located (side face, silhouette, top extent, top and base line): which estimator carries a bias.")
    var sides = false

    @Option(help: "Also write every case and the summary as JSON to this file.")
    var json: String?

    @Option(help: "Poses for the repeatability check (the same box captured from N poses; 0 skips it).")
    var repeatability = 10

    @Option(help: "A folder of real captures (.pcd/.ply clouds, folders of depth PNGs with intrinsics.json) to measure and list too; default Tests/Fixtures/real (the repository's vendored captures) when present.")
    var real: String?

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive") }
        guard (0...1).contains(minConfidence) else { throw ValidationError("--min-confidence must be in 0...1") }
        guard jobs > 0 else { throw ValidationError("--jobs must be positive") }
        if let frames, !(1...60).contains(frames) { throw ValidationError("--frames must be 1...60") }
        guard rangeBend.isFinite, (0...500).contains(rangeBend) else { throw ValidationError("--range-bend must be 0...500 mm per square metre") }
        guard (0...20).contains(calibrate) else { throw ValidationError("--calibrate must be 0...20 reference captures") }
        if calibrate > 0, profile != nil {
            throw ValidationError("--calibrate and --profile both set the profile: give one")
        }
        if onPallet, onTable { throw ValidationError("--on-pallet and --on-table each set what the scenes stand on: give one") }
        if let behaviour {
            do { _ = try SensorBehaviourChanges(json: Data(behaviour.utf8), source: "--behaviour") } catch {
                throw ValidationError(error.description)
            }
        }
        if pipeline != nil { _ = try pipelineSettings() }
    }

    func run() throws {
        let seed = self.seed ?? split.defaultSeed
        var parameters = measuringParameters()
        if let profile {
            do { parameters.profile = try SensorProfile.read(URL(fileURLWithPath: profile)) } catch {
                printError("boxdim accuracy: \(error.description)")
                throw ExitCode(5)
            }
        }
        if scenes > 0 {
            let support: SceneBenchmark.Support = onPallet ? .pallet : onTable ? .table : .floor
            let standing = switch support {
            case .floor: ""
            case .table: " on a table 0.75 m above the floor"
            case .pallet: " on a pallet's deck 144 mm above the floor"
            }
            print("scenes of several boxes" + standing
                + ", measured carton by carton (seed \(seed), tolerance \(gate.tolerance) mm, minimum confidence \(minConfidence)):")
            let report = SceneBenchmark.run(count: scenes, seed: seed, parameters: parameters, minConfidence: minConfidence,
                                            on: support)
            if verbose {
                print("every matched carton (error ± U, L / W / H):\n" + report.cartonLines.joined(separator: "\n"))
                print("every refused top:\n" + report.refusalLines.joined(separator: "\n"))
            }
            print(report.table)
            return
        }
        var calibrations: [MemberCalibration] = []
        if calibrate > 0 {
            calibrations = AccuracyBenchmark.calibrateMembers(sensors: split.members, seed: seed, references: calibrate,
                                                              frames: frames, parameters: parameters, jobs: jobs)
        }
        let profiles = Dictionary(calibrations.compactMap { c in c.profile.map { (c.sensor, $0) } },
                                  uniquingKeysWith: { first, _ in first })
        let cases = AccuracyBenchmark.run(count: count, seed: seed, parameters: parameters, jobs: jobs, sensors: split.members,
                                          frames: frames, profiles: profiles, rangeBend: rangeBend > 0 ? rangeBend / 1000 : nil,
                                          onTable: onTable, onPallet: onPallet, irregularTops: irregularTops,
                                          leaningLids: leaningLids)
        if verbose {
            for c in cases {
                let measured = c.measured.map { $0.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " x ") } ?? "-"
                let truth = c.truth.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " x ")
                let conf = c.confidence.map { String(format: "%.2f", $0) } ?? "-"
                let u = c.uncertainty.map { " ± " + $0.map { String(format: "%.1f", 2000 * $0) }.joined(separator: " / ") } ?? ""
                print("\(c.name) [\(c.sensor)]: truth \(truth) measured \(measured)\(u) conf \(conf) \(c.errorCode ?? "") dist \(c.distance.map { String(format: "%.2f", $0) } ?? "-")"
                      + (c.topFeature.map { "; \($0.summary)" } ?? ""))
            }
        }
        let summary = AccuracySummary(cases: cases, minConfidence: minConfidence)
        print("split: \(split.rawValue), seed \(seed)" + (frames.map { ", \($0) frame(s) per capture" } ?? "")
              + (profile.map { ", profile \($0)" } ?? "")
              + (rangeBend > 0 ? String(format: ", everything beyond the box bent away by %g mm per square metre", rangeBend) : "")
              + (onTable ? ", on a table 0.75 m above the floor" : "")
              + (onPallet ? ", on a pallet's deck 144 mm above the floor" : "")
              + (irregularTops ? ", every box with a recess, a handle or a bulge in its top" : "")
              + (leaningLids ? ", every box with a lid leaning 1-4° along its length" : "")
              + (calibrate > 0 ? ", each sensor model calibrated on \(calibrate) reference capture(s) of seed \(AccuracyBenchmark.calibrationSeed(for: seed))" : ""))
        for c in calibrations {
            if let p = c.profile {
                print(String(format: "  profile %@: edge offset %+.2f px%@%@, depth scale %.4f (%d references)",
                             c.sensor, p.edgeOffsetPixels,
                             p.facingEdgeOffsetPixels.map { String(format: " (facing the camera %+.2f px)", $0) } ?? "",
                             p.edgeScatterPixels.map { String(format: " ± %.2f px", $0) } ?? "",
                             p.depthScale, c.references))
            } else {
                print("  profile \(c.sensor): none, measured without one (\(c.failure ?? "no reference"))")
            }
        }
        print(summary.table)
        let bySensor = AccuracyBySensor(cases: cases, minConfidence: minConfidence)
        if split != .iphone { print("\nper sensor model:\n" + bySensor.table) }
        let coverage = CoverageSummary(cases: cases, tolerance: gate.tolerance / 1000, minConfidence: minConfidence)
        print("\n" + coverage.table)
        if irregularTops || leaningLids {
            let byFeature = CoverageSummary(cases: cases, tolerance: gate.tolerance / 1000, minConfidence: minConfidence,
                                            grouping: "feature", group: { $0.topFeature?.kind ?? "negatives" })
            print("\nper feature of the top:\n" + byFeature.rowsTable)
        }
        let bySide = AccuracyBySide(cases: cases)
        if sides { print("\nper sensor model and side method (signed side error, every measured positive):\n" + bySide.table) }
        if repeatability > 0 && split == .iphone {
            do {
                let report = try RepeatabilityBenchmark.run(poses: repeatability, seed: seed)
                let spread = report.spreadMM.map { String(format: "%.1f", $0) }.joined(separator: " / ")
                print("repeatability: a 450 x 320 x 270 mm box from \(report.poses) poses, \(report.measured) measured: max-min spread L / W / H = \(spread) mm")
            } catch {
                print("repeatability: \(error.description)")
            }
        }
        printRealCaptures()
        if let json {
            struct Output: Encodable {
                var summary: AccuracySummary; var bySensor: AccuracyBySensor; var bySide: AccuracyBySide
                var coverage: CoverageSummary
                var cases: [AccuracyBenchmark.Case]
                var calibrations: [MemberCalibration]?
            }
            let output = Output(summary: summary, bySensor: bySensor, bySide: bySide, coverage: coverage, cases: cases,
                                calibrations: calibrations.isEmpty ? nil : calibrations)
            try encodedWithNulls(output).write(to: URL(fileURLWithPath: json))
        }
    }

    /// The parameters every capture of the run is measured with: `--pipeline`'s settings, the
    /// gate's tolerance, minimum confidence and sensor class, and `--behaviour`'s changes (both
    /// checked by `validate()`), which reach the simulated captures, the calibration references,
    /// the scenes and the real captures.
    func measuringParameters() -> PipelineParameters {
        var parameters = (try? pipelineSettings()) ?? PipelineParameters()
        gate.apply(to: &parameters)
        parameters.behaviourChanges = behaviour.flatMap { try? SensorBehaviourChanges(json: Data($0.utf8), source: "--behaviour") }
        return parameters
    }

    /// `--pipeline`'s settings laid over the defaults (the defaults without it).
    ///
    /// - Throws: `ValidationError` naming the key at fault, or the flag to use for the sensor's
    ///   behaviour or profile.
    func pipelineSettings() throws -> PipelineParameters {
        guard let pipeline else { return PipelineParameters() }
        let settings: PipelineParameters
        do {
            settings = try DimensioningConfiguration.decode(json: Data("{\"pipeline\": \(pipeline)}".utf8), file: "--pipeline").pipeline
        } catch {
            throw ValidationError(error.description)
        }
        if settings.sensorBehaviour != nil { throw ValidationError("--pipeline: the sensor's behaviour is --behaviour's") }
        if settings.profile != nil { throw ValidationError("--pipeline: a profile is --profile's") }
        return settings
    }

    /// `value` as pretty, key-sorted JSON. A statistic with nothing to summarise is NaN (no box
    /// measured: every capture refused), which JSON cannot hold: it is written as null, and so
    /// would an infinity be.
    func encodedWithNulls<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(value)
        } catch EncodingError.invalidValue {
            let marker = "boxdim-not-a-number"
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: marker, negativeInfinity: marker, nan: marker)
            let text = String(decoding: try encoder.encode(value), as: UTF8.self)
            return Data(text.replacingOccurrences(of: "\"\(marker)\"", with: "null").utf8)
        }
    }

    /// Measures every capture in the real-data folder and prints one line each.
    func printRealCaptures() {
        let folder = real.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Tests/Fixtures/real")
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            if real != nil { print("real captures: cannot read \(folder.path)") }
            return
        }
        let urls = enumerator.compactMap { $0 as? URL }
        // Point clouds, and folders of depth PNGs with their intrinsics, except a scene's
        // captures (a folder with `cartons.json`), which `printRealScenes` measures carton by carton.
        let depthFolders = urls.filter { $0.lastPathComponent == "intrinsics.json" }.map { $0.deletingLastPathComponent() }
            .filter { !FileManager.default.fileExists(atPath: $0.deletingLastPathComponent().appendingPathComponent("cartons.json").path) }
        let files = (urls.filter { ["pcd", "ply"].contains($0.pathExtension.lowercased()) } + depthFolders)
            .sorted { $0.path < $1.path }
        defer { printRealScenes(in: folder) }
        guard !files.isEmpty else { return }
        print("\nreal captures in \(folder.path):")
        for file in files {
            let name = file.pathComponents.suffix(2).joined(separator: "/")
            let parameters = measuringParameters()
            // Read once: the naive rectangle and the engine measure the same capture.
            let capture: DepthCapture
            do { capture = try CaptureReader.read(file) } catch {
                print("  \(name): unreadable: \(error.description)")
                continue
            }
            let baseline: String
            do {
                let b = try naiveTopRectangle(capture, parameters: parameters)
                baseline = String(format: "naive %.1f x %.1f x %.1f mm", b[0] * 1000, b[1] * 1000, b[2] * 1000)
            } catch {
                baseline = "naive: \(error.code)"
            }
            do {
                let r = try runPipeline(capture, parameters: parameters)
                let u = r.uncertainty.expanded.map { $0 * 1000 }
                print(String(format: "  %@: %.1f ± %.1f x %.1f ± %.1f x %.1f ± %.1f mm (%@), confidence %.2f at %.0f mm%@; %@", name,
                             r.cuboid.length * 1000, u[0], r.cuboid.width * 1000, u[1], r.cuboid.height * 1000, u[2],
                             r.uncertainty.sensorClass.rawValue, r.probabilityWithinTolerance, gate.tolerance,
                             r.fitsTolerance ? "" : " (U beyond tolerance)", baseline))
            } catch {
                print("  \(name): refused: \(error.code) (\(error.description)); \(baseline)")
            }
        }
    }
}

extension SensorSplit: ExpressibleByArgument {}

