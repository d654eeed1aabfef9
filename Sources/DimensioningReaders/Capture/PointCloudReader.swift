import Dimensioning
import Foundation

/// Reads a `.pcd` (v0.7 and older headers: ascii, binary, binary_compressed) or `.ply` (ascii,
/// binary little- or big-endian) point cloud with our own readers (`CloudFileReader`, through
/// `NativeCloud.read`): the same points in the same order as PCL 1.13's readers gave.
///
/// Neither format states its axes or unit: `CloudOrientation` finds them from the data (or
/// takes them from `options`: `--axes`, `--input-units`) and the points are mapped into the
/// engine's camera frame (x right, y down, z forward, metres; for a world-frame cloud, a
/// virtual camera above the scene). **No gravity is known**: the capture has no frames,
/// `cloud` set and `gravityInWorld = nil`; the pipeline takes "up" from the floor plane.
/// `input` says which convention and unit were assumed.
/// Only finite points are kept; an organized cloud (height > 1) keeps each point's pixel
/// index in the sensor grid. A cloud with no finite point is not refused here (the pipeline
/// refuses it as having no depth).
///
/// The file must exist, be a regular file, not be empty and be at most
/// `limits.maxCloudFileBytes`; a file declaring more than `limits.maxCloudPoints` points is
/// refused before its body is read. Every failure is
/// `DimensioningError.unreadableCapture(file:reason:)` naming the file.
public enum PointCloudReader {
    /// File extensions this reader accepts (lower case; matching is case-insensitive).
    public static let supportedExtensions = ["pcd", "ply"]

    public static func read(file: URL, limits: CaptureLimits = .init(),
                            options: InputOptions = .init()) throws(DimensioningError) -> DepthCapture {
        capture(from: try readRaw(file: file, limits: limits), file: file, options: options)
    }

    /// The capture of a cloud read as written (`readRaw`): its axes and unit found from the data
    /// (or `options`), moved into the engine's camera frame.
    static func capture(from loaded: NativeCloud.Loaded, file: URL, options: InputOptions) -> DepthCapture {
        let interpretation = CloudOrientation.interpret(loaded.points, gridWidth: loaded.width, gridHeight: loaded.height,
                                                        pixelIndex: loaded.height > 1 ? loaded.pixelIndex : nil,
                                                        options: options)
        return DepthCapture(source: file, frames: [], cloud: cloud(loaded, interpretation), gravityInWorld: nil,
                            input: interpretation.description)
    }

    /// The cloud of `loaded` in the engine's camera frame under `interpretation`; organized
    /// only when the interpretation keeps the sensor's pixel grid.
    static func cloud(_ loaded: NativeCloud.Loaded, _ interpretation: CloudOrientation.Interpretation) -> CapturedCloud {
        let organized = loaded.height > 1 && interpretation.keepsGrid && loaded.pixelIndex != nil
        let gridLost = loaded.height > 1 && !organized
        return CapturedCloud(pointsInCamera: CloudOrientation.apply(interpretation, to: loaded.points),
                             gridWidth: gridLost ? loaded.points.count : loaded.width,
                             gridHeight: gridLost ? 1 : loaded.height,
                             pixelIndex: organized ? loaded.pixelIndex : nil)
    }

    /// The file's finite points as written (file units and axes), checked.
    static func readRaw(file: URL, limits: CaptureLimits) throws(DimensioningError) -> NativeCloud.Loaded {
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
        return loaded
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
