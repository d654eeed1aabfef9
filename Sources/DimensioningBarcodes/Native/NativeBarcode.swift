import CBarcode
import Dimensioning

/// A failure reported by the barcode shim through `cbc_status`, with its message. Internal:
/// readers turn it into `DimensioningError.unreadableCapture(file:reason:)` naming the file.
package struct NativeBarcodeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        case invalidArgument, io, format, tooLarge, end, internalError, unsupported
    }
    package var kind: Kind
    package var message: String

    package var description: String { message }

    /// Runs a C call that fills a `cbc_error` and returns a status; throws on failure.
    static func check(_ body: (UnsafeMutablePointer<cbc_error>) -> cbc_status) throws(NativeBarcodeFailure) {
        var error = cbc_error()
        let status = body(&error)
        if status == CBC_OK { return }
        let message = withUnsafeBytes(of: &error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let kind: Kind
        switch status {
        case CBC_ERR_INVALID_ARGUMENT: kind = .invalidArgument
        case CBC_ERR_IO: kind = .io
        case CBC_ERR_FORMAT: kind = .format
        case CBC_ERR_TOO_LARGE: kind = .tooLarge
        case CBC_ERR_END: kind = .end
        case CBC_ERR_UNSUPPORTED: kind = .unsupported
        default: kind = .internalError
        }
        throw NativeBarcodeFailure(kind: kind, message: message.isEmpty ? "status \(status.rawValue)" : message)
    }
}

/// One symbol as zxing-cpp decoded it in one image (see `cbc_barcode`).
package struct DecodedSymbol: Sendable, Equatable {
    package var symbology: BarcodeSymbology
    package var text: String
    /// Top-left, top-right, bottom-right, bottom-left in the symbol's reading orientation, image
    /// pixels (pixel centres at integers).
    package var corners: [SIMD2<Double>]
    /// Modules across the reading direction; nil when the symbology does not fix it.
    package var modulesAcross: Int?
    /// Matrix codes: module rows; nil otherwise.
    package var modulesDown: Int?
    /// Linear codes: scan lines that agreed.
    package var lineCount: Int
}

