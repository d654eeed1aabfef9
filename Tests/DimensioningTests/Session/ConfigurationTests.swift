import Foundation
import Testing
@testable import Dimensioning

@Suite struct ConfigurationTests {
    @Test func defaults() {
        let c = DimensioningConfiguration()
        #expect(c.units == .centimeters)
        #expect(c.captureWindowFrames == 30)
        #expect(c.stabilityFrames == 10)
        #expect(c.autoCapture)
        #expect(c.minimumConfidence == 0.85)
        #expect(c.mode == .offline)
        #expect(c.pipeline == PipelineParameters())
    }

    @Test func jsonRoundTrip() throws {
        var c = DimensioningConfiguration(units: .inches, captureWindowFrames: 12, stabilityFrames: 4,
                                          autoCapture: false, minimumConfidence: 0.7)
        c.pipeline.floor.voxelSize = 0.02
        c.pipeline.box.minimumSide = 0.05
        c.live.stride = 2
        let decoded = try DimensioningConfiguration.decode(json: c.jsonData())
        #expect(decoded == c)
    }

    @Test func missingKeysKeepTheirDefaults() throws {
        let json = #"{"units": "mm", "pipeline": {"floor": {"voxelSize": 0.02}, "box": {}}, "live": {"stride": 2}}"#
        let c = try DimensioningConfiguration.decode(json: Data(json.utf8))
        var expected = DimensioningConfiguration()
        expected.units = .millimeters
        expected.pipeline.floor.voxelSize = 0.02
        expected.live.stride = 2
        #expect(c == expected)
        #expect(try DimensioningConfiguration.decode(json: Data("{}".utf8)) == DimensioningConfiguration())
    }

    @Test func malformedJSONIsATypedErrorNamingTheFile() {
        #expect {
            _ = try DimensioningConfiguration.decode(json: Data(#"{"capture_window_frames": "many"}"#.utf8), file: "cfg.json")
        } throws: { error in
            guard case let .unreadableCapture(file, reason)? = error as? DimensioningError else { return false }
            return file == "cfg.json" && reason.contains("capture_window_frames")
        }
    }

    @Test func onlineModeDecodesButIsRefusedByValidation() throws {
        let c = try DimensioningConfiguration.decode(json: Data(#"{"mode": "online"}"#.utf8))
        #expect(c.mode == .online)
        #expect(throws: DimensioningError.unsupported(feature: "online mode (cloud-augmented segmentation)")) {
            try c.validate()
        }
    }
}
