import Foundation
import Dimensioning

/// `results.jsonl`: one line per capture, appended and flushed to disk as each capture
/// finishes, so a killed run loses nothing that was reported done.
///
/// Opening for resume reads the complete lines, drops a torn last line (no newline, or not a
/// whole result) and truncates the file after the last good line before appending.
public final class ResultsJournal: @unchecked Sendable {
    public let url: URL
    private let handle: FileHandle
    private let lock = NSLock()

    /// Opens `url`, keeping its complete results when `resume` is true, else starting empty.
    /// Returns the journal and the results already recorded (first occurrence per capture).
    public static func open(_ url: URL, resume: Bool) throws(DimensioningError) -> (ResultsJournal, [VerificationResult]) {
        var kept: [VerificationResult] = []
        var goodBytes = 0
        if resume, let data = FileManager.default.contents(atPath: url.path) {
            var seen = Set<String>()
            var start = data.startIndex
            while let newline = data[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: data[start..<newline], as: UTF8.self)
                guard let result = VerificationResult.parse(line: Substring(line)) else { break }
                if seen.insert(result.capture).inserted { kept.append(result) }
                start = newline + 1
                goodBytes = start - data.startIndex
            }
        }
        if !FileManager.default.fileExists(atPath: url.path) || !resume {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw .unreadableCapture(file: url.path, reason: "cannot create the results file")
            }
        }
        do {
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: UInt64(goodBytes))
            try handle.seekToEnd()
            try handle.synchronize()
            return (ResultsJournal(url: url, handle: handle), kept)
        } catch {
            throw .unreadableCapture(file: url.path, reason: "cannot open for appending: \(error.localizedDescription)")
        }
    }

    private init(url: URL, handle: FileHandle) {
        self.url = url
        self.handle = handle
    }

    /// Appends one result as a line and flushes it to disk (thread-safe).
    public func append(_ result: VerificationResult) throws(DimensioningError) {
        let data = Data((result.jsonLine() + "\n").utf8)
        lock.lock()
        defer { lock.unlock() }
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            throw .unreadableCapture(file: url.path, reason: "cannot append: \(error.localizedDescription)")
        }
    }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        try? handle.close()
    }

    /// Reads every complete result of a finished `results.jsonl` (for --merge).
    public static func read(_ url: URL) throws(DimensioningError) -> [VerificationResult] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadableCapture(file: url.path, reason: "no such results file")
        }
        var out: [VerificationResult] = []
        for (n, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            guard let r = VerificationResult.parse(line: line) else {
                throw .unreadableCapture(file: url.path, reason: "line \(n + 1): not a verification result")
            }
            out.append(r)
        }
        return out
    }
}

/// Writes files atomically (temporary file in the same folder, flushed, then renamed), so a
/// reader or a killed run never leaves half a file.
public enum AtomicFile {
    public static func write(_ text: String, to url: URL) throws(DimensioningError) {
        try write(Data(text.utf8), to: url)
    }

    public static func write(_ data: Data, to url: URL) throws(DimensioningError) {
        try CaptureFile.writeAtomically(to: url) { (temporary: URL) throws(DimensioningError) in
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw .unreadableCapture(file: url.path, reason: "cannot write a temporary file")
            }
            do {
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try handle.write(contentsOf: data)
                try handle.synchronize()
            } catch {
                throw .unreadableCapture(file: url.path, reason: "cannot write: \(error.localizedDescription)")
            }
        }
    }
}
