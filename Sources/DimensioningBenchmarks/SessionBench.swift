import Foundation
import Dimensioning

/// Timings of `DimensioningSession.process(_:)`: a live frame update (tracking and hints,
/// auto-capture off so no measurement runs), and the update that completes a capture window
/// (the pipeline run on the window's frames).
public enum SessionBench {
    public struct Timings: Sendable {
        /// One live frame update over every frame of `repeats` fresh sessions.
        public var frameUpdate: TimingSummary
        /// Slowest live update, milliseconds.
        public var maximum: Double
        /// The update that completes the capture window, milliseconds (nil if none did).
        public var captureUpdate: Double?
        public var captureWindowFrames: Int
        public var finalPhase: String?
    }

    /// Feeds `frames` to `repeats` fresh sessions and times every update.
    public static func run(frames: [DepthFrame], gravity: SIMD3<Double>?, repeats: Int) throws(DimensioningError) -> Timings {
        var live = DimensioningConfiguration()
        live.autoCapture = false
        var samples: [Double] = []
        for _ in 0..<max(1, repeats) {
            let session = try DimensioningSession(configuration: live, gravityInWorld: gravity)
            for frame in frames {
                let start = BenchClock.now()
                let updates = session.process(frame)
                samples.append(BenchClock.milliseconds(since: start))
                BenchClock.blackHole(updates)
            }
        }
        var capturing = DimensioningConfiguration()
        capturing.stabilityFrames = 1
        capturing.captureWindowFrames = max(1, min(capturing.captureWindowFrames, frames.count - 2))
        let session = try DimensioningSession(configuration: capturing, gravityInWorld: gravity)
        var captureTime: Double?
        for frame in frames {
            let start = BenchClock.now()
            _ = session.process(frame)
            let elapsed = BenchClock.milliseconds(since: start)
            if session.phase.isFinal { captureTime = elapsed; break }
        }
        return Timings(frameUpdate: TimingSummary(samples: samples), maximum: samples.max() ?? 0,
                       captureUpdate: captureTime, captureWindowFrames: session.capturedFrames.count,
                       finalPhase: captureTime == nil ? nil : session.phase.name)
    }
}
