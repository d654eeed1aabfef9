import Dimensioning
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes `.pcd` and `.ply` files (our own encoders, `PCDFile.encode` and `PLYFile.encode`),
/// in the layout PCL's writers used: x y z Float32, then the optional packed `rgb` and
/// `label` fields; an organized cloud keeps its width x height.
enum CloudFileWriter {
    static func write(path: String, format: NativeCloud.FileFormat, xyz: [Float], width: Int, height: Int,
                      rgb: [UInt32]?, labels: [Int32]?) throws(NativeFailure) {
        let count = xyz.count / 3
        guard rgb.map({ $0.count == count }) ?? true, labels.map({ $0.count == count }) ?? true else {
            throw NativeFailure(kind: .invalidArgument, message: "rgb or label count differs from the \(count) points")
        }
        let organized = height > 1 && width * height == count
        let (w, h) = organized ? (width, height) : (count, 1)
        let bytes: [UInt8]
        switch format {
        case .pcdASCII: bytes = PCDFile.encode(xyz: xyz, width: w, height: h, rgb: rgb, labels: labels, body: .ascii)
        case .pcdBinary: bytes = PCDFile.encode(xyz: xyz, width: w, height: h, rgb: rgb, labels: labels, body: .binary)
        case .pcdBinaryCompressed:
            bytes = PCDFile.encode(xyz: xyz, width: w, height: h, rgb: rgb, labels: labels, body: .binaryCompressed)
        case .plyASCII: bytes = PLYFile.encode(xyz: xyz, width: w, height: h, rgb: rgb, labels: labels, binary: false)
        case .plyBinary: bytes = PLYFile.encode(xyz: xyz, width: w, height: h, rgb: rgb, labels: labels, binary: true)
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw NativeFailure(kind: .io, message: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw NativeFailure(kind: .io, message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += n
        }
    }
}
