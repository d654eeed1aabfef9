import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

extension CaptureTests {
    /// Reading Stray Scanner folders: formats, variants, ordering and the world conversion.
    @Suite struct StrayScannerReaderTests {
        @Test func npyFloat32Folder() throws {
            let folder = CaptureFixtures.npyFolder(frames: 2)
            defer { CaptureFixtures.remove(folder) }
            let capture = try StrayScannerReader.read(folder: folder)
            #expect(capture.frames.count == 2)
            #expect(capture.gravityInWorld == nil)
            let f = capture.frames[1]
            #expect(f.width == 8 && f.height == 6)
            #expect(abs(f.depth(x: 3, y: 2) - Float(1 + 0.1 + 19.0 / 100_000)) < 1e-6)
            #expect(f.confidence == nil, "no confidence folder")
            #expect(f.worldFromCamera == nil)
            #expect(abs(f.timestamp - 1.0 / 60) < 1e-12)
        }

        @Test func npyUInt16Folder() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let mm: [UInt16] = (0..<12).map { UInt16($0 * 250) }
            CaptureFixtures.writeBytes(CaptureFixtures.npy(descr: "<u2", shape: "(3, 4)", payload: CaptureFixtures.uint16Payload(mm)),
                                       to: folder.appendingPathComponent("depth/000000.npy"))
            CaptureFixtures.writeText(CaptureFixtures.cameraMatrixText, to: folder.appendingPathComponent("camera_matrix.csv"))
            let frame = try #require(try StrayScannerReader.read(folder: folder).frames.first)
            #expect(frame.width == 4 && frame.height == 3)
            for i in 0..<12 { #expect(abs(frame.depth[i] - Float(i) * 0.25) < 1e-6) }
        }

        /// 1920x1440 with fx = 1450 becomes fx = 1450 * 256 / 1920 = 193.33 at 256x192.
        @Test func intrinsicsScaledToDepthResolution() throws {
            let folder = CaptureFixtures.npyFolder(frames: 1, width: 256, height: 192)
            defer { CaptureFixtures.remove(folder) }
            let k = try StrayScannerReader.read(folder: folder).frames[0].intrinsics
            #expect(abs(k.fx - 193.333_333_333_333) < 1e-9)
            #expect(abs(k.fy - 193.333_333_333_333) < 1e-9)
            #expect(abs(k.cx - 128) < 1e-9 && abs(k.cy - 96) < 1e-9)
            #expect(k.width == 256 && k.height == 192)
        }

        /// A camera looking straight down in ARKit's world (optical axis along -y there) looks
        /// along -z in the engine's world, and its height (ARKit y) becomes engine z.
        @Test func arkitCameraLookingDownLooksAlongMinusZ() throws {
            // Rotation +90 degrees about x: camera z -> ARKit (0, -1, 0), camera y -> ARKit (0, 0, 1).
            let s = 0.5.squareRoot()
            let odometry = "timestamp, frame, x, y, z, qx, qy, qz, qw\n5.0, 0, 0.1, 1.4, -0.2, \(s), 0, 0, \(s)\n"
            let folder = CaptureFixtures.npyFolder(frames: 1, odometry: odometry)
            defer { CaptureFixtures.remove(folder) }
            let capture = try StrayScannerReader.read(folder: folder)
            #expect(capture.gravityInWorld == SIMD3(0, 0, -1))
            let pose = try #require(capture.frames[0].worldFromCamera)
            let forward = pose.rotate(SIMD3(0, 0, 1))
            #expect(maxAbs(forward - SIMD3(0, 0, -1)) < 1e-9, "forward is \(forward)")
            #expect(maxAbs(pose.translation - SIMD3(0.1, 0.2, 1.4)) < 1e-9, "camera 1.4 m above the floor")
            #expect(maxAbs(pose.rotate(SIMD3(1, 0, 0)) - SIMD3(1, 0, 0)) < 1e-9)
            #expect(capture.frames[0].timestamp == 0, "timestamps start at the first frame")
        }

