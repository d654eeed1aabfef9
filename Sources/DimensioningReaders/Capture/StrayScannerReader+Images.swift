import Dimensioning
import Foundation

extension StrayScannerReader {
    /// Reads one depth image in metres: a 16-bit grayscale PNG in millimetres (0 = no return),
    /// or an `.npy` file (float32 metres or uint16 millimetres, see `NPYDepth`).
    static func readDepth(_ url: URL, limits: CaptureLimits) throws(DimensioningError) -> NPYDepth.Image {
        let bytes = try CaptureFile.readBytes(url, maxBytes: limits.maxFileBytes)
        if url.pathExtension.lowercased() == "npy" {
            return try NPYDepth.decode(bytes, file: url.path, limits: limits)
        }
        let image = try decodePNG(bytes, url: url, limits: limits)
        guard image.bitDepth == 16 else {
            throw .unreadableCapture(file: url.path,
                                     reason: "depth PNG is \(image.bitDepth)-bit; expected 16-bit millimetres")
        }
        let pixels = image.pixels
        let depth = [Float](unsafeUninitializedCapacity: pixels.count) { out, initialized in
            for i in 0..<pixels.count { out[i] = Float(pixels[i]) / 1000 }
            initialized = pixels.count
        }
        return NPYDepth.Image(width: image.width, height: image.height, depth: depth)
    }

    /// Reads one confidence image (8-bit, values 0, 1, 2) and checks its size against the
    /// depth image of frame `frameName`.
    static func readConfidence(_ url: URL, frameName: String, depthWidth: Int, depthHeight: Int,
                               limits: CaptureLimits) throws(DimensioningError) -> [UInt8] {
        let file = url.path
        let bytes = try CaptureFile.readBytes(url, maxBytes: limits.maxFileBytes)
        let image = try decodePNG(bytes, url: url, limits: limits)
        guard image.bitDepth == 8 else {
            throw .unreadableCapture(file: file, reason: "confidence PNG is \(image.bitDepth)-bit; expected 8-bit")
        }
        guard image.width == depthWidth, image.height == depthHeight else {
            throw .unreadableCapture(file: file, reason: "PNG is \(image.width)x\(image.height) but frame \(frameName) depth is \(depthWidth)x\(depthHeight)")
        }
        let pixels = image.pixels
        var largest: UInt16 = 0
        for v in pixels { largest = max(largest, v) }
        if largest > 2, let i = pixels.firstIndex(where: { $0 > 2 }) {
            throw .unreadableCapture(file: file, reason: "confidence \(pixels[i]) at pixel (\(i % image.width), \(i / image.width)); values must be 0, 1 or 2")
        }
        return [UInt8](unsafeUninitializedCapacity: pixels.count) { out, initialized in
            for i in 0..<pixels.count { out[i] = UInt8(truncatingIfNeeded: pixels[i]) }
            initialized = pixels.count
        }
    }

    /// Decodes a grayscale PNG through the shim (`NativePNG`: its fast path, or libpng), mapping
    /// failures to `unreadableCapture` naming the file. The samples stay in the decoder's buffer;
    /// callers convert them once into their final type.
    static func decodePNG(_ bytes: [UInt8], url: URL, limits: CaptureLimits) throws(DimensioningError) -> NativePNG.Decoded {
        // libpng refuses oversized images too, but reports them as a bad IHDR; say it plainly.
        if let (width, height) = pngDeclaredSize(bytes),
           let problem = limits.imageSizeProblem(width: width, height: height) {
            throw .unreadableCapture(file: url.path, reason: "PNG " + problem)
        }
        do {
            return try NativePNG.decodeGrayInPlace(bytes, maxWidth: limits.maxImageWidth, maxHeight: limits.maxImageHeight)
        } catch {
            throw .unreadableCapture(file: url.path, reason: "PNG: \(error.message)")
        }
    }

    /// The width and height a PNG declares in its IHDR chunk (the first chunk, right after the
    /// 8-byte signature), without decoding anything; nil when the bytes do not start that way.
    static func pngDeclaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func bigEndian(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }
}
