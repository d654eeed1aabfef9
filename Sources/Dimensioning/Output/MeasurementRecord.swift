import Foundation

/// The stable JSON shape of one measured capture, shared by `boxdim measure --json`, batch
/// results and the session's replay. Keys are snake_case and never renamed; new keys may be
/// added. Lengths are numbers in `units`; `volume_m3` is always cubic metres.
///
/// ```json
/// {"schema":"boxdim.measurement/8","capture":"box","status":"accepted","units":"cm",
///  "length":40.01,"width":30.02,"height":25.0,"volume_m3":0.03003,"confidence":0.99,
///  "uncertainty":{"length":0.23,"width":0.2,"height":0.16},"tolerance":1.0,"sensor_class":"lidar",
///  "frames":30,"spread":{"length":0.1,"width":0.1,"height":0.05},"error":null,"confidence_reasons":[],
///  "input":{"convention":"opengl","units":"mm","convention_detected":true,"units_detected":true,"dropped_frames":[]},
///  "barcodes":[{"symbology":"code128","text":"PARCEL-000123","face":"top","module_mm":0.99,"module_px":2.41,
///               "scanner_readable":true,"reads":3,"distance_m":0.62}],"barcode_error":null, ...}
/// ```
///
/// Version 2 added `input`: the axis convention and unit a point cloud or depth folder was
/// read in (`null` for Stray Scanner captures and unreadable ones). Version 3 added `barcodes`
/// (the parcel's codes read from the colour images; `[]` without colour or without a readable
/// code) and `barcode_error` (why the colour images could not be read, e.g. a truncated
/// `rgb.mp4`; the measurement does not depend on them). Version 4 added `confidence_reasons`:
/// one plain sentence per weakness that lowered the confidence (a wide edge band, fattening
/// seen or suspected, a side known only from the top's extent, frames that disagree, ...;
/// `[]` when nothing did, `null` without a measurement). Version 5 added `crease_reach_mm` to
/// each side in `edges` (how far a silhouette side facing the camera was moved past its top's
/// last samples for the band a crease loses; `null` where not moved). Version 6 added the
/// method `top_and_base` (a side facing the camera whose face returned nothing, placed between
/// the top's extent and where the floor starts at its base; `disagreement_mm` is then the floor
/// minus the top, and a `top_extent` side facing the camera carries it too when the two were
/// too far apart to trust) and `strip_scatter_mm` on each side (how far a silhouette side's
/// 2-cm strips scatter about their median; `null` for other sides). Records of versions 2 to 5
/// still decode (`barcodes` empty, `confidence_reasons`, `crease_reach_mm` and
/// `strip_scatter_mm` null). Version 7 added `uncertainty` (each dimension's expanded uncertainty
/// U, k = 2, in `units`), `tolerance` (in `units`) and `sensor_class`; `confidence` became the
/// uncertainty model's probability that every dimension is within the tolerance, and a record is
/// `accepted` when every U is within the tolerance and the confidence is at least the minimum.
/// Version 7 also kept the earlier confidence's eight factors in `confidence_factors`; version 8
/// drops them (nothing gated on them), and `confidence_reasons` says, for each dimension whose U
/// is over the tolerance, its largest terms (`MeasurementUncertainty.reasons(tolerance:)`).
/// Records of version 7 still decode.
public struct MeasurementRecord: Sendable, Equatable, Codable {
    /// Outcome of one capture.
    public enum Status: String, Sendable, Codable {
        /// Measured with confidence at or above the minimum.
        case accepted
        /// Measured, but below the minimum confidence.
        case lowConfidence = "low_confidence"
        /// The engine refused to measure (no floor, no box, cut off, ...).
        case noMeasurement = "no_measurement"
        /// The capture could not be read.
        case unreadable
    }

    public struct ErrorInfo: Sendable, Equatable, Codable {
        public var code: String
        public var message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public struct Spread: Sendable, Equatable, Codable {
        public var length: Double
        public var width: Double
        public var height: Double
    }

    /// Expanded uncertainties (k = 2, about 95 %) in the record's units.
    public typealias Uncertainty = Spread

    /// The record's schema; this engine writes version 8 (see the type's documentation).
    public static let currentSchema = "boxdim.measurement/8"

