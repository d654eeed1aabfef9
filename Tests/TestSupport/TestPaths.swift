import Foundation

/// Locations the tests use: the repository, the real captures vendored in `Tests/Fixtures`
/// (tests never read outside the repository), and fresh temporary folders.
public enum TestPaths {
    /// The repository root (two levels above this file's folder, `Tests/TestSupport`).
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`: real captures and crash inputs, checked in with their licences.
    public static let fixtures: URL = repository.appendingPathComponent("Tests/Fixtures")

    /// `Tests/Fixtures/real`: depth data recorded by others (see its README.md).
    public static let realData: URL = fixtures.appendingPathComponent("real")

    /// `Tests/Fixtures/crashes`: inputs that once crashed `boxdim` (see its README.md).
    public static let crashes: URL = fixtures.appendingPathComponent("crashes")

    /// The fixture at `relativePath` under `Tests/Fixtures`.
    ///
    /// - Throws: `FixtureMissing` naming the path when it is not there: the test fails with that
    ///   message instead of crashing on an empty list.
    public static func fixture(_ relativePath: String) throws -> URL {
        let url = fixtures.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { throw FixtureMissing(path: url.path) }
        return url
    }

    /// The three frames of the carton-on-carpet capture (PCL, Kinect-class), in time order.
    public static var cartonFrames: [URL] {
        get throws {
            try ["frame_20121214T142255.814212.pcd", "frame_20121214T142256.068683.pcd", "frame_20121214T142256.332395.pcd"]
                .map { try fixture("real/pcl-box-on-carpet/\($0)") }
        }
    }

    /// The milk carton and bottles scene (PCL, Kinect-class): not a cuboid.
    public static var milkCarton: URL {
        get throws { try fixture("real/pcl-milk-carton/milk_cartoon_all_small_clorox.pcd") }
    }

    /// A new empty temporary folder.
    public static func temporaryFolder(_ label: String = "test") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxdim-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A fixture the tests need is not in the repository (a broken checkout, or a file renamed
/// without updating `TestPaths`).
public struct FixtureMissing: Error, CustomStringConvertible {
    /// The absolute path that was expected.
    public var path: String

    public var description: String { "fixture missing: \(path)" }
}
