import Foundation
import Dimensioning
import DimensioningReaders
import DimensioningSimulation
import DimensioningVerification

/// Small generated datasets for the verification and CLI tests.
public enum VerificationFixtures {
    /// Writes catalog scenarios `indices` (first `frames` frames each) as Stray Scanner folders
    /// `captures/scenario-N` and a ground_truth.csv with their truth (zeros for negatives),
    /// plus an `operator` column. `truthOffsetMM[i]` is added to that capture's length.
    public static func writeDataset(to folder: URL, indices: [Int], seed: UInt64 = 7, frames: Int = 10,
                             truthOffsetMM: [Int: Double] = [:]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var csv = "capture,length_mm,width_mm,height_mm,operator\n"
        for index in indices {
            var (sim, _) = ScenarioCatalog.render(index: index, seed: seed)
            sim.capture.frames = Array(sim.capture.frames.prefix(frames))
            let name = "captures/scenario-\(index)"
            try StrayScannerWriter.write(sim.capture, to: folder.appendingPathComponent(name))
            let t = sim.truth
            let mm = { (m: Double) in String(format: "%.1f", m * 1000) }
            let offset = truthOffsetMM[index] ?? 0
            let length = t.length == 0 ? "0" : String(format: "%.1f", t.length * 1000 + offset)
            csv += "\(name),\(length),\(t.width == 0 ? "0" : mm(t.width)),\(t.height == 0 ? "0" : mm(t.height)),op-\(index % 3)\n"
        }
        try csv.write(to: folder.appendingPathComponent("ground_truth.csv"), atomically: true, encoding: .utf8)
    }

    /// One shared dataset of four captures (three positives and a floor-only negative),
    /// generated once per test process and removed when it exits.
    public static let shared: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-verify-fixture-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        TestPaths.removeAtExit(folder)
        try! writeDataset(to: folder, indices: [0, 1, 2, 4])
        return folder
    }()

    /// Copies `dataset` to a fresh folder (to edit its CSV), which the caller removes.
    public static func copy(_ dataset: URL) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("boxdim-verify-copy-\(UUID().uuidString)")
        do {
            try FileManager.default.copyItem(at: dataset, to: target)
        } catch {
            try? FileManager.default.removeItem(at: target)
            throw error
        }
        return target
    }

    /// The bytes of the deterministic outputs of a run.
    public static func outputs(_ out: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in [VerificationRun.resultsFile, VerificationRun.csvFile, VerificationRun.summaryFile, VerificationRun.reportFile] {
            files[name] = FileManager.default.contents(atPath: out.appendingPathComponent(name).path)
        }
        return files
    }
}
