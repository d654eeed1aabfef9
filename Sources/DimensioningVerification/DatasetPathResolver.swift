import Foundation
import Dimensioning

/// Checks that capture paths from a dataset's CSV stay inside the dataset folder (internal).
struct DatasetPathResolver: Sendable {
    var folder: URL
    /// The folder with symbolic links resolved.
    var resolvedFolder: String

    init(folder: URL) {
        self.folder = folder
        resolvedFolder = Self.realPath(folder.path)
    }

    /// `realpath` of the longest existing prefix of `path`, with the rest appended: symbolic
    /// links are followed even when the final file does not exist.
    ///
    /// Splits at "/" itself rather than through `NSString` path methods: swift-corelibs-
    /// Foundation's `lastPathComponent` traps on some strings holding U+FFFD after "//" (found
    /// by the csv fuzz target, see Tests/Fuzz/RESULTS.md).
    static func realPath(_ path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let root = path.hasPrefix("/") ? "/" : ""
        var rest: [String] = []
        while !components.isEmpty {
            if let resolved = realpath(root + components.joined(separator: "/"), nil) {
                defer { free(resolved) }
                return ([String(cString: resolved)] + rest.reversed()).joined(separator: "/")
            }
            rest.append(components.removeLast())
        }
        return path
    }

    /// The path's components with "." and empty ones removed.
    func normalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: "/")
    }

    /// Why `path` escapes the dataset folder, or nil when it stays inside.
    func escapeReason(_ path: String) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") { return "is absolute; capture paths must be relative to the dataset folder" }
        if path.contains("\0") { return "holds a NUL character" }
        if path.split(separator: "/").contains("..") { return "uses \"..\" and leaves the dataset folder" }
        if normalized(path).isEmpty { return "names the dataset folder itself" }
        // Follow symbolic links of whatever exists: a link may point outside.
        let resolved = Self.realPath(folder.appendingPathComponent(path).path)
        if resolved != resolvedFolder && !resolved.hasPrefix(resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/") {
            return "resolves (through a symbolic link) to \(resolved), outside the dataset folder"
        }
        return nil
    }
}
