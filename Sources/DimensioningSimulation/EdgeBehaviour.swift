/// What a depth sensor does at a depth discontinuity (the box's top edge against the floor
/// behind it), as one member of a family of sensor behaviours. Pixel counts are image pixels.
///
/// Real sensors differ here, and the engine must not be tuned to one of them:
/// - iPhone/iPad LiDAR: an ML-upsampled 256x192 map whose edges smear over 0-3 pixels; the
///   confidence map marks some of them (0 or 1), not all.
/// - Time of flight (Kinect v2, Azure Kinect): mixed pixels ("flying" depths between the two
///   surfaces) that the vendor filter invalidates, or leaves in when unfiltered.
/// - Stereo (RealSense D4xx, OAK-D): the nearer surface "fattens" over the farther one by about
///   half the matching window, a few pixels; no confidence map.
///
/// The order of effects: fattening moves the discontinuity outward first; the band is then laid
/// around the (moved) discontinuity, on both sides of it.
public struct EdgeBehaviour: Sendable, Codable, Equatable {
    /// How a band pixel's depth is made from the two surfaces' depths.
    public enum Mixing: String, Sendable, Codable {
        /// 70 % of band pixels take a depth a random 10-90 % of the way across the jump (the
        /// others keep their own depth): unfiltered ToF mixed pixels.
        case randomBlend = "random_blend"
        /// Every band pixel takes the depth a linear ramp across the band gives at its centre
        /// (50 % exactly at the discontinuity): an upsampling or smoothing filter.
        case spatialBlur = "spatial_blur"
    }

    /// How the sensor's confidence map marks band pixels.
    public enum Flag: String, Sendable, Codable {
        /// Confidence 0 (the engine drops them).
        case low = "confidence_0"
        /// Confidence 1 (the engine down-weights them).
        case medium = "confidence_1"
        /// Not marked: band pixels keep their surface's confidence.
        case unflagged
    }

    /// A short name for reports ("band2-blur-unflagged").
    public var name: String
    /// Pixels on each side of a discontinuity that form the band, 0...3 (0: sharp edges).
    public var bandHalfWidth: Int
    public var mixing: Mixing
    public var flag: Flag
    /// Band pixels return nothing (depth 0), as a ToF vendor filter does; `mixing` and `flag`
    /// then do not matter.
    public var invalidate: Bool
    /// Pixels by which the nearer surface spreads over the farther one, 0...3: the farther
    /// surface's pixels within this many pixels (Chebyshev) of a nearer pixel take the nearest
    /// such pixel's depth, as block matching does across an occlusion edge.
    public var fattening: Int

    public init(name: String, bandHalfWidth: Int, mixing: Mixing = .randomBlend, flag: Flag = .unflagged,
                invalidate: Bool = false, fattening: Int = 0) {
        precondition((0...3).contains(bandHalfWidth) && (0...3).contains(fattening),
                     "band and fattening are 0...3 pixels")
        self.name = name
        self.bandHalfWidth = bandHalfWidth
        self.mixing = mixing
        self.flag = flag
        self.invalidate = invalidate
        self.fattening = fattening
    }
}

/// A named sensor model of the family the accuracy report runs over.
public struct SensorFamilyMember: Sendable, Equatable {
    public var name: String
    public var noise: SensorNoiseModel

    public init(name: String, noise: SensorNoiseModel) {
        self.name = name
        self.noise = noise
    }
}

/// The family of sensor behaviours the engine is tuned on and reported on, split so that every
/// figure quoted comes from members (and seeds) that were not looked at while tuning.
public enum SensorFamily {
    /// `.iPhoneLiDAR` with another edge behaviour and a per-capture depth scale error of up to
    /// ±0.5 %.
    public static func member(_ edges: EdgeBehaviour) -> SensorFamilyMember {
        var noise = SensorNoiseModel.iPhoneLiDAR
        noise.edges = edges
        noise.depthScaleBiasLimit = 0.005
        return SensorFamilyMember(name: edges.name, noise: noise)
    }

    /// The unchanged iPhone model (its own ±0.3 % scale bias and 2-pixel flying band).
    public static let iPhone = SensorFamilyMember(name: "iphone", noise: .iPhoneLiDAR)

    /// Members the engine's edge logic and confidence were tuned on.
    public static let tuning: [SensorFamilyMember] = [
        iPhone,
        member(EdgeBehaviour(name: "sharp", bandHalfWidth: 0)),
        member(EdgeBehaviour(name: "band2-blend-conf0", bandHalfWidth: 2, mixing: .randomBlend, flag: .low)),
        member(EdgeBehaviour(name: "band2-blur-unflagged", bandHalfWidth: 2, mixing: .spatialBlur)),
        member(EdgeBehaviour(name: "band3-blur-conf1", bandHalfWidth: 3, mixing: .spatialBlur, flag: .medium)),
        member(EdgeBehaviour(name: "invalid1", bandHalfWidth: 1, invalidate: true)),
        member(EdgeBehaviour(name: "fatten2", bandHalfWidth: 0, fattening: 2)),
    ]

    /// Members reported on only: other widths, mixings, flags and fattenings than `tuning`.
    public static let holdout: [SensorFamilyMember] = [
        iPhone,
        member(EdgeBehaviour(name: "band1-blur-conf1", bandHalfWidth: 1, mixing: .spatialBlur, flag: .medium)),
        member(EdgeBehaviour(name: "band2-blend-conf1", bandHalfWidth: 2, mixing: .randomBlend, flag: .medium)),
        member(EdgeBehaviour(name: "band3-blend-unflagged", bandHalfWidth: 3, mixing: .randomBlend)),
        member(EdgeBehaviour(name: "invalid2", bandHalfWidth: 2, invalidate: true)),
        member(EdgeBehaviour(name: "fatten1-band1", bandHalfWidth: 1, mixing: .randomBlend, fattening: 1)),
        member(EdgeBehaviour(name: "fatten3", bandHalfWidth: 0, fattening: 3)),
    ]
}

/// Which members of the sensor family a benchmark or dataset renders with.
public enum SensorSplit: String, Sendable, CaseIterable {
    /// The iPhone LiDAR model alone (the figures quoted before the family existed).
    case iphone
    /// The members the engine was tuned on, with catalog seed 2026.
    case tuning
    /// Other members and another seed (7919), for reporting only.
    case holdout

    public var members: [SensorFamilyMember] {
        switch self {
        case .iphone: return [SensorFamily.iPhone]
        case .tuning: return SensorFamily.tuning
        case .holdout: return SensorFamily.holdout
        }
    }

    /// Tuning and reporting never share a catalog seed.
    public var defaultSeed: UInt64 { self == .holdout ? 7919 : 2026 }
}
