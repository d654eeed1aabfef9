import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation
import TestSupport

@Suite struct SensorProfileTests {
    @Test func roundTripsThroughItsFile() throws {
        let folder = TestPaths.temporaryFolder("profile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("p.json")
        let profile = SensorProfile(edgeOffsetPixels: 1.75, depthScale: 0.9981, reference: "ref", knownSizeMM: [400, 300, 250])
        try profile.write(to: url)
        #expect(try SensorProfile.read(url) == profile)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"schema\" : \"boxdim.profile/1\""))
        #expect(!text.contains("facing_edge_offset_px"), "no facing offset, no key")

        let split = SensorProfile(edgeOffsetPixels: 2.3, facingEdgeOffsetPixels: 1.4)
        try split.write(to: url)
        #expect(try SensorProfile.read(url) == split)
        #expect(split.offsetPixels(facingCamera: true) == 1.4 && split.offsetPixels(facingCamera: false) == 2.3)
        #expect(profile.offsetPixels(facingCamera: true) == 1.75, "without one, facing sides take the offset")
        #expect(!text.contains("image_size_px"), "no image size, no key")

        let sized = SensorProfile(edgeOffsetPixels: 2, imageSizePixels: [640, 480])
        try sized.write(to: url)
        #expect(try SensorProfile.read(url) == sized)
        #expect(!(try String(contentsOf: url, encoding: .utf8)).contains("depth_scale_scatter"), "none measured, no key")
        var measuredScale = sized
        measuredScale.depthScaleScatter = 0.0031
        try measuredScale.write(to: url)
        #expect(try SensorProfile.read(url) == measuredScale)
        #expect(try String(contentsOf: url, encoding: .utf8).contains("\"image_size_px\" : [\n    640,\n    480\n  ]"))
    }

    /// A profile is one camera's. A stereo profile (640 x 480) applied to a time-of-flight frame
    /// (512 x 424, fixed split seed 101, scenario 0) is refused with both sizes named, instead of
    /// moving that camera's edges by the stereo camera's spread (about 11 mm short at
    /// confidence 1 on held-out seed 5077). The stereo frame beside it (scenario 1) is measured.
    @Test func aProfileOfAnotherCameraIsRefused() throws {
        var parameters = PipelineParameters()
        parameters.profile = SensorProfile(edgeOffsetPixels: 2, imageSizePixels: [640, 480])
        let (tof, _) = EdgeEvidenceTests.fixedFrame(0, seed: 101)
        #expect(tof.capture.imageSizePixels == [512, 424])
        do {
            _ = try runPipeline(tof.capture, parameters: parameters)
            Issue.record("a 640 x 480 profile was applied to 512 x 424 frames")
        } catch {
            #expect(error == .profileMismatch(profileImage: [640, 480], captureImage: [512, 424]))
            #expect(error.code == "profile_mismatch" && !error.isUnreadable)
            #expect(error.description.contains("640x480") && error.description.contains("512x424"), "\(error)")
        }
        let (stereo, _) = EdgeEvidenceTests.fixedFrame(1, seed: 101)
        #expect(stereo.capture.imageSizePixels == [640, 480])
        #expect(throws: Never.self) { try runPipeline(stereo.capture, parameters: parameters) }
        // A profile that did not record its size is not checked.
        parameters.profile?.imageSizePixels = nil
        #expect(throws: Never.self) { try runPipeline(tof.capture, parameters: parameters) }
    }

    @Test(arguments: [
        ("{\"edge_offset_px\": 9}", "edge_offset_px"),
        ("{\"depth_scale\": 2}", "depth_scale"),
        ("{\"depth_scale_scatter\": 0.5}", "depth_scale_scatter"),
        ("{\"facing_edge_offset_px\": -7}", "facing_edge_offset_px"),
        ("{\"image_size_px\": [640]}", "image_size_px"),
        ("{\"image_size_px\": [640, 0]}", "image_size_px"),
        ("{\"schema\": \"other/1\"}", "schema"),
        ("not json", "not a sensor profile"),
    ])
    func refusesABadProfileNamingTheFile(json: String, reason: String) throws {
        let folder = TestPaths.temporaryFolder("profile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bad.json")
        try Data(json.utf8).write(to: url)
        do throws(DimensioningError) {
            _ = try SensorProfile.read(url)
            Issue.record("a bad profile was accepted")
        } catch {
            guard case let .unreadableCapture(file, message) = error else { Issue.record("wrong error \(error)"); return }
            #expect(file == url.path)
            #expect(message.contains(reason), "\(message)")
        }
    }

    @Test func aMissingProfileIsUnreadable() {
        #expect(throws: DimensioningError.self) { try SensorProfile.read(URL(fileURLWithPath: "/nonexistent/p.json")) }
    }

    /// The depth scale scales a point cloud about its sensor and depth frames' depths.
    @Test func depthScaleScalesAboutTheCamera() {
        let cloud = CapturedCloud(pointsInCamera: PointCloud(xyz: [0, 0, 1, 0.1, 0.2, 2]), gridWidth: 2, gridHeight: 1,
                                  pixelIndex: nil)
        let capture = DepthCapture(source: URL(fileURLWithPath: "/x.pcd"), frames: [], cloud: cloud, gravityInWorld: nil)
        let scaled = capture.scalingDepth(by: 1.01)
        #expect(scaled.cloud!.pointsInCamera.xyz == [0, 0, 1.01, 0.101, 0.202, 2.02].map { Float($0) })
    }
}
