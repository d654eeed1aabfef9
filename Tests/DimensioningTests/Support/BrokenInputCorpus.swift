import Foundation

/// One generated broken input: what to build, what to hand to the engine, what it must answer.
struct BrokenInputCase: Sendable, CustomStringConvertible {
    enum Entry: Sendable { case capture, dataset }
    enum Expectation: Sendable {
        /// `unreadable_capture` naming `file` (relative to the case folder; "" is the folder
        /// itself), with a reason containing each string (case-insensitive). CLI exit code 5.
        case unreadable(file: String, reason: [String])
        /// Readable but useless: the pipeline refuses with one of these error codes. Exit code 4.
        case refused(codes: [String])
    }

    var name: String
    /// What `boxdim measure` (or `verify`, for `.dataset`) is given, relative to the case folder.
    var path: String
    var entry: Entry = .capture
    var expectation: Expectation
    /// Set when the case means nothing for the current user (chmod 000 does not stop root).
    var requiresNonRoot = false
    var build: @Sendable (URL) throws -> Void

    var description: String { name }
}

/// The broken-input corpus of issue 7, generated (never checked in): `write(_:into:)` builds a
/// case in a folder of its own. Foundation only, so the fuzz script reuses it for seeds.
enum BrokenInputCorpus {
    // MARK: Valid pieces the broken cases start from

    static let width = 16, height = 12
    static let cameraMatrix = "1450.0,0.0,960.0\n0.0,1450.0,720.0\n0.0,0.0,1.0\n"

    /// A 16-bit depth PNG: a floor-like ramp from 1.2 to ~1.6 m.
    static func depthPNG(width: Int = width, height: Int = height) -> [UInt8] {
        BrokenFileBytes.grayPNG(width: width, height: height) { x, y in UInt16(1200 + 30 * y + x) }
    }

    static func odometry(rows: Int) -> String {
        "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
            + (0..<rows).map { "\(Double($0) / 60), \($0), \(0.01 * Double($0)), 1.5, 0.0, 0.0, 0.0, 0.0, 1.0\n" }.joined()
    }

    static func frameName(_ i: Int) -> String { String(format: "%06d", i) }

