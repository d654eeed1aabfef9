import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBarcodes

/// The C boundary over zxing-cpp and FFmpeg: known answers, module counts, and bad input
/// that must become errors (a zxing assertion, a truncated video), never a crash.
@Suite struct NativeBarcodeTests {
    /// `matrix` drawn at `scale` pixels a module with a white quiet zone; linear codes get
    /// `barRows` rows of bars.
    static func draw(_ matrix: ModuleMatrix, scale: Int, quiet: Int = 10, barRows: Int = 40) -> LumaImage {
        let rows = matrix.height == 1 ? barRows : matrix.height
        let width = (matrix.width + 2 * quiet) * scale, height = (rows + 2 * quiet) * scale
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<(rows * scale) {
            for x in 0..<(matrix.width * scale) where matrix.isDark(x: x / scale, y: matrix.height == 1 ? 0 : y / scale) {
                pixels[(y + quiet * scale) * width + x + quiet * scale] = 0
            }
        }
        return LumaImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(BarcodeSymbology.qrCode, "PARCEL-000123", 21), (.code128, "PARCEL-000123", 156),
                      (.ean13, "4006381333931", 95), (.code93, "PARCEL123", 118), (.dataMatrix, "PARCEL-000123", 32)])
    func writtenCodesReadBackWithTheirModuleCount(symbology: BarcodeSymbology, text: String, modules: Int) throws {
        let matrix = try NativeBarcode.encode(symbology, text: text)
        #expect(matrix.width == modules)
        let symbols = try NativeBarcode.decode(Self.draw(matrix, scale: 3))
        #expect(symbols.count == 1)
        let symbol = try #require(symbols.first)
        #expect(symbol.symbology == symbology && symbol.text == text)
        #expect(symbol.modulesAcross == modules)
        // The symbol's width from its corners is the module count times 3 pixels (±1 pixel).
        let c = symbol.corners
        let width = ((c[1] - c[0]) * (c[1] - c[0])).sum().squareRoot()
        #expect(abs(width - Double(modules * 3)) <= 1.0, "width \(width) px for \(modules) modules of 3 px")
    }

    @Test func code39HasNoModuleCount() throws {
        // Its wide/narrow ratio is free: the width does not fix the module, so none is claimed.
        let symbols = try NativeBarcode.decode(Self.draw(try NativeBarcode.encode(.code39, text: "PARCEL123"), scale: 3))
        #expect(symbols.first?.text == "PARCEL123")
        #expect(symbols.first?.modulesAcross == nil)
    }

    @Test func textASymbologyCannotHoldIsRefused() {
        #expect(throws: NativeBarcodeFailure.self) { try NativeBarcode.encode(.ean13, text: "NOT-DIGITS") }
    }

    @Test func aZxingAssertionIsAnErrorNotACrash() throws {
        // zxing-cpp 1.4 asserts when its downscaled pyramid finds a linear code twice (issue #740).
        let image = Self.draw(try NativeBarcode.encode(.ean13, text: "4006381333931"), scale: 6, barRows: 120)
        #expect(throws: NativeBarcodeFailure.self) { try NativeBarcode.decode(image, tryDownscale: true) }
        #expect(try NativeBarcode.decode(image).first?.text == "4006381333931", "the default path reads it")
    }

    @Test func blankAndTinyImagesReadNothing() throws {
        #expect(try NativeBarcode.decode(LumaImage(width: 64, height: 48, pixels: .init(repeating: 128, count: 64 * 48))).isEmpty)
        #expect(throws: NativeBarcodeFailure.self) { try NativeBarcode.decode(LumaImage(width: 0, height: 0, pixels: [])) }
    }

    @Test func videoRoundTripAndATruncatedVideoNamesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cbc-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("rgb.mp4")
        let writer = try NativeVideoWriter(path: url.path, width: 64, height: 48, framesPerSecond: 30)
        for f in 0..<5 {
            try writer.add(rgb: (0..<(64 * 48 * 3)).map { UInt8(truncatingIfNeeded: ($0 / 3 % 64) * 4 + f * 20) })
        }
        try writer.finish()
        let reader = try NativeVideoReader(path: url.path, maxWidth: 4096, maxHeight: 4096)
        #expect(reader.width == 64 && reader.height == 48)
        var count = 0
        while let frame = try reader.next(image: true) {
            #expect(frame.index == count && frame.image?.pixels.count == 64 * 48)
            count += 1
        }
        #expect(count == 5)

        let bytes = try Data(contentsOf: url)
        let truncated = folder.appendingPathComponent("truncated.mp4")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        var error: NativeBarcodeFailure?
        do { _ = try NativeVideoReader(path: truncated.path, maxWidth: 4096, maxHeight: 4096) } catch let e { error = e }
        #expect(error?.kind == .format)
        #expect(error?.message.contains(truncated.path) == true)
        #expect(throws: NativeBarcodeFailure.self) { try NativeVideoReader(path: folder.appendingPathComponent("none.mp4").path, maxWidth: 4096, maxHeight: 4096) }
        #expect(throws: NativeBarcodeFailure.self) { try NativeVideoReader(path: url.path, maxWidth: 32, maxHeight: 32) }
    }
}
