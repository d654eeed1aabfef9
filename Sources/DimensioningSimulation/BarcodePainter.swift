import Foundation
import Dimensioning
import DimensioningBarcodes

/// Paints one `BarcodeLabel`: the symbol's modules from zxing-cpp's writer on a white label
/// with its quiet zone, as a reflectance over face coordinates.
struct BarcodePainter: Sendable {
    let label: BarcodeLabel
    let modules: ModuleMatrix
    /// Symbol width and height, metres.
    let symbolWidth: Double
    let symbolHeight: Double
    /// Half the label's extent (symbol plus quiet zone), metres.
    let halfLabel: SIMD2<Double>
    let cosine: Double, sine: Double

    /// Reflectance of the white label and of a dark module.
    static let paper = 0.92
    static let ink = 0.05

    /// - Throws: when zxing-cpp cannot encode the text in the symbology.
    init(_ label: BarcodeLabel) throws(NativeBarcodeFailure) {
        self.label = label
        modules = try NativeBarcode.encode(label.symbology, text: label.text)
        symbolWidth = Double(modules.width) * label.moduleSize
        symbolHeight = label.symbology.isLinear ? (label.barHeight ?? max(0.010, 0.15 * symbolWidth))
            : Double(modules.height) * label.moduleSize
        let quiet = label.quietZoneModules * label.moduleSize
        let vertical = label.symbology.isLinear ? 2 * label.moduleSize : quiet
        halfLabel = SIMD2(symbolWidth / 2 + quiet, symbolHeight / 2 + vertical)
        cosine = cos(label.rotation)
        sine = sin(label.rotation)
    }

    /// The label's point for face coordinates `p` (metres).
    @inline(__always)
    func labelPoint(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let d = p - label.offset
        return SIMD2(cosine * d.x + sine * d.y, -sine * d.x + cosine * d.y)
    }

    /// True when face point `p` is within `margin` metres of the label.
    func covers(_ p: SIMD2<Double>, margin: Double) -> Bool {
        let q = labelPoint(p)
        return abs(q.x) <= halfLabel.x + margin && abs(q.y) <= halfLabel.y + margin
    }

    /// Reflectance at face point `p`; nil outside the label (the face's own colour).
    @inline(__always)
    func reflectance(at p: SIMD2<Double>) -> Double? {
        let q = labelPoint(p)
        guard abs(q.x) <= halfLabel.x, abs(q.y) <= halfLabel.y else { return nil }
        let sx = q.x + symbolWidth / 2, sy = symbolHeight / 2 - q.y // rows run against v
        guard sx >= 0, sx < symbolWidth, sy >= 0, sy < symbolHeight else { return Self.paper }
        let column = min(modules.width - 1, Int(sx / label.moduleSize))
        let row = modules.height == 1 ? 0 : min(modules.height - 1, Int(sy / label.moduleSize))
        return modules.isDark(x: column, y: row) ? Self.ink : Self.paper
    }
}
