import ArgumentParser
import Dimensioning
import Foundation

/// `boxdim bench-session [capture]` (hidden): the median time of one session frame update
/// (live analysis, tracking, hints; auto-capture off so no measurement runs), and separately
/// the time of the update that completes a capture window (the pipeline run). Use a release
/// build: `swift build -c release && .build/release/boxdim bench-session`.
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
        let frames: [DepthFrame]
        let gravity: SIMD3<Double>?
        let name: String
        if let capture {
            let recorded = try CaptureReader.read(URL(fileURLWithPath: capture))
            frames = recorded.frames
            gravity = recorded.gravityInWorld
            name = capture
        } else {
            let rig = CameraRig(distance: 0.8, elevation: 50 * .pi / 180, frameCount: 30)
            let box = SimulatedBox(center: .zero, length: 0.4, width: 0.3, height: 0.25, yaw: 0.3)
            let simulated = SceneSimulator.render(scene: SimulatedScene(name: "bench", target: box), rig: rig,
                                                  noise: .iPhoneLiDAR, seed: 1)
            frames = simulated.capture.frames
            gravity = simulated.capture.gravityInWorld
            name = "simulated 30-frame 256x192 capture (box 40x30x25 cm, 0.8 m, iPhone LiDAR noise)"
        }
        guard let first = frames.first else { throw ValidationError("the capture has no depth frames") }

        var live = DimensioningConfiguration()
        live.autoCapture = false
        var times: [Double] = []
        for _ in 0..<max(1, repeats) {
            let session = try DimensioningSession(configuration: live, gravityInWorld: gravity)
            for frame in frames {
                let start = DispatchTime.now().uptimeNanoseconds
                session.process(frame)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
        }
        times.sort()
        func quantile(_ q: Double) -> Double { times[min(times.count - 1, Int(q * Double(times.count - 1)))] }
        print("capture:      \(name), \(frames.count) frames of \(first.width)x\(first.height)")
        print(String(format: "frame update: median %.3f ms, p90 %.3f ms, max %.3f ms (%d updates)",
                     quantile(0.5), quantile(0.9), times.last ?? 0, times.count))

        // The update that completes the capture window runs the pipeline on the window's frames.
        var capturing = DimensioningConfiguration()
        capturing.stabilityFrames = 1
        capturing.captureWindowFrames = max(1, min(capturing.captureWindowFrames, frames.count - 2))
        let session = try DimensioningSession(configuration: capturing, gravityInWorld: gravity)
        var windowTime: Double?
        for frame in frames {
            let start = DispatchTime.now().uptimeNanoseconds
            session.process(frame)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if session.phase.isFinal { windowTime = elapsed; break }
        }
        if let windowTime {
            print(String(format: "capture update (pipeline on %d frames): %.1f ms, phase %@",
                         session.capturedFrames.count, windowTime, session.phase.name))
        }
    }
}
