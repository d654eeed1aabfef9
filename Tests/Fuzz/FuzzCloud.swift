// libFuzzer target: the point-cloud path. The first byte chooses .pcd or .ply; the rest is
// written to a scratch file and read by PointCloudReader: Swift's file checks, then our own
// PCD/PLY readers (CloudFileReader, PCDFile, PLYFile, LZF; PCL's io module is no longer used).
// A Swift trap (an overflow, an index out of range) is a crash here. Built by Scripts/fuzz.sh.
@testable import Dimensioning
@testable import DimensioningReaders
import Foundation

let cloudLimits = CaptureLimits(maxCloudPoints: 200_000, maxCloudFileBytes: 4 << 20)
/// This process's scratch folder, removed when libFuzzer ends the run with exit(); a crash, a
/// timeout or running out of memory ends it with _Exit instead, which leaves the folder.
let cloudFolder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-fuzz-cloud-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: cloudFolder) }
    return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCloud(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size >= 1, let data else { return 0 }
    let url = cloudFolder.appendingPathComponent(data[0] % 2 == 0 ? "cloud.pcd" : "cloud.ply")
    guard (try? Data(bytes: data + 1, count: size - 1).write(to: url)) != nil else { return 0 }
    if let capture = try? PointCloudReader.read(file: url, limits: cloudLimits), let cloud = capture.cloud {
        precondition(cloud.pointsInCamera.xyz.count <= 3 * cloudLimits.maxCloudPoints, "point limit not enforced")
        precondition(cloud.pointsInCamera.xyz.allSatisfy(\.isFinite), "a non-finite point passed through")
    }
    return 0
}
