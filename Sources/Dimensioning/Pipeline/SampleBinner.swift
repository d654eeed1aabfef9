/// Collects depth samples of many frames into the reference camera's pixel grid and fuses
/// each pixel robustly (see `fuseFrames`). Internal to the fusion stage.
///
/// Two passes over the frames bin the samples straight into per-pixel slots (a counting sort
/// without a sample list in between): the first projects every usable pixel of every frame and
/// records its reference pixel (counting each pixel's samples), the second stores each sample's
/// frame, source pixel, confidence and reference-camera depth in its pixel's next slot. Within a
/// pixel, samples are in frame order then scan order, as a stable sort of the frames' samples
/// would put them, so the weighted sums run in the same order. The reference-camera x and y of
/// a sample are recomputed from its frame and source pixel when needed (the same operations,
/// so the same values) rather than stored: slots take 11 bytes a sample.
struct SampleBinner: ~Copyable {
    private let frames: [DepthFrame]
    private let transforms: [RowTransform]
    /// `(u - cx) / fx` per column and `(v - cy) / fy` per row of each frame:
    /// `CameraIntrinsics.unproject`'s factors, computed once.
    private let columnFactor: [[Double]], rowFactor: [[Double]]
    private let reference: CameraIntrinsics
    private let parameters: FusionParameters
    private let pixelCount: Int, pixelsPerFrame: Int
    /// Samples per reference pixel, then each pixel's first slot (`pixelCount + 1` entries).
    private var start: [Int32]
    private var z: [Float] = [], confidence: [UInt8] = []
    private var frame: [UInt16] = []
    /// Source pixel of each slot, `row << 16 | column`.
    private var source: [UInt32] = []

    init(frames: [DepthFrame], referenceFromFrame: [RigidTransform], reference: CameraIntrinsics,
         parameters: FusionParameters) {
        precondition(frames.count <= Int(UInt16.max) + 1)
        precondition(frames.allSatisfy { $0.width <= 65536 && $0.height <= 65536 })
        self.frames = frames
        transforms = referenceFromFrame.map(RowTransform.init)
        columnFactor = frames.map { f in (0..<f.width).map { (Double($0) - f.intrinsics.cx) / f.intrinsics.fx } }
        rowFactor = frames.map { f in (0..<f.height).map { (Double($0) - f.intrinsics.cy) / f.intrinsics.fy } }
        self.reference = reference
        self.parameters = parameters
        pixelCount = reference.width * reference.height
        pixelsPerFrame = frames.map { $0.width * $0.height }.max() ?? 0
        start = [Int32](repeating: 0, count: pixelCount + 1)
    }

