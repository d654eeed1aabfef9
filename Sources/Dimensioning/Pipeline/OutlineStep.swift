/// A step in the top face's outline: along one side, a run of the top's outermost samples lying
/// well inside where the rest of that side's samples end, with something well below the top
/// seen in between. Two boxes of about the same height standing side by side have one top plane
/// whose outline steps where the narrower box begins (a T or an L), with the support seen down
/// in the step: not one cuboid, whatever rectangle fits around it. A recess in one parcel's lid
/// (a toolbox's handle, a crushed corner) steps too, but what is seen in it stands above the
/// support: that parcel is billed as the cuboid enclosing it (`reachesSupport` false).
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
    /// Whether the rays seen in the step reach the support (another parcel's gap), or stop on
    /// the object itself above it (a recess).
    var reachesSupport: Bool = true
}

/// A ray that passed over the top plane to a point well below it: where it crosses the top plane
/// (floor frame, metres) and whether that point lies on the support (within `FloorParameters.belowTolerance` of it).
struct PastTopRay: Sendable, Equatable {
    var position: SIMD2<Double>
    var reachesSupport: Bool
}

/// What `outlineStep` looks at: the top's samples and the rays that passed over the top plane.
struct OutlineEvidence {
    /// The top face's samples, floor frame (x, y), metres.
    var topPoints: [SIMD2<Double>]
    /// Where rays to points well below the top (by `PipelineParameters.backgroundDrop`) cross the top plane,
    /// floor frame (x, y), metres: places where the top is seen *not* to be, and whether each
    /// ray reached the support. Asked for only when a side's outline steps at all (a straight
    /// outline, the usual case, needs none).
    var pastTop: () -> [PastTopRay]

    init(topPoints: [SIMD2<Double>], pastTop: @escaping () -> [PastTopRay]) {
        self.topPoints = topPoints
        self.pastTop = pastTop
    }

    /// Every ray reaching the support (the floor seen past the top).
    init(topPoints: [SIMD2<Double>], pastTop: [SIMD2<Double>]) {
        self.init(topPoints: topPoints, pastTop: { pastTop.map { PastTopRay(position: $0, reachesSupport: true) } })
    }
}

/// Gathers `OutlineEvidence` for one box: its top inliers, and (when asked) the crossings with
/// the top plane of the rays from the reference camera to every scene point more than `drop`
/// metres below the top (none when the camera is not above the top), each marked as reaching the
/// support when its point lies within `supportBand` metres of the floor plane.
func gatherOutlineEvidence(_ scene: FusedScene, box: BoxSegment, top: TopFaceFit, drop: Double,
                           supportBand: Double) -> OutlineEvidence {
    let frame = box.floorFrame
    let topPoints = top.inlierIndices.map { i -> SIMD2<Double> in
        let q = frame.local(scene.pointsInWorld[i]); return SIMD2(q.x, q.y)
    }
    return OutlineEvidence(topPoints: topPoints) {
        var pastTop: [PastTopRay] = []
        let camera = frame.local(scene.cameraPosition)
        guard camera.z > top.height + 0.05 else { return pastTop }
        for i in 0..<scene.pointsInWorld.count {
            let q = frame.local(scene.pointsInWorld[i])
            guard q.z < top.height - drop, let cut = cutWithPlane(from: camera, through: q, height: top.height) else { continue }
            pastTop.append(PastTopRay(position: cut.position, reachesSupport: q.z < supportBand))
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
/// hole in the data (a glossy patch, a dark label) is not a step. With `reachingSupport`, those
/// rays must reach the support, and outnumber the rays stopping on the object's own lower part
/// (two parcels); without, any ray counts (a recess in one parcel too).
///
/// Returns the longest run of consecutive stepping strips over the four sides that covers at
/// least three strips and `outlineStepMinimumShare` of the side, or nil: the outline is straight.
func outlineStep(_ evidence: OutlineEvidence, footprint: Rectangle2D, pixelFootprints: [Double],
                 parameters: ShapeParameters, reachingSupport: Bool = true) -> OutlineStep? {
    let stripWidth = parameters.outlineStripWidth
    var best: OutlineStep?
    var pastTop: [PastTopRay]? = nil // gathered once, on the first side that steps at all
    for sideOutline in sideOutlines(evidence.topPoints, footprint: footprint, stripWidth: stripWidth,
                                    cornerMargin: parameters.outlineCornerMargin) {
        let side = sideOutline.side, span = sideOutline.span, strips = sideOutline.outline.count
        func place(_ p: SIMD2<Double>) -> (u: Double, strip: Int)? { sideOutline.place(p, footprint: footprint) }
        let outline = sideOutline.outline.map { $0 ?? 0 }
        guard let full = Statistics.quantile(outline, 0.75) else { continue }
        let footprintHere = side < pixelFootprints.count ? pixelFootprints[side] : 0
        let threshold = max(parameters.outlineStepMinimum, parameters.outlineStepPixels * footprintHere)
        var candidate = outline.map { full - $0 > threshold }
        guard candidate.contains(true) else { continue }
        // Rays seen passing below the top inside each candidate strip's gap, to the support and
        // to the object's own lower part.
        var toSupport = [Int](repeating: 0, count: strips), toObject = toSupport
        if pastTop == nil { pastTop = evidence.pastTop() }
        for ray in pastTop ?? [] {
            guard let (u, k) = place(ray.position), candidate[k], u > outline[k] + threshold / 2, u < full else { continue }
            if ray.reachesSupport { toSupport[k] += 1 } else { toObject[k] += 1 }
        }
        // Two parcels: the gap is seen down to the support, mostly (an oblique ray can slip past a
        // recess's open edge to the floor beyond); a recess: seen at all.
        for k in 0..<strips {
            let steps = reachingSupport ? toSupport[k] >= parameters.outlineSeenRays && toSupport[k] >= toObject[k]
                                        : toSupport[k] + toObject[k] >= parameters.outlineSeenRays
            if !steps { candidate[k] = false }
        }
        // Longest run of consecutive stepping strips.
        var runStart = 0, bestRun: Range<Int>? = nil
        for k in 0...strips where k == strips || !candidate[k] {
            if k > runStart, (bestRun?.count ?? 0) < k - runStart { bestRun = runStart..<k }
            runStart = k + 1
        }
        guard let run = bestRun, run.count >= 3 else { continue }
        let length = Double(run.count) * 2 * span / Double(strips)
        guard length >= parameters.outlineStepMinimumShare * 2 * span, (best?.length ?? 0) < length else { continue }
        let depth = Statistics.median(run.map { full - outline[$0] }) ?? 0
        best = OutlineStep(side: side, depth: depth, length: length, sideLength: 2 * span, reachesSupport: reachingSupport)
    }
    return best
}
