import Foundation
import Dimensioning
import DimensioningBarcodes
import DimensioningReaders
import DimensioningSimulation

/// `boxdim bench barcodes`: how well and how fast the engine reads parcel barcodes.
///
/// - **Read rate**: `captures` simulated Stray Scanner captures (depth, odometry and a 1920x1440
///   `rgb.mp4`), each a box with one code on its top face, the camera 0.4-1.0 m from the code,
///   looking down 45-80 degrees, the code turned at random on the face; QR Code with 2 mm modules
///   by default (`symbologies` cycles others: Code 128 1.2 mm, Data Matrix 2 mm). Each capture is read from disk and measured
///   (`measureWithBarcodes`); a read is the expected text, a wrong text any other text, and the
///   module size is compared with the painted one.
/// - **Time**: one 30-frame capture with video, measured from disk with and without its colour
///   stream (`repeats` runs each, medians): what barcode reading adds to `measure`.
public enum BarcodeBench {
    /// One simulated capture's outcome.
    public struct Case: Sendable {
        public var index: Int
        public var symbology: BarcodeSymbology
        public var distance: Double
        public var moduleSize: Double
        public var read: Bool
        public var wrongTexts: [String]
        public var measuredModuleSize: Double?
        public var face: BarcodeFace?
        public var measured: Bool

        /// |measured - painted| / painted, nil when not read or not known.
        public var moduleError: Double? {
            measuredModuleSize.map { abs($0 - moduleSize) / moduleSize }
        }
    }

    /// The label painted on scenario `index`: symbology, text and module size.
    /// Module size painted for each symbology, metres: QR Code and Data Matrix 2 mm (a 21x21
    /// code is 42 mm), Code 128 1.2 mm (a 15-character label about 190 mm).
    public static func moduleSize(_ symbology: BarcodeSymbology) -> Double {
        symbology.isLinear ? 0.0012 : 0.002
    }

    public static func label(index: Int, using g: inout SeededGenerator, box: SimulatedBox,
                             symbologies: [BarcodeSymbology] = [.qrCode]) -> BarcodeLabel {
        let symbology = symbologies[index % symbologies.count]
        let module = moduleSize(symbology)
        let text = "PARCEL-" + String(format: "%06d", 100_000 + index * 7919 % 900_000)
        var label = BarcodeLabel(symbology: symbology, text: text, moduleSize: module, face: .top,
                                 rotation: g.uniform(-Double.pi, Double.pi))
        let slack = SIMD2(max(0, box.length / 2 - 0.07), max(0, box.width / 2 - 0.07))
        label.offset = SIMD2(g.uniform(-slack.x, slack.x), g.uniform(-slack.y, slack.y)) * 0.5
        return label
    }

    /// Scenario `index`: a box, a rig aimed at the label 0.4-1.0 m away, and the label.
    public static func scenario(index: Int, seed: UInt64, frames: Int,
                                symbologies: [BarcodeSymbology] = [.qrCode]) -> (SimulatedScene, CameraRig, BarcodeLabel) {
        var g = SeededGenerator(seed: seed, stream: 0xBA2C_0DE0 &+ UInt64(index))
        let box = SimulatedBox(center: .zero, length: g.uniform(0.25, 0.6), width: g.uniform(0.2, 0.4),
                               height: g.uniform(0.1, 0.4), yaw: g.uniform(0, Double.pi))
        let label = label(index: index, using: &g, box: box, symbologies: symbologies)
        let face = label.faceFrame(on: box)
        let lookAt = face.center + face.u * label.offset.x + face.v * label.offset.y
        let rig = CameraRig(distance: g.uniform(0.4, 1.0), elevation: g.uniform(45, 80) * Double.pi / 180,
                            azimuth: g.uniform(0, 2 * Double.pi), lookAt: lookAt, frameCount: frames)
        return (SimulatedScene(name: "barcode-\(index)", target: box), rig, label)
    }

    /// Renders, writes and measures `count` captures into `folder`.
    public static func readRate(count: Int, seed: UInt64 = 2026, frames: Int = 4, symbologies: [BarcodeSymbology] = [.qrCode],
                                folder: URL, keep: Bool = false,
                                progress: ((Int) -> Void)? = nil) throws(DimensioningError) -> [Case] {
        var cases: [Case] = []
        for index in 0..<count {
            let (scene, rig, label) = scenario(index: index, seed: seed, frames: frames, symbologies: symbologies)
            let simulated = SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: seed &+ UInt64(index))
            let captureFolder = folder.appendingPathComponent("barcode-\(index)")
            try ColourStreamWriter.writeStrayScanner(simulated, labels: [label], to: captureFolder)
            let capture = try CaptureReader.read(captureFolder)
            let (outcome, barcodes, _) = measureWithBarcodes(capture)
            let mine = barcodes.first { $0.text == label.text && $0.symbology == label.symbology }
            cases.append(Case(index: index, symbology: label.symbology, distance: rig.distance, moduleSize: label.moduleSize,
                              read: mine != nil, wrongTexts: barcodes.filter { $0.text != label.text }.map(\.text),
                              measuredModuleSize: mine?.moduleSize, face: mine?.face,
                              measured: (try? outcome.get()) != nil))
            if !keep { try? FileManager.default.removeItem(at: captureFolder) }
            progress?(index + 1)
        }
        return cases
    }

    /// Median time of measuring a 30-frame capture with video from disk, with and without
    /// reading its barcodes (milliseconds).
    public static func timing(folder: URL, repeats: Int, seed: UInt64 = 2026) throws(DimensioningError)
        -> (withBarcodes: TimingSummary, without: TimingSummary, codesRead: Int) {
        let (scene, rig, label) = scenario(index: 0, seed: seed, frames: 30)
        let simulated = SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: seed)
        let captureFolder = folder.appendingPathComponent("barcode-timing")
        try ColourStreamWriter.writeStrayScanner(simulated, labels: [label], to: captureFolder)
        // Alternating runs, so that load from other processes hits both alike.
        var with: [Double] = [], without: [Double] = []
        var codes = 0
        for run in 0...repeats {
            var start = BenchClock.now()
            if let capture = try? CaptureReader.read(captureFolder) {
                let (_, barcodes, _) = measureWithBarcodes(capture)
                codes = barcodes.count
            }
            let a = BenchClock.milliseconds(since: start)
            start = BenchClock.now()
            if var capture = try? CaptureReader.read(captureFolder) {
                capture.colour = nil
                BenchClock.blackHole(try? runPipeline(capture))
            }
            let b = BenchClock.milliseconds(since: start)
            if run > 0 { with.append(a); without.append(b) } // run 0 warms up
        }
        return (TimingSummary(samples: with), TimingSummary(samples: without), codes)
    }
}
