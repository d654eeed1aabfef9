import Foundation

/// How a silhouette side moves to where a bowed lid meets it (`CuboidFit.silhouetteRimMoves`).
public struct RimMove: Sendable, Equatable {
    /// How far the side moves, metres, outward positive.
    public var move: Double
    /// Half-width of a rectangle of doubt: the part of the move to the rim not made, metres (>= 0).
    public var doubt: Double
    /// Standard uncertainty of the part made, metres (>= 0): the drop's own doubt, carried out.
    public var standard: Double = 0
    /// Half-width of a rectangle of doubt for a rim hidden behind the lid's crown, metres (>= 0):
    /// how much farther out the rim lies if the bow is symmetric about its crown.
    public var hidden: Double = 0

    public static let none = RimMove(move: 0, doubt: 0)
}

extension CuboidFit {
    /// How far each silhouette side moves to where the lid meets it (`TopRelief.rimDrops`): a
    /// ray that grazes the top crosses the lid's plane short of a rim lying `drop` under it, and
    /// reaches the rim `drop / (camera height above the top)` of its horizontal run farther on.
    ///
    /// The capture cannot tell a bowed lid from a flat one whose profile the sensor's
    /// low-frequency depth error bends (which leaves the silhouette where it is). Against the
    /// drop's doubt `s = √(e² + lidProfile²)` (`e` the profile's standard error at the side,
    /// `lidProfile` the sensor class's scatter of flat lids' profiles there,
    /// `SensorClassPriors.lidProfile`), the side makes the share `w = clamp((|drop|/s − 1)/2, 0, 1)`
    /// of the move: none for a drop within one `s` (a flat lid, two times in three), all of it
    /// beyond three (a lid bowed by more than its sensor bends it), and a share that grows
    /// smoothly between, so a capture written twice moves its sides by its drop's change, not by
    /// a gate's flip. The part not made is a rectangle of doubt, the part made carries `w s`
    /// as its standard uncertainty. A drop below zero (the lid meets the side above its plane)
    /// moves nothing and is doubt whole: flat lids' profiles bend that way too (a small lid's
    /// parabola, extrapolated), and no capture has shown a sagging lid; nor does a saddle
    /// (`TopRelief.bow`). (Held out, iPhone 9041, the rim's drop as doubt alone left
    /// bowed lids' length and width covered 65 / 73 %, each short by about the whole move.)
    ///
    /// All of that assumes the ray reaches the rim. Where the lid falls away from the camera
    /// more steeply at the side than the ray does (`run` times the profile's downhill slope
    /// there, `c1 + 2 c2 x` of `TopRelief.bowSlopes` and `.bowCurvatures`, at least 1), the far
    /// part of the lid is hidden behind its crown. The last ray to touch the lid is then tangent
    /// to it short of the rim, and the drop read at the side is read at the wrong place. Reading
    /// the drop again at the moved side does not converge, since the move's derivative is that
    /// same product. The capture does not show where such a rim is. If the bow is symmetric
    /// about its crown (`−c1 / (2 c2)`, which the visible near part of the lid fixes), the rim
    /// lies twice the crown's offset from the footprint's centre farther out: that is
    /// `RimMove.hidden`, a rectangle of doubt, and the side does not move for it. Tuning iPhone
    /// `--irregular-tops`, seed 2026, scenario 78: a 130.7-mm lid bowed 15 mm, seen from 0.20 m
    /// above it, came out 26 mm short at U 10.1 mm
    /// (`notes/2026-12-07-h-a-far-rim-hidden-behind-the-crown.md`).
    /// Metres, +A, −A, +B, −B; `.none` for sides found any other way.
    func silhouetteRimMoves(_ relief: TopRelief, camera: SIMD3<Double>, frame: FloorFrame,
                            topHeight: Double, lidProfile: Double) -> [RimMove] {
        let local = frame.local(camera)
        let above = local.z - topHeight
        let drops = relief.rimDrops, errors = relief.rimDropErrors
        guard above > 0.05, drops.count == 4, errors.count == 4, edges.count == 4 else {
            return [RimMove](repeating: .none, count: 4)
        }
        let c = footprint.local(SIMD2(local.x, local.y))
        let halves = [footprint.halfA, footprint.halfA, footprint.halfB, footprint.halfB]
        let cameraOut = [c.x, -c.x, c.y, -c.y]
        let bow = relief.bow(lidProfile: lidProfile)
        return (0..<4).map { k -> RimMove in
            guard edges[k].method == .silhouette, drops[k].isFinite, errors[k].isFinite else { return .none }
            let run = (halves[k] - cameraOut[k]) / above
            let (share, doubt) = bow[k / 2]
            return RimMove(move: run * drops[k] * share, doubt: abs(run * drops[k]) * (1 - share),
                           standard: abs(run) * doubt * share,
                           hidden: share > 0 ? relief.rimHiddenBehindCrown(side: k, half: halves[k], run: run) : 0)
        }
    }

