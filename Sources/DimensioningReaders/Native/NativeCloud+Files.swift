import Dimensioning

/// Point-cloud files beside PCL's algorithms (`NativeCloud`): our own readers and writers
/// (`CloudFileReader` / `CloudFileWriter`; PCL's io module is not used) (internal).
extension NativeCloud {
    /// A cloud read from a .pcd/.ply file: finite points only.
    struct Loaded: Sendable {
        var points: PointCloud
        var declared: Int
        var width: Int
        var height: Int
        var pixelIndex: [Int32]?
    }

    enum FileFormat: Sendable {
        case pcdASCII, pcdBinary, pcdBinaryCompressed, plyASCII, plyBinary
    }

    /// Reads a .pcd or .ply file with our own readers (`CloudFileReader`; PCL's io module is not
    /// used): kept here, beside PCL's algorithms, so that callers need not know which side reads.
    static func read(path: String, maxPoints: Int) throws(NativeFailure) -> Loaded {
        try CloudFileReader.read(path: path, maxPoints: maxPoints)
    }

    /// Writes points with optional 0x00RRGGBB colours and integer labels (`CloudFileWriter`).
    static func write(path: String, format: FileFormat, points: PointCloud, width: Int? = nil,
                      height: Int? = nil, rgb: [UInt32]? = nil, labels: [Int32]? = nil) throws(NativeFailure) {
        try CloudFileWriter.write(path: path, format: format, xyz: points.xyz, width: width ?? points.count,
                                  height: height ?? 1, rgb: rgb, labels: labels)
    }
}
