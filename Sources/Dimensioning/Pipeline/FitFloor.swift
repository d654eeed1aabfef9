import CPointCloud
import Foundation

/// The floor found by `fitFloor`.
public struct FloorFit: Sendable, Equatable {
    /// The floor plane in the world frame, its normal pointing up (against gravity, or toward
    /// the camera when gravity is unknown).
    public var plane: Plane
    /// Down-sampled points supporting the plane, and their share of all down-sampled points.
    public var inlierCount: Int
    public var inlierShare: Double
    /// RMS distance (metres) of the full-resolution points near the plane.
    public var rms: Double
    /// True when the plane was constrained to be perpendicular to a known gravity.
    public var usedGravity: Bool
}

/// Finds the floor: RANSAC planes through PCL (`SACMODEL_PERPENDICULAR_PLANE` around gravity
/// when gravity is known, `SACMODEL_PLANE` otherwise), largest first.
///
/// Candidates need `minimumInlierShare` of the down-sampled points, and (without gravity) a
/// normal facing the camera; without gravity they are grouped into families of parallel planes
/// and the family the camera looks down onto is kept (`uprightScore`: a wall behind the box
/// can be the largest plane in view). Among them the lowest is chosen: a box's top can be the largest
/// plane in view. A candidate with more than `maximumShareBelow` of the points farther than
/// `belowTolerance` plus `belowTolerancePerSquareMetre` times their squared range under it is not
/// a floor (the capture saw the box top, not the ground), unless its plane is wider than any
/// parcel (`envelope.maximumParcelSide`, the longer side of the minimum-area rectangle of its largest
/// connected part of inliers): no parcel's top is that wide, so it is a table's, a bench's or a
/// shelf's top, with the room's floor and the foot of a wall below its edge; or unless something
/// stands on it (`carriesAnObject`): a box's own top carries nothing over itself, while a desk seen
/// through a narrow view, narrower than a parcel in the image, carries what stands on it. If every
/// candidate fails, the capture is refused with `noGroundPlane`: the engine never reports a box
/// height measured from the box's own top. The chosen plane is refined by
/// a second PCL fit on the full-resolution points within the sensor's `inlierBand`.
///
/// RANSAC is deterministic: PCL's fixed seed (12345).
public func fitFloor(_ scene: FusedScene, parameters: FloorParameters = .init(), sensor: SensorBehaviour = .shared,
                     envelope: EnvelopeParameters = .init()) throws(DimensioningError) -> FloorFit {
    let sampled: PointCloud
    do {
        sampled = try NativeCloud.voxelDownsample(scene.pointsInWorld, leaf: Float(parameters.voxelSize))
    } catch { throw .internalFailure(reason: "voxel grid: \(error.message)") }
    guard sampled.count >= 50 else { throw .noGroundPlane(reason: "too few points to find a plane (\(sampled.count))") }

    let gravity = scene.gravityInWorld.map(normalize)
    let camera = scene.cameraPosition
    var remaining = sampled
    var candidates: [(plane: Plane, inliers: Int, points: PointCloud)] = []
    for _ in 0..<max(1, parameters.maximumPlanes) {
        guard remaining.count >= 50 else { break }
        let params = cpc_plane_params.ransac(threshold: parameters.distanceThreshold, iterations: parameters.maxIterations,
                                             axis: gravity, epsilonDegrees: parameters.maximumTiltDegrees)
        guard let fit = try? NativeCloud.fitPlane(remaining, parameters: params) else { break }
        guard Double(fit.inlierCount) >= parameters.minimumInlierShare * Double(sampled.count) else { break }
        var plane = Plane(coefficients: fit.coefficients)
        // Orient "up": against gravity, or toward the camera.
        if let g = gravity {
            if dot(plane.normal, g) > 0 { plane = plane.flipped }
        } else if plane.signedDistance(camera) < 0 {
            plane = plane.flipped
        }
        // Without gravity, the floor faces the camera.
        let facesCamera = gravity != nil || abs(dot(plane.normal, normalize(camera - plane.project(camera)))) > 0.5
        if facesCamera { candidates.append((plane, fit.inlierCount, remaining.filter { fit.inliers[$0] })) }
        remaining = remaining.filter { !fit.inliers[$0] }
    }
    guard !candidates.isEmpty else {
        throw .noGroundPlane(reason: gravity == nil ? "no large plane facing the camera" : "no large horizontal plane")
    }
    // The floor's candidates are parallel to each other. Without gravity a wall can be the
    // largest plane in view (a low camera, a tall wall behind the box), so the family is the
    // one the camera looks down onto (`uprightScore`), not the largest one's.
    let families = parallelFamilies(candidates.map(\.plane))
    if gravity == nil, families.count > 1, let best = families.max(by: {
        uprightScore(candidates[$0[0]].plane.normal, scene: scene) < uprightScore(candidates[$1[0]].plane.normal, scene: scene)
    }) {
        candidates = best.map { candidates[$0] }
    } else {
        candidates = families[0].map { candidates[$0] }
    }
    // Lowest first: the floor is under everything else.
    let ordered = candidates.sorted { lhs, rhs in
        let reference = candidates[0].plane
        return heightOf(lhs.plane, relativeTo: reference) < heightOf(rhs.plane, relativeTo: reference)
    }
    var rejectedShare = 0.0
    for candidate in ordered {
        var below = 0
        for i in 0..<sampled.count {
            let p = sampled[i], range = length(p - camera)
            if candidate.plane.signedDistance(p) < -(parameters.belowTolerance + sensor.rangeBendPerSquareMetre * range * range) {
                below += 1
            }
        }
        let share = Double(below) / Double(sampled.count)
        guard share <= parameters.maximumShareBelow
                || isASurface(candidate.points, plane: candidate.plane, sampled: sampled, scene: scene,
                              envelope: envelope, voxel: parameters.voxelSize)
        else { rejectedShare = max(rejectedShare, share); continue }
        let refined = refineFloor(candidate.plane, scene: scene, band: sensor.inlierBand, gravity: gravity)
        return FloorFit(plane: refined.plane, inlierCount: candidate.inliers,
                        inlierShare: Double(candidate.inliers) / Double(sampled.count), rms: refined.rms,
                        usedGravity: gravity != nil)
    }
    let percent = Int((rejectedShare * 100).rounded())
    throw .noGroundPlane(reason: "the largest plane has \(percent) % of the points below it, so it is not the floor (the box top?)")
}

