import ArgumentParser
import Dimensioning
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

    @Option(help: "Catalog seed.")
    var seed: UInt64 = 2026

    @Option(help: "Confidence gate for acceptance (0...1).")
    var minConfidence = 0.85

    @Option(help: "Parallel workers (default: all cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print every scenario's outcome.")
    var verbose = false

    @Option(help: "Also write every case and the summary as JSON to this file.")
    var json: String?

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive") }
        guard (0...1).contains(minConfidence) else { throw ValidationError("--min-confidence must be in 0...1") }
        guard jobs > 0 else { throw ValidationError("--jobs must be positive") }
    }

    func run() throws {
        let cases = AccuracyBenchmark.run(count: count, seed: seed, jobs: jobs)
        if verbose {
            for c in cases {
                let measured = c.measured.map { $0.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " x ") } ?? "-"
                let truth = c.truth.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " x ")
                let conf = c.confidence.map { String(format: "%.2f", $0) } ?? "-"
                print("\(c.name): truth \(truth) measured \(measured) conf \(conf) \(c.errorCode ?? "") dist \(c.distance.map { String(format: "%.2f", $0) } ?? "-")")
            }
        }
        let summary = AccuracySummary(cases: cases, minConfidence: minConfidence)
        print(summary.table)
        if let json {
            struct Output: Encodable { var summary: AccuracySummary; var cases: [AccuracyBenchmark.Case] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(Output(summary: summary, cases: cases)).write(to: URL(fileURLWithPath: json))
        }
    }
}
