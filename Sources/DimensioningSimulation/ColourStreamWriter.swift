import Foundation
import Dimensioning
import DimensioningBarcodes
import DimensioningReaders

/// The colour half of a simulated capture: RGB frames of the scene from the true poses, at the
/// Stray Scanner's 1920x1440, with barcode labels on the target box, as images in memory or
/// as an `rgb.mp4` beside the depth (`StrayScannerReader` reads it as the capture's colour).
public enum ColourStreamWriter {
    /// The colour camera's intrinsics: the depth camera's scaled to 1920x1440 (same camera, as
    /// ARKit registers depth to the RGB image).
    public static func colourIntrinsics(for capture: SimulatedCapture,
                                        width: Int = StrayScannerReader.rgbWidth,
                                        height: Int = StrayScannerReader.rgbHeight) -> CameraIntrinsics {
        capture.rig.intrinsics.scaled(toWidth: width, height: height)
    }

    /// Renders frame `index` of `capture` in colour (packed RGB). Noise seeded from the
    /// capture's seed and the frame.
    public static func renderFrame(_ index: Int, of capture: SimulatedCapture, renderer: ColourRenderer) -> [UInt8] {
        renderer.render(worldFromCamera: capture.truePoses[index], seed: capture.seed &+ UInt64(index) &* 0x9E37_79B9)
    }

    /// A renderer for `capture` with `labels` on its target box.
    public static func renderer(for capture: SimulatedCapture, labels: [BarcodeLabel],
                                width: Int = StrayScannerReader.rgbWidth,
                                height: Int = StrayScannerReader.rgbHeight) throws(DimensioningError) -> ColourRenderer {
        try ColourRenderer(scene: capture.scene, labels: labels,
                           intrinsics: colourIntrinsics(for: capture, width: width, height: height))
    }

    /// The capture with its colour stream in memory (grey images), one per depth frame.
    public static func withColourFrames(_ capture: SimulatedCapture, labels: [BarcodeLabel],
                                        width: Int = StrayScannerReader.rgbWidth,
                                        height: Int = StrayScannerReader.rgbHeight) throws(DimensioningError) -> DepthCapture {
        let renderer = try renderer(for: capture, labels: labels, width: width, height: height)
        let frames = capture.truePoses.indices.map { i in
            LumaImage(width: width, height: height, rgb: renderFrame(i, of: capture, renderer: renderer))
        }
        var depth = capture.capture
        depth.colour = ColourStream(source: .frames(frames), intrinsics: renderer.intrinsics,
                                    frameIndices: Array(0..<frames.count))
        return depth
    }

    /// Writes `capture` as a Stray Scanner folder (`StrayScannerWriter`) with `rgb.mp4`: one
    /// colour frame per depth frame, H.264, at the rig's frame rate.
    public static func writeStrayScanner(_ capture: SimulatedCapture, labels: [BarcodeLabel], to folder: URL,
                                         width: Int = StrayScannerReader.rgbWidth,
                                         height: Int = StrayScannerReader.rgbHeight) throws(DimensioningError) {
        try StrayScannerWriter.write(capture.capture, to: folder)
        try writeVideo(capture, labels: labels, to: folder.appendingPathComponent("rgb.mp4"), width: width, height: height)
    }

    /// Writes the colour stream of `capture` as an mp4 at `url`.
    public static func writeVideo(_ capture: SimulatedCapture, labels: [BarcodeLabel], to url: URL,
                                  width: Int = StrayScannerReader.rgbWidth,
                                  height: Int = StrayScannerReader.rgbHeight) throws(DimensioningError) {
        let renderer = try renderer(for: capture, labels: labels, width: width, height: height)
        do {
            let writer = try NativeVideoWriter(path: url.path, width: width, height: height,
                                               framesPerSecond: Int(capture.rig.frameRate.rounded()))
            for i in capture.truePoses.indices {
                try writer.add(rgb: renderFrame(i, of: capture, renderer: renderer))
            }
            try writer.finish()
        } catch {
            throw .unreadableCapture(file: url.path, reason: "cannot write the colour video: \(error.message)")
        }
    }
}
