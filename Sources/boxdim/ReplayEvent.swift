import Dimensioning
import Foundation

/// One line of `boxdim replay --json-lines` (schema `boxdim.replay/1`). Every line has
/// `schema`, `event` ("phase", "tracks", "hints", "barcode" or "result") and `frame` (0-based index of the
/// frame that caused it); the other keys depend on the event and are always written (absent
/// values as null). Lengths in metres (`_m`), rectangles in image shares (0...1).
///
/// ```json
/// {"event":"phase","frame":0,"phase":"scanning","error":null,"schema":"boxdim.replay/1"}
/// {"event":"tracks","frame":0,"schema":"boxdim.replay/1","tracks":[{"id":1,"stable":false,"steady_frames":0,
///   "rect":{"x":0.3125,"y":0.1875,"width":0.4375,"height":0.6458},"distance_m":0.676,"height_m":0.25}]}
/// {"event":"hints","frame":0,"hints":[{"code":"move_closer","message":"move closer: ..."}],"schema":"boxdim.replay/1"}
/// {"barcode":{"symbology":"qr_code","text":"PARCEL-1","track":1,"module_mm":2.01,"module_px":4.6,"distance_m":0.61},
///  "event":"barcode","frame":10,"schema":"boxdim.replay/1"}
/// {"event":"result","frame":40,"frames_measured":{"first":11,"last":40},"measurement":{...boxdim.measurement/8...}, ...}
/// ```
struct ReplayEvent: Encodable {
    struct Track: Encodable {
        var id: Int
        var stable: Bool
        var steadyFrames: Int
        var rect: NormalizedRect
        var distanceM: Double
        var heightM: Double
        enum CodingKeys: String, CodingKey {
            case id, stable, rect
            case steadyFrames = "steady_frames"
            case distanceM = "distance_m"
            case heightM = "height_m"
        }
    }

    struct Hint: Encodable { var code: String; var message: String }
    /// A code read for the first time: the primary track it was attached to (nil: no track).
    struct Barcode: Encodable {
        var symbology: String
        var text: String
        var track: Int?
        var moduleMM: Double?
        var modulePixels: Double?
        var distanceM: Double?
        enum CodingKeys: String, CodingKey {
            case symbology, text, track
            case moduleMM = "module_mm"
            case modulePixels = "module_px"
            case distanceM = "distance_m"
        }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(symbology, forKey: .symbology)
            try c.encode(text, forKey: .text)
            try c.encode(track, forKey: .track)
            try c.encode(moduleMM, forKey: .moduleMM)
            try c.encode(modulePixels, forKey: .modulePixels)
            try c.encode(distanceM, forKey: .distanceM)
        }
    }
    struct ErrorInfo: Encodable { var code: String; var message: String }
    struct FrameRange: Encodable { var first: Int; var last: Int }

    var schema = "boxdim.replay/1"
    var event: String
    var frame: Int
    var phase: String?
    var error: ErrorInfo?
    var tracks: [Track]?
    var hints: [Hint]?
    var barcode: Barcode?
    var framesMeasured: FrameRange?
    var measurement: MeasurementRecord?

    enum CodingKeys: String, CodingKey {
        case schema, event, frame, phase, error, tracks, hints, measurement, barcode
        case framesMeasured = "frames_measured"
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(event, forKey: .event)
        try c.encode(frame, forKey: .frame)
        switch event {
        case "phase":
            try c.encode(phase, forKey: .phase)
            try c.encode(error, forKey: .error)
        case "tracks":
            try c.encode(tracks, forKey: .tracks)
        case "hints":
            try c.encode(hints, forKey: .hints)
        case "barcode":
            try c.encode(barcode, forKey: .barcode)
        default:
            try c.encode(framesMeasured, forKey: .framesMeasured)
            try c.encode(measurement, forKey: .measurement)
        }
    }

    init(_ update: DimensioningUpdate, primaryTrack: Int? = nil) {
        frame = update.frameIndex
        switch update.event {
        case let .phase(p):
            event = "phase"
            phase = p.name
            error = p.error.map { ErrorInfo(code: $0.code, message: $0.description) }
        case let .tracks(list):
            event = "tracks"
            tracks = list.map { t in
                let r = t.normalizedScreenRect
                return Track(id: t.id, stable: t.isStable, steadyFrames: t.steadyFrames,
                             rect: NormalizedRect(x: Self.round(r.x), y: Self.round(r.y),
                                                  width: Self.round(r.width), height: Self.round(r.height)),
                             distanceM: Self.round(t.distance), heightM: Self.round(t.roughHeight))
            }
        case let .hints(list):
            event = "hints"
            hints = list.map { Hint(code: $0.code, message: $0.description) }
        case let .barcode(code):
            event = "barcode"
            let record = BarcodeRecord(code)
            barcode = Barcode(symbology: record.symbology, text: record.text, track: primaryTrack,
                              moduleMM: record.moduleMM, modulePixels: record.modulePixels, distanceM: record.distanceM)
        }
    }

    init(resultAt frame: Int, range: ClosedRange<Int>?, record: MeasurementRecord) {
        event = "result"
        self.frame = frame
        framesMeasured = range.map { FrameRange(first: $0.lowerBound, last: $0.upperBound) }
        measurement = record
    }

    /// One line of JSON, keys sorted.
    func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// A line for people.
    var text: String {
        switch event {
        case "phase":
            return "frame \(frame): phase \(phase ?? "?")" + (error.map { " (\($0.message))" } ?? "")
        case "tracks":
            guard let tracks, !tracks.isEmpty else { return "frame \(frame): no box tracked" }
            return tracks.map { t in
                String(format: "frame %d: box #%d %@, rect x %.2f y %.2f w %.2f h %.2f, %.2f m away",
                       frame, t.id, t.stable ? "stable" : "unstable", t.rect.x, t.rect.y, t.rect.width,
                       t.rect.height, t.distanceM)
            }.joined(separator: "\n")
        case "hints":
            guard let hints, !hints.isEmpty else { return "frame \(frame): no hint" }
            return hints.map { "frame \(frame): hint: \($0.message)" }.joined(separator: "\n")
        case "barcode":
            guard let barcode else { return "" }
            let module = barcode.moduleMM.map { String(format: ", module %.2f mm", $0) } ?? ""
            return "frame \(frame): barcode \(barcode.symbology) \"\(barcode.text)\"" + (barcode.track.map { " on box #\($0)" } ?? "") + module
        default:
            return ""
        }
    }

    private static func round(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
}
