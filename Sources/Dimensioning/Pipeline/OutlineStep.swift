/// A step in the top face's outline: along one side, a run of the top's outermost samples lying
/// well inside where the rest of that side's samples end, with rays seen passing below the top
/// in between. What those rays stop on inside the enclosing rectangle tells a recess from a gap
/// (`StepFloor`): two boxes of about one height standing side by side have one top plane whose
/// outline steps where the narrower box begins (a T or an L), and the support shows inside the
/// rectangle there; a recess in one parcel's lid (a toolbox's handle, a crushed corner) shows the
/// parcel's own lower level there, and that parcel is billed as the cuboid enclosing it.
///
/// Lengths in metres, in the floor frame (seen from above).
struct OutlineStep: Sendable, Equatable {
    /// The side (0...3: +A, -A, +B, -B of the footprint, as `CuboidFit.edges`).
    var side: Int
    /// How far inside the side's full outline the run's outline lies, metres (median over the
    /// run's strips).
    var depth: Double
    /// The run's length along the side, metres.
    var length: Double
    /// The side's length between the corner margins, metres.
    var sideLength: Double
    /// What is seen under the step.
    var floor: StepFloor = .support
    /// The side's length beyond each end of the run, out to the rectangle's corners (metres),
    /// when the top comes back to its full outline past both ends: the step is a notch in the
    /// side, not a part missing at its end. Nil when the run reaches a corner.
    var flanks: [Double]? = nil

    /// Whether the step is a notch cut into one parcel (a carry case's handle cut-out, seen down
    /// to the support through it), not a gap between parcels: the top comes back to its full
    /// outline past both ends of the run, and neither part beside the notch is as wide as the
    /// least box measured (`minimumSide`, metres). Two rectangles pressed together leave a step
    /// that runs out to a corner (an L or a T); a notch with the top on both sides needs a
    /// third, and the parts beside it would each be a box of their own.
    func isNotch(minimumSide: Double) -> Bool {
        guard case .support = floor, let flanks else { return false }
        return flanks.allSatisfy { $0 < minimumSide }
    }
}

/// What the rays seen passing below the top in an outline step (`OutlineStep`) stop on, well
/// inside the gap between the step's outline and the side's full outline (a ray that slips past
/// the side, or meets a wall standing under the step's own outline, says nothing of what lies
/// under the gap).
enum StepFloor: Sendable, Equatable {
    /// The support: nothing stands there down to the surface the object stands on. Two parcels.
    case support
    /// One level of the object itself, `height` metres above the floor (a recess's floor, a
    /// crushed corner): most of the points stopping well inside the gap lie within the sensor's
    /// plane band of that height.
    case level(height: Double)
    /// Neither: every ray slipped past the side, met a wall under the outline, or stopped at
    /// scattered heights (a sensor's mixed pixels). From this view a recess and a gap look alike.
    case unseen
}

/// A ray that passed over the top plane to a point well below it: where it crosses the top plane
/// (floor frame, metres), where it stopped (`point`: floor-frame x, y and height, metres), and
/// whether that point lies on the support (within `FloorParameters.belowTolerance` of it).
struct PastTopRay: Sendable, Equatable {
    var position: SIMD2<Double>
    var point: SIMD3<Double>
    var reachesSupport: Bool
}

/// What `outlineStep` looks at: the top's samples and the rays that passed over the top plane.
struct OutlineEvidence {
    /// The top face's samples, floor frame (x, y), metres.
    var topPoints: [SIMD2<Double>]
    /// The object's upper part (within `PipelineParameters.backgroundDrop` of the top), floor
    /// frame (x, y), metres, or nil to judge by `topPoints` alone: where it reaches, the top
    /// does not step (a bowed lid leaves its plane before its rim, and the plane's samples end
    /// on a rounded contour of the bow).
    var upperPoints: [SIMD2<Double>]? = nil
    /// Where rays to points well below the top (by `PipelineParameters.backgroundDrop`) cross the top plane,
    /// floor frame (x, y), metres: places where the top is seen *not* to be, where each stopped,
    /// and whether each reached the support. Asked for only when a side's outline steps at all
    /// (a straight outline, the usual case, needs none).
    var pastTop: () -> [PastTopRay]

    init(topPoints: [SIMD2<Double>], upperPoints: [SIMD2<Double>]? = nil, pastTop: @escaping () -> [PastTopRay]) {
        self.topPoints = topPoints
        self.upperPoints = upperPoints
        self.pastTop = pastTop
    }

