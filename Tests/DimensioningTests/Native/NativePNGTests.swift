import Foundation
import Testing
@testable import Dimensioning
import TestSupport

@Suite struct NativePNGTests {
    @Test func sixteenBitRoundTrip() throws {
        let folder = TestPaths.temporaryFolder("png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("d.png").path
        let pixels = (0..<(7 * 5)).map { UInt16($0 * 1871 % 65535) }
        try NativePNG.writeGray16(path: path, width: 7, height: 5, pixels: pixels)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try NativePNG.decodeGray(bytes, maxWidth: 100, maxHeight: 100)
        #expect(image.width == 7 && image.height == 5 && image.bitDepth == 16)
        #expect(image.pixels == pixels)
    }

    @Test func eightBitRoundTripWidens() throws {
        let folder = TestPaths.temporaryFolder("png8")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.png").path
        let pixels = (0..<(9 * 4)).map { UInt8($0 % 3) }
        try NativePNG.write8(path: path, width: 9, height: 4, channels: 1, pixels: pixels)
        let image = try NativePNG.decodeGray([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
                                             maxWidth: 100, maxHeight: 100)
        #expect(image.bitDepth == 8)
        #expect(image.pixels == pixels.map { UInt16($0) })
    }

    @Test func brokenInputGivesStatusNotCrash() throws {
        let folder = TestPaths.temporaryFolder("pngbad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("d.png").path
        try NativePNG.writeGray16(path: path, width: 64, height: 48, pixels: [UInt16](repeating: 700, count: 64 * 48))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(throws: NativeFailure.self) { try NativePNG.decodeGray([], maxWidth: 100, maxHeight: 100) }
        #expect(throws: NativeFailure.self) { try NativePNG.decodeGray(Array(bytes.prefix(bytes.count / 2)), maxWidth: 100, maxHeight: 100) }
        #expect(throws: NativeFailure.self) { try NativePNG.decodeGray(bytes, maxWidth: 32, maxHeight: 100) }
        var corrupt = bytes
        corrupt[40] ^= 0xFF
        #expect(throws: NativeFailure.self) { try NativePNG.decodeGray(corrupt, maxWidth: 100, maxHeight: 100) }
        let rgb = folder.appendingPathComponent("rgb.png").path
        try NativePNG.write8(path: rgb, width: 2, height: 2, channels: 3, pixels: [UInt8](repeating: 9, count: 12))
        #expect(throws: NativeFailure.self) {
            try NativePNG.decodeGray([UInt8](try Data(contentsOf: URL(fileURLWithPath: rgb))), maxWidth: 100, maxHeight: 100)
        }
    }
}
