/// Collects depth samples of many frames into the reference camera's pixel grid and fuses
/// each pixel robustly (see `fuseFrames`). Internal to the fusion stage.
///
/// Two passes over the frames bin the samples straight into per-pixel slots (a counting sort
/// without a sample list in between): the first projects every usable pixel of every frame and
/// records its reference pixel (counting each pixel's samples), the second stores each sample's
/// reference-camera point (`Float`, as fusion averages it), confidence, frame and source pixel in
/// its pixel's next slot. Within a pixel, samples are in frame order then scan order, as a stable
/// sort of the frames' samples would put them, so the weighted sums run in the same order.
///
/// Both passes split the frames into contiguous chunks and the fusion splits the pixels, run in
/// parallel (`ParallelChunks`). Each chunk of frames counts its own samples per pixel; the
/// slots of a pixel are handed out chunk after chunk, so the slot order, and hence every sum,
/// is the same whatever the number of chunks.
struct SampleBinner: ~Copyable {
    private let sampler: FrameSampler
    private let transforms: [RowTransform]
    private let reference: CameraIntrinsics
    private let parameters: FusionParameters
    private let pixelCount: Int
    /// Chunks each pass is split into (`ParallelChunks`); results do not depend on it.
    private let parallelism: Int
    /// Samples per reference pixel, then each pixel's first slot (`pixelCount + 1` entries).
    private var start: [Int32]
    /// The binned samples, pixel after pixel (freed with the binner). One record per sample
    /// keeps pass 2's scattered writes to one cache line each.
    private var slots: SharedPointer<BinnedSample>?

    init(frames: [DepthFrame], referenceFromFrame: [RigidTransform], reference: CameraIntrinsics,
         parameters: FusionParameters, parallelism: Int = ParallelChunks.defaultWidth) {
        self.parallelism = max(1, parallelism)
        precondition(frames.count <= Int(UInt16.max) + 1)
        precondition(frames.allSatisfy { $0.width <= 65536 && $0.height <= 65536 })
        sampler = FrameSampler(frames: frames, parameters: parameters)
        transforms = referenceFromFrame.map(RowTransform.init)
        self.reference = reference
        self.parameters = parameters
        pixelCount = reference.width * reference.height
        start = [Int32](repeating: 0, count: pixelCount + 1)
    }

    deinit { slots?.deallocate() }

    /// Both passes.
    mutating func bin() {
        let sampler = sampler, transforms = transforms, pixelCount = pixelCount
        let perFrame = sampler.pixelsPerFrame
        let chunks = ParallelChunks.ranges(sampler.frames.count, chunks: parallelism)
        let target = SharedPointer<Int32>.allocate(sampler.frames.count * perFrame, value: -1)
        let slots = SharedPointer<Int32>.allocate(chunks.count * pixelCount, value: 0)
        defer { target.deallocate(); slots.deallocate() }
        // Pass 1: the reference pixel of every usable frame pixel (in range, confident enough,
        // projecting into the reference image: nearest pixel, halves rounded away from zero as
        // `rounded()` does), -1 for the others; each chunk counts its samples per pixel.
        let r = reference
        ParallelChunks.forEach(chunks) { c, range in
            let counts = slots.base + c * pixelCount
            for f in range {
                sampler.project(frame: f, by: transforms[f], into: r, targets: target.base + f * perFrame, counts: counts)
            }
        }
        // Each pixel's first slot, and each chunk's first slot within it (chunks in order).
        var start = [Int32](repeating: 0, count: pixelCount + 1)
        var total: Int32 = 0
        for p in 0..<pixelCount {
            start[p] = total
            for c in chunks.indices {
                let n = slots[c * pixelCount + p]
                slots[c * pixelCount + p] = total
                total += n
            }
        }
        start[pixelCount] = total
        // Pass 2: each sample's slot, its pixel's next one with frames in order, replaces its
        // target (cheap: the cursors stay in cache).
        ParallelChunks.forEach(chunks) { c, range in
            let cursor = slots.base + c * pixelCount
            for f in range {
                let targets = target.base + f * perFrame
                for index in 0..<perFrame where targets[index] >= 0 {
                    let pixel = Int(targets[index])
                    targets[index] = cursor[pixel]
                    cursor[pixel] += 1
                }
            }
        }
        // Pass 3: the samples into their slots, a band of source rows of every frame at a time:
        // a band's samples land on a few reference rows, whose slots then stay in cache, where
        // frame after frame would scatter over all of them.
        let count = Int(total)
        let samples = SharedPointer<BinnedSample>.allocate(count)
        self.slots = samples
        let height = sampler.frames.map(\.height).max() ?? 0, frameCount = sampler.frames.count
        ParallelChunks.forEach(ParallelChunks.ranges(height, chunks: parallelism)) { _, rows in
            for bandStart in stride(from: rows.lowerBound, to: rows.upperBound, by: 8) {
                let band = bandStart..<min(bandStart + 8, rows.upperBound)
                for f in 0..<frameCount {
                    sampler.scatter(frame: f, rows: band, by: transforms[f], slots: target.base + f * perFrame, into: samples.base)
                }
            }
        }
        self.start = start
    }

