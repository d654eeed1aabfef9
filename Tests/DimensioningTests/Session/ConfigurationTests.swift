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

/// Every tunable survives a JSON round trip: a field the decoder forgot would silently keep its
/// default and lose the user's setting.
@Suite struct PipelineParametersCodingTests {
    /// Changes every number in a JSON tree (x -> 2x + 1), keeping the shape.
    private func perturb(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] { return dictionary.mapValues(perturb) }
        if let number = value as? NSNumber { // the tunables hold no booleans
            return number.doubleValue == number.doubleValue.rounded() ? NSNumber(value: number.intValue * 2 + 1)
                                                                       : NSNumber(value: number.doubleValue * 2 + 1)
        }
        return value
    }

    @Test func everyFieldIsDecoded() throws {
        let encoded = try JSONEncoder().encode(PipelineParameters())
        let tree = try #require(JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let changed = try JSONSerialization.data(withJSONObject: perturb(tree), options: [.sortedKeys])
        let decoded = try JSONDecoder().decode(PipelineParameters.self, from: changed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let again = try JSONSerialization.jsonObject(with: try encoder.encode(decoded)) as? NSDictionary
        let expected = try JSONSerialization.jsonObject(with: changed) as? NSDictionary
        #expect(again == expected)
        #expect(decoded != PipelineParameters())
    }
}
