import Foundation
import Testing
@testable import Dimensioning

/// Not a check: writes a larger generated dataset when BOXDIM_WRITE_DATASET names a folder
/// (BOXDIM_DATASET_COUNT captures, default 30), for the docs' screenshot and timing runs.
@Suite struct DatasetWriterTool {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BOXDIM_WRITE_DATASET"] != nil))
    func writeDataset() throws {
        let env = ProcessInfo.processInfo.environment
        let folder = URL(fileURLWithPath: env["BOXDIM_WRITE_DATASET"]!)
        let count = Int(env["BOXDIM_DATASET_COUNT"] ?? "30") ?? 30
        try VerificationFixtures.writeDataset(to: folder, indices: Array(0..<count), frames: Int(env["BOXDIM_DATASET_FRAMES"] ?? "15") ?? 15)
    }
}
