import Dimensioning

/// A barcode printed on a face of a simulated box: what the colour renderer paints.
///
/// Face coordinates (metres) have their origin at the face's centre: on the top face `u` runs
/// along the box's length axis and `v` along its width axis; on a side, `u` runs along the
/// face horizontally (counter-clockwise seen from above) and `v` up. The label is turned by
/// `rotation` radians about the face's outward normal and shifted by `offset`.
public struct BarcodeLabel: Sendable, Codable, Equatable {
    /// A face of the box.
    public enum Face: String, Sendable, Codable, CaseIterable {
        case top
        case plusLength = "+length"
        case minusLength = "-length"
        case plusWidth = "+width"
        case minusWidth = "-width"
    }

    public var symbology: BarcodeSymbology
    public var text: String
    /// Module size (the narrowest bar), metres.
    public var moduleSize: Double
    public var face: Face
    /// The label centre's offset from the face centre, face coordinates, metres.
    public var offset: SIMD2<Double>
    /// Turn about the face normal, radians.
    public var rotation: Double
    /// Linear codes: bar height, metres (nil: 15 % of the symbol's width, at least 10 mm).
    public var barHeight: Double?

    public init(symbology: BarcodeSymbology, text: String, moduleSize: Double, face: Face = .top,
                offset: SIMD2<Double> = .zero, rotation: Double = 0, barHeight: Double? = nil) {
        precondition(moduleSize > 0, "module size must be positive (metres)")
        self.symbology = symbology
        self.text = text
        self.moduleSize = moduleSize
        self.face = face
        self.offset = offset
        self.rotation = rotation
        self.barHeight = barHeight
    }

    /// Quiet zone around the symbol, modules: 10 for linear codes, 4 for QR, 2 for the rest.
    public var quietZoneModules: Double {
        symbology.isLinear ? 10 : (symbology == .qrCode ? 4 : 2)
    }

    /// The face's centre, its in-plane axes (u, v) and outward normal in the world, for `box`.
    public func faceFrame(on box: SimulatedBox) -> (center: SIMD3<Double>, u: SIMD3<Double>, v: SIMD3<Double>, normal: SIMD3<Double>) {
        let l = box.lengthAxis, w = box.widthAxis, up = SIMD3<Double>(0, 0, 1)
        let c = box.centroid
        switch face {
        case .top: return (c + up * (box.height / 2), l, w, up)
        case .plusLength: return (c + l * (box.length / 2), w, up, l)
        case .minusLength: return (c - l * (box.length / 2), -w, up, -l)
        case .plusWidth: return (c + w * (box.width / 2), -l, up, w)
        case .minusWidth: return (c - w * (box.width / 2), l, up, -w)
        }
    }
}
