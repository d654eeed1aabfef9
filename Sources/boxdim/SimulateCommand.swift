import ArgumentParser
import Dimensioning
import DimensioningSimulation
import Foundation

/// `boxdim simulate <out-dir> --count N --seed S [--frames F] [--split S] [--layout L]`: writes a labelled dataset of
/// simulated Stray Scanner captures (see `DatasetWriter`) that `boxdim verify` reads.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Write a labelled dataset of simulated Stray Scanner captures with ground_truth.csv.",
        discussion: """
        Captures are scenarios 0..<count of the scenario catalog for --seed (about 20 % hard \
        negatives), each with TRUTH.md and truth.json inside its folder. ground_truth.csv has \
        capture,length_mm,width_mm,height_mm,kind,summary (zeros: no measurable box). Deterministic \
        for a given --count, --seed and --frames.
        """
    )

    @Argument(help: "The dataset folder to write (created if needed).")
    var outDir: String

    @Option(help: "Captures to write.")
    var count = 60

    @Option(help: "Catalog seed (default 2026; 3313 for --split holdout, 7919 for retired, 6151 for retired2, 4243 for fixed, 8087 for structured-light).")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Sensor models: iphone, tuning, holdout, retired, retired2, fixed or structured-light (see `boxdim accuracy --help`).", valueName: "split"))
    var split: SensorSplit = .iphone

    @Option(help: ArgumentHelp("How captures are written: stray (Stray Scanner folders), or for --split fixed or structured-light what those cameras' tools write: pcd (organised PCD frames with PCL .xml intrinsics) or depth-png (16-bit mm PNGs with intrinsics.json).", valueName: "layout"))
    var layout: DatasetWriter.Layout = .strayScanner

    @Option(help: "Frames per capture (1...60); default: the catalog's 10-60.")
    var frames: Int?

    @Flag(help: "Give every box to be measured a recess, a handle or a bulge (5-15 mm) in or on its top; the truth stays the cuboid that encloses it.")
    var irregularTops = false

    @Flag(help: "Give every box to be measured a flat lid leaning 1-4° along its length (as `boxdim accuracy --leaning-lids`): the truth is the cuboid that encloses it.")
    var leaningLids = false

    @Flag(help: "Stand every scenario on a round table's top with the room's floor 0.75 m below its edge in view (as `boxdim accuracy --on-table`): the support is the table.")
    var onTable = false

    @Flag(help: "Stand every scenario on a pallet's deck 144 mm above the room's floor, seen past its edges and through its gaps (as `boxdim accuracy --on-pallet`): the support is the deck.")
    var onPallet = false

    @Option(help: "Captures rendered in parallel (default: all cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "No progress output.")
    var quiet = false

    @Flag(help: "Write only the bundled sample capture (Samples/captures/box-400x300x250) into <out-dir>.")
    var sample = false

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive") }
        if let frames, !(1...60).contains(frames) { throw ValidationError("--frames must be 1...60") }
        guard jobs > 0 else { throw ValidationError("--jobs must be positive") }
        if onPallet, onTable { throw ValidationError("--on-pallet and --on-table each set what the scenarios stand on: give one") }
        if layout != .strayScanner && split != .fixed && split != .structuredLight {
            throw ValidationError("--layout \(layout.rawValue) is for fixed-mount cameras: use it with --split fixed or structured-light")
        }
    }

    func run() throws {
        if sample {
            do { try SampleCapture.write(to: URL(fileURLWithPath: outDir)) } catch {
                printError("boxdim simulate: \(error.description)")
                throw ExitCode(ExitStatus.unreadable)
            }
            print("wrote the sample capture \(SampleCapture.name) to \(outDir)")
            return
        }
        let total = count
        let quiet = quiet
        let start = DispatchTime.now().uptimeNanoseconds
        let entries: [DatasetWriter.Entry]
        do {
            entries = try DatasetWriter.write(to: URL(fileURLWithPath: outDir), count: count, seed: seed ?? split.defaultSeed,
                                              frames: frames, jobs: jobs, sensors: split.members, layout: layout,
                                              onTable: onTable, onPallet: onPallet, irregularTops: irregularTops,
                                              leaningLids: leaningLids) { done in
                if !quiet, done % 10 == 0 || done == total {
                    FileHandle.standardError.write(Data("\rsimulate: \(done)/\(total)".utf8))
                }
            }
        } catch {
            printError("boxdim simulate: \(error.description)")
            throw ExitCode(ExitStatus.unreadable)
        }
        if !quiet { FileHandle.standardError.write(Data("\n".utf8)) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let negatives = entries.filter { $0.lengthMM == 0 }.count
        print("wrote \(entries.count) captures (\(negatives) expecting a refusal) and ground_truth.csv to \(outDir) in \(String(format: "%.1f", seconds)) s")
    }
}
extension DatasetWriter.Layout: ExpressibleByArgument {}
