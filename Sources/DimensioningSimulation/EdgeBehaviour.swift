import Dimensioning

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
/// - Structured light (Kinect v1, Orbbec Astra): sharp edges that stop inside the nearer
///   surface, the farther one "eroding" it by one or two pixels (real Orbbec captures of boxes
///   with known sizes, `GeraltRivskiy/measurmentify`, stop 0.9-2.3 px inside each side).
///
/// The order of effects: fattening (or erosion) moves the discontinuity first; the band is then
/// laid around the (moved) discontinuity, on both sides of it.
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
    /// Pixels by which the farther surface spreads over the nearer one, 0...3, the mirror of
    /// `fattening`: the nearer surface's pixels within this many pixels (Chebyshev) of a farther
    /// pixel take the nearest such pixel's depth. A structured-light camera's decoding window
    /// does this at an occlusion edge. At most one of `fattening` and `erosion` is not 0.
    public var erosion: Int

    public init(name: String, bandHalfWidth: Int, mixing: Mixing = .randomBlend, flag: Flag = .unflagged,
                invalidate: Bool = false, fattening: Int = 0, erosion: Int = 0) {
        precondition((0...3).contains(bandHalfWidth) && (0...3).contains(fattening) && (0...3).contains(erosion),
                     "band, fattening and erosion are 0...3 pixels")
        precondition(fattening == 0 || erosion == 0, "a sensor fattens or erodes an edge, not both")
        self.name = name
        self.bandHalfWidth = bandHalfWidth
        self.mixing = mixing
        self.flag = flag
        self.invalidate = invalidate
        self.fattening = fattening
        self.erosion = erosion
    }
}

/// A named sensor model of the family the accuracy report runs over.
public struct SensorFamilyMember: Sendable, Equatable {
    public var name: String
    public var noise: SensorNoiseModel
    /// A fixed-mount depth camera instead of a handheld phone: this image size and focal
    /// length, no hand tremor, exact (identical) poses and no gravity in the capture (a fixed
    /// camera has no IMU); nil for the handheld iPhone rig.
    public var fixedMount: CameraIntrinsics?

    public init(name: String, noise: SensorNoiseModel, fixedMount: CameraIntrinsics? = nil) {
        self.name = name
        self.noise = noise
        self.fixedMount = fixedMount
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

    /// Members reported on only: widths, mixings, flags and fattenings that no tuning set
    /// (`tuning`, `retiredHoldout`, `secondRetiredHoldout`) has, drawn on 24 November 2026
    /// before the pooled fattening evidence and the wide-band factor were measured on them.
    /// Two of them fatten under a band, the blind spot the engine documents.
    public static let holdout: [SensorFamilyMember] = [
        iPhone,
        member(EdgeBehaviour(name: "band1-blend-unflagged", bandHalfWidth: 1, mixing: .randomBlend)),
        member(EdgeBehaviour(name: "band2-blur-conf1", bandHalfWidth: 2, mixing: .spatialBlur, flag: .medium)),
        member(EdgeBehaviour(name: "band2-blend-unflagged", bandHalfWidth: 2, mixing: .randomBlend)),
        member(EdgeBehaviour(name: "band3-blur-unflagged", bandHalfWidth: 3, mixing: .spatialBlur)),
        member(EdgeBehaviour(name: "fatten2-band1-blend", bandHalfWidth: 1, mixing: .randomBlend, fattening: 2)),
        member(EdgeBehaviour(name: "fatten3-band1-blur", bandHalfWidth: 1, mixing: .spatialBlur, fattening: 3)),
    ]

    /// The second held-out set (seed 6151), reported on 23 November 2026 and looked at since
    /// (the pooled fattening evidence and the wide-band factor were tuned with it): a third
    /// tuning set (`--split retired2`).
    public static let secondRetiredHoldout: [SensorFamilyMember] = [
        iPhone,
        member(EdgeBehaviour(name: "band1-blend-conf0", bandHalfWidth: 1, mixing: .randomBlend, flag: .low)),
        member(EdgeBehaviour(name: "band2-blur-conf0", bandHalfWidth: 2, mixing: .spatialBlur, flag: .low)),
        member(EdgeBehaviour(name: "band3-blend-conf1", bandHalfWidth: 3, mixing: .randomBlend, flag: .medium)),
        member(EdgeBehaviour(name: "invalid3", bandHalfWidth: 3, invalidate: true)),
        member(EdgeBehaviour(name: "fatten1", bandHalfWidth: 0, fattening: 1)),
        member(EdgeBehaviour(name: "fatten2-band1-blur", bandHalfWidth: 1, mixing: .spatialBlur, fattening: 2)),
    ]

    /// The first held-out set (seed 7919). Its figures were looked at while the fattening
    /// evidence (`assessLips`) was built, so it is no longer held out: kept as a second tuning
    /// set (`--split retired`) and for comparison with the figures quoted before.
    public static let retiredHoldout: [SensorFamilyMember] = [
        iPhone,
        member(EdgeBehaviour(name: "band1-blur-conf1", bandHalfWidth: 1, mixing: .spatialBlur, flag: .medium)),
        member(EdgeBehaviour(name: "band2-blend-conf1", bandHalfWidth: 2, mixing: .randomBlend, flag: .medium)),
        member(EdgeBehaviour(name: "band3-blend-unflagged", bandHalfWidth: 3, mixing: .randomBlend)),
        member(EdgeBehaviour(name: "invalid2", bandHalfWidth: 2, invalidate: true)),
        member(EdgeBehaviour(name: "fatten1-band1", bandHalfWidth: 1, mixing: .randomBlend, fattening: 1)),
        member(EdgeBehaviour(name: "fatten3", bandHalfWidth: 0, fattening: 3)),
    ]
}

extension SensorFamily {
    /// A Kinect v2 / Azure Kinect-like time-of-flight camera on a fixed mount: 512x424 px with
    /// a 70-degree field of view (fx 365), noise about twice the iPhone's and growing with z^2
    /// and toward the corners, mixed pixels at edges invalidated by the vendor filter (a
    /// 1-pixel band each side), multipath at the box's base, dark no-return patches
    /// (`FixedMountEffects.timeOfFlight`), a ±0.5 % depth scale error; confidence is not
    /// provided (every return is 2).
    public static let timeOfFlight = fixedMount(
        "tof-512x424", white: 0.0015, whitePerSquareMetre: 0.0015, correlatedPerSquareMetre: 0.0012,
        edges: EdgeBehaviour(name: "tof-invalid1", bandHalfWidth: 1, invalidate: true), effects: .timeOfFlight,
        camera: CameraIntrinsics(fx: 365, fy: 365, cx: 255.5, cy: 211.5, width: 512, height: 424))

