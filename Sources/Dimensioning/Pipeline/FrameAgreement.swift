/// How much the individual frames agree about the box (metres): the standard deviation of each
/// dimension when it is re-measured on every frame alone, against the fused segmentation.
public struct FrameAgreement: Sendable, Equatable, Codable {
    /// Standard deviation of length, width and height across frames, metres.
    public var lengthSpread: Double
    public var widthSpread: Double
    public var heightSpread: Double
    /// Frames that had enough points to be measured on their own.
    public var framesMeasured: Int

    public var maximumSpread: Double { max(lengthSpread, widthSpread, heightSpread) }
}

/// Re-measures the box on each frame alone, using the fused result's segmentation: a frame's
/// samples that fall on top-face pixels and lie on the top plane (within 1 cm) give that
/// frame's top height (median) and its extents along the cuboid's axes (0.5-99.5 % quantiles).
/// Per-frame extents are eroded by edge pixels alike in every frame, so their *spread* measures
/// agreement even though their values are not the measurement. Returns nil for a single frame
/// or a single cloud: there is nothing to compare.
///
/// Only the top pixels' samples are visited (`FusedScene.frameSamples`, grouped by pixel, each
/// recomputed in the world frame exactly as fusion placed it); medians and quantiles are order
/// statistics found by selection, so the order samples are visited in does not matter.
public func measureFrameAgreement(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit,
                                  cuboid: CuboidFit) -> FrameAgreement? {
    guard scene.frameCount > 1, let samples = scene.frameSamples, let fusedPixels = scene.pixelIndex else { return nil }
    let frame = box.floorFrame
    // The top pixels' samples, by frame.
    var sources = [[UInt32]](repeating: [], count: scene.frameCount)
    var seen = [Bool](repeating: false, count: scene.gridWidth * scene.gridHeight)
    for i in top.inlierIndices {
        let pixel = Int(fusedPixels[i])
        guard !seen[pixel] else { continue }
        seen[pixel] = true
        for j in samples.samples(ofPixel: pixel) { sources[samples.frame(j)].append(samples.sourcePixel(j)) }
    }
    // Each frame is measured on its own; frames are split over the cores and their results
    // gathered in frame order (the same numbers whatever the split).
    var perFrame = [SIMD3<Double>?](repeating: nil, count: scene.frameCount)
    perFrame.withUnsafeMutableBufferPointer { results in
        let results = SharedPointer(results.baseAddress!)
        ParallelChunks.forEach(ParallelChunks.ranges(scene.frameCount)) { _, range in
            var topHeights: [Double] = [], alongA: [Double] = [], alongB: [Double] = []
            for f in range where sources[f].count >= 20 {
                topHeights.removeAll(keepingCapacity: true)
                alongA.removeAll(keepingCapacity: true)
                alongB.removeAll(keepingCapacity: true)
                samples.forEachWorldPoint(frame: f, sources: sources[f]) { world in
                    let q = frame.local(world)
                    guard abs(q.z - top.height) <= 0.01 else { return }
                    let local = cuboid.footprint.local(SIMD2(q.x, q.y))
                    topHeights.append(q.z)
                    alongA.append(local.x)
                    alongB.append(local.y)
                }
                guard topHeights.count >= 20 else { continue }
                let h = topHeights.withUnsafeMutableBufferPointer { Statistics.quantile(selecting: $0, 0.5)! }
                let (a0, a1) = alongA.withUnsafeMutableBufferPointer {
                    (Statistics.quantile(selecting: $0, 0.005)!, Statistics.quantile(selecting: $0, 0.995)!)
                }
                let (b0, b1) = alongB.withUnsafeMutableBufferPointer {
                    (Statistics.quantile(selecting: $0, 0.005)!, Statistics.quantile(selecting: $0, 0.995)!)
                }
                results[f] = SIMD3(a1 - a0, b1 - b0, h)
            }
        }
    }
    let measured = perFrame.compactMap { $0 }
    let lengths = measured.map(\.x), widths = measured.map(\.y), heights = measured.map(\.z)
    guard heights.count >= 2 else { return nil }
    let sd = { (v: [Double]) in Statistics.standardDeviation(v) ?? 0 }
    return FrameAgreement(lengthSpread: sd(lengths), widthSpread: sd(widths),
                          heightSpread: sd(heights), framesMeasured: heights.count)
}
