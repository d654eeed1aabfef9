import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

extension CaptureTests {
    /// Round trips through `StrayScannerWriter` and `StrayScannerReader`.
    @Suite struct StrayScannerWriterTests {
        /// Depth is stored in whole millimetres: after a round trip it is within 0.5 mm.
        static let depthTolerance: Float = 0.0005 + 1e-6

        @Test func roundTripWithHeaderOdometry() throws {
            let (folder, written) = try CaptureFixtures.writtenCapture(frames: 3)
            defer { CaptureFixtures.remove(folder) }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(files == ["camera_matrix.csv", "confidence", "depth", "odometry.csv"])
            let header = try String(contentsOf: folder.appendingPathComponent("odometry.csv"), encoding: .utf8)
                .split(separator: "\n").first
            #expect(header == "timestamp, frame, x, y, z, qx, qy, qz, qw")

            let read = try StrayScannerReader.read(folder: folder)
            #expect(read.frames.count == 3)
            #expect(read.cloud == nil)
            #expect(read.gravityInWorld == SIMD3(0, 0, -1))
            for (a, b) in zip(written.frames, read.frames) {
                #expect(b.width == 256 && b.height == 192)
                var worst: Float = 0
                for i in 0..<a.depth.count {
                    worst = max(worst, abs(a.depth[i] - b.depth[i]))
                    if a.depth[i] == 0 { #expect(b.depth[i] == 0) }
                }
                #expect(worst <= Self.depthTolerance, "depth differs by \(worst) m")
                #expect(worst > 0.0002, "the 0.3 mm offset should have been rounded away")
                #expect(b.confidence == a.confidence)
                let pose = try #require(b.worldFromCamera)
                #expect(CaptureFixtures.maxDifference(pose, a.worldFromCamera!) < 1e-6)
                #expect(abs(b.intrinsics.fx - a.intrinsics.fx) < 1e-9)
                #expect(abs(b.intrinsics.fy - a.intrinsics.fy) < 1e-9)
                #expect(abs(b.intrinsics.cx - a.intrinsics.cx) < 1e-9)
                #expect(abs(b.intrinsics.cy - a.intrinsics.cy) < 1e-9)
                #expect(b.intrinsics.width == 256 && b.intrinsics.height == 192)
                #expect(abs(b.timestamp - a.timestamp) < 1e-9)
            }
        }

        @Test func roundTripHeaderlessOdometry() throws {
            let (folder, written) = try CaptureFixtures.writtenCapture(frames: 3, odometry: .headerless)
            defer { CaptureFixtures.remove(folder) }
            let text = try String(contentsOf: folder.appendingPathComponent("odometry.csv"), encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines.allSatisfy { $0.split(separator: ",").count == 7 })

            let read = try StrayScannerReader.read(folder: folder)
            #expect(read.gravityInWorld == SIMD3(0, 0, -1))
            for (i, (a, b)) in zip(written.frames, read.frames).enumerated() {
                let pose = try #require(b.worldFromCamera)
                #expect(CaptureFixtures.maxDifference(pose, a.worldFromCamera!) < 1e-6)
                #expect(abs(b.timestamp - Double(i) / 60) < 1e-12, "no timestamps: frame index / 60 s")
            }
        }

        @Test func withoutPosesOrConfidence() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 2, confidence: false, pose: false)
            defer { CaptureFixtures.remove(folder) }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(files == ["camera_matrix.csv", "depth"])
            let read = try StrayScannerReader.read(folder: folder)
            #expect(read.gravityInWorld == nil)
            #expect(read.frames.count == 2)
            #expect(read.frames.allSatisfy { $0.worldFromCamera == nil && $0.confidence == nil })
            #expect(abs(read.frames[1].timestamp - 1.0 / 60) < 1e-12)
        }

        @Test func cameraMatrixIsForTheRGBResolution() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 1, confidence: false, pose: false)
            defer { CaptureFixtures.remove(folder) }
            let text = try String(contentsOf: folder.appendingPathComponent("camera_matrix.csv"), encoding: .utf8)
            let k = text.split(separator: "\n").map { $0.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! } }
            #expect(k.count == 3)
            #expect(abs(k[0][0] - 1450) < 1e-9 && abs(k[1][1] - 1450) < 1e-9)
            #expect(abs(k[0][2] - 960) < 1e-9 && abs(k[1][2] - 720) < 1e-9)
            #expect(k[2] == [0, 0, 1])
        }

        @Test func depthRoundingToMillimetres() {
            #expect(StrayScannerWriter.millimetres(fromMetres: 1.2344) == 1234)
            #expect(StrayScannerWriter.millimetres(fromMetres: 1.2346) == 1235)
            #expect(StrayScannerWriter.millimetres(fromMetres: 0) == 0)
            #expect(StrayScannerWriter.millimetres(fromMetres: -1) == 0)
            #expect(StrayScannerWriter.millimetres(fromMetres: .nan) == 0)
            #expect(StrayScannerWriter.millimetres(fromMetres: 70) == 0)
            #expect(StrayScannerWriter.frameName(7) == "000007")
            #expect(StrayScannerWriter.frameName(1234567) == "1234567")
        }

        @Test func leavesNoTemporaryFiles() throws {
            let (folder, _) = try CaptureFixtures.writtenCapture(frames: 2)
            defer { CaptureFixtures.remove(folder) }
            let all = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }
            #expect(!all.contains { $0.contains(".tmp-") }, "left behind: \(all)")
            #expect(all.filter { $0.hasPrefix("depth/") }.sorted() == ["depth/000000.png", "depth/000001.png"])
        }

        @Test func refusesMixedFrames() {
            let folder = CaptureFixtures.temporaryFolder()
            defer { CaptureFixtures.remove(folder) }
            let capture = DepthCapture(source: folder, frames: [CaptureFixtures.frame(0), CaptureFixtures.frame(1, pose: false)],
                                       gravityInWorld: nil)
            expectUnreadable(file: folder, reasonContains: ["frame 1"]) {
                try StrayScannerWriter.write(capture, to: folder)
            }
            let empty = DepthCapture(source: folder, frames: [], gravityInWorld: nil)
            expectUnreadable(file: folder, reasonContains: ["no depth frames"]) {
                try StrayScannerWriter.write(empty, to: folder)
            }
        }
    }
}
