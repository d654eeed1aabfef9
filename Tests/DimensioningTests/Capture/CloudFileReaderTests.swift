import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders
import TestSupport

extension CaptureTests {
    /// Our own PCD/PLY readers and writers (issue 37), which replaced PCL's io module.
    @Suite struct CloudFileReaderTests {
        /// FNV-1a (64-bit) of what a read gives: width, height and point count (Int64 LE), a
        /// has-index byte, the xyz floats' bits and the pixel indices (LE).
        static func digest(_ loaded: NativeCloud.Loaded) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            func add64(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { $0.forEach(add) } }
            add64(loaded.width)
            add64(loaded.height)
            add64(loaded.points.count)
            add(loaded.pixelIndex == nil ? 0 : 1)
            for v in loaded.points.xyz { withUnsafeBytes(of: v.bitPattern.littleEndian) { $0.forEach(add) } }
            for i in loaded.pixelIndex ?? [] { withUnsafeBytes(of: i.littleEndian) { $0.forEach(add) } }
            return hash
        }

        /// The real PCL captures read exactly as PCL 1.13's reader read them (commit 6400e9b,
        /// `boxdim read-cloud`): the same finite points, bit for bit, in the same order, with the
        /// same pixel indices. The digests were taken from PCL's output before its io was removed.
        @Test func realFixturesReadAsPCLReadThem() throws {
            let expected: [(URL, count: Int, digest: UInt64)] = try [
                (TestPaths.cartonFrames[0], 271_575, 0xa04f_3388_fcac_5acf),
                (TestPaths.cartonFrames[1], 271_395, 0x648d_cda4_147a_8fe4),
                (TestPaths.cartonFrames[2], 271_328, 0x48f0_c7d4_f578_11da),
                (TestPaths.milkCarton, 241_407, 0xecc5_c697_8584_670e),
            ]
            for (file, count, digest) in expected {
                let loaded = try NativeCloud.read(path: file.path, maxPoints: 1_000_000)
                #expect(loaded.width == 640 && loaded.height == 480, "\(file.lastPathComponent)")
                #expect(loaded.points.count == count, "\(file.lastPathComponent)")
                #expect(Self.digest(loaded) == digest, "\(file.lastPathComponent): not the points PCL read")
            }
        }

        @Test func lzfRoundTripsAndRefusesDamage() {
            var rng = SystemRandomNumberGenerator()
            for size in [0, 1, 2, 3, 31, 32, 33, 1000, 70_000] {
                // Half repetitive, half random: both literal runs and back-references.
                let bytes = (0..<size).map { i in i % 200 < 100 ? UInt8(truncatingIfNeeded: i % 7) : UInt8.random(in: 0...255, using: &rng) }
                let packed = LZF.compress(bytes)
                let back = packed.withUnsafeBufferPointer { LZF.decompress($0, expectedCount: size) }
                #expect(back == bytes, "size \(size)")
                if size > 100 {
                    #expect(packed.withUnsafeBufferPointer { LZF.decompress($0, expectedCount: size + 1) } == nil)
                    #expect(packed.dropLast().withUnsafeBufferPointer { LZF.decompress($0, expectedCount: size) } == nil)
                }
            }
            // A reference before the start of the output; a literal run past the input.
            #expect([UInt8]([0x20, 0x05]).withUnsafeBufferPointer { LZF.decompress($0, expectedCount: 3) } == nil)
            #expect([UInt8]([0x05, 1, 2]).withUnsafeBufferPointer { LZF.decompress($0, expectedCount: 6) } == nil)
        }

        static let points: [SIMD3<Float>] = [SIMD3(0.5, -0.25, 1.5), SIMD3(-1, 2, 3), SIMD3(0.125, 0.0625, 0.75), SIMD3(4, 5, 6)]

        func read(_ name: String, _ bytes: [UInt8]) throws -> NativeCloud.Loaded {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let file = folder.appendingPathComponent(name)
            CaptureFixtures.writeBytes(bytes, to: file)
            return try NativeCloud.read(path: file.path, maxPoints: 1000)
        }

        func expectPoints(_ loaded: NativeCloud.Loaded, _ expected: [SIMD3<Float>], _ label: String) {
            #expect(loaded.points.xyz == expected.flatMap { [$0.x, $0.y, $0.z] }, "\(label)")
        }

