import CPointCloud

/// Collects depth samples of many frames into the reference camera's pixel grid and fuses
/// each pixel robustly (see `fuseFrames`). Internal to the fusion stage.
///
/// Three passes bin the samples straight into per-pixel slots (a counting sort without a
/// sample list in between): the first projects every usable pixel of every frame and records
/// its reference pixel (counting each pixel's samples), the second gives each sample its slot
/// (its pixel's next one), the third stores each sample's reference-camera point (`Float`, as
/// fusion averages it; `FrameSampler`'s kernels) and confidence in its slot, and its frame and source pixel for
/// `FrameSampleIndex`. Within a pixel, samples are in frame order then scan order, as a stable
/// sort of the frames' samples would put them, so the weighted sums run in the same order.
///
/// The first two passes split the frames into contiguous chunks, the third the source rows,
/// and the fusion the pixels; the chunks run in parallel (`ParallelChunks`). Each chunk of
/// frames counts its own samples per pixel; the slots of a pixel are handed out chunk after
/// chunk, so the slot order, and hence every sum, is the same whatever the number of chunks.
struct SampleBinner: ~Copyable {
    private let sampler: FrameSampler
    private let transforms: [RowTransform]
    private let reference: CameraIntrinsics
    private let parameters: FusionParameters
    private let sensor: SensorBehaviour
    private let pixelCount: Int
    /// Chunks each pass is split into (`ParallelChunks`); results do not depend on it.
    private let parallelism: Int
    /// Samples per reference pixel, then each pixel's first slot (`pixelCount + 1` entries).
    private var start: [Int32]
    /// The binned samples, pixel after pixel (freed with the binner): 12 bytes a sample, the
    /// confidence in z's sign (`BinnedSample`), so 120 frames of 256x192 fit in 71 MB.
    private var slots: SharedPointer<BinnedSample>?
    /// Each slot's frame (0-based, fusion order) and source pixel (`row << 16 | column`), in
    /// slot order: what `FrameSampleIndex` keeps. Empty unless `bin(keepSources: true)`.
    private var frame: [UInt16] = [], source: [UInt32] = []

    init(frames: [DepthFrame], referenceFromFrame: [RigidTransform], reference: CameraIntrinsics,
         parameters: FusionParameters, sensor: SensorBehaviour, parallelism: Int = ParallelChunks.defaultWidth) {
        self.parallelism = max(1, parallelism)
        precondition(frames.count <= Int(UInt16.max) + 1)
        precondition(frames.allSatisfy { $0.width <= 65536 && $0.height <= 65536 })
        sampler = FrameSampler(frames: frames, sensor: sensor)
        transforms = referenceFromFrame.map(RowTransform.init)
        self.reference = reference
        self.parameters = parameters
        self.sensor = sensor
        pixelCount = reference.width * reference.height
        start = [Int32](repeating: 0, count: pixelCount + 1)
    }

    deinit { slots?.deallocate() }

