import Dimensioning
import Foundation

/// Reads any capture the engine supports, choosing the reader by what `url` is:
/// - a folder with `camera_matrix.csv`, `odometry.csv` or `depth/NNNNNN.*`: a Stray Scanner
///   export (`StrayScannerReader`; gravity known from odometry, along -z in the engine world);
/// - a folder of `.pcd`/`.ply` frames: one fixed-camera capture (`CloudFolderReader`);
/// - a folder of 16-bit depth PNGs with an intrinsics JSON, or the TUM RGB-D layout
///   (`DepthImageFolderReader`);
/// - a `.pcd` or `.ply` file (any case): a point cloud (`PointCloudReader`; no gravity).
/// Point clouds are read in the convention and unit `options` gives or the data shows
/// (`CloudOrientation`). Anything else, or a path that does not exist, is
/// `DimensioningError.unreadableCapture` naming the path.
public enum CaptureReader {
    /// What the engine reads, for messages and `--help` texts.
    public static let supportedFormats = "a Stray Scanner folder (depth/, camera_matrix.csv, odometry.csv), a folder of .pcd/.ply frames, a folder of 16-bit depth PNGs with intrinsics.json (or TUM RGB-D), a .pcd file or a .ply file"

    ///
    /// `window` says which frames of a frame capture are kept (`FrameWindow`; all by default):
    /// pass `.last(parameters.fusion.maximumFrames)` to measure a long capture in bounded memory
    /// with the very result of reading it whole.
    public static func read(_ url: URL, limits: CaptureLimits = .init(),
                            options: InputOptions = .init(), window: FrameWindow = .all) throws(DimensioningError) -> DepthCapture {
        switch CaptureFile.kind(of: url).kind {
        case .missing:
            throw .unreadableCapture(file: url.path, reason: CaptureFile.missingReason(url, fallback: "no such file or folder"))
        case .directory:
            if isStrayScanner(url) { return try StrayScannerReader.read(folder: url, limits: limits, window: window) }
            if !CloudFolderReader.cloudFiles(in: url).isEmpty {
                return try CloudFolderReader.read(folder: url, limits: limits, options: options).keeping(window)
            }
            if DepthImageFolderReader.looksLikeDepthFolder(url) {
                return try DepthImageFolderReader.read(folder: url, limits: limits).keeping(window)
            }
            if CaptureFile.kind(of: url.appendingPathComponent("depth")).kind == .missing {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.filter { !$0.hasPrefix(".") } ?? []
                throw .unreadableCapture(file: url.path, reason: names.isEmpty ? "empty folder: no capture files in it; supported: \(supportedFormats)"
                                         : "not a capture folder: no depth/ folder, .pcd/.ply frames or depth PNG with intrinsics.json; supported: \(supportedFormats)")
            }
            return try StrayScannerReader.read(folder: url, limits: limits, window: window)
        case .regular, .other:
            guard PointCloudReader.supportedExtensions.contains(url.pathExtension.lowercased()) else {
                let ext = url.pathExtension.isEmpty ? "a file without extension" : "'.\(url.pathExtension)'"
                throw .unreadableCapture(file: url.path, reason: "unsupported format (\(ext)); supported: \(supportedFormats)")
            }
            return try PointCloudReader.read(file: url, limits: limits, options: options)
        }
    }

    /// What a path found while walking a dataset folder is, judged from names alone (nothing is
    /// read): `read` takes a `.folder` for one capture and a `.file` for one capture.
    public enum CaptureShape: Sendable, Equatable {
        /// A Stray Scanner export or a folder of depth images (with their colour, if any).
        case folder
        /// A `.pcd` or `.ply` file.
        case file
    }

    /// The capture `url` looks like when walking a dataset (`CaptureShape`), nil for anything
    /// else (a folder of other things is walked into by the caller). A folder of `.pcd`/`.ply`
    /// frames is not recognised here: its files are each a capture.
    public static func captureShape(_ url: URL) -> CaptureShape? {
        switch CaptureFile.kind(of: url).kind {
        case .directory:
            return isStrayScanner(url) || DepthImageFolderReader.looksLikeDepthFolder(url) ? .folder : nil
        case .regular:
            return PointCloudReader.supportedExtensions.contains(url.pathExtension.lowercased()) ? .file : nil
        case .missing, .other:
            return nil
        }
    }

    /// A Stray Scanner export: `camera_matrix.csv` or `odometry.csv` present, or a `depth/`
    /// folder holding a `NNNNNN.png`/`.npy` file.
    static func isStrayScanner(_ folder: URL) -> Bool {
        if ["camera_matrix.csv", "odometry.csv"].contains(where: { CaptureFile.kind(of: folder.appendingPathComponent($0)).kind != .missing }) {
            return true
        }
        let depth = folder.appendingPathComponent("depth")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: depth.path)) ?? []
        return names.contains { name in
            let stem = (name as NSString).deletingPathExtension
            return !stem.isEmpty && stem.count <= 9 && stem.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}
