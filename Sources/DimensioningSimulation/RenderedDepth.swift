import Dimensioning

/// The exact, noise-free result of ray casting one frame: what an ideal depth sensor sees.
///
/// Arrays are row-major, `width * height` values, pixel (u, v) at index `v * width + u`.
public struct RenderedDepth: Sendable, Equatable {
    /// Image size in pixels.
    public var width: Int
    public var height: Int
    /// Exact z-depth along the optical axis in metres (camera frame); 0 where the ray hits
    /// nothing.
    public var depth: [Double]
    /// Cosine of the incidence angle between the pixel's ray and the hit surface's normal
    /// (1 = head-on, 0 = grazing); 0 where nothing is hit.
    public var cosIncidence: [Float]
    /// What each pixel's ray hit: `RenderedDepth.noHit`, `floorID`, `targetID`, or an
    /// object index (see `SceneRenderer.objectID(ofOtherBox:)` and friends).
    public var objectID: [Int16]
    /// Surface kind of each hit (`SurfaceKind.code`); 255 where nothing is hit.
    public var surfaceCode: [UInt8]

    /// `objectID` of a pixel that hit nothing.
    public static let noHit: Int16 = -1
    /// `objectID` of the floor.
    public static let floorID: Int16 = 0
    /// `objectID` of the scene's target box.
    public static let targetID: Int16 = 1

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        depth = Array(repeating: 0, count: width * height)
        cosIncidence = Array(repeating: 0, count: width * height)
        objectID = Array(repeating: RenderedDepth.noHit, count: width * height)
        surfaceCode = Array(repeating: 255, count: width * height)
    }
}

extension SurfaceKind {
    /// A compact code for per-pixel storage (`RenderedDepth.surfaceCode`).
    public var code: UInt8 {
        switch self {
        case .matte: return 0
        case .dark: return 1
        case .glossy: return 2
        }
    }

    /// The kind for a `code`; nil for 255 (no hit) or unknown codes.
    public init?(code: UInt8) {
        switch code {
        case 0: self = .matte
        case 1: self = .dark
        case 2: self = .glossy
        default: return nil
        }
    }
}
