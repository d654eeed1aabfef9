import Dimensioning

/// What the simulated camera looks at: a floor (the plane z = 0), usually one target box on
/// it, and optionally other objects (boxes, upright cylinders, walls).
///
/// All positions are in the world frame: right-handed, z up, gravity along -z, floor z = 0.
/// Hard cases such as "camera too close to see the floor" are made by camera placement
/// (`CameraRig`), not by flags here.
public struct SimulatedScene: Sendable, Codable, Equatable {
    /// A short name used for the capture's placeholder URL and reports.
    public var name: String
    /// The box to be measured; nil for scenes without one (floor only, a lone cylinder).
    public var target: SimulatedBox?
    /// Other boxes (distractors, or a box touching the target).
    public var otherBoxes: [SimulatedBox]
    /// Upright cylinders.
    public var cylinders: [SimulatedCylinder]
    /// Vertical walls.
    public var walls: [SimulatedWall]
    /// The floor ends this many metres (horizontally) from the world origin; nil = endless.
    /// Beyond it rays find nothing (as off a table's edge into a far, out-of-range floor).
    public var floorRadius: Double?
    /// With `floorRadius`: the floor is a table's top, and beyond its edge rays find the room's
    /// floor this many metres below (another plane in view, larger than the table); nil: nothing.
    public var floorBelow: Double? = nil
    /// The floor is a pallet's deck of boards (with `floorBelow`: the room's floor under it, seen
    /// past its edges and through its gaps); nil: no deck.
    public var floorDeck: PalletDeck? = nil
    /// What the floor is made of.
    public var floorSurface: SurfaceKind
    /// False for a hard negative: a correct engine should refuse it, and the ground truth is
    /// zero even when `target` is set (a 5 cm box, a cut-off box, two touching boxes, ...).
    public var isMeasurable: Bool

    public init(name: String = "scene", target: SimulatedBox?, otherBoxes: [SimulatedBox] = [],
                cylinders: [SimulatedCylinder] = [], walls: [SimulatedWall] = [],
                floorRadius: Double? = nil, floorSurface: SurfaceKind = .matte,
                isMeasurable: Bool = true) {
        self.name = name
        self.target = target
        self.otherBoxes = otherBoxes
        self.cylinders = cylinders
        self.walls = walls
        self.floorRadius = floorRadius
        self.floorSurface = floorSurface
        self.isMeasurable = isMeasurable
    }

    /// A scene with only the floor (and no target): ground truth zero.
    public static func floorOnly(name: String = "floor-only") -> SimulatedScene {
        SimulatedScene(name: name, target: nil, isMeasurable: false)
    }

    /// What a correct engine should report for this scene.
    public var groundTruth: BoxGroundTruth {
        guard isMeasurable, let t = target else { return .noMeasurableBox }
        return BoxGroundTruth(length: t.length, width: t.width, height: t.height)
    }

    /// Every box in the scene: the target first, then the others.
    public var allBoxes: [SimulatedBox] { (target.map { [$0] } ?? []) + otherBoxes }
}

/// The exact answer for a simulated capture. Lengths in metres; all zero means "no measurable
/// box" (the engine should refuse the capture).
public struct BoxGroundTruth: Sendable, Codable, Equatable {
    /// Longer side of the top face, metres (>= width).
    public var length: Double
    /// Shorter side of the top face, metres.
    public var width: Double
    /// Height above the floor, metres.
    public var height: Double

    public init(length: Double, width: Double, height: Double) {
        self.length = max(length, width)
        self.width = min(length, width)
        self.height = height
    }

    /// The "no measurable box" answer: every dimension 0.
    public static let noMeasurableBox = BoxGroundTruth(length: 0, width: 0, height: 0)

    /// True when the truth is a box, false for "no measurable box".
    public var isMeasurable: Bool { length > 0 && width > 0 && height > 0 }

    /// Volume in cubic metres.
    public var volume: Double { length * width * height }
}
