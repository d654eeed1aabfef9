import Dimensioning
import Foundation

/// Reads a Stray Scanner export folder (see `shared/reference/capture-formats.md`):
///
/// ```
/// folder/
///   depth/NNNNNN.png        16-bit gray, millimetres, 0 = no return (or NNNNNN.npy:
///                           float32 metres or uint16 millimetres)
///   confidence/NNNNNN.png   optional folder; 8-bit, 0 low, 1 medium, 2 high
///   camera_matrix.csv       3x3 pinhole matrix for the 1920x1440 RGB image (pixels)
///   odometry.csv            optional; camera poses in ARKit's world (see below)
///   rgb.mp4                 optional; the colour video (`DepthCapture.colour`, read for barcodes)
///   imu.csv                 optional, ignored
/// ```
///
/// - Frames are sorted by their number; depth comes out in metres, z-depth along the optical
///   axis. An all-zero depth image is read as it is (the pipeline refuses it later).
/// - Intrinsics are scaled from 1920x1440 to the depth resolution (`CameraIntrinsics.scaled`).
/// - Without a `confidence` folder frames get `confidence = nil`; with one, every frame needs
///   its file of the depth image's size.
/// - **Gravity.** `odometry.csv` gives each camera pose (OpenCV camera axes: x right, y down,
///   z forward) in ARKit's world, where gravity points along **-y**. The reader converts it to
///   the engine's world, where gravity points along **-z** (`ARKitWorld`): frames get
///   `worldFromCamera` in the engine world and the capture `gravityInWorld = (0, 0, -1)`.
///   Rows are matched to frames by the `frame` column when present, otherwise by order.
///   Timestamps are seconds since the first frame's timestamp.
/// - Without `odometry.csv`: `worldFromCamera = nil`, `gravityInWorld = nil`, and timestamps
///   are (frame number - first frame number) / 60 s (the app records at 60 Hz); the same
///   timestamps are used for the header-less odometry variant, which has none.
///
/// Every failure is `DimensioningError.unreadableCapture(file:reason:)` naming the offending
/// file or folder.
public enum StrayScannerReader {
    /// A depth file found in `depth/`.
    struct FrameFile: Sendable {
        var number: Int
        /// The file name without extension, e.g. "000012".
        var name: String
        var url: URL
    }

    /// Reads the capture in `folder`, keeping the frames of `window` (every frame is still read
    /// and checked; see `FrameWindow`).
    public static func read(folder: URL, limits: CaptureLimits = .init(),
                            window: FrameWindow = .all) throws(DimensioningError) -> DepthCapture {
        switch CaptureFile.kind(of: folder).kind {
        case .directory: break
        case .missing: throw .unreadableCapture(file: folder.path, reason: CaptureFile.missingReason(folder, fallback: "no such file or folder"))
        case .regular, .other:
            throw .unreadableCapture(file: folder.path, reason: "not a folder (a Stray Scanner capture is a folder holding depth/ and camera_matrix.csv)")
        }
        let files = try depthFiles(in: folder.appendingPathComponent("depth"), limits: limits)
        let rgbIntrinsics = try readCameraMatrix(folder.appendingPathComponent("camera_matrix.csv"), limits: limits)

        let confidenceFolder = folder.appendingPathComponent("confidence")
        let hasConfidence = CaptureFile.kind(of: confidenceFolder).kind == .directory
        let odometryURL = folder.appendingPathComponent("odometry.csv")
        let poses: [(pose: RigidTransform, timestamp: Double?)]?
        if CaptureFile.kind(of: odometryURL).kind == .missing {
            poses = nil
        } else {
            poses = try matchOdometry(try readOdometry(odometryURL, limits: limits), to: files, file: odometryURL.path)
        }
        let firstTimestamp = poses?.first?.timestamp

        // The first frame alone (its size bounds the whole capture: `totalPixelsProblem`), then
        // the others decoded in parallel chunks and checked in frame order, so the first bad
        // file in order is the one reported, as a serial read would.
        let kept = window.kept(of: files.count)
        let decoded = try decodeFrames(files, folder: folder, confidenceFolder: hasConfidence ? confidenceFolder : nil,
                                       limits: limits, keeping: kept)
        var frames: [DepthFrame] = []
        frames.reserveCapacity(kept.count)
        for (i, (depth, confidence)) in zip(kept, decoded) {
            let file = files[i]
            let timestamp: Double
            if let t = poses?[i].timestamp, let t0 = firstTimestamp {
                timestamp = t - t0
            } else {
                timestamp = Double(file.number - files[0].number) / 60
            }
            frames.append(DepthFrame(
                width: depth.width, height: depth.height, depth: depth.depth, confidence: confidence,
                intrinsics: rgbIntrinsics.scaled(toWidth: depth.width, height: depth.height),
                worldFromCamera: poses.map { ARKitWorld.engineWorldFromCamera(arkitWorldFromCamera: $0[i].pose) },
                timestamp: timestamp))
        }
        // rgb.mp4 is not opened here: only barcode reading needs it (`readBarcodes`). Its frames
        // are the recording's, so the kept depth frames map to their own indices in the video.
        let video = folder.appendingPathComponent("rgb.mp4")
        let colour = CaptureFile.kind(of: video).kind == .regular
            ? ColourStream(source: .video(video), intrinsics: rgbIntrinsics, frameIndices: Array(kept))
            : nil
        var capture = DepthCapture(source: folder, frames: frames,
                                   gravityInWorld: poses == nil ? nil : ARKitWorld.gravityInEngineWorld, colour: colour)
        capture.recordedFrameCount = files.count
        capture.firstFrameIndex = kept.lowerBound
        return capture
    }

