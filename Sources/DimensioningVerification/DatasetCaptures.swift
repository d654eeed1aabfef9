import Foundation
import Dimensioning
import DimensioningReaders

/// The captures inside a dataset folder, for a `ground_truth.csv` keyed by barcode (which
/// names no capture paths).
///
/// The folder is walked (names only, nothing is read): a Stray Scanner export or a folder of
/// depth images is one capture and is not walked into; a `.pcd` or `.ply` file is one capture
/// (point clouds carry no colour, so they are listed and reported unmatched: no code read).
/// Hidden entries (a leading "."), symbolic links, the output folder and anything deeper than
/// `maximumDepth` folders are skipped. Paths are relative to the dataset folder, "/"-separated,
/// sorted in byte order (which fixes the order of results and shards).
public enum DatasetCaptures {
    /// Folders below the dataset folder walked into, at most.
    public static let maximumDepth = 8
    /// Entries looked at, at most: a runaway folder is an error, not an endless walk.
    public static let maximumEntries = 1_000_000

    /// The captures in `folder`, skipping `excluding` (the output folder, when inside).
    ///
    /// - Throws: `unreadableCapture` naming the folder when it cannot be listed, holds no
    ///   capture, or more than `maximumEntries` entries.
    public static func list(in folder: URL, excluding: URL? = nil) throws(DimensioningError) -> [String] {
        let fm = FileManager.default
        let skip = excluding.map { DatasetPathResolver.realPath($0.standardizedFileURL.path) }
        var found: [String] = []
        var seen = 0
        var pending: [(url: URL, relative: String, depth: Int)] = [(folder, "", 0)]
        while let (url, relative, depth) = pending.popLast() {
            let names: [String]
            do { names = try fm.contentsOfDirectory(atPath: url.path) } catch {
                if relative.isEmpty { throw .unreadableCapture(file: folder.path, reason: "cannot list the dataset folder: \(error.localizedDescription)") }
                continue // a sub-folder that cannot be listed holds no capture we could read
            }
            for name in names where !name.hasPrefix(".") {
                seen += 1
                if seen > maximumEntries {
                    throw .unreadableCapture(file: folder.path, reason: "more than \(maximumEntries) entries: not a dataset folder?")
                }
                let child = url.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                if ((try? fm.destinationOfSymbolicLink(atPath: child.path)) != nil) { continue }
                if let skip, DatasetPathResolver.realPath(child.path) == skip { continue }
                if relative.isEmpty && name == GroundTruthTable.fileName { continue }
                switch CaptureReader.captureShape(child) {
                case .folder?, .file?:
                    found.append(path)
                case nil:
                    var isFolder: ObjCBool = false
                    if depth < maximumDepth, fm.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue {
                        pending.append((child, path, depth + 1))
                    }
                }
            }
        }
        guard !found.isEmpty else {
            throw .unreadableCapture(file: folder.path, reason: "no captures found (Stray Scanner folders, depth-image folders, .pcd or .ply files) for the rows of a \(GroundTruthTable.fileName) keyed by barcode")
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
