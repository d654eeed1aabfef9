import Foundation

/// Reads a `.pcd` (v0.7: ascii, binary, binary_compressed) or `.ply` (ascii, binary) point
/// cloud through PCL's io module behind the C boundary (`NativeCloud.read`).
///
/// The points stay in the sensor's frame (x right, y down, z forward; metres assumed, since
/// neither format states units) and **no gravity is known**: the capture has no frames,
/// `cloud` set and `gravityInWorld = nil`; the pipeline takes "up" from the floor plane.
/// Only finite points are kept; an organized cloud (height > 1) keeps each point's pixel
/// index in the sensor grid. A cloud with no finite point is not refused here (the pipeline
/// refuses it as having no depth).
///
/// Before PCL sees the file, Swift checks that it exists, is a regular file, is not empty and
/// is at most `limits.maxCloudFileBytes`; the C side refuses files declaring more than
/// `limits.maxCloudPoints` points before reading their body. Every failure is
/// `DimensioningError.unreadableCapture(file:reason:)` naming the file.
public enum PointCloudReader {
    /// File extensions this reader accepts (lower case; matching is case-insensitive).
    public static let supportedExtensions = ["pcd", "ply"]

    public static func read(file: URL, limits: CaptureLimits = .init()) throws(DimensioningError) -> DepthCapture {
        let ext = file.pathExtension.lowercased()
        guard supportedExtensions.contains(ext) else {
            throw .unreadableCapture(file: file.path, reason: "'.\(file.pathExtension)' is not a point-cloud format (.pcd or .ply)")
        }
        try CaptureFile.checkRegularFile(file, maxBytes: limits.maxCloudFileBytes)
        let loaded: NativeCloud.Loaded
        do {
            loaded = try NativeCloud.read(path: file.path, maxPoints: limits.maxCloudPoints)
        } catch {
            throw .unreadableCapture(file: file.path, reason: reason(for: error, ext: ext))
        }
        let organized = loaded.height > 1
        if organized, let index = loaded.pixelIndex {
            let cells = loaded.width * loaded.height
            guard index.count == loaded.points.count, index.allSatisfy({ $0 >= 0 && Int($0) < cells }) else {
                throw .unreadableCapture(file: file.path, reason: "internal: pixel indices outside the \(loaded.width)x\(loaded.height) grid")
            }
        }
        let cloud = CapturedCloud(pointsInCamera: loaded.points, gridWidth: loaded.width, gridHeight: loaded.height,
                                  pixelIndex: organized ? loaded.pixelIndex : nil)
        return DepthCapture(source: file, frames: [], cloud: cloud, gravityInWorld: nil)
    }

    /// A reason for a native failure, saying which kind of problem it was.
    static func reason(for failure: NativeFailure, ext: String) -> String {
        let kind = ext.uppercased()
        switch failure.kind {
        case .format: return "not a valid \(kind) file: \(failure.message)"
        case .tooLarge: return "too large: \(failure.message)"
        case .io: return "cannot read: \(failure.message)"
        case .invalidArgument, .notFound, .internalError: return "\(kind) reader failed: \(failure.message)"
        }
    }
}
