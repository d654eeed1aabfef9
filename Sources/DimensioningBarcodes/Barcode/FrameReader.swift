import Dimensioning

/// The decoding policy of `readBarcodes` (steps 2 to 4): which scored frames zxing-cpp sees,
/// and which parts of them.
///
/// A frame is decoded in its regions with code-like texture (`NativeBarcode.codeRegions`), or
/// whole when those cover more than `regionMaxShare` of it (or `regionCell` is 0). A region that
/// reads nothing is decoded once more enlarged `regionUpscale` times (small modules). When no frame
/// has read a code by the end, the sharpest frame that was decoded only in regions is decoded
/// whole once: the texture search saves work, it never decides alone that a capture holds no
/// code.
struct FrameReader {
    let colour: ColourStream
    let depthFrameOf: [Int: Int]
    let parameters: BarcodeParameters
    private(set) var observations: [BarcodeObservation] = []
    private var best: SharpestFrames
    private var sharpest = 0.0
    private var decodes = 0
    private var readingFrames = 0
    /// The sharpest frame decoded only in its regions: the whole-frame fallback.
    private var fallback: SharpestFrames
    /// zxing passes made and the pixels they covered, enlarged ones at their enlarged size (for
    /// tests and measurements).
    private(set) var passes = 0
    private(set) var pixelsDecoded = 0

    init(colour: ColourStream, depthFrameOf: [Int: Int], parameters: BarcodeParameters) {
        self.colour = colour
        self.depthFrameOf = depthFrameOf
        self.parameters = parameters
        best = SharpestFrames(capacity: parameters.framesToDecode)
        fallback = SharpestFrames(capacity: 1)
    }

    /// Enough frames read or decoded: the rest of the stream is not needed.
    var done: Bool { readingFrames >= parameters.readingFramesEnough || decodes >= parameters.framesToDecode }

    mutating func offer(_ image: LumaImage, colourIndex: Int) {
        let score = NativeBarcode.sharpness(image, step: parameters.sharpnessPixelStep)
        sharpest = max(sharpest, score)
        if score >= parameters.sharpEnough * sharpest {
            decode(image, colourIndex: colourIndex, sharpness: score)
        } else {
            best.offer(image, colourIndex: colourIndex, sharpness: score)
        }
    }

    /// Decodes the sharpest frames kept back, while the budget allows; then, when nothing was
    /// read, the whole of the sharpest frame that was decoded only in regions.
    mutating func finish() {
        for candidate in best.frames where !done {
            decode(candidate.image, colourIndex: candidate.colourIndex, sharpness: candidate.sharpness)
        }
        if readingFrames == 0, let frame = fallback.frames.first {
            read(frame.image, regions: nil, colourIndex: frame.colourIndex, sharpness: frame.sharpness)
        }
    }

    /// The parts of `image` zxing is shown: its code-like regions, or nil for the whole image.
    func regions(of image: LumaImage) -> [PixelRect]? {
        guard parameters.regionCell > 0,
              let found = try? NativeBarcode.codeRegions(image, cell: parameters.regionCell,
                                                         minContrast: parameters.regionMinContrast,
                                                         margin: parameters.regionMargin) else { return nil }
        let covered = found.reduce(0) { $0 + $1.area }
        return Double(covered) > parameters.regionMaxShare * Double(image.width * image.height) ? nil : found
    }

    private mutating func decode(_ image: LumaImage, colourIndex: Int, sharpness: Double) {
        guard !done else { return }
        decodes += 1
        let regions = regions(of: image)
        let readSomething = read(image, regions: regions, colourIndex: colourIndex, sharpness: sharpness)
        if regions != nil, !readSomething { fallback.offer(image, colourIndex: colourIndex, sharpness: sharpness) }
    }

    /// Runs zxing on `regions` of `image` (nil: the whole image) and records what it reads.
    /// Returns true when a code was read.
    @discardableResult
    private mutating func read(_ image: LumaImage, regions: [PixelRect]?, colourIndex: Int, sharpness: Double) -> Bool {
        let intrinsics = colour.intrinsics.width == image.width && colour.intrinsics.height == image.height
            ? colour.intrinsics : colour.intrinsics.scaled(toWidth: image.width, height: image.height)
        var symbols: [DecodedSymbol] = []
        let parts: [PixelRect?] = regions.map { $0.map { $0 } } ?? [nil]
        for region in parts {
            passes += 1
            pixelsDecoded += region?.area ?? image.width * image.height
            let found = (try? NativeBarcode.decode(image, region: region, symbologies: parameters.symbologies)) ?? []
            symbols += found
            // A region that read nothing, enlarged (small modules), when that stays within a frame's pixels.
            let s = min(max(parameters.regionUpscale, 1), 4)
            if found.isEmpty, let region, s > 1, region.area * s * s <= image.width * image.height {
                passes += 1
                pixelsDecoded += region.area * s * s
                symbols += (try? NativeBarcode.decode(image, region: region, upscale: s, symbologies: parameters.symbologies)) ?? []
            }
        }
        guard !symbols.isEmpty else { return false }
        readingFrames += 1
        for symbol in symbols {
            observations.append(BarcodeObservation(
                symbology: symbol.symbology, text: symbol.text, frameIndex: depthFrameOf[colourIndex] ?? 0,
                corners: symbol.corners, modulesAcross: symbol.modulesAcross, modulesDown: symbol.modulesDown,
                intrinsics: intrinsics, sharpness: sharpness))
        }
        return true
    }
}
