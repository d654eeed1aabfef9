/// Decides whether a frame of a fixed-camera sequence moved against the first frame (internal;
/// `CloudFolderReader`, `DepthImageFolderReader`). A frame that moved is left out, not fused.
enum FrameMotion {
    /// Share of pixels allowed to change (see `movedDepth`).
    static let maximumChangedShare = 0.15

    /// Why depth frame `frame` moved against `reference` (same size), or nil when it did not:
    /// more than 15 % of the pixels with depth in both differ by more than 2 cm + 2 % of the
    /// depth, or fewer than a third of the reference's pixels still have a depth.
    static func movedDepth(_ frame: DepthFrame, from reference: DepthFrame) -> String? {
        var both = 0, changed = 0, referenceCount = 0
        for i in 0..<min(frame.depth.count, reference.depth.count) {
            let a = reference.depth[i], b = frame.depth[i]
            guard a > 0 else { continue }
            referenceCount += 1
            guard b > 0 else { continue }
            both += 1
            if abs(Double(a - b)) > 0.02 + 0.02 * Double(a) { changed += 1 }
        }
        if referenceCount > 0 && both * 3 < referenceCount {
            return "moved: only \(both * 100 / referenceCount) % of the first frame's pixels still have a depth"
        }
        guard both > 0 else { return nil }
        let share = Double(changed) / Double(both)
        guard share > maximumChangedShare else { return nil }
        return "moved: \(Int((share * 100).rounded())) % of the pixels changed depth by more than 2 cm from the first frame"
    }

    /// Why unorganized cloud `cloud` moved against `reference` (metres, same frame), or nil:
    /// fewer than 60 % of its points fall in a 2 cm voxel (or a neighbour of one) the reference occupies.
    static func movedCloud(_ cloud: PointCloud, from reference: PointCloud) -> String? {
        guard !cloud.isEmpty, !reference.isEmpty else { return nil }
        func key(_ p: SIMD3<Double>) -> SIMD3<Int32> {
            SIMD3(Int32(clamping: Int((p.x / 0.02).rounded(.down))), Int32(clamping: Int((p.y / 0.02).rounded(.down))),
                  Int32(clamping: Int((p.z / 0.02).rounded(.down))))
        }
        var occupied = Set<SIMD3<Int32>>()
        for i in 0..<reference.count { occupied.insert(key(reference[i])) }
        let step = max(1, cloud.count / 20_000)
        var inside = 0, total = 0
        for i in stride(from: 0, to: cloud.count, by: step) {
            total += 1
            let k = key(cloud[i])
            var hit = false
            for dx in -1...1 where !hit { for dy in -1...1 where !hit { for dz in -1...1 where !hit {
                hit = occupied.contains(k &+ SIMD3(Int32(dx), Int32(dy), Int32(dz)))
            } } }
            if hit { inside += 1 }
        }
        let share = Double(inside) / Double(total)
        guard share < 0.6 else { return nil }
        return "moved: only \(Int((share * 100).rounded())) % of its points lie where the first frame's are"
    }
}
