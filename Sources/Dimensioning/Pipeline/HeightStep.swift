/// A step in the top's height: across a line through the footprint, the top on one side stands
/// higher than on the other, with the change made over a few centimetres. A box's lid is one
/// plane (flat, bulging or a little tilted, all smooth); two boxes of nearly one height standing
/// side by side have two, and the top-face RANSAC (inlier band `SensorBehaviour.inlierBand`, tilt up
/// to `topMaximumTiltDegrees`) may take them for one tilted plane, so the pair is fitted as
/// one long box. Together with `OutlineStep` (the same pair seen from above when their widths
/// differ) this tells a lid from two.
///
/// Lengths in metres, in the floor frame (heights above the floor).
struct HeightStep: Sendable, Equatable {
    /// The footprint axis the step is found along: 0 for A (its length), 1 for B.
    var axis: Int
    /// Where the step lies along that axis, from the footprint's centre, metres.
    var position: Double
    /// The higher side's median height minus the lower side's, metres.
    var height: Double
}

/// Looks for a step in the top's height (see `HeightStep`).
///
/// `points` are the top band's samples (floor frame: x, y on the floor, z the height) inside
/// `footprint`. Along each footprint axis, every multiple of a quarter `heightStepWindow` at least
/// `heightStepMinimumSide` from both ends is a candidate line. It is a step when
/// - the median heights of all samples on either side differ by at least `heightStepMinimum`
///   (the halves of a 0.9 m lid tilted by a degree differ by 7.9 mm; a bulging lid's differ
///   little), and
/// - so do the medians of the samples within `heightStepWindow` on either side of the line,
///   with the same sign (the change is sharp: a tilt over the same window is a tenth of it),
///
/// each median over at least `heightStepMinimumSamples` samples. Returns the largest such
/// step, or nil: the top is one plane.
func heightStep(_ points: [SIMD3<Double>], footprint: Rectangle2D, parameters: ShapeParameters) -> HeightStep? {
    var best: HeightStep?
    for axis in 0..<2 {
        let half = axis == 0 ? footprint.halfA : footprint.halfB
        let margin = parameters.heightStepMinimumSide
        guard half > margin else { continue }
        let samples = points.map { p -> (u: Double, z: Double) in
            let q = footprint.local(SIMD2(p.x, p.y))
            return (axis == 0 ? q.x : q.y, p.z)
        }.sorted { $0.u < $1.u }
        let us = samples.map(\.u)
        // Index of the first sample at or past `u` (binary search over the sorted positions).
        func firstIndex(atOrPast u: Double) -> Int {
            var low = 0, high = us.count
            while low < high {
                let middle = (low + high) / 2
                if us[middle] < u { low = middle + 1 } else { high = middle }
            }
            return low
        }
        func medianHeight(_ range: Range<Int>) -> Double? {
            range.count >= parameters.heightStepMinimumSamples ? Statistics.median(samples[range].map(\.z)) : nil
        }
        let slice = parameters.heightStepWindow / 4
        var line = ((-half + margin) / slice).rounded(.up) * slice
        while line <= half - margin {
            let split = firstIndex(atOrPast: line)
            let windowStart = firstIndex(atOrPast: line - parameters.heightStepWindow)
            let windowEnd = firstIndex(atOrPast: line + parameters.heightStepWindow)
            defer { line += slice }
            // The sharp change first: it rules out almost every line at the cost of two small medians.
            guard let nearBelow = medianHeight(windowStart..<split), let nearAbove = medianHeight(split..<windowEnd),
                  abs(nearAbove - nearBelow) >= parameters.heightStepMinimum,
                  let below = medianHeight(0..<split), let above = medianHeight(split..<samples.count)
            else { continue }
            let wide = above - below
            guard abs(wide) >= parameters.heightStepMinimum, (wide > 0) == (nearAbove > nearBelow),
                  abs(wide) > abs(best?.height ?? 0) else { continue }
            best = HeightStep(axis: axis, position: line, height: abs(wide))
        }
    }
    return best
}

/// The top band's samples (`TopFaceFit.bandIndices`) inside `footprint` shrunk by 1 cm (edge
/// bands and mixed pixels stay out), floor frame: x, y on the floor, z the height, metres.
func topBandInside(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, footprint: Rectangle2D) -> [SIMD3<Double>] {
    let interior = footprint.inset(by: 0.01)
    var inside: [SIMD3<Double>] = []
    for i in top.bandIndices {
        let q = box.floorFrame.local(scene.pointsInWorld[i])
        if interior.contains(SIMD2(q.x, q.y)) { inside.append(q) }
    }
    return inside
}
