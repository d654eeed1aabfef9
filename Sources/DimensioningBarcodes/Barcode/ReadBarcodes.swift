import Dimensioning
import Foundation

/// Reads the barcodes in a capture's colour images: the stage's expensive half (decoding video
/// and images, zxing-cpp); `placeBarcodes` then maps the reads onto the measured box.
///
/// 1. The colour frames that belong to depth frames are listed; at most
///    `parameters.framesToScore` of them, spread evenly, are scored for sharpness as they are
///    read (variance of the Laplacian, `NativeBarcode.sharpness`). A video is decoded frame by
///    frame (an inter-coded stream cannot skip), but only scored frames are copied out.
/// 2. A scored frame at least `sharpEnough` times as sharp as the sharpest so far is decoded
///    with zxing-cpp right away (rotations tried, no guessing: only checksum- or
///    error-correction-verified symbols come back). zxing is shown only the frame's regions
///    with code-like texture (`NativeBarcode.codeRegions`, a cell-resolution pass), or the
///    whole frame when they cover more than `regionMaxShare` of it; a region that reads
///    nothing is tried again enlarged `regionUpscale` times. Reading stops once
///    `parameters.readingFramesEnough` frames have read a code or `framesToDecode` frames were
///    decoded: the rest of a video is not decoded.
/// 3. If the stream ends first, the sharpest frames not yet decoded are, up to `framesToDecode`.
/// 4. If no frame read a code from its regions, the sharpest frame decoded by regions is
///    decoded whole once (a code the texture search missed is still read).
/// 5. Every symbol read is one `BarcodeObservation`, in the order read.
///
/// A capture without colour gives `[]`. A frame zxing fails on (a library assertion) is
/// skipped. - Throws: `unreadableCapture` naming the colour file that cannot be read (a
/// truncated or damaged `rgb.mp4`, a bad PNG); the depth measurement does not depend on it.
public func readBarcodes(_ capture: DepthCapture, parameters: BarcodeParameters = .init(),
                         limits: CaptureLimits = .init()) throws(DimensioningError) -> [BarcodeObservation] {
    guard let colour = capture.colour else { return [] }
    // Colour frame -> the first depth frame recorded with it.
    var depthFrameOf: [Int: Int] = [:]
    for (depthIndex, colourIndex) in colour.frameIndices.enumerated() {
        if let colourIndex, depthIndex < capture.frames.count, depthFrameOf[colourIndex] == nil {
            depthFrameOf[colourIndex] = depthIndex
        }
    }
    let wanted = depthFrameOf.keys.sorted()
    guard !wanted.isEmpty, parameters.framesToDecode > 0 else { return [] }
    let scored = Set(evenlySpread(wanted, count: max(parameters.framesToScore, parameters.framesToDecode)))
    var reader = FrameReader(colour: colour, depthFrameOf: depthFrameOf, parameters: parameters)

    switch colour.source {
    case let .video(url):
        let video: NativeVideoReader
        do {
            video = try NativeVideoReader(path: url.path, maxWidth: limits.maxImageWidth, maxHeight: limits.maxImageHeight)
        } catch {
            throw .unreadableCapture(file: url.path, reason: "colour video: \(error.message)")
        }
        let last = scored.max() ?? 0
        var expected = 0 // frames come in order: only the scored ones are copied out
        while !reader.done {
            let next: (index: Int, image: LumaImage?)?
            do { next = try video.next(image: scored.contains(expected)) } catch {
                throw .unreadableCapture(file: url.path, reason: "colour video: \(error.message)")
            }
            guard let next else { break }
            expected = next.index + 1
            if scored.contains(next.index), let image = next.image { reader.offer(image, colourIndex: next.index) }
            if next.index >= last { break }
        }
    case let .images(files):
        for index in scored.sorted() where index < files.count && !reader.done {
            let file = files[index]
            let bytes = try CaptureFile.readBytes(file, maxBytes: limits.maxFileBytes)
            let image: LumaImage
            do {
                image = try NativeBarcode.decodePNGLuma(bytes, maxWidth: limits.maxImageWidth, maxHeight: limits.maxImageHeight)
            } catch {
                throw .unreadableCapture(file: file.path, reason: "colour image: \(error.message)")
            }
            reader.offer(image, colourIndex: index)
        }
    case let .frames(frames):
        for index in scored.sorted() where index < frames.count && !reader.done {
            reader.offer(frames[index], colourIndex: index)
        }
    }
    reader.finish()
    return reader.observations
}

/// `count` elements of sorted `values`, evenly spread, first and last included.
func evenlySpread(_ values: [Int], count: Int) -> [Int] {
    guard values.count > count, count > 0 else { return values }
    if count == 1 { return [values[values.count / 2]] }
    return (0..<count).map { values[Int((Double($0) * Double(values.count - 1) / Double(count - 1)).rounded())] }
}

/// The sharpest frames offered so far, sharpest first (ties: the earlier frame).
struct SharpestFrames {
    struct Candidate {
        var image: LumaImage
        var colourIndex: Int
        var sharpness: Double
    }
    let capacity: Int
    private(set) var frames: [Candidate] = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func offer(_ image: LumaImage, colourIndex: Int, sharpness: Double) {
        let candidate = Candidate(image: image, colourIndex: colourIndex, sharpness: sharpness.isFinite ? sharpness : 0)
        let position = frames.firstIndex { $0.sharpness < candidate.sharpness } ?? frames.count
        guard position < capacity else { return }
        frames.insert(candidate, at: position)
        if frames.count > capacity { frames.removeLast() }
    }
}
