import Dimensioning

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs a program as a child process and reports its wall time and peak resident memory
/// (the kernel's `ru_maxrss` from `wait4`, the same figure as VmHWM), for the benchmarks.
public enum ChildProcess {
    public struct Outcome: Sendable {
        /// Exit status (or 128 + signal number when killed).
        public var status: Int32
        /// Wall time from spawn to exit, seconds.
        public var seconds: Double
        /// Peak resident set size of the child, bytes.
        public var peakResidentBytes: Int
        /// User + system CPU time of the child, seconds (nil when not measured): on a shared
        /// machine, wall time / CPU time shows how much of a core the child really had.
        public var cpuSeconds: Double? = nil
    }

    /// GNU time, used to read the child's peak memory when installed.
    public static let timeTool = "/usr/bin/time"

    /// Runs `executable` with `arguments`, its output discarded, and reports its peak memory.
    ///
    /// glibc's `posix_spawn` starts the child with `vfork` semantics, and Linux then charges the
    /// *parent's* high-water mark to the child's `ru_maxrss` at `exec`. So when GNU time is
    /// installed the child runs under `/usr/bin/time -f %M` (time `fork`s it from a small
    /// process, so the figure is the child's own); otherwise `wait4`'s figure is reported,
    /// which is an upper bound (at least this process's peak).
    public static func runMeasuringMemory(_ executable: String, _ arguments: [String]) throws(DimensioningError) -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: timeTool) else { return try run(executable, arguments) }
        let report = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxdim-time-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        var outcome = try run(timeTool, ["-q", "-f", "%M %U %S", "-o", report, executable] + arguments)
        // The last line is "<peak KiB> <user s> <system s>".
        if let text = try? String(contentsOfFile: report, encoding: .utf8),
           let line = text.split(separator: "\n").last {
            let fields = line.split(separator: " ")
            if fields.count == 3, let kilobytes = Int(fields[0]), let user = Double(fields[1]), let system = Double(fields[2]) {
                outcome.peakResidentBytes = kilobytes * 1024
                outcome.cpuSeconds = user + system
            }
        }
        return outcome
    }

    /// Runs `executable` with `arguments`, its standard output and error sent to /dev/null
    /// (or to `log` when given), and waits for it. `peakResidentBytes` is `wait4`'s figure
    /// (see `runMeasuringMemory`).
    ///
    /// - Throws: `unreadableCapture` naming the executable when it cannot be started.
    public static func run(_ executable: String, _ arguments: [String], log: String? = nil) throws(DimensioningError) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let sink = log ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, sink, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let start = BenchClock.now()
        let rc = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard rc == 0 else {
            throw .unreadableCapture(file: executable, reason: "cannot start: \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw .unreadableCapture(file: executable, reason: "wait4 failed: \(String(cString: strerror(errno)))")
            }
        }
        let seconds = BenchClock.milliseconds(since: start) / 1000
        // Linux reports ru_maxrss in kilobytes.
        let exited = (status & 0x7f) == 0
        let code: Int32 = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: code, seconds: seconds, peakResidentBytes: Int(usage.ru_maxrss) * 1024)
    }

    /// The absolute path of the running executable (`/proc/self/exe` on Linux).
    public static var currentExecutable: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments[0]
    }

    /// This process's peak resident set size so far (VmHWM), bytes; nil when unavailable.
    public static var selfPeakResidentBytes: Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
