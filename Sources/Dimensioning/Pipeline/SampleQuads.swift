/// Four neighbouring pixels of one frame row at a time, for the binning passes of
/// `SampleBinner.bin`: the camera-frame point of each (`CameraIntrinsics.unproject` with the
/// precomputed factors), moved into the reference camera (`RowTransform.apply`) and, for pass 1,
/// projected into the reference image (`CameraIntrinsics.project`), in `SIMD4<Double>` lanes.
///
/// Every lane goes through the very operations, in the very order, of the scalar expressions it
/// replaces (`columnFactor * d`, `rowFactor * d`, `((r.x * q.x + r.y * q.y) + r.z * q.z) + t`,
/// which is `(r * q).sum() + t`, then `fx * x / z + cx`), and IEEE arithmetic is lane by lane,
/// so each lane's value is bit for bit the scalar one: the vector form only does the arithmetic
/// of four pixels per instruction. Lanes past the row's end carry a NaN depth and are never usable.
struct SampleQuad {
    /// Depth of each lane (metres, from the frame's `Float`).
    var depth: SIMD4<Double>
    /// The lanes' points in the reference camera (metres).
    var x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>

    /// The quad of pixels `u..<u+4` of the row whose first sample is `depths[rowStart]`, with
    /// `rowFactor` that row's `(v - cy) / fy`; `width` bounds the row (lanes at or past it get a
    /// NaN depth and a zero column factor).
    @inline(__always)
    init(depths: UnsafePointer<Float>, columnFactor: UnsafePointer<Double>, rowStart: Int, u: Int, width: Int,
         rowFactor: Double, transform m: RowTransform) {
        let d: SIMD4<Double>, columns: SIMD4<Double>
        if u + 4 <= width {
            d = SIMD4<Double>(UnsafeRawPointer(depths + rowStart + u).loadUnaligned(as: SIMD4<Float>.self))
            columns = UnsafeRawPointer(columnFactor + u).loadUnaligned(as: SIMD4<Double>.self)
        } else {
            var dd = SIMD4<Double>(repeating: .nan), cc = SIMD4<Double>.zero
            for k in 0..<(width - u) {
                dd[k] = Double(depths[rowStart + u + k])
                cc[k] = columnFactor[u + k]
            }
            d = dd; columns = cc
        }
        depth = d
        let qx = columns * d, qy = rowFactor * d
        x = ((m.r0.x * qx + m.r0.y * qy) + m.r0.z * d) + m.t.x
        y = ((m.r1.x * qx + m.r1.y * qy) + m.r1.z * d) + m.t.y
        z = ((m.r2.x * qx + m.r2.y * qy) + m.r2.z * d) + m.t.z
    }

    /// Lanes whose depth is finite and within `minimumDepth...maximumDepth` (metres): the depth
    /// checks of pass 1 (`binFrame`; the confidence is checked per lane).
    @inline(__always)
    func depthUsable(minimumDepth: Double, maximumDepth: Double) -> SIMDMask<SIMD4<Int64>> {
        let finite = (depth .< .infinity) .& (depth .> -.infinity)
        return finite .& (depth .>= minimumDepth) .& (depth .<= maximumDepth)
    }

    /// The lanes' projections into the reference image (pixels, `CameraIntrinsics.project`
    /// without its z check).
    @inline(__always)
    func projected(_ r: CameraIntrinsics) -> (u: SIMD4<Double>, v: SIMD4<Double>) {
        ((r.fx * x) / z + r.cx, (r.fy * y) / z + r.cy)
    }
}

extension FrameSampler {
    /// Pass 1 of `SampleBinner.bin` for frame `f`: each usable pixel (finite depth in range,
    /// confidence at least `minimumConfidence`, in front of the reference camera, projecting
    /// into the reference image) gets its reference pixel (nearest, halves away from zero) in
    /// `targets`, which it counts in `counts`; other entries of `targets` are left alone.
    @inline(__always)
    func binFrame(_ f: Int, transform: RowTransform, reference r: CameraIntrinsics,
                  targets: UnsafeMutablePointer<Int32>, counts: UnsafeMutablePointer<Int32>) {
        let frame = frames[f], width = frame.width, height = frame.height
        let minDepth = parameters.minimumDepth, maxDepth = parameters.maximumDepth
        let minConfidence = parameters.minimumConfidence
        let maxU = Double(r.width) - 0.5, maxV = Double(r.height) - 0.5
        frame.depth.withUnsafeBufferPointer { depths in
        withConfidenceValues(frame.confidence) { confidences in
        columnFactor[f].withUnsafeBufferPointer { columnFactor in
        rowFactor[f].withUnsafeBufferPointer { rowFactor in
            guard let depths = depths.baseAddress, let columnFactor = columnFactor.baseAddress else { return }
            let confidences = confidences?.baseAddress, referenceWidth = Int64(r.width)
            for v in 0..<height {
                let rowStart = v * width
                for u in stride(from: 0, to: width, by: 4) {
                    let quad = SampleQuad(depths: depths, columnFactor: columnFactor, rowStart: rowStart, u: u,
                                          width: width, rowFactor: rowFactor[v], transform: transform)
                    let (pu, pv) = quad.projected(r)
                    let inImage = (pu .> -0.5) .& (pu .< maxU) .& (pv .> -0.5) .& (pv .< maxV)
                    let usable = quad.depthUsable(minimumDepth: minDepth, maximumDepth: maxDepth)
                        .& (quad.z .> 1e-6) .& inImage
                    guard any(usable) else { continue }
                    let pixels = roundHalfAway(pv) &* referenceWidth &+ roundHalfAway(pu)
                    // Lane by lane with constant lane numbers (no vector spilled to be indexed).
                    @inline(__always) func lane(_ k: Int) {
                        guard usable[k] else { return }
                        let index = rowStart + u + k
                        if let confidences, confidences[index] < minConfidence { return }
                        let pixel = Int(pixels[k])
                        targets[index] = Int32(truncatingIfNeeded: pixel)
                        counts[pixel] &+= 1
                    }
                    lane(0); lane(1); lane(2); lane(3)
                }
            }
        }
        }
        }
        }
    }

