import Foundation
import Dimensioning
import DimensioningSimulation

/// `boxdim verify` throughput and peak memory, run as a child process on a dataset written
/// by `DatasetWriter`.
public enum VerifyBench {
    public struct Run: Sendable {
        public var captures: Int
        public var jobs: Int
        public var seconds: Double
        public var peakResidentBytes: Int
        /// `verify`'s exit status: 0 passed, 6 the dataset fails verification (both are runs).
        public var status: Int32
        /// User + system CPU seconds of the child, when GNU time measured them.
        public var cpuSeconds: Double?
        public var capturesPerSecond: Double { seconds > 0 ? Double(captures) / seconds : 0 }
        public var peakMB: Double { Double(peakResidentBytes) / 1_048_576 }
    }

    /// Runs `executable verify dataset --jobs jobs --quiet --out <temporary>` `repeats` times
    /// and returns the runs (the output folder is removed after each). With `threadsPerJob`,
    /// the child runs with `BOXDIM_THREADS` set to it (through `/usr/bin/env`).
    public static func run(executable: String, dataset: URL, captures: Int, jobs: Int,
                           repeats: Int, threadsPerJob: Int? = nil) throws(DimensioningError) -> [Run] {
        var runs: [Run] = []
        for _ in 0..<max(1, repeats) {
            let out = FileManager.default.temporaryDirectory
                .appendingPathComponent("boxdim-bench-verify-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: out) }
            let arguments = ["verify", dataset.path, "--jobs", String(jobs), "--quiet", "--out", out.path]
            let outcome: ChildProcess.Outcome
            if let threadsPerJob {
                outcome = try ChildProcess.runMeasuringMemory("/usr/bin/env",
                                                              ["BOXDIM_THREADS=\(threadsPerJob)", executable] + arguments)
            } else {
                outcome = try ChildProcess.runMeasuringMemory(executable, arguments)
            }
            guard outcome.status == 0 || outcome.status == 6 else {
                throw .unreadableCapture(file: dataset.path, reason: "boxdim verify exited with status \(outcome.status)")
            }
            runs.append(Run(captures: captures, jobs: jobs, seconds: outcome.seconds,
                            peakResidentBytes: outcome.peakResidentBytes, status: outcome.status,
                            cpuSeconds: outcome.cpuSeconds))
        }
        return runs
    }

    /// The run with the median time of `runs` (by seconds).
    public static func median(_ runs: [Run]) -> Run? {
        let sorted = runs.sorted { $0.seconds < $1.seconds }
        return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
    }
}