    /// Decodes every frame's depth (and confidence when `confidenceFolder` is given): the first
    /// frame first, checked against the capture's pixel limit, then the others over the cores.
    /// Throws the error of the first bad frame in frame order (a decode failure, a size unlike
    /// the first frame's, then a confidence failure, as a serial read meets them). Returns the
    /// frames of `keeping` (all by default), in order; the others are checked and dropped at once,
    /// so memory holds the kept frames and the ones being decoded, not the whole capture.
    static func decodeFrames(_ files: [FrameFile], folder: URL, confidenceFolder: URL?,
                             limits: CaptureLimits, keeping: Range<Int>? = nil) throws(DimensioningError) -> [(NPYDepth.Image, [UInt8]?)] {
        let keeping = keeping ?? files.indices
        /// A kept frame, or nil for one checked and dropped.
        typealias Decoded = Result<(NPYDepth.Image, [UInt8]?)?, DimensioningError>
        /// Frame `i`'s confidence image, checked against its depth image; nil without a folder.
        func confidence(of i: Int, depth: NPYDepth.Image) throws(DimensioningError) -> [UInt8]? {
            guard let confidenceFolder else { return nil }
            return try readConfidence(confidenceFolder.appendingPathComponent(files[i].name + ".png"), frameName: files[i].name,
                                      depthWidth: depth.width, depthHeight: depth.height, limits: limits)
        }
        func decode(_ i: Int, expected: (width: Int, height: Int)) -> Decoded {
            Decoded { () throws(DimensioningError) in
                let file = files[i]
                let depth = try readDepth(file.url, limits: limits)
                if expected.width != depth.width || expected.height != depth.height {
                    throw .unreadableCapture(file: file.url.path, reason: "depth is \(depth.width)x\(depth.height) but frame \(files[0].name) depth is \(expected.width)x\(expected.height)")
                }
                let checked = (depth, try confidence(of: i, depth: depth))
                return keeping.contains(i) ? checked : nil
            }
        }
        guard !files.isEmpty else { return [] }
        let first = try readDepth(files[0].url, limits: limits)
        if let problem = limits.totalPixelsProblem(frames: files.count, width: first.width, height: first.height) {
            throw .unreadableCapture(file: folder.appendingPathComponent("depth").path, reason: problem)
        }
        let firstConfidence = try confidence(of: 0, depth: first)
        let expected = (width: first.width, height: first.height)
        var results = [Decoded?](repeating: nil, count: files.count)
        results[0] = .success(keeping.contains(0) ? (first, firstConfidence) : nil)
        results.withUnsafeMutableBufferPointer { buffer in
            let results = SharedPointer(buffer.baseAddress!)
            ParallelChunks.forEach(ParallelChunks.ranges(files.count - 1)) { _, range in
                for i in range { results[i + 1] = decode(i + 1, expected: expected) }
            }
        }
        var frames: [(NPYDepth.Image, [UInt8]?)] = []
        frames.reserveCapacity(keeping.count)
        for result in results {
            switch result {
            case .success(let frame)?: if let frame { frames.append(frame) }
            case .failure(let error)?: throw error
            case nil: throw .internalFailure(reason: "a frame was not decoded")
            }
        }
        return frames
    }

