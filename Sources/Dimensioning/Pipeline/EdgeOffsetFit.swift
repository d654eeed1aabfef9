import Foundation

/// The least-squares fit of a sensor profile's edge offsets to reference boxes' residuals
/// (`calibrateProfile`).
///
/// Each row is one dimension of one reference: its residual `r` (metres, measured minus known
/// after the depth scale) and the summed pixel footprints (metres per pixel) of its sides that
/// carry the offset (`EdgeEstimate.carriesProfileOffset`), those facing away from the camera
/// (`a`) and those facing it (`f`), so that `r ≈ a·o + f·o_f` (offsets in pixels).
///
/// 1. **Pooled**: one offset for every side, `o = Σ(a+f)r / Σ(a+f)²`.
/// 2. **Split** (not when `pooledOnly`): `o` and `o_f` from the 2×2 normal equations, kept only
///    when at least two rows have facing sides, the two columns are not nearly collinear
///    (squared correlation under 0.95), and the facing offset differs from the other by more
///    than `significance` standard errors (ordinary least squares: residual variance `RSS/(m−2)` times
///    `(XᵀX)⁻¹`). A matcher spreads the top over the box's own side face less than over the
///    floor (the face's depth leaves the top's gradually), and a single offset would then
///    over-correct the sides facing the camera.
/// 3. An offset within `significance` standard errors of 0 is the references' scatter and is left at 0
///    (not when `pooledOnly`: one reference cannot show its scatter).
struct EdgeOffsetFit: Sendable, Equatable {
    /// One dimension of one reference.
    struct Row: Sendable, Equatable {
        /// Measured minus known, metres.
        var residual: Double
        /// Summed pixel footprints of the carrying sides facing away, metres per pixel.
        var away: Double
        /// Summed pixel footprints of the carrying sides facing the camera, metres per pixel.
        var facing: Double

        /// The two rows (length, width) of one reference: `residuals` (metres) and its four sides
        /// in record order (+length, −length, +width, −width), each with whether it carries the
        /// offset, whether it faces the camera, and its pixel footprint (metres).
        static func pair(residuals: [Double], sides: [(carries: Bool, facing: Bool, footprint: Double)]) -> [Row] {
            func footprints(_ range: Range<Int>, facing: Bool) -> Double {
                range.reduce(0) { $0 + (sides[$1].carries && sides[$1].facing == facing ? sides[$1].footprint : 0) }
            }
            return [0..<2, 2..<4].enumerated().map { d, range in
                Row(residual: residuals[d], away: footprints(range, facing: false), facing: footprints(range, facing: true))
            }
        }
    }

    /// The offset of every side (or of the sides facing away, when `facingOffset` is set), pixels.
    private(set) var offset = 0.0
    /// The sides facing the camera's own offset, pixels; nil: `offset`.
    private(set) var facingOffset: Double?
    /// Standard errors a calibrated correction must stand out by (here and for the depth
    /// scale, `calibrateProfile`): three, so that one calibration in several hundred, not one in
    /// twenty, corrects a sensor for its references' scatter alone.
    static let significance = 3.0

    /// `significance` standard errors of `offset`, pixels; nil when the rows cannot show it.
    private(set) var offsetUncertainty: Double?

    /// How far one reference's spread strays from the fit, pixels: the residuals' root mean
    /// square over the footprint sums' (`√(RSS / Σ(a+f)² · m / (m − p))`, the fit's own
    /// weighting, `p` offsets fitted); nil when the rows cannot show it. A side's calibrated correction is good to about this
    /// many of its pixel footprints (`EdgeEstimate.calibrationDoubt`).
    private(set) var scatterPixels: Double?

    init(_ rows: [Row], pooledOnly: Bool) {
        let used = rows.filter { $0.away + $0.facing > 0 }
        guard !used.isEmpty else { return }
        let m = Double(used.count)
        let sxx = used.reduce(0) { $0 + ($1.away + $1.facing) * ($1.away + $1.facing) }
        let sxy = used.reduce(0) { $0 + ($1.away + $1.facing) * $1.residual }
        offset = sxy / sxx
        guard !pooledOnly, used.count >= 2 else { return }
        let pooledRSS = used.reduce(0) { let e = $1.residual - ($1.away + $1.facing) * offset; return $0 + e * e }
        offsetUncertainty = Self.significance * (pooledRSS / (m - 1) / sxx).squareRoot()

        let saa = used.reduce(0) { $0 + $1.away * $1.away }, sff = used.reduce(0) { $0 + $1.facing * $1.facing }
        let saf = used.reduce(0) { $0 + $1.away * $1.facing }
        let say = used.reduce(0) { $0 + $1.away * $1.residual }, sfy = used.reduce(0) { $0 + $1.facing * $1.residual }
        /// Σ of the squared residuals left by offsets `away` and `facing`.
        func residualSquares(away: Double, facing: Double) -> Double {
            used.reduce(0.0) { let e = $1.residual - $1.away * away - $1.facing * facing; return $0 + e * e }
        }
        let det = saa * sff - saf * saf
        var splitSquares: Double?
        if used.count >= 4, used.filter({ $0.facing > 0 }).count >= 2, saa > 0, sff > 0, det > 0.05 * saa * sff {
            let away = (sff * say - saf * sfy) / det, facing = (saa * sfy - saf * say) / det
            let rss = residualSquares(away: away, facing: facing)
            let variance = rss / (m - 2)
            let differenceError = (variance / det * (saa + sff + 2 * saf)).squareRoot()
            if abs(facing - away) > Self.significance * differenceError {
                offset = away
                facingOffset = facing
                offsetUncertainty = Self.significance * (variance * sff / det).squareRoot()
                splitSquares = rss
            }
        }
        let parameters = facingOffset == nil ? 1.0 : 2.0
        if m > parameters {
            let rss = splitSquares ?? residualSquares(away: offset, facing: offset)
            scatterPixels = (rss / sxx * m / (m - parameters)).squareRoot()
        }
        if let offsetUncertainty, abs(offset) < offsetUncertainty { offset = 0 }
    }
}
