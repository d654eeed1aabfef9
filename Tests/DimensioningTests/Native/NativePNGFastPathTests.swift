import Foundation
import Testing
@testable import Dimensioning
import TestSupport

/// The PNG decoder's fast path (our chunk parser and row filters, libdeflate for the zlib stream)
/// against libpng, the reference (`cpc_png_decode_gray_libpng`): identical images wherever the
/// fast path decodes, and libpng's verdict and message wherever it does not.
@Suite struct NativePNGFastPathTests {
    static let limit = 4096

    typealias Outcome = Result<GrayImage, NativeFailure>

    static func outcome(_ decode: ([UInt8], Int, Int) throws(NativeFailure) -> GrayImage, _ bytes: [UInt8]) -> Outcome {
        do { return .success(try decode(bytes, limit, limit)) } catch { return .failure(error) }
    }

    /// Expects the fast path itself to decode `bytes` (no fallback) into libpng's image, and that
    /// image to be `expected` when one is given.
    static func expectFastPathDecodes(_ bytes: [UInt8], as expected: GrayImage? = nil, _ label: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = outcome(NativePNG.decodeGrayLibpng, bytes)
        let fast = outcome(NativePNG.decodeGrayFastOnly, bytes)
        let decoded = outcome(NativePNG.decodeGray, bytes)
        guard case .success(let image) = reference else {
            Issue.record("\(label): libpng refuses the file: \(reference)", sourceLocation: sourceLocation)
            return
        }
        #expect(fast == reference, "\(label): fast path \(fast)", sourceLocation: sourceLocation)
        #expect(decoded == reference, "\(label)", sourceLocation: sourceLocation)
        if let expected {
            #expect(image == expected, "\(label): libpng's image differs from the pixels written", sourceLocation: sourceLocation)
        }
    }

    // MARK: Files

    /// Deterministic pseudo-random samples (SplitMix64).
    struct Samples {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A test image: random samples or a smooth ramp with a little noise (as depth maps are).
    static func image(width: Int, height: Int, bitDepth: Int, smooth: Bool, seed: UInt64) -> GrayImage {
        var random = Samples(state: seed)
        let mask: UInt64 = bitDepth == 16 ? 0xFFFF : 0xFF
        let pixels = (0..<(width * height)).map { i -> UInt16 in
            let x = i % width, y = i / width
            let value = smooth ? UInt64(bitDepth == 16 ? 1200 + 3 * x + 5 * y : (x + 2 * y) / 3) &+ random.next() % 3 : random.next()
            return UInt16(value & mask)
        }
        return GrayImage(width: width, height: height, bitDepth: bitDepth, pixels: pixels)
    }

    /// Paeth predictor of the PNG specification (section 9.4).
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The image's scanlines, each filtered with `filter(y)` (0 None, 1 Sub, 2 Up, 3 Average,
    /// 4 Paeth; other values are written as they are, with unfiltered bytes).
    static func scanlines(_ image: GrayImage, filter: (Int) -> UInt8) -> [UInt8] {
        let bpp = image.bitDepth / 8, rowBytes = image.width * bpp
        var out: [UInt8] = []
        var prior = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<image.height {
            var raw: [UInt8] = []
            for x in 0..<image.width {
                let v = image.pixels[y * image.width + x]
                if bpp == 2 { raw += [UInt8(v >> 8), UInt8(v & 0xFF)] } else { raw.append(UInt8(v)) }
            }
            let type = filter(y)
            out.append(type)
            for i in 0..<rowBytes {
                let a = i >= bpp ? Int(raw[i - bpp]) : 0, b = Int(prior[i]), c = i >= bpp ? Int(prior[i - bpp]) : 0
                let prediction: Int
                switch type {
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = (a + b) / 2
                case 4: prediction = paeth(a, b, c)
                default: prediction = 0
                }
                out.append(UInt8(truncatingIfNeeded: Int(raw[i]) - prediction))
            }
            prior = raw
        }
        return out
    }

    /// A hand-built grayscale PNG: IHDR, `before` chunks, the zlib stream (`stream`, or stored
    /// blocks of `scanlines`) cut into IDAT chunks of at most `idatBytes`, `after` chunks, IEND.
    static func png(width: Int, height: Int, bitDepth: Int, scanlines: [UInt8], stream: [UInt8]? = nil,
                    idatBytes: Int = .max, before: [[UInt8]] = [], after: [[UInt8]] = []) -> [UInt8] {
        let zlib = stream ?? BrokenFileBytes.zlibStored(scanlines)
        var bytes = BrokenFileBytes.pngSignature
            + BrokenFileBytes.ihdr(width: UInt32(width), height: UInt32(height), bitDepth: UInt8(bitDepth))
        for chunk in before { bytes += chunk }
        var offset = 0
        repeat {
            let end = min(zlib.count, offset + idatBytes)
            bytes += BrokenFileBytes.chunk("IDAT", Array(zlib[offset..<end]))
            offset = end
        } while offset < zlib.count
        for chunk in after { bytes += chunk }
        return bytes + BrokenFileBytes.chunk("IEND", [])
    }

