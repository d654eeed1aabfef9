import Dimensioning
import Foundation

/// Reads a folder of `.pcd`/`.ply` frames from a fixed camera (what PCL's grabber and the
/// RealSense, Kinect and OAK recorders write) as one multi-frame capture.
///
/// - Files are the folder's `.pcd`/`.ply` files (one level, any case, hidden names skipped),
///   in name order; they must all be organized with one grid size, or all unorganized.
/// - The axis convention and unit are found on the first frame (`CloudOrientation`, or
///   `options`) and applied to every frame.
/// - **Organized frames** become depth frames (z-depth of the OpenCV camera-frame points, in
///   metres), aligned to the first frame (`FrameMotion.alignToFirst`: a camera held still
///   still shakes by millimetres) so that fusion averages them per pixel. Intrinsics come from
///   PCL's per-frame `.xml` beside a frame (its `<depth>` focal lengths and principal point)
///   when present, otherwise they are fitted to the first frame's points.
/// - **Unorganized frames** are stacked into one cloud.
/// - Frames that moved are dropped and named in `input.droppedFrames`: organized, when the
///   alignment moves them more than 10 cm or 10° or does not explain them; unorganized, when
///   fewer than 60 % of the points fall in (or next to) a 2 cm voxel the first frame occupies.
/// - No gravity is known (`gravityInWorld = nil`): "up" comes from the floor plane.
///
/// Every failure is `unreadableCapture(file:reason:)` naming the file.
public enum CloudFolderReader {
    /// The `.pcd`/`.ply` files directly inside `folder`, sorted by name (empty when none or
    /// when the folder cannot be listed).
    static func cloudFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            !name.hasPrefix(".") && PointCloudReader.supportedExtensions.contains((name as NSString).pathExtension.lowercased())
        }.sorted().map { folder.appendingPathComponent($0) }.filter { CaptureFile.kind(of: $0).kind == .regular }
    }

    public static func read(folder: URL, limits: CaptureLimits = .init(),
                            options: InputOptions = .init()) throws(DimensioningError) -> DepthCapture {
        let files = cloudFiles(in: folder)
        guard !files.isEmpty else {
            throw .unreadableCapture(file: folder.path, reason: "empty folder: no .pcd or .ply frames")
        }
        guard files.count <= limits.maxFrameCount else {
            throw .unreadableCapture(file: folder.path, reason: "\(files.count) cloud frames, more than the limit of \(limits.maxFrameCount)")
        }
        let first = try PointCloudReader.readRaw(file: files[0], limits: limits)
        let organized = first.height > 1 && first.pixelIndex != nil
        let interpretation = CloudOrientation.interpret(first.points, gridWidth: first.width, gridHeight: first.height,
                                                        pixelIndex: organized ? first.pixelIndex : nil, options: options)
        if organized && interpretation.keepsGrid {
            if let problem = limits.totalPixelsProblem(frames: files.count, width: first.width, height: first.height) {
                throw .unreadableCapture(file: folder.path, reason: problem)
            }
        }
        var loadedFrames = [first]
        for file in files.dropFirst() {
            let loaded = try PointCloudReader.readRaw(file: file, limits: limits)
            let isOrganized = loaded.height > 1 && loaded.pixelIndex != nil
            guard isOrganized == organized else {
                throw .unreadableCapture(file: file.path, reason: "\(isOrganized ? "organized" : "unorganized") cloud in a folder whose first frame (\(files[0].lastPathComponent)) is \(organized ? "organized" : "unorganized")")
            }
            if organized && (loaded.width != first.width || loaded.height != first.height) {
                throw .unreadableCapture(file: file.path, reason: "\(loaded.width)x\(loaded.height) grid, but the first frame (\(files[0].lastPathComponent)) is \(first.width)x\(first.height)")
            }
            loadedFrames.append(loaded)
        }
        let clouds = loadedFrames.map { PointCloudReader.cloud($0, interpretation) }
        var description = interpretation.description
        if organized && interpretation.keepsGrid {
            var intrinsics: CameraIntrinsics?
            for (i, file) in files.enumerated() {
                let xml = file.deletingPathExtension().appendingPathExtension("xml")
                if CaptureFile.kind(of: xml).kind != .missing {
                    let k = try PCLIntrinsicsXML.read(xml, width: first.width, height: first.height, limits: limits)
                    if i == 0 { intrinsics = k }
                }
            }
            if intrinsics == nil {
                intrinsics = estimateIntrinsics(clouds[0], keep: [Bool](repeating: true, count: clouds[0].pointsInCamera.count))
            }
            if let k = intrinsics {
                let depthFrames = clouds.enumerated().map { i, cloud in
                    DepthFrame(width: first.width, height: first.height, depth: depthImage(cloud), confidence: nil,
                               intrinsics: k, worldFromCamera: nil, timestamp: Double(i) / 30)
                }
                let (kept, dropped) = FrameMotion.alignToFirst(depthFrames, names: files.map(\.lastPathComponent))
                description.droppedFrames = dropped
                return DepthCapture(source: folder, frames: kept, gravityInWorld: nil, input: description)
            }
        }
        // Unorganized (or no pinhole fits): one stacked cloud.
        var stacked = clouds[0].pointsInCamera
        for i in 1..<clouds.count {
            if let reason = FrameMotion.movedCloud(clouds[i].pointsInCamera, from: clouds[0].pointsInCamera) {
                description.droppedFrames.append("\(files[i].lastPathComponent): \(reason)")
            } else {
                stacked.xyz.append(contentsOf: clouds[i].pointsInCamera.xyz)
            }
        }
        let cloud = clouds.count == 1 ? clouds[0]
            : CapturedCloud(pointsInCamera: stacked, gridWidth: stacked.count, gridHeight: 1, pixelIndex: nil)
        return DepthCapture(source: folder, frames: [], cloud: cloud, gravityInWorld: nil, input: description)
    }

    /// The z-depth image (metres, 0 = no point) of an organized camera-frame cloud.
    static func depthImage(_ cloud: CapturedCloud) -> [Float] {
        var depth = [Float](repeating: 0, count: cloud.gridWidth * cloud.gridHeight)
        guard let index = cloud.pixelIndex else { return depth }
        for (i, pixel) in index.enumerated() {
            let z = cloud.pointsInCamera.xyz[3 * i + 2]
            if z.isFinite && z > 0 { depth[Int(pixel)] = z }
        }
        return depth
    }
}
