import Dimensioning

/// How the simulated LiDAR degrades the exact depth: noise, bias, quantisation, flying pixels,
/// confidence and dropouts. All lengths in metres, angles in radians.
///
/// The defaults (`.iPhoneLiDAR`) aim at the behaviour reported for the iPhone 12 Pro+/iPad Pro
/// LiDAR in published evaluations (e.g. Vogt, Rips & Emmelmann, *Technologies* 2021;
/// Luetzenburg, Kroon & Bjørk, *Scientific Reports* 2021) and in Apple's ARKit documentation.
/// Those papers report millimetre-level noise at arm's length growing to around a centimetre
/// at a few metres; the exact coefficients here are this simulator's own fit to that shape,
/// not numbers quoted from a paper. Background: the sensor is a direct time-of-flight (dToF)
/// emitter with a sparse pattern of about 576 (24x24) spots; ARKit's 256x192 depth map is an
/// upsampled, filtered product fused with the RGB image, hence spatially correlated error and
/// "flying" pixels mixing foreground and background at depth edges.
public struct SensorNoiseModel: Sendable, Codable, Equatable {
    // MARK: Depth noise

    /// Constant term `a` of the per-pixel white noise sigma(z) = a + b z^2, metres.
    /// Default 1.0 mm (sub-millimetre to millimetre repeatability at 0.3-0.5 m).
    public var whiteNoiseBase: Double
    /// Quadratic term `b` of the white noise sigma, metres per square metre. Default 1.0 mm/m^2
    /// (ToF range noise grows roughly with the square of distance as the return weakens).
    public var whiteNoiseQuadratic: Double
    /// Constant term of the spatially correlated noise sigma c + d z^2, metres. Default 0.5 mm.
    public var correlatedNoiseBase: Double
    /// Quadratic term of the correlated noise sigma, metres per square metre. Default 0.8 mm/m^2.
    /// With the white part: total sigma about 1.4 mm at 0.5 m, 2.4 mm at 1 m, 9 mm at 2.5 m.
    public var correlatedNoiseQuadratic: Double
    /// Columns and rows of the low-resolution random field that makes the correlated noise
    /// (bilinearly upsampled, renormalised to unit variance). Default 32x24: about the density
    /// of the 24x24 dToF spot pattern over the 4:3 image.
    public var correlatedGridWidth: Int
    public var correlatedGridHeight: Int
    /// Fraction of the correlated noise's variance that is fixed for the whole capture (the rest
    /// is redrawn per frame), 0...1. Default 0.6: averaging frames removes only part of it,
    /// as with a real sensor's fixed-pattern and slowly varying error.
    public var correlatedStaticFraction: Double
    /// The per-capture depth scale bias is drawn uniformly in +/- this fraction. Default 0.003
    /// (0.3 %: a few millimetres at 1 m, the order of the systematic offsets reported).
    public var depthScaleBiasLimit: Double
    /// Round depths to whole millimetres, as the Stray Scanner format stores them. Default on.
    public var quantizeToMillimetres: Bool

    // MARK: Range and confidence

    /// Returns beyond this z-depth are dropped (depth 0, confidence 0), metres. Default 5 m
    /// (Apple's stated range for the LiDAR scanner).
    public var maximumRange: Double
    /// Beyond this z-depth confidence is at most medium (1), metres; nil: never. Default 3.5 m
    /// (ARKit's confidence falls with distance).
    public var mediumConfidenceBeyond: Double?
    /// Incidence angle (between ray and surface normal) above which confidence is at most
    /// medium, radians; nil: never. Default 70 degrees.
    public var grazingMediumAngle: Double?
    /// Incidence angle above which confidence is low (0), radians; nil: never. Default 80 degrees.
    public var grazingLowAngle: Double?

    // MARK: Flying pixels

