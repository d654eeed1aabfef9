import Dimensioning
import Foundation

/// Reads a folder of 16-bit depth PNGs with pinhole intrinsics, as RealSense, Orbbec and
/// robot-vision tools write them, or the TUM RGB-D layout:
///
/// ```
/// folder/                           folder/              (TUM RGB-D)
///   intrinsics.json  {"fx","fy","cx","cy"[,"width","height","depth_scale"]}
///   raw_depth.png    (any *depth*.png; several = frames in name order)
///   depth/*.png      (alternatively)                           depth/*.png, depth.txt or rgb.txt
///                                                              (intrinsics.json optional)
/// ```
///
/// - Depth is z-depth along the optical axis, OpenCV camera axes (x right, y down, z forward);
///   0 = no return. Units: `depth_scale` metres per unit when the JSON gives it, else
///   millimetres (1/1000 m), or 1/5000 m for the TUM layout (`depth.txt` or `rgb.txt` beside
///   `depth/`). TUM without `intrinsics.json` takes TUM's published defaults for 640x480
///   (fx = fy = 525, cx = 319.5, cy = 239.5).
/// - `intrinsics.json` may hold the values at the top level or under `"depth"` or `"intrinsics"`.
/// - **Gravity** is unknown: "up" is the floor plane's normal facing the camera. A robot's
///   `cam2root.json` beside the frames is not used: its root frame's z need not be vertical (on
///   the NEURA pallet data the floor is 10° off it).
/// - Several frames are one still-camera capture; frames that moved against the first are
///   dropped and named in `input.droppedFrames` (`FrameMotion`).
///
/// Every bad input (missing or NaN intrinsics, a PNG that is not 16-bit, sizes that differ,
/// an empty folder) is `unreadableCapture(file:reason:)` naming the file.
public enum DepthImageFolderReader {
    /// Intrinsics file names looked for, in order.
    static let intrinsicsNames = ["intrinsics.json", "camera_intrinsics.json", "camera_info.json", "depth_intrinsics.json"]

    /// True when `folder` looks like a depth-image folder: it has an intrinsics JSON, the TUM
    /// index files, a top-level PNG whose name says depth, or PNGs in `depth/` (`CaptureReader`
    /// asks only once the folder is not a Stray Scanner export, whose depth files are numbered).
    static func looksLikeDepthFolder(_ folder: URL) -> Bool {
        if intrinsicsNames.contains(where: { CaptureFile.kind(of: folder.appendingPathComponent($0)).kind == .regular }) { return true }
        if isTUM(folder) { return true }
        return !topLevelDepthPNGs(folder).isEmpty || !pngs(in: folder.appendingPathComponent("depth")).isEmpty
    }

    static func isTUM(_ folder: URL) -> Bool {
        CaptureFile.kind(of: folder.appendingPathComponent("depth")).kind == .directory
            && ["depth.txt", "rgb.txt"].contains { CaptureFile.kind(of: folder.appendingPathComponent($0)).kind == .regular }
    }

