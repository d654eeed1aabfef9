import Foundation
import Testing
import TestSupport

/// A lone `git clone` must build and pass its tests: nothing under Tests/, Sources/ or Scripts/
/// reaches for data beside the repository, and every vendored fixture is in place.
@Suite struct SelfContainmentTests {
    /// The sibling folder the project's data once lived in, spelled in pieces so that this file
    /// does not match itself.
    static let forbidden = [["..", "shared"].joined(separator: "/"), ["shared", "data"].joined(separator: "/")]

    @Test func nothingReadsBesideTheRepository() throws {
        var offenders: [String] = []
        for folder in ["Tests", "Sources", "Scripts"] {
            let root = TestPaths.repository.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil),
                                      "cannot list \(root.path)")
            for case let url as URL in walker {
                guard ["swift", "sh", "py", "cpp", "hpp", "h"].contains(url.pathExtension),
                      let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                for needle in Self.forbidden where text.contains(needle) {
                    offenders.append("\(url.path): mentions \(needle)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func theVendoredFixturesArePresent() throws {
        #expect(try TestPaths.cartonFrames.count == 3)
        _ = try TestPaths.milkCarton
        for path in ["real/README.md", "real/PCL-LICENSE.txt", "real/neura-pallet/LICENSE",
                     "real/neura-pallet/frame-1/raw_depth.png", "real/neura-pallet/frame-1/intrinsics.json",
                     "real/neura-pallet/frame-2/raw_depth.png", "real/neura-pallet/frame-2/intrinsics.json",
                     "real/posecnn-desk/LICENSE", "real/posecnn-desk/frame-2/000002-depth.png",
                     "real/posecnn-desk/frame-5/000005-depth.png",
                     "crashes/README.md", "crashes/pcd-binary-segfault.pcd"] {
            _ = try TestPaths.fixture(path)
        }
    }

    @Test func aMissingFixtureIsAnErrorNamingIt() {
        #expect(throws: FixtureMissing.self) { try TestPaths.fixture("real/no-such-capture.pcd") }
        do {
            _ = try TestPaths.fixture("real/no-such-capture.pcd")
        } catch {
            #expect("\(error)".contains("fixture missing: ") && "\(error)".contains("no-such-capture.pcd"))
        }
    }
}