    /// Version 2 added `edges` (how each side was located), the `edges` confidence factor and
    /// `input` (how a point cloud's axes and unit were read); version 3 `barcodes` and
    /// `barcode_error`; version 4 `confidence_reasons`; version 5 `crease_reach_mm` on each edge;
    /// version 6 the method `top_and_base` and `strip_scatter_mm` on each edge.
    public var schema = MeasurementRecord.currentSchema
    public var capture: String
    public var status: Status
    public var units: LengthUnit
    public var length: Double?
    public var width: Double?
    public var height: Double?
    public var volumeM3: Double?
    public var confidence: Double?
    public var minConfidence: Double
    public var frames: Int?
    public var spread: Spread?
    /// Each dimension's expanded uncertainty U (k = 2), in `units`; nil without a measurement.
    public var uncertainty: Uncertainty?
    /// The tolerance judged against, in `units`.
    public var tolerance: Double?
    /// The sensor class whose priors the uncertainty used ("lidar", "stereo", ..., "unknown").
    public var sensorClass: SensorClass?
    /// What is irregular about a parcel measured as the cuboid enclosing it (`PipelineResult.shapeNotes`);
    /// empty for a plain box, nil without a measurement.
    public var shapeNotes: [String]?
    /// Why the measurement is not accepted: for each dimension whose U is over the tolerance, its
    /// largest terms (`PipelineResult.confidenceReasons`), and the probability when only it falls
    /// short of the minimum; empty for an accepted measurement, nil without one.
    public var confidenceReasons: [String]?
    public var pose: DimensioningMeasurement.CuboidPose?
    /// How each side of the footprint was located (+length, −length, +width, −width).
    public var edges: [EdgeRecord]?
    public var error: ErrorInfo?
    /// How the input was read (convention, unit, frames left out); nil for Stray Scanner.
    public var input: InputDescription?
    /// The barcodes read in the capture's colour images, in the order first read; empty
    /// without colour or without a readable code.
    public var barcodes: [BarcodeRecord] = []
    /// Why the colour images could not be read (naming the file); nil when they could or
    /// when there are none.
    public var barcodeError: String?

    enum CodingKeys: String, CodingKey {
        case schema, capture, status, units, length, width, height
        case volumeM3 = "volume_m3"
        case confidence
        case minConfidence = "min_confidence"
        case frames, spread, uncertainty, tolerance
        case sensorClass = "sensor_class"
        case shapeNotes = "shape_notes"
        case confidenceReasons = "confidence_reasons"
        case pose, edges, error, input, barcodes
        case barcodeError = "barcode_error"
    }

    /// Decodes every version: keys a version did not have take their empty value.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(String.self, forKey: .schema)
        capture = try c.decode(String.self, forKey: .capture)
        status = try c.decode(Status.self, forKey: .status)
        units = try c.decode(LengthUnit.self, forKey: .units)
        length = try c.decodeIfPresent(Double.self, forKey: .length)
        width = try c.decodeIfPresent(Double.self, forKey: .width)
        height = try c.decodeIfPresent(Double.self, forKey: .height)
        volumeM3 = try c.decodeIfPresent(Double.self, forKey: .volumeM3)
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        minConfidence = try c.decode(Double.self, forKey: .minConfidence)
        frames = try c.decodeIfPresent(Int.self, forKey: .frames)
        spread = try c.decodeIfPresent(Spread.self, forKey: .spread)
        uncertainty = try c.decodeIfPresent(Uncertainty.self, forKey: .uncertainty)
        tolerance = try c.decodeIfPresent(Double.self, forKey: .tolerance)
        sensorClass = try c.decodeIfPresent(SensorClass.self, forKey: .sensorClass)
        shapeNotes = try c.decodeIfPresent([String].self, forKey: .shapeNotes)
        confidenceReasons = try c.decodeIfPresent([String].self, forKey: .confidenceReasons)
        pose = try c.decodeIfPresent(DimensioningMeasurement.CuboidPose.self, forKey: .pose)
        edges = try c.decodeIfPresent([EdgeRecord].self, forKey: .edges)
        error = try c.decodeIfPresent(ErrorInfo.self, forKey: .error)
        input = try c.decodeIfPresent(InputDescription.self, forKey: .input)
        barcodes = try c.decodeIfPresent([BarcodeRecord].self, forKey: .barcodes) ?? []
        barcodeError = try c.decodeIfPresent(String.self, forKey: .barcodeError)
    }

