import Foundation

/// Every carton found in one capture (`measureAllBoxes`): each with its own measurement or its
/// own refusal.
public struct SceneMeasurement: Sendable {
    public var scene: FusedScene
    /// The plane the scene stands on (the floor, or a table's top): heights are measured from
    /// it unless a carton stands on a higher surface seen beside it.
    public var floor: FloorFit
    /// The floor frame the positions and the height map are in.
    public var frame: FloorFrame
    /// The cartons, ordered by position: near to far from the camera, then right to left.
    public var boxes: [SceneBox]
    /// Flat surfaces that cartons stand on other than the floor plane (a pallet's deck, a lower
    /// layer of cartons): their heights above the floor plane, metres, highest first.
    public var supportLevels: [Double]
}

/// One carton of a scene: where it stands and what was measured, or why it was not.
public struct SceneBox: Sendable {
    /// Centre of its top's footprint in floor coordinates of `SceneMeasurement.frame`, metres.
    public var positionOnSupport: SIMD2<Double>
    /// Height of its top above the floor plane, metres.
    public var topLevel: Double
    public var outcome: Result<SceneBoxMeasurement, DimensioningError>
    /// The naive top-plane rectangle of its top (`TopOutline.naiveSize`: the minimum-area rectangle
    /// of the top's points, their median height above the view's floor plane), beside which the engine's size is judged: length >= width, and height, metres; nil
    /// when it has no flat top. Set whatever the outcome: the naive recipe refuses nothing.
    public var naiveSize: [Double]? = nil
}

/// The measurement of one carton of a scene (metres, world frame).
public struct SceneBoxMeasurement: Sendable {
    /// How it was measured.
    public enum Method: String, Sendable, Codable {
        /// A lone object: the whole engine (`runPipeline`'s stages for one candidate), its sides
        /// located from their faces and silhouettes.
        case engine
        /// A carton standing among others: the minimum-area rectangle of its top, the height from
        /// its top to the surface seen beside it. A side is placed on a seam or a lid's edge the
        /// colour image shows, else at its silhouette or its own face as a lone box's
        /// (`silhouetteSides`: a sensor class that does not fatten), else at the top's extent
        /// (`SideEvidence.topExtent`), with the sensor class's edge bias and fattening.
        case topRectangle = "top_rectangle"
    }

    public var method: Method
    /// Length >= width, and height, metres.
    public var length: Double
    public var width: Double
    public var height: Double
    /// The footprint in floor coordinates, `axisA` along the length.
    public var footprint: Rectangle2D
    /// Height above the floor plane of the surface it stands on, metres (0: the floor plane).
    public var supportLevel: Double
    public var centerInWorld: SIMD3<Double>
    /// Unit axes in the world frame: along the length, along the width, up.
    public var axesInWorld: [SIMD3<Double>]
    public var uncertainty: MeasurementUncertainty
    /// The tolerance judged against, metres.
    public var tolerance: Double
    /// What is irregular or assumed, one sentence each.
    public var shapeNotes: [String]
    /// The whole pipeline's result, for a carton measured by the engine (`Method.engine`).
    public var pipeline: PipelineResult?
    /// What the colour image says of seams in its top: for a lone object measured by the engine,
    /// `.noneSeen` when its top was searched (a seam would have cut it into cartons measured
    /// from their tops), `.notLooked` with no colour image.
    public var seams: SeamSearch
    /// A top-rectangle carton's sides (+length, −length, +width, −width) as the camera saw them;
    /// empty for the engine's (its `pipeline` has its edges).
    var sides: [TopSide]

    /// The model's probability (0...1) that every dimension is within `tolerance` of the truth.
    public var probabilityWithinTolerance: Double { uncertainty.probabilityWithin(tolerance: tolerance) }
    /// Whether every dimension's expanded uncertainty (k = 2) is within `tolerance`.
    public var fitsTolerance: Bool { uncertainty.fits(tolerance: tolerance) }

    /// Why a carton of a scene is not accepted, whatever its U: its top could be several cartons
    /// of one height pressed together, and the capture does not show that it is not.
    /// - Not looked for (`SeamSearch.notLooked`: no colour image, or a lone object with no flat
    ///   top to look in): the seams between lids were not looked for.
    ///   So for a lone object too: in the scene benchmark's one-height pairs measured with no
    ///   colour image (`--scenes`, seeds 2026 and 3313), 3 of 40 pairs whose outline made a
    ///   rectangle were accepted as one carton 452-691 mm long.
    /// - Cut along seams that do not all show plainly (`SeamSearch.cut` without `clear`): a
    ///   fainter seam inside it may be missed.
    ///
    /// A top the colour image shows no seam across (`SeamSearch.noneSeen`) is judged on its U,
    /// among others as alone: a top beside a taller carton is no likelier to be two cartons than
    /// a top alone. (On the real pallet, `Tests/Fixtures/real/neura-pallet`, the tops with no
    /// seam seen were each one object: the large carton in frame 2, and one 14-cm object in both
    /// frames.)
    public var notAcceptedBecause: String? {
        let start = method == .engine
            ? "measured as a lone object of a scene: cartons of one height pressed together make one object"
            : "measured from its top among other cartons: cartons of one height pressed together make one top"
        switch seams {
        case .notLooked:
            return start + ", and the seams between their lids were not looked for (no colour image, or no flat top to look in), "
                + "so it may be several cartons"
        case .noneSeen:
            return nil
        case let .cut(_, weakest, clear):
            return clear ? nil : start + "; it was cut along seams as faint as \(Int(weakest.rounded())) grey levels, "
                + "so a fainter one inside it may be missed"
        }
    }

    /// Whether it may be accepted: within the tolerance, at the minimum confidence, and not a
    /// top that may be several cartons (`notAcceptedBecause`).
    public func isAccepted(minimumConfidence: Double) -> Bool {
        notAcceptedBecause == nil && uncertainty.accepts(tolerance: tolerance, minimumConfidence: minimumConfidence)
    }

    /// A lone object's measurement by the whole engine; `searched` when the colour image was
    /// searched for seams across its top and showed none.
    init(_ result: PipelineResult, searched: Bool) {
        method = .engine
        length = result.cuboid.length
        width = result.cuboid.width
        height = result.cuboid.height
        footprint = result.cuboid.footprint
        supportLevel = 0
        centerInWorld = result.cuboid.centerInWorld
        axesInWorld = result.cuboid.axesInWorld
        uncertainty = result.uncertainty
        tolerance = result.tolerance
        shapeNotes = result.shapeNotes
        pipeline = result
        seams = searched ? .noneSeen : .notLooked
        sides = []
    }

    init(method: Method, length: Double, width: Double, height: Double, footprint: Rectangle2D, supportLevel: Double,
         centerInWorld: SIMD3<Double>, axesInWorld: [SIMD3<Double>], uncertainty: MeasurementUncertainty,
         tolerance: Double, shapeNotes: [String], seams: SeamSearch, sides: [TopSide]) {
        self.method = method
        self.length = length
        self.width = width
        self.height = height
        self.footprint = footprint
        self.supportLevel = supportLevel
        self.centerInWorld = centerInWorld
        self.axesInWorld = axesInWorld
        self.uncertainty = uncertainty
        self.tolerance = tolerance
        self.shapeNotes = shapeNotes
        self.seams = seams
        self.sides = sides
        pipeline = nil
    }
}
