/// How a box's lid leans on the floor frame it is measured in: the least-squares plane through
/// the lid's points (`refined(_:level:slab:band:)`), `z = level + gradient · (xy − origin)` in floor
/// coordinates (metres; the gradient is metres of rise per metre), and the lid's noise about that
/// plane.
///
/// The top is fitted parallel to the floor (`fitTopFace`), right for its height. A lid that leans
/// (a crushed end, a sagging lid, a stereo camera's warp: the OAK-D carton in
/// `Tests/Fixtures/real/luxonis-oak/example_4.ply`) then counts its lean as noise. The
/// silhouettes' foreground band of three RMS took the side face under its high end for the lid:
/// on simulated lids leaning 1-4° (`boxdim accuracy --leaning-lids`, tuning seed 2026) the
/// length's truth lay within U 32 % of the time, and 13 boxes were accepted more than 10 mm off.
/// Cut with its own plane (`edgeEvidence`), 90 % and 2.
///
/// The plane is fitted over the lid's interior (`refined(_:level:slab:band:)`), and the lid is
/// cut with it whenever the lean is known and the lid flat (`isFlatLean`): a lean is a model of
/// the lid, not a threshold, so a lean smaller than the lid's noise band counts as well (a side
/// dragged out by missing returns under a lid leaning 0.5°, `StripScatterTests`). With gravity,
/// the lean is judged against the surface around the box (`FloorNearBox/surface`): a lean the
/// lid shares with it is the depths' range error, and the lid is cut level
/// (`gatherEdgeEvidence`).
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

    /// The lid's plane over the `candidates` (floor coordinates, metres: the top's band of
    /// points inside its outline shrunk by 1 cm, `topBandInside`, so that no side face's rim
    /// holds a plane up), refined from two starts, the level plane at height `level` and the plane
    /// through the top's RANSAC inliers (`slab`): from each, the least-squares plane
    /// (`init(points:)`) through the candidates within `band` metres of the plane before, until
    /// the selection settles (at most 10 rounds). Of the two, the plane that holds more of the
    /// candidates (the level one on a tie), with the points it holds; nil when neither start
    /// holds enough points for a plane.
    ///
    /// Not the RANSAC slab's plane alone: a RANSAC slab of a noisy level lid may tilt as far as
    /// the noise allows (its inlier count barely changes), and the least-squares plane through a
    /// tilted slab is a fixed point of that selection. Held-out fixed ToF frames on a floor
    /// bending with range (seed 5077, `--range-bend 50`, scenario 72): the top's slab tilted 1.1°
    /// over a lid level to 1 mm, the lid was cut with that plane, its own high samples read as
    /// lips, and fattening was "seen" by a camera that does not fatten. Started from level, the
    /// plane holds the whole lid. Not from level alone: a lid that leans by more than the band
    /// (a crushed end) is a strip of it at the level, and the RANSAC slab follows its lean.
    static func refined(_ candidates: [SIMD3<Double>], level: Double, slab: [SIMD3<Double>], band: Double)
        -> (lean: LidLean, points: [SIMD3<Double>])? {
        let fromLevel = refined(candidates, band: band) { _ in level }
        var fromSlab: (lean: LidLean, points: [SIMD3<Double>])?
        if let plane = LidLean(points: slab) {
            let meanZ = slab.reduce(0) { $0 + $1.z } / Double(slab.count)
            fromSlab = refined(candidates, band: band) { meanZ + plane.rise(at: SIMD2($0.x, $0.y)) }
        }
        guard let fromSlab else { return fromLevel }
        guard let fromLevel else { return fromSlab }
        return fromSlab.points.count > fromLevel.points.count ? fromSlab : fromLevel
    }

    /// `refined(_:level:slab:band:)` from one start, the plane's height at a point `start`.
    private static func refined(_ candidates: [SIMD3<Double>], band: Double, start: @escaping (SIMD3<Double>) -> Double)
        -> (lean: LidLean, points: [SIMD3<Double>])? {
        var height = start
        var selected: [Int] = []
        var result: (lean: LidLean, points: [SIMD3<Double>])?
        for _ in 0..<10 {
            let next = candidates.indices.filter { abs(candidates[$0].z - height(candidates[$0])) <= band }
            if next == selected { break }
            selected = next
            let points = next.map { candidates[$0] }
            guard let lean = LidLean(points: points) else { return result }
            let meanZ = points.reduce(0) { $0 + $1.z } / Double(points.count)
            height = { meanZ + lean.rise(at: SIMD2($0.x, $0.y)) }
            result = (lean, points)
        }
        return result
    }

    /// Whether this plane, fitted to `points` (the lid's, floor coordinates), is a flat lid that
    /// leans rather than a level one or one that bows:
    /// - the rise across `rectangle` (the top's outline, from its lowest corner to its highest)
    ///   is more than three of its standard uncertainties (`riseUncertainty`): the lean is known,
    ///   not the noise of a level lid;
    /// - each half of the lid, split across the lean, leans the same way by at least half as much:
    ///   a bowed lid's points can lean either way on the whole, and its halves slope apart
    ///   (`BowedLidLipTests`: cut with a plane through a bow, the lid's own samples read as lips).
    func isFlatLean(of points: [SIMD3<Double>], over rectangle: Rectangle2D) -> Bool {
        let corners = rectangle.corners
        guard let high = corners.max(by: { rise(at: $0) < rise(at: $1) }),
              let low = corners.min(by: { rise(at: $0) < rise(at: $1) }),
              let u = Self.riseUncertainty(of: points, over: rectangle, from: low, to: high),
              rise(at: high) - rise(at: low) > 3 * u else { return false }
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

    /// The standard uncertainty (metres) of the rise from floor position `low` to `high` of the
    /// plane through `points`, by the delete-a-group jackknife over a 4 x 4 grid of `rectangle`
    /// (Efron and Tibshirani, *An Introduction to the Bootstrap*, 1993, §11.5): a lid's samples
    /// are not independent (a stereo camera's matching window, a ToF camera's filter, fused
    /// frames smooth them over several pixels), so the least-squares standard error of thousands
    /// of points would call a lean known that their correlated noise made. Nil with fewer than
    /// four groups holding a plane.
    static func riseUncertainty(of points: [SIMD3<Double>], over rectangle: Rectangle2D,
                                from low: SIMD2<Double>, to high: SIMD2<Double>) -> Double? {
        guard rectangle.halfA > 1e-6, rectangle.halfB > 1e-6, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite })
        else { return nil }
        let cells = 4
        // The cell along one side: clamped before it becomes an integer, so a point far outside
        // the outline joins the edge cell rather than trapping the conversion.
        func cell(_ u: Double, half: Double) -> Int {
            Int(min(max((u / (2 * half) + 0.5) * Double(cells), 0), Double(cells - 1)))
        }
        func group(_ p: SIMD3<Double>) -> Int {
            let q = rectangle.local(SIMD2(p.x, p.y))
            return cell(q.x, half: rectangle.halfA) * cells + cell(q.y, half: rectangle.halfB)
        }
        let groups = points.map(group)
        let rises = (0..<(cells * cells)).compactMap { left -> Double? in
            guard groups.contains(left) else { return nil }
            let kept = zip(points, groups).filter { $0.1 != left }.map(\.0)
            return LidLean(points: kept).map { ($0.gradient * (high - low)).sum() }
        }
        guard rises.count >= 4 else { return nil }
        let g = Double(rises.count), mean = rises.reduce(0, +) / g
        return ((g - 1) / g * rises.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }).squareRoot()
    }

    /// How far the lid at floor position `xy` lies above its level at `origin`, metres.
    public func rise(at xy: SIMD2<Double>) -> Double { (gradient * (xy - origin)).sum() }

    /// Over `footprint` (floor coordinates): the lid's level at its centre, above the level at
    /// `origin` (metres, either sign: the top's RANSAC slab, whose points set `origin`, may lie
    /// anywhere along a lean), and how far the highest corner rises above that centre (>= 0),
    /// against `surface`, the lean of the surface the box stands on around it (level when nil):
    /// a lid parallel to a surface that leans on the floor's fitted plane (a floor bending with
    /// range, the plane fitted to its far part) is no crushed end.
    public func levelAndHighCorner(over footprint: Rectangle2D, surface: LidLean? = nil) -> (level: Double, highCorner: Double) {
        let level = rise(at: footprint.center)
        let relative = gradient - (surface?.gradient ?? .zero)
        let corners = footprint.corners.map { (relative * ($0 - footprint.center)).sum() }
        return (level, max(0, corners.max() ?? 0))
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
