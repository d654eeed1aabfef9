import Dimensioning
import DimensioningBenchmarks
import DimensioningReaders
import Foundation

extension BenchCommand {
    /// `--startup`: whole processes, as a pipeline gating parcels one `boxdim measure` at a time
    /// sees them: `boxdim --help` against `--baseline` (a Foundation hello-world), `measure` of
    /// the 30-frame 256x192 reference capture and of the same scene as a .ply (the one that loads
    /// PCL's io and VTK), and the peak memory of a `--long-frames` capture.
    func startupSection(work: URL) throws {
        let boxdim = ChildProcess.currentExecutable
        let reference = work.appendingPathComponent("startup-30")
        let capture = PipelineBench.referenceCapture(frames: 30)
        try StrayScannerWriter.write(capture, to: reference)
        let cloud = work.appendingPathComponent("startup-30.ply")
        try ScenePictures.convert(capture, to: cloud)

        print("\n## Start-up and whole processes (child processes; medians of \(repeats) runs)")
        print("  program                                   wall ms   peak MiB   shared objects   libvtk   exit")
        var rows: [StartupBench.Figures] = []
        if let baseline {
            rows.append(try StartupBench.measure(label: "baseline: \((baseline as NSString).lastPathComponent)",
                                                 executable: baseline, arguments: [], repeats: repeats))
        }
        rows.append(try StartupBench.measure(label: "boxdim --help", executable: boxdim, arguments: ["--help"],
                                             repeats: repeats))
        rows.append(try StartupBench.measure(label: "boxdim measure (30 frames 256x192)", executable: boxdim,
                                             arguments: ["measure", reference.path, "--json"], repeats: repeats))
        rows.append(try StartupBench.measure(label: "boxdim measure (that scene as .ply)", executable: boxdim,
                                             arguments: ["measure", cloud.path, "--json"], repeats: repeats))
        for row in rows {
            print("  " + row.label.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: " %8.1f   %8.1f   %14d   %6d   %4d", row.milliseconds, row.peakMiB,
                           row.sharedObjects, row.vtkObjects, row.status))
        }
        let help = rows.first { $0.label == "boxdim --help" }, measure = rows.first { $0.label.hasPrefix("boxdim measure (30") }
        if baseline != nil, let base = rows.first, let help {
            print(String(format: "  --help / baseline: %.2fx wall time (target <= 2.5x), %.2fx peak memory",
                         help.milliseconds / max(1e-9, base.milliseconds), help.peakMiB / max(1e-9, base.peakMiB)))
        }
        if let measure {
            print(String(format: "  measure of the 30-frame capture: %.1f ms (target <= 60 ms)", measure.milliseconds))
        }
        if longFrames > 0 { try longCaptureSection(work: work, frames: longFrames) }
    }

    /// Peak memory and time of `boxdim measure` on one long capture of the reference scene.
    func longCaptureSection(work: URL, frames: Int) throws {
        let folder = work.appendingPathComponent("long-\(frames)")
        let start = BenchClock.now()
        try StrayScannerWriter.write(PipelineBench.longCapture(frames: frames), to: folder)
        let written = BenchClock.milliseconds(since: start) / 1000
        let runs = try (0..<3).map { _ throws(DimensioningError) in
            try ChildProcess.runMeasuringMemory(ChildProcess.currentExecutable, ["measure", folder.path, "--json"])
        }.sorted { $0.seconds < $1.seconds }
        let run = runs[1]
        print("\n## Long capture: \(frames) frames 256x192 (written in \(String(format: "%.1f", written)) s), boxdim measure, median of 3")
        print(String(format: "  %.2f s, peak memory %.1f MB (target <= 200 MB), exit %d", run.seconds,
                     Double(run.peakResidentBytes) / 1e6, run.status))
    }
}