    /// The binning passes; with `keepSources`, also each slot's frame and source pixel.
    mutating func bin(keepSources: Bool) {
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
                sampler.binFrame(f, transform: transforms[f], reference: r, targets: target.base + f * perFrame,
                                 counts: counts)
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
            for f in range { cpc_assign_slots(target.base + f * perFrame, perFrame, cursor) }
        }
        // Pass 3: the samples into their slots, a band of source rows of every frame at a time:
        // a band's samples land on a few reference rows, whose slots then stay in cache, where
        // frame after frame would scatter over all of them.
        let count = Int(total)
        let samples = SharedPointer<BinnedSample>.allocate(count)
        self.slots = samples
        // Every slot is written exactly once below.
        var frame = keepSources ? [UInt16](unsafeUninitializedCapacity: count) { $1 = count } : []
        var source = keepSources ? [UInt32](unsafeUninitializedCapacity: count) { $1 = count } : []
        let height = sampler.frames.map(\.height).max() ?? 0, frameCount = sampler.frames.count
        frame.withUnsafeMutableBufferPointer { frameBuffer in
        source.withUnsafeMutableBufferPointer { sourceBuffer in
            // An empty array may still have a base address: only hand out pointers with room.
            let frame = keepSources ? frameBuffer.baseAddress.map(SharedPointer.init) : nil
            let source = keepSources ? sourceBuffer.baseAddress.map(SharedPointer.init) : nil
            ParallelChunks.forEach(ParallelChunks.ranges(height, chunks: parallelism)) { _, rows in
                for bandStart in stride(from: rows.lowerBound, to: rows.upperBound, by: 8) {
                    let band = bandStart..<min(bandStart + 8, rows.upperBound)
                    for f in 0..<frameCount {
                        sampler.scatterFrame(f, rows: band, transform: transforms[f], targets: target.base + f * perFrame,
                                             samples: samples, id: UInt16(f), frame: frame, source: source)
                    }
                }
            }
        }
        }
        (self.frame, self.source) = (frame, source)
        self.start = start
    }

    /// Robust per-pixel fusion (`cpc_fuse_pixels`): median depth (by selection, skipped when
    /// every sample lies within the band of the nearest one), inlier band, weighted mean of the
    /// inlier 3-D samples, summed in `Double` in slot order. When `bin` kept them, also hands
    /// over every sample's frame and source pixel grouped by reference pixel (for
    /// `measureFrameAgreement`).
    consuming func fuse(minimumSupport: Int) -> (pixels: [FusedPixel], sources: FrameSampleIndex?) {
        var largest: Int32 = 1
        for p in 0..<pixelCount { largest = max(largest, start[p + 1] - start[p]) }
        let settings = cpc_fuse_parameters(
            minimum_support: Int64(minimumSupport), medium_weight: Double(Float(sensor.mediumConfidenceWeight)),
            band: sensor.inlierBand, band_per_metre: sensor.inlierBandPerMetre)
        let valid = SharedPointer<UInt8>.allocate(pixelCount, value: 0)
        let points = SharedPointer<Double>.allocate(3 * pixelCount, value: 0)
        let highShare = SharedPointer<Float>.allocate(pixelCount, value: 0)
        defer { valid.deallocate(); points.deallocate(); highShare.deallocate() }
        let chunks = ParallelChunks.ranges(pixelCount, chunks: parallelism)
        let scratch = SharedPointer<Float>.allocate(chunks.count * Int(largest), value: 0)
        defer { scratch.deallocate() }
        let total = Int(start[pixelCount])
        guard let samples = slots, total > 0 else { return ([FusedPixel](repeating: FusedPixel(), count: pixelCount), nil) }
        let floats = UnsafeRawPointer(samples.base).assumingMemoryBound(to: Float.self)
        start.withUnsafeBufferPointer { start in
            let start = SharedPointer(UnsafeMutablePointer(mutating: start.baseAddress!))
            ParallelChunks.forEach(chunks) { c, pixels in
                var settings = settings // each chunk's own copy (no shared inout access)
                cpc_fuse_pixels(floats, start.base, pixels.lowerBound, pixels.upperBound, &settings,
                                scratch.base + c * Int(largest), valid.base, points.base, highShare.base)
            }
        }
        let pixels = (0..<pixelCount).map { p in
            valid[p] == 0 ? FusedPixel()
                : FusedPixel(valid: true, point: SIMD3(points[3 * p], points[3 * p + 1], points[3 * p + 2]),
                             highShare: highShare[p])
        }
        guard !frame.isEmpty else { return (pixels, nil) }
        return (pixels, FrameSampleIndex(sampleStart: start, frame: frame, sourcePixel: source))
    }
}

/// One binned depth sample: its reference-camera point (metres, rounded to `Float` as fusion
/// averages it) and whether its confidence is high; 12 bytes. Binned samples lie in front of
/// the reference camera (z > 1e-6 m), so z's sign is free to carry the confidence: stored
/// negated for a medium-confidence sample (negation is exact: `depth` gives z back bit for bit).
struct BinnedSample {
    var x: Float, y: Float
    private var signedZ: Float

    init(x: Float, y: Float, z: Float, high: Bool) {
        self.x = x; self.y = y
        signedZ = high ? z : -z
    }

    /// z, metres (positive).
    @inline(__always) var depth: Float { abs(signedZ) }
    /// True for a high-confidence sample (2), false for a medium one (1).
    @inline(__always) var isHigh: Bool { signedZ > 0 }
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
