/// Collects depth samples of many frames into the reference camera's pixel grid and fuses
/// each pixel robustly (see `fuseFrames`). Internal to the fusion stage.
struct SampleBinner {
    private struct Sample {
        var pixel: Int32
        var x: Float, y: Float, z: Float
        var weight: Float
        var high: Bool
    }

    private let pixelCount: Int
    private var samples: [Sample] = []

    init(pixelCount: Int, expectedSamples: Int) {
        self.pixelCount = pixelCount
        samples.reserveCapacity(expectedSamples)
    }

    /// Adds one frame's usable pixels; returns them in the world frame with their reference
    /// pixel (for frame-to-frame agreement later).
    mutating func addFrame(_ frame: DepthFrame, referenceFromFrame: RigidTransform,
                           referenceIntrinsics: CameraIntrinsics, worldFromReference: RigidTransform,
                           parameters: FusionParameters) -> (PointCloud, [Int32]) {
        let k = frame.intrinsics, r = referenceIntrinsics
        let width = frame.width, height = frame.height
        var worldPoints = PointCloud()
        var pixels: [Int32] = []
        worldPoints.reserve(width * height)
        pixels.reserveCapacity(width * height)
        let minConfidence = parameters.minimumConfidence
        let mediumWeight = Float(parameters.mediumConfidenceWeight)
        for v in 0..<height {
            for u in 0..<width {
                let index = v * width + u
                let depth = frame.depth[index]
                guard depth.isFinite, Double(depth) >= parameters.minimumDepth,
                      Double(depth) <= parameters.maximumDepth else { continue }
                let confidence = frame.confidence?[index] ?? 2
                guard confidence >= minConfidence else { continue }
                let inFrame = k.unproject(u: Double(u), v: Double(v), depth: Double(depth))
                let inReference = referenceFromFrame.apply(inFrame)
                guard let pixel = r.project(inReference) else { continue }
                let pu = Int(pixel.x.rounded()), pv = Int(pixel.y.rounded())
                guard pu >= 0, pv >= 0, pu < r.width, pv < r.height else { continue }
                let referencePixel = Int32(pv * r.width + pu)
                samples.append(Sample(pixel: referencePixel, x: Float(inReference.x), y: Float(inReference.y),
                                      z: Float(inReference.z), weight: confidence >= 2 ? 1 : mediumWeight,
                                      high: confidence >= 2))
                worldPoints.append(worldFromReference.apply(inReference))
                pixels.append(referencePixel)
            }
        }
        return (worldPoints, pixels)
    }

    /// Robust per-pixel fusion: median depth, inlier band, weighted mean of inlier 3-D samples.
    func fuse(parameters: FusionParameters, minimumSupport: Int) -> [FusedPixel] {
        // Counting sort of the samples by pixel.
        var start = [Int](repeating: 0, count: pixelCount + 1)
        for s in samples { start[Int(s.pixel) + 1] += 1 }
        for i in 0..<pixelCount { start[i + 1] += start[i] }
        var cursor = start
        var order = [Int](repeating: 0, count: samples.count)
        for (i, s) in samples.enumerated() {
            order[cursor[Int(s.pixel)]] = i
            cursor[Int(s.pixel)] += 1
        }
        var fused = [FusedPixel](repeating: FusedPixel(), count: pixelCount)
        var depths: [Float] = []
        for pixel in 0..<pixelCount {
            let lo = start[pixel], hi = start[pixel + 1]
            guard hi - lo >= minimumSupport else { continue }
            depths.removeAll(keepingCapacity: true)
            for j in lo..<hi { depths.append(samples[order[j]].z) }
            depths.sort()
            let median = Double(depths[depths.count / 2])
            let band = parameters.inlierBand + parameters.inlierBandPerMetre * median
            var sum = SIMD3<Double>.zero, weight = 0.0, count = 0, high = 0
            for j in lo..<hi {
                let s = samples[order[j]]
                guard abs(Double(s.z) - median) <= band else { continue }
                let w = Double(s.weight)
                sum += w * SIMD3(Double(s.x), Double(s.y), Double(s.z))
                weight += w
                count += 1
                if s.high { high += 1 }
            }
            guard count >= minimumSupport, weight > 0 else { continue }
            fused[pixel] = FusedPixel(valid: true, point: sum / weight, highShare: Float(high) / Float(count))
        }
        return fused
    }
}