/// Barcode reading and writing, focus measure, colour PNGs and video through the C boundary.
package enum NativeBarcode {
    /// Decodes every symbol in an 8-bit grey image. A library assertion or exception is a
    /// `NativeBarcodeFailure` (`.internalError`), never a crash.
    /// With `region`, only that part of the image is shown to zxing (no copy: a view with the
    /// image's row stride); corners are still in the whole image's pixels. A region not wholly
    /// inside the image is `.invalidArgument`. `upscale` (1...4) enlarges what zxing sees that
    /// many times, bilinearly (`cbc_decode_options.upscale`); corners stay in image pixels.
    package static func decode(_ image: LumaImage, region: PixelRect? = nil, upscale: Int = 1,
                               symbologies: Set<BarcodeSymbology> = [],
                               tryHarder: Bool = true, tryRotate: Bool = true,
                               tryDownscale: Bool = false) throws(NativeBarcodeFailure) -> [DecodedSymbol] {
        let area = region ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        guard region == nil || area.fits(width: image.width, height: image.height) else {
            throw NativeBarcodeFailure(kind: .invalidArgument, message: "region \(area) outside the \(image.width)x\(image.height) image")
        }
        var options = cbc_decode_options()
        cbc_decode_options_init(&options)
        options.symbologies = symbologies.reduce(0) { $0 | (1 << UInt32($1.native.rawValue)) }
        options.try_harder = tryHarder ? 1 : 0
        options.try_rotate = tryRotate ? 1 : 0
        options.try_downscale = tryDownscale ? 1 : 0
        options.upscale = UInt32(clamping: upscale)
        var found = cbc_barcodes()
        try NativeBarcodeFailure.check { error in
            image.pixels.withUnsafeBufferPointer { buffer in
                cbc_decode(buffer.baseAddress.map { $0 + area.y * image.width + area.x }, UInt32(area.width), UInt32(area.height),
                           1, image.width, &options, &found, error)
            }
        }
        defer { cbc_barcodes_free(&found) }
        var symbols: [DecodedSymbol] = []
        for i in 0..<found.count {
            let item = found.items[i]
            guard let symbology = BarcodeSymbology(native: item.symbology), let text = item.text else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: item.text_length)
            let c = withUnsafeBytes(of: item.corners) { Array($0.bindMemory(to: Double.self)) }
            symbols.append(DecodedSymbol(
                symbology: symbology, text: String(decoding: bytes, as: UTF8.self),
                corners: (0..<4).map { SIMD2(c[2 * $0] + Double(area.x), c[2 * $0 + 1] + Double(area.y)) },
                modulesAcross: item.modules_across > 0 ? Int(item.modules_across) : nil,
                modulesDown: item.modules_down > 0 ? Int(item.modules_down) : nil,
                lineCount: Int(item.line_count)))
        }
        return symbols
    }

    /// The disjoint regions of a grey image with code-like texture (`cbc_find_code_regions`):
    /// `cell`-pixel cells with at least `minContrast` grey levels and several light/dark changes
    /// per line both ways, grouped, each group's box grown by `margin` pixels. Empty when none.
    package static func codeRegions(_ image: LumaImage, cell: Int, minContrast: Int,
                                    margin: Int) throws(NativeBarcodeFailure) -> [PixelRect] {
        var options = cbc_region_options()
        cbc_region_options_init(&options)
        options.cell = UInt32(clamping: cell)
        options.min_contrast = UInt32(clamping: minContrast)
        options.margin = UInt32(clamping: margin)
        var found = cbc_rects()
        try NativeBarcodeFailure.check { error in
            image.pixels.withUnsafeBufferPointer { buffer in
                cbc_find_code_regions(buffer.baseAddress, UInt32(image.width), UInt32(image.height), image.width, &options,
                                      &found, error)
            }
        }
        defer { cbc_free(found.items) }
        return (0..<found.count).map { i in
            let r = found.items[i]
            return PixelRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
        }
    }

    /// zxing-cpp's writer at one pixel per module (no quiet zone): `modules[y * width + x]` is
    /// true for dark. `ecLevel` as `cbc_encode` (-1: the writer's default).
    package static func encode(_ symbology: BarcodeSymbology, text: String,
                               ecLevel: Int = -1) throws(NativeBarcodeFailure) -> ModuleMatrix {
        var matrix = cbc_module_matrix()
        try NativeBarcodeFailure.check { error in cbc_encode(symbology.native, text, Int32(ecLevel), &matrix, error) }
        defer { cbc_free(matrix.modules) }
        let count = Int(matrix.width) * Int(matrix.height)
        let modules = UnsafeBufferPointer(start: matrix.modules, count: count).map { $0 != 0 }
        return ModuleMatrix(width: Int(matrix.width), height: Int(matrix.height), modules: modules)
    }

    /// Variance of the Laplacian at every `step`-th pixel (`cbc_sharpness`), grey levels squared.
    package static func sharpness(_ image: LumaImage, step: Int) -> Double {
        image.pixels.withUnsafeBufferPointer { buffer in
            cbc_sharpness(buffer.baseAddress, UInt32(image.width), UInt32(image.height), image.width, UInt32(max(1, step)))
        }
    }

    /// Decodes any PNG to 8-bit grey, refusing images beyond the limits before allocating.
    package static func decodePNGLuma(_ bytes: [UInt8], maxWidth: Int, maxHeight: Int) throws(NativeBarcodeFailure) -> LumaImage {
        var image = cbc_image()
        try NativeBarcodeFailure.check { error in
            bytes.withUnsafeBufferPointer { buffer in
                cbc_png_decode_gray8(buffer.baseAddress, buffer.count, UInt32(clamping: maxWidth), UInt32(clamping: maxHeight),
                                     &image, error)
            }
        }
        return LumaImage(taking: image)
    }

    /// Writes a packed 8-bit image (1 or 3 channels) as a PNG.
    package static func writePNG8(path: String, width: Int, height: Int, channels: Int,
                                  pixels: [UInt8]) throws(NativeBarcodeFailure) {
        precondition(pixels.count == width * height * channels)
        try NativeBarcodeFailure.check { error in
            pixels.withUnsafeBufferPointer { buffer in
                var image = cbc_image(width: UInt32(width), height: UInt32(height), channels: UInt32(channels),
                                      row_stride: width * channels, pixels: UnsafeMutablePointer(mutating: buffer.baseAddress))
                return cbc_png_write8(path, &image, error)
            }
        }
    }
}

extension LumaImage {
    /// Takes a grey `cbc_image` from the shim and frees its buffer.
    init(taking image: cbc_image) {
        let count = Int(image.width) * Int(image.height)
        let pixels = Array(UnsafeBufferPointer(start: image.pixels, count: count))
        cbc_free(image.pixels)
        self.init(width: Int(image.width), height: Int(image.height), pixels: pixels)
    }
}

/// A symbol's modules at one pixel per module, dark = true (zxing-cpp's writer).
package struct ModuleMatrix: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var modules: [Bool]

    package func isDark(x: Int, y: Int) -> Bool { modules[y * width + x] }
}

extension BarcodeSymbology {
    var native: cbc_symbology {
        switch self {
        case .aztec: return CBC_SYM_AZTEC
        case .codabar: return CBC_SYM_CODABAR
        case .code39: return CBC_SYM_CODE39
        case .code93: return CBC_SYM_CODE93
        case .code128: return CBC_SYM_CODE128
        case .dataBar: return CBC_SYM_DATABAR
        case .dataBarExpanded: return CBC_SYM_DATABAR_EXPANDED
        case .dataMatrix: return CBC_SYM_DATA_MATRIX
        case .ean8: return CBC_SYM_EAN8
        case .ean13: return CBC_SYM_EAN13
        case .itf: return CBC_SYM_ITF
        case .maxiCode: return CBC_SYM_MAXICODE
        case .pdf417: return CBC_SYM_PDF417
        case .qrCode: return CBC_SYM_QR_CODE
        case .upcA: return CBC_SYM_UPC_A
        case .upcE: return CBC_SYM_UPC_E
        case .microQRCode: return CBC_SYM_MICRO_QR_CODE
        }
    }

    init?(native: cbc_symbology) {
        guard let found = BarcodeSymbology.allCases.first(where: { $0.native == native }) else { return nil }
        self = found
    }
}
