import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

/// Shared helpers for the capture tests.
enum CaptureFixtures {
    /// A fresh, empty temporary folder (removed by the caller with `remove`).
    static func temporaryFolder(_ label: String = #function) -> URL {
        let name = "capture-test-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func remove(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// The intrinsics of a 1920x1440 RGB camera with fx = fy = 1450 at 256x192.
    static let depthIntrinsics = CameraIntrinsics(fx: 1450, fy: 1450, cx: 960, cy: 720, width: 1920, height: 1440)
        .scaled(toWidth: 256, height: 192)

    /// A 256x192 frame with a depth ramp, a confidence pattern and a pose, all depending on
    /// `index`. Depths are whole millimetres plus 0.3 mm, so rounding has a known effect.
    static func frame(_ index: Int, confidence: Bool = true, pose: Bool = true,
                      width: Int = 256, height: Int = 192) -> DepthFrame {
        var depth = [Float](repeating: 0, count: width * height)
        var conf = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                // 0.5 .. ~3.0 m, with a hole every 17th pixel.
                depth[i] = i % 17 == 0 ? 0 : Float(500 + x * 7 + y * 3 + index * 11) / 1000 + 0.0003
                conf[i] = UInt8((x + y + index) % 3)
            }
        }
        let q = SIMD4<Double>(0.1 * Double(index + 1), -0.2, 0.3, 0.9)
        let transform = RigidTransform(quaternion: q / (q * q).sum().squareRoot(),
                                       translation: SIMD3(0.25 * Double(index), -1.5, 1.2 + 0.01 * Double(index)))
        return DepthFrame(width: width, height: height, depth: depth, confidence: confidence ? conf : nil,
                          intrinsics: width == 256 ? depthIntrinsics : depthIntrinsics.scaled(toWidth: width, height: height),
                          worldFromCamera: pose ? transform : nil, timestamp: Double(index) / 30)
    }

    /// A capture of `count` frames written as a Stray Scanner folder into a new temp folder.
    static func writtenCapture(frames count: Int = 3, confidence: Bool = true, pose: Bool = true,
                               odometry: StrayScannerWriter.OdometryVariant = .withHeader,
                               label: String = #function) throws -> (folder: URL, capture: DepthCapture) {
        let folder = temporaryFolder(label)
        let frames = (0..<count).map { frame($0, confidence: confidence, pose: pose) }
        let capture = DepthCapture(source: folder, frames: frames, gravityInWorld: pose ? SIMD3(0, 0, -1) : nil)
        try StrayScannerWriter.write(capture, to: folder, odometry: odometry)
        return (folder, capture)
    }

    /// Largest absolute difference between two transforms' rotation entries and translations.
    static func maxDifference(_ a: RigidTransform, _ b: RigidTransform) -> Double {
        var m = maxAbs(a.translation - b.translation)
        for r in 0..<3 { m = max(m, maxAbs(a.rows[r] - b.rows[r])) }
        return m
    }

    /// Writes raw bytes to `url`, creating parent folders.
    static func writeBytes(_ bytes: [UInt8], to url: URL) {
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: url)
    }

    static func writeText(_ text: String, to url: URL) { writeBytes(Array(text.utf8), to: url) }
}

/// Runs `body`, expecting `DimensioningError.unreadableCapture` whose `file` is `expectedFile`
/// (compared as standardized paths), whose description names that file, and whose reason
/// contains every string in `reasonContains` (case-insensitive).
func expectUnreadable(file expectedFile: URL, reasonContains: [String] = [],
                      sourceLocation: SourceLocation = #_sourceLocation,
                      _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected unreadableCapture naming \(expectedFile.path), but no error was thrown",
                     sourceLocation: sourceLocation)
    } catch let error as DimensioningError {
        guard case let .unreadableCapture(file, reason) = error else {
            Issue.record("expected unreadableCapture, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(URL(fileURLWithPath: file).standardizedFileURL.path == expectedFile.standardizedFileURL.path,
                "error names \(file), expected \(expectedFile.path) (reason: \(reason))", sourceLocation: sourceLocation)
        #expect(error.description.contains(expectedFile.lastPathComponent), sourceLocation: sourceLocation)
        #expect(error.isUnreadable, sourceLocation: sourceLocation)
        for part in reasonContains {
            #expect(reason.lowercased().contains(part.lowercased()), "reason '\(reason)' lacks '\(part)'",
                    sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("expected DimensioningError, got \(error)", sourceLocation: sourceLocation)
    }
}

extension CaptureFixtures {
    /// A camera matrix for 1920x1440 with fx = fy = 1450, cx = 960, cy = 720.
    static let cameraMatrixText = "1450.0,0.0,960.0\n0.0,1450.0,720.0\n0.0,0.0,1.0\n"

    /// NPY bytes written here independently of the reader: magic, version, little-endian header
    /// length, the dictionary padded with spaces and a newline to a multiple of 64 bytes.
    static func npy(descr: String, shape: String, fortran: String = "False", version: UInt8 = 1,
                    payload: [UInt8]) -> [UInt8] {
        var dict = "{'descr': '\(descr)', 'fortran_order': \(fortran), 'shape': \(shape), }"
        let prefix = version == 1 ? 10 : 12
        while (prefix + dict.utf8.count + 1) % 64 != 0 { dict += " " }
        dict += "\n"
        let n = dict.utf8.count
        var bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [version, 0]
        bytes += version == 1 ? [UInt8(n & 0xFF), UInt8(n >> 8)]
                              : [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24)]
        return bytes + Array(dict.utf8) + payload
    }

    static func float32Payload(_ values: [Float]) -> [UInt8] {
        values.flatMap { v -> [UInt8] in withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } }
    }

    static func uint16Payload(_ values: [UInt16]) -> [UInt8] {
        values.flatMap { v -> [UInt8] in withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    }

    /// A Stray Scanner folder with `count` float32 NPY depth frames of `width` x `height`
    /// (depth of frame f at pixel i: 1 + f/10 + i/100000 m), the standard camera matrix and,
    /// when given, `odometry` as odometry.csv. Needs no PNG code.
    static func npyFolder(frames count: Int = 2, width: Int = 8, height: Int = 6, odometry: String? = nil,
                          label: String = #function) -> URL {
        let folder = temporaryFolder(label)
        for f in 0..<count {
            let values = (0..<(width * height)).map { Float(1 + Double(f) / 10 + Double($0) / 100_000) }
            writeBytes(npy(descr: "<f4", shape: "(\(height), \(width))", payload: float32Payload(values)),
                       to: folder.appendingPathComponent("depth/\(StrayScannerWriter.frameName(f)).npy"))
        }
        writeText(cameraMatrixText, to: folder.appendingPathComponent("camera_matrix.csv"))
        if let odometry { writeText(odometry, to: folder.appendingPathComponent("odometry.csv")) }
        return folder
    }

    /// A header odometry.csv for `count` identity-rotation frames at 1/60 s spacing.
    static func odometryText(frames count: Int, header: Bool = true) -> String {
        var text = header ? "timestamp, frame, x, y, z, qx, qy, qz, qw\n" : ""
        for f in 0..<count {
            let pose = "\(0.1 * Double(f)), 1.5, -0.5, 0.0, 0.0, 0.0, 1.0"
            text += header ? "\(100 + Double(f) / 60), \(f), \(pose)\n" : "\(pose)\n"
        }
        return text
    }
}

/// The largest absolute component of `v`.
func maxAbs(_ v: SIMD3<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z)) }

/// The parent suite of every capture test, so that `swift test --filter Capture` runs them all.
@Suite struct CaptureTests {}
