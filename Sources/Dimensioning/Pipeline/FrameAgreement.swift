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
public func measureFrameAgreement(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit,
                                  cuboid: CuboidFit) -> FrameAgreement? {
    guard scene.frameCount > 1, !scene.framePointsInWorld.isEmpty, let fusedPixels = scene.pixelIndex else { return nil }
    var isTop = [Bool](repeating: false, count: scene.gridWidth * scene.gridHeight)
    for i in top.inlierIndices { isTop[Int(fusedPixels[i])] = true }
    let frame = box.floorFrame
    var lengths: [Double] = [], widths: [Double] = [], heights: [Double] = []
    var topHeights: [Double] = [], alongA: [Double] = [], alongB: [Double] = []
    for (points, pixels) in zip(scene.framePointsInWorld, scene.framePixelIndex) {
        topHeights.removeAll(keepingCapacity: true)
        alongA.removeAll(keepingCapacity: true)
        alongB.removeAll(keepingCapacity: true)
        for k in 0..<points.count where isTop[Int(pixels[k])] {
            let q = frame.local(points[k])
            guard abs(q.z - top.height) <= 0.01 else { continue }
            let local = cuboid.footprint.local(SIMD2(q.x, q.y))
            topHeights.append(q.z)
            alongA.append(local.x)
            alongB.append(local.y)
        }
        guard topHeights.count >= 20, let h = Statistics.median(topHeights),
              let a0 = Statistics.quantile(alongA, 0.005), let a1 = Statistics.quantile(alongA, 0.995),
              let b0 = Statistics.quantile(alongB, 0.005), let b1 = Statistics.quantile(alongB, 0.995) else { continue }
        heights.append(h)
        lengths.append(a1 - a0)
        widths.append(b1 - b0)
    }
    guard heights.count >= 2 else { return nil }
    let sd = { (v: [Double]) in Statistics.standardDeviation(v) ?? 0 }
    return FrameAgreement(lengthSpread: sd(lengths), widthSpread: sd(widths),
                          heightSpread: sd(heights), framesMeasured: heights.count)
}