    /// Every key is always written (absent values as `null`), so consumers see one schema.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(capture, forKey: .capture)
        try c.encode(status, forKey: .status)
        try c.encode(units, forKey: .units)
        try c.encode(length, forKey: .length)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(volumeM3, forKey: .volumeM3)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(minConfidence, forKey: .minConfidence)
        try c.encode(frames, forKey: .frames)
        try c.encode(spread, forKey: .spread)
        try c.encode(uncertainty, forKey: .uncertainty)
        try c.encode(tolerance, forKey: .tolerance)
        try c.encode(sensorClass, forKey: .sensorClass)
        try c.encode(shapeNotes, forKey: .shapeNotes)
        try c.encode(confidenceReasons, forKey: .confidenceReasons)
        try c.encode(pose, forKey: .pose)
        try c.encode(edges, forKey: .edges)
        try c.encode(error, forKey: .error)
        try c.encode(input, forKey: .input)
        try c.encode(barcodes, forKey: .barcodes)
        try c.encode(barcodeError, forKey: .barcodeError)
    }

    /// Builds the record of a capture from the pipeline's outcome.
    public init(capture: String, outcome: Result<PipelineResult, DimensioningError>, units: LengthUnit,
                minConfidence: Double, input: InputDescription? = nil, barcodes: [BarcodeReading] = [],
                barcodeError: String? = nil) {
        self.capture = capture
        self.barcodes = barcodes.map(BarcodeRecord.init)
        self.barcodeError = barcodeError
        self.input = input
        self.units = units
        self.minConfidence = minConfidence
        switch outcome {
        case let .success(result):
            let c = result.cuboid
            let convert = { (meters: Double) in MeasurementRecord.round(units.fromMeters(meters), places: 4) }
            status = .lowConfidence
            setSize([c.length, c.width, c.height], uncertainty: result.uncertainty, tolerance: result.tolerance)
            shapeNotes = result.shapeNotes
            frames = result.scene.frameCount
            spread = result.agreement.map {
                Spread(length: convert($0.lengthSpread), width: convert($0.widthSpread), height: convert($0.heightSpread))
            }
            confidenceReasons = result.confidenceReasons
            pose = MeasurementRecord.recordPose(c.centerInWorld, axes: c.axesInWorld, input: input)
            edges = zip(EdgeRecord.sideNames, c.edges).map { EdgeRecord(side: $0, estimate: $1) }
            judge(accepted: result.isAccepted(minimumConfidence: minConfidence), fitsTolerance: result.fitsTolerance,
                  probability: result.probabilityWithinTolerance)
            error = nil
        case let .failure(failure):
            status = failure.isUnreadable ? .unreadable : .noMeasurement
            error = ErrorInfo(code: failure.code, message: failure.description)
        }
    }

    /// Rounds to `places` decimals so that JSON output is short and stable: lengths to 1e-4 of
    /// the unit, volume to 1e-9 m³, confidence to 1e-4, the pose to 1e-6 (a
    /// micrometre for the centre).
    static func round(_ value: Double, places: Int) -> Double {
        let scale = pow(10.0, Double(places))
        return (value * scale).rounded() / scale
    }

    /// One line of JSON, keys sorted, no escaped slashes: the stable form for files and pipes.
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a value of plain fields cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// One side of the footprint in `MeasurementRecord.edges`: how it was located and the edge
/// evidence (lengths in millimetres, rounded to 0.01 mm; pixels of the reference camera).
public struct EdgeRecord: Sendable, Equatable, Codable {
    /// The sides in record order.
    public static let sideNames = ["+length", "-length", "+width", "-width"]

    /// "+length", "-length", "+width" or "-width".
    public var side: String
    /// "side_face", "silhouette", "top_extent" or "top_and_base" (`EdgeMethod`).
    public var method: EdgeMethod
    /// One image pixel's footprint across this side on the top plane, mm.
    public var pixelFootprintMM: Double
    /// Silhouette sides: the band of missing or mixed pixels at the edge, pixels.
    public var bandPixels: Double?
    /// Silhouette sides: share of strips showing a lip of fattened depth (0...1).
    public var lipShare: Double?
    /// Side-face sides: silhouette minus side-face estimate, mm, where both exist. Sides facing
    /// the camera whose face returned nothing (`top_and_base`, or `top_extent` when too far
    /// apart): where the floor starts at the base minus the top's extent, mm.
    public var disagreementMM: Double?
    /// The sensor profile's correction applied to this side, mm (negative: inward).
    public var correctionMM: Double
    /// Silhouette sides facing the camera: how far the side was moved outward past its top's
    /// last samples for the part of a wide band its crease loses (`reachPastCreases`), mm;
    /// null where not moved.
    public var creaseReachMM: Double?
    /// Silhouette sides: how far the 2-cm strips' edge positions scatter about their median
    /// (1.4826 median absolute deviations), mm; centimetres mean missing returns past part of
    /// the side. Null for other sides.
    public var stripScatterMM: Double?
    /// Silhouette sides placed with the band the other sides show (something was behind this
    /// one).
    public var bandFromOtherSides: Bool
    /// Silhouette sides with a surface close behind them (a wall), not the floor.
    public var backedBySurface: Bool