    /// Neighbouring exact depths differing by more than `flyingJumpBase + flyingJumpRelative * z`
    /// (z the nearer depth) mark a depth discontinuity. Default 2 cm + 4 %.
    public var flyingJumpBase: Double
    public var flyingJumpRelative: Double
    /// Pixels within this many pixels (Chebyshev) of a discontinuity form the flying band on
    /// each side of it; 0 disables flying pixels. Default 1 (a band about 2 pixels wide: the
    /// 256x192 map upsamples a 24x24 spot grid, so edges smear over a pixel or two).
    public var flyingBandHalfWidth: Int
    /// Probability that a band pixel takes a depth between foreground and background (else it
    /// keeps its own depth but medium confidence). Default 0.7.
    public var flyingPixelProbability: Double
    /// A flying pixel's depth is own + m * (other - own), m uniform in this range. Default 0.1...0.9.
    public var flyingPixelMix: ClosedRange<Double>
    /// Probability that a flying pixel has confidence 0 rather than 1. Default 0.5 (ARKit marks
    /// most edge pixels low or medium).
    public var flyingLowConfidenceProbability: Double
    /// Another edge behaviour of the sensor family (`EdgeBehaviour`), replacing the flying-pixel
    /// model above; nil (the default, `.iPhoneLiDAR`): the flying-pixel model.
    public var edges: EdgeBehaviour? = nil
    /// What a fixed-mount ToF or stereo camera adds (`FixedMountEffects`: corner noise,
    /// multipath, dark areas, stereo bands and holes); applied with an `edges` behaviour only.
    /// nil (the default, `.iPhoneLiDAR`): none.
    public var fixedMount: FixedMountEffects? = nil
    /// A depth bias growing with the square of range beyond the scene's objects
    /// (`RangeBend`): what bends a stereo camera's far floor away from its near part. nil (the
    /// default): none.
    public var rangeBend: RangeBend? = nil

    // MARK: Surfaces

    /// Response of matte surfaces (cardboard, floors, walls).
    public var matte: SurfaceResponse
    /// Response of dark surfaces (black plastic, dark fabric).
    public var dark: SurfaceResponse
    /// Response of glossy surfaces (tape, shrink wrap, varnish).
    public var glossy: SurfaceResponse

    public init(whiteNoiseBase: Double = 0.001, whiteNoiseQuadratic: Double = 0.001,
                correlatedNoiseBase: Double = 0.0005, correlatedNoiseQuadratic: Double = 0.0008,
                correlatedGridWidth: Int = 32, correlatedGridHeight: Int = 24,
                correlatedStaticFraction: Double = 0.6, depthScaleBiasLimit: Double = 0.003,
                quantizeToMillimetres: Bool = true, maximumRange: Double = 5.0,
                mediumConfidenceBeyond: Double? = 3.5,
                grazingMediumAngle: Double? = 70 * .pi / 180, grazingLowAngle: Double? = 80 * .pi / 180,
                flyingJumpBase: Double = 0.02, flyingJumpRelative: Double = 0.04,
                flyingBandHalfWidth: Int = 1, flyingPixelProbability: Double = 0.7,
                flyingPixelMix: ClosedRange<Double> = 0.1...0.9,
                flyingLowConfidenceProbability: Double = 0.5,
                matte: SurfaceResponse = .matte, dark: SurfaceResponse = .dark,
                glossy: SurfaceResponse = .glossy) {
        precondition(correlatedGridWidth >= 2 && correlatedGridHeight >= 2, "the correlated grid needs 2x2 nodes")
        self.whiteNoiseBase = whiteNoiseBase
        self.whiteNoiseQuadratic = whiteNoiseQuadratic
        self.correlatedNoiseBase = correlatedNoiseBase
        self.correlatedNoiseQuadratic = correlatedNoiseQuadratic
        self.correlatedGridWidth = correlatedGridWidth
        self.correlatedGridHeight = correlatedGridHeight
        self.correlatedStaticFraction = correlatedStaticFraction
        self.depthScaleBiasLimit = depthScaleBiasLimit
        self.quantizeToMillimetres = quantizeToMillimetres
        self.maximumRange = maximumRange
        self.mediumConfidenceBeyond = mediumConfidenceBeyond
        self.grazingMediumAngle = grazingMediumAngle
        self.grazingLowAngle = grazingLowAngle
        self.flyingJumpBase = flyingJumpBase
        self.flyingJumpRelative = flyingJumpRelative
        self.flyingBandHalfWidth = flyingBandHalfWidth
        self.flyingPixelProbability = flyingPixelProbability
        self.flyingPixelMix = flyingPixelMix
        self.flyingLowConfidenceProbability = flyingLowConfidenceProbability
        self.matte = matte
        self.dark = dark
        self.glossy = glossy
    }

