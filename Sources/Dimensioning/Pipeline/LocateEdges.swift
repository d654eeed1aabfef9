/// How one side of the footprint was located (see `locateEdge`).
public enum EdgeMethod: String, Sendable, Codable, Equatable {
    /// From the visible side face: the median position of its points.
    case sideFace = "side_face"
    /// From the silhouette: the boundary between rays that hit the top and rays that pass over it.
    case silhouette
    /// From the top face's outermost points plus half the point spacing (last resort).
    case topExtent = "top_extent"
}

/// What `locateEdge` needs about the scene, prepared once per box.
struct EdgeEvidence {
    /// Box points below the top and above the floor band, in rectangle coordinates.
    var sidePoints: [SIMD2<Double>]
    /// Top-face points in rectangle coordinates.
    var topPoints: [SIMD2<Double>]
    /// Rays from the reference camera through scene points, cut with the top plane, in
    /// rectangle coordinates, with how far (metres) below the top the point itself lies: about 0
    /// when the ray hits the top (foreground), clearly positive when it passed over the box.
    var rayCuts: [(position: SIMD2<Double>, drop: Double)]
    /// Points within this distance (metres) of the top plane are foreground.
    var foregroundBand: Double
    /// Camera position in rectangle coordinates (x, y) and its height above the top, metres.
    var camera: SIMD2<Double>
    var cameraAboveTop: Double
    /// Typical distance between neighbouring top-face samples, metres.
    var spacing: Double
}

/// Locates one side of the footprint, as a distance (metres) from the rectangle's centre along
/// the outward direction `sign * axis` (axis A when `alongA`).
///
/// - A side facing the camera with enough side-face points: their median position. A vertical
///   face projects onto its edge line, so this is free of sampling bias.
/// - Otherwise, when the camera is above the top: the silhouette. Each ray from the camera is
///   cut with the top plane; rays whose point lies on the top are foreground, rays whose point
///   lies well below the top (the floor behind the box) passed over the edge. In 2-cm strips
///   along the side, the edge is the middle of the gap between the outermost foreground cut and
///   the innermost background cut (the position that misclassifies fewest rays), and the side's
///   edge is the median over strips. Flying pixels (depths between top and floor) are in
///   neither class; because a depth sensor's mixed-pixel band straddles the edge, leaving them
///   out widens the gap on both sides alike and adds no bias. The cut positions depend on ray
///   directions only, not on the noisy depths.
/// - Last resort: the 99.8 % quantile of the top points plus half the sample spacing.
func locateEdge(alongA: Bool, sign: Double, rectangle: Rectangle2D, evidence: EdgeEvidence,
                parameters: BoxParameters) -> (position: Double, method: EdgeMethod) {
    let half = alongA ? rectangle.halfA : rectangle.halfB
    let otherHalf = alongA ? rectangle.halfB : rectangle.halfA
    let outward = { (q: SIMD2<Double>) -> Double in sign * (alongA ? q.x : q.y) }
    let across = { (q: SIMD2<Double>) -> Double in alongA ? q.y : q.x }
    let inner = max(otherHalf - 0.01, otherHalf * 0.5)

    let facesCamera = outward(evidence.camera) > half
    if facesCamera {
        let positions = evidence.sidePoints.filter {
            abs(outward($0) - half) <= parameters.sideBand && abs(across($0)) <= inner
        }.map(outward)
        if positions.count >= parameters.minimumSidePoints, let median = Statistics.median(positions) {
            return (median, .sideFace)
        }
    }
    if evidence.cameraAboveTop > 0.05 {
        let window = 0.04
        let stripWidth = 0.02
        let strips = max(1, Int((2 * inner / stripWidth).rounded(.down)))
        // Past a side facing the camera, rays meet its face just below the top: a real surface,
        // not mixed pixels, so only the foreground band separates the classes there.
        let backgroundDrop = facesCamera ? evidence.foregroundBand + 0.001 : parameters.silhouetteBackgroundDrop
        var buckets = [[(Double, Bool)]](repeating: [], count: strips)
        for cut in evidence.rayCuts {
            let foreground = abs(cut.drop) <= evidence.foregroundBand
            guard foreground || cut.drop >= backgroundDrop else { continue }
            let u = outward(cut.position), v = across(cut.position)
            guard abs(u - half) <= window, abs(v) <= inner else { continue }
            let strip = min(strips - 1, Int(((v + inner) / (2 * inner) * Double(strips)).rounded(.down)))
            buckets[strip].append((u, foreground))
        }
        // A strip counts when both classes meet across a gap of a few samples; a side where
        // most strips see nothing past the edge (a face at grazing incidence, dropped by the
        // sensor) has no silhouette to measure.
        var boundaries: [Double] = []
        for bucket in buckets {
            let foreground = bucket.filter { $0.1 }.map(\.0), background = bucket.filter { !$0.1 }.map(\.0)
            guard let outer = foreground.max(), let inner = background.min(),
                  var boundary = separatingBoundary(bucket) else { continue }
            if facesCamera {
                // Toward the camera the top runs into its own side face, seen at a grazing
                // angle: the gap beyond the last top sample is unseen side face, not a mixed-
                // pixel band, so the edge lies within a sample step and a half of that sample.
                boundary = min(boundary, outer + 1.5 * outerSampleStep(foreground))
            } else if inner - outer > parameters.silhouetteMaximumGapSamples
                        * max(evidence.spacing, outerRowStep(foreground)) {
                continue
            }
            boundaries.append(boundary)
        }
        if boundaries.count >= 3, 2 * boundaries.count >= strips, let median = Statistics.median(boundaries) {
            return (median, .silhouette)
        }
    }
    let positions = evidence.topPoints.map(outward)
    return ((Statistics.quantile(positions, 0.998) ?? half) + 0.5 * evidence.spacing, .topExtent)
}

