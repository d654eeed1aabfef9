import Foundation

/// The stable JSON shape of a scene measured carton by carton (`boxdim measure --all --json`,
/// `measureAllBoxes`). Keys are snake_case and never renamed; new keys may be added.
///
/// ```json
/// {"schema":"boxdim.scene/1","capture":"pallet","units":"mm","status":"measured","error":null,
///  "support_levels":[144.2],"up_axis":[-0.092,-0.060,-0.994],"boxes":[
///   {"index":1,"position":[412.5,-80.1],"top_center_m":[0.4938,0.4681,1.5931],"top_level":452.3,
///    "method":"top_rectangle","support_level":352.6,
///    "seams":{"search":"cut","count":2,"weakest_contrast":58.1},
///    "measurement":{"schema":"boxdim.measurement/8","capture":"pallet#1","status":"low_confidence", ...}}]}
/// ```
///
/// - `status`: `measured` when at least one carton was measured (each carton's own `status` says
///   whether it was accepted), `no_measurement` when the scene or every carton was refused,
///   `unreadable` when the capture could not be read; `error` then says why.
/// - `position`: the centre of the carton's top on the floor plane, in `units`, in the floor
///   frame the scene was measured in (x along the camera's view, y across it, both on the floor).
/// - `up_axis`: the floor plane's unit normal, pointing up, in the capture's own coordinates (its
///   input convention, as `measure --json`'s `pose`); null when the scene was not measured.
/// - `top_center_m`: the centre of the carton's top in the capture's own coordinates, metres (as
///   `pose.center_m`), for every carton, refused ones included: where a script or `verify` finds
///   the carton a ground-truth row names by its position.
/// - `top_level`, `support_level`: heights above the floor plane, in `units`; the support is the
///   surface the carton stands on (0 for the floor plane).
/// - `method`: `engine` (a lone object, measured as `boxdim measure` would) or `top_rectangle`
///   (a carton among others, measured from its top and the surface beside it).
/// - `seams`: what the colour image said of seams in its top: `{"search": "cut", "count": 2,
///   "weakest_contrast": 58.1}` for a carton cut from a larger top along seams (its sides on
///   them), `none_seen` when searched, `not_looked` without a colour image.
/// - `measurement`: the carton's full measurement record (`MeasurementRecord`), its `capture`
///   the scene's with `#index`.
public struct SceneRecord: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        case measured
        case noMeasurement = "no_measurement"
        case unreadable
    }

    /// What the colour image said of the seams in a carton's top (`SeamSearch`).
    public struct Seams: Sendable, Equatable, Codable {
        /// `not_looked` (no colour image), `none_seen`, or `cut` (cut from a larger top).
        public var search: String
        /// Seams its sides lie on, and the weakest one's dark-line response in grey levels
        /// (null unless `cut`).
        public var count: Int
        public var weakestContrast: Double?

        enum CodingKeys: String, CodingKey {
            case search, count
            case weakestContrast = "weakest_contrast"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(search, forKey: .search)
            try c.encode(count, forKey: .count)
            try c.encode(weakestContrast, forKey: .weakestContrast)
        }

        init(_ search: SeamSearch) {
            switch search {
            case .notLooked: (self.search, count, weakestContrast) = ("not_looked", 0, nil)
            case .noneSeen: (self.search, count, weakestContrast) = ("none_seen", 0, nil)
            case let .cut(seams, weakest, _): (self.search, count, weakestContrast) = ("cut", seams, (weakest * 10).rounded() / 10)
            }
        }
    }

    public struct Box: Sendable, Equatable, Codable {
        public var index: Int
        public var position: [Double]
        /// The centre of its top in the capture's own coordinates, metres.
        public var topCenterMeters: [Double]
        public var topLevel: Double
        public var method: SceneBoxMeasurement.Method?
        public var supportLevel: Double?
        /// Null for a refused carton.
        public var seams: Seams?
        public var measurement: MeasurementRecord

        enum CodingKeys: String, CodingKey {
            case index, position, method, seams, measurement
            case topCenterMeters = "top_center_m"
            case topLevel = "top_level"
            case supportLevel = "support_level"
        }

        /// Every key is written, `method`, `support_level` and `seams` as null for a refused carton.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(index, forKey: .index)
            try c.encode(position, forKey: .position)
            try c.encode(topCenterMeters, forKey: .topCenterMeters)
            try c.encode(topLevel, forKey: .topLevel)
            try c.encode(method, forKey: .method)
            try c.encode(supportLevel, forKey: .supportLevel)
            try c.encode(seams, forKey: .seams)
            try c.encode(measurement, forKey: .measurement)
        }
    }

    public static let currentSchema = "boxdim.scene/1"

    public var schema = SceneRecord.currentSchema
    public var capture: String
    public var units: LengthUnit
    public var status: Status
    public var error: MeasurementRecord.ErrorInfo?
    public var supportLevels: [Double]
    /// The floor's unit normal (up) in the capture's own coordinates; nil unless measured.
    public var upAxis: [Double]?
    public var boxes: [Box]

    enum CodingKeys: String, CodingKey {
        case schema, capture, units, status, error, boxes
        case supportLevels = "support_levels"
        case upAxis = "up_axis"
    }

    /// Every key is written, `error` as null when there is none, as in `MeasurementRecord`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(capture, forKey: .capture)
        try c.encode(units, forKey: .units)
        try c.encode(status, forKey: .status)
        try c.encode(error, forKey: .error)
        try c.encode(supportLevels, forKey: .supportLevels)
        try c.encode(upAxis, forKey: .upAxis)
        try c.encode(boxes, forKey: .boxes)
    }

    /// Builds the record of a scene from `measureAllBoxes`' outcome.
    public init(capture: String, outcome: Result<SceneMeasurement, DimensioningError>, units: LengthUnit,
                minConfidence: Double, input: InputDescription? = nil) {
        self.capture = capture
        self.units = units
        let convert = { (meters: Double) in MeasurementRecord.round(units.fromMeters(meters), places: 4) }
        switch outcome {
        case let .failure(failure):
            status = failure.isUnreadable ? .unreadable : .noMeasurement
            error = MeasurementRecord.ErrorInfo(code: failure.code, message: failure.description)
            supportLevels = []
            boxes = []
        case let .success(scene):
            supportLevels = scene.supportLevels.map(convert)
            let back = input?.inputFromCamera ?? .identity
            let unit = { (v: SIMD3<Double>) in [v.x, v.y, v.z].map { MeasurementRecord.round($0, places: 6) } }
            upAxis = unit(back.rotate(scene.frame.up))
            boxes = scene.boxes.enumerated().map { k, box in
                let name = "\(capture)#\(k + 1)"
                let record: MeasurementRecord
                switch box.outcome {
                case let .success(measured):
                    if let result = measured.pipeline {
                        record = MeasurementRecord(capture: name, outcome: .success(result), units: units,
                                                   minConfidence: minConfidence, input: input)
                    } else {
                        record = MeasurementRecord(capture: name, topRectangle: measured, frames: scene.scene.frameCount,
                                                   units: units, minConfidence: minConfidence, input: input)
                    }
                case let .failure(refusal):
                    record = MeasurementRecord(capture: name, outcome: .failure(refusal), units: units,
                                               minConfidence: minConfidence, input: input)
                }
                let measured = try? box.outcome.get()
                let top = scene.frame.world(SIMD3(box.positionOnSupport.x, box.positionOnSupport.y, box.topLevel))
                return Box(index: k + 1, position: [convert(box.positionOnSupport.x), convert(box.positionOnSupport.y)],
                           topCenterMeters: unit(back.apply(top)), topLevel: convert(box.topLevel), method: measured?.method,
                           supportLevel: measured.map { convert($0.supportLevel) }, seams: measured.map { Seams($0.seams) },
                           measurement: record)
            }
            let anyMeasured = boxes.contains { $0.measurement.length != nil }
            status = anyMeasured ? .measured : .noMeasurement
            error = anyMeasured ? nil : MeasurementRecord.ErrorInfo(
                code: DimensioningError.noBox().code,
                message: boxes.isEmpty ? DimensioningError.noBox().description : "no carton in the scene could be measured")
        }
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

extension MeasurementRecord {
    /// The record of a carton measured from its top among others (`SceneBoxMeasurement.Method.topRectangle`):
    /// no side evidence (`edges` is null), its shape notes say what
    /// it stands on, and it is `accepted` only when cut from its top along plain seams
    /// (`SceneBoxMeasurement.notAcceptedBecause`, in `confidence_reasons`, says why not).
    init(capture: String, topRectangle box: SceneBoxMeasurement, frames: Int, units: LengthUnit, minConfidence: Double,
         input: InputDescription?) {
        self.capture = capture
        self.units = units
        self.minConfidence = minConfidence
        self.input = input
        status = .lowConfidence
        setSize([box.length, box.width, box.height], uncertainty: box.uncertainty, tolerance: box.tolerance)
        shapeNotes = box.shapeNotes
        confidenceReasons = (box.notAcceptedBecause.map { [$0] } ?? []) + box.uncertainty.reasons(tolerance: box.tolerance)
        self.frames = frames
        pose = MeasurementRecord.recordPose(box.centerInWorld, axes: box.axesInWorld, input: input)
        judge(accepted: box.isAccepted(minimumConfidence: minConfidence),
              fitsTolerance: box.notAcceptedBecause == nil && box.fitsTolerance, probability: box.probabilityWithinTolerance)
    }
}

extension MeasurementRecord {
    /// Sets the measured size (metres: length, width, height) in the record's units, its volume,
    /// each dimension's U, the tolerance, the sensor class and the confidence (the model's
    /// probability that all three are within the tolerance, rounded to 1e-4).
    mutating func setSize(_ size: [Double], uncertainty u: MeasurementUncertainty, tolerance t: Double) {
        let units = units
        let convert = { (meters: Double) in MeasurementRecord.round(units.fromMeters(meters), places: 4) }
        length = convert(size[0])
        width = convert(size[1])
        height = convert(size[2])
        volumeM3 = MeasurementRecord.round(size[0] * size[1] * size[2], places: 9)
        confidence = MeasurementRecord.round(u.probabilityWithin(tolerance: t), places: 4)
        let expanded = u.expanded.map(convert)
        uncertainty = Uncertainty(length: expanded[0], width: expanded[1], height: expanded[2])
        tolerance = convert(t)
        sensorClass = u.sensorClass
    }

    /// Sets the status from the gate's verdict (`accepted`), and when it refused a measurement
    /// whose every U fits the tolerance (`fitsTolerance`, false where another reason already
    /// holds it back), appends why to the reasons: the probability (0...1) that all three
    /// dimensions are within it is under `minConfidence`.
    mutating func judge(accepted: Bool, fitsTolerance: Bool, probability: Double) {
        status = accepted ? .accepted : .lowConfidence
        guard !accepted, fitsTolerance else { return }
        confidenceReasons?.append(String(
            format: "every U is within the tolerance, but the probability that all three dimensions are, %.4f, is under the minimum confidence %.4g",
            MeasurementRecord.round(probability, places: 4), minConfidence))
    }

    /// A cuboid's pose (world frame, metres) as records state it: in the input's own axes when a
    /// point cloud was read in other axes than the engine's (virtual) camera frame, rounded to
    /// 1e-6 (a micrometre for the centre).
    static func recordPose(_ centerInWorld: SIMD3<Double>, axes: [SIMD3<Double>], input: InputDescription?)
        -> DimensioningMeasurement.CuboidPose {
        var centre = centerInWorld, directions = axes
        if let back = input?.inputFromCamera, back != .identity {
            centre = back.apply(centre)
            directions = directions.map { back.rotate($0) }
        }
        let micrometres = { (v: SIMD3<Double>) in [v.x, v.y, v.z].map { MeasurementRecord.round($0, places: 6) } }
        return DimensioningMeasurement.CuboidPose(centerMeters: micrometres(centre), lengthAxis: micrometres(directions[0]),
                                                  widthAxis: micrometres(directions[1]), upAxis: micrometres(directions[2]))
    }
}