    /// The realistic iPhone/iPad LiDAR model (every default above).
    public static let iPhoneLiDAR = SensorNoiseModel()

    /// Clean depth: exact z-depth (no noise, bias, quantisation, flying pixels or dropouts),
    /// confidence 2 on every hit. Only the 5 m range limit remains (it is the sensor's
    /// geometry, not noise).
    public static let none = SensorNoiseModel(
        whiteNoiseBase: 0, whiteNoiseQuadratic: 0, correlatedNoiseBase: 0, correlatedNoiseQuadratic: 0,
        correlatedStaticFraction: 0, depthScaleBiasLimit: 0, quantizeToMillimetres: false,
        mediumConfidenceBeyond: nil, grazingMediumAngle: nil, grazingLowAngle: nil,
        flyingBandHalfWidth: 0, flyingPixelProbability: 0, flyingLowConfidenceProbability: 0,
        matte: .clean, dark: .clean, glossy: .clean)

    /// The response for a surface kind.
    public func response(for kind: SurfaceKind) -> SurfaceResponse {
        switch kind {
        case .matte: return matte
        case .dark: return dark
        case .glossy: return glossy
        }
    }

    /// Per-pixel white-noise standard deviation at z-depth `z` metres on a matte surface, metres.
    public func whiteSigma(atDepth z: Double) -> Double { whiteNoiseBase + whiteNoiseQuadratic * z * z }
    /// Correlated-noise standard deviation at z-depth `z` metres on a matte surface, metres.
    public func correlatedSigma(atDepth z: Double) -> Double {
        correlatedNoiseBase + correlatedNoiseQuadratic * z * z
    }
    /// Total single-frame depth standard deviation at `z` metres on `surface`, metres (white
    /// and correlated parts combined; without quantisation or the per-capture scale bias).
    public func totalSigma(atDepth z: Double, surface: SurfaceKind = .matte) -> Double {
        let w = whiteSigma(atDepth: z), c = correlatedSigma(atDepth: z)
        return response(for: surface).noiseGain * (w * w + c * c).squareRoot()
    }
}

/// How one surface kind changes the sensor's return.
public struct SurfaceResponse: Sendable, Codable, Equatable {
    /// Multiplies both noise sigmas (1 = matte cardboard).
    public var noiseGain: Double
    /// Probability that a pixel on this surface has no return (depth 0, confidence 0).
    public var dropoutProbability: Double
    /// Probability that a returned pixel's confidence is capped at medium (1).
    public var mediumConfidenceProbability: Double

    public init(noiseGain: Double, dropoutProbability: Double, mediumConfidenceProbability: Double) {
        self.noiseGain = noiseGain
        self.dropoutProbability = dropoutProbability
        self.mediumConfidenceProbability = mediumConfidenceProbability
    }

    /// Matte: the reference (gain 1), 0.1 % isolated dropouts, always high confidence.
    public static let matte = SurfaceResponse(noiseGain: 1, dropoutProbability: 0.001, mediumConfidenceProbability: 0)
    /// Dark: weak return. Gain 2.5, 40 % dropouts, 60 % capped at medium. Not fitted to data:
    /// chosen to reproduce the SDK's documented failure (very dark surfaces give holes and low
    /// confidence).
    public static let dark = SurfaceResponse(noiseGain: 2.5, dropoutProbability: 0.4, mediumConfidenceProbability: 0.6)
    /// Glossy: specular. Gain 1.5, 5 % dropouts, 30 % capped at medium. Not fitted to data.
    public static let glossy = SurfaceResponse(noiseGain: 1.5, dropoutProbability: 0.05, mediumConfidenceProbability: 0.3)
    /// No effect at all (used by `SensorNoiseModel.none`).
    public static let clean = SurfaceResponse(noiseGain: 0, dropoutProbability: 0, mediumConfidenceProbability: 0)
}
