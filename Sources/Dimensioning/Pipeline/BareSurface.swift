import Foundation

/// Whether `cluster` is a bare surface: a table's, a bench's or a shelf's top with nothing
/// standing on it, which the view's floor holds up as one object.
///
/// Its top (`objectTop`: its points within 3 cm of its highest level), one connected surface
/// (its largest radius component at `IsolationParameters.clusterTolerance`), spans more, seen
/// from above, than the longest parcel (`EnvelopeParameters.maximumParcelSide`, along the
/// longer side of its minimum-area rectangle), and lies on one plane (PCL RANSAC within 10° of
/// the floor's normal, `planeLike`, 70 % of the top's points on it, as `supportAround` asks of
/// a support), and taken as the floor, nothing of the cluster stands on it (`boxCandidates`).
/// No parcel's top is that wide, so such a cluster is no box, cut off by the view or whole;
/// the same surface with a box on it keeps the box, whose top is the cluster's highest level.
/// The counterpart of `isWallAlone`, for horizontal surfaces. (The iPhone split held out, seed
/// 9041, `--on-table`: a bare table's top running out of the view was refused as "the box runs
/// off the edge of the view; move back".)
func isBareSurface(_ scene: FusedScene, cluster: BoxSegment, floor: FloorFit, parameters: PipelineParameters) -> Bool {
    objectsOnSurfaceTop(scene, cluster: cluster, floor: floor, parameters: parameters)?.standing.isEmpty ?? false
}

/// The objects standing on `cluster`'s top when that top is a surface wider than any parcel (a
/// table's, a bench's: `isBareSurface` tells how): found again on its plane (`boxCandidates`),
/// those holding points of the cluster (none for a bare surface), with that surface; nil when
/// the top is no such surface.
func objectsOnSurfaceTop(_ scene: FusedScene, cluster: BoxSegment, floor: FloorFit,
                         parameters: PipelineParameters) -> (surface: FloorFit, standing: [BoxSegment])? {
    guard let top = objectTop(scene, box: cluster),
          top.extent.longerSide > parameters.envelope.maximumParcelSide else { return nil }
    // One surface: the largest connected part of the top at the clustering tolerance, not two
    // parcels' tops at one height a few centimetres apart.
    guard let (cloud, extent) = largestConnectedPart(scene.pointsInWorld.subset(top.indices),
                                                     tolerance: parameters.isolation.clusterTolerance,
                                                     frame: cluster.floorFrame),
          extent.longerSide > parameters.envelope.maximumParcelSide else { return nil }
    guard let fit = planeLike(floor, through: cloud, minimumInliers: 30, parameters: parameters.floor),
          fit.inliers * 10 >= cloud.count * 7 else { return nil }
    let surface = FloorFit(plane: fit.plane, inlierCount: fit.inliers, inlierShare: Double(fit.inliers) / Double(cloud.count),
                           rms: fit.rms, usedGravity: floor.usedGravity)
    // Only what stands on this cluster's top counts: another object in view is not on it.
    let standing = (try? boxCandidates(scene, floor: surface, parameters: parameters.isolation, limit: Int.max)) ?? []
    return (surface, cluster.foundAgain(in: standing))
}

/// The largest connected part of `points` (PCL radius components at `tolerance` metres, parts of
/// 20 points or more) and the minimum-area rectangle of its footprint in `frame` (x, y, metres);
/// nil when no part has 20 points. A surface is judged by it, so that a strip far off in its
/// plane, or a second top at its level a few centimetres away, does not widen it.
func largestConnectedPart(_ points: PointCloud, tolerance: Double, frame: FloorFrame)
    -> (points: PointCloud, extent: Rectangle2D)? {
    guard let (labels, count) = try? NativeCloud.radiusComponents(points, tolerance: Float(tolerance), minSize: 20,
                                                                 maxSize: Int(Int32.max)), count > 0 else { return nil }
    var sizes = [Int](repeating: 0, count: count)
    for label in labels where label >= 0 { sizes[Int(label)] += 1 }
    let largest = Int32(sizes.indices.max { sizes[$0] < sizes[$1] } ?? 0)
    var part = PointCloud(), footprint: [SIMD2<Double>] = []
    for j in 0..<points.count where labels[j] == largest {
        part.append(points[j])
        let q = frame.local(points[j])
        footprint.append(SIMD2(q.x, q.y))
    }
    guard let extent = minimumAreaRectangle(points: footprint) else { return nil }
    return (part, extent)
}
