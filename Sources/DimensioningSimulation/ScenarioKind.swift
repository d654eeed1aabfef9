import Dimensioning

/// What a catalog scenario is, and what a correct engine should do with it.
public enum ScenarioKind: String, Sendable, Codable, CaseIterable {
    /// One matte or glossy box, whole in view, floor visible: measure it.
    case box
    /// As `box`, with a wall behind it (not touching): measure the box.
    case boxWithWall
    /// As `box`, with a second object (box or cylinder) standing apart: measure the target.
    case boxWithDistractor
    /// A dark box: many dropouts and low confidence. Truth keeps the real size; an engine may
    /// measure it or refuse it for a black surface.
    case darkBox
    /// Only the floor (maybe a wall): no box. Truth 0.
    case floorOnly
    /// A box of about 5 cm per side, below the 10 cm minimum. Truth 0.
    case tinyBox
    /// A box that runs off the image edge. Truth 0.
    case cutOffBox
    /// An upright cylinder (a tube or can), not a cuboid. Truth 0.
    case cylinder
    /// Two boxes touching each other. Truth 0.
    case touchingBoxes
    /// The camera so close above a large box that only its top is in view (no floor). Truth 0.
    case tooCloseTopOnly

    /// True for the hard cases (about 20 % of the catalog): every truth-0 negative and `darkBox`.
    public var isHardCase: Bool {
        switch self {
        case .box, .boxWithWall, .boxWithDistractor: return false
        default: return true
        }
    }

    /// True when the ground truth is the target's size; false when it is 0 (refuse).
    public var expectsMeasurement: Bool {
        switch self {
        case .box, .boxWithWall, .boxWithDistractor, .darkBox: return true
        default: return false
        }
    }

    /// The hard cases, in the order the catalog draws them.
    static let hardCases: [ScenarioKind] = [.floorOnly, .tinyBox, .cutOffBox, .cylinder, .touchingBoxes,
                                            .tooCloseTopOnly, .darkBox]
}