    /// Robust per-pixel fusion: median depth (by selection), inlier band, weighted mean of the
    /// inlier 3-D samples. With `keepSources`, also hands over every sample's frame and source
    /// pixel grouped by reference pixel (for `measureFrameAgreement`).
    consuming func fuse(minimumSupport: Int, keepSources: Bool) -> (pixels: [FusedPixel], sources: FrameSampleIndex?) {
        var largest: Int32 = 1
        for p in 0..<pixelCount { largest = max(largest, start[p + 1] - start[p]) }
        let mediumWeight = Double(Float(parameters.mediumConfidenceWeight))
        let band0 = parameters.inlierBand, bandPerMetre = parameters.inlierBandPerMetre
        let fused = SharedPointer<FusedPixel>.allocate(pixelCount, value: FusedPixel())
        defer { fused.deallocate() }
        let chunks = ParallelChunks.ranges(pixelCount, chunks: parallelism)
        let scratch = SharedPointer<Float>.allocate(chunks.count * Int(largest), value: 0)
        defer { scratch.deallocate() }
        let total = Int(start[pixelCount])
        guard let samples = slots, total > 0 else { return ([FusedPixel](repeating: FusedPixel(), count: pixelCount), nil) }
        var frame = keepSources ? [UInt16](unsafeUninitializedCapacity: total) { $1 = total } : []
        var source = keepSources ? [UInt32](unsafeUninitializedCapacity: total) { $1 = total } : []
        frame.withUnsafeMutableBufferPointer { frameBuffer in
        source.withUnsafeMutableBufferPointer { sourceBuffer in
        // An empty array may still have a base address: only hand out pointers with room.
        let frame = keepSources ? frameBuffer.baseAddress.map(SharedPointer.init) : nil
        let source = keepSources ? sourceBuffer.baseAddress.map(SharedPointer.init) : nil
        start.withUnsafeBufferPointer { start in
            ParallelChunks.forEach(chunks) { c, pixels in
                let depths = scratch.base + c * Int(largest)
                for p in pixels {
                    let lo = Int(start[p]), hi = Int(start[p + 1])
                    if let frame, let source {
                        for j in lo..<hi { frame[j] = samples[j].frame; source[j] = samples[j].source }
                    }
                    guard hi - lo >= minimumSupport else { continue }
                    var nearest = samples[lo].z, farthest = nearest
                    for j in lo..<hi {
                        let z = samples[j].z
                        depths[j - lo] = z
                        nearest = min(nearest, z); farthest = max(farthest, z)
                    }
                    // When every sample lies within the band of the nearest one, all are inliers
                    // whatever the median is, and the selection is skipped. Exactly so: the
                    // difference of two Floats is exact in Double, the median m lies between them,
                    // and band(m) = band0 + bandPerMetre * m never falls below band(nearest)
                    // (rounding is monotonic, bandPerMetre >= 0).
                    let allInliers = bandPerMetre >= 0
                        && Double(farthest) - Double(nearest) <= band0 + bandPerMetre * Double(nearest)
                    var median = 0.0, band = Double.infinity
                    if !allInliers {
                        median = Double(Statistics.select(UnsafeMutableBufferPointer(start: depths, count: hi - lo),
                                                          (hi - lo) / 2))
                        band = band0 + bandPerMetre * median
                    }
                    var sum = SIMD3<Double>.zero, weight = 0.0, inliers = 0, high = 0
                    for j in lo..<hi {
                        let s = samples[j]
                        guard allInliers || abs(Double(s.z) - median) <= band else { continue }
                        let w = s.confidence >= 2 ? 1 : mediumWeight
                        sum += w * SIMD3(Double(s.x), Double(s.y), Double(s.z))
                        weight += w
                        inliers += 1
                        if s.confidence >= 2 { high += 1 }
                    }
                    guard inliers >= minimumSupport, weight > 0 else { continue }
                    fused[p] = FusedPixel(valid: true, point: sum / weight, highShare: Float(high) / Float(inliers))
                }
            }
        }
        }
        }
        let pixels = Array(UnsafeBufferPointer(start: fused.base, count: pixelCount))
        guard keepSources else { return (pixels, nil) }
        return (pixels, FrameSampleIndex(sampleStart: start, frame: frame, sourcePixel: source))
    }
}

