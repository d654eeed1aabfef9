import Foundation

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
    static func realPath(_ path: String) -> String {
        var prefix = path, rest: [String] = []
        while !prefix.isEmpty && prefix != "/" {
            if let resolved = realpath(prefix, nil) {
                defer { free(resolved) }
                return ([String(cString: resolved)] + rest.reversed()).joined(separator: "/")
            }
            rest.append((prefix as NSString).lastPathComponent)
            prefix = (prefix as NSString).deletingLastPathComponent
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
