import Dimensioning
import Foundation

/// Writes a depth-frame capture in the Stray Scanner folder layout that `StrayScannerReader`
/// reads (for fixtures, exports and tests):
///
/// - `depth/NNNNNN.png`: 16-bit gray, depth rounded to whole millimetres (0 = no return;
///   depths that are not finite, not positive or above 65.535 m are written as 0);
/// - `confidence/NNNNNN.png`: 8-bit, when the frames have confidence;
/// - `camera_matrix.csv`: the depth intrinsics scaled up to the 1920x1440 RGB image;
/// - `odometry.csv`: when the frames have poses. Poses are converted from the engine's world
///   (gravity along -z) back to ARKit's world (gravity along -y), camera axes OpenCV's.
///
/// Frames are numbered 000000, 000001, ... in order. Every file is written to a temporary
/// name in its folder and then renamed, so a reader never sees half a file. All frames must
/// share one size and one set of intrinsics, and either all or none may have confidence and
/// poses. Failures are `DimensioningError.unreadableCapture(file:reason:)` naming the file
/// that could not be written (or the capture folder when the capture cannot be expressed).
public enum StrayScannerWriter {
    /// Which `odometry.csv` variant to write.
    public enum OdometryVariant: Sendable, Equatable {
        /// `timestamp, frame, x, y, z, qx, qy, qz, qw`, one row per frame (current app).
        case withHeader
        /// No header; `x, y, z, qx, qy, qz, qw` a row (older app versions; no timestamps).
        case headerless
    }

    public static func write(_ capture: DepthCapture, to folder: URL,
                             odometry: OdometryVariant = .withHeader) throws(DimensioningError) {
        let frames = capture.frames
        func fail(_ reason: String) -> DimensioningError { .unreadableCapture(file: folder.path, reason: "cannot write: \(reason)") }
        guard let first = frames.first else { throw fail("the capture has no depth frames") }
        for (i, f) in frames.enumerated() {
            guard f.width == first.width, f.height == first.height, f.intrinsics == first.intrinsics else {
                throw fail("frame \(i) differs from frame 0 in size or intrinsics (one camera_matrix.csv holds one camera)")
            }
            guard f.depth.count == f.width * f.height, f.confidence.map({ $0.count == f.depth.count }) ?? true else {
                throw fail("frame \(i) has \(f.depth.count) depth values for \(f.width)x\(f.height) pixels")
            }
            guard (f.confidence == nil) == (first.confidence == nil), (f.worldFromCamera == nil) == (first.worldFromCamera == nil) else {
                throw fail("frame \(i) differs from frame 0 in having confidence or a pose")
            }
        }
        guard first.intrinsics.isValid else { throw fail("invalid intrinsics \(first.intrinsics)") }

        try CaptureFile.makeFolder(folder)
        let depthFolder = folder.appendingPathComponent("depth")
        try CaptureFile.makeFolder(depthFolder)
        let confidenceFolder = folder.appendingPathComponent("confidence")
        if first.confidence != nil { try CaptureFile.makeFolder(confidenceFolder) }

        for (i, frame) in frames.enumerated() {
            let name = frameName(i) + ".png"
            let millimetres = frame.depth.map(millimetres(fromMetres:))
            try writePNG(to: depthFolder.appendingPathComponent(name)) { (path: String) throws(NativeFailure) in
                try NativePNG.writeGray16(path: path, width: frame.width, height: frame.height, pixels: millimetres)
            }
            if let confidence = frame.confidence {
                try writePNG(to: confidenceFolder.appendingPathComponent(name)) { (path: String) throws(NativeFailure) in
                    try NativePNG.write8(path: path, width: frame.width, height: frame.height, channels: 1, pixels: confidence)
                }
            }
        }
        try CaptureFile.writeText(cameraMatrixCSV(first.intrinsics), to: folder.appendingPathComponent("camera_matrix.csv"))
        if first.worldFromCamera != nil {
            try CaptureFile.writeText(odometryCSV(frames, variant: odometry), to: folder.appendingPathComponent("odometry.csv"))
        }
    }

    /// "000012" for frame 12.
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// Depth in metres to the nearest whole millimetre; 0 for no return or out of range.
    static func millimetres(fromMetres d: Float) -> UInt16 {
        guard d.isFinite, d > 0 else { return 0 }
        let mm = (Double(d) * 1000).rounded()
        return mm > 65535 ? 0 : UInt16(mm)
    }

    /// `camera_matrix.csv` text: `intrinsics` scaled to the 1920x1440 RGB image.
    static func cameraMatrixCSV(_ intrinsics: CameraIntrinsics) -> String {
        let k = intrinsics.scaled(toWidth: StrayScannerReader.rgbWidth, height: StrayScannerReader.rgbHeight)
        return "\(k.fx),0.0,\(k.cx)\n0.0,\(k.fy),\(k.cy)\n0.0,0.0,1.0\n"
    }

    /// `odometry.csv` text, poses in ARKit's world (y up). Numbers use Swift's shortest
    /// round-trip formatting, so reading them back is exact up to the quaternion conversion.
    static func odometryCSV(_ frames: [DepthFrame], variant: OdometryVariant) -> String {
        var text = variant == .withHeader ? "timestamp, frame, x, y, z, qx, qy, qz, qw\n" : ""
        for (i, frame) in frames.enumerated() {
            guard let pose = frame.worldFromCamera else { continue }
            let arkit = ARKitWorld.arkitWorldFromCamera(engineWorldFromCamera: pose)
            let t = arkit.translation, q = arkit.quaternion
            let values = [t.x, t.y, t.z, q.x, q.y, q.z, q.w].map { "\($0)" }
            let row = variant == .withHeader ? ["\(frame.timestamp)", "\(i)"] + values : values
            text += row.joined(separator: ", ") + "\n"
        }
        return text
    }

    /// Writes a PNG atomically through `NativePNG`, naming the destination on failure.
    static func writePNG(to destination: URL,
                         _ body: (String) throws(NativeFailure) -> Void) throws(DimensioningError) {
        try CaptureFile.writeAtomically(to: destination) { (temporary: URL) throws(DimensioningError) in
            do {
                try body(temporary.path)
            } catch {
                throw .unreadableCapture(file: destination.path, reason: "cannot write PNG: \(error)")
            }
        }
    }
}