    /// The depth files `NNNNNN.png` / `NNNNNN.npy` of `depthFolder`, sorted by number. Other
    /// files (hidden files, notes) are ignored; none at all is an error naming the folder.
    static func depthFiles(in depthFolder: URL, limits: CaptureLimits) throws(DimensioningError) -> [FrameFile] {
        let path = depthFolder.path
        switch CaptureFile.kind(of: depthFolder).kind {
        case .directory: break
        case .missing:
            throw .unreadableCapture(file: path, reason: CaptureFile.missingReason(
                depthFolder, fallback: "missing depth folder (expected depth/NNNNNN.png files)"))
        case .regular, .other:
            throw .unreadableCapture(file: path, reason: "depth is not a folder (expected depth/NNNNNN.png files)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadableCapture(file: path, reason: "cannot list the folder: \(error.localizedDescription)")
        }
        var byNumber: [Int: FrameFile] = [:]
        for name in names where !name.hasPrefix(".") {
            let url = depthFolder.appendingPathComponent(name)
            let ext = url.pathExtension.lowercased()
            let stem = url.deletingPathExtension().lastPathComponent
            guard ext == "png" || ext == "npy", !stem.isEmpty, stem.count <= 9,
                  stem.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(stem) else { continue }
            if let other = byNumber[number] {
                throw .unreadableCapture(file: path, reason: "frame \(number) appears twice (\(other.url.lastPathComponent) and \(name))")
            }
            byNumber[number] = FrameFile(number: number, name: stem, url: url)
        }
        guard !byNumber.isEmpty else {
            throw .unreadableCapture(file: path, reason: "empty depth folder: no NNNNNN.png or NNNNNN.npy depth files")
        }
        guard byNumber.count <= limits.maxFrameCount else {
            throw .unreadableCapture(file: path, reason: "\(byNumber.count) depth frames, more than the limit of \(limits.maxFrameCount)")
        }
        return byNumber.values.sorted { $0.number < $1.number }
    }

    /// Pairs odometry rows with depth frames: by the `frame` column when present (each frame
    /// needs exactly one row), otherwise by order. Row and frame counts must agree.
    static func matchOdometry(_ rows: [OdometryRow], to files: [FrameFile],
                              file: String) throws(DimensioningError) -> [(pose: RigidTransform, timestamp: Double?)] {
        let lastLine = rows.last?.line ?? 1
        guard rows.count == files.count else {
            let relation = rows.count < files.count ? "fewer" : "more"
            throw .unreadableCapture(file: file, reason: "line \(lastLine): \(rows.count) pose rows for \(files.count) depth frames (\(relation) rows than frames)")
        }
        guard rows.first?.frame != nil else {
            return rows.map { ($0.arkitWorldFromCamera, $0.timestamp) }
        }
        var byFrame: [Int: OdometryRow] = [:]
        for row in rows {
            guard let frame = row.frame else { continue }
            if let other = byFrame[frame] {
                throw .unreadableCapture(file: file, reason: "line \(row.line): frame \(frame) already has a pose on line \(other.line)")
            }
            byFrame[frame] = row
        }
        var result: [(pose: RigidTransform, timestamp: Double?)] = []
        for f in files {
            guard let row = byFrame[f.number] else {
                throw .unreadableCapture(file: file, reason: "line \(lastLine): no row for depth frame \(f.name)")
            }
            result.append((row.arkitWorldFromCamera, row.timestamp))
        }
        return result
    }
}
