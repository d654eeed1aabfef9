import Dimensioning

/// What a fixed-mount time-of-flight or stereo depth camera does beyond noise and edges
/// (`SensorNoiseModel.fixedMount`; nil for the handheld iPhone model, whose output these never
/// touch). Pixel counts are image pixels, lengths metres.
///
/// - **Time of flight** (Kinect v2, Azure Kinect): the illumination and the lens fall off
///   toward the image corners, so the noise grows there (`cornerNoiseGain`); light that
///   bounces off the floor onto the box's side (and back) arrives late, lengthening the depth
///   of both surfaces near the box's base (`multipathLengthening` over `multipathReachPixels`);
///   dark or absorbing patches, more of them toward the weakly lit corners, return nothing
///   (`noReturnShare`).
/// - **Active stereo** (RealSense D4xx, OAK-D): depth is given in the left imager's frame, so
///   the columns the right imager does not see return nothing: a band on the left of the image
///   `focalBaseline / z` pixels wide, and, beside every nearer surface, a strip of the farther
///   one on its left, `focalBaseline * (1/z_near - 1/z_far)` pixels wide (occlusion);
///   texture-less surfaces (plain cartons, walls) match poorly and leave holes
///   (`texturelessHoleShare`).
/// - **Structured light** (Kinect v1, Orbbec Astra): a projector beside the camera, so the same
///   occlusion strips as stereo (`focalBaseline`, the projector's baseline), no holes on plain
///   cartons (the camera projects its own texture), and depth in steps of one disparity
///   quantum (`disparitySubpixel`): 3.5 mm at 1.1 m for an Astra, as its real captures show.
///
/// Patches (dark areas, holes) come from one smooth random field per capture (a fixed camera
/// sees the same scene in every frame), drawn after every other capture-level value, so the
/// sensor's other draws are unchanged. Deterministic for a seed.
public struct FixedMountEffects: Sendable, Codable, Equatable {
    /// The white-noise sigma is multiplied by 1 + gain * rho^2, rho the distance from the image
    /// centre over the centre-to-corner distance (1 at the corners). 0: uniform noise.
    public var cornerNoiseGain: Double
    /// Depth added at the base of an object (metres), falling linearly to 0 at
    /// `multipathReachPixels` from where floor and object meet in the image. 0: none.
    public var multipathLengthening: Double
    public var multipathReachPixels: Int
    /// Share of the image (0...1) in dark no-return patches, weighted toward the corners.
    public var noReturnShare: Double
    /// Stereo: focal length (pixels) times baseline (metres); nil for a time-of-flight camera.
    public var focalBaseline: Double?
    /// Share (0...1) of the pixels on objects standing on the floor that fall in holes.
    public var texturelessHoleShare: Double
    /// The disparity's resolution, pixels (1/8 for Kinect v1-class decoders), with
    /// `focalBaseline`: the disparity f b / z is rounded to it, so depths come in steps of about
    /// z^2 * this / focalBaseline (metres) in place of whole millimetres. nil: millimetres, as
    /// every other member.
    public var disparitySubpixel: Double?

    public init(cornerNoiseGain: Double = 0, multipathLengthening: Double = 0, multipathReachPixels: Int = 0,
                noReturnShare: Double = 0, focalBaseline: Double? = nil, texturelessHoleShare: Double = 0,
                disparitySubpixel: Double? = nil) {
        precondition(cornerNoiseGain >= 0 && multipathLengthening >= 0 && multipathReachPixels >= 0,
                     "gains, lengths and reaches are not negative")
        precondition((0...1).contains(noReturnShare) && (0...1).contains(texturelessHoleShare), "shares are 0...1")
        precondition(disparitySubpixel.map { $0 > 0 && focalBaseline != nil } ?? true,
                     "a disparity step needs a positive resolution and a baseline")
        self.cornerNoiseGain = cornerNoiseGain
        self.multipathLengthening = multipathLengthening
        self.multipathReachPixels = multipathReachPixels
        self.noReturnShare = noReturnShare
        self.focalBaseline = focalBaseline
        self.texturelessHoleShare = texturelessHoleShare
        self.disparitySubpixel = disparitySubpixel
    }

    /// The depth step at `z` metres (metres), about z^2 * disparitySubpixel / focalBaseline, or
    /// nil where depths are whole millimetres.
    func disparityStep(atDepth z: Double) -> Double? {
        guard let q = disparitySubpixel, let fb = focalBaseline, fb > 0 else { return nil }
        return z * z * q / fb
    }

    /// `z` (metres, positive) as the camera reports it: its disparity f b / z rounded to
    /// `disparitySubpixel`, turned back into depth; nil where depths are whole millimetres.
    func quantised(depth z: Double) -> Double? {
        guard let q = disparitySubpixel, let fb = focalBaseline, fb > 0, z > 0 else { return nil }
        let disparity = (fb / z / q).rounded() * q
        return disparity > 0 ? fb / disparity : 0
    }

    /// Kinect v2 / Azure Kinect-like: noise 2.5x at the corners, 5 mm of multipath at the
    /// base fading over 6 pixels, 4 % of the image dark (mostly in the corners).
    public static let timeOfFlight = FixedMountEffects(cornerNoiseGain: 1.5, multipathLengthening: 0.005,
                                                       multipathReachPixels: 6, noReturnShare: 0.04)

    /// RealSense D435-like at 640x480: fx 385 px and a 50 mm baseline (19.25 px m: a 19-pixel
    /// band on the left at 1 m), 3 % of the cartons' pixels in holes.
    public static let stereo = FixedMountEffects(focalBaseline: 385 * 0.050, texturelessHoleShare: 0.03)

    /// Orbbec Astra / Kinect v1-like at 640x480: fx 578 px (the real Astra captures' own
    /// intrinsics) and a 75 mm projector baseline (43 px m: a 3-px shadow beside an 85-mm box
    /// at 1.1 m, where the real captures show 0-2), disparity in eighths of a pixel.
    public static let structuredLight = FixedMountEffects(focalBaseline: 578 * 0.075, disparitySubpixel: 0.125)
}
