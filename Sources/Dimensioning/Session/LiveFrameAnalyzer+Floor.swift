import Foundation

extension LiveFrameAnalyzer {
    /// The floor along `up`: the lowest peak of the height histogram that holds the pipeline's
    /// `floor.minimumInlierShare` of the points and has at most `floor.maximumShareBelow` of them
    /// more than `floor.belowTolerance` under it, or, with more under it, carries something
    /// standing on it (`carriesAnObject`, as `fitFloor` judges a desk seen through a narrow
    /// view). `intrinsics` and `stride` give each analysed point's footprint. Returns the floor or
    /// why there is none.
    func findFloor(up: SIMD3<Double>, validCount: Int, intrinsics: CameraIntrinsics, stride: Int) -> (LiveFloor?, String?) {
        var heights: [Double] = []
        heights.reserveCapacity(validCount)
        for i in 0..<points.count where valid[i] { heights.append((points[i] * up).sum()) }
        var low = Double.infinity, high = -Double.infinity
        for h in heights { low = min(low, h); high = max(high, h) }
        let bin = max(floorParameters.voxelSize, (high - low) / 4000, 1e-4)
        let binCount = Int((high - low) / bin) + 1
        var counts = [Int](repeating: 0, count: binCount + 2)
        for h in heights { counts[Int((h - low) / bin) + 1] += 1 }
        let needed = floorParameters.minimumInlierShare * Double(heights.count)
        // Peaks of the 3-bin window sum, lowest first.
        var best: (share: Double, below: Double)?
        for b in 1...binCount {
            let window = counts[b - 1] + counts[b] + counts[b + 1]
            guard Double(window) >= needed else { continue }
            let previous = b >= 2 ? counts[b - 2] + counts[b - 1] + counts[b] : 0
            let next = b + 2 < counts.count ? counts[b] + counts[b + 1] + counts[b + 2] : 0
            guard window >= previous, window > next else { continue }
            // Mean height of the points in the window.
            let lower = low + Double(b - 2) * bin, upper = low + Double(b + 1) * bin
            var sum = 0.0, inWindow = 0, below = 0
            for h in heights where h >= lower && h < upper { sum += h; inWindow += 1 }
            guard inWindow > 0 else { continue }
            let height = sum / Double(inWindow)
            for h in heights where h < height - floorParameters.belowTolerance { below += 1 }
            let belowShare = Double(below) / Double(heights.count)
            let share = Double(inWindow) / Double(heights.count)
            if belowShare <= floorParameters.maximumShareBelow
                || carriesAnObject(up: up, height: height, window: lower..<upper, intrinsics: intrinsics, stride: stride) {
                return (LiveFloor(up: up, height: height, share: share), nil)
            }
            if best == nil || share > best!.share { best = (share, belowShare) }
        }
        if let best {
            let percent = Int((best.below * 100).rounded())
            return (nil, "the largest horizontal plane has \(percent) % of the points below it, so it is not the floor (the box top?)")
        }
        return (nil, "no large horizontal plane in view")
    }

    /// Whether something stands on the plane at `height` along `up` (metres) whose points are the
    /// analysed points with heights in `window`: the analysed points `envelope.minimumHeight` to
    /// `envelope.maximumParcelSide` above it, over the minimum-area rectangle of its points seen
    /// along `up`, cover at least the top of the smallest measurable box (`minimumSide²`), each
    /// point counting its footprint on the image grid, `(stride · depth)² / (fx · fy)`. A box's
    /// own top carries nothing over itself; a desk seen through a narrow view, with the room below
    /// its edge, carries what stands on it (the offline floor's `carriesAnObject`; real desk
    /// frames, `Tests/Fixtures/real/posecnn-desk`).
    func carriesAnObject(up: SIMD3<Double>, height: Double, window: Range<Double>, intrinsics: CameraIntrinsics,
                         stride: Int) -> Bool {
        let plane = Plane(normal: up, offset: -height)
        let frame = FloorFrame(floor: plane)
        var onPlane: [SIMD2<Double>] = []
        for i in 0..<points.count where valid[i] && window.contains((points[i] * up).sum()) {
            let q = frame.local(points[i])
            onPlane.append(SIMD2(q.x, q.y))
        }
        guard onPlane.count >= 3, let extent = minimumAreaRectangle(points: onPlane) else { return false }
        let pixelArea = Double(stride * stride) / (intrinsics.fx * intrinsics.fy)
        return somethingStandsOn(extent, frame: frame, plane: plane, envelope: envelope, count: points.count,
                                 needed: envelope.minimumSide * envelope.minimumSide,
                                 point: { valid[$0] ? points[$0] : nil }, weight: { depths[$0] * depths[$0] * pixelArea })
    }
}