    static func pngs(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && ($0 as NSString).pathExtension.lowercased() == "png" }
            .sorted().map { folder.appendingPathComponent($0) }
    }

    static func topLevelDepthPNGs(_ folder: URL) -> [URL] {
        pngs(in: folder).filter { $0.lastPathComponent.lowercased().contains("depth") }
    }

    public static func read(folder: URL, limits: CaptureLimits = .init()) throws(DimensioningError) -> DepthCapture {
        let tum = isTUM(folder)
        var files = topLevelDepthPNGs(folder)
        if files.isEmpty { files = pngs(in: folder.appendingPathComponent("depth")) }
        guard !files.isEmpty else {
            throw .unreadableCapture(file: folder.path, reason: "empty folder: no depth PNG (*depth*.png or depth/*.png)")
        }
        guard files.count <= limits.maxFrameCount else {
            throw .unreadableCapture(file: folder.path, reason: "\(files.count) depth frames, more than the limit of \(limits.maxFrameCount)")
        }
        let intrinsicsURL = intrinsicsNames.map { folder.appendingPathComponent($0) }
            .first { CaptureFile.kind(of: $0).kind != .missing }
        var parsed: (k: CameraIntrinsics, scale: Double?)?
        if let url = intrinsicsURL { parsed = try readIntrinsics(url, limits: limits) }
        if parsed == nil && !tum {
            throw .unreadableCapture(file: folder.appendingPathComponent(intrinsicsNames[0]).path,
                                     reason: "missing intrinsics: a JSON with fx, fy, cx, cy (pixels) is needed beside the depth PNGs")
        }
        let metresPerUnit = parsed?.scale ?? (tum ? 1.0 / 5000 : 0.001)

        var frames: [DepthFrame] = []
        for (i, file) in files.enumerated() {
            let bytes = try CaptureFile.readBytes(file, maxBytes: limits.maxFileBytes)
            let image = try StrayScannerReader.decodePNG(bytes, url: file, limits: limits)
            guard image.bitDepth == 16 else {
                throw .unreadableCapture(file: file.path, reason: "depth PNG is \(image.bitDepth)-bit; expected 16-bit depth (\(tum ? "1/5000 m" : "millimetres"))")
            }
            if let first = frames.first, first.width != image.width || first.height != image.height {
                throw .unreadableCapture(file: file.path, reason: "PNG is \(image.width)x\(image.height) but \(files[0].lastPathComponent) is \(first.width)x\(first.height)")
            }
            if i == 0, let problem = limits.totalPixelsProblem(frames: files.count, width: image.width, height: image.height) {
                throw .unreadableCapture(file: folder.path, reason: problem)
            }
            var k = parsed?.k ?? CameraIntrinsics(fx: 525, fy: 525, cx: 319.5, cy: 239.5, width: 640, height: 480)
            if k.width != image.width || k.height != image.height {
                guard parsed?.k == nil || (k.width == 0 && k.height == 0) else {
                    throw .unreadableCapture(file: file.path, reason: "PNG is \(image.width)x\(image.height) but the intrinsics (\(intrinsicsURL?.lastPathComponent ?? "")) are for \(k.width)x\(k.height)")
                }
                k = parsed == nil ? k.scaled(toWidth: image.width, height: image.height)
                    : CameraIntrinsics(fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, width: image.width, height: image.height)
            }
            let pixels = image.pixels
            // Scaled in double and rounded once: 1234 mm reads as the Float nearest 1.234 m.
            let depth = pixels.map { Float(Double($0) * metresPerUnit) }
            frames.append(DepthFrame(width: image.width, height: image.height, depth: depth, confidence: nil,
                                     intrinsics: k, worldFromCamera: nil, timestamp: Double(i) / 30))
        }
        var description = InputDescription(convention: .opencv, units: metresPerUnit == 0.001 ? .millimetres : .metres,
                                           conventionDetected: false, unitsDetected: false)
        let (kept, dropped) = FrameMotion.alignToFirst(frames, names: files.map(\.lastPathComponent))
        description.droppedFrames = dropped
        return DepthCapture(source: folder, frames: kept, gravityInWorld: nil,
                            input: description, colour: colourStream(folder, depthFiles: files, kept: kept, dropped: dropped))
    }

    /// The aligned colour images beside the depth PNGs (`*color*.png`, `*colour*.png`,
    /// `*rgb*.png` at the top level, e.g. RealSense tools' `color_image.png`), one per depth
    /// file in name order; nil when there are none or their count differs. Not decoded here.
    static func colourStream(_ folder: URL, depthFiles: [URL], kept: [DepthFrame], dropped: [String]) -> ColourStream? {
        let colour = pngs(in: folder).filter { url in
            let name = url.lastPathComponent.lowercased()
            return !name.contains("depth") && ["color", "colour", "rgb"].contains { name.contains($0) }
        }
        guard !colour.isEmpty, colour.count == depthFiles.count, let first = kept.first else { return nil }
        let keptIndices = depthFiles.indices.filter { i in !dropped.contains { $0.hasPrefix(depthFiles[i].lastPathComponent + ":") } }
        guard keptIndices.count == kept.count else { return nil }
        return ColourStream(source: .images(colour), intrinsics: first.intrinsics, frameIndices: keptIndices)
    }

    /// fx, fy, cx, cy (and optional width, height, depth_scale) from a JSON object.
    static func readIntrinsics(_ url: URL, limits: CaptureLimits) throws(DimensioningError) -> (k: CameraIntrinsics, scale: Double?) {
        let object = try jsonObject(url, limits: limits)
        var dictionary = object as? [String: Any]
        for key in ["depth", "intrinsics"] where dictionary?["fx"] == nil {
            if let nested = dictionary?[key] as? [String: Any] { dictionary = nested }
        }
        guard let values = dictionary else {
            throw .unreadableCapture(file: url.path, reason: "not a JSON object with fx, fy, cx, cy")
        }
        func number(_ key: String, required: Bool) throws(DimensioningError) -> Double? {
            guard let raw = values[key] else {
                if required { throw .unreadableCapture(file: url.path, reason: "missing \"\(key)\" (pinhole intrinsics fx, fy, cx, cy in pixels)") }
                return nil
            }
            guard let n = raw as? NSNumber, !(raw is Bool), n.doubleValue.isFinite else {
                throw .unreadableCapture(file: url.path, reason: "\"\(key)\" is \(String(describing: raw).prefix(40)), not a finite number")
            }
            return n.doubleValue
        }
        let fx = try number("fx", required: true)!, fy = try number("fy", required: true)!
        let cx = try number("cx", required: true)!, cy = try number("cy", required: true)!
        let width = try number("width", required: false), height = try number("height", required: false)
        let scale = try number("depth_scale", required: false)
        guard fx > 0, fy > 0 else {
            throw .unreadableCapture(file: url.path, reason: "focal lengths must be positive: fx \(fx), fy \(fy)")
        }
        if let scale, !(scale > 0 && scale < 1) {
            throw .unreadableCapture(file: url.path, reason: "depth_scale \(scale) is not a plausible metres-per-unit (0 < scale < 1)")
        }
        func size(_ value: Double?, _ key: String) throws(DimensioningError) -> Int {
            guard let value else { return 0 }
            guard value >= 1, value <= 65_536, value == value.rounded() else {
                throw .unreadableCapture(file: url.path, reason: "\"\(key)\" \(value) is not an image size")
            }
            return Int(value)
        }
        let k = CameraIntrinsics(fx: fx, fy: fy, cx: cx, cy: cy, width: try size(width, "width"), height: try size(height, "height"))
        return (k, scale)
    }

    static func jsonObject(_ url: URL, limits: CaptureLimits) throws(DimensioningError) -> Any {
        let bytes = try CaptureFile.readBytes(url, maxBytes: min(limits.maxFileBytes, 1 << 20))
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .unreadableCapture(file: url.path, reason: "not valid JSON (NaN and Infinity are not JSON numbers)")
        }
    }
}
