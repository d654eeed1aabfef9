import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBarcodes

/// The texture search that tells zxing-cpp where to look (`NativeBarcode.codeRegions`) and the
/// reading policy around it (`FrameReader`): the code's region is found, plain surfaces and
/// straight edges give none, and a code the search misses is still read by the whole-frame
/// fallback.
@Suite struct BarcodeRegionsTests {
    /// A `width` x `height` cardboard-grey image with seeded sensor noise (sigma about 2 grey
    /// levels) and a dark-to-light straight edge at column `edge` (nil: none).
    static func plain(width: Int = 640, height: Int = 480, edge: Int? = nil) -> LumaImage {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int((state >> 33) % 7) - 3
                let base = edge.map { x < $0 + y / 8 ? 60 : 170 } ?? 150
                pixels[y * width + x] = UInt8(clamping: base + noise)
            }
        }
        return LumaImage(width: width, height: height, pixels: pixels)
    }

    /// `code` (a drawn symbol) pasted into `image` with its top-left pixel at (x, y).
    static func paste(_ code: LumaImage, into image: LumaImage, x: Int, y: Int) -> LumaImage {
        var out = image
        for row in 0..<code.height {
            for column in 0..<code.width {
                out.pixels[(y + row) * image.width + x + column] = code.pixels[row * code.width + column]
            }
        }
        return out
    }

    static func qr(_ text: String = "PARCEL-000123", scale: Int = 3) throws -> LumaImage {
        NativeBarcodeTests.draw(try NativeBarcode.encode(.qrCode, text: text), scale: scale, quiet: 4)
    }

    static let parameters = BarcodeParameters()

    static func regions(_ image: LumaImage, _ p: BarcodeParameters = parameters) throws -> [PixelRect] {
        try NativeBarcode.codeRegions(image, cell: p.regionCell, minContrast: p.regionMinContrast, margin: p.regionMargin)
    }

    @Test(arguments: [3, 7])
    func theCodesRegionIsFoundAndSmall(scale: Int) throws {
        let code = try Self.qr(scale: scale)
        let image = Self.paste(code, into: Self.plain(width: 960, height: 720), x: 500, y: 300)
        let regions = try Self.regions(image)
        #expect(regions.count == 1, "one region: \(regions)")
        let region = try #require(regions.first)
        // The symbol (inside its 4-module quiet zone) lies wholly in the region.
        let quiet = 4 * scale
        #expect(region.x <= 500 + quiet && region.y <= 300 + quiet)
        #expect(region.x + region.width >= 500 + code.width - quiet && region.y + region.height >= 300 + code.height - quiet)
        // And the region is a small part of the frame: a code plus margins.
        #expect(Double(region.area) < 0.2 * Double(image.width * image.height), "region \(region)")
        // zxing reads it there, corners in the whole image's pixels (the symbol starts at 500 + quiet).
        let symbols = try NativeBarcode.decode(image, region: region)
        let symbol = try #require(symbols.first)
        #expect(symbol.text == "PARCEL-000123")
        #expect(abs(symbol.corners[0].x - Double(500 + quiet) + 0.5) <= 1.0 && abs(symbol.corners[0].y - Double(300 + quiet) + 0.5) <= 1.0,
                "top-left corner \(symbol.corners[0])")
    }

    @Test(arguments: [BarcodeSymbology.code128, .ean13])
    func barsSquareToTheGridAreFound(symbology: BarcodeSymbology) throws {
        let text = symbology == .ean13 ? "4006381333931" : "PARCEL-000123"
        let code = NativeBarcodeTests.draw(try NativeBarcode.encode(symbology, text: text), scale: 2, quiet: 10, barRows: 30)
        let image = Self.paste(code, into: Self.plain(width: 960, height: 720), x: 300, y: 400)
        let regions = try Self.regions(image)
        #expect(regions.count == 1, "one region: \(regions)")
        let region = try #require(regions.first)
        #expect(region.contains(x: 300 + 20, y: 400 + 20) && region.contains(x: Double(300 + code.width - 21), y: Double(400 + code.height - 21)),
                "region \(region) holds the bars")
        #expect(try NativeBarcode.decode(image, region: region).first?.text == text)
    }

    @Test func plainTextureAndAStraightEdgeGiveNoRegion() throws {
        #expect(try Self.regions(Self.plain()).isEmpty)
        #expect(try Self.regions(Self.plain(edge: 200)).isEmpty, "a slanted edge of 110 grey levels is not code-like")
    }

    @Test func aRegionOutsideTheImageIsAnErrorNotACrash() throws {
        let image = Self.plain(width: 64, height: 48)
        #expect(throws: NativeBarcodeFailure.self) {
            try NativeBarcode.decode(image, region: PixelRect(x: 40, y: 0, width: 40, height: 48))
        }
        #expect(throws: NativeBarcodeFailure.self) {
            try NativeBarcode.codeRegions(image, cell: 2, minContrast: 40, margin: 0)
        }
    }

    static func reader(_ image: LumaImage, _ parameters: BarcodeParameters) -> FrameReader {
        let colour = ColourStream(source: .frames([image]),
                                  intrinsics: CameraIntrinsics(fx: 800, fy: 800, cx: Double(image.width) / 2,
                                                               cy: Double(image.height) / 2, width: image.width, height: image.height),
                                  frameIndices: [0])
        return FrameReader(colour: colour, depthFrameOf: [0: 0], parameters: parameters)
    }

    @Test func aFrameIsDecodedOnlyInItsRegions() throws {
        let image = Self.paste(try Self.qr(), into: Self.plain(width: 960, height: 720), x: 120, y: 420)
        var reader = Self.reader(image, Self.parameters)
        reader.offer(image, colourIndex: 0)
        reader.finish()
        #expect(reader.observations.map(\.text) == ["PARCEL-000123"])
        #expect(reader.passes == 1)
        #expect(Double(reader.pixelsDecoded) < 0.2 * Double(image.width * image.height), "\(reader.pixelsDecoded) pixels decoded")
    }

    @Test func aCodeOutsideAnyRegionIsReadByTheWholeFrameFallback() throws {
        let image = Self.paste(try Self.qr(), into: Self.plain(width: 960, height: 720), x: 600, y: 100)
        var parameters = Self.parameters
        parameters.regionMinContrast = 256 // no cell is ever code-like: the search finds nothing
        #expect(try Self.regions(image, parameters).isEmpty)
        var reader = Self.reader(image, parameters)
        reader.offer(image, colourIndex: 0)
        #expect(reader.observations.isEmpty, "nothing read from the (empty) regions")
        reader.finish()
        #expect(reader.observations.map(\.text) == ["PARCEL-000123"])
        #expect(reader.pixelsDecoded == image.width * image.height, "one whole-frame pass")
        let corner = try #require(reader.observations.first?.corners.first)
        #expect(abs(corner.x - (600 + 12 - 0.5)) <= 1.0 && abs(corner.y - (100 + 12 - 0.5)) <= 1.0, "corner \(corner)")
    }

    @Test func noCodeMeansNoTextAfterTheFallback() throws {
        let image = Self.plain(width: 960, height: 720, edge: 300)
        var reader = Self.reader(image, Self.parameters)
        reader.offer(image, colourIndex: 0)
        reader.finish()
        #expect(reader.observations.isEmpty)
        #expect(reader.passes == 1 && reader.pixelsDecoded == image.width * image.height, "the fallback ran once, whole")
    }

    @Test func busyFramesAreDecodedWhole() throws {
        let image = Self.paste(try Self.qr(), into: Self.plain(width: 320, height: 240), x: 100, y: 60)
        var parameters = Self.parameters
        parameters.regionMaxShare = 0.05 // the code's region is more than 5 % of this small frame
        var reader = Self.reader(image, parameters)
        #expect(reader.regions(of: image) == nil)
        reader.offer(image, colourIndex: 0)
        reader.finish()
        #expect(reader.observations.map(\.text) == ["PARCEL-000123"])
        #expect(reader.passes == 1 && reader.pixelsDecoded == image.width * image.height)
    }

    /// `image` shrunk to `1/factor` of its size (box average) and blurred by [1 2 1] / 4 both
    /// ways, as a lens would: modules of a fractional number of pixels with soft edges.
    static func shrunk(_ image: LumaImage, by factor: Int) -> LumaImage {
        let w = image.width / factor, h = image.height / factor
        var small = [Int](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for dy in 0..<factor { for dx in 0..<factor { sum += Int(image.pixels[(y * factor + dy) * image.width + x * factor + dx]) } }
                small[y * w + x] = sum / (factor * factor)
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                func at(_ xx: Int, _ yy: Int) -> Int { small[min(max(yy, 0), h - 1) * w + min(max(xx, 0), w - 1)] }
                var sum = 0
                for (dy, wy) in [(-1, 1), (0, 2), (1, 1)] { for (dx, wx) in [(-1, 1), (0, 2), (1, 1)] { sum += wy * wx * at(x + dx, y + dy) } }
                out[y * w + x] = UInt8((sum + 8) / 16)
            }
        }
        return LumaImage(width: w, height: h, pixels: out)
    }

    @Test func anEnlargedRegionReadsTheSameCodeWithTheSameCorners() throws {
        let image = Self.paste(try Self.qr(scale: 4), into: Self.plain(width: 480, height: 360), x: 150, y: 90)
        let region = try #require(try Self.regions(image).first)
        let plain = try #require(try NativeBarcode.decode(image, region: region).first)
        let enlarged = try #require(try NativeBarcode.decode(image, region: region, upscale: 2).first)
        #expect(enlarged.text == plain.text)
        for (a, b) in zip(enlarged.corners, plain.corners) {
            #expect(((a - b) * (a - b)).sum().squareRoot() <= 1.0, "corner \(a) enlarged vs \(b)")
        }
        #expect(throws: NativeBarcodeFailure.self) { try NativeBarcode.decode(image, region: region, upscale: 5) }
    }

    @Test func smallSoftModulesAreReadEnlarged() throws {
        // 4-pixel modules shrunk 2x and blurred: 2 soft pixels a module, as a 2 mm module about
        // 1.3 m from a 1920x1440 camera. zxing misses it at its own size.
        let code = Self.shrunk(try Self.qr(scale: 4), by: 2)
        let image = Self.paste(code, into: Self.plain(width: 480, height: 360), x: 200, y: 120)
        let region = try #require(try Self.regions(image).first)
        #expect(try NativeBarcode.decode(image, region: region).isEmpty, "not read at its own size")
        #expect(try NativeBarcode.decode(image, region: region, upscale: 2).first?.text == "PARCEL-000123")
        var reader = Self.reader(image, Self.parameters)
        reader.offer(image, colourIndex: 0)
        #expect(reader.observations.map(\.text) == ["PARCEL-000123"], "read from the frame's region, enlarged")
        #expect(reader.passes == 2 && reader.pixelsDecoded == 5 * region.area, "one pass as is, one enlarged 2x")
        let module = (reader.observations.first?.corners).map { c in ((c[1] - c[0]) * (c[1] - c[0])).sum().squareRoot() / 21 }
        #expect(abs((module ?? 0) - 2.0) <= 0.2, "module \(module ?? 0) px, painted 2.0")
    }

    @Test func modulesTooSmallGiveNoTextEvenEnlarged() throws {
        // 9-pixel modules shrunk 5x: 1.8 soft pixels a module; nothing is guessed.
        let code = Self.shrunk(try Self.qr(scale: 9), by: 5)
        let image = Self.paste(code, into: Self.plain(width: 480, height: 360), x: 200, y: 120)
        var reader = Self.reader(image, Self.parameters)
        reader.offer(image, colourIndex: 0)
        reader.finish()
        #expect(reader.observations.isEmpty)
        #expect(reader.pixelsDecoded > image.width * image.height, "regions, enlarged, then the whole frame were tried")
    }
}