    /// This cuboid with each side moved outward by its `RimMove` (+A, −A, +B, −B): the
    /// footprint's centre and extents and the centre in the world follow. A width moved past
    /// the length swaps the axes as `fitCuboid` does, and the moves (kept for their doubts)
    /// with them.
    func movingSides(_ moves: [RimMove], frame: FloorFrame) -> (cuboid: CuboidFit, doubts: [RimMove]) {
        guard moves.count == 4, edges.count == 4, moves.contains(where: { $0.move != 0 }) else { return (self, moves) }
        let m = moves.map(\.move)
        var moved = self
        let shift = (m[0] - m[1]) / 2 * footprint.axisA + (m[2] - m[3]) / 2 * footprint.axisB
        moved.footprint.center += shift
        moved.footprint.halfA = max(0, footprint.halfA + (m[0] + m[1]) / 2)
        moved.footprint.halfB = max(0, footprint.halfB + (m[2] + m[3]) / 2)
        moved.centerInWorld += frame.worldDirection(shift)
        var order = [0, 1, 2, 3]
        if moved.footprint.halfB > moved.footprint.halfA {
            moved.footprint = moved.footprint.normalized()
            order = Rectangle2D.swappedSides(order)
            moved.edges = order.map { edges[$0] }
            // The new axis B is counter-clockwise from the new A, the old −A (`normalized()`).
            moved.axesInWorld = [axesInWorld[1], -axesInWorld[0], axesInWorld[2]]
        }
        moved.length = 2 * moved.footprint.halfA
        moved.width = 2 * moved.footprint.halfB
        return (moved, order.map { moves[$0] })
    }
}

/// How far a bowed lid's crown stands above the lid's plane, as far as the capture shows it
/// (`TopRelief.crown(lidProfile:)`). Metres.
public struct LidCrown: Sendable, Equatable {
    /// How far the height is raised toward the crown (>= 0).
    public var raise: Double
    /// Half-width of a rectangle of doubt: the part of the lid's highest cells' rise not made
    /// (>= 0).
    public var unresolved: Double
    /// Standard uncertainty of the part made (>= 0).
    public var standard: Double
}

extension TopRelief {
    /// How far the height rises to a bowed lid's crown: the share of the lid's highest cells'
    /// rise (`lidHigh`) that its bow supports, the smaller of the two axes' shares
    /// `clamp((drop/s − 1)/2, 0, 1)` of `silhouetteRimMoves` (a lid pushed up from inside is
    /// held by all four of its rims and bows along both axes; a flat one, whose highest cells
    /// are its ripple, along neither; a lid bent along one axis alone is more often the
    /// sensor's or a neighbour's: `--scenes 120 --seed 3313` lost 6 % of its height coverage to
    /// the larger share). The part
    /// not made stays a rectangle of doubt; the part made carries that axis's `s` (the drop's
    /// doubt: the class's bending of flat lids, `lidProfile`, read off the same lid). Nil with a
    /// raised part, whose top the height reaches instead. (Tuning seed 2026, `--irregular-tops`:
    /// the 16 bowed lids' heights, 1-9 mm short to their crowns, come within 2.2 mm.)
    public func crown(lidProfile: Double) -> LidCrown? {
        guard raisedPart == nil else { return nil }
        let (share, doubt) = bow(lidProfile: lidProfile).min { $0.share < $1.share } ?? (0, 0)
        return LidCrown(raise: share * lidHigh, unresolved: (1 - share) * lidHigh, standard: share * doubt)
    }

