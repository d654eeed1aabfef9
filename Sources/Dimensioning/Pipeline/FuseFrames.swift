/// Fuses a capture's depth frames into one cloud in the world frame.
///
/// Algorithm (per-pixel robust averaging in a reference view):
/// 1. The reference camera is the middle frame. With poses, every frame's pixels are lifted to
///    3-D (`CameraIntrinsics.unproject`), moved into the reference camera through
///    `cameraFromWorld(ref) * worldFromCamera(frame)` and binned by the reference pixel they
///    project to. Without poses the camera is taken as still.
/// 2. Pixels below `minimumConfidence` or outside the depth range are dropped; samples are
///    weighted 1 (high confidence) or `mediumConfidenceWeight` (medium).
/// 3. Per reference pixel, samples farther than the inlier band from the median depth are
///    dropped (moving flying pixels, multipath), and the weighted mean of the remaining 3-D
///    samples is kept when enough frames support it. Averaging 3-D points instead of depths
///    keeps points on the surface even though each sample lands a fraction of a pixel off.
/// 4. Flying pixels that remain at depth discontinuities (strictly between two neighbours
///    with large opposite jumps) are removed.
///
/// - Throws: `DimensioningError.noDepth` when nothing usable remains.
public func fuseFrames(_ capture: DepthCapture, parameters: FusionParameters = .init(),
                       sensor: SensorBehaviour = .shared) throws(DimensioningError) -> FusedScene {
    try fuseFrames(capture, parameters: parameters, sensor: sensor, parallelism: ParallelChunks.defaultWidth)
}

/// `fuseFrames` with the work split into `parallelism` chunks (the result does not depend on it).
func fuseFrames(_ capture: DepthCapture, parameters: FusionParameters, sensor: SensorBehaviour,
                parallelism: Int) throws(DimensioningError) -> FusedScene {
    if let cloud = capture.cloud {
        return try fuseSingleCloud(cloud, parameters: parameters, sensor: sensor)
    }
    guard !capture.frames.isEmpty else { throw .noDepth(reason: "the capture has no frames") }
    let frames = Array(capture.frames.suffix(max(1, parameters.maximumFrames)))
    let reference = capture.frames[capture.referenceFrameIndex(parameters)!]
    let width = reference.width, height = reference.height
    for (i, frame) in frames.enumerated() where frame.width != width || frame.height != height {
        throw .noDepth(reason: "frame \(i) is \(frame.width)x\(frame.height), the reference is \(width)x\(height)")
    }
    guard reference.intrinsics.isValid else { throw .noDepth(reason: "the reference frame's intrinsics are invalid") }
    // Samples are counted in Int32, frames numbered and source pixels packed in 16 bits
    // (`SampleBinner`); real captures (and `CaptureLimits`, `maximumFrames` by default) stay far
    // below all three.
    let samples = frames.count.multipliedReportingOverflow(by: width * height)
    guard frames.count <= 65_536, width <= 65_536, height <= 65_536, !samples.overflow,
          samples.partialValue < Int(Int32.max) else {
        throw .unsupported(feature: "fusing \(frames.count) frames of \(width)x\(height) (at most 65,536 frames, 65,536 pixels a side and 2^31 depth samples)")
    }
    let usePoses = frames.allSatisfy { $0.worldFromCamera != nil }
    let worldFromReference = usePoses ? reference.worldFromCamera! : .identity
    let referenceFromWorld = worldFromReference.inverse

    let referenceFromFrames = frames.map { frame in
        usePoses ? referenceFromWorld.composed(with: frame.worldFromCamera!) : .identity
    }
    var binner = SampleBinner(frames: frames, referenceFromFrame: referenceFromFrames,
                              reference: reference.intrinsics, parameters: parameters, sensor: sensor,
                              parallelism: parallelism)
    binner.bin(keepSources: frames.count > 1)
    let minimumSupport = max(1, Int((parameters.minimumSupport * Double(frames.count)).rounded(.up)))
    var (fused, sources) = binner.fuse(minimumSupport: minimumSupport)
    removeFlyingPixels(&fused, width: width, height: height, jumpPerMetre: sensor.jumpPerMetre)

    var points = PointCloud()
    var pixelIndex: [Int32] = []
    var highShare: [Float] = []
    points.reserve(fused.count)
    pixelIndex.reserveCapacity(fused.count)
    highShare.reserveCapacity(fused.count)
    for pixel in 0..<(width * height) where fused[pixel].valid {
        let p = worldFromReference.apply(fused[pixel].point)
        points.append(p)
        pixelIndex.append(Int32(pixel))
        highShare.append(fused[pixel].highShare)
    }
    guard points.count >= 3 else {
        throw .noDepth(reason: "no pixel has a usable depth in \(frames.count) frame(s)")
    }
    return FusedScene(pointsInWorld: points, pixelIndex: pixelIndex, highConfidenceShare: highShare,
                      gridWidth: width, gridHeight: height, intrinsics: reference.intrinsics,
                      worldFromReferenceCamera: worldFromReference,
                      // Poses a still-camera folder reader estimated (`capture.input` set) say nothing about gravity.
                      gravityInWorld: capture.input != nil ? capture.gravityInWorld
                          : (usePoses ? (capture.gravityInWorld ?? SIMD3(0, 0, -1)) : nil),
                      frameCount: frames.count,
                      frameSamples: sources.map {
                          FrameSamples(index: $0, frames: frames, referenceFromFrame: referenceFromFrames,
                                       worldFromReference: worldFromReference)
                      })
}

/// A fused reference pixel.
struct FusedPixel {
    var valid = false
    /// Reference-camera coordinates, metres.
    var point = SIMD3<Double>.zero
    var highShare: Float = 0
}

/// Drops pixels lying strictly between two neighbours (left/right or up/down) that jump
/// away from them in opposite directions by more than `jumpPerMetre * z`.
func removeFlyingPixels(_ pixels: inout [FusedPixel], width: Int, height: Int, jumpPerMetre: Double) {
    var flying: [Int] = []
    for y in 0..<height {
        for x in 0..<width {
            let i = y * width + x
            guard pixels[i].valid else { continue }
            let z = pixels[i].point.z
            let t = jumpPerMetre * z
            // Horizontal and vertical neighbour pairs that exist (image borders have only one).
            @inline(__always) func jumps(_ a: Int, _ b: Int) -> Bool {
                guard pixels[a].valid, pixels[b].valid else { return false }
                let da = pixels[a].point.z - z, db = pixels[b].point.z - z
                return (da > t && db < -t) || (da < -t && db > t)
            }
            if (x > 0 && x < width - 1 && jumps(i - 1, i + 1))
                || (y > 0 && y < height - 1 && jumps(i - width, i + width)) {
                flying.append(i)
            }
        }
    }
    for i in flying { pixels[i].valid = false }
}

extension DepthCapture {
    /// Index into `frames` of the frame `fuseFrames` looks from: the middle of the last
    /// `parameters.maximumFrames`. Its colour image is the scene's (`measureAllBoxes`'s seams).
    /// Nil for a cloud or a capture without frames.
    public func referenceFrameIndex(_ parameters: FusionParameters = .init()) -> Int? {
        guard cloud == nil, !frames.isEmpty else { return nil }
        let used = min(frames.count, max(1, parameters.maximumFrames))
        return frames.count - used + used / 2
    }
}
