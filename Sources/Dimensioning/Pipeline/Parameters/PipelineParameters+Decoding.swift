import Foundation

// A configuration file names only the settings it changes:
// `{"pipeline": {"floor": {"voxelSize": 0.02}}}`. Keys are the property names, as the
// synthesized encoder writes them. Each stage's object is laid over that stage's defaults, so a
// missing key keeps its default, a key of the wrong type is an error, and so is a key that names
// no setting (a typo would otherwise be ignored without a word).
//
// Files written before the settings were split by stage (one `box` object, and the sensor's
// values under `fusion`, `floor`, `envelope` and `box`) are read too: each old key is moved to
// where its setting lives now (`PipelineParameters.legacyKeys`), and a setting that is gone is
// read at its last default (`PipelineParameters.removedKeys`).

extension PipelineParameters {
    public init(from decoder: Decoder) throws {
        self.init()
        guard case var .object(given) = try ConfigValue(from: decoder) else {
            throw DecodingError.typeMismatch([String: ConfigValue].self, .init(
                codingPath: decoder.codingPath, debugDescription: "the pipeline's settings must be an object"))
        }
        var behaviourGiven = given.removeValue(forKey: "sensorBehaviour")?.objectValue ?? [:]
        try Self.moveLegacyKeys(&given, behaviour: &behaviourGiven, codingPath: decoder.codingPath)
        if let profile = given.removeValue(forKey: "profile"), profile != .null {
            self.profile = try profile.decode(SensorProfile.self)
        }
        // The sensor class is optional, so absent from the defaults: it is read on its own.
        var sensorClass: SensorClass? = nil
        if case var .object(uncertainty)? = given["uncertainty"], let named = uncertainty.removeValue(forKey: "sensorClass") {
            sensorClass = named == .null ? nil : try named.decode(SensorClass.self)
            given["uncertainty"] = .object(uncertainty)
        }
        var stages = ConfigValue.encoding(PipelineParameters()).objectValue ?? [:]
        for (stage, value) in given {
            guard let base = stages[stage] else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [AnyKey(stage)],
                                                        debugDescription: "no such group of settings"))
            }
            stages[stage] = try base.overlaid(by: value, codingPath: decoder.codingPath + [AnyKey(stage)])
        }
        fusion = try stages["fusion"]!.decode(FusionParameters.self)
        floor = try stages["floor"]!.decode(FloorParameters.self)
        walls = try stages["walls"]!.decode(WallParameters.self)
        isolation = try stages["isolation"]!.decode(IsolationParameters.self)
        top = try stages["top"]!.decode(TopParameters.self)
        raisedPart = try stages["raisedPart"]!.decode(RaisedPartParameters.self)
        cuboid = try stages["cuboid"]!.decode(CuboidParameters.self)
        singleBox = try stages["singleBox"]!.decode(SingleBoxParameters.self)
        shape = try stages["shape"]!.decode(ShapeParameters.self)
        envelope = try stages["envelope"]!.decode(EnvelopeParameters.self)
        uncertainty = try stages["uncertainty"]!.decode(UncertaintyParameters.self)
        uncertainty.sensorClass = sensorClass
        if !behaviourGiven.isEmpty {
            let path = decoder.codingPath + [AnyKey("sensorBehaviour")]
            sensorBehaviour = try ConfigValue.encoding(behaviour).overlaid(by: .object(behaviourGiven), codingPath: path)
                .decode(SensorBehaviour.self)
        }
    }

    /// Where each key of the settings before the split by stage lives now: (old group, old
    /// key) to (new group, new key); a new group of `sensorBehaviour` is the sensor's.
    static let legacyKeys: [String: [String: (group: String, key: String)]] = {
        var map: [String: [String: (group: String, key: String)]] = ["fusion": [:], "floor": [:], "box": [:], "envelope": [:]]
        for key in ["minimumConfidence", "mediumConfidenceWeight", "inlierBand", "inlierBandPerMetre", "jumpPerMetre",
                    "minimumDepth", "maximumDepth"] {
            map["fusion"]![key] = ("sensorBehaviour", key)
        }
        // The camera's measuring range is the sensor's (sensor-classes/4).
        for key in ["rangeMinimum", "rangeMaximum"] {
            map["envelope"]![key] = ("sensorBehaviour", key)
        }
        map["floor"]!["belowTolerancePerSquareMetre"] = ("sensorBehaviour", "rangeBendPerSquareMetre")
        map["floor"]!["wallMinimumWidth"] = ("envelope", "maximumParcelSide")
        map["floor"]!["wallMinimumRise"] = ("walls", "minimumRise")
        let sensorKeys = ["silhouetteMaximumGapSamples", "maximumBandPixels", "missingReturnsReachPixels", "surfaceSpread",
                          "bandConsistencyPixels", "creaseBandFreePixels", "creaseBandShare", "minimumFaceSpanPixels",
                          "grazingFaceShiftShare", "baseLineAgreement", "lipMeasurableRise", "lipCountError", "lipShareLimit",
                          "suspectedFatteningPixels", "suspectedFatteningSignificance", "blendingBandPixels",
                          "blendingFatteningSignificance", "lipRiseErrorFloor", "lipRiseNoiseShare", "bandLipWindowBelow",
                          "bandLipMinimumSamples", "bandLipMinimumFrames", "bandLipSuspectedPixels", "bandLipSignificance"]
        for key in sensorKeys { map["box"]![key] = ("sensorBehaviour", key) }
        map["box"]!["fatteningPixels"] = ("sensorBehaviour", "lipCountFattening")
        for key in ["minimumHeightAboveFloor", "maximumHeightAboveFloor", "maximumCandidates", "clusterTolerance",
                    "minimumClusterPoints"] { map["box"]![key] = ("isolation", key) }
        map["box"]!["topBand"] = ("top", "band")
        map["box"]!["topMaximumTiltDegrees"] = ("top", "maximumTiltDegrees")
        map["box"]!["minimumSideFaceStrips"] = ("cuboid", "minimumSideFaceStrips")
        map["box"]!["outlineSupportBand"] = ("floor", "belowTolerance")
        map["box"]!["wallReach"] = ("walls", "reach")
        for key in ["outsideMargin", "maximumShareOutside", "occludedNeighbourReach", "minimumHiddenNeighbourPoints",
                    "maximumNeighbourExtent", "neighbourFaceDrop", "neighbourFaceClearance"] {
            map["box"]![key] = ("singleBox", key)
        }
        for key in ["outlineStripWidth", "outlineStepPixels", "outlineStepMinimumShare", "outlineSeenRays",
                    "heightStepMinimum", "heightStepMinimumSamples", "minimumFill"] { map["box"]![key] = ("shape", key) }
        for key in ["minimumSide", "minimumHeight", "borderMarginPixels"] {
            map["box"]![key] = ("envelope", key)
        }
        for key in ["rangeMinimum", "rangeMaximum"] { map["box"]![key] = ("sensorBehaviour", key) }
        return map
    }()

    /// Settings that are gone, by group (the old `box` group's too), with their last defaults and
    /// why: a file that gives the old default (as every saved configuration does) still reads;
    /// another value is an error that says what became of the setting.
    static let removedKeys: [String: [String: (lastDefault: Double, why: String)]] = {
        let planeBand = "the top's and the floor's plane band is the sensor's: pipeline.sensorBehaviour.inlierBand"
        let cornerMargin = "each corner leaves a strip and a half of shape.outlineStripWidth"
        let planePoints = "the independent points of a plane fit are the sensor class's (independent_plane_points, Resources/sensor-classes.json)"
        // Derived since the settings came down to 40 (`PipelineParameters+Derived.swift`).
        let separation = "it is the engine's separation, isolation.clusterTolerance"
        let wallBand = "a wall's band is the sensor's spread of a vertical surface: pipeline.sensorBehaviour.surfaceSpread"
        let voxel = "the floor's RANSAC distance is one voxel: floor.voxelSize"
        let lid = "a lid is suspected nearer than the sensor's sensorBehaviour.rangeMinimum plus envelope.minimumHeight"
        let stepMinimum = "an outline step is as deep as a strip is wide: shape.outlineStripWidth"
        let window = "the height step's window is two strips of shape.outlineStripWidth"
        let side = "the height step's line stays two windows (four strips of shape.outlineStripWidth) from either end"
        return [
            "box": [
                "heightStepSlice": (0.01, "the height step is scanned in quarters of its window, two strips of shape.outlineStripWidth"),
                "sideBand": (0.02, separation),
                "silhouetteBackgroundDrop": (0.02, separation),
                "outlineSeenDrop": (0.02, separation),
                "wallFootDistance": (0.02, separation),
                "outlineStepMinimum": (0.02, stepMinimum),
                "heightStepWindow": (0.04, window),
                "heightStepMinimumSide": (0.08, side),
                "outlierNeighbours": (12, "the top's statistical outlier trim is gone (it changed no held-out or real measurement)"),
                "outlierStdMultiplier": (20, "the top's statistical outlier trim is gone (it changed no held-out or real measurement)"),
                "minimumSidePoints": (12, "a side face needs cuboid.minimumSideFaceStrips strips of points"),
                "maximumNeighbourHeight": (1.2, "hidden objects taller than envelope.maximumParcelSide are walls or furniture"),
                "topDistanceThreshold": (0.006, planeBand),
                "outlineCornerMargin": (0.03, cornerMargin),
            ],
            "top": ["distanceThreshold": (0.006, planeBand)],
            "floor": ["refineBand": (0.006, planeBand), "wallBand": (0.008, wallBand), "distanceThreshold": (0.01, voxel),
                      "lidSuspicionHeight": (0.35, lid)],
            "walls": ["band": (0.008, wallBand), "footDistance": (0.02, separation)],
            "cuboid": ["sideBand": (0.02, separation), "backgroundDrop": (0.02, separation)],
            "shape": ["outlineCornerMargin": (0.03, cornerMargin), "outlineStepMinimum": (0.02, stepMinimum),
                      "heightStepWindow": (0.04, window), "heightStepMinimumSide": (0.08, side)],
            "uncertainty": ["independentPlanePoints": (100, planePoints)],
        ]
    }()

    /// Moves the keys of settings that moved to where they live now. A key the new settings
    /// already give keeps the new value. A removed setting (`removedKeys`) is dropped at its old
    /// default and an error otherwise.
    static func moveLegacyKeys(_ given: inout [String: ConfigValue], behaviour: inout [String: ConfigValue],
                               codingPath: [CodingKey]) throws {
        for (group, removedHere) in removedKeys.sorted(by: { $0.key < $1.key }) {
            guard let old = given[group] else { continue }
            given[group] = try old.droppingRemoved(removedHere, codingPath: codingPath + [AnyKey(group)])
        }
        for (group, moves) in legacyKeys {
            guard case var .object(old)? = given[group] else { continue }
            for (key, target) in moves {
                guard let value = old.removeValue(forKey: key) else { continue }
                if target.group == "sensorBehaviour" {
                    if behaviour[target.key] == nil { behaviour[target.key] = value }
                } else {
                    var into = given[target.group]?.objectValue ?? [:]
                    if into[target.key] == nil { into[target.key] = value }
                    given[target.group] = .object(into)
                }
            }
            if group == "box" {
                // Whatever is left in an old `box` object named no setting of it.
                if let key = old.keys.sorted().first {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyKey("box"), AnyKey(key)],
                                                            debugDescription: "no such setting"))
                }
                given.removeValue(forKey: "box")
            } else {
                given[group] = .object(old)
            }
        }
    }
}

/// A coding key made from any string (a path in an error).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