        @Test func headerlessOdometryMatchedByOrder() throws {
            let folder = CaptureFixtures.npyFolder(frames: 3, odometry: CaptureFixtures.odometryText(frames: 3, header: false))
            defer { CaptureFixtures.remove(folder) }
            let capture = try StrayScannerReader.read(folder: folder)
            for (i, frame) in capture.frames.enumerated() {
                let pose = try #require(frame.worldFromCamera)
                #expect(maxAbs(pose.translation - SIMD3(0.1 * Double(i), 0.5, 1.5)) < 1e-9)
                #expect(abs(frame.timestamp - Double(i) / 60) < 1e-12)
            }
        }

        /// Rows are matched by their `frame` column, not by their order in the file.
        @Test func headerOdometryMatchedByFrameColumn() throws {
            let lines = CaptureFixtures.odometryText(frames: 3).split(separator: "\n")
            let shuffled = ([lines[0]] + lines.dropFirst().reversed()).joined(separator: "\n")
            let folder = CaptureFixtures.npyFolder(frames: 3, odometry: shuffled)
            defer { CaptureFixtures.remove(folder) }
            let capture = try StrayScannerReader.read(folder: folder)
            for (i, frame) in capture.frames.enumerated() {
                #expect(abs(frame.worldFromCamera!.translation.x - 0.1 * Double(i)) < 1e-9)
                #expect(abs(frame.timestamp - Double(i) / 60) < 1e-9)
            }
        }

        /// Frames are sorted by number, not by name: 0, 2, 10.
        @Test func framesSortedByNumber() throws {
            let folder = CaptureFixtures.npyFolder(frames: 3)
            defer { CaptureFixtures.remove(folder) }
            let depth = folder.appendingPathComponent("depth")
            try FileManager.default.moveItem(at: depth.appendingPathComponent("000001.npy"), to: depth.appendingPathComponent("10.npy"))
            try FileManager.default.moveItem(at: depth.appendingPathComponent("000002.npy"), to: depth.appendingPathComponent("2.npy"))
            CaptureFixtures.writeText("notes", to: depth.appendingPathComponent("README.txt"))
            CaptureFixtures.writeText("x", to: depth.appendingPathComponent(".DS_Store"))
            let capture = try StrayScannerReader.read(folder: folder)
            #expect(capture.frames.map { ($0.depth[0] * 10).rounded() } == [10, 12, 11])
            #expect(capture.frames.map { ($0.timestamp * 60).rounded() } == [0, 2, 10])
        }

        /// Files saved with Windows line endings and a trailing blank line read the same.
        @Test func crlfLineEndings() throws {
            let odometry = CaptureFixtures.odometryText(frames: 2).replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
            let folder = CaptureFixtures.npyFolder(frames: 2, odometry: odometry)
            defer { CaptureFixtures.remove(folder) }
            CaptureFixtures.writeText(CaptureFixtures.cameraMatrixText.replacingOccurrences(of: "\n", with: "\r\n"),
                                      to: folder.appendingPathComponent("camera_matrix.csv"))
            let capture = try StrayScannerReader.read(folder: folder)
            #expect(capture.frames.count == 2)
            #expect(abs(capture.frames[0].intrinsics.fx - 1450.0 * 8 / 1920) < 1e-9)
            #expect(abs(capture.frames[1].worldFromCamera!.translation.x - 0.1) < 1e-9)
        }

        @Test func optionalFilesIgnored() throws {
            let folder = CaptureFixtures.npyFolder(frames: 1)
            defer { CaptureFixtures.remove(folder) }
            CaptureFixtures.writeText("timestamp, a_x, a_y, a_z, alpha_x, alpha_y, alpha_z\n0, 0, -9.8, 0, 0, 0, 0\n",
                                      to: folder.appendingPathComponent("imu.csv"))
            CaptureFixtures.writeBytes([0, 0, 0, 0x18], to: folder.appendingPathComponent("rgb.mp4"))
            #expect(try StrayScannerReader.read(folder: folder).frames.count == 1)
        }

        @Test func allZeroDepthIsNotAReaderError() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            CaptureFixtures.writeBytes(CaptureFixtures.npy(descr: "<u2", shape: "(2, 2)", payload: [UInt8](repeating: 0, count: 8)),
                                       to: folder.appendingPathComponent("depth/000000.npy"))
            CaptureFixtures.writeText(CaptureFixtures.cameraMatrixText, to: folder.appendingPathComponent("camera_matrix.csv"))
            #expect(try StrayScannerReader.read(folder: folder).frames[0].depth == [0, 0, 0, 0])
        }
    }
}
