/// How much the individual frames agree about the box (metres): the max-min spread of each
/// dimension when it is re-measured on every frame alone, against the fused segmentation.
public struct FrameAgreement: Sendable, Equatable, Codable {
    /// Spread of length, width and height across frames, metres.
    public var lengthSpread: Double
    public var widthSpread: Double
    public var heightSpread: Double
    /// Frames that had enough points to be measured on their own.
    public var framesMeasured: Int

    public var maximumSpread: Double { max(lengthSpread, widthSpread, heightSpread) }
}

/// Re-measures the box on each frame alone, using the fused result's segmentation: a frame's
/// samples binned into top-face pixels give that frame's top height (median) and its extents
/// along the cuboid's axes (0.5-99.5 % quantiles of top and side samples). Returns nil for a
/// single frame or a single cloud: there is nothing to compare.
public func measureFrameAgreement(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit,
                                  cuboid: CuboidFit) -> FrameAgreement? {
    guard scene.frameCount > 1, !scene.framePointsInWorld.isEmpty, let fusedPixels = scene.pixelIndex else { return nil }
    let pixelCount = scene.gridWidth * scene.gridHeight
    // 1 = top face, 2 = rest of the box.
    var role = [UInt8](repeating: 0, count: pixelCount)
    for i in box.pointIndices { role[Int(fusedPixels[i])] = 2 }
    for i in top.inlierIndices { role[Int(fusedPixels[i])] = 1 }
    let frame = box.floorFrame
    var lengths: [Double] = [], widths: [Double] = [], heights: [Double] = []
    for (points, pixels) in zip(scene.framePointsInWorld, scene.framePixelIndex) {
        var topHeights: [Double] = [], alongA: [Double] = [], alongB: [Double] = []
        for k in 0..<points.count {
            let r = role[Int(pixels[k])]
            guard r != 0 else { continue }
            let q = frame.local(points[k])
            let local = cuboid.footprint.local(SIMD2(q.x, q.y))
            if r == 1 { topHeights.append(q.z) }
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
    let spread = { (v: [Double]) in v.max()! - v.min()! }
    return FrameAgreement(lengthSpread: spread(lengths), widthSpread: spread(widths),
                          heightSpread: spread(heights), framesMeasured: heights.count)
}
