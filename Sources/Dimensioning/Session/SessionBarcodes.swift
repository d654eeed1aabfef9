import Foundation

/// The barcodes a `DimensioningSession` reads from the colour frames it is given: each colour
/// frame is decoded by the session's `BarcodeReader` (callers pass colour only on the frames
/// they want read: a 1920x1440 decode costs tens of milliseconds), each new symbology and text
/// published once (`DimensioningUpdate.Event.barcode`) and attached to the primary track; at the
/// measurement they are placed on the fitted box (`placeBarcodes`).
struct SessionBarcodes {
    /// Every read kept for the measurement, with the depth frame it was read in.
    private(set) var reads: [(observation: BarcodeObservation, frame: DepthFrame)] = []
    /// Symbology and text of every code published so far.
    private(set) var known: Set<String> = []
    /// Texts attached to each track id, in the order first read.
    private(set) var byTrack: [Int: [String]] = [:]

    static func key(_ symbology: BarcodeSymbology, _ text: String) -> String { symbology.rawValue + "\u{0}" + text }

    /// Decodes `colour` with `reader`; returns the codes read for the first time, placed with
    /// this frame's depth (face unknown: no box is fitted yet).
    mutating func offer(_ colour: LumaImage, frame: DepthFrame, primaryTrack: Int?,
                        parameters: BarcodeParameters, reader: any BarcodeReader) -> [BarcodeReading] {
        let intrinsics = frame.intrinsics.scaled(toWidth: colour.width, height: colour.height)
        let stream = ColourStream(source: .frames([colour]), intrinsics: intrinsics, frameIndices: [0])
        let capture = DepthCapture(source: URL(fileURLWithPath: "session"), frames: [frame], gravityInWorld: nil,
                                   colour: stream)
        var oneFrame = parameters
        oneFrame.framesToDecode = 1
        guard let observations = try? reader.readBarcodes(capture, parameters: oneFrame, limits: CaptureLimits()) else { return [] }
        var fresh: [BarcodeReading] = []
        for observation in observations {
            reads.append((observation, frame))
            let key = Self.key(observation.symbology, observation.text)
            guard !known.contains(key) else { continue }
            known.insert(key)
            if let primaryTrack { byTrack[primaryTrack, default: []].append(observation.text) }
            fresh += placeBarcodes([observation], in: capture, result: nil, parameters: parameters)
        }
        return fresh
    }

    /// Every code read so far, placed on `result`'s box (faces unknown without a result).
    func placed(result: PipelineResult?, gravity: SIMD3<Double>?, parameters: BarcodeParameters) -> [BarcodeReading] {
        guard !reads.isEmpty else { return [] }
        var observations: [BarcodeObservation] = []
        for (i, read) in reads.enumerated() {
            var o = read.observation
            o.frameIndex = i
            observations.append(o)
        }
        let capture = DepthCapture(source: URL(fileURLWithPath: "session"), frames: reads.map(\.frame), gravityInWorld: gravity)
        return placeBarcodes(observations, in: capture, result: result, parameters: parameters)
    }
}
