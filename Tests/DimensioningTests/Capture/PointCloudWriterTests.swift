import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

extension CaptureTests {
    @Suite struct PointCloudWriterTests {
        static let points: PointCloud = {
            var cloud = PointCloud()
            for i in 0..<50 {
                let t = Double(i)
                let z: Double = 1 + Double(i % 7) * 0.05
                cloud.append(SIMD3<Double>(t * 0.01 - 0.2, sin(t) * 0.3, z))
            }
            return cloud
        }()

        @Test(arguments: [
            ("a.pcd", nil), ("b.ply", nil), ("c.pcd", PointCloudWriter.Format.pcdASCII),
            ("d.pcd", .pcdBinary), ("e.ply", .plyASCII),
        ] as [(String, PointCloudWriter.Format?)])
        func roundTrip(name: String, format: PointCloudWriter.Format?) throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent(name)
            try PointCloudWriter.write(Self.points, to: file, format: format)
            let cloud = try #require(try PointCloudReader.read(file: file).cloud)
            #expect(cloud.pointsInCamera.count == Self.points.count)
            for i in 0..<min(cloud.pointsInCamera.count, Self.points.count) {
                // ASCII files print floats with limited digits.
                #expect(maxAbs(cloud.pointsInCamera[i] - Self.points[i]) < 1e-5)
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names == [name], "temporary files left: \(names)")
        }

        @Test func defaultFormats() {
            #expect(PointCloudWriter.Format(forExtension: "PCD") == .pcdBinaryCompressed)
            #expect(PointCloudWriter.Format(forExtension: "ply") == .plyBinary)
            #expect(PointCloudWriter.Format(forExtension: "xyz") == nil)
        }

        /// An organized cloud keeps its grid and pixel indices through a write and read.
        @Test func organizedRoundTrip() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let width = 8, height = 5
            let index: [Int32] = [0, 3, 9, 17, 20, 39]
            let points = PointCloud(points: index.map { i in SIMD3(Double(i % 8) * 0.1, Double(i / 8) * 0.1, 2) })
            let cloud = CapturedCloud(pointsInCamera: points, gridWidth: width, gridHeight: height, pixelIndex: index)
            let file = folder.appendingPathComponent("grid.pcd")
            try PointCloudWriter.write(cloud, to: file)
            let back = try #require(try PointCloudReader.read(file: file).cloud)
            #expect(back.gridWidth == width && back.gridHeight == height)
            #expect(back.pixelIndex == index)
            #expect(back.pointsInCamera == points)
        }

        @Test func refusesUnknownExtension() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("cloud.xyz")
            expectUnreadable(file: file, reasonContains: [".pcd or .ply"]) { try PointCloudWriter.write(Self.points, to: file) }
        }
    }
}