/// One binned depth sample: its reference-camera point (metres, rounded to `Float` as fusion
/// averages it), the pixel of its own frame it came from (`row << 16 | column`), the frame
/// (0-based, fusion order) and its confidence.
struct BinnedSample {
    var x: Float, y: Float, z: Float
    var source: UInt32
    var frame: UInt16
    var confidence: UInt8
}

/// The usable samples of a capture's frames, with `CameraIntrinsics.unproject`'s factors
/// `(u - cx) / fx` per column and `(v - cy) / fy` per row computed once per frame.
struct FrameSampler: @unchecked Sendable {
    let frames: [DepthFrame]
    let columnFactor: [[Double]], rowFactor: [[Double]]
    let parameters: FusionParameters
    /// The largest frame's pixel count.
    let pixelsPerFrame: Int

    init(frames: [DepthFrame], parameters: FusionParameters) {
        self.frames = frames
        self.parameters = parameters
        columnFactor = frames.map { f in (0..<f.width).map { (Double($0) - f.intrinsics.cx) / f.intrinsics.fx } }
        rowFactor = frames.map { f in (0..<f.height).map { (Double($0) - f.intrinsics.cy) / f.intrinsics.fy } }
        pixelsPerFrame = frames.map { $0.width * $0.height }.max() ?? 0
    }
}

extension FrameSampler {
    /// Pass 1 of `SampleBinner.bin` for frame `f`: the reference pixel each usable pixel
    /// projects to (in range, confident enough, projecting into the reference image: nearest
    /// pixel, halves rounded away from zero as `rounded()` does) into `targets` (left alone,
    /// -1, for the others), counted in `counts`.
    func project(frame f: Int, by transform: RowTransform, into r: CameraIntrinsics,
                 targets: UnsafeMutablePointer<Int32>, counts: UnsafeMutablePointer<Int32>) {
        let minDepth = parameters.minimumDepth, maxDepth = parameters.maximumDepth
        let minConfidence = parameters.minimumConfidence
        let maxU = Double(r.width) - 0.5, maxV = Double(r.height) - 0.5
        forEachLaneBlock(f, rows: 0..<frames[f].height, transform: transform) { index, lanes, depth, d, px, py, pz, confidences in
            let pu = r.fx * px / pz + r.cx, pv = r.fy * py / pz + r.cy
            for l in 0..<lanes {
                let c = confidences?[index + l] ?? 2
                guard depth[l].isFinite, d[l] >= minDepth, d[l] <= maxDepth, c >= minConfidence,
                      pz[l] > 1e-6, pu[l] > -0.5, pu[l] < maxU, pv[l] > -0.5, pv[l] < maxV else { continue }
                let pixel = roundHalfAway(pv[l]) * r.width + roundHalfAway(pu[l])
                targets[index + l] = Int32(pixel)
                counts[pixel] += 1
            }
        }
    }

