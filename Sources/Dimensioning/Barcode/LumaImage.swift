/// An 8-bit grey (luma) image: what the barcode reader decodes. Row-major, top row first,
/// `width * height` values; pixel (x, y) at `pixels[y * width + x]`, its centre at (x, y) in the
/// image coordinates barcode corners are given in.
public struct LumaImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixels must hold width * height values")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Luma of packed RGB (ITU-R BT.601 weights, zxing-cpp's own conversion).
    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3, "rgb must hold width * height * 3 values")
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            for i in 0..<(width * height) {
                let r = UInt32(rgb[3 * i]), g = UInt32(rgb[3 * i + 1]), b = UInt32(rgb[3 * i + 2])
                out[i] = UInt8((306 * r + 601 * g + 117 * b + 0x200) >> 10)
            }
            initialized = width * height
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
