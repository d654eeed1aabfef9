import Dimensioning
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads `.pcd` and `.ply` files, our own parsers (no PCL io): the whole file is read into
/// memory and every offset and count is checked against it before it is used, so a damaged or
/// hostile file is refused with a reason, never read past.
///
/// The points come out as PCL's readers gave them (PCL 1.13 through `pcl::PCLPointCloud2`):
/// every declared point in file order, x/y/z of any numeric type converted to Float (a double
/// rounds to nearest), and only the finite points kept (a double beyond Float's range counts as
/// non-finite); an organized cloud (height > 1) gives each kept point its index in the
/// width x height grid.
enum CloudFileReader {
    /// Reads `path` (`.pcd` or `.ply`, by extension, any case). Refuses a file that declares
    /// more than `maxPoints` points before reading its body.
    static func read(path: String, maxPoints: Int) throws(NativeFailure) -> NativeCloud.Loaded {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext == "pcd" || ext == "ply" else {
            throw NativeFailure(kind: .format, message: "unsupported extension '.\(ext)' (expected .pcd or .ply)")
        }
        let bytes = try contents(of: path)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(NativeFailure) -> NativeCloud.Loaded in
            ext == "pcd" ? try PCDFile.read(buffer, maxPoints: maxPoints) : try PLYFile.read(buffer, maxPoints: maxPoints)
        }
    }

    /// The file's bytes; refuses a missing, unreadable, non-regular or empty file.
    static func contents(of path: String) throws(NativeFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw NativeFailure(kind: .io, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw NativeFailure(kind: .io, message: "cannot stat: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw NativeFailure(kind: .io, message: "not a regular file") }
        guard info.st_size > 0 else { throw NativeFailure(kind: .format, message: "0-byte file") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                throw NativeFailure(kind: .io, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }  // shrank while being read
            filled += got
        }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        guard !bytes.isEmpty else { throw NativeFailure(kind: .format, message: "0-byte file") }
        return bytes
    }

    static func fail(_ message: String) -> NativeFailure { NativeFailure(kind: .format, message: message) }

    // MARK: scalars

    /// A numeric type of either format: PCD's TYPE/SIZE pairs and PLY's type names.
    enum Scalar: Equatable {
        case int8, uint8, int16, uint16, int32, uint32, int64, uint64, float32, float64

        var size: Int {
            switch self {
            case .int8, .uint8: 1
            case .int16, .uint16: 2
            case .int32, .uint32, .float32: 4
            case .int64, .uint64, .float64: 8
            }
        }

        /// The value at `offset` (which the caller has checked lies inside `bytes`) as a Double.
        @inline(__always)
        func value(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, bigEndian: Bool = false) -> Double {
            var raw: UInt64 = 0
            if bigEndian {
                for k in 0..<size { raw = raw << 8 | UInt64(bytes[offset + k]) }
            } else {
                for k in (0..<size).reversed() { raw = raw << 8 | UInt64(bytes[offset + k]) }
            }
            switch self {
            case .int8: return Double(Int8(truncatingIfNeeded: raw))
            case .uint8: return Double(UInt8(truncatingIfNeeded: raw))
            case .int16: return Double(Int16(truncatingIfNeeded: raw))
            case .uint16: return Double(UInt16(truncatingIfNeeded: raw))
            case .int32: return Double(Int32(truncatingIfNeeded: raw))
            case .uint32: return Double(UInt32(truncatingIfNeeded: raw))
            case .int64: return Double(Int64(bitPattern: raw))
            case .uint64: return Double(raw)
            case .float32: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
            case .float64: return Double(bitPattern: raw)
            }
        }

        /// A value written as text (`nan` in any case included); nil when the word is not a
        /// number of this type.
        func value(text word: Substring) -> Double? {
            switch self {
            case .float32:
                if word.lowercased() == "nan" { return .nan }
                return Float(word).map { Double($0) }
            case .float64:
                if word.lowercased() == "nan" { return .nan }
                return Double(word)
            case .int8, .int16, .int32, .int64:
                return Int64(word).map { Double($0) }
            case .uint8, .uint16, .uint32, .uint64:
                return UInt64(word).map { Double($0) }
            }
        }
    }

    // MARK: text

    static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0d || c == 0x0b || c == 0x0c }

    /// The words of a line (split at blanks).
    static func words(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" })
    }

    /// Header lines: reads up to each '\n' from `position` (a trailing '\r' dropped); nil at the
    /// end of the bytes. Refuses control bytes other than tab (a header is text) and headers
    /// longer than 64 KiB.
    struct HeaderLines {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var number = 0
        static let maxHeaderBytes = 64 * 1024

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() throws(NativeFailure) -> Substring? {
            guard position < bytes.count else { return nil }
            var end = position
            while end < bytes.count && bytes[end] != 0x0a { end += 1 }
            let start = position
            position = min(end + 1, bytes.count)
            number += 1
            if end > Self.maxHeaderBytes { throw CloudFileReader.fail("header longer than \(Self.maxHeaderBytes) bytes") }
            var last = end
            if last > start && bytes[last - 1] == 0x0d { last -= 1 }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<last])
            if slice.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7f }) {
                throw CloudFileReader.fail("line \(number): control character in the header")
            }
            return Substring(String(decoding: slice, as: UTF8.self))
        }
    }

    /// Body lines of an ASCII file: each line's words, blank lines skipped.
    struct BodyLines {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int

        /// The words of the next line with any, or nil at the end of the bytes.
        mutating func next() -> [Substring]? {
            while position < bytes.count {
                var end = position
                while end < bytes.count && bytes[end] != 0x0a { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
                position = end + 1
                if line.allSatisfy({ CloudFileReader.isBlank($0) }) { continue }
                return CloudFileReader.words(Substring(String(decoding: line, as: UTF8.self)))
            }
            return nil
        }
    }

    static func wholeNumber(_ word: Substring) -> Int? {
        guard !word.isEmpty, word.count <= 18, word.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        return Int(word)
    }

    // MARK: the points

    /// Collects the finite points of a cloud of `declared` points, as PCL's conversion did.
    struct Collector {
        var xyz: [Float] = []
        var index: [Int32]?

        /// `fileBytes`: the file's size, which caps the memory reserved up front (a header may
        /// declare many more points than its body holds; the reader finds out as it reads).
        init(declared: Int, organized: Bool, fileBytes: Int) {
            let expected = min(declared, fileBytes)
            xyz.reserveCapacity(3 * expected)
            if organized { index = []; index!.reserveCapacity(expected) }
        }

        static func fits(_ v: Double) -> Bool { v.isFinite && abs(v) <= Double(Float.greatestFiniteMagnitude) }

        @inline(__always)
        mutating func add(_ i: Int, _ x: Double, _ y: Double, _ z: Double) {
            guard Self.fits(x), Self.fits(y), Self.fits(z) else { return }
            xyz.append(Float(x))
            xyz.append(Float(y))
            xyz.append(Float(z))
            index?.append(Int32(truncatingIfNeeded: i))
        }

        func loaded(declared: Int, width: Int, height: Int) -> NativeCloud.Loaded {
            NativeCloud.Loaded(points: PointCloud(xyz: xyz), declared: declared, width: width, height: height,
                               pixelIndex: height > 1 ? index : nil)
        }
    }
}
