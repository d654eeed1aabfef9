import Foundation
import Testing
import TestSupport

/// `boxdim measure`'s `hint:` line: a cloud measured with the unknown class, whose fattening
/// prior is what keeps its length over the tolerance, names the classes of common cameras; once a
/// class is named, or the U fits, the line is gone.
@Suite struct SensorClassHintCLITests {
    /// The real Kinect carton's first frame: U 11.1 mm in length at the unknown class, its
    /// largest term the fattening prior (9.9 mm).
    @Test func theUnknownClassNamesTheCamerasOfEachClass() throws {
        try #require(BoxDimBinary.url != nil, "boxdim is not built (swift build --build-tests)")
        guard let file = RealFixtures.pcdFiles("pcl-box-on-carpet").first else { return }
        let unknown = try BoxDimBinary.run(["measure", file.path, "--units", "mm"])
        #expect(unknown.status == 3, "\(unknown.stdout) \(unknown.stderr)")
        let hint = try #require(unknown.stdout.split(separator: "\n").first { $0.hasPrefix("hint:") }, "\(unknown.stdout)")
        for name in ["--sensor", "structured-light: Kinect v1", "stereo: RealSense D4xx", "tof: Kinect v2", "boxdim calibrate"] {
            #expect(hint.contains(name), "\(hint)")
        }
        let lines = unknown.stdout.split(separator: "\n")
        #expect(lines.firstIndex { $0.hasPrefix("hint:") }.map { $0 + 1 } == lines.firstIndex { $0.hasPrefix("status:") },
                "the hint comes last before the status")
        #expect(lines.contains { $0.hasPrefix("why:") && $0.contains("fattening") })

        let named = try BoxDimBinary.run(["measure", file.path, "--units", "mm", "--sensor", "structured-light"])
        #expect(!named.stdout.contains("hint:"), "\(named.stdout)")
        let wide = try BoxDimBinary.run(["measure", file.path, "--units", "mm", "--tolerance", "20"])
        #expect(wide.status == 0 && !wide.stdout.contains("hint:"), "\(wide.stdout)")
        let json = try BoxDimBinary.run(["measure", file.path, "--units", "mm", "--json"])
        #expect(!json.stdout.contains("hint"), "the JSON schema is unchanged")
    }
}
