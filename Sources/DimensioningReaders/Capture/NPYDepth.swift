import Dimensioning

/// A strict reader for the NumPy `.npy` depth images older Stray Scanner versions wrote
/// (internal).
///
/// Accepted: magic `\x93NUMPY`, format version 1, 2 or 3, a header dictionary with exactly
/// the keys `descr`, `fortran_order` and `shape`, where `descr` is `'<f4'` (float32 metres)
/// or `'<u2'` (uint16 millimetres), `fortran_order` is `False` and `shape` is `(height, width)`;
/// the data must be exactly `height * width` items. Everything else is refused with a reason.
///
/// Depth comes out in metres, row-major; 0 means "no return". Float32 values that are NaN,
/// infinite or not positive are stored as 0 (ARKit marks missing depth that way).
enum NPYDepth {
    struct Image: Sendable, Equatable {
        var width: Int
        var height: Int
        /// Row-major z-depth in metres; 0 = no return.
        var depth: [Float]
    }

    enum ElementType: String, Sendable {
        case float32Metres = "<f4"
        case uint16Millimetres = "<u2"

        var size: Int { self == .float32Metres ? 4 : 2 }
    }

    /// The header fields of an `.npy` file.
    struct Header: Sendable, Equatable {
        var element: ElementType
        var height: Int
        var width: Int
        /// Offset of the first data byte.
        var dataOffset: Int
    }

    /// Decodes a depth image; `file` names the file in error messages.
    static func decode(_ bytes: [UInt8], file: String, limits: CaptureLimits) throws(DimensioningError) -> Image {
        let header = try parseHeader(bytes, file: file, limits: limits)
        let count = header.width * header.height
        let needed = count * header.element.size
        let available = bytes.count - header.dataOffset
        guard available == needed else {
            throw .unreadableCapture(file: file, reason: "NPY data is \(available) bytes but shape (\(header.height), \(header.width)) of \(header.element.rawValue) needs \(needed)")
        }
        var depth = [Float](repeating: 0, count: count)
        bytes.withUnsafeBytes { raw in
            let data = UnsafeRawBufferPointer(rebasing: raw[header.dataOffset...])
            switch header.element {
            case .float32Metres:
                for i in 0..<count {
                    let bits = UInt32(littleEndian: data.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
                    let value = Float(bitPattern: bits)
                    depth[i] = value.isFinite && value > 0 ? value : 0
                }
            case .uint16Millimetres:
                for i in 0..<count {
                    let mm = UInt16(littleEndian: data.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self))
                    depth[i] = Float(mm) / 1000
                }
            }
        }
        return Image(width: header.width, height: header.height, depth: depth)
    }

    /// Parses and checks the magic, version and header dictionary (no data is read).
    static func parseHeader(_ bytes: [UInt8], file: String, limits: CaptureLimits) throws(DimensioningError) -> Header {
        func fail(_ reason: String) -> DimensioningError { .unreadableCapture(file: file, reason: reason) }
        let magic: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59]  // \x93NUMPY
        guard bytes.count >= 10, Array(bytes[0..<6]) == magic else {
            throw fail("not an NPY file (missing the \\x93NUMPY magic)")
        }
        let major = bytes[6]
        let headerLength: Int, headerStart: Int
        switch major {
        case 1:
            headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
            headerStart = 10
        case 2, 3:
            guard bytes.count >= 12 else { throw fail("NPY file ends inside its header") }
            headerLength = Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
            headerStart = 12
        default:
            throw fail("NPY format version \(major).\(bytes[7]) is not supported (1, 2 or 3)")
        }
        guard headerStart + headerLength <= bytes.count else {
            throw fail("NPY header claims \(headerLength) bytes but the file ends after \(bytes.count - headerStart)")
        }
        let text = String(decoding: bytes[headerStart..<(headerStart + headerLength)], as: UTF8.self)
        let dict = try NPYHeaderParser.parse(text, file: file)

        let keys = Set(dict.keys)
        guard keys == ["descr", "fortran_order", "shape"] else {
            throw fail("NPY header has keys \(keys.sorted()); expected exactly descr, fortran_order, shape")
        }
        guard case let .string(descr)? = dict["descr"] else { throw fail("NPY descr is not a string") }
        guard let element = ElementType(rawValue: descr) else {
            throw fail("NPY descr '\(descr)' is not supported ('<f4' float32 metres or '<u2' uint16 millimetres)")
        }
        guard case let .bool(fortran)? = dict["fortran_order"] else { throw fail("NPY fortran_order is not True/False") }
        guard !fortran else { throw fail("NPY fortran_order True is not supported (row-major data only)") }
        guard case let .tuple(shape)? = dict["shape"] else { throw fail("NPY shape is not a tuple") }
        guard shape.count == 2 else {
            throw fail("NPY shape has \(shape.count) dimensions; expected (height, width)")
        }
        let height = shape[0], width = shape[1]
        if let problem = limits.imageSizeProblem(width: width, height: height) { throw fail("NPY " + problem) }
        return Header(element: element, height: height, width: width, dataOffset: headerStart + headerLength)
    }
}
