/// Collects depth samples of many frames into the reference camera's pixel grid and fuses
/// each pixel robustly (see `fuseFrames`). Internal to the fusion stage.
///
/// Two passes over the frames bin the samples straight into per-pixel slots (a counting sort
/// without a sample list in between): `locateFrame` projects every usable pixel of a frame and
/// records its reference pixel (counting the samples of each), `fillFrame` recomputes the same
/// reference-camera point (the same operations, so the same value) and stores it in its pixel's
/// next slot. Within a pixel, samples are in frame order then scan order, as a stable sort of
/// the frames' samples would put them, so the weighted sums run in the same order.
struct SampleBinner: ~Copyable {
    private let pixelCount: Int, pixelsPerFrame: Int
    /// Reference pixel of each frame pixel (frame-major), -1 when unusable.
    private let target: UnsafeMutablePointer<Int32>
    /// Samples per reference pixel, then (after `prepareSlots`) each pixel's first slot.
    private var start: [Int32]
    private var cursor: [Int32] = []
    private var x: [Float] = [], y: [Float] = [], z: [Float] = []
    private var confidence: [UInt8] = []
    private var frame: [UInt16] = [], source: [UInt32] = []
    private var frameCount = 0

    init(pixelCount: Int, frames: Int, pixelsPerFrame: Int) {
        precondition(frames <= Int(UInt16.max) + 1 && pixelsPerFrame <= Int(UInt32.max))
        self.pixelCount = pixelCount
        self.pixelsPerFrame = pixelsPerFrame
        target = .allocate(capacity: frames * pixelsPerFrame)
        start = [Int32](repeating: 0, count: pixelCount + 1)
    }

    deinit { target.deallocate() }

    /// Pass 1: the reference pixel of each of frame `f`'s usable pixels (in range, confident
    /// enough, projecting into the reference image: nearest pixel, halves rounded away from
    /// zero as `rounded()` does).
    mutating func locateFrame(_ f: Int, _ frame: DepthFrame, referenceFromFrame: RigidTransform,
                              referenceIntrinsics r: CameraIntrinsics, parameters: FusionParameters) {
        frameCount = max(frameCount, f + 1)
        let targets = target + f * pixelsPerFrame
        let maxU = Double(r.width) - 0.5, maxV = Double(r.height) - 0.5
        start.withUnsafeMutableBufferPointer { counts in
            Self.forEachSample(frame, referenceFromFrame: referenceFromFrame, parameters: parameters) { index, p, _ in
                targets[index] = -1
                // `CameraIntrinsics.project`, then the nearest pixel inside the image:
                // round(pu) in 0..<width  <=>  -0.5 < pu < width - 0.5.
                guard p.z > 1e-6 else { return }
                let pu = r.fx * p.x / p.z + r.cx, pv = r.fy * p.y / p.z + r.cy
                guard pu > -0.5, pu < maxU, pv > -0.5, pv < maxV else { return }
                let pixel = roundHalfAway(pv) * r.width + roundHalfAway(pu)
                targets[index] = Int32(pixel)
                counts[pixel + 1] += 1
            } unusable: { index in targets[index] = -1 }
        }
    }

    /// Between the passes: slot ranges from the counts.
    mutating func prepareSlots() {
        for i in 0..<pixelCount { start[i + 1] += start[i] }
        cursor = start
        let total = Int(start[pixelCount])
        x = [Float](repeating: 0, count: total); y = x; z = x
        confidence = [UInt8](repeating: 0, count: total)
        frame = [UInt16](repeating: 0, count: total)
        source = [UInt32](repeating: 0, count: total)
    }

