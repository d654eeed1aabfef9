import Dimensioning
import Foundation

/// Decides whether a frame of a fixed-camera sequence moved against the first frame (internal;
/// `CloudFolderReader`, `DepthImageFolderReader`). A frame that moved is left out, not fused.
enum FrameMotion {
    /// Aligns every frame of a still-camera sequence to the first (`FrameRegistration`) and
    /// gives each its pose in the first frame's camera (`worldFromCamera`, the first's is the
    /// identity), so that fusion averages the same surface points even when the camera shook
    /// by a few millimetres. A frame that moved (more than 10 cm or 10°), or that its alignment
    /// does not explain (fewer than half its sampled pixels within 1 cm of the first frame's
    /// surface, or more than 1 cm RMS), is left out and named with the reason. A single frame
    /// keeps `worldFromCamera = nil`.
    static func alignToFirst(_ frames: [DepthFrame], names: [String]) -> (frames: [DepthFrame], dropped: [String]) {
        guard frames.count > 1 else { return (frames, []) }
        var kept = [frames[0]]
        kept[0].worldFromCamera = .identity
        var dropped: [String] = []
        for i in 1..<frames.count {
            let alignment = FrameRegistration.align(frames[i], to: frames[0])
            if alignment.translation > 0.10 || alignment.rotationDegrees > 10 {
                dropped.append(String(format: "%@: moved %.0f mm and %.1f° from the first frame", names[i],
                                      alignment.translation * 1000, alignment.rotationDegrees))
            } else if alignment.inlierShare < 0.5 || alignment.rms > 0.01 {
                dropped.append(String(format: "%@: does not match the first frame (%.0f %% of its pixels on the first frame's surfaces)",
                                      names[i], alignment.inlierShare * 100))
            } else {
                var frame = frames[i]
                frame.worldFromCamera = alignment.referenceFromFrame
                kept.append(frame)
            }
        }
        if kept.count == 1 { kept[0].worldFromCamera = nil }
        return (kept, dropped)
    }

    /// Why unorganized cloud `cloud` moved against `reference` (metres, same frame), or nil:
    /// fewer than 60 % of its points fall in a 2 cm voxel (or a neighbour of one) the reference occupies.
    static func movedCloud(_ cloud: PointCloud, from reference: PointCloud) -> String? {
        guard !cloud.isEmpty, !reference.isEmpty else { return nil }
        func key(_ p: SIMD3<Double>) -> SIMD3<Int32> {
            SIMD3(gridCell(p.x, size: 0.02), gridCell(p.y, size: 0.02), gridCell(p.z, size: 0.02))
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
