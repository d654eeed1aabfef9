import Foundation

/// What a calibration against a box of known size learned about one sensor (`boxdim calibrate`):
/// how far its silhouette edges sit from the true edges, and its depth scale. Industrial
/// dimensioners are verified the same way, against a reference box.
///
/// Written and read as JSON (`schema` "boxdim.profile/1"):
/// `{"schema":"boxdim.profile/1","edge_offset_px":1.9,"depth_scale":0.9984,...}`.
public struct SensorProfile: Sendable, Codable, Equatable {
    public static let schema = "boxdim.profile/1"

    /// Pixels by which the sensor's silhouette edges lie *outside* the true edges (stereo
    /// fattening: positive; a band the engine cannot centre: negative). Silhouette sides move
    /// inward by this many pixel footprints (`EdgeEstimate.pixelFootprint`). Valid range
    /// −5...5.
    public var edgeOffsetPixels: Double
    /// Pixels by which silhouette sides *facing the camera* lie outside the true edges, when
    /// the calibration could tell them apart; nil: `edgeOffsetPixels` for every side. A matcher
    /// spreads the top over the box's own side face only where the face's depth has jumped
    /// away from the top's by more than its matching threshold, so a side face seen at an
    /// angle takes less of the spread than the floor behind a side facing away. Valid range
    /// −5...5.
    public var facingEdgeOffsetPixels: Double?
    /// How far one placement's spread strayed from the fitted offset over the references,
    /// pixels (`EdgeOffsetFit.scatterPixels`); nil when the calibration could not tell (under
    /// three references). Each side the profile moves is doubted by this many of its pixel
    /// footprints (`EdgeEstimate.calibrationDoubt`). Valid range 0...5.
    public var edgeScatterPixels: Double?
    /// Depths are multiplied by this before measuring (1 = no correction). Valid range
    /// 0.9...1.1.
    public var depthScale: Double
    /// How far one reference's height ratio (known over measured) scattered about the others'
    /// (their standard deviation, a fraction: 0.003 is 0.3 %); nil under three references. The
    /// uncertainty model takes it as the depth scale's doubt in place of the sensor class's
    /// (`SensorClassPriors.depthScale`): this camera's scale, measured. Valid range 0...0.1.
    public var depthScaleScatter: Double? = nil
    /// Where it came from: the reference capture and the box's known size (mm), for people.
    public var reference: String?
    public var knownSizeMM: [Double]?
    /// The depth image size (width, height, pixels) of the references it was calibrated on:
    /// a profile is one sensor's, and a capture whose depth images are of another size is
    /// refused (`DimensioningError.profileMismatch`) rather than corrected by the wrong
    /// camera's edges. Nil when not recorded (profiles written before it was, or references
    /// that are unorganised clouds or of several sizes): then it is not checked.
    public var imageSizePixels: [Int]?

    enum CodingKeys: String, CodingKey {
        case schema
        case edgeOffsetPixels = "edge_offset_px"
        case facingEdgeOffsetPixels = "facing_edge_offset_px"
        case edgeScatterPixels = "edge_scatter_px"
        case depthScale = "depth_scale"
        case depthScaleScatter = "depth_scale_scatter"
        case reference
        case knownSizeMM = "known_size_mm"
        case imageSizePixels = "image_size_px"
    }

