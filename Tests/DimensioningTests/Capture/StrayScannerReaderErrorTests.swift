import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

extension CaptureTests {
    /// Every malformed Stray Scanner folder is refused with `unreadableCapture` naming the file.
    @Suite struct StrayScannerReaderErrorTests {
        // MARK: depth and confidence images (need the native PNG code)

        @Test func zeroBytePNG() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 2)
            defer { CaptureFixtures.remove(folder) }
            let png = folder.appendingPathComponent("depth/000001.png")
            try Data().write(to: png)
            expectUnreadable(file: png, reasonContains: ["0-byte"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test func truncatedPNG() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 2)
            defer { CaptureFixtures.remove(folder) }
            let png = folder.appendingPathComponent("depth/000000.png")
            let bytes = try Data(contentsOf: png)
            try bytes.prefix(bytes.count / 2).write(to: png)
            expectUnreadable(file: png, reasonContains: ["PNG"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test func theFirstBadFrameInOrderIsReported() throws {
            // Frames are decoded in parallel; the error must still be the first bad frame's,
            // here a confidence file of frame 2 before a broken depth file of frame 5.
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 8)
            defer { CaptureFixtures.remove(folder) }
            let confidence = folder.appendingPathComponent("confidence/000002.png")
            let depth = folder.appendingPathComponent("depth/000005.png")
            try Data([0x89, 0x50]).write(to: confidence)
            try Data().write(to: depth)
            for _ in 0..<3 {
                expectUnreadable(file: confidence, reasonContains: ["PNG"]) { _ = try StrayScannerReader.read(folder: folder) }
            }
        }

        @Test func confidenceValueAboveTwo() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 1)
            defer { CaptureFixtures.remove(folder) }
            let png = folder.appendingPathComponent("confidence/000000.png")
            var values = [UInt8](repeating: 1, count: 256 * 192)
            values[5 * 256 + 7] = 3
            try NativePNG.write8(path: png.path, width: 256, height: 192, channels: 1, pixels: values)
            expectUnreadable(file: png, reasonContains: ["confidence 3 at pixel (7, 5)"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        @Test func confidenceSizeMismatch() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 1)
            defer { CaptureFixtures.remove(folder) }
            let png = folder.appendingPathComponent("confidence/000000.png")
            try NativePNG.write8(path: png.path, width: 128, height: 96, channels: 1, pixels: [UInt8](repeating: 2, count: 128 * 96))
            expectUnreadable(file: png, reasonContains: ["PNG is 128x96 but frame 000000 depth is 256x192"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        @Test func confidenceFileMissing() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 2)
            defer { CaptureFixtures.remove(folder) }
            let png = folder.appendingPathComponent("confidence/000001.png")
            try FileManager.default.removeItem(at: png)
            expectUnreadable(file: png, reasonContains: ["no such file"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test func depthEightBit() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 1, confidence: false, pose: false)
            defer { CaptureFixtures.remove(folder) }
            let png = folder.appendingPathComponent("depth/000000.png")
            try NativePNG.write8(path: png.path, width: 256, height: 192, channels: 1, pixels: [UInt8](repeating: 9, count: 256 * 192))
            expectUnreadable(file: png, reasonContains: ["8-bit"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test func depthSizesDisagree() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 2, confidence: false, pose: false)
            defer { CaptureFixtures.remove(folder) }
            let png = folder.appendingPathComponent("depth/000001.png")
            try NativePNG.writeGray16(path: png.path, width: 320, height: 240, pixels: [UInt16](repeating: 900, count: 320 * 240))
            expectUnreadable(file: png, reasonContains: ["320x240", "256x192"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test func imageLargerThanLimit() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 1, confidence: false, pose: false)
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("depth/000000.png"),
                             reasonContains: ["PNG image is 256x192, larger than the limit of 128x4096"]) {
                _ = try StrayScannerReader.read(folder: folder, limits: CaptureLimits(maxImageWidth: 128))
            }
        }

        @Test func fileLargerThanLimit() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 1, confidence: false, pose: false)
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("depth/000000.png"), reasonContains: ["limit of 300 bytes"]) {
                _ = try StrayScannerReader.read(folder: folder, limits: CaptureLimits(maxFileBytes: 300))
            }
        }

        // MARK: folders

        @Test func emptyDepthFolder() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let depth = folder.appendingPathComponent("depth")
            try FileManager.default.createDirectory(at: depth, withIntermediateDirectories: true)
            CaptureFixtures.writeText(CaptureFixtures.cameraMatrixText, to: folder.appendingPathComponent("camera_matrix.csv"))
            expectUnreadable(file: depth, reasonContains: ["empty depth folder"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test func missingDepthFolder() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("depth"), reasonContains: ["missing depth folder"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        @Test func nonExistentPath() {
            let folder = URL(fileURLWithPath: "/nonexistent/capture-\(UUID().uuidString)")
            expectUnreadable(file: folder, reasonContains: ["no such file"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test func tooManyFrames() {
            let folder = CaptureFixtures.npyFolder(frames: 3)
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("depth"), reasonContains: ["limit of 2"]) {
                _ = try StrayScannerReader.read(folder: folder, limits: CaptureLimits(maxFrameCount: 2))
            }
        }

        @Test func sameFrameTwice() {
            let folder = CaptureFixtures.npyFolder(frames: 1)
            defer { CaptureFixtures.remove(folder) }
            CaptureFixtures.writeBytes([1], to: folder.appendingPathComponent("depth/0.png"))
            expectUnreadable(file: folder.appendingPathComponent("depth"), reasonContains: ["appears twice"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        // MARK: camera_matrix.csv

        @Test func missingCameraMatrix() throws {
            let folder = CaptureFixtures.npyFolder(frames: 1)
            defer { CaptureFixtures.remove(folder) }
            let csv = folder.appendingPathComponent("camera_matrix.csv")
            try FileManager.default.removeItem(at: csv)
            expectUnreadable(file: csv, reasonContains: ["no such file"]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        @Test(arguments: [
            ("nan,0.0,960.0\n0.0,1450.0,720.0\n0.0,0.0,1.0\n", "row 1, column 1"),
            ("1450.0,0.0,960.0\n0.0,inf,720.0\n0.0,0.0,1.0\n", "row 2, column 2"),
            ("-1450.0,0.0,960.0\n0.0,1450.0,720.0\n0.0,0.0,1.0\n", "not positive"),
            ("1450.0,0.0,960.0\n0.0,0.0,720.0\n0.0,0.0,1.0\n", "fy = 0.0 is not positive"),
            ("1450.0,0.0,960.0\n0.0,1450.0\n0.0,0.0,1.0\n", "row 2 (line 2): expected 3 values, found 2"),
            ("1450.0,0.0,960.0\n0.0,1450.0,720.0\n", "found 2 rows"),
            ("1450.0,0.0,960.0\n0.0,1450.0,720.0\n0.0,0.0,1.0\n1,2,3\n", "found 4 rows"),
            ("1450.0,0.0,96O.0\n0.0,1450.0,720.0\n0.0,0.0,1.0\n", "row 1, column 3: '96O.0' is not a number"),
            ("1450.0,0.0,960.0\n0.0,1450.0,720.0\n0.0,0.0,2.0\n", "row 3"),
            ("", "0-byte"),
        ])
        func badCameraMatrix(text: String, expected: String) {
            let folder = CaptureFixtures.npyFolder(frames: 1)
            defer { CaptureFixtures.remove(folder) }
            let csv = folder.appendingPathComponent("camera_matrix.csv")
            CaptureFixtures.writeText(text, to: csv)
            expectUnreadable(file: csv, reasonContains: [expected]) { _ = try StrayScannerReader.read(folder: folder) }
        }

        // MARK: odometry.csv

        @Test func odometryRowTooFew() {
            let folder = CaptureFixtures.npyFolder(frames: 3, odometry: CaptureFixtures.odometryText(frames: 2))
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("odometry.csv"), reasonContains: ["line 3", "2 pose rows for 3 depth frames", "fewer"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        @Test func odometryRowTooMany() {
            let folder = CaptureFixtures.npyFolder(frames: 2, odometry: CaptureFixtures.odometryText(frames: 3, header: false))
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("odometry.csv"), reasonContains: ["more rows than frames"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        @Test(arguments: [
            ("0.5, 0, 0, 0, 0, 0.3, 0, 0, 1.0", "line 2: quaternion"),
            ("0.5, 0, 0, 0, 0, 0, 0, 0, 1.02", "norm"),
            ("0.5, 0, nan, 0, 0, 0, 0, 0, 1", "line 2: x is nan, not a finite number"),
            ("0.5, 0, 0, 0, 0, 0, 0, 0", "line 2: expected 9 values, found 8"),
            ("0.5, 0, 0, 0, abc, 0, 0, 0, 1", "'abc' is not a number"),
            ("0.5, 1.5, 0, 0, 0, 0, 0, 0, 1", "frame 1.5 is not a frame number"),
            ("0.5, 7, 0, 0, 0, 0, 0, 0, 1", "no row for depth frame 000000"),
        ])
        func badOdometryRow(row: String, expected: String) {
            let folder = CaptureFixtures.npyFolder(frames: 1, odometry: "timestamp, frame, x, y, z, qx, qy, qz, qw\n\(row)\n")
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("odometry.csv"), reasonContains: [expected]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        @Test func headerlessRowWithTooFewValues() {
            var text = CaptureFixtures.odometryText(frames: 4, header: false)
            text = text.split(separator: "\n").enumerated().map { $0 == 3 ? "1, 2, 3, 0, 0" : String($1) }.joined(separator: "\n")
            let folder = CaptureFixtures.npyFolder(frames: 4, odometry: text)
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("odometry.csv"), reasonContains: ["line 4: expected 7 values, found 5"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }

        @Test func unknownOdometryColumn() {
            let folder = CaptureFixtures.npyFolder(frames: 1, odometry: "timestamp, frame, x, y, z, qx, qy, qz, qw, speed\n0, 0, 0, 0, 0, 0, 0, 0, 1, 3\n")
            defer { CaptureFixtures.remove(folder) }
            expectUnreadable(file: folder.appendingPathComponent("odometry.csv"), reasonContains: ["line 1", "speed"]) {
                _ = try StrayScannerReader.read(folder: folder)
            }
        }
    }
}