    /// A RealSense D4xx / OAK-D-like active stereo camera on a fixed mount: 640x480 px (fx 385),
    /// noise growing with z^2 (0.5 mm + 2.5 mm/m^2), the nearer surface fattened by 2 pixels
    /// over the farther one, the left-imager invalid band and occlusion strips, holes on the
    /// cartons (`FixedMountEffects.stereo`), no confidence map, a ±0.5 % depth scale error.
    public static let stereo = fixedMount(
        "stereo-640x480", white: 0.0005, whitePerSquareMetre: 0.0025, correlatedPerSquareMetre: 0.001,
        edges: EdgeBehaviour(name: "stereo-fatten2", bandHalfWidth: 0, fattening: 2), effects: .stereo,
        camera: CameraIntrinsics(fx: 385, fy: 385, cx: 319.5, cy: 239.5, width: 640, height: 480))

    /// An Orbbec Astra / Kinect v1-like structured-light camera on a fixed mount: 640x480 px
    /// (fx 578), noise growing with z^2 (0.5 mm + 1.2 mm/m^2 white, 1 mm/m^2 correlated) under
    /// depth steps of an eighth of a pixel's disparity, sharp edges that stop 2 px inside the
    /// nearer surface (erosion, as the real Orbbec boxes' 0.9-2.3 px), the projector's shadow
    /// strips (`FixedMountEffects.structuredLight`), no confidence map, a ±0.5 % depth scale
    /// error. Added on 3 December 2026 from the real captures of `GeraltRivskiy/measurmentify`
    /// (not vendored): a behaviour no other member has.
    public static let structuredLight = fixedMount(
        "structured-640x480", white: 0.0005, whitePerSquareMetre: 0.0012, correlatedPerSquareMetre: 0.001,
        edges: EdgeBehaviour(name: "sl-erode2", bandHalfWidth: 0, erosion: 2), effects: .structuredLight,
        camera: CameraIntrinsics(fx: 578, fy: 578, cx: 319.5, cy: 239.5, width: 640, height: 480))

    /// The iPhone model's noise structure with another camera's coefficients (metres, metres per
    /// square metre), edges and pixel grid, a ±0.5 % depth scale error, and no confidence map
    /// (every return but grazing ones is 2).
    static func fixedMount(_ name: String, white: Double, whitePerSquareMetre: Double,
                           correlatedPerSquareMetre: Double, edges: EdgeBehaviour, effects: FixedMountEffects,
                           camera: CameraIntrinsics) -> SensorFamilyMember {
        var noise = SensorNoiseModel.iPhoneLiDAR
        noise.whiteNoiseBase = white
        noise.whiteNoiseQuadratic = whitePerSquareMetre
        noise.correlatedNoiseQuadratic = correlatedPerSquareMetre
        noise.depthScaleBiasLimit = 0.005
        noise.edges = edges
        noise.fixedMount = effects
        noise.mediumConfidenceBeyond = nil
        noise.grazingMediumAngle = nil
        return SensorFamilyMember(name: name, noise: noise, fixedMount: camera)
    }
}

/// Which members of the sensor family a benchmark or dataset renders with.
public enum SensorSplit: String, Sendable, CaseIterable {
    /// The iPhone LiDAR model alone (the figures quoted before the family existed).
    case iphone
    /// The members the engine was tuned on, with catalog seed 2026.
    case tuning
    /// Other members and another seed (3313), for reporting only.
    case holdout
    /// The first held-out members and seed (7919), looked at since: a second tuning set.
    case retired
    /// The second held-out members and seed (6151), looked at since: a third tuning set.
    case retired2
    /// Fixed-mount depth cameras (`SensorFamily.timeOfFlight`, `.stereo`), seed 4243.
    case fixed
    /// A fixed-mount structured-light camera (`SensorFamily.structuredLight`), seed 8087 for
    /// tuning; report on another.
    case structuredLight = "structured-light"

    public var members: [SensorFamilyMember] {
        switch self {
        case .iphone: return [SensorFamily.iPhone]
        case .tuning: return SensorFamily.tuning
        case .holdout: return SensorFamily.holdout
        case .retired: return SensorFamily.retiredHoldout
        case .retired2: return SensorFamily.secondRetiredHoldout
        case .fixed: return [SensorFamily.timeOfFlight, SensorFamily.stereo]
        case .structuredLight: return [SensorFamily.structuredLight]
        }
    }

    /// Tuning and reporting never share a catalog seed.
    public var defaultSeed: UInt64 {
        switch self {
        case .iphone, .tuning: return 2026
        case .holdout: return 3313
        case .retired: return 7919
        case .retired2: return 6151
        case .fixed: return 4243
        case .structuredLight: return 8087
        }
    }
}