    public init(edgeOffsetPixels: Double = 0, depthScale: Double = 1, reference: String? = nil,
                knownSizeMM: [Double]? = nil, facingEdgeOffsetPixels: Double? = nil, edgeScatterPixels: Double? = nil,
                imageSizePixels: [Int]? = nil) {
        self.edgeOffsetPixels = edgeOffsetPixels
        self.imageSizePixels = imageSizePixels
        self.edgeScatterPixels = edgeScatterPixels
        self.facingEdgeOffsetPixels = facingEdgeOffsetPixels
        self.depthScale = depthScale
        self.reference = reference
        self.knownSizeMM = knownSizeMM
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try c.decodeIfPresent(String.self, forKey: .schema)
        guard schema == nil || schema == SensorProfile.schema else {
            throw DecodingError.dataCorruptedError(forKey: .schema, in: c,
                                                   debugDescription: "unknown profile schema \(schema!)")
        }
        edgeOffsetPixels = try c.decodeIfPresent(Double.self, forKey: .edgeOffsetPixels) ?? 0
        facingEdgeOffsetPixels = try c.decodeIfPresent(Double.self, forKey: .facingEdgeOffsetPixels)
        edgeScatterPixels = try c.decodeIfPresent(Double.self, forKey: .edgeScatterPixels)
        if let scatter = edgeScatterPixels, !(scatter.isFinite && (0...5).contains(scatter)) {
            throw DecodingError.dataCorruptedError(forKey: .edgeScatterPixels, in: c,
                                                   debugDescription: "edge_scatter_px must be in 0...5")
        }
        depthScale = try c.decodeIfPresent(Double.self, forKey: .depthScale) ?? 1
        depthScaleScatter = try c.decodeIfPresent(Double.self, forKey: .depthScaleScatter)
        if let scatter = depthScaleScatter, !(scatter.isFinite && (0...0.1).contains(scatter)) {
            throw DecodingError.dataCorruptedError(forKey: .depthScaleScatter, in: c,
                                                   debugDescription: "depth_scale_scatter must be in 0...0.1")
        }
        reference = try c.decodeIfPresent(String.self, forKey: .reference)
        knownSizeMM = try c.decodeIfPresent([Double].self, forKey: .knownSizeMM)
        imageSizePixels = try c.decodeIfPresent([Int].self, forKey: .imageSizePixels)
        if let size = imageSizePixels, !(size.count == 2 && size.allSatisfy { (1...100_000).contains($0) }) {
            throw DecodingError.dataCorruptedError(forKey: .imageSizePixels, in: c,
                                                   debugDescription: "image_size_px must be [width, height] in pixels")
        }
        guard edgeOffsetPixels.isFinite, (-5...5).contains(edgeOffsetPixels) else {
            throw DecodingError.dataCorruptedError(forKey: .edgeOffsetPixels, in: c,
                                                   debugDescription: "edge_offset_px must be in -5...5")
        }
        if let facing = facingEdgeOffsetPixels, !(facing.isFinite && (-5...5).contains(facing)) {
            throw DecodingError.dataCorruptedError(forKey: .facingEdgeOffsetPixels, in: c,
                                                   debugDescription: "facing_edge_offset_px must be in -5...5")
        }
        guard depthScale.isFinite, (0.9...1.1).contains(depthScale) else {
            throw DecodingError.dataCorruptedError(forKey: .depthScale, in: c,
                                                   debugDescription: "depth_scale must be in 0.9...1.1")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(SensorProfile.schema, forKey: .schema)
        try c.encode(edgeOffsetPixels, forKey: .edgeOffsetPixels)
        try c.encodeIfPresent(facingEdgeOffsetPixels, forKey: .facingEdgeOffsetPixels)
        try c.encodeIfPresent(edgeScatterPixels, forKey: .edgeScatterPixels)
        try c.encodeIfPresent(depthScaleScatter, forKey: .depthScaleScatter)
        try c.encode(depthScale, forKey: .depthScale)
        try c.encodeIfPresent(reference, forKey: .reference)
        try c.encodeIfPresent(knownSizeMM, forKey: .knownSizeMM)
        try c.encodeIfPresent(imageSizePixels, forKey: .imageSizePixels)
    }

    /// The offset (pixels) a silhouette side carries: `facingEdgeOffsetPixels` when it faces
    /// the camera and the profile has one, else `edgeOffsetPixels`.
    public func offsetPixels(facingCamera: Bool) -> Double {
        facingCamera ? (facingEdgeOffsetPixels ?? edgeOffsetPixels) : edgeOffsetPixels
    }

    /// Reads a profile file.
    ///
    /// - Throws: `unreadableCapture` naming the file and what is wrong with it.
    public static func read(_ url: URL) throws(DimensioningError) -> SensorProfile {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadableCapture(file: url.path, reason: "cannot read the profile: \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(SensorProfile.self, from: data) } catch {
            throw .unreadableCapture(file: url.path, reason: "not a sensor profile: \(describeDecodingError(error))")
        }
    }

    /// Writes the profile as pretty-printed JSON.
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}

extension DepthCapture {
    /// The capture with every depth multiplied by `scale` (a sensor profile's depth scale): the
    /// scene scales about each frame's camera, as a depth scale error does.
    public func scalingDepth(by scale: Double) -> DepthCapture {
        guard scale != 1 else { return self }
        var copy = self
        let s = Float(scale)
        for f in copy.frames.indices {
            copy.frames[f].depth = copy.frames[f].depth.map { $0 * s }
        }
        // A point cloud is in its sensor's frame: scaling about the origin scales its depths.
        if var cloud = copy.cloud {
            cloud.pointsInCamera.xyz = cloud.pointsInCamera.xyz.map { $0 * s }
            copy.cloud = cloud
        }
        return copy
    }
}
