import Foundation

/// Tunables of barcode reading (`readBarcodes`, `placeBarcodes`). Lengths in metres.
public struct BarcodeParameters: Sendable, Codable, Equatable {
    /// At most this many colour frames are decoded with zxing-cpp. Default 3.
    public var framesToDecode: Int = 3
    /// Reading stops once this many decoded frames have read a code. Default 1: zxing-cpp
    /// returns only verified symbols, so one frame is proof enough, and the rest of a video is
    /// then not decoded.
    public var readingFramesEnough: Int = 1
    /// A scored frame is decoded as it arrives when it is at least this share as sharp as the
    /// sharpest frame so far (0...1); blurrier ones wait for the end. Default 0.7.
    public var sharpEnough: Double = 0.7
    /// At most this many colour frames are scored for sharpness, spread evenly over the capture
    /// (the others of a video are decoded by the codec but not scored). Default 10.
    public var framesToScore: Int = 10
    /// Sharpness (`NativeBarcode.sharpness`) is taken at every this-many-th pixel and row. Default 4.
    public var sharpnessPixelStep: Int = 4
    /// zxing-cpp is shown only the regions of a frame with code-like texture
    /// (`NativeBarcode.codeRegions`), judged in cells of this side, pixels; 0 shows it whole
    /// frames. Default 32 (a 2 mm QR module at 1 m is about 3 pixels, at 0.4 m about 7).
    public var regionCell: Int = 32
    /// A cell needs at least this contrast between its darkest and lightest sample, grey levels
    /// (0...255), to count as code-like. Default 40.
    public var regionMinContrast: Int = 40
    /// Pixels added on every side of a group of code-like cells (quiet zone, finder patterns).
    /// Default 48.
    public var regionMargin: Int = 48
    /// When the regions cover more than this share of a frame (0...1: a busy scene), the whole
    /// frame is decoded instead. Default 0.5.
    public var regionMaxShare: Double = 0.5
    /// A region that reads nothing is decoded again enlarged this many times (bilinear, 1...4;
    /// 1: never), when the enlarged region is no larger than the frame: zxing-cpp misses many
    /// codes of under about 3 pixels a module at their own size and reads them enlarged
    /// (error correction still verifies every symbol). Default 2.
    public var regionUpscale: Int = 2
    /// Symbologies looked for; empty means every one zxing-cpp reads. Default empty.
    public var symbologies: Set<BarcodeSymbology> = []
    /// A code whose plane lies within this distance of a face of the fitted cuboid (and whose
    /// centre lies on the face, within this margin) is on that face. Default 0.025 m.
    public var faceTolerance: Double = 0.025
    /// A code's plane must be within this angle of the face's, radians. Default 30 degrees.
    public var faceAngleTolerance: Double = 30 * Double.pi / 180
    /// The scanner `scannerReadable` is judged for.
    public var scanner = ScannerModel()

    public init() {}
}

/// A typical hand-held 2D imager, held where the capture's camera was: the judge of
/// `BarcodeReading.scannerReadable`.
///
/// The rule: a code is readable when the scanner's image would give each module at least
/// `minimumPixelsPerModuleLinear` (1D) or `minimumPixelsPerModuleMatrix` (2D) pixels at the
/// code's distance: pixels per module = module size / (2 * distance * tan(fov / 2) / pixels).
/// Defaults: 1280 pixels across a 48 degree field (the class of the Zebra DS2208 or Honeywell
/// Voyager 1470g), 1.5 pixels a module for 1D and 2.0 for 2D, the figures imager makers give
/// for reliable decoding. With them a 0.33 mm (13 mil) EAN-13 is readable to about 0.63 m.
public struct ScannerModel: Sendable, Codable, Equatable {
    /// Sensor pixels across the field of view.
    public var horizontalPixels: Double = 1280
    /// Horizontal field of view, radians.
    public var horizontalFieldOfView: Double = 48 * Double.pi / 180
    /// Pixels a module needs for linear codes.
    public var minimumPixelsPerModuleLinear: Double = 1.5
    /// Pixels a module needs for matrix codes.
    public var minimumPixelsPerModuleMatrix: Double = 2.0

    public init() {}

    /// Pixels per module the scanner sees for a module of `moduleSize` metres at `distance` metres.
    public func pixelsPerModule(moduleSize: Double, distance: Double) -> Double {
        let footprint = 2 * distance * tan(horizontalFieldOfView / 2) / horizontalPixels
        return moduleSize / max(footprint, 1e-12)
    }

    /// True when a module of `moduleSize` metres at `distance` metres is readable (see the type).
    public func canRead(moduleSize: Double, distance: Double, linear: Bool) -> Bool {
        pixelsPerModule(moduleSize: moduleSize, distance: distance)
            >= (linear ? minimumPixelsPerModuleLinear : minimumPixelsPerModuleMatrix)
    }
}