/// The threshold `e` that best separates foreground values (below) from background values
/// (above): thresholds minimising the count of foreground values above `e` plus background
/// values below it form one or more runs; the result is the mean of the first and last run's
/// midpoints, so that ties do not favour either side. Nil unless both classes are present.
func separatingBoundary(_ values: [(Double, Bool)]) -> Double? {
    guard values.contains(where: { $0.1 }), values.contains(where: { !$0.1 }) else { return nil }
    let sorted = values.sorted { $0.0 < $1.0 }
    // errors[i]: misclassified values for a threshold just above sorted[i] (i = -1: below all).
    var errors = sorted.filter { $0.1 }.count
    var profile: [Int] = []
    profile.reserveCapacity(sorted.count)
    for value in sorted {
        errors += value.1 ? -1 : 1
        profile.append(errors)
    }
    let best = min(profile.min()!, sorted.filter { $0.1 }.count)
    func midpoint(after i: Int) -> Double {
        i < 0 ? sorted[0].0 : (i + 1 < sorted.count ? (sorted[i].0 + sorted[i + 1].0) / 2 : sorted[i].0)
    }
    let first = profile.firstIndex(of: best) ?? -1
    let last = profile.lastIndex(of: best) ?? -1
    return (midpoint(after: first) + midpoint(after: last)) / 2
}

/// Median distance between consecutive values among the outermost eight of `values` (the
/// sample step of a surface toward its edge), or 0 with fewer than two values.
func outerSampleStep(_ values: [Double]) -> Double {
    let outer = values.sorted().suffix(8)
    guard outer.count >= 2 else { return 0 }
    return Statistics.median(zip(outer.dropFirst(), outer).map { $0 - $1 }) ?? 0
}

/// The step between sample rows of a surface toward its edge: the largest gap between
/// consecutive values among the outermost twelve of `values` (within a strip, samples of one
/// image row lie close together and rows are a step apart); 0 with fewer than two values.
func outerRowStep(_ values: [Double]) -> Double {
    let outer = values.sorted().suffix(12)
    guard outer.count >= 2 else { return 0 }
    return zip(outer.dropFirst(), outer).map { $0 - $1 }.max() ?? 0
}