/// Whether a plane with points under it is still a surface things stand on, judged by the
/// largest connected part of its `inliers` (down-sampled, world frame; `largestConnectedPart` at
/// three voxels), so that a box's top and a strip of floor far off in its plane are not taken for
/// one surface: the part spans more than any parcel (`envelope.maximumParcelSide`, the longer
/// side of its minimum-area rectangle), or something stands on it (`carriesAnObject`).
private func isASurface(_ inliers: PointCloud, plane: Plane, sampled: PointCloud, scene: FusedScene,
                        envelope: EnvelopeParameters, voxel: Double) -> Bool {
    let frame = FloorFrame(floor: plane, hint: scene.viewDirection)
    guard inliers.count >= 50, let part = largestConnectedPart(inliers, tolerance: 3 * voxel, frame: frame) else { return false }
    return part.extent.longerSide > envelope.maximumParcelSide
        || carriesAnObject(part.extent, frame: frame, plane: plane, sampled: sampled, envelope: envelope, voxel: voxel)
}

/// Whether something stands on the plane: at least as many of the down-sampled points `sampled`
/// as the top of the smallest measurable box holds (`(minimumSide / voxel)²`, 100 at 10 cm and
/// 1 cm) lie `envelope.minimumHeight` to `envelope.maximumParcelSide` above it, over the surface
/// its inliers cover (`extent`, the minimum-area rectangle of their largest connected part in
/// `frame`, seen from above). A box's top, convex, has nothing of the box over itself, and a wall
/// behind it rises beyond its edge; a desk, a bench or a shelf carries what stands on it, and is
/// a support whatever the view shows below its edge: the room beyond a desk seen through a
/// narrow view (real Xtion-class desk frames, `Tests/Fixtures/real/posecnn-desk`: 24-36 % of the
/// points 3-63 cm under the desk's plane, 1.4-2.5 m away, the desk narrower in view than any
/// parcel).
private func carriesAnObject(_ extent: Rectangle2D, frame: FloorFrame, plane: Plane, sampled: PointCloud,
                             envelope: EnvelopeParameters, voxel: Double) -> Bool {
    guard voxel > 0 else { return false }
    let needed = Int((envelope.minimumSide / voxel * envelope.minimumSide / voxel).rounded())
    return somethingStandsOn(extent, frame: frame, plane: plane, envelope: envelope, count: sampled.count,
                             needed: Double(needed), point: { sampled[$0] }, weight: { _ in 1 })
}

