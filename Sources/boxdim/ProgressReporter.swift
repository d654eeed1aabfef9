import Dimensioning
import DimensioningVerification
import Foundation

/// Progress of `boxdim verify` on standard error: a redrawn bar on a terminal, a plain line
/// every 10 % (or 10 s) otherwise, nothing with --quiet.
final class ProgressReporter: @unchecked Sendable {
    private let lock = NSLock()
    private let quiet: Bool
    private let terminal: Bool
    private let start = Date()
    private var lastLine = Date.distantPast
    private var lastDone = -1
    private var drew = false

    init(quiet: Bool) {
        self.quiet = quiet
        terminal = isatty(STDERR_FILENO) == 1
    }

    func update(_ p: VerificationProgress) {
        guard !quiet else { return }
        lock.lock(); defer { lock.unlock() }
        guard p.done > lastDone else { return }
        lastDone = p.done
        let total = max(1, p.total)
        let fraction = Double(p.done) / Double(total)
        let elapsed = Date().timeIntervalSince(start)
        let measuredNow = p.done - p.resumed
        let eta = measuredNow > 0 ? elapsed / Double(measuredNow) * Double(p.total - p.done) : 0
        let etaText = measuredNow > 0 ? String(format: "ETA %dm%02ds", Int(eta) / 60, Int(eta) % 60) : "ETA --"
        let failures = p.failures > 0 ? " · \(p.failures) failing" : ""
        if terminal {
            let width = 30, filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            write(String(format: "\r\u{1B}[2K%@ %3d%% %d/%d %@%@", bar, Int(fraction * 100), p.done, p.total, etaText, failures))
            drew = true
        } else {
            let step = max(1, p.total / 10)
            let now = Date()
            if p.done == p.total || p.done % step == 0 || now.timeIntervalSince(lastLine) >= 10 {
                lastLine = now
                write(String(format: "verify: %d/%d captures (%d%%), %@%@\n", p.done, p.total, Int(fraction * 100), etaText, failures))
            }
        }
    }

    func finish() {
        guard !quiet else { return }
        lock.lock(); defer { lock.unlock() }
        if drew { write("\n") }
        let elapsed = Date().timeIntervalSince(start)
        write(String(format: "verify: done in %.1f s\n", elapsed))
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
