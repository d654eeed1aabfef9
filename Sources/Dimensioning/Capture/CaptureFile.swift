import Foundation

/// File-system helpers shared by the capture readers and writers (package-internal: used by
/// DimensioningReaders, DimensioningBarcodes and the other modules of this package).
///
/// Every failure becomes `DimensioningError.unreadableCapture(file:reason:)` naming the path.
package enum CaptureFile {
    package enum Kind: Sendable, Equatable { case missing, regular, directory, other }

    /// What `url` is, following symbolic links, and its size in bytes.
    package static func kind(of url: URL) -> (kind: Kind, size: Int) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return (.missing, 0) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.regular, Int(info.st_size))
        case S_IFDIR: return (.directory, 0)
        default: return (.other, Int(info.st_size))
        }
    }

    /// Why `url` is missing: `fallback`, unless it is a symbolic link that loops (ELOOP) or
    /// points nowhere, which is said plainly.
    package static func missingReason(_ url: URL, fallback: String) -> String {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return fallback }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
        var resolved = stat()
        if stat(url.path, &resolved) != 0 && errno == ELOOP {
            return "symbolic link loop (\(url.lastPathComponent) -> \(target) never reaches a file or folder)"
        }
        return "dangling symbolic link to \(target)"
    }

    /// Checks that `url` is a regular, non-empty file of at most `maxBytes` bytes; returns its size.
    @discardableResult
    package static func checkRegularFile(_ url: URL, maxBytes: Int) throws(DimensioningError) -> Int {
        let (kind, size) = kind(of: url)
        switch kind {
        case .missing: throw .unreadableCapture(file: url.path, reason: missingReason(url, fallback: "no such file"))
        case .directory: throw .unreadableCapture(file: url.path, reason: "is a folder, not a file")
        case .other: throw .unreadableCapture(file: url.path, reason: "not a regular file")
        case .regular: break
        }
        if size == 0 { throw .unreadableCapture(file: url.path, reason: "0-byte file") }
        if size > maxBytes {
            throw .unreadableCapture(file: url.path,
                                     reason: "file is \(size) bytes, more than the limit of \(maxBytes) bytes")
        }
        return size
    }

    /// The bytes of a regular, non-empty file no larger than `maxBytes` (checked before reading).
    package static func readBytes(_ url: URL, maxBytes: Int) throws(DimensioningError) -> [UInt8] {
        try checkRegularFile(url, maxBytes: maxBytes)
        do {
            let data = try Data(contentsOf: url)
            if data.count > maxBytes {  // grew between the check and the read
                throw DimensioningError.unreadableCapture(
                    file: url.path, reason: "file is \(data.count) bytes, more than the limit of \(maxBytes) bytes")
            }
            return [UInt8](data)
        } catch let error as DimensioningError {
            throw error
        } catch {
            throw .unreadableCapture(file: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    /// The text of a small UTF-8 file (CSV), size-checked first.
    package static func readText(_ url: URL, maxBytes: Int) throws(DimensioningError) -> String {
        String(decoding: try readBytes(url, maxBytes: maxBytes), as: UTF8.self)
    }

    /// Creates `folder` (and its parents) unless it exists as a folder.
    package static func makeFolder(_ folder: URL) throws(DimensioningError) {
        switch kind(of: folder).kind {
        case .directory: return
        case .missing: break
        case .regular, .other:
            throw .unreadableCapture(file: folder.path, reason: "cannot write: exists and is not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unreadableCapture(file: folder.path, reason: "cannot create folder: \(error.localizedDescription)")
        }
    }

    /// The prefix of `writeAtomically`'s temporary files: `.tmp-<UUID>-<destination name>`.
    static let temporaryPrefix = ".tmp-"

    /// Writes `destination` atomically: `produce` writes a temporary file in the same folder
    /// (its name keeps the destination's extension), which is then renamed over `destination`.
    /// The temporary file is removed if anything fails.
    package static func writeAtomically(to destination: URL,
                                _ produce: (URL) throws(DimensioningError) -> Void) throws(DimensioningError) {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent("\(temporaryPrefix)\(UUID().uuidString)-\(destination.lastPathComponent)")
        do {
            try produce(temporary)
        } catch {
            unlink(temporary.path)
            throw error
        }
        if rename(temporary.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .unreadableCapture(file: destination.path, reason: "cannot write: rename failed: \(reason)")
        }
    }

    /// Removes the temporary files `writeAtomically` left in `folder` when a process was killed
    /// between writing one and renaming it (`.tmp-` + a UUID + `-` + a name; nothing else is
    /// touched). For a folder this program owns, such as a verify run's output folder, before
    /// it writes there again. Returns how many were removed; a folder that cannot be listed
    /// removes nothing.
    @discardableResult
    package static func removeLeftoverTemporaries(in folder: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names where isLeftoverTemporary(name) {
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    /// Whether `name` is one of `writeAtomically`'s temporary names.
    static func isLeftoverTemporary(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let rest = name.dropFirst(temporaryPrefix.count)
        // A UUID string is 36 characters; a name follows its dash.
        guard rest.count > 37, UUID(uuidString: String(rest.prefix(36))) != nil else { return false }
        return rest.dropFirst(36).first == "-"
    }

    /// Writes `text` as UTF-8 to `destination` atomically.
    package static func writeText(_ text: String, to destination: URL) throws(DimensioningError) {
        try writeAtomically(to: destination) { (temporary: URL) throws(DimensioningError) in
            do {
                try Data(text.utf8).write(to: temporary)
            } catch {
                throw .unreadableCapture(file: destination.path, reason: "cannot write: \(error.localizedDescription)")
            }
        }
    }
}
