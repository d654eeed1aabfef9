// libFuzzer target: the folder readers (CaptureReader on a folder). The first byte chooses
// which file of an otherwise valid folder the rest replaces:
//   0  intrinsics.json beside a valid 16-bit raw_depth.png     (DepthImageFolderReader)
//   1  raw_depth.png beside a valid intrinsics.json           (PNG through NativePNG)
//   2  a PCL frame .xml beside a valid organized .pcd          (PCLIntrinsicsXML)
//   3  a second .pcd/.ply frame beside a valid first one       (CloudFolderReader, alignment)
// Every outcome must be a capture or a DimensioningError; built by Scripts/fuzz.sh.
@testable import Dimensioning
@testable import DimensioningReaders
import Foundation

let folderLimits = CaptureLimits(maxImageWidth: 256, maxImageHeight: 256, maxCloudPoints: 200_000,
                                 maxFileBytes: 4 << 20, maxCloudFileBytes: 4 << 20)
/// This process's scratch folder, removed when libFuzzer ends the run with exit(); a crash, a
/// timeout or running out of memory ends it with _Exit instead, which leaves the folder.
let folderRoot: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-fuzz-folder-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: folderRoot) }
    return url
}()

/// A valid 16x12 organized cloud: a floor 1 m away with a raised square.
let folderCloud: CapturedCloud = {
    var points: [SIMD3<Double>] = []
    for v in 0..<12 {
        for u in 0..<16 {
            let z = (4...10).contains(u) && (3...8).contains(v) ? 0.9 : 1.0
            points.append(SIMD3((Double(u) - 8) / 20 * z, (Double(v) - 6) / 20 * z, z))
        }
    }
    return CapturedCloud(pointsInCamera: PointCloud(points: points), gridWidth: 16, gridHeight: 12,
                         pixelIndex: (0..<192).map { Int32($0) })
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFolder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size >= 1, let data else { return 0 }
    let folder = folderRoot.appendingPathComponent("capture")
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let payload = Data(bytes: data + 1, count: size - 1)
    func put(_ name: String, _ bytes: Data) { try? bytes.write(to: folder.appendingPathComponent(name)) }
    let json = Data(#"{"fx": 20, "fy": 20, "cx": 8, "cy": 6}"#.utf8)
    switch data[0] % 4 {
    case 0:
        put("intrinsics.json", payload)
        try? NativePNG.writeGray16(path: folder.appendingPathComponent("raw_depth.png").path, width: 16, height: 12,
                                   pixels: [UInt16](repeating: 1000, count: 192))
    case 1:
        put("intrinsics.json", json)
        put("raw_depth.png", payload)
    case 2:
        try? PointCloudWriter.write(folderCloud, to: folder.appendingPathComponent("frame.pcd"), format: .pcdBinary)
        put("frame.xml", payload)
    default:
        try? PointCloudWriter.write(folderCloud, to: folder.appendingPathComponent("a.pcd"), format: .pcdBinary)
        put(data[0] % 8 < 4 ? "b.pcd" : "b.ply", payload)
    }
    if let capture = try? CaptureReader.read(folder, limits: folderLimits) {
        for frame in capture.frames {
            precondition(frame.depth.count == frame.width * frame.height, "depth size")
            precondition(frame.intrinsics.isValid, "invalid intrinsics passed through")
        }
        if let cloud = capture.cloud { precondition(cloud.pointsInCamera.xyz.allSatisfy(\.isFinite), "non-finite point") }
    }
    return 0
}
