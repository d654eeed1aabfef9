/// Collects depth samples of many frames into the reference camera's pixel grid and fuses
/// each pixel robustly (see `fuseFrames`). Internal to the fusion stage.
///
/// Samples are kept as flat columns (reference pixel, reference-camera x y z as `Float`,
/// confidence, source pixel) in buffers sized once for the whole capture; `fuse` groups them
/// by pixel with a stable counting sort (frame order, then scan order, as they were added), so
/// the weighted sums run in the same order whatever the layout.
struct SampleBinner: ~Copyable {
    private let pixelCount: Int
    private let capacity: Int
    private(set) var count = 0
    private let pixel: UnsafeMutablePointer<Int32>
    private let x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>, z: UnsafeMutablePointer<Float>
    private let confidence: UnsafeMutablePointer<UInt8>
    private let source: UnsafeMutablePointer<UInt32>
    /// Index of each added frame's first sample.
    private(set) var frameStart: [Int] = []

    /// `capacity`: an upper bound on the samples (frames x pixels per frame).
    init(pixelCount: Int, capacity: Int) {
        self.pixelCount = pixelCount
        self.capacity = capacity
        pixel = .allocate(capacity: capacity)
        x = .allocate(capacity: capacity); y = .allocate(capacity: capacity); z = .allocate(capacity: capacity)
        confidence = .allocate(capacity: capacity)
        source = .allocate(capacity: capacity)
    }

    deinit {
        pixel.deallocate(); x.deallocate(); y.deallocate(); z.deallocate()
        confidence.deallocate(); source.deallocate()
    }

    /// Adds one frame's usable pixels: in range, confident enough, projecting into the
    /// reference image (nearest pixel, halves rounded away from zero as `rounded()` does).
    mutating func addFrame(_ frame: DepthFrame, referenceFromFrame: RigidTransform,
                           referenceIntrinsics r: CameraIntrinsics, parameters: FusionParameters) {
        frameStart.append(count)
        let k = frame.intrinsics, width = frame.width, height = frame.height
        precondition(count + width * height <= capacity && width * height <= Int(UInt32.max))
        // (u - cx) / fx per column and (v - cy) / fy per row: `CameraIntrinsics.unproject`'s
        // factors, computed once (the same operations, so the same values).
        let columnFactor = (0..<width).map { (Double($0) - k.cx) / k.fx }
        let rowFactor = (0..<height).map { (Double($0) - k.cy) / k.fy }
        let minDepth = parameters.minimumDepth, maxDepth = parameters.maximumDepth
        let minConfidence = parameters.minimumConfidence
        let maxU = Double(r.width) - 0.5, maxV = Double(r.height) - 0.5
        let transform = RowTransform(referenceFromFrame)
        var n = count
        frame.depth.withUnsafeBufferPointer { depths in
            withConfidence(frame.confidence) { confidences in
            columnFactor.withUnsafeBufferPointer { columnFactor in
                for v in 0..<height {
                    let rowOffset = v * width, fy = rowFactor[v]
                    for u in 0..<width {
                        let index = rowOffset + u
                        let depth = depths[index]
                        let d = Double(depth)
                        guard depth.isFinite, d >= minDepth, d <= maxDepth else { continue }
                        let c = confidences?[index] ?? 2
                        guard c >= minConfidence else { continue }
                        let p = transform.apply(SIMD3(columnFactor[u] * d, fy * d, d))
                        // `CameraIntrinsics.project`, then the nearest pixel inside the image:
                        // round(pu) in 0..<width  <=>  -0.5 < pu < width - 0.5.
                        guard p.z > 1e-6 else { continue }
                        let pu = r.fx * p.x / p.z + r.cx, pv = r.fy * p.y / p.z + r.cy
                        guard pu > -0.5, pu < maxU, pv > -0.5, pv < maxV else { continue }
                        let iu = roundHalfAway(pu), iv = roundHalfAway(pv)
                        pixel[n] = Int32(iv * r.width + iu)
                        x[n] = Float(p.x); y[n] = Float(p.y); z[n] = Float(p.z)
                        confidence[n] = c
                        source[n] = UInt32(index)
                        n += 1
                    }
                }
            }
            }
        }
        count = n
    }

    /// Robust per-pixel fusion: median depth (by selection), inlier band, weighted mean of the
    /// inlier 3-D samples. With `keepSources`, also returns every sample's frame and source
    /// pixel grouped by reference pixel (for `measureFrameAgreement`).
    func fuse(parameters: FusionParameters, minimumSupport: Int,
              keepSources: Bool) -> (pixels: [FusedPixel], sources: FrameSampleIndex?) {
        // Stable counting sort of the samples by pixel.
        var start = [Int32](repeating: 0, count: pixelCount + 1)
        for i in 0..<count { start[Int(pixel[i]) + 1] += 1 }
        var largest: Int32 = 0
        for i in 0..<pixelCount { largest = max(largest, start[i + 1]); start[i + 1] += start[i] }
        var order = [Int32](repeating: 0, count: count)
        var cursor = start
        for i in 0..<count {
            let p = Int(pixel[i])
            order[Int(cursor[p])] = Int32(i)
            cursor[p] += 1
        }
        let mediumWeight = Double(Float(parameters.mediumConfidenceWeight))
        var fused = [FusedPixel](repeating: FusedPixel(), count: pixelCount)
        var depths = [Float](repeating: 0, count: max(1, Int(largest)))
        let (x, y, z, confidence) = (x, y, z, confidence)
        depths.withUnsafeMutableBufferPointer { depths in
        fused.withUnsafeMutableBufferPointer { fused in
        order.withUnsafeBufferPointer { order in
        start.withUnsafeBufferPointer { start in
            for p in 0..<pixelCount {
                let lo = Int(start[p]), hi = Int(start[p + 1])
                guard hi - lo >= minimumSupport else { continue }
                for j in lo..<hi { depths[j - lo] = z[Int(order[j])] }
                let median = Double(Statistics.select(UnsafeMutableBufferPointer(rebasing: depths[0..<(hi - lo)]),
                                                      (hi - lo) / 2))
                let band = parameters.inlierBand + parameters.inlierBandPerMetre * median
                var sum = SIMD3<Double>.zero, weight = 0.0, inliers = 0, high = 0
                for j in lo..<hi {
                    let s = Int(order[j])
                    guard abs(Double(z[s]) - median) <= band else { continue }
                    let w = confidence[s] >= 2 ? 1 : mediumWeight
                    sum += w * SIMD3(Double(x[s]), Double(y[s]), Double(z[s]))
                    weight += w
                    inliers += 1
                    if confidence[s] >= 2 { high += 1 }
                }
                guard inliers >= minimumSupport, weight > 0 else { continue }
                fused[p] = FusedPixel(valid: true, point: sum / weight, highShare: Float(high) / Float(inliers))
            }
        }
        }
        }
        }
        guard keepSources else { return (fused, nil) }
        var frames = [UInt16](repeating: 0, count: count), sources = [UInt32](repeating: 0, count: count)
        var f = 0
        var frameOfSample = [UInt16](repeating: 0, count: count)
        for i in 0..<count {
            while f + 1 < frameStart.count && frameStart[f + 1] <= i { f += 1 }
            frameOfSample[i] = UInt16(f)
        }
        for j in 0..<count {
            let s = Int(order[j])
            frames[j] = frameOfSample[s]
            sources[j] = source[s]
        }
        return (fused, FrameSampleIndex(sampleStart: start, frame: frames, sourcePixel: sources))
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
