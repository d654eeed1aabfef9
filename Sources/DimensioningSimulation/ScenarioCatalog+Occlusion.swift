import Foundation
import Dimensioning

/// Whether a catalog scene's second box is there to be seen (all points in the world frame,
/// metres): a negative whose evidence the capture cannot hold is no negative.
extension ScenarioCatalog {
    /// The share (0...1) of a 7 x 7 grid over `box`'s top, 1 cm inside its edges, that the
    /// nominal first and last frames of `rig` both see: inside the image by `margin` pixels and
    /// not hidden behind `occluder` (the segment from the camera to the point passes through
    /// no part of it).
    static func visibleTopShare(of box: SimulatedBox, behind occluder: SimulatedBox, rig: CameraRig,
                                lookAt: SIMD3<Double>, margin: Double) -> Double {
        let inset = 0.01
        var grid: [SIMD3<Double>] = []
        for i in 0..<7 {
            for j in 0..<7 {
                let a = (Double(i) / 6 - 0.5) * max(0, box.length - 2 * inset)
                let b = (Double(j) / 6 - 0.5) * max(0, box.width - 2 * inset)
                grid.append(SIMD3(box.center.x, box.center.y, box.height) + box.lengthAxis * a + box.widthAxis * b)
            }
        }
        let eyes = [rig.nominalPosition(frame: 0, lookingAt: lookAt),
                    rig.nominalPosition(frame: rig.frameCount - 1, lookingAt: lookAt)]
        let seen = grid.filter { p in
            countVisible([p], rig: rig, lookAt: lookAt, margin: margin) == 1
                && eyes.allSatisfy { !segmentCrosses(occluder, from: $0, to: p) }
        }
        return Double(seen.count) / Double(grid.count)
    }

    /// Whether the segment from `start` to just short of `end` (the last millimetre is left
    /// out, so a point on a face touching the box is not hidden by it) passes through `box`:
    /// the renderer's own tracer (`ParcelTracer`) hits it that near along the ray.
    static func segmentCrosses(_ box: SimulatedBox, from start: SIMD3<Double>, to end: SIMD3<Double>) -> Bool {
        let span = end - start
        let length = (span * span).sum().squareRoot()
        guard length > 0.001, let (t, _) = ParcelTracer(box, origin: start).intersect(span / length) else { return false }
        return t < length - 0.001
    }
}
