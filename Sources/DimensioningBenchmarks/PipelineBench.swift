import Foundation
import Dimensioning
import DimensioningReaders
import DimensioningSimulation

/// Timings of reading and measuring one capture: decoding, each pipeline stage on its own, and
/// the whole in-process measurement (decode excluded). Use a release build.
public enum PipelineBench {
    /// Threads the parallel stages (fusion, frame agreement) split their work over: the
    /// processor count, or `BOXDIM_THREADS` when set.
    public static var parallelism: Int { ParallelChunks.defaultWidth }

    /// The reference scene of the benchmarks: a 40x30x25 cm box (yaw 0.3 rad) seen from 0.8 m,
    /// 50 degrees down, with iPhone LiDAR noise and hand tremor; seed 1.
    public static func referenceCapture(frames: Int = 30,
                                        intrinsics: CameraIntrinsics = .iPhoneLiDARDepth,
                                        seed: UInt64 = 1) -> DepthCapture {
        let rig = CameraRig(distance: 0.8, elevation: 50 * .pi / 180, frameCount: frames, intrinsics: intrinsics)
        let box = SimulatedBox(center: .zero, length: 0.4, width: 0.3, height: 0.25, yaw: 0.3)
        return SceneSimulator.render(scene: SimulatedScene(name: "bench", target: box), rig: rig,
                                     noise: .iPhoneLiDAR, seed: seed).capture
    }

    /// A capture of `frames` frames (any number) of the reference scene: the 60 frames the
    /// simulator renders at most, played forwards and backwards in turn (the hand sweeping to and
    /// fro), 60 Hz timestamps. For the long-capture memory figure.
    public static func longCapture(frames: Int, seed: UInt64 = 1) -> DepthCapture {
        var capture = referenceCapture(frames: 60, seed: seed)
        let rendered = capture.frames
        capture.frames = (0..<max(1, frames)).map { i in
            let cycle = i / rendered.count, j = i % rendered.count
            var frame = rendered[cycle % 2 == 0 ? j : rendered.count - 1 - j]
            frame.timestamp = Double(i) / 60
            return frame
        }
        return capture
    }

    /// The reference intrinsics scaled to `width x height` (e.g. 640x480).
    public static func intrinsics(width: Int, height: Int) -> CameraIntrinsics {
        CameraIntrinsics.iPhoneLiDARDepth.scaled(toWidth: width, height: height)
    }

    /// Decode timings of a Stray Scanner folder.
    public struct DecodeTimings: Sendable {
        /// `StrayScannerReader.read`: files, PNG decode, conversion, CSVs, validation.
        public var reader: TimingSummary
        /// The baseline: reading the same PNG files and decoding them with libpng alone (the
        /// reference decoder, without the shim's libdeflate fast path the reader uses).
        public var libpngOnly: TimingSummary
        public var pngFiles: Int
        public var pngBytes: Int
    }

    /// Times reading the Stray Scanner capture in `folder`, `repeats` times.
    public static func decode(folder: URL, repeats: Int) throws(DimensioningError) -> DecodeTimings {
        _ = try StrayScannerReader.read(folder: folder)
        let fm = FileManager.default
        var files: [URL] = []
        for sub in ["depth", "confidence"] {
            let dir = folder.appendingPathComponent(sub)
            let names = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
            files += names.map { dir.appendingPathComponent($0) }
        }
        var bytes = 0
        for f in files { bytes += (try? Data(contentsOf: f).count) ?? 0 }
        let reader = try timeThrowing(repeats: repeats) { () throws(DimensioningError) in
            try StrayScannerReader.read(folder: folder)
        }
        let libpng = BenchClock.time(repeats: repeats) { () -> Int in
            var total = 0
            for f in files {
                guard let data = try? Data(contentsOf: f),
                      let image = try? NativePNG.decodeGrayLibpng([UInt8](data), maxWidth: 1 << 14, maxHeight: 1 << 14)
                else { continue }
                total += image.pixels.count
            }
            return total
        }
        return DecodeTimings(reader: reader, libpngOnly: libpng, pngFiles: files.count, pngBytes: bytes)
    }

    /// Names of the stages in pipeline order, as `stages` reports them.
    public static let stageNames = ["fuse", "floor", "candidates", "top", "cuboid", "agreement", "uncertainty"]

    /// Times each stage on its own, fed with the inputs the whole pipeline produced for
    /// `capture` (the candidate that was measured).
    public static func stages(_ capture: DepthCapture, repeats: Int,
                              parameters: PipelineParameters = .init()) throws(DimensioningError) -> [(name: String, timing: TimingSummary)] {
        let r = try runPipeline(capture, parameters: parameters)
        var out: [(String, TimingSummary)] = []
        out.append(("fuse", try timeThrowing(repeats: repeats) { () throws(DimensioningError) in
            try fuseFrames(capture, parameters: parameters.fusion, sensor: parameters.behaviour)
        }))
        out.append(("floor", try timeThrowing(repeats: repeats) { () throws(DimensioningError) in
            try fitFloor(r.scene, parameters: parameters.floor, sensor: parameters.behaviour)
        }))
        out.append(("candidates", try timeThrowing(repeats: repeats) { () throws(DimensioningError) in
            try boxCandidates(r.scene, floor: r.floor, parameters: parameters.isolation, limit: parameters.isolation.maximumCandidates)
        }))
        out.append(("top", try timeThrowing(repeats: repeats) { () throws(DimensioningError) in
            try fitTopFace(r.scene, box: r.box, parameters: parameters.top, planeBand: parameters.behaviour.inlierBand)
        }))
        out.append(("cuboid", try timeThrowing(repeats: repeats) { () throws(DimensioningError) in
            try fitCuboid(r.scene, box: r.box, top: r.top, parameters: parameters)
        }))
        out.append(("agreement", BenchClock.time(repeats: repeats) {
            measureFrameAgreement(r.scene, box: r.box, top: r.top, cuboid: r.cuboid)
        }))
        out.append(("uncertainty", BenchClock.time(repeats: repeats) {
            estimateUncertainty(cuboid: r.cuboid, top: r.top, floor: r.floor, agreement: r.agreement,
                                sensorClass: parameters.uncertainty.sensorClass ?? .unknown, behaviour: parameters.behaviour,
                                profile: parameters.profile)
        }))
        return out
    }

    /// Times the whole in-process measurement (`runPipeline`, decode excluded).
    public static func whole(_ capture: DepthCapture, repeats: Int,
                             parameters: PipelineParameters = .init()) -> TimingSummary {
        BenchClock.time(repeats: repeats) { try? runPipeline(capture, parameters: parameters) }
    }

    /// `BenchClock.time` for a body with a typed throw: the first run's error is thrown.
    static func timeThrowing<T>(repeats: Int,
                                _ body: () throws(DimensioningError) -> T) throws(DimensioningError) -> TimingSummary {
        _ = try body()
        return BenchClock.time(repeats: repeats, warmup: 0) { try? body() }
    }
}