    static func write(_ bytes: [UInt8], _ relative: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    static func write(_ text: String, _ relative: String, in folder: URL) throws {
        try write(Array(text.utf8), relative, in: folder)
    }

    /// A valid Stray Scanner folder of `frames` PNG frames with odometry, which cases then damage.
    static func validCapture(in folder: URL, frames: Int = 2) throws {
        for i in 0..<frames { try write(depthPNG(), "depth/\(frameName(i)).png", in: folder) }
        try write(cameraMatrix, "camera_matrix.csv", in: folder)
        try write(odometry(rows: frames), "odometry.csv", in: folder)
    }

    static func symlink(_ relative: String, to destination: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    /// Creates an empty file whose name is the raw (non-UTF-8) bytes `name` inside `folder`.
    static func createRawName(_ name: [UInt8], in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        close(fd)
    }

    // MARK: The cases

    /// A capture case: a valid two-frame capture (unless `valid` is false) then `damage`.
    static func capture(_ name: String, _ expectation: BrokenInputCase.Expectation, valid: Bool = true,
                        frames: Int = 2, _ damage: @escaping @Sendable (URL) throws -> Void) -> BrokenInputCase {
        BrokenInputCase(name: name, path: "capture", expectation: expectation) { root in
            let folder = root.appendingPathComponent("capture")
            if valid { try validCapture(in: folder, frames: frames) }
            try damage(folder)
        }
    }

    static func unreadable(_ file: String, _ reason: String...) -> BrokenInputCase.Expectation {
        .unreadable(file: file.isEmpty ? "capture" : "capture/" + file, reason: reason)
    }

    static var all: [BrokenInputCase] { imageCases + csvCases + refusalCases + cloudCases + folderCases + datasetCases }

    static let depth0 = "depth/000000.png", depth1 = "depth/000001.png"

    static var imageCases: [BrokenInputCase] {
        [
            capture("png-zero-byte", unreadable(depth0, "0-byte")) { try write([UInt8](), depth0, in: $0) },
            capture("png-truncated", unreadable(depth1, "PNG")) { try write(Array(depthPNG().prefix(60)), depth1, in: $0) },
            capture("png-signature-only", unreadable(depth0, "PNG")) { try write(BrokenFileBytes.pngSignature, depth0, in: $0) },
            capture("png-bad-crc", unreadable(depth0, "PNG")) { folder in
                var bytes = depthPNG()
                bytes[29] ^= 0xFF  // last byte of the IHDR CRC
                try write(bytes, depth0, in: folder)
            },
            capture("png-8-bit-depth", unreadable(depth0, "8-bit", "expected 16-bit")) {
                try write(BrokenFileBytes.grayPNG(width: width, height: height, bitDepth: 8) { _, _ in 100 }, depth0, in: $0)
            },
            capture("png-rgb-depth", unreadable(depth0, "PNG")) { try write(BrokenFileBytes.rgbPNG(width: width, height: height), depth0, in: $0) },
            capture("png-claims-100000x100000", unreadable(depth0, "100000x100000", "limit")) {
                try write(BrokenFileBytes.pngClaiming(width: 100_000, height: 100_000), depth0, in: $0)
            },
            capture("png-claims-zero-width", unreadable(depth0, "PNG")) {
                try write(BrokenFileBytes.pngClaiming(width: 0, height: 12), depth0, in: $0)
            },
            capture("depth-sizes-differ-between-frames", unreadable(depth1, "depth is 20x12", "16x12")) {
                try write(depthPNG(width: 20), depth1, in: $0)
            },
            capture("confidence-wrong-size", unreadable("confidence/000000.png", "8x6", "16x12")) { folder in
                let small = BrokenFileBytes.grayPNG(width: 8, height: 6, bitDepth: 8) { _, _ in 2 }
                try write(small, "confidence/000000.png", in: folder)
                try write(small, "confidence/000001.png", in: folder)
            },
            capture("confidence-16-bit", unreadable("confidence/000000.png", "16-bit", "expected 8-bit")) { folder in
                try write(depthPNG(), "confidence/000000.png", in: folder)
            },
            capture("npy-truncated", unreadable("depth/000000.npy", "NPY data")) { folder in
                try FileManager.default.removeItem(at: folder.appendingPathComponent(depth0))
                let full = BrokenFileBytes.npy(descr: "<f4", shape: "(12, 16)", payload: BrokenFileBytes.float32Payload(.init(repeating: 1, count: 192)))
                try write(Array(full.dropLast(100)), "depth/000000.npy", in: folder)
            },
            capture("npy-claims-huge-shape", unreadable("depth/000000.npy", "limit")) { folder in
                try FileManager.default.removeItem(at: folder.appendingPathComponent(depth0))
                try write(BrokenFileBytes.npy(descr: "<f4", shape: "(100000, 100000)", payload: [0, 0, 0, 0]), "depth/000000.npy", in: folder)
            },
            capture("npy-bad-magic", unreadable("depth/000000.npy", "magic")) { folder in
                try FileManager.default.removeItem(at: folder.appendingPathComponent(depth0))
                try write("not numpy at all", "depth/000000.npy", in: folder)
            },
        ]
    }

    static var csvCases: [BrokenInputCase] {
        let camera = "camera_matrix.csv", odometryFile = "odometry.csv"
        func matrix(_ name: String, _ text: String, _ reason: String...) -> BrokenInputCase {
            capture(name, .unreadable(file: "capture/" + camera, reason: reason)) { try write(text, camera, in: $0) }
        }
        func poses(_ name: String, _ text: String, _ reason: String...) -> BrokenInputCase {
            capture(name, .unreadable(file: "capture/" + odometryFile, reason: reason)) { try write(text, odometryFile, in: $0) }
        }
        let header = "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
        return [
            capture("camera-matrix-missing", unreadable(camera, "no such file")) {
                try FileManager.default.removeItem(at: $0.appendingPathComponent(camera))
            },
            matrix("camera-matrix-zero-byte", "", "0-byte"),
            matrix("camera-matrix-two-rows", "1450,0,960\n0,1450,720\n", "found 2 rows"),
            matrix("camera-matrix-four-values", "1450,0,960,1\n0,1450,720\n0,0,1\n", "expected 3 values, found 4"),
            matrix("camera-matrix-nan", "nan,0,960\n0,1450,720\n0,0,1\n", "not a finite number"),
            matrix("camera-matrix-inf", "1450,0,960\n0,inf,720\n0,0,1\n", "not a finite number"),
            matrix("camera-matrix-negative-focal", "-1450,0,960\n0,1450,720\n0,0,1\n", "not positive"),
            matrix("camera-matrix-unparseable", "1450,0,9x60\n0,1450,720\n0,0,1\n", "not a number"),
            capture("camera-matrix-not-utf8", unreadable(camera, "not a number")) {
                try write([0xFF, 0xFE, 0x2C, 0x30, 0x2C, 0x30, 0x0A] + Array("0,1450,720\n0,0,1\n".utf8), camera, in: $0)
            },
            poses("odometry-fewer-rows", odometry(rows: 1), "fewer rows than frames"),
            poses("odometry-more-rows", odometry(rows: 3), "more rows than frames"),
            poses("odometry-header-only", header, "0 pose rows"),
            poses("odometry-non-unit-quaternion", header + "0, 0, 0, 1.5, 0, 0, 0, 0, 2\n0.1, 1, 0, 1.5, 0, 0, 0, 0, 1\n", "line 2", "norm"),
            poses("odometry-nan-quaternion", header + "0, 0, 0, 1.5, 0, nan, 0, 0, 1\n0.1, 1, 0, 1.5, 0, 0, 0, 0, 1\n", "line 2", "finite"),
            poses("odometry-unparseable-number", header + "0, 0, 0, 1.5, 0, 0, 0, 0, 1\n0.1, 1, 0, 1..5, 0, 0, 0, 0, 1\n", "line 3", "not a number"),
            poses("odometry-missing-column", "timestamp, frame, x, y, qx, qy, qz, qw\n0,0,0,1.5,0,0,0,1\n0.1,1,0,1.5,0,0,0,1\n", "no 'z' column"),
        ]
    }

    /// Readable captures the pipeline must refuse with a typed refusal (exit code 4), not crash.
    static var refusalCases: [BrokenInputCase] {
        [
            capture("depth-all-zero", .refused(codes: ["no_depth"])) { folder in
                let zero = BrokenFileBytes.grayPNG(width: width, height: height) { _, _ in 0 }
                try write(zero, depth0, in: folder)
                try write(zero, depth1, in: folder)
            },
            capture("depth-all-nan-npy", .refused(codes: ["no_depth"])) { folder in
                let nan = BrokenFileBytes.npy(descr: "<f4", shape: "(12, 16)",
                                              payload: BrokenFileBytes.float32Payload(.init(repeating: .nan, count: 192)))
                for name in [depth0, depth1] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
                try write(nan, "depth/000000.npy", in: folder)
                try write(nan, "depth/000001.npy", in: folder)
            },
            capture("single-tiny-frame", .refused(codes: ["no_depth", "no_ground_plane", "no_box"]), frames: 1) { _ in },
        ]
    }

    static var cloudCases: [BrokenInputCase] {
        func cloud(_ name: String, file: String, _ reason: [String], _ bytes: @escaping @Sendable () -> [UInt8]) -> BrokenInputCase {
            BrokenInputCase(name: name, path: file, expectation: .unreadable(file: file, reason: reason)) { root in
                try write(bytes(), file, in: root)
            }
        }
        let header = BrokenFileBytes.pcdHeader
        return [
            cloud("pcd-zero-byte", file: "cloud.pcd", ["0-byte"]) { [] },
            cloud("pcd-more-points-declared-ascii", file: "cloud.pcd", ["PCD"]) { Array((header(1000, nil, "ascii", "F F F", "4 4 4") + BrokenFileBytes.asciiPoints(10)).utf8) },
            cloud("pcd-more-points-declared-binary", file: "cloud.pcd", ["PCD"]) { Array(header(1000, nil, "binary", "F F F", "4 4 4").utf8) + [UInt8](repeating: 0, count: 120) },
            cloud("pcd-width-disagrees-with-points", file: "cloud.pcd", ["PCD"]) { Array((header(10, 7, "ascii", "F F F", "4 4 4") + BrokenFileBytes.asciiPoints(10)).utf8) },
            cloud("pcd-unknown-field-type", file: "cloud.pcd", ["PCD"]) { Array((header(10, nil, "ascii", "F Q F", "4 4 4") + BrokenFileBytes.asciiPoints(10)).utf8) },
            cloud("pcd-impossible-field-size", file: "cloud.pcd", ["PCD"]) { Array((header(10, nil, "binary", "F F F", "4 4 3") ).utf8) + [UInt8](repeating: 0, count: 110) },
            cloud("pcd-unknown-data-kind", file: "cloud.pcd", ["PCD"]) { Array((header(10, nil, "binary_scrambled", "F F F", "4 4 4")).utf8) + [UInt8](repeating: 0, count: 120) },
            cloud("pcd-misspelled-keyword", file: "cloud.pcd", ["PCD"]) {
                Array((header(10, nil, "ascii", "F F F", "4 4 4").replacingOccurrences(of: "FIELDS", with: "FEILDS") + BrokenFileBytes.asciiPoints(10)).utf8)
            },
            cloud("pcd-binary-compressed-bad-length", file: "cloud.pcd", ["PCD"]) {
                Array(header(10, nil, "binary_compressed", "F F F", "4 4 4").utf8)
                    + BrokenFileBytes.littleEndian32(1_000_000) + BrokenFileBytes.littleEndian32(120) + [UInt8](repeating: 7, count: 16)
            },
            cloud("pcd-binary-compressed-wrong-uncompressed-size", file: "cloud.pcd", ["PCD"]) {
                Array(header(10, nil, "binary_compressed", "F F F", "4 4 4").utf8)
                    + BrokenFileBytes.littleEndian32(4) + BrokenFileBytes.littleEndian32(0xFFFF_FFF0) + [0, 0, 0, 0]
            },
            cloud("pcd-declares-too-many-points", file: "cloud.pcd", ["too large"]) { Array((header(100_000_000, nil, "ascii", "F F F", "4 4 4") + BrokenFileBytes.asciiPoints(10)).utf8) },
            // Found by the cloud fuzz target: PCL read "POINTS 1000000000\0..." as 1e9 points.
            cloud("pcd-nul-in-header", file: "cloud.pcd", ["control character"]) {
                Array(header(10, nil, "ascii", "F F F", "4 4 4").replacingOccurrences(of: "POINTS 10", with: "POINTS 10\u{0}0").utf8)
                    + Array(BrokenFileBytes.asciiPoints(10).utf8)
            },
            cloud("pcd-keyword-twice", file: "cloud.pcd", ["appears twice"]) {
                Array((header(10, nil, "ascii", "F F F", "4 4 4").replacingOccurrences(of: "DATA", with: "POINTS 1000000000\nDATA")
                       + BrokenFileBytes.asciiPoints(10)).utf8)
            },
            // Issue 17 (Tests/Fixtures/crashes/pcd-binary-segfault.pcd): PCL's header parser goes on
            // reading lines after DATA, so a body starting with a keyword rewrote the header PCL
            // used (zero fields: a read past PCL's field list, SIGSEGV). The whole class:
            cloud("pcd-binary-body-starts-with-columns", file: "cloud.pcd", ["COLUMNS", "header line"]) {
                Array(header(12, nil, "binary", "F F F", "4 4 4").utf8) + Array("COLUMNS".utf8) + [UInt8](repeating: 0, count: 9)
                    + [UInt8](repeating: 0x3F, count: 144)
            },
            cloud("pcd-binary-body-starts-with-fields", file: "cloud.pcd", ["FIELDS", "header line"]) {
                Array(header(2, nil, "binary", "F F F", "4 4 4").utf8) + Array("FIELDS a b\n".utf8) + BrokenInputCorpus.twoBinaryPoints
            },
            cloud("pcd-binary-body-blank-and-comment-lines-then-width", file: "cloud.pcd", ["WIDTH", "header line"]) {
                Array(header(2, nil, "binary", "F F F", "4 4 4").utf8) + Array("\n\n# note\nWIDTH 5\n".utf8) + BrokenInputCorpus.twoBinaryPoints
            },
            cloud("pcd-binary-body-starts-with-indented-size", file: "cloud.pcd", ["SIZE", "header line"]) {
                Array(header(2, nil, "binary", "F F F", "4 4 4").utf8) + Array(" \tSIZE 8 8 8\n".utf8) + BrokenInputCorpus.twoBinaryPoints
            },
            cloud("pcd-binary-body-starts-with-points-huge", file: "cloud.pcd", ["POINTS", "header line"]) {
                Array(header(2, nil, "binary", "F F F", "4 4 4").utf8) + Array("POINTS 1000000000\n".utf8) + BrokenInputCorpus.twoBinaryPoints
            },
            cloud("pcd-binary-body-starts-with-data-ascii", file: "cloud.pcd", ["DATA", "header line"]) {
                Array(header(2, nil, "binary", "F F F", "4 4 4").utf8) + Array("DATA ascii\n1 2 3\n4 5 6\n".utf8)
            },
            cloud("pcd-ascii-body-starts-with-keyword-prefix", file: "cloud.pcd", ["VIEWPOINT", "header line"]) {
                Array((header(2, nil, "ascii", "F F F", "4 4 4") + "VIEWPOINTS\n" + BrokenFileBytes.asciiPoints(2)).utf8)
            },
            cloud("pcd-line-of-blanks-in-header", file: "cloud.pcd", ["line 4", "line of blanks"]) {
                Array(header(2, nil, "binary", "F F F", "4 4 4").replacingOccurrences(of: "FIELDS x y z\n", with: "FIELDS x y z\n \t\n").utf8)
                    + BrokenInputCorpus.twoBinaryPoints
            },
            cloud("pcd-data-line-ends-the-file", file: "cloud.pcd", ["binary body holds 0 bytes"]) {
                Array(header(2, nil, "binary", "F F F", "4 4 4").utf8.dropLast())
            },
            cloud("pcd-ascii-fewer-values-than-counts", file: "cloud.pcd", ["values", "need 67"]) {
                Array(("VERSION 0.7\nFIELDS x y z h\nSIZE 4 4 4 8\nTYPE F F F F\nCOUNT 1 1 1 64\nWIDTH 3\nHEIGHT 1\nPOINTS 3\nDATA ascii\n"
                       + BrokenFileBytes.asciiPoints(3)).utf8)
            },
            cloud("pcd-ascii-declares-over-4-gib", file: "cloud.pcd", ["too large", "4 GiB"]) {
                Array(("VERSION 0.7\nFIELDS x y z h\nSIZE 4 4 4 8\nTYPE F F F F\nCOUNT 1 1 1 1024\nWIDTH 600000\nHEIGHT 1\nPOINTS 600000\nDATA ascii\n"
                       + BrokenFileBytes.asciiPoints(3)).utf8)
            },
            cloud("pcd-binary-compressed-impossible-ratio", file: "cloud.pcd", ["cannot hold"]) {
                Array(header(1000, nil, "binary_compressed", "F F F", "4 4 4").utf8)
                    + BrokenFileBytes.littleEndian32(4) + BrokenFileBytes.littleEndian32(12_000) + [3, 0, 0, 0]
            },
            cloud("ply-zero-byte", file: "cloud.ply", ["0-byte"]) { [] },
            cloud("ply-more-vertices-declared", file: "cloud.ply", ["PLY"]) { Array((BrokenFileBytes.plyHeader(vertices: 1000) + BrokenFileBytes.asciiPoints(3)).utf8) },
            cloud("ply-binary-more-vertices-declared", file: "cloud.ply", ["PLY"]) {
                Array(BrokenFileBytes.plyHeader(vertices: 1000, format: "binary_little_endian").utf8) + [UInt8](repeating: 0, count: 36)
            },
            cloud("ply-unknown-property-type", file: "cloud.ply", ["PLY"]) { Array((BrokenFileBytes.plyHeader(vertices: 3, type: "float128") + BrokenFileBytes.asciiPoints(3)).utf8) },
            cloud("ply-garbage-after-magic", file: "cloud.ply", ["PLY"]) { Array("ply\n\u{1}\u{2}garbage\n".utf8) },
            // The PLY header check with the PCD check's hardening (issue 17).
            cloud("ply-nul-in-header", file: "cloud.ply", ["control character"]) {
                Array(BrokenFileBytes.plyHeader(vertices: 3).replacingOccurrences(of: "vertex 3", with: "vertex 3\u{0}000").utf8)
                    + Array(BrokenFileBytes.asciiPoints(3).utf8)
            },
            cloud("ply-format-twice", file: "cloud.ply", ["second format"]) {
                Array((BrokenFileBytes.plyHeader(vertices: 3).replacingOccurrences(of: "element", with: "format binary_big_endian 1.0\nelement")
                       + BrokenFileBytes.asciiPoints(3)).utf8)
            },
            cloud("ply-element-twice", file: "cloud.ply", ["appears twice"]) {
                Array((BrokenFileBytes.plyHeader(vertices: 3).replacingOccurrences(of: "end_header", with: "element vertex 1000000\nend_header")
                       + BrokenFileBytes.asciiPoints(3)).utf8)
            },
            cloud("ply-property-twice", file: "cloud.ply", ["appears twice"]) {
                Array((BrokenFileBytes.plyHeader(vertices: 3).replacingOccurrences(of: "end_header", with: "property double x\nend_header")
                       + BrokenFileBytes.asciiPoints(3)).utf8)
            },
            cloud("ply-x-is-a-list", file: "cloud.ply", ["scalar 'x'"]) {
                Array((BrokenFileBytes.plyHeader(vertices: 3).replacingOccurrences(of: "property float x", with: "property list uchar float x")
                       + BrokenFileBytes.asciiPoints(3)).utf8)
            },
            cloud("ply-binary-face-count-beyond-the-body", file: "cloud.ply", ["binary body holds"]) {
                Array(BrokenFileBytes.plyHeader(vertices: 3, format: "binary_little_endian")
                    .replacingOccurrences(of: "end_header", with: "element face 1000000000\nproperty list uchar int vertex_indices\nend_header").utf8)
                    + [UInt8](repeating: 0, count: 36 + 8)
            },
            cloud("ply-ascii-face-count-beyond-the-body", file: "cloud.ply", ["lines for 'face'"]) {
                Array((BrokenFileBytes.plyHeader(vertices: 3)
                    .replacingOccurrences(of: "end_header", with: "element face 1000000000\nproperty list uchar int vertex_indices\nend_header")
                       + BrokenFileBytes.asciiPoints(3) + "3 0 1 2\n").utf8)
            },
            cloud("ply-ascii-vertex-line-too-short", file: "cloud.ply", ["values", "need 3"]) {
                Array((BrokenFileBytes.plyHeader(vertices: 3) + "0.1 0.2 1\n0.3\n0.1 0.1 1\n").utf8)
            },

        ]
    }

    /// Two binary x y z float points (24 bytes).
    static let twoBinaryPoints: [UInt8] = [Float(0.1), 0.2, 1, 0.3, 0.4, 1].flatMap { BrokenFileBytes.littleEndian32($0.bitPattern) }

    static var folderCases: [BrokenInputCase] {
        [
            capture("symlink-loop-depth-folder", unreadable("depth", "symbolic link")) { folder in
                try FileManager.default.removeItem(at: folder.appendingPathComponent("depth"))
                try symlink("depth", to: "depth", in: folder)
            },
            capture("symlink-loop-depth-file", unreadable(depth0, "symbolic link")) { folder in
                try FileManager.default.removeItem(at: folder.appendingPathComponent(depth0))
                try symlink(depth0, to: "000000.png", in: folder)
            },
            capture("symlink-cycle-in-depth-folder", unreadable("depth", "empty depth folder"), valid: false) { folder in
                try write(cameraMatrix, "camera_matrix.csv", in: folder)
                try symlink("depth/000000", to: "..", in: folder)  // a walker that recursed would never end
                try symlink("depth/nested", to: "../depth", in: folder)
            },
            BrokenInputCase(name: "symlink-loop-capture-itself", path: "loop-a",
                            expectation: .unreadable(file: "loop-a", reason: ["symbolic link"])) { root in
                try symlink("loop-a", to: "loop-b", in: root)
                try symlink("loop-b", to: "loop-a", in: root)
            },
            capture("non-utf8-file-names-only", unreadable("depth", "empty depth folder"), valid: false) { folder in
                try write(cameraMatrix, "camera_matrix.csv", in: folder)
                try createRawName([0xFF, 0xFE, 0x2E, 0x70, 0x6E, 0x67], in: folder.appendingPathComponent("depth"))
                try createRawName([0x30, 0xC3, 0x28, 0x2E, 0x70, 0x6E, 0x67], in: folder.appendingPathComponent("depth"))
            },
            capture("camera-matrix-is-a-folder", unreadable("camera_matrix.csv", "folder")) { folder in
                try FileManager.default.removeItem(at: folder.appendingPathComponent("camera_matrix.csv"))
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("camera_matrix.csv"), withIntermediateDirectories: true)
            },
            {
                var unreadable = capture("camera-matrix-unreadable-chmod-000", unreadable("camera_matrix.csv", "cannot read")) { folder in
                    chmod(folder.appendingPathComponent("camera_matrix.csv").path, 0)
                }
                unreadable.requiresNonRoot = true
                return unreadable
            }(),
        ]
    }

    static var datasetCases: [BrokenInputCase] {
        func dataset(_ name: String, _ csv: String, _ reason: String..., extra: (@Sendable (URL) throws -> Void)? = nil) -> BrokenInputCase {
            BrokenInputCase(name: name, path: "dataset", entry: .dataset,
                            expectation: .unreadable(file: "dataset/ground_truth.csv", reason: reason)) { root in
                let folder = root.appendingPathComponent("dataset")
                try validCapture(in: folder.appendingPathComponent("a"))
                try write(csv, "ground_truth.csv", in: folder)
                try extra?(folder)
            }
        }
        let header = "capture,length_mm,width_mm,height_mm\n"
        return [
            dataset("ground-truth-missing-columns", "capture,length_mm,width_mm\na,300,200\n", "missing column", "height_mm"),
            dataset("ground-truth-negative-size", header + "a,300,-200,100\n", "line 2", "negative"),
            dataset("ground-truth-duplicate-rows", header + "a,300,200,100\n./a,300,200,100\n", "line 3", "listed twice"),
            dataset("ground-truth-path-escapes-with-dotdot", header + "../a,300,200,100\n", "line 2", "leaves the dataset"),
            dataset("ground-truth-absolute-path", header + "/etc/passwd,300,200,100\n", "line 2", "absolute"),
            dataset("ground-truth-symlink-escapes", header + "link,300,200,100\n", "line 2", "outside the dataset",
                    extra: { try symlink("link", to: "/tmp", in: $0) }),
            dataset("ground-truth-unparseable-size", header + "a,3OO,200,100\n", "line 2", "not a number"),
            dataset("ground-truth-nan-size", header + "a,nan,200,100\n", "line 2", "not a number"),
            dataset("ground-truth-unterminated-quote", header + "\"a,300,200,100\n", "quoted field is not closed"),
            dataset("ground-truth-empty", "", "0-byte"),
            // Found by the csv fuzz target: a path "./<0xE3>" made Foundation trap (see Tests/Fuzz/RESULTS.md).
            BrokenInputCase(name: "ground-truth-not-utf8-path", path: "dataset", entry: .dataset,
                            expectation: .unreadable(file: "dataset/ground_truth.csv", reason: ["line 3", "not valid UTF-8"])) { root in
                let folder = root.appendingPathComponent("dataset")
                try validCapture(in: folder.appendingPathComponent("a"))
                try write(Array((header + "a,300,200,100\n.//").utf8) + [0xE3] + Array(",300,200,101\n".utf8), "ground_truth.csv", in: folder)
            },
        ]
    }
}
