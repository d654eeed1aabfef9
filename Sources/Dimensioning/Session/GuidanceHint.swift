import Foundation

/// Live advice for the person holding the camera, as the SDK recommends it.
public enum GuidanceHint: Sendable, Equatable, CustomStringConvertible {
    /// No floor found: point at the floor around the box.
    case pointAtFloor
    /// The floor is seen but no box: aim at the box.
    case aimAtBox
    /// The box fills only `fill` (0...1) of the view.
    case moveCloser(fill: Double)
    /// The box fills `fill` (0...1) of the view, too much to see its edges well.
    case moveFarther(fill: Double)
    /// The camera is `distance` metres from the box, nearer than `minimum`.
    case tooClose(distance: Double, minimum: Double)
    /// The camera is `distance` metres from the box, farther than `maximum`.
    case tooFar(distance: Double, maximum: Double)
    /// The track moved `movement` metres in the last frame: hold the camera steady.
    case holdSteady(movement: Double)

    /// A stable identifier for JSON output.
    public var code: String {
        switch self {
        case .pointAtFloor: "point_at_floor"
        case .aimAtBox: "aim_at_box"
        case .moveCloser: "move_closer"
        case .moveFarther: "move_farther"
        case .tooClose: "too_close"
        case .tooFar: "too_far"
        case .holdSteady: "hold_steady"
        }
    }

    public var description: String {
        switch self {
        case .pointAtFloor:
            return "point at the floor around the box first"
        case .aimAtBox:
            return "aim the camera at the box"
        case let .moveCloser(fill):
            return "move closer: the box fills \(Int((fill * 100).rounded())) % of the view"
        case let .moveFarther(fill):
            return "move back: the box fills \(Int((fill * 100).rounded())) % of the view"
        case let .tooClose(distance, minimum):
            return String(format: "move back: the box is %.2f m away, closer than %.2f m", distance, minimum)
        case let .tooFar(distance, maximum):
            return String(format: "move closer: the box is %.2f m away, farther than %.2f m", distance, maximum)
        case let .holdSteady(movement):
            return String(format: "hold steady: the box moved %.1f cm in the view", movement * 100)
        }
    }
}
