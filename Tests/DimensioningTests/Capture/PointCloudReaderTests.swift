import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
import TestSupport

extension CaptureTests {
    @Suite struct PointCloudReaderTests {
        /// The real PCL captures vendored in `Tests/Fixtures/real` (see its README): the three
        /// carton frames and the milk-carton cloud. A missing file fails the test, naming it.
        static func realPCDFiles() throws -> [URL] {
            try TestPaths.cartonFrames + [TestPaths.milkCarton]
        }

        /// Kinect-class 640x480 organized clouds: many finite points, valid pixel indices,
        /// plausible depths, and points that project back onto their own pixel (fx = fy = 525,
        /// cx = 320, cy = 240, from the .xml files).
        @Test func realPCLClouds() throws {
            let files = try Self.realPCDFiles()
            try #require(!files.isEmpty, "no real .pcd files found")
            for file in files {
                let capture = try PointCloudReader.read(file: file)
                #expect(capture.frames.isEmpty)
                #expect(capture.gravityInWorld == nil)
                let cloud = try #require(capture.cloud)
                #expect(cloud.gridWidth == 640 && cloud.gridHeight == 480, "\(file.lastPathComponent)")
                #expect(cloud.isOrganized)
                let points = cloud.pointsInCamera
                #expect(points.count > 100_000, "\(file.lastPathComponent): \(points.count) finite points")
                let index = try #require(cloud.pixelIndex)
                #expect(index.count == points.count)
                #expect(index.allSatisfy { $0 >= 0 && $0 < 640 * 480 })
                #expect(zip(index, index.dropFirst()).allSatisfy { $0 < $1 }, "pixel indices strictly increasing")

                var plausible = 0, reprojectionOK = 0
                for i in 0..<points.count {
                    let p = points[i]
                    #expect(p.x.isFinite && p.y.isFinite && p.z.isFinite)
                    if p.z >= 0.3 && p.z <= 5 { plausible += 1 }
                    let u = 525 * p.x / p.z + 319.5, v = 525 * p.y / p.z + 239.5
                    let col = Double(Int(index[i]) % 640), row = Double(Int(index[i]) / 640)
                    if abs(u - col) < 2, abs(v - row) < 2 { reprojectionOK += 1 }
                }
                #expect(Double(plausible) >= 0.99 * Double(points.count),
                        "\(file.lastPathComponent): only \(plausible) of \(points.count) points have z in 0.3...5 m")
                #expect(Double(reprojectionOK) >= 0.95 * Double(points.count),
                        "\(file.lastPathComponent): only \(reprojectionOK) of \(points.count) points project onto their pixel")
            }
        }

        static let plyPoints: [SIMD3<Double>] = [
            SIMD3(0.125, -0.25, 1.5), SIMD3(-0.333333333333, 0.2, 2.75), SIMD3(1.0e-3, 4.5, 0.9),
        ]

        /// ASCII PLY with double x/y/z and colour, as Open3D writes it.
        @Test func asciiPLYWithDoubles() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            var text = "ply\nformat ascii 1.0\ncomment Created by Open3D\nelement vertex \(Self.plyPoints.count)\n"
            text += "property double x\nproperty double y\nproperty double z\n"
            text += "property uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n"
            for p in Self.plyPoints { text += "\(p.x) \(p.y) \(p.z) 10 20 30\n" }
            let file = folder.appendingPathComponent("open3d.ply")
            CaptureFixtures.writeText(text, to: file)
            try checkPLY(file)
        }

        /// binary_little_endian PLY with double x/y/z, as Open3D writes it.
        @Test func binaryPLYWithDoubles() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            var header = "ply\nformat binary_little_endian 1.0\ncomment Created by Open3D\nelement vertex \(Self.plyPoints.count)\n"
            header += "property double x\nproperty double y\nproperty double z\n"
            header += "property uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n"
            var bytes = Array(header.utf8)
            for p in Self.plyPoints {
                for v in [p.x, p.y, p.z] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
                bytes += [10, 20, 30]
            }
            let file = folder.appendingPathComponent("open3d-binary.PLY")
            CaptureFixtures.writeBytes(bytes, to: file)
            try checkPLY(file)
        }

        func checkPLY(_ file: URL) throws {
            let capture = try PointCloudReader.read(file: file)
            let cloud = try #require(capture.cloud)
            #expect(!cloud.isOrganized)
            #expect(cloud.pointsInCamera.count == Self.plyPoints.count)
            #expect(cloud.pointsInCamera.xyz.contains { $0 != 0 }, "points read back as zeros")
            for (i, p) in Self.plyPoints.enumerated() where i < cloud.pointsInCamera.count {
                #expect(maxAbs(cloud.pointsInCamera[i] - p) < 1e-6, "point \(i): \(cloud.pointsInCamera[i]) vs \(p)")
            }
        }

        // MARK: errors

        @Test func zeroByteFile() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("empty.pcd")
            CaptureFixtures.writeBytes([], to: file)
            expectUnreadable(file: file, reasonContains: ["0-byte"]) { _ = try PointCloudReader.read(file: file) }
        }

        @Test func missingFile() {
            let file = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).ply")
            expectUnreadable(file: file, reasonContains: ["no such file"]) { _ = try PointCloudReader.read(file: file) }
        }

        @Test func folderNamedLikeACloud() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("cloud.pcd")
            try? FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            expectUnreadable(file: file, reasonContains: ["folder"]) { _ = try PointCloudReader.read(file: file) }
        }

        @Test func garbagePCD() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("garbage.pcd")
            CaptureFixtures.writeText("this is not a point cloud\n", to: file)
            expectUnreadable(file: file) { _ = try PointCloudReader.read(file: file) }
        }

        @Test func truncatedPCD() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("short.pcd")
            let header = "# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 100\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS 100\nDATA binary\n"
            CaptureFixtures.writeBytes(Array(header.utf8) + [UInt8](repeating: 0, count: 40), to: file)
            expectUnreadable(file: file) { _ = try PointCloudReader.read(file: file) }
        }

        @Test func moreThanMaxPoints() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("ten.pcd")
            try PointCloudWriter.write(PointCloud(points: (0..<10).map { SIMD3(Double($0), 0, 1) }), to: file)
            expectUnreadable(file: file, reasonContains: ["too large"]) {
                _ = try PointCloudReader.read(file: file, limits: CaptureLimits(maxCloudPoints: 5))
            }
            expectUnreadable(file: file, reasonContains: ["limit of 10 bytes"]) {
                _ = try PointCloudReader.read(file: file, limits: CaptureLimits(maxCloudFileBytes: 10))
            }
        }
    }
}
