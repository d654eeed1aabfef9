import Foundation

extension LiveFrameAnalyzer {
    /// The floor along `up`: the lowest peak of the height histogram that holds
    /// `minimumFloorShare` of the points and has at most `maximumShareBelow` of them more than
    /// `belowTolerance` under it. Returns the floor or why there is none.
    func findFloor(up: SIMD3<Double>, validCount: Int) -> (LiveFloor?, String?) {
        var heights: [Double] = []
        heights.reserveCapacity(validCount)
        for i in 0..<points.count where valid[i] { heights.append((points[i] * up).sum()) }
        var low = Double.infinity, high = -Double.infinity
        for h in heights { low = min(low, h); high = max(high, h) }
        let bin = max(parameters.floorBin, (high - low) / 4000, 1e-4)
        let binCount = Int((high - low) / bin) + 1
        var counts = [Int](repeating: 0, count: binCount + 2)
        for h in heights { counts[Int((h - low) / bin) + 1] += 1 }
        let needed = parameters.minimumFloorShare * Double(heights.count)
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
            for h in heights where h < height - parameters.belowTolerance { below += 1 }
            let belowShare = Double(below) / Double(heights.count)
            let share = Double(inWindow) / Double(heights.count)
            if belowShare <= parameters.maximumShareBelow {
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
}
