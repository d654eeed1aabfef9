import Foundation
import Testing
@testable import Dimensioning

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

        @Test func imageSizeProblems() {
            let limits = CaptureLimits(maxImageWidth: 300, maxImageHeight: 200)
            #expect(limits.imageSizeProblem(width: 300, height: 200) == nil)
            #expect(limits.imageSizeProblem(width: 301, height: 10)?.contains("limit of 300x200") == true)
            #expect(limits.imageSizeProblem(width: 0, height: 10) != nil)
        }
    }
}
