import Dimensioning
import Foundation

/// Writes point clouds as `.pcd` or `.ply` with our own encoders (`CloudFileWriter`, through
/// `NativeCloud.write`; PCL's io module is not used).
///
/// Points are written as given (metres, whatever frame the caller holds them in). An
/// organized `CapturedCloud` is written as its full `gridWidth x gridHeight` grid with NaN
/// at pixels that have no point, so that reading it back restores the pixel indices. The
/// file is written under a temporary name in the same folder and renamed. Failures are
/// `DimensioningError.unreadableCapture(file:reason:)` naming the file.
public enum PointCloudWriter {
    /// File encodings: PCD ascii, binary and binary_compressed (LZF); PLY ascii and
    /// binary_little_endian.
    public enum Format: Sendable, Equatable, CaseIterable {
        case pcdASCII, pcdBinary, pcdBinaryCompressed, plyASCII, plyBinary

        /// The default format for a file name: `.pcd` -> binary_compressed, `.ply` -> binary
        /// (case-insensitive); nil for any other extension.
        public init?(forExtension ext: String) {
            switch ext.lowercased() {
            case "pcd": self = .pcdBinaryCompressed
            case "ply": self = .plyBinary
            default: return nil
            }
        }

        var fileExtension: String {
            switch self {
            case .pcdASCII, .pcdBinary, .pcdBinaryCompressed: "pcd"
            case .plyASCII, .plyBinary: "ply"
            }
        }

        var native: NativeCloud.FileFormat {
            switch self {
            case .pcdASCII: .pcdASCII
            case .pcdBinary: .pcdBinary
            case .pcdBinaryCompressed: .pcdBinaryCompressed
            case .plyASCII: .plyASCII
            case .plyBinary: .plyBinary
            }
        }
    }

    /// Writes an unorganized cloud. `format` defaults to the one the extension implies.
    public static func write(_ points: PointCloud, to file: URL, format: Format? = nil) throws(DimensioningError) {
        try write(points: points, width: points.count, height: 1, to: file, format: format)
    }

    /// Writes a captured cloud, organized when `cloud.isOrganized`.
    public static func write(_ cloud: CapturedCloud, to file: URL, format: Format? = nil) throws(DimensioningError) {
        guard cloud.isOrganized, let index = cloud.pixelIndex else {
            try write(cloud.pointsInCamera, to: file, format: format)
            return
        }
        let cells = cloud.gridWidth * cloud.gridHeight
        guard index.count == cloud.pointsInCamera.count else {
            throw .unreadableCapture(file: file.path, reason: "cannot write: \(index.count) pixel indices for \(cloud.pointsInCamera.count) points")
        }
        var grid = [Float](repeating: .nan, count: 3 * cells)
        for (i, p) in index.enumerated() {
            let cell = Int(p)
            guard cell >= 0, cell < cells else {
                throw .unreadableCapture(file: file.path, reason: "cannot write: pixel index \(cell) outside the \(cloud.gridWidth)x\(cloud.gridHeight) grid")
            }
            for k in 0..<3 { grid[3 * cell + k] = cloud.pointsInCamera.xyz[3 * i + k] }
        }
        try write(points: PointCloud(xyz: grid), width: cloud.gridWidth, height: cloud.gridHeight, to: file, format: format)
    }

    static func write(points: PointCloud, width: Int, height: Int, to file: URL, format: Format?) throws(DimensioningError) {
        guard let chosen = format ?? Format(forExtension: file.pathExtension) else {
            throw .unreadableCapture(file: file.path, reason: "cannot write: '.\(file.pathExtension)' is not .pcd or .ply; pass a format")
        }
        try CaptureFile.writeAtomically(to: file) { (temporary: URL) throws(DimensioningError) in
            do {
                try NativeCloud.write(path: temporary.path, format: chosen.native, points: points, width: width, height: height)
            } catch {
                throw .unreadableCapture(file: file.path, reason: "cannot write: \(error)")
            }
        }
    }
}