/// Whether the points standing on a surface reach `needed`: of `count` points (`point(i)`, world
/// frame; nil skips one), those `envelope.minimumHeight` to `envelope.maximumParcelSide` above
/// `plane` and over `extent` (the surface seen from above in `frame`, whose plane is `plane`),
/// each counting `weight(i)`. Shared by the pipeline's floor (`carriesAnObject`: down-sampled
/// points, one each) and the live analysis (`LiveFrameAnalyzer.carriesAnObject`: analysed pixels,
/// each its footprint's area), so that both judge a support by one rule.
func somethingStandsOn(_ extent: Rectangle2D, frame: FloorFrame, plane: Plane, envelope: EnvelopeParameters, count: Int,
                       needed: Double, point: (Int) -> SIMD3<Double>?, weight: (Int) -> Double) -> Bool {
    var over = 0.0
    for i in 0..<count {
        guard let p = point(i) else { continue }
        let height = plane.signedDistance(p)
        guard height >= envelope.minimumHeight, height <= envelope.maximumParcelSide else { continue }
        let q = frame.local(p)
        guard extent.contains(SIMD2(q.x, q.y)) else { continue }
        over += weight(i)
        if over >= needed { return true }
    }
    return false
}

/// Indices of `planes` grouped into families of parallel planes (normals within 10 degrees of
/// the family's first), in order of each family's first plane.
func parallelFamilies(_ planes: [Plane]) -> [[Int]] {
    var families: [[Int]] = []
    for (i, plane) in planes.enumerated() {
        if let f = families.firstIndex(where: { dot(planes[$0[0]].normal, plane.normal) > cos(10 * Double.pi / 180) }) {
            families[f].append(i)
        } else {
            families.append([i])
        }
    }
    return families
}

/// How much a plane whose up normal is `normal` (world frame) looks like the floor to the
/// scene's reference camera held upright: the normal's component along the image's up
/// direction plus its component toward the camera along the optical axis. A camera looking
/// down at elevation e sees the floor's normal at cos e + sin e (1 to 1.41) and a wall facing it
/// at cos e − sin e (−1 to 1); a wall to the side scores 0. A camera rolled by 90 degrees and
/// looking down less than 45 degrees would take such a wall for the floor.
func uprightScore(_ normal: SIMD3<Double>, scene: FusedScene) -> Double {
    let imageUp = scene.worldFromReferenceCamera.rotate(SIMD3(0, -1, 0))
    return dot(normal, imageUp) - dot(normal, scene.viewDirection)
}

/// Height of `plane` above `reference` along the reference's up normal, at the point of
/// `plane` nearest the origin of `reference`.
private func heightOf(_ plane: Plane, relativeTo reference: Plane) -> Double {
    reference.signedDistance(-plane.offset * plane.normal)
}

/// Refits the plane on the full-resolution points within `band` metres (the sensor's
/// `inlierBand`; PCL, optimized coefficients), keeping the up orientation; returns the plane and
/// the RMS distance.
private func refineFloor(_ plane: Plane, scene: FusedScene, band: Double,
                         gravity: SIMD3<Double>?) -> (plane: Plane, rms: Double) {
    let near = scene.pointsInWorld.filter { abs(plane.signedDistance(scene.pointsInWorld[$0])) <= 2 * band }
    var result = plane
    let params = cpc_plane_params.ransac(threshold: band, iterations: 100, axis: plane.normal, epsilonDegrees: 3)
    if near.count >= 50, let fit = try? NativeCloud.fitPlane(near, parameters: params) {
        var refined = Plane(coefficients: fit.coefficients)
        if dot(refined.normal, plane.normal) < 0 { refined = refined.flipped }
        result = refined
    }
    var sum = 0.0, count = 0
    for i in 0..<near.count {
        let d = result.signedDistance(near[i])
        if abs(d) <= band { sum += d * d; count += 1 }
    }
    return (result, count > 0 ? (sum / Double(count)).squareRoot() : 0)
}