    /// Per axis (along A, along B), how far the lid's bow is trusted: the share
    /// `clamp((drop/s − 1)/2, 0, 1)` and the drop's doubt `s = √(e² + lidProfile²)`. Only a lid
    /// bowed up counts: a rim above the plane (a sagging lid, such as the real Orbbec toolbox's,
    /// whose rims bound the lid's relief instead: `rimRise`) gives no share, and nor does either axis of a saddle (one axis up, the other down by more than
    /// its doubt), which a parcel pushed out from inside does not form and a stereo camera's
    /// lids do (`luxonis-oak/calibration_box.ply`: 7.9 mm down along its length, 7.5 mm up
    /// across it).
    func bow(lidProfile: Double) -> [(share: Double, doubt: Double)] {
        guard rimDrops.count == 4, rimDropErrors.count == 4 else { return [(0, 0), (0, 0)] }
        let axes = [0, 2].map { side -> (drop: Double, doubt: Double) in
            let e = rimDropErrors[side]
            return (rimDrops[side], (e * e + lidProfile * lidProfile).squareRoot())
        }
        let saddle = axes.contains { $0.drop < -$0.doubt }
        return axes.map { axis in
            guard !saddle, axis.drop > 0, axis.drop.isFinite, axis.doubt.isFinite else { return (0, axis.doubt) }
            let share = axis.doubt > 0 ? min(1, max(0, (axis.drop / axis.doubt - 1) / 2)) : 1
            return (share, axis.doubt)
        }
    }
}

extension TopRelief {
    /// Per side of `cuboid` (+A, −A, +B, −B), how far the lid itself falls between the rows a
    /// silhouette side reads its lip from (`SideLips.outerRowRise`: the outer row, within a
    /// pixel footprint of the side's last top sample, against the rows 1.5-4 footprints inside
    /// it), metres, positive where the lid falls toward the side. On the lid's parabola
    /// `c2 x²` (`bowCurvatures`) with the outer row about one footprint `p` inside the side
    /// (`x_o = half − p`) and the inner rows' middle 2.25 footprints further in, the fall is
    /// `c2 (x_i² − x_o²)`: a lid bowed up as `r (1 − u²)(1 − v²)` over a half-length `a`
    /// (`c2` about `−2r / 3a²`) falls about `3 r p / a` there, 1.2 mm for a 5.7-mm bow, 7-mm
    /// pixels and a 200-mm side: half the rise a pixel of fattening gives the outer row on a
    /// steep side. Zero for sides not placed as silhouettes and where no profile was fitted.
    func lipFalls(_ cuboid: CuboidFit) -> [Double] {
        guard cuboid.edges.count == 4, bowCurvatures.count == 2 else { return [0, 0, 0, 0] }
        let halves = [cuboid.footprint.halfA, cuboid.footprint.halfA, cuboid.footprint.halfB, cuboid.footprint.halfB]
        return (0..<4).map { side in
            let edge = cuboid.edges[side], p = edge.pixelFootprint, c2 = bowCurvatures[side / 2]
            guard edge.method == .silhouette, p.isFinite, p > 0, c2.isFinite else { return 0 }
            let outer = max(0, halves[side] - p), inner = max(0, outer - 2.25 * p)
            return c2 * (inner * inner - outer * outer)
        }
    }
}

extension TopRelief {
    /// How much farther out than side `side` (+A, −A, +B, −B) a rim hidden behind the lid's
    /// crown lies if the bow is symmetric about its crown, metres (>= 0; 0 when the rim is
    /// seen). `half` is the footprint's half-extent across that side and `run` the horizontal
    /// distance from the camera to the side over the camera's height above the top (positive
    /// for a side facing away). The rim is hidden where `run` times the lid's downhill slope at
    /// the side is at least 1; the crown must lie inside the footprint and the lid bow up
    /// (`c2 < 0`) for a crown to hide it.
    func rimHiddenBehindCrown(side: Int, half: Double, run: Double) -> Double {
        let axis = side / 2
        guard bowCurvatures.count == 2, bowSlopes.count == 2, run > 0 else { return 0 }
        let c1 = bowSlopes[axis], c2 = bowCurvatures[axis]
        guard c2 < 0, c1.isFinite, c2.isFinite else { return 0 }
        let outward: Double = side % 2 == 0 ? 1 : -1
        let fall = -outward * (c1 + 2 * c2 * outward * half)
        let crown = -c1 / (2 * c2)
        guard run * fall >= 1, abs(crown) < half else { return 0 }
        return max(0, 2 * outward * crown)
    }
}