    enum CodingKeys: String, CodingKey {
        case side, method
        case pixelFootprintMM = "pixel_footprint_mm"
        case bandPixels = "band_px"
        case lipShare = "lip_share"
        case disagreementMM = "disagreement_mm"
        case correctionMM = "correction_mm"
        case creaseReachMM = "crease_reach_mm"
        case stripScatterMM = "strip_scatter_mm"
        case bandFromOtherSides = "band_from_other_sides"
        case backedBySurface = "backed_by_surface"
    }

    public init(side: String, estimate e: EdgeEstimate) {
        let mm = { (m: Double) in MeasurementRecord.round(m * 1000, places: 2) }
        self.side = side
        method = e.method
        pixelFootprintMM = mm(e.pixelFootprint)
        bandPixels = e.bandPixels.map { MeasurementRecord.round($0, places: 2) }
        lipShare = e.lipShare.map { MeasurementRecord.round($0, places: 3) }
        disagreementMM = e.disagreement.map(mm)
        correctionMM = mm(e.correction)
        creaseReachMM = e.creaseReach.map(mm)
        stripScatterMM = e.stripScatter.map(mm)
        bandFromOtherSides = e.bandFromOtherSides
        backedBySurface = e.backedBySurface
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(side, forKey: .side)
        try c.encode(method, forKey: .method)
        try c.encode(pixelFootprintMM, forKey: .pixelFootprintMM)
        try c.encode(bandPixels, forKey: .bandPixels)
        try c.encode(lipShare, forKey: .lipShare)
        try c.encode(disagreementMM, forKey: .disagreementMM)
        try c.encode(correctionMM, forKey: .correctionMM)
        try c.encode(creaseReachMM, forKey: .creaseReachMM)
        try c.encode(stripScatterMM, forKey: .stripScatterMM)
        try c.encode(bandFromOtherSides, forKey: .bandFromOtherSides)
        try c.encode(backedBySurface, forKey: .backedBySurface)
    }
}

/// One barcode in `MeasurementRecord.barcodes`: lengths in millimetres (0.01 mm), pixels of the
/// capture's colour images (0.01 px), distance in metres (1 mm).
public struct BarcodeRecord: Sendable, Equatable, Codable {
    /// `BarcodeSymbology`'s name: "code128", "qr_code", "ean13", ...
    public var symbology: String
    public var text: String
    /// "top", "side", "off_box" or "unknown".
    public var face: BarcodeFace
    /// Module size (narrowest bar) on the surface, mm; null when not known.
    public var moduleMM: Double?
    /// Module size in colour image pixels; null when not known.
    public var modulePixels: Double?
    /// Readable by a typical hand-held scanner at this distance (`ScannerModel`); null when not known.
    public var scannerReadable: Bool?
    /// How many decoded frames read it.
    public var reads: Int
    /// Camera to code, metres; null without depth at the code.
    public var distanceM: Double?

    enum CodingKeys: String, CodingKey {
        case symbology, text, face, reads
        case moduleMM = "module_mm"
        case modulePixels = "module_px"
        case scannerReadable = "scanner_readable"
        case distanceM = "distance_m"
    }

    public init(_ reading: BarcodeReading) {
        symbology = reading.symbology.rawValue
        text = reading.text
        face = reading.face
        moduleMM = reading.moduleSize.map { MeasurementRecord.round($0 * 1000, places: 2) }
        modulePixels = reading.modulePixels.map { MeasurementRecord.round($0, places: 2) }
        scannerReadable = reading.scannerReadable
        reads = reading.reads
        distanceM = reading.distance.map { MeasurementRecord.round($0, places: 3) }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(symbology, forKey: .symbology)
        try c.encode(text, forKey: .text)
        try c.encode(face, forKey: .face)
        try c.encode(moduleMM, forKey: .moduleMM)
        try c.encode(modulePixels, forKey: .modulePixels)
        try c.encode(scannerReadable, forKey: .scannerReadable)
        try c.encode(reads, forKey: .reads)
        try c.encode(distanceM, forKey: .distanceM)
    }
}
