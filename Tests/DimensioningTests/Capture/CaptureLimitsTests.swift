import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningReaders

extension CaptureTests {
    @Suite struct CaptureLimitsTests {
        @Test func limitsHaveDocumentedDefaults() throws {
            let limits = CaptureLimits()
            #expect(limits.maxImageWidth == 4096 && limits.maxImageHeight == 4096)
            #expect(limits.maxFrameCount == 3600)
            #expect(limits.maxCloudPoints == 20_000_000)
            #expect(limits.maxFileBytes == 256 * 1024 * 1024)
            let decoded = try JSONDecoder().decode(CaptureLimits.self, from: JSONEncoder().encode(CaptureLimits(maxFrameCount: 7)))
            #expect(decoded.maxFrameCount == 7)
        }

        @Test func totalDepthPixelsAreLimitedBeforeTheFramesAreRead() throws {
            #expect(CaptureLimits().maxTotalDepthPixels == 256 << 20)
            let folder = CaptureFixtures.npyFolder(frames: 3, width: 8, height: 6)
            defer { CaptureFixtures.remove(folder) }
            // 3 frames of 8x6 = 144 pixels.
            expectUnreadable(file: folder.appendingPathComponent("depth"), reasonContains: ["3 frames of 8x6", "limit of 143"]) {
                _ = try StrayScannerReader.read(folder: folder, limits: CaptureLimits(maxTotalDepthPixels: 143))
            }
            #expect(try StrayScannerReader.read(folder: folder, limits: CaptureLimits(maxTotalDepthPixels: 144)).frames.count == 3)
            #expect(CaptureLimits().totalPixelsProblem(frames: 3600, width: 1 << 40, height: 1 << 40)?.contains("too many") == true)
            // Limits saved before the field existed still decode, with the default.
            var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(CaptureLimits(maxFrameCount: 9))) as! [String: Any]
            json["maxTotalDepthPixels"] = nil
            let old = try JSONDecoder().decode(CaptureLimits.self, from: JSONSerialization.data(withJSONObject: json))
            #expect(old == CaptureLimits(maxFrameCount: 9))
        }

        @Test func imageSizeProblems() {
            let limits = CaptureLimits(maxImageWidth: 300, maxImageHeight: 200)
            #expect(limits.imageSizeProblem(width: 300, height: 200) == nil)
            #expect(limits.imageSizeProblem(width: 301, height: 10)?.contains("limit of 300x200") == true)
            #expect(limits.imageSizeProblem(width: 0, height: 10) != nil)
        }
    }
}