    /// Every ray reaching the support straight below where it crosses the top plane (the floor
    /// seen from overhead).
    init(topPoints: [SIMD2<Double>], pastTop: [SIMD2<Double>]) {
        self.init(topPoints: topPoints, pastTop: {
            pastTop.map { PastTopRay(position: $0, point: SIMD3($0.x, $0.y, 0), reachesSupport: true) }
        })
    }
}

/// Gathers `OutlineEvidence` for one box: its top inliers, the object's upper part
/// `upperPoints` (floor frame, metres: within `drop` of the top), and (when asked) the crossings
/// with the top plane of the rays from the reference camera to every scene point more than `drop`
/// metres below the top (none when the camera is not above the top), each marked as reaching the
/// support when its point lies within `supportBand` metres of the floor plane.
func gatherOutlineEvidence(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, upperPoints: [SIMD2<Double>],
                           drop: Double, supportBand: Double) -> OutlineEvidence {
    let frame = box.floorFrame
    let topPoints = top.inlierIndices.map { i -> SIMD2<Double> in
        let q = frame.local(scene.pointsInWorld[i]); return SIMD2(q.x, q.y)
    }
    return OutlineEvidence(topPoints: topPoints, upperPoints: upperPoints) {
        var pastTop: [PastTopRay] = []
        let camera = frame.local(scene.cameraPosition)
        guard camera.z > top.height + 0.05 else { return pastTop }
        for i in 0..<scene.pointsInWorld.count {
            let q = frame.local(scene.pointsInWorld[i])
            guard q.z < top.height - drop, let cut = cutWithPlane(from: camera, through: q, height: top.height) else { continue }
            pastTop.append(PastTopRay(position: cut.position, point: q, reachesSupport: q.z < supportBand))
        }
        return pastTop
    }
}

