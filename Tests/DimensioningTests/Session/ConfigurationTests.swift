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
        c.pipeline.envelope.minimumSide = 0.05
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

    /// The live analysis judges the floor and clusters objects with the pipeline's own settings;
    /// a saved file that still names the old live copies at their defaults reads, another value
    /// says where the setting lives now, and a key that names nothing is refused.
    @Test func theLiveAnalysisReadsThePipelinesStages() throws {
        var configuration = DimensioningConfiguration()
        configuration.pipeline.floor.belowTolerance = 0.05
        configuration.pipeline.isolation.clusterTolerance = 0.03
        let analyzer = LiveFrameAnalyzer(parameters: configuration.live, pipeline: configuration.pipeline)
        #expect(analyzer.floorParameters.belowTolerance == 0.05)
        #expect(analyzer.isolationParameters.clusterTolerance == 0.03)

        let saved = #"{"live": {"stride": 2, "floorBin": 0.01, "belowTolerance": 0.03, "maximumShareBelow": 0.03, "clusterTolerance": 0.02}}"#
        #expect(try DimensioningConfiguration.decode(json: Data(saved.utf8)).live.stride == 2)
        #expect {
            _ = try DimensioningConfiguration.decode(json: Data(#"{"live": {"belowTolerance": 0.05}}"#.utf8), file: "cfg.json")
        } throws: { error in
            guard case let .unreadableCapture(file, reason)? = error as? DimensioningError else { return false }
            return file == "cfg.json" && reason.contains("pipeline.floor.belowTolerance")
        }
        #expect {
            _ = try DimensioningConfiguration.decode(json: Data(#"{"live": {"strde": 2}}"#.utf8))
        } throws: { error in
            guard case let .unreadableCapture(_, reason)? = error as? DimensioningError else { return false }
            return reason.contains("strde") && reason.contains("no such setting")
        }
        #expect {
            _ = try DimensioningConfiguration.decode(json: Data(#"{"live": {"stride": "two"}}"#.utf8))
        } throws: { error in
            guard case let .unreadableCapture(_, reason)? = error as? DimensioningError else { return false }
            return reason.contains("live.stride")
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

    /// A file written before the settings were split by stage (one `box` object, the sensor's
    /// values under `fusion`, `floor` and `box`) is read with each value where it lives now.
    @Test func settingsBeforeTheSplitByStageMoveToTheirStage() throws {
        let json = #"""
        {"fusion": {"jumpPerMetre": 0.02, "maximumFrames": 60},
         "floor": {"wallMinimumRise": 0.4, "belowTolerancePerSquareMetre": 0.05, "voxelSize": 0.02},
         "box": {"minimumSide": 0.05, "maximumBandPixels": 6, "minimumSideFaceStrips": 4, "topBand": 0.04,
                 "fatteningPixels": 0.5, "minimumFill": 0.8, "clusterTolerance": 0.03, "neighbourFaceDrop": 0.02}}
        """#
        let p = try JSONDecoder().decode(PipelineParameters.self, from: Data(json.utf8))
        #expect(p.fusion.maximumFrames == 60 && p.floor.voxelSize == 0.02 && p.walls.minimumRise == 0.4)
        #expect(p.envelope.minimumSide == 0.05 && p.top.band == 0.04 && p.cuboid.minimumSideFaceStrips == 4)
        #expect(p.shape.minimumFill == 0.8 && p.isolation.clusterTolerance == 0.03 && p.singleBox.neighbourFaceDrop == 0.02)
        let b = p.behaviour
        #expect(b.jumpPerMetre == 0.02 && b.rangeBendPerSquareMetre == 0.05 && b.maximumBandPixels == 6 && b.lipCountFattening == 0.5)
        #expect(b.surfaceSpread == SensorBehaviour.shared.surfaceSpread, "what the file did not name keeps the class's value")
        // Unchanged settings compare equal to the defaults.
        var expected = PipelineParameters()
        expected.fusion.maximumFrames = 60; expected.floor.voxelSize = 0.02; expected.walls.minimumRise = 0.4
        expected.envelope.minimumSide = 0.05; expected.top.band = 0.04; expected.cuboid.minimumSideFaceStrips = 4
        expected.shape.minimumFill = 0.8; expected.isolation.clusterTolerance = 0.03; expected.singleBox.neighbourFaceDrop = 0.02
        expected.sensorBehaviour = b
        #expect(p == expected)
    }

    /// A key that names no setting is an error naming its path: a typo must not be ignored.
    @Test func aKeyThatNamesNoSettingIsAnError() {
        func reason(_ json: String) -> String? {
            do {
                _ = try DimensioningConfiguration.decode(json: Data(json.utf8), file: "cfg.json")
                return nil
            } catch {
                guard case let .unreadableCapture(file, reason) = error, file == "cfg.json" else { return "\(error)" }
                return reason
            }
        }
        #expect(reason(#"{"pipeline": {"floor": {"voxelSise": 0.02}}}"#)?.contains("pipeline.floor.voxelSise") == true)
        #expect(reason(#"{"pipeline": {"stages": {}}}"#)?.contains("pipeline.stages") == true)
        #expect(reason(#"{"pipeline": {"box": {"nope": 1}}}"#)?.contains("pipeline.box.nope") == true)
        #expect(reason(#"{"pipeline": {"box": {"heightStepSlice": 0.02}}}"#)?.contains("outlineStripWidth") == true)
        #expect(reason(#"{"pipeline": {"box": {"outlierStdMultiplier": 3}}}"#)?.contains("outlier trim is gone") == true)
        #expect(reason(#"{"pipeline": {"box": {"heightStepSlice": 0.01, "outlierNeighbours": 12, "outlierStdMultiplier": 20}}}"#) == nil,
                "a saved configuration gives the removed settings at their last defaults")
        #expect(reason(#"{"pipeline": {"sensorBehaviour": {"bandPixels": 3}}}"#)?.contains("sensorBehaviour.bandPixels") == true)
        #expect(reason(#"{"pipeline": {"floor": {"voxelSize": "fine"}}}"#) != nil)
        #expect(reason(#"{"pipeline": {"sensorBehaviour": {"maximumBandPixels": 5}, "uncertainty": {"sensorClass": "tof"}}}"#) == nil)
        // Settings that went to the sensor classes or became derived (sensor-classes/4): read at
        // their last defaults, an error naming where they went at any other value.
        #expect(reason(#"{"pipeline": {"top": {"distanceThreshold": 0.006}, "floor": {"refineBand": 0.006}, "shape": {"outlineCornerMargin": 0.03}, "uncertainty": {"independentPlanePoints": 100}}}"#) == nil)
        #expect(reason(#"{"pipeline": {"top": {"distanceThreshold": 0.01}}}"#)?.contains("sensorBehaviour.inlierBand") == true)
        #expect(reason(#"{"pipeline": {"floor": {"refineBand": 0.01}}}"#)?.contains("sensorBehaviour.inlierBand") == true)
        #expect(reason(#"{"pipeline": {"shape": {"outlineCornerMargin": 0.05}}}"#)?.contains("outlineStripWidth") == true)
        #expect(reason(#"{"pipeline": {"uncertainty": {"independentPlanePoints": 50}}}"#)?.contains("independent_plane_points") == true)
        #expect(reason(#"{"pipeline": {"box": {"topDistanceThreshold": 0.01}}}"#)?.contains("sensorBehaviour.inlierBand") == true)
        // Settings derived from others since the engine came down to 40 (`PipelineParameters+Derived.swift`).
        #expect(reason(#"{"pipeline": {"walls": {"band": 0.008, "footDistance": 0.02}, "cuboid": {"sideBand": 0.02, "backgroundDrop": 0.02}, "floor": {"distanceThreshold": 0.01, "lidSuspicionHeight": 0.35, "wallBand": 0.008}, "shape": {"outlineStepMinimum": 0.02, "heightStepWindow": 0.04, "heightStepMinimumSide": 0.08}}}"#) == nil)
        #expect(reason(#"{"pipeline": {"box": {"sideBand": 0.02, "outlineSeenDrop": 0.02, "wallFootDistance": 0.02, "heightStepWindow": 0.04}}}"#) == nil)
        #expect(reason(#"{"pipeline": {"walls": {"footDistance": 0.03}}}"#)?.contains("isolation.clusterTolerance") == true)
        #expect(reason(#"{"pipeline": {"cuboid": {"backgroundDrop": 0.03}}}"#)?.contains("isolation.clusterTolerance") == true)
        #expect(reason(#"{"pipeline": {"walls": {"band": 0.01}}}"#)?.contains("surfaceSpread") == true)
        #expect(reason(#"{"pipeline": {"floor": {"distanceThreshold": 0.02}}}"#)?.contains("floor.voxelSize") == true)
        #expect(reason(#"{"pipeline": {"shape": {"heightStepWindow": 0.05}}}"#)?.contains("outlineStripWidth") == true)
    }

    /// The derived settings follow what they derive from (`PipelineParameters+Derived.swift`):
    /// one separation, the sensor's surface spread and range, the floor's voxel, the strip width.
    @Test func derivedSettingsFollowTheirSources() throws {
        let json = #"{"isolation": {"clusterTolerance": 0.015}, "floor": {"voxelSize": 0.02}, "shape": {"outlineStripWidth": 0.025}, "envelope": {"minimumHeight": 0.05}, "sensorBehaviour": {"surfaceSpread": 0.01, "rangeMinimum": 0.4}}"#
        let p = try JSONDecoder().decode(PipelineParameters.self, from: Data(json.utf8))
        #expect(p.separation == 0.015 && p.sideBand == 0.015 && p.backgroundDrop == 0.015 && p.wallFootDistance == 0.015)
        #expect(p.wallBand == 0.01 && p.floor.distanceThreshold == 0.02)
        #expect(abs(p.lidSuspicionHeight - 0.45) < 1e-12)
        #expect(p.shape.outlineStepMinimum == 0.025 && p.shape.heightStepWindow == 0.05 && p.shape.heightStepMinimumSide == 0.1)
        let d = PipelineParameters()
        #expect(d.sideBand == 0.02 && d.backgroundDrop == 0.02 && d.wallFootDistance == 0.02 && d.wallBand == 0.008)
        #expect(d.floor.distanceThreshold == 0.01 && d.shape.heightStepWindow == 0.04 && d.shape.heightStepMinimumSide == 0.08)
    }

    /// The camera's depth range and measuring range moved to its behaviour: a file that sets them
    /// where they were still sets them.
    @Test func movedRangesStillApply() throws {
        let json = #"{"pipeline": {"fusion": {"minimumDepth": 0.2, "maximumDepth": 4}, "envelope": {"rangeMaximum": 1.5}, "box": {"rangeMinimum": 0.4}}}"#
        let p = try DimensioningConfiguration.decode(json: Data(json.utf8), file: "cfg.json").pipeline
        let b = p.behaviour
        #expect(b.minimumDepth == 0.2 && b.maximumDepth == 4)
        #expect(b.rangeMinimum == 0.4 && b.rangeMaximum == 1.5)
        #expect(b.inlierBand == SensorBehaviour.shared.inlierBand, "the rest of the behaviour keeps its defaults")
        #expect(p.fusion == FusionParameters() && p.envelope == EnvelopeParameters())
    }

    /// The engine's own tunables (every number of the stage structs, the sensor's behaviour and
    /// profile aside, and the sensor class, which is optional and absent by default) stay few:
    /// 57 since they were split by stage, the outlier trim went and two limits merged; 49 since
    /// the camera's depth range, measuring range, plane band and independent plane points went to
    /// the sensor classes and the outline's corner margin became a strip and a half; 40 since nine
    /// became derived: one separation for every "together or apart" test, the wall's band from
    /// the sensor's surface spread, the floor's RANSAC distance from its voxel, the lid
    /// suspicion from the measuring range, the shape tests' scales from the strip width
    /// (`PipelineParameters+Derived.swift`; issue 35 asks for at most 40).
    @Test func theEngineHasAtMost40Tunables() throws {
        let tree = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(PipelineParameters())) as? [String: Any])
        #expect(tree["sensorBehaviour"] == nil && tree["profile"] == nil)
        var perStage: [String: Int] = [:]
        for (stage, settings) in tree {
            perStage[stage] = (settings as? [String: Any])?.count ?? 0
        }
        let total = perStage.values.reduce(0, +)
        #expect(total <= 40, "\(perStage)")
        #expect(perStage.values.allSatisfy { $0 <= 11 }, "each stage's struct stays small: \(perStage)")
    }

    /// The live analysis holds only what the pipeline has no setting for (its stride, the
    /// tracks' steadiness, the guidance, and how large a box candidate must be to be followed):
    /// no setting of the same name as a pipeline stage's, ten in all (sixteen until the floor and
    /// the clustering were read from the pipeline's stages).
    @Test func theLiveAnalysisCopiesNoPipelineSetting() throws {
        let live = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(LiveAnalysisParameters())) as? [String: Any])
        let tree = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(PipelineParameters())) as? [String: Any])
        let pipelineKeys = Set(tree.values.compactMap { $0 as? [String: Any] }.flatMap(\.keys))
        #expect(Set(live.keys).isDisjoint(with: pipelineKeys), "\(Set(live.keys).intersection(pipelineKeys))")
        #expect(live.count == 10, "\(live.keys.sorted())")
    }
}
