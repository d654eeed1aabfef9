import Foundation
import Dimensioning

/// Whole-process figures: wall time, peak memory and the shared libraries a command maps, run
/// as child processes (`ChildProcess`), for `boxdim bench --startup`.
public enum StartupBench {
    /// The medians of repeated runs of one command.
    public struct Figures: Sendable {
        public var label: String
        /// Median wall time from spawn to exit, milliseconds.
        public var milliseconds: Double
        /// Median peak resident memory, MiB (`ChildProcess.runMeasuringMemory`).
        public var peakMiB: Double
        /// Shared objects the dynamic loader mapped (`LD_DEBUG=files`), the program not included.
        public var sharedObjects: Int
        /// Those whose name contains "libvtk".
        public var vtkObjects: Int
        /// Exit status of the runs (the last one).
        public var status: Int32
    }

    /// Runs `executable arguments` `repeats` times (after one untimed run) and returns the
    /// medians, plus one run under `LD_DEBUG=files` to list what it maps.
    public static func measure(label: String, executable: String, arguments: [String],
                               repeats: Int) throws(DimensioningError) -> Figures {
        _ = try ChildProcess.run(executable, arguments)
        var times: [Double] = [], peaks: [Double] = []
        var status: Int32 = 0
        for _ in 0..<max(1, repeats) {
            let timed = try ChildProcess.run(executable, arguments)
            times.append(timed.seconds * 1000)
            status = timed.status
            let memory = try ChildProcess.runMeasuringMemory(executable, arguments)
            peaks.append(Double(memory.peakResidentBytes) / 1_048_576)
        }
        let libraries = try loadedLibraries(executable: executable, arguments: arguments)
        return Figures(label: label, milliseconds: median(times), peakMiB: median(peaks),
                       sharedObjects: libraries.count, vtkObjects: libraries.filter { $0.contains("libvtk") }.count,
                       status: status)
    }

    /// The shared objects the dynamic loader maps for `executable arguments` (file names, in
    /// load order; dlopen'ed ones included), from its `LD_DEBUG=files` report.
    public static func loadedLibraries(executable: String, arguments: [String]) throws(DimensioningError) -> [String] {
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxdim-ld-debug-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        _ = try ChildProcess.run("/usr/bin/env", ["LD_DEBUG=files", executable] + arguments, log: log)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return mappedLibraries(inLDDebugOutput: text)
    }

    /// The file names of the "file=NAME [0];  generating link map" lines of an
    /// `LD_DEBUG=files` report.
    public static func mappedLibraries(inLDDebugOutput text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("generating link map"), let start = line.range(of: "file=") else { return nil }
            let rest = line[start.upperBound...]
            guard let end = rest.range(of: " [") else { return nil }
            return (String(rest[..<end.lowerBound]) as NSString).lastPathComponent
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
