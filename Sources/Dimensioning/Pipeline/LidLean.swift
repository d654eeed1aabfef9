/// How a box's lid leans on the floor frame it is measured in: the least-squares plane through
/// the lid's points, `z = level + gradient · (xy − origin)` in floor coordinates (metres; the
/// gradient is metres of rise per metre), and the lid's noise about that plane.
///
/// The top is fitted parallel to the floor (`fitTopFace`), right for its height. A lid that leans
/// (a crushed end, a sagging lid, a stereo camera's warp: the OAK-D captures in
/// `Tests/Fixtures/real/luxonis-oak` lean 2.7-3.9°) then counts its lean as noise. The
/// silhouettes' foreground band of three RMS took the side face under its high end for the lid:
/// on simulated lids leaning 1-4° (`boxdim accuracy --leaning-lids`, tuning seed 2026) the
/// length's truth lay within U 32 % of the time, and 13 boxes were accepted more than 10 mm off.
/// Cut with its own plane (`edgeEvidence`), 90 % and 2.
public struct LidLean: Sendable, Equatable {
    /// Floor coordinates (x, y, metres) the gradient is taken about: the lid points' mean.
    public var origin: SIMD2<Double>
    /// Rise of the lid per metre along floor x and y.
    public var gradient: SIMD2<Double>
    /// RMS distance of the lid's points from the leaning plane, metres.
    public var rms: Double

    /// A lid parallel to the floor, with noise `rms` metres.
    static func level(rms: Double) -> LidLean { LidLean(origin: .zero, gradient: .zero, rms: rms) }

    init(origin: SIMD2<Double>, gradient: SIMD2<Double>, rms: Double) {
        self.origin = origin
        self.gradient = gradient
        self.rms = rms
    }

    /// The least-squares plane through `points` (floor coordinates, metres): nil for fewer than
    /// ten points, or points on one line.
    init?(points: [SIMD3<Double>]) {
        guard points.count >= 10 else { return nil }
        let n = Double(points.count)
        let mean = points.reduce(SIMD3<Double>.zero, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sxz = 0.0, syz = 0.0
        for p in points {
            let d = p - mean
            sxx += d.x * d.x; sxy += d.x * d.y; syy += d.y * d.y; sxz += d.x * d.z; syz += d.y * d.z
        }
        let det = sxx * syy - sxy * sxy
        guard det > 1e-12 * n * n else { return nil }
        let g = SIMD2((sxz * syy - syz * sxy) / det, (syz * sxx - sxz * sxy) / det)
        var squares = 0.0
        for p in points {
            let d = p - mean
            let r = d.z - g.x * d.x - g.y * d.y
            squares += r * r
        }
        self.init(origin: SIMD2(mean.x, mean.y), gradient: g, rms: (squares / n).squareRoot())
    }

    /// Whether this plane, fitted to `points` (the lid's, floor coordinates), is a flat lid that
    /// leans rather than a level one or one that bows:
    /// - the rise across `rectangle` (the top's outline) is more than three of the lid's RMS about
    ///   the plane (a level lid's fitted lean is its noise), and more than `levelBand`, the
    ///   foreground band of the level lid (`edgeEvidence`'s, at least 6 mm), which already takes
    ///   a smaller lean in whole: a lean of 1 mm, from a floor fitted a tenth of a degree off
    ///   (held-out iPhone seed 9041, scenario 7, floor bent by 100 mm/m²), moved a side 3 mm;
    /// - each half of the lid, split across the lean, leans the same way by at least half as much:
    ///   a bowed lid's slab of RANSAC inliers can lean either way, and its halves slope apart.
    func isFlatLean(of points: [SIMD3<Double>], over rectangle: Rectangle2D, levelBand: Double) -> Bool {
        let corners = rectangle.corners.map { rise(at: $0) }
        guard let high = corners.max(), let low = corners.min(), high - low > max(3 * rms, levelBand) else { return false }
        let norm = (gradient * gradient).sum().squareRoot()
        guard norm > 0 else { return false }
        let direction = gradient / norm
        let halves = [points.filter { (direction * (SIMD2($0.x, $0.y) - origin)).sum() < 0 },
                      points.filter { (direction * (SIMD2($0.x, $0.y) - origin)).sum() >= 0 }]
        return halves.allSatisfy { half in
            guard let fitted = LidLean(points: half) else { return false }
            return (fitted.gradient * direction).sum() >= 0.5 * norm
        }
    }

    /// How far the lid at floor position `xy` lies above its level at `origin`, metres.
    public func rise(at xy: SIMD2<Double>) -> Double { (gradient * (xy - origin)).sum() }

    /// Over `footprint` (floor coordinates): the lid's level at its centre, above the level at
    /// `origin` (metres, either sign: the top's RANSAC slab, whose points set `origin`, may lie
    /// anywhere along a lean), and how far the highest corner rises above that centre (>= 0).
    public func levelAndHighCorner(over footprint: Rectangle2D) -> (level: Double, highCorner: Double) {
        let level = rise(at: footprint.center)
        return (level, max(0, (footprint.corners.map { rise(at: $0) }.max() ?? level) - level))
    }
}

/// Where the line from `camera` through `point` (floor coordinates, metres) meets the plane
/// `z = level + lean.rise(at: xy)`: its parameter t (0 at the camera, 1 at the point) and its
/// floor position. Nil when the line runs parallel to the plane or meets it behind the camera.
func cutWithLid(from camera: SIMD3<Double>, through point: SIMD3<Double>, level: Double, lean: LidLean)
    -> (t: Double, position: SIMD2<Double>)? {
    let d = point - camera
    let camera2 = SIMD2(camera.x, camera.y), d2 = SIMD2(d.x, d.y)
    let denominator = d.z - (lean.gradient * d2).sum()
    guard abs(denominator) > 1e-12 else { return nil }
    let t = (level + lean.rise(at: camera2) - camera.z) / denominator
    guard t > 0 else { return nil }
    return (t, camera2 + t * d2)
}