    /// Pass 3 of `SampleBinner.bin` for the rows `rows` of frame `f`: every pixel pass 1 binned
    /// (its `targets` entry, by then its slot, is not negative) stores its reference-camera
    /// point, rounded to `Float`, and its confidence in that slot; with `frame` and `source`,
    /// also `id` and the pixel (`row << 16 | column`).
    @inline(__always)
    func scatterFrame(_ f: Int, rows: Range<Int>, transform: RowTransform, targets: UnsafePointer<Int32>,
                      samples: SharedPointer<BinnedSample>, id: UInt16,
                      frame frameOut: SharedPointer<UInt16>?, source: SharedPointer<UInt32>?) {
        let frame = frames[f], width = frame.width, height = frame.height
        frame.depth.withUnsafeBufferPointer { depths in
        withConfidenceValues(frame.confidence) { confidences in
        columnFactor[f].withUnsafeBufferPointer { columnFactor in
        rowFactor[f].withUnsafeBufferPointer { rowFactor in
            guard let depths = depths.baseAddress, let columnFactor = columnFactor.baseAddress else { return }
            let confidences = confidences?.baseAddress
            for v in rows.clamped(to: 0..<height) {
                let rowStart = v * width
                for u in stride(from: 0, to: width, by: 4) {
                    let slots: SIMD4<Int32>
                    if u + 4 <= width {
                        slots = UnsafeRawPointer(targets + rowStart + u).loadUnaligned(as: SIMD4<Int32>.self)
                    } else {
                        var partial = SIMD4<Int32>(repeating: -1)
                        for k in 0..<(width - u) { partial[k] = targets[rowStart + u + k] }
                        slots = partial
                    }
                    guard any(slots .>= 0) else { continue }
                    let quad = SampleQuad(depths: depths, columnFactor: columnFactor, rowStart: rowStart, u: u,
                                          width: width, rowFactor: rowFactor[v], transform: transform)
                    let x = SIMD4<Float>(quad.x), y = SIMD4<Float>(quad.y), z = SIMD4<Float>(quad.z)
                    @inline(__always) func lane(_ k: Int) {
                        let slot = Int(slots[k])
                        guard slot >= 0 else { return }
                        let index = rowStart + u + k
                        samples[slot] = BinnedSample(x: x[k], y: y[k], z: z[k], high: (confidences?[index] ?? 2) >= 2)
                        if let frameOut, let source {
                            frameOut[slot] = id
                            source[slot] = UInt32(truncatingIfNeeded: v << 16 | (u + k))
                        }
                    }
                    lane(0); lane(1); lane(2); lane(3)
                }
            }
        }
        }
        }
        }
    }
}

/// `roundHalfAway` of each lane, for lanes in -0.5 < x < 2^51 (others give unspecified values,
/// without trapping): the truncation is the floor of max(x, 0), found exactly by rounding
/// through 2^52 and stepping down when that went up; the fraction x - t is exact, and the
/// integer is read from the bits of t + 2^52.
@inline(__always)
func roundHalfAway(_ x: SIMD4<Double>) -> SIMD4<Int64> {
    let magic = SIMD4<Double>(repeating: 0x1p52)
    let positive = x.replacing(with: 0, where: x .< 0)
    let nearest = (positive + magic) - magic
    let truncated = nearest.replacing(with: nearest - 1, where: nearest .> positive)
    let rounded = truncated.replacing(with: truncated + 1, where: x - truncated .>= 0.5)
    return unsafeBitCast(rounded + magic, to: SIMD4<Int64>.self) &- unsafeBitCast(magic, to: SIMD4<Int64>.self)
}

@inline(__always)
private func withConfidenceValues<R>(_ values: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
    guard let values else { return body(nil) }
    return values.withUnsafeBufferPointer { body($0) }
}