    static func png(_ image: GrayImage, filter: (Int) -> UInt8, idatBytes: Int = .max,
                    before: [[UInt8]] = [], after: [[UInt8]] = []) -> [UInt8] {
        png(width: image.width, height: image.height, bitDepth: image.bitDepth, scanlines: scanlines(image, filter: filter),
            idatBytes: idatBytes, before: before, after: after)
    }

    // MARK: Tests

    /// Depth and confidence images written by our own writer (libpng, level 1, its adaptive
    /// filters): what every capture is made of.
    @Test func filesFromOurWriterDecodeOnTheFastPath() throws {
        let folder = TestPaths.temporaryFolder("pngfast")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sizes = [(1, 1), (1, 7), (7, 1), (5, 3), (33, 17), (64, 48), (256, 192)]
        for (index, (width, height)) in sizes.enumerated() {
            for bitDepth in [8, 16] {
                for smooth in [false, true] {
                    let image = Self.image(width: width, height: height, bitDepth: bitDepth, smooth: smooth, seed: UInt64(index * 4 + bitDepth))
                    let path = folder.appendingPathComponent("\(width)x\(height)-\(bitDepth)-\(smooth).png").path
                    if bitDepth == 16 {
                        try NativePNG.writeGray16(path: path, width: width, height: height, pixels: image.pixels)
                    } else {
                        try NativePNG.write8(path: path, width: width, height: height, channels: 1, pixels: image.pixels.map { UInt8($0) })
                    }
                    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                    Self.expectFastPathDecodes(bytes, as: image, "\(width)x\(height) \(bitDepth)-bit smooth \(smooth)")
                }
            }
        }
    }

    /// Every row filter, alone and mixed, at both bit depths, including 1-pixel-wide images
    /// (no left neighbour) and 1-row images (no row above).
    @Test func everyRowFilterMatchesLibpng() {
        let sizes = [(1, 1), (1, 5), (6, 1), (9, 7), (40, 13)]
        for (width, height) in sizes {
            for bitDepth in [8, 16] {
                for smooth in [false, true] {
                    let image = Self.image(width: width, height: height, bitDepth: bitDepth, smooth: smooth, seed: UInt64(width * 31 + height))
                    for filter in UInt8(0)...4 {
                        Self.expectFastPathDecodes(Self.png(image, filter: { _ in filter }), as: image,
                                                   "filter \(filter), \(width)x\(height) \(bitDepth)-bit")
                    }
                    Self.expectFastPathDecodes(Self.png(image, filter: { y in UInt8((y * 3 + 1) % 5) }), as: image,
                                               "mixed filters, \(width)x\(height) \(bitDepth)-bit")
                }
            }
        }
    }

    /// Any bytes are a valid filtered image: random scanlines under random filter types, so that
    /// every predictor meets every byte value (wrap-around included).
    @Test func randomScanlinesMatchLibpng() {
        var random = Samples(state: 7)
        for trial in 0..<40 {
            let width = 1 + Int(random.next() % 50), height = 1 + Int(random.next() % 20)
            let bitDepth = trial % 2 == 0 ? 8 : 16
            let rowBytes = width * bitDepth / 8
            var scanlines: [UInt8] = []
            for _ in 0..<height {
                scanlines.append(UInt8(random.next() % 5))
                for _ in 0..<rowBytes { scanlines.append(UInt8(truncatingIfNeeded: random.next())) }
            }
            Self.expectFastPathDecodes(Self.png(width: width, height: height, bitDepth: bitDepth, scanlines: scanlines,
                                                idatBytes: trial % 3 == 0 ? 1 + Int(random.next() % 40) : .max),
                                       "random scanlines \(width)x\(height) \(bitDepth)-bit")
        }
    }

    /// Several IDAT chunks (down to one byte each, and empty ones) and ancillary chunks before
    /// and after the image data, one with a bad CRC (libpng only warns about those).
    @Test func splitImageDataAndAncillaryChunks() {
        let image = Self.image(width: 23, height: 11, bitDepth: 16, smooth: true, seed: 3)
        let text = BrokenFileBytes.chunk("tEXt", Array("Software\u{0}boxdim".utf8))
        let badText = BrokenFileBytes.chunk("tEXt", Array("Comment\u{0}x".utf8), badCRC: true)
        let private_ = BrokenFileBytes.chunk("prVt", [1, 2, 3])
        for idatBytes in [1, 2, 100, .max] {
            Self.expectFastPathDecodes(Self.png(image, filter: { UInt8($0 % 5) }, idatBytes: idatBytes,
                                                before: [text, private_], after: [badText, text]),
                                       as: image, "IDAT chunks of \(idatBytes) bytes")
        }
        let scanlines = Self.scanlines(image, filter: { _ in 4 })
        var withEmpty = BrokenFileBytes.pngSignature + BrokenFileBytes.ihdr(width: 23, height: 11, bitDepth: 16)
        withEmpty += BrokenFileBytes.chunk("IDAT", []) + BrokenFileBytes.chunk("IDAT", BrokenFileBytes.zlibStored(scanlines))
        withEmpty += BrokenFileBytes.chunk("IDAT", []) + BrokenFileBytes.chunk("IEND", [])
        Self.expectFastPathDecodes(withEmpty, as: image, "empty IDAT chunks around the data")
    }

