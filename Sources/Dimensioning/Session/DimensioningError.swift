import Foundation

/// Every refusal and failure of the engine, each with what a user can do about it.
///
/// `code` is a stable, machine-readable string (used by `boxdim --json` and batch results);
/// `description` is a sentence for people. Lengths in associated values are metres.
public enum DimensioningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file of the capture could not be read or is malformed. `file` names it.
    case unreadableCapture(file: String, reason: String)
    /// The capture holds no usable depth (no frames, or every pixel empty).
    case noDepth(reason: String)
    /// No floor plane was found, or the only large plane is the box's own top.
    case noGroundPlane(reason: String)
    /// Nothing box-sized stands on the floor. `closeSurface` (metres): the only surface in view
    /// fills it from this far below the camera, near enough to be the top of a box too large to
    /// be seen whole as well as a bare floor (`noBoxRefusal`); nil otherwise.
    case noBox(closeSurface: Double? = nil)
    /// Several objects touch or stand together where the box should be. `contactHidden`: no
    /// touch is seen; another parcel-sized object stands behind the box, and the box hides the
    /// floor where they would meet (`occludedNeighbourPoints`), so they may touch out of sight.
    case severalBoxes(count: Int, contactHidden: Bool = false)
    /// The box and a wall behind it form one object in the depth (`wallsJoining`): it stands
    /// against the wall (within the clustering tolerance, 2 cm), or the sensor's edge blends
    /// the two; or a side was placed at a wall's foot and the wall taken for a second object.
    /// Its side there cannot be told from the wall.
    case againstWall
    /// The object's `size` (its height, or its top's narrower side) is `metres`, under the
    /// engine's `minimum` for it: a box too small to measure, or no box at all (a bump of the
    /// floor, something lying flat, a board's edge). `uncertainty` is the size's expanded
    /// uncertainty U (k = 2, metres) where it was estimated, and then `metres + uncertainty` is
    /// under the minimum too; 0 where the size is far enough under it that no estimate is made.
    case boxTooSmall(size: ObjectSize, metres: Double, minimum: Double, uncertainty: Double = 0)
    /// The object found (a box, or a table or shelf whose top the view cuts) runs off the edge of
    /// the depth image.
    case boxCutOff(edges: [String])
    /// Part of the box is hidden behind a nearer object: `pixels` of its outline in the depth
    /// image border points of another object at least 3 cm nearer the camera, or on
    /// `shadowedSides` of its sides the line of sight past the top passes under something
    /// higher (a scene measured carton by carton, `measureAllBoxes`).
    case hiddenBehind(pixels: Int, shadowedSides: Int = 0)
    /// The object is not a cuboid (round, sagging, gable-topped, ...).
    case notCuboid(reason: String)
    /// The box is closer or farther (metres, from the camera) than the engine measures well.
    case outOfRange(distance: Double, range: ClosedRange<Double>)
    /// The frames disagree too much to trust (per-dimension spread in metres).
    case unstableCapture(spread: Double)
    /// The measurement's confidence is below the required minimum.
    case lowConfidence(confidence: Double, minimum: Double)
    /// The sensor profile was calibrated on depth images of another size (width, height,
    /// pixels): it belongs to another camera.
    case profileMismatch(profileImage: [Int], captureImage: [Int])
    /// The configuration asks for something this engine does not do.
    case unsupported(feature: String)
    /// A session operation was requested in a phase that does not allow it.
    case invalidRequest(operation: String, phase: String)
    /// An unexpected failure inside the engine (a bug): please report it.
    case internalFailure(reason: String)

    /// A stable identifier for scripts and JSON output.
    public var code: String {
        switch self {
        case .unreadableCapture: "unreadable_capture"
        case .noDepth: "no_depth"
        case .noGroundPlane: "no_ground_plane"
        case .noBox: "no_box"
        case .severalBoxes: "several_boxes"
        case .againstWall: "against_wall"
        case .boxTooSmall: "box_too_small"
        case .boxCutOff: "box_cut_off"
        case .hiddenBehind: "hidden_behind"
        case .notCuboid: "not_cuboid"
        case .outOfRange: "out_of_range"
        case .unstableCapture: "unstable_capture"
        case .lowConfidence: "low_confidence"
        case .profileMismatch: "profile_mismatch"
        case .unsupported: "unsupported"
        case .invalidRequest: "invalid_request"
        case .internalFailure: "internal_failure"
        }
    }

    /// True when the input itself could not be read (CLI exit code 5), as opposed to the
    /// engine refusing to measure what it read (exit code 4).
    public var isUnreadable: Bool {
        switch self {
        case .unreadableCapture: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case let .unreadableCapture(file, reason):
            return "cannot read \(file): \(reason)"
        case let .noDepth(reason):
            return "no usable depth in the capture: \(reason)"
        case let .noGroundPlane(reason):
            return "no ground plane: \(reason). Point at the floor around the box first."
        case let .noBox(closeSurface?):
            return String(format: "no box found on the floor: the only surface in view fills it from %.2f m away, a bare "
                + "floor seen from close by or the top of a box too large to be seen whole. Step back until the "
                + "floor around the box is in view.", closeSurface)
        case .noBox:
            return "no box found on the floor. Aim the camera at the box."
        case let .severalBoxes(count, contactHidden) where contactHidden:
            return "\(count) objects stand close together: another object stands behind the box, and the box hides the floor "
                + "between them, so they may touch out of sight; measure one box at a time, or view it so that the floor "
                + "between them shows."
        case let .severalBoxes(count, _):
            return "\(count) objects touch or stand together; measure one box at a time."
        case .againstWall:
            return "the box cannot be told from a wall behind it (it stands against the wall, or the sensor's edges blend the two): "
                + "measure it 10 cm or more from the wall, from where floor shows between them."
        case let .boxTooSmall(size, metres, minimum, uncertainty):
            // "The object", not "the box": what is refused so may be no box at all (a bump of
            // the floor lower than any parcel, a mat). Millimetres rounded down, so that a size
            // under its minimum never reads as equal to it; its U rounded up.
            let value = (metres * 1000).rounded(.down) / 10, u = (uncertainty * 1000).rounded(.up) / 10
            let found = uncertainty > 0 ? String(format: "%.1f ± %.1f cm", value, u) : String(format: "%.1f cm", value)
            let least = String(format: "%g cm", (minimum * 1000).rounded() / 10)
            switch size {
            case .height:
                return "too small to measure as a box: the object found stands \(found) high, under the \(least) minimum height."
            case .narrowerSide:
                return "too small to measure as a box: the object found is \(found) across, under the \(least) minimum side."
            }
        case let .boxCutOff(edges):
            // "The object": what runs off may be what the box stands on (a table whose top the
            // view cuts, held out on tables with a bare top or a box under 10 cm on it).
            return "the object found runs off the \(edges.joined(separator: ", ")) edge of the view; move back so the whole of it is seen."
        case let .hiddenBehind(_, shadowedSides) where shadowedSides > 0:
            return "part of the box is hidden behind a nearer object (past \(shadowedSides) of its sides the top lies "
                + "in a taller object's shadow, so where it ends is not seen); measure it from where it is seen whole."
        case let .hiddenBehind(pixels, _):
            return "part of the box is hidden behind a nearer object (\(pixels) pixels of its outline border one); "
                + "measure it from where it is seen whole."
        case let .notCuboid(reason):
            return "the object is not a cuboid: \(reason)."
        case let .outOfRange(distance, range):
            let hint = distance < range.lowerBound ? "move farther away" : "move closer"
            return String(format: "the box is %.2f m from the camera, outside %.2f-%.2f m: %@.",
                          distance, range.lowerBound, range.upperBound, hint)
        case let .unstableCapture(spread):
            return String(format: "the frames disagree by %.1f mm; hold the camera steady.", spread * 1000)
        case let .lowConfidence(confidence, minimum):
            return String(format: "confidence %.2f is below the required %.2f.", confidence, minimum)
        case let .profileMismatch(profileImage, captureImage):
            let size = { (s: [Int]) in s.map(String.init).joined(separator: "x") }
            return "the sensor profile was calibrated on \(size(profileImage)) depth images and this capture's are "
                + "\(size(captureImage)): use the profile of the camera that took it, or calibrate this one."
        case let .unsupported(feature):
            return "\(feature) is not supported by this engine."
        case let .invalidRequest(operation, phase):
            return "\(operation) is not allowed while the session is \(phase)."
        case let .internalFailure(reason):
            return "internal failure: \(reason). Please report this with the capture."
        }
    }
}

extension DimensioningError: LocalizedError {
    public var errorDescription: String? { description }
}

/// Which of an object's sizes a `DimensioningError.boxTooSmall` refusal is about.
public enum ObjectSize: String, Sendable, Equatable, Codable {
    /// Its height above the surface it stands on.
    case height
    /// Its top's narrower side.
    case narrowerSide = "narrower_side"
}
