import CPointCloud

/// A decoded single-channel image (internal; see `cpc_gray_image`).
package struct GrayImage: Sendable, Equatable {
    var width: Int
    var height: Int
    /// Bit depth stored in the file: 8 or 16.
    var bitDepth: Int
    /// Row-major samples; 8-bit images widened without scaling.
    package var pixels: [UInt16]
}

/// PNG decoding and encoding through the C boundary: decoding takes the shim's fast path
/// (libdeflate) for plain grayscale files and libpng for everything else; encoding is libpng.
package enum NativePNG {
    /// One of the C decoders (`cpc_png_decode_gray` and its reference and fast-only variants).
    typealias CDecoder = (UnsafePointer<UInt8>?, Int, UInt32, UInt32, UnsafeMutablePointer<cpc_gray_image>?,
                          UnsafeMutablePointer<cpc_error>?) -> cpc_status

    /// Decodes a grayscale PNG held in memory, refusing images larger than the limits before
    /// allocating them.
    static func decodeGray(_ bytes: [UInt8], maxWidth: Int, maxHeight: Int) throws(NativeFailure) -> GrayImage {
        try decodeGray(bytes, maxWidth: maxWidth, maxHeight: maxHeight, with: cpc_png_decode_gray)
    }

    /// As `decodeGray`, always through libpng: the reference the fast path is tested against.
    package static func decodeGrayLibpng(_ bytes: [UInt8], maxWidth: Int, maxHeight: Int) throws(NativeFailure) -> GrayImage {
        try decodeGray(bytes, maxWidth: maxWidth, maxHeight: maxHeight, with: cpc_png_decode_gray_libpng)
    }

    /// As `decodeGray`, through the fast path alone: fails (`.format`) for any file the fast
    /// path leaves to libpng. For tests that must know the fast path decoded a file.
    static func decodeGrayFastOnly(_ bytes: [UInt8], maxWidth: Int, maxHeight: Int) throws(NativeFailure) -> GrayImage {
        try decodeGray(bytes, maxWidth: maxWidth, maxHeight: maxHeight, with: cpc_png_decode_gray_fast_only)
    }

    private static func decodeGray(_ bytes: [UInt8], maxWidth: Int, maxHeight: Int,
                                   with decoder: CDecoder) throws(NativeFailure) -> GrayImage {
        var image = cpc_gray_image()
        try NativeFailure.check { error in
            bytes.withUnsafeBufferPointer { buffer in
                decoder(buffer.baseAddress, buffer.count, UInt32(clamping: maxWidth), UInt32(clamping: maxHeight),
                        &image, error)
            }
        }
        defer { cpc_free(image.pixels) }
        let count = Int(image.width) * Int(image.height)
        let pixels = Array(UnsafeBufferPointer(start: image.pixels, count: count))
        return GrayImage(width: Int(image.width), height: Int(image.height),
                         bitDepth: Int(image.bit_depth), pixels: pixels)
    }

    /// A decoded image still in the decoder's buffer (freed with the object): lets readers convert
    /// samples straight into their final type, without an intermediate `[UInt16]`.
    package final class Decoded {
        package let width: Int, height: Int, bitDepth: Int
        package let pixels: UnsafeBufferPointer<UInt16>

        fileprivate init(_ image: cpc_gray_image) {
            width = Int(image.width); height = Int(image.height); bitDepth = Int(image.bit_depth)
            pixels = UnsafeBufferPointer(start: image.pixels, count: width * height)
        }

        deinit { cpc_free(UnsafeMutablePointer(mutating: pixels.baseAddress)) }
    }

    /// As `decodeGray`, leaving the samples in the decoder's buffer.
    package static func decodeGrayInPlace(_ bytes: [UInt8], maxWidth: Int, maxHeight: Int) throws(NativeFailure) -> Decoded {
        var image = cpc_gray_image()
        try NativeFailure.check { error in
            bytes.withUnsafeBufferPointer { buffer in
                cpc_png_decode_gray(buffer.baseAddress, buffer.count, UInt32(clamping: maxWidth),
                                    UInt32(clamping: maxHeight), &image, error)
            }
        }
        return Decoded(image)
    }

    /// Writes a 16-bit grayscale PNG.
    package static func writeGray16(path: String, width: Int, height: Int, pixels: [UInt16]) throws(NativeFailure) {
        precondition(pixels.count == width * height)
        try NativeFailure.check { error in
            pixels.withUnsafeBytes { raw in
                cpc_png_write(path, UInt32(width), UInt32(height), 1, 16, raw.baseAddress, -1, error)
            }
        }
    }

    /// Writes an 8-bit PNG with 1 (gray) or 3 (RGB) channels.
    package static func write8(path: String, width: Int, height: Int, channels: Int, pixels: [UInt8]) throws(NativeFailure) {
        precondition(pixels.count == width * height * channels)
        try NativeFailure.check { error in
            pixels.withUnsafeBytes { raw in
                cpc_png_write(path, UInt32(width), UInt32(height), UInt32(channels), 8, raw.baseAddress, -1, error)
            }
        }
    }
}