        /// PLY in both byte orders, any numeric type, other properties and elements skipped.
        @Test func plyTypesByteOrdersAndOtherElements() throws {
            for bigEndian in [false, true] {
                var header = "ply\nformat \(bigEndian ? "binary_big_endian" : "binary_little_endian") 1.0\n"
                header += "element vertex 4\nproperty uchar flag\nproperty double x\nproperty int y\nproperty float z\n"
                header += "property list uchar int rings\nelement face 1\nproperty list uchar uint vertex_indices\nend_header\n"
                var bytes = Array(header.utf8)
                func put<T: FixedWidthInteger>(_ v: T) {
                    withUnsafeBytes(of: bigEndian ? v.bigEndian : v.littleEndian) { bytes += $0 }
                }
                let ints: [SIMD3<Float>] = Self.points.map { SIMD3($0.x, $0.y.rounded(), $0.z) }
                for (i, p) in ints.enumerated() {
                    bytes.append(7)
                    put(Double(p.x).bitPattern)
                    put(Int32(p.y))
                    put(p.z.bitPattern)
                    bytes.append(UInt8(i))  // a list of i ints
                    for k in 0..<i { put(Int32(k)) }
                }
                bytes.append(3)
                for k in 0..<3 { put(UInt32(k)) }
                let loaded = try read("cloud.ply", bytes)
                expectPoints(loaded, ints, "big endian \(bigEndian)")
                #expect(loaded.height == 1 && loaded.pixelIndex == nil)
            }
            // ascii, unsigned coordinates (once misread as bit patterns), a face list after.
            let text = "ply\nformat ascii 1.0\nelement vertex 2\nproperty uint x\nproperty ushort y\nproperty uchar z\n"
                + "element face 1\nproperty list uchar int vertex_indices\nend_header\n3 4 5\n\n6 7 8\n3 0 1 0\n"
            expectPoints(try read("u.ply", Array(text.utf8)), [SIMD3(3, 4, 5), SIMD3(6, 7, 8)], "ascii unsigned")
        }

        /// PCD headers before v0.7 (only POINTS), COUNT > 1 fields before x, ascii unsigned values.
        @Test func olderPCDHeadersAndWideFields() throws {
            let old = "COLUMNS x y z\nSIZE 4 4 4\nTYPE F F F\nPOINTS 2\nDATA ascii\n1 2 3\nnan 0 0\n"
            let loaded = try read("old.pcd", Array(old.utf8))
            expectPoints(loaded, [SIMD3(1, 2, 3)], "v0.5")
            #expect(loaded.width == 2 && loaded.height == 1 && loaded.declared == 2)
            let wide = "VERSION 0.7\nFIELDS h x y z\nSIZE 2 4 4 4\nTYPE U U F I\nCOUNT 3 1 1 1\nWIDTH 2\nHEIGHT 1\nPOINTS 2\nDATA ascii\n"
                + "1 2 3 10 0.5 -7\n4 5 6 11 1.5 9\n"
            expectPoints(try read("wide.pcd", Array(wide.utf8)), [SIMD3(10, 0.5, -7), SIMD3(11, 1.5, 9)], "wide fields")
        }

        /// Every format the writer has, organized with missing pixels, read back bit for bit.
        @Test func everyWrittenFormatReadsBackExactly() throws {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            var xyz = [Float](repeating: .nan, count: 3 * 12)
            for (i, p) in Self.points.enumerated() { xyz.replaceSubrange((9 * i)..<(9 * i + 3), with: [p.x, p.y, p.z]) }
            for format in [NativeCloud.FileFormat.pcdASCII, .pcdBinary, .pcdBinaryCompressed, .plyASCII, .plyBinary] {
                let path = folder.appendingPathComponent("grid.\("\(format)".hasPrefix("pcd") ? "pcd" : "ply")").path
                try NativeCloud.write(path: path, format: format, points: PointCloud(xyz: xyz), width: 4, height: 3,
                                      rgb: [UInt32](repeating: 0xFF8000, count: 12), labels: (0..<12).map { Int32($0) })
                let back = try NativeCloud.read(path: path, maxPoints: 100)
                #expect(back.width == 4 && back.height == 3, "\(format)")
                #expect(back.pixelIndex == [0, 3, 6, 9], "\(format)")
                expectPoints(back, Self.points, "\(format)")
            }
        }
    }
}
