import Foundation

/// Whether the top's outline follows the sides of its rectangle or the ellipse inscribed in
/// them: a box's lid against the end of a cylinder, a tub or a round tin.
///
/// A round top fills π/4 of its enclosing rectangle, too close to a lid that lost its sensor band
/// or a strip of data (real cartons fill 0.8-0.85 of theirs) for the fill to tell the two apart.
/// The outline can. Take the rectangle of the outline's four full levels (`SideOutline.full`)
/// and the ellipse inscribed in it. Along a side, at `v` from the ellipse's middle, the two
/// predict outlines that differ by `a·(1 - √(1 - (v/b)²))` (semi-axes `a` across the side and
/// `b` along it): nothing at the side's middle, the whole semi-axis at its ends. Each strip
/// where they differ by more than the side's pixel footprint votes for the model its outline lies
/// nearer. A lid's outline stays on its sides to the corners; a round top's falls away with
/// the ellipse. The vote needs no threshold on the shape, and strips the sensor cannot resolve
/// do not vote.
///
/// Lengths in metres, floor frame (seen from above).
struct OutlineRoundness: Sendable, Equatable {
    /// Strips (over the four sides) where the two models differ by more than a pixel footprint.
    var distinguishing: Int
    /// How many of those lie nearer the ellipse.
    var nearerEllipse: Int

    /// The outline is the ellipse's: most of at least three distinguishing strips lie nearer it.
    var isRound: Bool { distinguishing >= 3 && 2 * nearerEllipse > distinguishing }
}

/// One side of the top's outline: the top's samples on that half of the footprint binned into
/// strips `ShapeParameters.outlineStripWidth` wide along the side, leaving `cornerMargin` at each
/// corner. In each strip the outline is the second-outermost sample (one stray sample does not
/// move it).
struct SideOutline: Sendable, Equatable {
    /// The side (0...3: +A, -A, +B, -B of the footprint, as `CuboidFit.edges`).
    var side: Int
    /// Half the side's length between the corner margins, metres.
    var span: Double
    /// Each strip's outline: outward distance from the footprint's centre, metres (nil with
    /// fewer than two samples in the strip).
    var outline: [Double?]

    /// The side's full outline: the upper quartile of its strips' outlines (nil with none).
    var full: Double? { Statistics.quantile(outline.compactMap { $0 }, 0.75) }

    /// Each strip's outline, a strip with no samples counted as reaching only the centre (0):
    /// nothing of the top is seen there, as in a step.
    var outlineOrCentre: [Double] { outline.map { $0 ?? 0 } }

    /// The upper quartile of `outlineOrCentre` (nil with no strips): the full outline when empty
    /// strips count as stepped in.
    var fullOrCentre: Double? { Statistics.quantile(outlineOrCentre, 0.75) }

    /// The strip `k`'s extent along the side, metres from the footprint's centre.
    func stripExtent(_ k: Int) -> ClosedRange<Double> {
        let width = 2 * span / Double(outline.count)
        return (-span + Double(k) * width)...(-span + Double(k + 1) * width)
    }

    /// Where the floor-frame point `p` falls on this side: its outward distance from the centre
    /// (metres) and its strip, or nil when it lies on the other half or beyond a corner margin.
    static func place(_ p: SIMD2<Double>, side: Int, span: Double, strips: Int,
                      footprint: Rectangle2D) -> (u: Double, strip: Int)? {
        let alongA = side < 2, sign: Double = side % 2 == 0 ? 1 : -1
        let q = footprint.local(p)
        let u = sign * (alongA ? q.x : q.y), v = alongA ? q.y : q.x
        guard u >= 0, abs(v) < span else { return nil }
        return (u, min(strips - 1, Int((v + span) / (2 * span) * Double(strips))))
    }

    func place(_ p: SIMD2<Double>, footprint: Rectangle2D) -> (u: Double, strip: Int)? {
        Self.place(p, side: side, span: span, strips: outline.count, footprint: footprint)
    }
}

/// The outlines (`SideOutline`) of the four sides of `footprint` (floor frame, metres) drawn by
/// the top's samples `topPoints`; a side with fewer than three strips between its corner margins
/// is left out.
func sideOutlines(_ topPoints: [SIMD2<Double>], footprint: Rectangle2D, stripWidth: Double,
                  cornerMargin: Double) -> [SideOutline] {
    var sides: [SideOutline] = []
    for side in 0..<4 {
        let span = (side < 2 ? footprint.halfB : footprint.halfA) - cornerMargin
        let strips = Int((2 * span / stripWidth).rounded(.down))
        guard strips >= 3 else { continue }
        var outermost = [(first: Double, second: Double)](repeating: (-.infinity, -.infinity), count: strips)
        for p in topPoints {
            guard let (u, k) = SideOutline.place(p, side: side, span: span, strips: strips, footprint: footprint) else { continue }
            if u > outermost[k].first {
                outermost[k] = (u, outermost[k].first)
            } else if u > outermost[k].second {
                outermost[k].second = u
            }
        }
        sides.append(SideOutline(side: side, span: span, outline: outermost.map { $0.second.isFinite ? $0.second : nil }))
    }
    return sides
}

/// Votes the top's outline between its rectangle and the ellipse inscribed in it
/// (`OutlineRoundness`). The strips run to the corners (no corner margin: the corners are where
/// the two differ). `pixelFootprints[side]` (metres) is the sensor's resolution at each side.
/// Nil unless all four sides have an outline.
func outlineRoundness(_ topPoints: [SIMD2<Double>], footprint: Rectangle2D, pixelFootprints: [Double],
                      parameters: ShapeParameters) -> OutlineRoundness? {
    let sides = sideOutlines(topPoints, footprint: footprint, stripWidth: parameters.outlineStripWidth, cornerMargin: 0)
    let full = sides.compactMap(\.full)
    guard sides.count == 4, full.count == 4 else { return nil }
    // The outline's rectangle in footprint coordinates runs from -full[1] to full[0] along A and
    // from -full[3] to full[2] along B.
    let centre = SIMD2((full[0] - full[1]) / 2, (full[2] - full[3]) / 2)
    let semi = SIMD2((full[0] + full[1]) / 2, (full[2] + full[3]) / 2)
    guard semi.x > 0, semi.y > 0 else { return nil }
    var vote = OutlineRoundness(distinguishing: 0, nearerEllipse: 0)
    for side in sides {
        let sign: Double = side.side % 2 == 0 ? 1 : -1
        let (c, a, cAlong, b) = side.side < 2 ? (centre.x, semi.x, centre.y, semi.y) : (centre.y, semi.y, centre.x, semi.x)
        let resolution = side.side < pixelFootprints.count ? pixelFootprints[side.side] : 0
        let onRectangle = sign * c + a
        for (k, outline) in side.outline.enumerated() {
            guard let u = outline else { continue }
            // A strip's outline is its outermost sample: on the ellipse, at the strip's end
            // nearest the ellipse's middle.
            let extent = side.stripExtent(k)
            let lo = extent.lowerBound - cAlong, hi = extent.upperBound - cAlong
            let t = (lo <= 0 && hi >= 0 ? 0 : min(abs(lo), abs(hi))) / b
            let onEllipse = sign * c + a * (1 - min(1, t * t)).squareRoot()
            guard onRectangle - onEllipse > resolution else { continue }
            vote.distinguishing += 1
            if abs(onEllipse - u) < abs(onRectangle - u) { vote.nearerEllipse += 1 }
        }
    }
    return vote
}
