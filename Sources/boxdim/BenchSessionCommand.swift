import ArgumentParser
import Dimensioning
import DimensioningBenchmarks
import DimensioningReaders
import Foundation

/// `boxdim bench-session [capture]` (hidden): the median time of one session frame update
/// (live analysis, tracking, hints; auto-capture off so no measurement runs), and separately
/// the time of the update that completes a capture window (the pipeline run). Use a release
/// build: `swift build -c release && .build/release/boxdim bench-session`. `boxdim bench`
/// reports the same figures (`SessionBench`) among the others.
struct BenchSessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-session",
        abstract: "Benchmark one session frame update (median over repeated runs).",
        shouldDisplay: false
    )

    @Argument(help: "A Stray Scanner capture; default: a simulated 30-frame 256x192 capture of a 40x30x25 cm box.")
    var capture: String?

    @Option(help: "Times the frames are fed (a new session each time).")
    var repeats = 50

    func run() throws {
        let recorded: DepthCapture
        let name: String
        if let capture {
            recorded = try CaptureReader.read(URL(fileURLWithPath: capture))
            name = capture
        } else {
            recorded = PipelineBench.referenceCapture(frames: 30)
            name = "simulated 30-frame 256x192 capture (box 40x30x25 cm, 0.8 m, iPhone LiDAR noise)"
        }
        guard let first = recorded.frames.first else { throw ValidationError("the capture has no depth frames") }
        let t = try SessionBench.run(frames: recorded.frames, gravity: recorded.gravityInWorld, repeats: repeats)
        print("capture:      \(name), \(recorded.frames.count) frames of \(first.width)x\(first.height)")
        print(String(format: "frame update: median %.3f ms, p90 %.3f ms, max %.3f ms (%d updates)",
                     t.frameUpdate.median, t.frameUpdate.p90, t.maximum, t.frameUpdate.runs))
        if let windowTime = t.captureUpdate {
            print(String(format: "capture update (pipeline on %d frames): %.1f ms, phase %@",
                         t.captureWindowFrames, windowTime, t.finalPhase ?? "?"))
        }
    }
}
