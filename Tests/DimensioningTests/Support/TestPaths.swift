import Foundation

/// Locations the tests use: the repository, the real captures in `../shared/data/real`, and
/// fresh temporary folders.
enum TestPaths {
    /// The repository root (three levels above this file).
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `../shared/data/real` beside the repository (present on developer machines and in CI).
    static let realData: URL = repository.deletingLastPathComponent()
        .appendingPathComponent("shared/data/real")

    /// The three frames of the carton-on-carpet capture, sorted.
    static var cartonFrames: [URL] {
        let folder = realData.appendingPathComponent("pcl-box-on-carpet")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".pcd") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static var milkCarton: URL {
        realData.appendingPathComponent("pcl-milk-carton/milk_cartoon_all_small_clorox.pcd")
    }

    /// A new empty temporary folder.
    static func temporaryFolder(_ label: String = "test") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxdim-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
