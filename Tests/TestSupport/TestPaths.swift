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

    /// An OAK-D stereo cloud of Luxonis' box-measurement example (`real/luxonis-oak/NAME.ply`):
    /// example_1, example_2, example_4, calibration_box, calibration_calibration (no box).
    public static func oakCloud(_ name: String) throws -> URL {
        try fixture("real/luxonis-oak/\(name).ply")
    }

    /// A printer carton cut out of its scene, no floor (`real/pyransac-box/NAME.ply`, pyRANSAC-3D's
    /// test data, Open3D's OpenGL axes): caixa (three faces seen), caixa5 (two).
    public static func pyransacBox(_ name: String) throws -> URL {
        try fixture("real/pyransac-box/\(name).ply")
    }

    /// The ROS-Industrial table scene (`real/rosi-tabletop/table.pcd`): five box-like objects on a
    /// table, a z-up world-frame cloud merged from several viewpoints.
    public static var rosiTable: URL {
        get throws { try fixture("real/rosi-tabletop/table.pcd") }
    }

    /// A new empty temporary folder. The test that asks for it removes it when it ends, pass or
    /// fail (`defer { try? FileManager.default.removeItem(at: folder) }`), or keeps its outputs
    /// in a `ScratchFolder`.
    public static func temporaryFolder(_ label: String = "test") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("boxdim-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes `url` when the test process exits: for a fixture made once per process (named
    /// with the pid) and shared by tests, which no single test may remove. A crash or a kill
    /// leaves it behind.
    public static func removeAtExit(_ url: URL) {
        ExitRemovals.shared.add(url)
    }
}

/// A temporary folder that lives as long as this object: made empty when it is created, removed
/// with everything in it when the last reference goes. A suite keeps one in a stored property
/// for its tests' outputs: Swift Testing makes a new suite instance for each test (and each
/// argument of a parameterized one) and drops it when the test ends, pass or fail.
public final class ScratchFolder: Sendable {
    /// The folder, `<tmp>/boxdim-<label>-<UUID>`.
    public let url: URL

    public init(_ label: String = "test") {
        url = TestPaths.temporaryFolder(label)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A new path in the folder, not created: `<UUID>-<name>`, so that asking twice for one
    /// name gives two paths.
    public func path(_ name: String) -> URL {
        url.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }
}

/// What `TestPaths.removeAtExit` removes, with `atexit` (the test runner ends with `exit`).
private final class ExitRemovals: @unchecked Sendable {
    static let shared = ExitRemovals()
    /// Guards `urls`.
    private let lock = NSLock()
    private var urls: [URL] = []

    private init() {
        atexit { ExitRemovals.shared.removeAll() }
    }

    func add(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        urls.append(url)
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for url in urls { try? FileManager.default.removeItem(at: url) }
    }
}

/// A fixture the tests need is not in the repository (a broken checkout, or a file renamed
/// without updating `TestPaths`).
public struct FixtureMissing: Error, CustomStringConvertible {
    /// The absolute path that was expected.
    public var path: String

    public var description: String { "fixture missing: \(path)" }
}
