/// An oriented rectangle in a plane: centre, unit axis directions and half extents (metres).
/// `axisA` is the direction of the longer side (`halfA >= halfB` after `normalized()`).
public struct Rectangle2D: Sendable, Equatable, Codable {
    public var center: SIMD2<Double>
    public var axisA: SIMD2<Double>
    public var halfA: Double
    public var halfB: Double

    public init(center: SIMD2<Double>, axisA: SIMD2<Double>, halfA: Double, halfB: Double) {
        self.center = center
        self.axisA = axisA / length(axisA)
        self.halfA = halfA
        self.halfB = halfB
    }

    /// The perpendicular axis, counter-clockwise from `axisA`.
    public var axisB: SIMD2<Double> { SIMD2(-axisA.y, axisA.x) }
    public var area: Double { 4 * halfA * halfB }
    /// The longer side's length (same unit as `halfA`).
    public var longerSide: Double { 2 * max(halfA, halfB) }

    /// Side `k` in the order +A, −A, +B, −B: its outward normal, the direction along it, how
    /// far it stands from the centre and half its length (same unit as `halfA`).
    public func side(_ k: Int) -> (normal: SIMD2<Double>, along: SIMD2<Double>, distance: Double, halfLength: Double) {
        k < 2 ? (k == 0 ? axisA : -axisA, axisB, halfA, halfB) : (k == 2 ? axisB : -axisB, axisA, halfB, halfA)
    }

    /// The same rectangle with `axisA` along the longer side.
    public func normalized() -> Rectangle2D {
        halfA >= halfB ? self : Rectangle2D(center: center, axisA: axisB, halfA: halfB, halfB: halfA)
    }

    /// Per-side values (+A, −A, +B, −B) after `normalized()` swapped the axes: the new `axisA`
    /// is the old `axisB`, and the new `axisB`, counter-clockwise from it, the old −`axisA`. So
    /// the new +A side is the old +B, −A the old −B, +B the old −A and −B the old +A.
    public static func swappedSides<T>(_ sides: [T]) -> [T] {
        precondition(sides.count == 4, "four sides: +A, -A, +B, -B")
        return [sides[2], sides[3], sides[1], sides[0]]
    }

    /// Coordinates of `p` along (axisA, axisB) relative to the centre.
    @inline(__always)
    public func local(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let d = p - center
        return SIMD2(dot(d, axisA), dot(d, axisB))
    }

    /// The four corners, counter-clockwise.
    public var corners: [SIMD2<Double>] {
        let a = axisA * halfA, b = axisB * halfB
        return [center - a - b, center + a - b, center + a + b, center - a + b]
    }

    /// The rectangle with each side moved `distance` metres inward (half extents never below 0).
    public func inset(by distance: Double) -> Rectangle2D {
        Rectangle2D(center: center, axisA: axisA, halfA: max(0, halfA - distance), halfB: max(0, halfB - distance))
    }

    /// How far (metres) `p` lies outside the rectangle along the farther of its two axes:
    /// negative inside, 0 on a side. `contains(p, margin: m)` is this being at most `m`.
    public func distanceOutside(_ p: SIMD2<Double>) -> Double {
        let q = local(p)
        return max(abs(q.x) - halfA, abs(q.y) - halfB)
    }

    /// The side `p` lies beside, in `side(_:)`'s order (+A, −A, +B, −B): the one along whose
    /// axis it is farther out (inside, the nearest side).
    public func sideIndex(beside p: SIMD2<Double>) -> Int {
        let q = local(p)
        return abs(q.x) - halfA >= abs(q.y) - halfB ? (q.x >= 0 ? 0 : 1) : (q.y >= 0 ? 2 : 3)
    }

    /// How far (metres) `p` lies from the rectangle: 0 inside, the distance to the nearest side
    /// beside a side, to the nearest corner beside a corner (a rectangle with rounded corners
    /// grown by this much holds `p`).
    public func distance(to p: SIMD2<Double>) -> Double {
        let q = local(p)
        return length(pointwiseMax(SIMD2(abs(q.x) - halfA, abs(q.y) - halfB), SIMD2<Double>(repeating: 0)))
    }

    /// True when `p` lies inside (or within `margin` metres outside) the rectangle.
    public func contains(_ p: SIMD2<Double>, margin: Double = 0) -> Bool {
        let q = local(p)
        return abs(q.x) <= halfA + margin && abs(q.y) <= halfB + margin
    }
}
