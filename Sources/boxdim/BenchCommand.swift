import ArgumentParser
import Dimensioning
import DimensioningBenchmarks
import DimensioningReaders
import DimensioningSimulation
import Foundation

/// `boxdim bench`: the speed benchmarks of issue 6 (medians and p90 over repeated runs).
/// Build with `swift build -c release` and run `.build/release/boxdim bench`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark decoding, each pipeline stage, the whole measurement, a session update and verify.",
        discussion: """
        All inputs are simulated (fixed seeds) and written to a temporary folder. Sections: decode of \
        a 30-frame 256x192 Stray Scanner capture (against libpng alone); each pipeline stage; the whole \
        in-process measurement (decode excluded); one session frame update; scaling with frames (10, \
        30, 60) and resolution (256x192, 640x480); verify throughput and peak memory with --jobs 1 and 2. \
        --memory-captures N instead checks that verify's peak memory stays flat from 100 to N captures; \
        --startup instead times whole processes (start-up, one measure, a long capture's peak memory). \
        Use a release build; on a shared machine re-run and compare medians. `boxdim bench barcodes`: \
        barcode read rate and the time reading adds.
        """,
        subcommands: [BenchBarcodesCommand.self]
    )

    @Option(help: "Timed runs per in-process figure (the median and p90 are reported).")
    var repeats = 20

    @Option(help: "Captures in the verify dataset (catalog seed 2026, 10-60 frames each).")
    var verifyCaptures = 40

    @Option(help: "Verify runs per job count.")
    var verifyRepeats = 3

    @Flag(help: "Skip the verify section.")
    var skipVerify = false

    @Flag(help: "Skip the scaling section.")
    var skipScaling = false

    @Option(help: "Memory mode: verify peak memory on 100 and on N small captures (nothing else runs).")
    var memoryCaptures: Int?

    @Option(help: "Frames per capture in memory mode.")
    var memoryFrames = 3

    @Option(help: "Folder for the generated captures (default: a new temporary folder, removed afterwards).")
    var workDir: String?

    @Flag(help: "Start-up mode: whole processes (boxdim --help, measure of a 30-frame capture and of a .ply, a long capture's peak memory) as child processes; nothing else runs.")
    var startup = false

    @Option(help: "With --startup: a program to compare boxdim --help with (Scripts/bench-startup.sh builds a Foundation hello-world).")
    var baseline: String?

    @Option(help: "With --startup: frames of the long capture whose peak memory is reported (0: none).")
    var longFrames = 600

    func validate() throws {
        guard repeats > 0, verifyCaptures > 0, verifyRepeats > 0 else {
            throw ValidationError("--repeats, --verify-captures and --verify-repeats must be positive")
        }
        if let memoryCaptures, memoryCaptures < 100 { throw ValidationError("--memory-captures must be at least 100") }
        guard (1...60).contains(memoryFrames) else { throw ValidationError("--memory-frames must be 1...60") }
        guard (0...3600).contains(longFrames) else { throw ValidationError("--long-frames must be 0...3600") }
    }

    func run() throws {
        let fm = FileManager.default
        let work = workDir.map { URL(fileURLWithPath: $0) }
            ?? fm.temporaryDirectory.appendingPathComponent("boxdim-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        defer { if workDir == nil { try? fm.removeItem(at: work) } }
        print("boxdim bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, pipeline stages split over "
              + "\(PipelineBench.parallelism) threads (BOXDIM_THREADS); medians (p90) in ms; work folder \(work.path)")
        if let memoryCaptures {
            try memorySection(work: work, counts: [100, memoryCaptures])
            return
        }
        if startup {
            try startupSection(work: work)
            return
        }
        let capture = try inProcessSections(work: work)
        try sessionSection(capture)
        if !skipScaling { try scalingSection(work: work) }
        if !skipVerify { try verifySection(work: work) }
    }

    /// Decode, stages and whole measurement of the 30-frame 256x192 reference capture.
    func inProcessSections(work: URL) throws -> DepthCapture {
        let folder = work.appendingPathComponent("reference-30")
        try StrayScannerWriter.write(PipelineBench.referenceCapture(frames: 30), to: folder)
        let decode = try PipelineBench.decode(folder: folder, repeats: repeats)
        print("\n## Decode: 30-frame 256x192 Stray Scanner capture (\(decode.pngFiles) PNGs, \(decode.pngBytes / 1024) KiB)")
        print("  reader (StrayScannerReader.read)   \(decode.reader.text)")
        print("  libpng alone (read + decode PNGs)  \(decode.libpngOnly.text)")
        print("  reader / libpng                    \(String(format: "%.2f", decode.reader.median / max(1e-9, decode.libpngOnly.median)))x")

        let capture = try StrayScannerReader.read(folder: folder)
        print("\n## Pipeline stages on that capture (inputs from one full run)")
        var sum = 0.0
        for (name, timing) in try PipelineBench.stages(capture, repeats: repeats) {
            print("  " + name.padding(toLength: 34, withPad: " ", startingAt: 0) + " " + timing.text)
            sum += timing.median
        }
        print("  sum of stage medians               \(BenchClock.format(sum)) ms")
        let whole = PipelineBench.whole(capture, repeats: repeats)
        print("\n## Whole in-process measurement (runPipeline, decode excluded; target <= 10 ms)")
        print("  30 frames 256x192                  \(whole.text)")
        return capture
    }

    func sessionSection(_ capture: DepthCapture) throws {
        let timings = try SessionBench.run(frames: capture.frames, gravity: capture.gravityInWorld,
                                           repeats: max(3, repeats / 2))
        print("\n## Session (target: frame update <= 4 ms)")
        print("  frame update (live, no capture)    \(timings.frameUpdate.text), max \(BenchClock.format(timings.maximum))")
        if let t = timings.captureUpdate {
            print("  capture update (pipeline, \(timings.captureWindowFrames) frames) \(BenchClock.format(t)) ms, phase \(timings.finalPhase ?? "?")")
        }
    }

    /// Cost against frames per capture and depth resolution.
    func scalingSection(work: URL) throws {
        print("\n## Scaling (decode and whole measurement; per frame and per megapixel-frame)")
        print("  case                 decode ms   measure ms   measure/frame   measure per Mpx-frame")
        let cases: [(String, Int, CameraIntrinsics)] = [
            ("10 frames 256x192", 10, .iPhoneLiDARDepth),
            ("30 frames 256x192", 30, .iPhoneLiDARDepth),
            ("60 frames 256x192", 60, .iPhoneLiDARDepth),
            ("30 frames 640x480", 30, PipelineBench.intrinsics(width: 640, height: 480)),
        ]
        let scaledRepeats = max(3, repeats / 2)
        for (name, frames, intrinsics) in cases {
            let folder = work.appendingPathComponent("scaling-\(frames)-\(intrinsics.width)")
            try StrayScannerWriter.write(PipelineBench.referenceCapture(frames: frames, intrinsics: intrinsics), to: folder)
            let decode = try PipelineBench.decode(folder: folder, repeats: scaledRepeats)
            let capture = try StrayScannerReader.read(folder: folder)
            let whole = PipelineBench.whole(capture, repeats: scaledRepeats)
            let megapixelFrames = Double(frames * intrinsics.width * intrinsics.height) / 1e6
            print("  " + name.padding(toLength: 20, withPad: " ", startingAt: 0)
                  + String(format: " %9.2f   %10.2f   %13.3f   %21.2f", decode.reader.median, whole.median,
                           whole.median / Double(frames), whole.median / megapixelFrames))
        }
    }

    /// `boxdim verify` throughput and peak memory with 1 and 2 jobs.
    func verifySection(work: URL) throws {
        let dataset = work.appendingPathComponent("verify-dataset")
        let start = BenchClock.now()
        try DatasetWriter.write(to: dataset, count: verifyCaptures, seed: 2026)
        print("\n## verify: \(verifyCaptures) captures (catalog seed 2026, 10-60 frames), \(verifyRepeats) run(s) per job count")
        print(String(format: "  (dataset written in %.1f s)", BenchClock.milliseconds(since: start) / 1000))
        // Default threads (a job's fusion uses the idle cores), then one thread per job, which
        // shows how the jobs themselves scale.
        for threads in [nil, 1] as [Int?] {
            if let threads { print("  with BOXDIM_THREADS=\(threads) (one thread per job):") }
            var rates: [Int: Double] = [:]
            for jobs in [1, 2] {
                let runs = try VerifyBench.run(executable: ChildProcess.currentExecutable, dataset: dataset,
                                               captures: verifyCaptures, jobs: jobs, repeats: verifyRepeats,
                                               threadsPerJob: threads)
                guard let m = VerifyBench.median(runs) else { continue }
                rates[jobs] = m.capturesPerSecond
                let all = runs.map { String(format: "%.1f", $0.capturesPerSecond) }.joined(separator: ", ")
                let cpu = m.cpuSeconds.map { String(format: ", CPU %.2f s = %.2f cores", $0, $0 / max(1e-9, m.seconds)) } ?? ""
                print(String(format: "  --jobs %d: median %.1f captures/s (%.2f s%@), peak memory %.0f MB  [runs: %@]",
                             jobs, m.capturesPerSecond, m.seconds, cpu, m.peakMB, all))
            }
            if let one = rates[1], let two = rates[2], one > 0 {
                print(String(format: "  2 jobs / 1 job: %.2fx (target >= 1.7x)", two / one))
            }
        }
    }

    /// Verify peak memory on datasets of increasing size (small captures).
    func memorySection(work: URL, counts: [Int]) throws {
        print("\n## verify peak memory against the number of captures (\(memoryFrames)-frame captures, --jobs 2; target: flat, < 200 MB)")
        var first: Double?
        for count in counts {
            let dataset = work.appendingPathComponent("memory-\(count)")
            let start = BenchClock.now()
            try DatasetWriter.write(to: dataset, count: count, seed: 7, frames: memoryFrames)
            let written = BenchClock.milliseconds(since: start) / 1000
            let runs = try VerifyBench.run(executable: ChildProcess.currentExecutable, dataset: dataset,
                                           captures: count, jobs: 2, repeats: 1)
            guard let run = runs.first else { continue }
            let ratio = first.map { String(format: ", %.2fx the first", run.peakMB / $0) } ?? ""
            if first == nil { first = run.peakMB }
            print(String(format: "  %5d captures: peak %.1f MB%@ (verify %.1f s, %.1f captures/s; written in %.1f s)",
                         count, run.peakMB, ratio, run.seconds, run.capturesPerSecond, written))
            try? FileManager.default.removeItem(at: dataset)
        }
    }
}
