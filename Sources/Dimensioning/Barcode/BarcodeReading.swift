/// Where a barcode sits relative to the measured box.
public enum BarcodeFace: String, Sendable, Codable, Equatable {
    /// On the box's top face.
    case top
    /// On one of the box's four sides.
    case side
    /// Not on the box (the floor, another object, a sheet held up).
    case offBox = "off_box"
    /// No box was measured, or the code's depth could not be read: where it is is not known.
    case unknown
}

/// One symbol read in one colour frame: what zxing-cpp decoded, before placement.
public struct BarcodeObservation: Sendable, Equatable {
    public var symbology: BarcodeSymbology
    public var text: String
    /// The depth frame (index into `DepthCapture.frames`) the colour frame belongs to.
    public var frameIndex: Int
    /// Corners in colour image pixels: top-left, top-right, bottom-right, bottom-left in the
    /// symbol's reading orientation (pixel centres at integers).
    public var corners: [SIMD2<Double>]
    /// Modules across the symbol's reading direction; nil when the symbology does not fix it.
    public var modulesAcross: Int?
    /// Matrix codes: module rows.
    public var modulesDown: Int?
    /// Intrinsics of the colour image the symbol was read in, at its size.
    public var intrinsics: CameraIntrinsics
    /// Sharpness of that image (variance of the Laplacian, grey levels squared).
    public var sharpness: Double

    public init(symbology: BarcodeSymbology, text: String, frameIndex: Int, corners: [SIMD2<Double>],
                modulesAcross: Int?, modulesDown: Int?, intrinsics: CameraIntrinsics, sharpness: Double) {
        self.symbology = symbology
        self.text = text
        self.frameIndex = frameIndex
        self.corners = corners
        self.modulesAcross = modulesAcross
        self.modulesDown = modulesDown
        self.intrinsics = intrinsics
        self.sharpness = sharpness
    }
}

/// A barcode of the capture: one per symbology and text, however many frames read it.
public struct BarcodeReading: Sendable, Equatable {
    public var symbology: BarcodeSymbology
    /// The decoded text (UTF-8). Only checksum- or error-correction-verified reads are kept:
    /// an unreadable code gives no reading, never a guessed text.
    public var text: String
    /// Which face of the measured box it is on.
    public var face: BarcodeFace
    /// Module size (the narrowest bar, or a 2D code's module) in metres on the code's surface,
    /// from the depth at the code; nil when the symbology does not fix its module count or the
    /// depth there is missing. Median over the frames that read it.
    public var moduleSize: Double?
    /// Module size in colour image pixels (the capture's colour resolution); nil as above.
    public var modulePixels: Double?
    /// Whether a typical hand-held scanner at the capture's distance could read it
    /// (`ScannerModel`); nil when the module size is not known.
    public var scannerReadable: Bool?
    /// Distance from the camera to the code's centre, metres (the sharpest read); nil without depth.
    public var distance: Double?
    /// The code's centre in the world frame of the capture (metres), nil without depth.
    public var centerInWorld: SIMD3<Double>?
    /// How many of the decoded frames read it.
    public var reads: Int
    /// The first depth frame (index into the capture's frames) whose colour frame read it.
    public var firstFrame: Int

    public init(symbology: BarcodeSymbology, text: String, face: BarcodeFace, moduleSize: Double?,
                modulePixels: Double?, scannerReadable: Bool?, distance: Double?, centerInWorld: SIMD3<Double>?,
                reads: Int, firstFrame: Int) {
        self.symbology = symbology
        self.text = text
        self.face = face
        self.moduleSize = moduleSize
        self.modulePixels = modulePixels
        self.scannerReadable = scannerReadable
        self.distance = distance
        self.centerInWorld = centerInWorld
        self.reads = reads
        self.firstFrame = firstFrame
    }
}
