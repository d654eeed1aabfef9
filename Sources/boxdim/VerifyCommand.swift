import ArgumentParser
import Dimensioning
import DimensioningVerification
import Foundation

/// `boxdim verify <dataset>` and `boxdim verify --merge DIR... --out DIR`.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Measure every capture of a dataset against its ground_truth.csv and report the errors.",
        discussion: """
        A dataset is a folder with ground_truth.csv (capture,length_mm,width_mm,height_mm, extra \
        columns kept; a row of zeros means no box is expected) and the captures it names. With a \
        barcode column instead of capture, every capture found in the folder is matched to the row \
        whose code its colour images read; captures and rows left unmatched are listed with why. \
        With x_mm,y_mm,z_mm columns, rows name cartons of a scene by position (capture coordinates, \
        mm): the capture is measured carton by carton (as measure --all) and each row judged \
        against the carton standing there, one result per carton. \
        Writes results.jsonl (flushed per capture), results.csv, summary.json, report.html and \
        overlays/ to --out. Exit codes: 0 every accepted measurement within tolerance and no \
        negative accepted; 6 the dataset fails verification; 5 the dataset cannot be read.
        """
    )

    @Argument(help: "The dataset folder holding ground_truth.csv.")
    var dataset: String?

    @OptionGroup var input: InputArguments

    @Option(help: "Tolerance, mm: the allowed absolute error per dimension against the truth, and the gate: a measurement is accepted when every dimension's expanded uncertainty (k = 2) is within it.")
    var tolerance: Double = 10

    @Option(help: ArgumentHelp("The cameras' class for the uncertainty's type B priors: lidar, tof, stereo, structured-light or unknown; default: lidar for Stray Scanner folders, unknown otherwise.", valueName: "class"))
    var sensor: SensorClass?

    @Option(help: "Minimum confidence (0...1) for a measurement to be accepted.")
    var minConfidence: Double = 0.85

    @Option(help: "Captures measured in parallel (default: all cores).")
    var jobs: Int?

    @Option(help: "Output folder (default: <dataset>-verify beside the dataset).")
    var out: String?

    @Flag(help: "Keep the results already in --out and measure only the rest.")
    var resume = false

    @Option(help: "Run only shard i of n (0-based, i/n): every n-th capture of the sorted list, starting at i.")
    var shard: String?

    @Option(help: "A sensor profile from `boxdim calibrate` applied to every capture.")
    var profile: String?

    @Option(help: "Units of lengths in results.jsonl: mm, cm, m or in (errors are always mm).")
    var units: LengthUnit = .millimeters

    @Flag(help: "No progress output.")
    var quiet = false

    @Option(parsing: .upToNextOption, help: "Merge the --out folders of shard runs into --out instead of measuring.")
    var merge: [String] = []

    func validate() throws {
        if !merge.isEmpty {
            guard dataset == nil else { throw ValidationError("--merge takes shard folders, not a dataset") }
            guard out != nil else { throw ValidationError("--merge needs --out DIR for the merged outputs") }
            guard !resume, shard == nil else { throw ValidationError("--resume and --shard do not apply to --merge") }
            return
        }
        guard let dataset, !dataset.isEmpty else { throw ValidationError("give a dataset folder, or --merge DIR...") }
        guard tolerance.isFinite, tolerance > 0 else { throw ValidationError("--tolerance must be a positive number of millimetres") }
        guard (0...1).contains(minConfidence) else {
            throw ValidationError("--min-confidence must be between 0 and 1, got \(minConfidence)")
        }
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs must be between 1 and 1024") }
        if let shard, Self.parseShard(shard) == nil {
            throw ValidationError("--shard must be i/n with 0 <= i < n, e.g. 0/4, got \"\(shard)\"")
        }
    }

    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 0, i < n else { return nil }
        return (i, n)
    }

    func run() throws {
        let summary: VerificationSummary
        let outURL = URL(fileURLWithPath: out ?? (dataset.map { URL(fileURLWithPath: $0).standardizedFileURL.path + "-verify" } ?? "verify-out"))
        switch execute(outURL) {
        case let .success(value): summary = value
        case let .failure(error):
            printError("boxdim verify: \(error.description)")
            throw ExitCode(ExitStatus.unreadable)
        }
        print(summary.table())
        print("\nwrote \(outURL.path)/{results.jsonl,results.csv,summary.json,report.html}")
        if !summary.passed { throw ExitCode(ExitStatus.verificationFailed) }
    }

    /// Runs or merges; dataset and output failures come back as the error.
    func execute(_ outURL: URL) -> Result<VerificationSummary, DimensioningError> {
        if !merge.isEmpty {
            return Result { () throws(DimensioningError) in
                try VerificationRun.merge(shards: merge.map { URL(fileURLWithPath: $0) }, out: outURL)
            }
        }
        var options = VerificationOptions()
        options.toleranceMM = tolerance
        options.parameters.uncertainty.sensorClass = sensor
        options.minConfidence = minConfidence
        options.units = units
        if let jobs { options.jobs = jobs }
        options.resume = resume
        options.input = input.options
        options.shard = shard.flatMap(Self.parseShard)
        if let profile {
            do { options.parameters.profile = try SensorProfile.read(URL(fileURLWithPath: profile)) } catch {
                return .failure(error)
            }
        }
        let progress = ProgressReporter(quiet: quiet)
        let datasetURL = URL(fileURLWithPath: dataset!)
        let result = Result { () throws(DimensioningError) in
            try VerificationRun.run(dataset: datasetURL, out: outURL, options: options) { progress.update($0) }.summary
        }
        progress.finish()
        return result
    }
}
