import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

extension CaptureTests {
    @Suite struct NPYDepthTests {
        let file = "/x/depth/000000.npy"

        @Test func float32Metres() throws {
            let values: [Float] = [0, 1.25, .nan, 2.5, -1, .infinity]
            let bytes = CaptureFixtures.npy(descr: "<f4", shape: "(2, 3)", payload: CaptureFixtures.float32Payload(values))
            #expect(bytes.count % 64 == values.count * 4 % 64)  // header padded to 64 bytes
            let image = try NPYDepth.decode(bytes, file: file, limits: .init())
            #expect(image.width == 3 && image.height == 2)
            #expect(image.depth == [0, 1.25, 0, 2.5, 0, 0], "non-finite and negative depths mean no return")
        }

        @Test func uint16Millimetres() throws {
            let bytes = CaptureFixtures.npy(descr: "<u2", shape: "(1, 4)", version: 2,
                                            payload: CaptureFixtures.uint16Payload([0, 1000, 1234, 65535]))
            let image = try NPYDepth.decode(bytes, file: file, limits: .init())
            #expect(image.width == 4 && image.height == 1)
            let expected: [Float] = [0, 1, 1.234, 65.535]
            for (a, b) in zip(image.depth, expected) { #expect(abs(a - b) < 1e-6) }
        }

        @Test func version3Header() throws {
            let bytes = CaptureFixtures.npy(descr: "<f4", shape: "(1, 1)", version: 3, payload: CaptureFixtures.float32Payload([0.75]))
            #expect(try NPYDepth.decode(bytes, file: file, limits: .init()).depth == [0.75])
        }

        static let magicV4: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 4, 0, 0, 0, 0, 0]
        static let cutHeader: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 1, 0, 200, 0] + Array("{'descr': '<f4'".utf8)
        static func zeros(_ n: Int) -> [UInt8] { [UInt8](repeating: 0, count: n) }
        static let malformed: [(String, [UInt8])] = [
            ("descr", CaptureFixtures.npy(descr: ">f4", shape: "(1, 2)", payload: zeros(8))),
            ("descr", CaptureFixtures.npy(descr: "<f8", shape: "(1, 1)", payload: zeros(8))),
            ("fortran_order", CaptureFixtures.npy(descr: "<f4", shape: "(1, 2)", fortran: "True", payload: zeros(8))),
            ("dimensions", CaptureFixtures.npy(descr: "<f4", shape: "(1, 2, 1)", payload: zeros(8))),
            ("dimensions", CaptureFixtures.npy(descr: "<f4", shape: "(8,)", payload: zeros(32))),
            ("needs", CaptureFixtures.npy(descr: "<f4", shape: "(2, 2)", payload: zeros(15))),
            ("needs", CaptureFixtures.npy(descr: "<u2", shape: "(2, 2)", payload: zeros(9))),
            ("version", magicV4),
            ("magic", Array("PNG not NPY at all".utf8)),
            ("ends", cutHeader),
            ("positive", CaptureFixtures.npy(descr: "<f4", shape: "(0, 2)", payload: [])),
            ("limit", CaptureFixtures.npy(descr: "<u2", shape: "(5000, 2)", payload: [])),
        ]

        /// Every malformed file is refused with a reason, naming the file.
        @Test(arguments: NPYDepthTests.malformed)
        func refusesMalformed(expected: String, bytes: [UInt8]) {
            expectUnreadable(file: URL(fileURLWithPath: file), reasonContains: [expected]) {
                _ = try NPYDepth.decode(bytes, file: file, limits: .init())
            }
        }

        @Test func refusesExtraOrMissingKeys() {
            var header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), 'extra': 1}"
            var bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count), 0] + Array(header.utf8)
            expectUnreadable(file: URL(fileURLWithPath: file), reasonContains: ["NPY header"]) {
                _ = try NPYDepth.decode(bytes + [0, 0, 0, 0], file: file, limits: .init())
            }
            header = "{'descr': '<f4', 'shape': (1, 1)}"
            bytes = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count), 0] + Array(header.utf8)
            expectUnreadable(file: URL(fileURLWithPath: file), reasonContains: ["expected exactly descr, fortran_order, shape"]) {
                _ = try NPYDepth.decode(bytes + [0, 0, 0, 0], file: file, limits: .init())
            }
        }
    }
}
