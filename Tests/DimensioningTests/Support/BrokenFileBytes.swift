import Foundation

/// Byte-level builders for the broken-input corpus: PNG, NPY, PCD and PLY files written from
/// scratch, so that any field can be made to lie.
///
/// Depends on Foundation only (no `Dimensioning`, no `Testing`): the fuzz script compiles this
/// file and `BrokenInputCorpus.swift` into a small seed generator with swiftc.
enum BrokenFileBytes {
    // MARK: Checksums

    /// CRC-32 (ISO 3309, polynomial 0xEDB88320, reflected), as PNG chunks use it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32, the checksum that ends a zlib stream.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func littleEndian32(_ value: UInt32) -> [UInt8] { bigEndian(value).reversed() }

    // MARK: PNG

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One PNG chunk: length, type, data, CRC over type and data (a valid CRC unless `badCRC`).
    static func chunk(_ type: String, _ data: [UInt8], badCRC: Bool = false) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let crc = crc32(typeBytes + data) ^ (badCRC ? 0xDEAD_BEEF : 0)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc)
    }

    /// An IHDR chunk declaring `width` x `height` of `bitDepth` bits, `colourType` (0 gray, 2 RGB).
    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colourType, 0, 0, 0])
    }

    /// A zlib stream of stored (uncompressed) deflate blocks holding `data`.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let final: UInt8 = offset + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    /// A grayscale PNG (bit depth 8 or 16) of `width` x `height`; `sample(x, y)` gives each pixel.
    static func grayPNG(width: Int, height: Int, bitDepth: UInt8 = 16, sample: (Int, Int) -> UInt16) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * Int(bitDepth) / 8))
        for y in 0..<height {
            raw.append(0)  // filter type None
            for x in 0..<width {
                let v = sample(x, y)
                if bitDepth == 16 { raw += [UInt8(v >> 8), UInt8(v & 0xFF)] } else { raw.append(UInt8(truncatingIfNeeded: v)) }
            }
        }
        return pngSignature + ihdr(width: UInt32(width), height: UInt32(height), bitDepth: bitDepth)
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// An 8-bit RGB PNG (colour type 2), which the depth reader must refuse.
    static func rgbPNG(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height { raw.append(0); raw += [UInt8](repeating: 0x80, count: width * 3) }
        return pngSignature + ihdr(width: UInt32(width), height: UInt32(height), bitDepth: 8, colourType: 2)
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// A PNG whose IHDR (with a correct CRC) claims `width` x `height`, followed by a tiny IDAT.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        pngSignature + ihdr(width: width, height: height, bitDepth: 16)
            + chunk("IDAT", zlibStored([0, 0, 0])) + chunk("IEND", [])
    }

    // MARK: NPY

    /// NPY v1.0 bytes with the given dictionary fields and payload.
    static func npy(descr: String, shape: String, payload: [UInt8]) -> [UInt8] {
        var dict = "{'descr': '\(descr)', 'fortran_order': False, 'shape': \(shape), }"
        while (10 + dict.utf8.count + 1) % 64 != 0 { dict += " " }
        dict += "\n"
        let n = dict.utf8.count
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(n & 0xFF), UInt8(n >> 8)] + Array(dict.utf8) + payload
    }

    static func float32Payload(_ values: [Float]) -> [UInt8] {
        values.flatMap { littleEndian32($0.bitPattern) }
    }

    // MARK: Point clouds

    /// A PCD v0.7 header for x y z float fields; every count may lie.
    static func pcdHeader(points: Int, width: Int? = nil, data: String = "ascii",
                          type: String = "F F F", size: String = "4 4 4") -> String {
        """
        # .PCD v0.7 - Point Cloud Data file format
        VERSION 0.7
        FIELDS x y z
        SIZE \(size)
        TYPE \(type)
        COUNT 1 1 1
        WIDTH \(width ?? points)
        HEIGHT 1
        VIEWPOINT 0 0 0 1 0 0 0
        POINTS \(points)
        DATA \(data)

        """
    }

    /// `count` ascii points on a small grid.
    static func asciiPoints(_ count: Int) -> String {
        (0..<count).map { i in "\(Double(i % 10) * 0.01) \(Double(i / 10) * 0.01) 1.0\n" }.joined()
    }

    /// A PLY header with `vertices` declared vertices whose x y z have `type`.
    static func plyHeader(vertices: Int, format: String = "ascii", type: String = "float") -> String {
        "ply\nformat \(format) 1.0\nelement vertex \(vertices)\nproperty \(type) x\nproperty \(type) y\nproperty \(type) z\nend_header\n"
    }
}