/// Looks for the longest step in the top's outline (see `OutlineStep`).
///
/// For each side of `footprint` (floor-frame rectangle, metres), the top's samples on that
/// half of the rectangle are binned into strips `parameters.outlineStripWidth` wide along the
/// side, leaving `outlineCornerMargin` at each corner (a blurred or rounded corner is not a
/// step). In each strip the outline is the second-outermost sample (one stray sample does not
/// move it). The side's full outline is the upper quartile of its strips' outlines, so a step
/// is found whether the narrower part is a quarter or three quarters of the side. A strip
/// steps in when its outline lies more than the side's threshold inside the full outline
/// (`outlineStepMinimum` metres or `outlineStepPixels` of the side's pixel footprint
/// `pixelFootprints[side]`, whichever is larger: a sensor's edge band moves the whole side by
/// the same few pixels and never counts) *and* at least `outlineSeenRays` rays cross the top
/// plane in the gap between the two, seen passing down to something well below the top: a
/// hole in the data (a glossy patch, a dark label) is not a step. Where the object's upper part
/// (`OutlineEvidence.upperPoints`) does not step in there too, the strip does not step: the lid
/// reaches on below its plane (a bow). A run of such strips must cover at least three strips and
/// `outlineStepMinimumShare` of the side.
///
/// What the run's rays stop on well inside its gap (more than `levelBand`, the sensor's plane
/// band, off both outlines) decides its `StepFloor` (`stepFloor`): the support (two parcels),
/// one level of the object (a recess), or neither. A ray seen passing under the gap may also slip
/// past the side to the floor beyond (an oblique view over a recess's open edge) or meet a wall
/// under the step's own outline (a recess's inner wall, or the narrower box's face): neither says
/// what lies under the gap, so neither counts. Of the runs over the four sides, one seen down to
/// the support is returned first, then an unseen one, then a level one or a notch cut into one
/// parcel (`OutlineStep.isNotch`; the longest of its kind); nil when the outline is straight.
func outlineStep(_ evidence: OutlineEvidence, footprint: Rectangle2D, pixelFootprints: [Double],
                 parameters: ShapeParameters, levelBand: Double = SensorBehaviour.shared.inlierBand,
                 minimumSide: Double = EnvelopeParameters().minimumSide) -> OutlineStep? {
    let stripWidth = parameters.outlineStripWidth, seen = parameters.outlineSeenRays
    var steps: [OutlineStep] = []
    // Gathered once, on the first side that steps at all.
    lazy var pastTop = evidence.pastTop()
    lazy var upperOutlines = evidence.upperPoints.map {
        sideOutlines($0, footprint: footprint, stripWidth: stripWidth, cornerMargin: parameters.outlineCornerMargin)
    }
    for sideOutline in sideOutlines(evidence.topPoints, footprint: footprint, stripWidth: stripWidth,
                                    cornerMargin: parameters.outlineCornerMargin) {
        let side = sideOutline.side, span = sideOutline.span, strips = sideOutline.outline.count
        func place(_ p: SIMD2<Double>) -> (u: Double, strip: Int)? { sideOutline.place(p, footprint: footprint) }
        let outline = sideOutline.outlineOrCentre
        guard let full = sideOutline.fullOrCentre else { continue }
        let footprintHere = side < pixelFootprints.count ? pixelFootprints[side] : 0
        let threshold = max(parameters.outlineStepMinimum, parameters.outlineStepPixels * footprintHere)
        var candidate = outline.map { full - $0 > threshold }
        if candidate.contains(true), let upper = upperOutlines?.first(where: { $0.side == side }),
           upper.outline.count == strips, let upperFull = upper.fullOrCentre {
            let upperOutline = upper.outlineOrCentre
            for k in 0..<strips where upperFull - upperOutline[k] <= threshold { candidate[k] = false }
        }
        guard candidate.contains(true) else { continue }
        // Rays seen passing below the top inside each candidate strip's gap, and what those
        // stopped on well inside it: the support, or heights of the object above it.
        var passing = [Int](repeating: 0, count: strips), toSupport = passing
        var heights = [[Double]](repeating: [], count: strips)
        for ray in pastTop {
            guard let (u, k) = place(ray.position), candidate[k], u > outline[k] + threshold / 2, u < full else {
                continue
            }
            passing[k] += 1
            let stop = place(SIMD2(ray.point.x, ray.point.y))
            guard let stop, stop.u > outline[k] + levelBand, stop.u < full - levelBand else { continue }
            if ray.reachesSupport { toSupport[k] += 1 } else { heights[k].append(ray.point.z) }
        }
        for k in 0..<strips where passing[k] < seen { candidate[k] = false }
        // Longest run of consecutive stepping strips.
        var runStart = 0, bestRun: Range<Int>? = nil
        for k in 0...strips where k == strips || !candidate[k] {
            if k > runStart, (bestRun?.count ?? 0) < k - runStart { bestRun = runStart..<k }
            runStart = k + 1
        }
        guard let run = bestRun, run.count >= 3 else { continue }
        let length = Double(run.count) * 2 * span / Double(strips)
        guard length >= parameters.outlineStepMinimumShare * 2 * span else { continue }
        let depth = Statistics.median(run.map { full - outline[$0] }) ?? 0
        // The top back at its full outline past both ends of the run: a notch in the side, with
        // the side's length from each end of the run out to its corner beside it.
        let atFull = outline.map { full - $0 <= threshold }
        let flanked = atFull[..<run.lowerBound].contains(true) && atFull[run.upperBound...].contains(true)
        let margin = parameters.outlineCornerMargin
        let flanks = [margin + span + sideOutline.stripExtent(run.lowerBound).lowerBound,
                      margin + span - sideOutline.stripExtent(run.upperBound - 1).upperBound]
        steps.append(OutlineStep(side: side, depth: depth, length: length, sideLength: 2 * span,
                                 floor: stepFloor(support: run.reduce(0) { $0 + toSupport[$1] },
                                                  heights: run.flatMap { heights[$0] }, seen: seen, band: levelBand),
                                 flanks: flanked ? flanks : nil))
    }
    func rank(_ step: OutlineStep) -> Int {
        if step.isNotch(minimumSide: minimumSide) { return 2 }
        switch step.floor { case .support: return 0; case .unseen: return 1; case .level: return 2 }
    }
    return steps.min { (rank($0), -$0.length) < (rank($1), -$1.length) }
}

/// What the rays stopping well inside a step's gap show (`StepFloor`): `support` of them on the
/// support, the others at `heights` (metres above the floor). The support is seen when at least
/// `seen` rays reach it there, and no fewer than the most points on any one level (a wall standing
/// at the gap's end, or a sensor's mixed pixels, may stop many more rays at scattered heights);
/// a level when at least `seen` points, and most of all those stopping, lie within `band` either
/// side of one height.
func stepFloor(support: Int, heights: [Double], seen: Int, band: Double) -> StepFloor {
    // The most heights within `band` either side of one height (a window of 2 band).
    let sorted = heights.sorted()
    var best = 0, bestLevel = 0.0, low = 0
    for high in sorted.indices {
        while sorted[high] - sorted[low] > 2 * band { low += 1 }
        if high - low + 1 > best { best = high - low + 1; bestLevel = sorted[(low + high) / 2] }
    }
    if support >= seen && support >= best { return .support }
    guard best >= seen, 2 * best > heights.count + support else { return .unseen }
    return .level(height: bestLevel)
}
