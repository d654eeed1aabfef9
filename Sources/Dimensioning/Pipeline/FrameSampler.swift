import CPointCloud

/// The usable samples of a capture's frames for `SampleBinner.bin`, binned by the C kernels
/// `cpc_bin_frame` (pass 1) and `cpc_scatter_frame_rows` (pass 3), four pixels at a time in
/// double lanes (one AVX register when the CPU has AVX, else two SSE2 registers; both give the
/// same bits), with the unprojection factors `(u - cx) / fx` per column and
/// `(v - cy) / fy` per row computed once per frame.
///
/// A pixel (u, v) of depth d (metres, the frame's `Float` widened) is the camera-frame point
/// `(columnFactor[u] * d, rowFactor[v] * d, d)` (`CameraIntrinsics.unproject` with the factors),
/// moved into the reference camera by `RowTransform.apply` and projected to
/// `((fx * x) / z + cx, (fy * y) / z + cy)` (`CameraIntrinsics.project`), every operation in
/// `Double` in this order, so each lane is bit for bit the scalar value. It is binned into the
/// nearest reference pixel (halves away from zero, as `rounded()`) when its depth is finite and
/// within the sensor's `minimumDepth...maximumDepth`, its confidence at least `minimumConfidence`, z > 1e-6 m
/// and the projection strictly inside (-0.5, width - 0.5) x (-0.5, height - 0.5); its point is
/// stored rounded to `Float` (`BinnedSample`).
struct FrameSampler: @unchecked Sendable {
    let frames: [DepthFrame]
    let columnFactor: [[Double]], rowFactor: [[Double]]
    let sensor: SensorBehaviour
    /// The largest frame's pixel count.
    let pixelsPerFrame: Int
    /// Which kernels run (`cpc_fusion_isa`): the best the CPU has, or SSE2 only (tests).
    let isa: UInt32

    init(frames: [DepthFrame], sensor: SensorBehaviour, isa: cpc_fusion_isa = CPC_FUSION_ISA_BEST) {
        self.frames = frames
        self.isa = isa.rawValue
        self.sensor = sensor
        let factors = frames.map { $0.intrinsics.unprojectionFactors(width: $0.width, height: $0.height) }
        columnFactor = factors.map(\.columns)
        rowFactor = factors.map(\.rows)
        pixelsPerFrame = frames.map { $0.width * $0.height }.max() ?? 0
    }

    /// Pass 1 of `SampleBinner.bin` for frame `f`: each usable pixel gets its reference pixel
    /// (`row * width + column`) in `targets`, which it counts in `counts`; other entries of
    /// `targets` are left alone.
    func binFrame(_ f: Int, transform: RowTransform, reference r: CameraIntrinsics,
                  targets: UnsafeMutablePointer<Int32>, counts: UnsafeMutablePointer<Int32>) {
        var reference = cpc_bin_reference(
            fx: r.fx, fy: r.fy, cx: r.cx, cy: r.cy, width: UInt32(r.width), height: UInt32(r.height),
            min_depth: sensor.minimumDepth, max_depth: sensor.maximumDepth,
            min_confidence: sensor.minimumConfidence, isa: isa)
        withInput(f, transform: transform) { input in cpc_bin_frame(&input, &reference, targets, counts) }
    }

    /// Pass 3 of `SampleBinner.bin` for the rows `rows` of frame `f`: every pixel pass 1 binned
    /// (its `targets` entry, by then its slot, is not negative) stores its reference-camera point
    /// and its confidence in that slot; with `frame` and `source`, also `id` and the pixel
    /// (`row << 16 | column`).
    func scatterFrame(_ f: Int, rows: Range<Int>, transform: RowTransform, targets: UnsafePointer<Int32>,
                      samples: SharedPointer<BinnedSample>, id: UInt16,
                      frame frameOut: SharedPointer<UInt16>?, source: SharedPointer<UInt32>?) {
        let rows = rows.clamped(to: 0..<frames[f].height)
        guard !rows.isEmpty else { return }
        UnsafeMutableRawPointer(samples.base).withMemoryRebound(to: Float.self, capacity: 1) { floats in
            withInput(f, transform: transform) { input in
                cpc_scatter_frame_rows(&input, UInt32(rows.lowerBound), UInt32(rows.upperBound), targets, floats, id,
                                       frameOut?.base, source?.base)
            }
        }
    }

    /// The C kernels' description of frame `f`, valid inside `body`.
    @inline(__always)
    private func withInput(_ f: Int, transform m: RowTransform, _ body: (inout cpc_bin_frame_input) -> Void) {
        let frame = frames[f]
        frame.depth.withUnsafeBufferPointer { depths in
        withConfidenceValues(frame.confidence) { confidences in
        columnFactor[f].withUnsafeBufferPointer { columnFactor in
        rowFactor[f].withUnsafeBufferPointer { rowFactor in
            guard let depths = depths.baseAddress, let columnFactor = columnFactor.baseAddress,
                  let rowFactor = rowFactor.baseAddress else { return }
            var input = cpc_bin_frame_input(
                depth: depths, confidence: confidences?.baseAddress, column_factor: columnFactor,
                row_factor: rowFactor, width: UInt32(frame.width), height: UInt32(frame.height),
                r: (m.r0.x, m.r0.y, m.r0.z, m.r1.x, m.r1.y, m.r1.z, m.r2.x, m.r2.y, m.r2.z),
                t: (m.t.x, m.t.y, m.t.z), isa: isa)
            body(&input)
        }
        }
        }
        }
    }
}

@inline(__always)
private func withConfidenceValues<R>(_ values: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
    guard let values else { return body(nil) }
    return values.withUnsafeBufferPointer { body($0) }
}
