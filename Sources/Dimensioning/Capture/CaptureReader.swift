import Foundation

/// Reads any capture the engine supports, choosing the reader by what `url` is:
/// a folder is a Stray Scanner export (`StrayScannerReader`; gravity known from odometry,
/// along -z in the engine world), a `.pcd` or `.ply` file (any case) a point cloud
/// (`PointCloudReader`; no gravity). Anything else, or a path that does not exist, is
/// `DimensioningError.unreadableCapture` naming the path.
public enum CaptureReader {
    /// What the engine reads, for messages and `--help` texts.
    public static let supportedFormats = "a Stray Scanner folder (depth/, camera_matrix.csv, odometry.csv), a .pcd file or a .ply file"

    public static func read(_ url: URL, limits: CaptureLimits = .init()) throws(DimensioningError) -> DepthCapture {
        switch CaptureFile.kind(of: url).kind {
        case .missing:
            throw .unreadableCapture(file: url.path, reason: CaptureFile.missingReason(url, fallback: "no such file or folder"))
        case .directory:
            return try StrayScannerReader.read(folder: url, limits: limits)
        case .regular, .other:
            guard PointCloudReader.supportedExtensions.contains(url.pathExtension.lowercased()) else {
                let ext = url.pathExtension.isEmpty ? "a file without extension" : "'.\(url.pathExtension)'"
                throw .unreadableCapture(file: url.path, reason: "unsupported format (\(ext)); supported: \(supportedFormats)")
            }
            return try PointCloudReader.read(file: url, limits: limits)
        }
    }
}