    /// Pass 3 of `SampleBinner.bin` for rows `rows` of frame `f`: each pixel that has a slot
    /// (`slots`, -1 for none) stores its sample there.
    func scatter(frame f: Int, rows: Range<Int>, by transform: RowTransform, slots: UnsafePointer<Int32>,
                 into samples: UnsafeMutablePointer<BinnedSample>) {
        let width = frames[f].width, id = UInt16(f)
        forEachLaneBlock(f, rows: rows, transform: transform) { index, lanes, _, _, px, py, pz, confidences in
            // Source pixel `row << 16 | column` of the block's first lane; lanes add their column.
            let first = UInt32(truncatingIfNeeded: (index / width) << 16 | (index % width))
            for l in 0..<lanes where slots[index + l] >= 0 {
                let i = index + l
                samples[Int(slots[i])] = BinnedSample(x: Float(px[l]), y: Float(py[l]), z: Float(pz[l]),
                                                      source: first + UInt32(l),
                                                      frame: id, confidence: confidences?[i] ?? 2)
            }
        }
    }

    /// Calls `body` for the pixels of `rows` of frame `f`, four at a time in `SIMD4<Double>`
    /// lanes: the first pixel's index, the number of lanes in the row (1...4), the depths, and
    /// each pixel's point moved to the reference camera. Each lane runs the scalar path's
    /// operations in the same order (`CameraIntrinsics.unproject` with the precomputed factors,
    /// then `RowTransform.apply` as `((r.x * q.x + r.y * q.y) + r.z * q.z) + t`, which is how
    /// `SIMD3.sum()` adds), so the same values. Lanes past the row's end hold depth 0; unusable
    /// depths are computed too, for the caller to skip.
    @inline(__always)
    private func forEachLaneBlock(_ f: Int, rows: Range<Int>, transform: RowTransform,
                                  _ body: (Int, Int, SIMD4<Float>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>,
                                           SIMD4<Double>, UnsafeBufferPointer<UInt8>?) -> Void) {
        let frame = frames[f], width = frame.width
        let (r0, r1, r2, t) = (transform.r0, transform.r1, transform.r2, transform.t)
        frame.depth.withUnsafeBufferPointer { depths in
        withConfidence(frame.confidence) { confidences in
        columnFactor[f].withUnsafeBufferPointer { columnFactor in
        rowFactor[f].withUnsafeBufferPointer { rowFactor in
            for v in rows.clamped(to: 0..<frame.height) {
                let row = v * width, rf = rowFactor[v]
                for u in stride(from: 0, to: width, by: 4) {
                    let lanes = min(4, width - u)
                    var depth = SIMD4<Float>(repeating: 0), cf = SIMD4<Double>(repeating: 0)
                    for l in 0..<lanes { depth[l] = depths[row + u + l]; cf[l] = columnFactor[u + l] }
                    let d = SIMD4<Double>(depth)
                    let qx = cf * d, qy = rf * d, qz = d
                    let px = ((r0.x * qx + r0.y * qy) + r0.z * qz) + t.x
                    let py = ((r1.x * qx + r1.y * qy) + r1.z * qz) + t.y
                    let pz = ((r2.x * qx + r2.y * qy) + r2.z * qz) + t.z
                    body(row + u, lanes, depth, d, px, py, pz, confidences)
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
}