    /// Files the fast path leaves to libpng: the public decoder answers exactly as libpng does.
    @Test func otherFilesGoToLibpng() {
        let image = Self.image(width: 8, height: 6, bitDepth: 8, smooth: false, seed: 11)
        let scanlines = Self.scanlines(image, filter: { _ in 0 })
        let oneRowMore = scanlines + [0] + [UInt8](repeating: 9, count: 8)
        let text = BrokenFileBytes.chunk("tEXt", Array("a\u{0}b".utf8))
        var textBetweenIDATs = BrokenFileBytes.pngSignature + BrokenFileBytes.ihdr(width: 8, height: 6, bitDepth: 8)
        let stream = BrokenFileBytes.zlibStored(scanlines)
        textBetweenIDATs += BrokenFileBytes.chunk("IDAT", Array(stream.prefix(10))) + text
        textBetweenIDATs += BrokenFileBytes.chunk("IDAT", Array(stream.dropFirst(10))) + BrokenFileBytes.chunk("IEND", [])
        let cases: [(String, [UInt8])] = [
            ("RGB", BrokenFileBytes.rgbPNG(width: 4, height: 3)),
            ("one row of image data too many", Self.png(width: 8, height: 6, bitDepth: 8, scanlines: oneRowMore)),
            ("text chunk between IDAT chunks", textBetweenIDATs),
            ("PLTE chunk", Self.png(image, filter: { _ in 0 }, before: [BrokenFileBytes.chunk("PLTE", [1, 2, 3])])),
        ]
        for (label, bytes) in cases {
            let fast = Self.outcome(NativePNG.decodeGrayFastOnly, bytes)
            #expect(throws: NativeFailure.self, "\(label): fast path should decline") { try fast.get() }
            #expect(Self.outcome(NativePNG.decodeGray, bytes) == Self.outcome(NativePNG.decodeGrayLibpng, bytes), "\(label)")
        }
    }

    /// Corrupt files: the fast path declines, and the public decoder fails with libpng's status
    /// and message, which names the reason.
    @Test func corruptFilesFailWithLibpngsReason() {
        let image = Self.image(width: 12, height: 9, bitDepth: 16, smooth: true, seed: 5)
        let scanlines = Self.scanlines(image, filter: { UInt8($0 % 5) })
        let good = Self.png(width: 12, height: 9, bitDepth: 16, scanlines: scanlines)
        let idatCRC = good.count - 12 - 4 // the IDAT chunk's CRC sits just before IEND

        var badCRC = good
        badCRC[idatCRC] ^= 0x55
        var unknownFilter = scanlines
        unknownFilter[3 * (1 + 24)] = 5
        var badAdler = BrokenFileBytes.zlibStored(scanlines)
        badAdler[badAdler.count - 1] ^= 1
        let cases: [(String, [UInt8], String)] = [
            ("IDAT CRC", badCRC, "CRC error"),
            ("filter type 5", Self.png(width: 12, height: 9, bitDepth: 16, scanlines: unknownFilter), "bad adaptive filter value"),
            ("a row missing", Self.png(width: 12, height: 9, bitDepth: 16, scanlines: Array(scanlines.dropLast(25))), "Not enough image data"),
            ("bad Adler-32", Self.png(width: 12, height: 9, bitDepth: 16, scanlines: [], stream: badAdler), "incorrect data check"),
            ("truncated in IDAT", Array(good.prefix(good.count / 2)), "unexpected end of data"),
            ("no IEND", Array(good.dropLast(12)), "unexpected end of data"),
        ]
        for (label, bytes, reason) in cases {
            let decoded = Self.outcome(NativePNG.decodeGray, bytes)
            let fast = Self.outcome(NativePNG.decodeGrayFastOnly, bytes)
            #expect(throws: NativeFailure.self, "\(label): fast path should decline") { try fast.get() }
            #expect(decoded == Self.outcome(NativePNG.decodeGrayLibpng, bytes), "\(label)")
            guard case .failure(let failure) = decoded else {
                Issue.record("\(label): decoded a corrupt file")
                continue
            }
            #expect(failure.kind == .format && failure.message.contains(reason), "\(label): \(failure.message)")
        }
        // The size limit still applies first, before anything is decoded or allocated.
        #expect(throws: NativeFailure(kind: .tooLarge, message: "PNG declares 12x9 pixels, more than the limit 11x100")) {
            try NativePNG.decodeGray(good, maxWidth: 11, maxHeight: 100)
        }
    }
}