    /// Pass 2: frame `f`'s samples into their pixels' slots (frames in the order of pass 1).
    mutating func fillFrame(_ f: Int, _ depthFrame: DepthFrame, referenceFromFrame: RigidTransform,
                            parameters: FusionParameters) {
        let targets = target + f * pixelsPerFrame
        let frameID = UInt16(f)
        cursor.withUnsafeMutableBufferPointer { cursor in
        x.withUnsafeMutableBufferPointer { x in
        y.withUnsafeMutableBufferPointer { y in
        z.withUnsafeMutableBufferPointer { z in
        confidence.withUnsafeMutableBufferPointer { confidence in
        frame.withUnsafeMutableBufferPointer { frame in
        source.withUnsafeMutableBufferPointer { source in
            Self.forEachSample(depthFrame, referenceFromFrame: referenceFromFrame, parameters: parameters) { index, p, c in
                let pixel = Int(targets[index])
                guard pixel >= 0 else { return }
                let slot = Int(cursor[pixel])
                cursor[pixel] += 1
                x[slot] = Float(p.x); y[slot] = Float(p.y); z[slot] = Float(p.z)
                confidence[slot] = c
                frame[slot] = frameID
                source[slot] = UInt32(index)
            } unusable: { _ in }
        }
        }
        }
        }
        }
        }
        }
    }

    /// Robust per-pixel fusion: median depth (by selection), inlier band, weighted mean of the
    /// inlier 3-D samples. With `keepSources`, also hands over every sample's frame and source
    /// pixel grouped by reference pixel (for `measureFrameAgreement`).
    consuming func fuse(parameters: FusionParameters, minimumSupport: Int,
                        keepSources: Bool) -> (pixels: [FusedPixel], sources: FrameSampleIndex?) {
        var largest: Int32 = 1
        for p in 0..<pixelCount { largest = max(largest, start[p + 1] - start[p]) }
        let mediumWeight = Double(Float(parameters.mediumConfidenceWeight))
        let band0 = parameters.inlierBand, bandPerMetre = parameters.inlierBandPerMetre
        var fused = [FusedPixel](repeating: FusedPixel(), count: pixelCount)
        var depths = [Float](repeating: 0, count: Int(largest))
        depths.withUnsafeMutableBufferPointer { depths in
        fused.withUnsafeMutableBufferPointer { fused in
        start.withUnsafeBufferPointer { start in
        x.withUnsafeBufferPointer { x in
        y.withUnsafeBufferPointer { y in
        z.withUnsafeBufferPointer { z in
        confidence.withUnsafeBufferPointer { confidence in
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
                    let w = confidence[j] >= 2 ? 1 : mediumWeight
                    sum += w * SIMD3(Double(x[j]), Double(y[j]), Double(z[j]))
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

    /// Calls `body` with the index, reference-camera point and confidence of each of the
    /// frame's pixels with a finite depth in range and at least `minimumConfidence`, in scan
    /// order; `unusable` with the others. The point is `referenceFromFrame` applied to
    /// `CameraIntrinsics.unproject` (its factors `(u - cx) / fx`, `(v - cy) / fy` computed once
    /// per column and row: the same operations, so the same values).
    @inline(__always)
    private static func forEachSample(_ frame: DepthFrame, referenceFromFrame: RigidTransform, parameters: FusionParameters,
                               _ body: (Int, SIMD3<Double>, UInt8) -> Void, unusable: (Int) -> Void) {
        let k = frame.intrinsics, width = frame.width, height = frame.height
        let columnFactor = (0..<width).map { (Double($0) - k.cx) / k.fx }
        let minDepth = parameters.minimumDepth, maxDepth = parameters.maximumDepth
        let minConfidence = parameters.minimumConfidence
        let transform = RowTransform(referenceFromFrame)
        frame.depth.withUnsafeBufferPointer { depths in
        withConfidence(frame.confidence) { confidences in
        columnFactor.withUnsafeBufferPointer { columnFactor in
            for v in 0..<height {
                let rowOffset = v * width, rowFactor = (Double(v) - k.cy) / k.fy
                for u in 0..<width {
                    let index = rowOffset + u
                    let depth = depths[index]
                    let d = Double(depth)
                    let c = confidences?[index] ?? 2
                    guard depth.isFinite, d >= minDepth, d <= maxDepth, c >= minConfidence else {
                        unusable(index); continue
                    }
                    body(index, transform.apply(SIMD3(columnFactor[u] * d, rowFactor * d, d)), c)
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
}
