import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

extension CaptureTests {
    @Suite struct CaptureReaderTests {
        @Test func folderIsStrayScanner() throws {
            let folder = CaptureFixtures.npyFolder(frames: 2)
            defer { CaptureFixtures.remove(folder) }
            let capture = try CaptureReader.read(folder)
            #expect(capture.frames.count == 2 && capture.cloud == nil)
            #expect(capture.name == folder.lastPathComponent)
        }

        @Test func upperCaseExtensionIsPointCloud() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("SCAN.PCD")
            try PointCloudWriter.write(PointCloud(points: [SIMD3(0, 0, 1), SIMD3(0.5, 0.5, 2)]), to: file)
            let capture = try CaptureReader.read(file)
            #expect(capture.frames.isEmpty)
            #expect(capture.cloud?.pointsInCamera.count == 2)
            #expect(capture.gravityInWorld == nil)
        }

        @Test func unknownExtension() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent("scan.xyz")
            CaptureFixtures.writeText("0 0 1\n", to: file)
            expectUnreadable(file: file, reasonContains: ["unsupported format", ".pcd", ".ply", "Stray Scanner folder"]) {
                _ = try CaptureReader.read(file)
            }
        }

        @Test func nonExistentPath() {
            let path = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).pcd")
            expectUnreadable(file: path, reasonContains: ["no such file or folder"]) { _ = try CaptureReader.read(path) }
        }
    }
}