    /// Both passes.
    mutating func bin() {
        let target = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, frames.count * pixelsPerFrame))
        defer { target.deallocate() }
        // Pass 1: the reference pixel of every usable frame pixel (in range, confident enough,
        // projecting into the reference image: nearest pixel, halves rounded away from zero as
        // `rounded()` does), -1 for the others.
        let r = reference
        let maxU = Double(r.width) - 0.5, maxV = Double(r.height) - 0.5
        let pixelCount = pixelCount
        var start = [Int32](repeating: 0, count: pixelCount + 1)
        start.withUnsafeMutableBufferPointer { counts in
            for f in frames.indices {
                let targets = target + f * pixelsPerFrame, transform = transforms[f]
                forEachSample(f) { index, _, _, q, _ in
                    targets[index] = -1
                    let p = transform.apply(q)
                    // `CameraIntrinsics.project`, then round(pu) in 0..<width <=> -0.5 < pu < width - 0.5.
                    guard p.z > 1e-6 else { return }
                    let pu = r.fx * p.x / p.z + r.cx, pv = r.fy * p.y / p.z + r.cy
                    guard pu > -0.5, pu < maxU, pv > -0.5, pv < maxV else { return }
                    let pixel = roundHalfAway(pv) * r.width + roundHalfAway(pu)
                    targets[index] = Int32(pixel)
                    counts[pixel + 1] += 1
                } unusable: { index in targets[index] = -1 }
            }
            for i in 0..<pixelCount { counts[i + 1] += counts[i] }
        }
        // Pass 2: each sample into its pixel's next slot, frames in order.
        let total = Int(start[pixelCount])
        var z = [Float](repeating: 0, count: total)
        var confidence = [UInt8](repeating: 0, count: total)
        var frame = [UInt16](repeating: 0, count: total)
        var source = [UInt32](repeating: 0, count: total)
        var cursor = start
        let frameCount = frames.count
        cursor.withUnsafeMutableBufferPointer { cursor in
        z.withUnsafeMutableBufferPointer { z in
        confidence.withUnsafeMutableBufferPointer { confidence in
        frame.withUnsafeMutableBufferPointer { frame in
        source.withUnsafeMutableBufferPointer { source in
            for f in 0..<frameCount {
                let targets = target + f * pixelsPerFrame, transform = transforms[f], id = UInt16(f)
                forEachSample(f) { index, u, v, q, c in
                    let pixel = Int(targets[index])
                    guard pixel >= 0 else { return }
                    let slot = Int(cursor[pixel])
                    cursor[pixel] += 1
                    z[slot] = Float(transform.applyZ(q))
                    confidence[slot] = c
                    frame[slot] = id
                    source[slot] = UInt32(truncatingIfNeeded: v << 16 | u)
                } unusable: { _ in }
            }
        }
        }
        }
        }
        }
        (self.start, self.z, self.confidence, self.frame, self.source) = (start, z, confidence, frame, source)
    }

    /// Robust per-pixel fusion: median depth (by selection), inlier band, weighted mean of the
    /// inlier 3-D samples. With `keepSources`, also hands over every sample's frame and source
    /// pixel grouped by reference pixel (for `measureFrameAgreement`).
    consuming func fuse(minimumSupport: Int, keepSources: Bool) -> (pixels: [FusedPixel], sources: FrameSampleIndex?) {
        var largest: Int32 = 1
        for p in 0..<pixelCount { largest = max(largest, start[p + 1] - start[p]) }
        let mediumWeight = Double(Float(parameters.mediumConfidenceWeight))
        let band0 = parameters.inlierBand, bandPerMetre = parameters.inlierBandPerMetre
        var fused = [FusedPixel](repeating: FusedPixel(), count: pixelCount)
        var depths = [Float](repeating: 0, count: Int(largest))
        let pixelCount = pixelCount, frames = frames, transforms = transforms
        let columnFactor = columnFactor, rowFactor = rowFactor
        depths.withUnsafeMutableBufferPointer { depths in
        fused.withUnsafeMutableBufferPointer { fused in
        start.withUnsafeBufferPointer { start in
        z.withUnsafeBufferPointer { z in
        confidence.withUnsafeBufferPointer { confidence in
        frame.withUnsafeBufferPointer { frame in
        source.withUnsafeBufferPointer { source in
            for p in 0..<pixelCount {
                let lo = Int(start[p]), hi = Int(start[p + 1])
                guard hi - lo >= minimumSupport else { continue }
                for j in lo..<hi { depths[j - lo] = z[j] }
                let median = Double(Statistics.select(UnsafeMutableBufferPointer(rebasing: depths[0..<(hi - lo)]),
                                                      (hi - lo) / 2))
                let band = band0 + bandPerMetre * median
                var sum = SIMD3<Double>.zero, weight = 0.0, inliers = 0, high = 0
                for j in lo..<hi {
                    guard abs(Double(z[j]) - median) <= band else { continue }
                    // The sample's reference-camera point, as pass 1 computed it.
                    let f = Int(frame[j]), u = Int(source[j] & 0xFFFF), v = Int(source[j] >> 16)
                    let d = Double(frames[f].depth[v * frames[f].width + u])
                    let s = transforms[f].apply(SIMD3(columnFactor[f][u] * d, rowFactor[f][v] * d, d))
                    let w = confidence[j] >= 2 ? 1 : mediumWeight
                    sum += w * SIMD3(Double(Float(s.x)), Double(Float(s.y)), Double(z[j]))
                    weight += w
                    inliers += 1
                    if confidence[j] >= 2 { high += 1 }
                }
                guard inliers >= minimumSupport, weight > 0 else { continue }
                fused[p] = FusedPixel(valid: true, point: sum / weight, highShare: Float(high) / Float(inliers))
            }
        }
        }
        }
        }
        }
        }
        }
        guard keepSources else { return (fused, nil) }
        return (fused, FrameSampleIndex(sampleStart: start, frame: frame, sourcePixel: source))
    }

    /// Calls `body` with the index, column, row, camera-frame point (`CameraIntrinsics.unproject`
    /// with the precomputed factors: the same operations, so the same values) and confidence of
    /// each of frame `f`'s pixels with a finite depth in range and at least `minimumConfidence`,
    /// in scan order; `unusable` with the others.
    @inline(__always)
    private func forEachSample(_ f: Int, _ body: (Int, Int, Int, SIMD3<Double>, UInt8) -> Void,
                               unusable: (Int) -> Void) {
        let frame = frames[f], width = frame.width, height = frame.height
        let minDepth = parameters.minimumDepth, maxDepth = parameters.maximumDepth
        let minConfidence = parameters.minimumConfidence
        frame.depth.withUnsafeBufferPointer { depths in
        withConfidence(frame.confidence) { confidences in
        columnFactor[f].withUnsafeBufferPointer { columnFactor in
        rowFactor[f].withUnsafeBufferPointer { rowFactor in
            for v in 0..<height {
                let rowOffset = v * width, rowFactor = rowFactor[v]
                for u in 0..<width {
                    let index = rowOffset + u
                    let depth = depths[index]
                    let d = Double(depth)
                    let c = confidences?[index] ?? 2
                    guard depth.isFinite, d >= minDepth, d <= maxDepth, c >= minConfidence else {
                        unusable(index); continue
                    }
                    body(index, u, v, SIMD3(columnFactor[u] * d, rowFactor * d, d), c)
                }
            }
        }
        }
        }
        }
    }
}

/// `x.rounded()` (to nearest, halves away from zero) as an integer, for -0.5 < x < 2^52,
/// without a libm call: truncation and the exact fractional part.
@inline(__always)
func roundHalfAway(_ x: Double) -> Int {
    let t = Int(x)
    return x - Double(t) >= 0.5 ? t + 1 : t
}

@inline(__always)
private func withConfidence<R>(_ values: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
    guard let values else { return body(nil) }
    return values.withUnsafeBufferPointer { body($0) }
}

/// `RigidTransform.apply` with the rotation rows held in registers instead of an array: the
/// same expression, so the same values, without per-point array access.
struct RowTransform {
    let r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>, t: SIMD3<Double>

    init(_ transform: RigidTransform) {
        r0 = transform.rows[0]; r1 = transform.rows[1]; r2 = transform.rows[2]; t = transform.translation
    }

    @inline(__always)
    func apply(_ p: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((r0 * p).sum(), (r1 * p).sum(), (r2 * p).sum()) + t
    }

    /// `apply(p).z` alone (the same operations on that component).
    @inline(__always)
    func applyZ(_ p: SIMD3<Double>) -> Double { (r2 * p).sum() + t.z }
}
