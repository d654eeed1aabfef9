import ArgumentParser
import Dimensioning

/// `boxdim`: measure boxes from recorded depth captures.
@main
struct BoxDim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxdim",
        abstract: "Measure a box (length, width, height, volume, confidence) from a recorded depth capture.",
        discussion: """
        Exit codes: 0 accepted; 3 measured but below --min-confidence; 4 no measurement (the \
        engine refused: no floor, no box, ...); 5 unreadable capture (or dataset); 6 verify: the \
        dataset fails verification; 64 usage error.
        """,
        subcommands: [MeasureCommand.self, ReplayCommand.self, VerifyCommand.self, CalibrateCommand.self, ConvertCommand.self,
                      AccuracyCommand.self, SimulateCommand.self, BenchCommand.self,
                      BenchSessionCommand.self]
    )

    static func main() {
        // Batches reuse freed pages instead of faulting in fresh ones, and fresh ones fault in
        // 2 MiB at a time (see AllocatorPolicy).
        AllocatorPolicy.adviseHugePages()
        main(nil)
    }
}
