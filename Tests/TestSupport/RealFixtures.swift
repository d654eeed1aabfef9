import Foundation
import Testing

/// The real captures vendored under `Tests/Fixtures/real` (tests never read outside the
/// repository).
public enum RealFixtures {
    public static let root = TestPaths.repository.appendingPathComponent("Tests/Fixtures/real")

    /// The fixture folder or file `relative` under `Tests/Fixtures/real`, or nil after
    /// recording a test failure that says what is missing (the test then returns: it fails,
    /// it does not crash).
    public static func require(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        let url = root.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("missing test fixture \(url.path): the repository is incomplete (Tests/Fixtures/real/README.md says where it comes from)", sourceLocation: sourceLocation)
            return nil
        }
        return url
    }

    /// The `.pcd` files of a fixture folder, sorted.
    public static func pcdFiles(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> [URL] {
        guard let folder = require(relative, sourceLocation: sourceLocation) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".pcd") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
