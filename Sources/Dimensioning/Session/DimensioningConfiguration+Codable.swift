import Foundation

/// JSON keys are snake_case and stable. Decoding keeps the default of every missing key, here
/// and in the nested pipeline parameters (`PipelineParameters+Decoding.swift`).
extension DimensioningConfiguration: Codable {
    enum CodingKeys: String, CodingKey {
        case units
        case captureWindowFrames = "capture_window_frames"
        case stabilityFrames = "stability_frames"
        case autoCapture = "auto_capture"
        case minimumConfidence = "minimum_confidence"
        case mode, live, pipeline
    }

    public init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        units = try c.decodeIfPresent(LengthUnit.self, forKey: .units) ?? units
        captureWindowFrames = try c.decodeIfPresent(Int.self, forKey: .captureWindowFrames) ?? captureWindowFrames
        stabilityFrames = try c.decodeIfPresent(Int.self, forKey: .stabilityFrames) ?? stabilityFrames
        autoCapture = try c.decodeIfPresent(Bool.self, forKey: .autoCapture) ?? autoCapture
        minimumConfidence = try c.decodeIfPresent(Double.self, forKey: .minimumConfidence) ?? minimumConfidence
        mode = try c.decodeIfPresent(Mode.self, forKey: .mode) ?? mode
        if let given = try c.decodeIfPresent(ConfigValue.self, forKey: .live) {
            // Laid over the defaults as the pipeline's stages are: a key that names no setting is
            // an error, and so is a removed one given other than at its last default.
            let path = c.codingPath + [CodingKeys.live]
            live = try ConfigValue.encoding(live)
                .overlaid(by: given.droppingRemoved(LiveAnalysisParameters.removedKeys, codingPath: path), codingPath: path)
                .decode(LiveAnalysisParameters.self, at: path)
        }
        pipeline = try c.decodeIfPresent(PipelineParameters.self, forKey: .pipeline) ?? pipeline
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(units, forKey: .units)
        try c.encode(captureWindowFrames, forKey: .captureWindowFrames)
        try c.encode(stabilityFrames, forKey: .stabilityFrames)
        try c.encode(autoCapture, forKey: .autoCapture)
        try c.encode(minimumConfidence, forKey: .minimumConfidence)
        try c.encode(mode, forKey: .mode)
        try c.encode(live, forKey: .live)
        try c.encode(pipeline, forKey: .pipeline)
    }

    /// Reads a configuration from JSON; missing keys keep their defaults.
    ///
    /// - Throws: `DimensioningError.unreadableCapture` naming `file` (or "configuration") when
    ///   the JSON is malformed or a value has the wrong type.
    public static func decode(json data: Data, file: String = "configuration") throws(DimensioningError) -> DimensioningConfiguration {
        do {
            return try JSONDecoder().decode(DimensioningConfiguration.self, from: data)
        } catch {
            throw .unreadableCapture(file: file, reason: "invalid configuration JSON: \(describeDecodingError(error))")
        }
    }

    /// The configuration as pretty, key-sorted JSON.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Plain numbers and strings: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

/// A short, human reason for a JSON decoding failure: the key path, then what was wrong there
/// (configuration files and sensor profiles).
func describeDecodingError(_ error: Error) -> String {
    switch error as? DecodingError {
    case let .typeMismatch(_, context), let .valueNotFound(_, context),
         let .keyNotFound(_, context), let .dataCorrupted(context):
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    default:
        return "\(error)"
    }
}

extension LiveAnalysisParameters {
    /// Settings the live analysis no longer holds, with their last defaults and where the value
    /// lives now: the pipeline's stage that judges the same thing. A file that gives the old
    /// default (as every saved configuration does) still reads; another value is an error that
    /// says where to set it (`DimensioningConfiguration.init(from:)`).
    static let removedKeys: [String: (lastDefault: Double, why: String)] = [
        "minimumFloorShare": (0.10, "a floor needs the pipeline's share of the view: pipeline.floor.minimumInlierShare"),
        "minimumHeightAboveFloor": (0.02, "a box's points lie as high as the pipeline's: pipeline.isolation.minimumHeightAboveFloor"),
        "floorBin": (0.01, "the floor histogram's bins are the pipeline's floor.voxelSize"),
        "maximumShareBelow": (0.03, "the live floor is judged as the pipeline's: pipeline.floor.maximumShareBelow"),
        "belowTolerance": (0.03, "the live floor is judged as the pipeline's: pipeline.floor.belowTolerance"),
        "clusterTolerance": (0.02, "objects are clustered as the pipeline's: pipeline.isolation.clusterTolerance"),
    ]
}
