import Foundation

/// The object chosen as the box: its points and the floor frame they were measured in.
public struct BoxSegment: Sendable {
    /// A frame on the floor (its `up` against gravity); heights are measured along `up`.
    public var floorFrame: FloorFrame
    /// Indices into `FusedScene.pointsInWorld` of the chosen cluster's points.
    public var pointIndices: [Int]
    /// Height above the floor (metres) of each of those points, in the same order.
    public var heights: [Double]
    /// Indices of all points standing on the floor (any cluster), for segmentation output.
    public var aboveFloorIndices: [Int]
    /// Indices of the points of every other cluster (other objects on the floor).
    public var otherObjectIndices: [Int]
    /// The cluster each of `otherObjectIndices` belongs to (parallel array).
    public var otherObjectLabels: [Int32]
    /// Clusters found above the floor (the chosen one included).
    public var clusterCount: Int
    /// Walls that joined the box's cluster (`wallsJoining`) or stand near it (`wallsBeside`),
    /// world frame; set by the pipeline, empty from `boxCandidates`.
    public var walls: [WallFit] = []
}

extension BoxSegment {
    /// Those of `found` (objects found again, on another floor or with points left out) that
    /// hold a point of this object.
    func foundAgain(in found: [BoxSegment]) -> [BoxSegment] {
        let members = Set(pointIndices)
        return found.filter { $0.pointIndices.contains(where: members.contains) }
    }

    /// Whether something of this object is still there among `found` (`foundAgain(in:)`).
    func isFoundAgain(in found: [BoxSegment]) -> Bool { !foundAgain(in: found).isEmpty }

    /// Of `found` (the objects found again on another floor), the one sharing most points with
    /// this one; nil when none shares any.
    func sharingMostPoints(in found: [BoxSegment]) -> BoxSegment? {
        let members = Set(pointIndices)
        var best: (shared: Int, box: BoxSegment)?
        for box in found {
            let shared = box.pointIndices.reduce(0) { $0 + (members.contains($1) ? 1 : 0) }
            if shared > 0 && shared > (best?.shared ?? 0) { best = (shared, box) }
        }
        return best?.box
    }
}

/// Isolates the box: the first of `boxCandidates`, the object the camera is aimed at.
///
/// - Throws: `noBox` when no cluster has `minimumClusterPoints` points.
public func isolateBox(_ scene: FusedScene, floor: FloorFit, parameters: IsolationParameters = .init()) throws(DimensioningError) -> BoxSegment {
    try boxCandidates(scene, floor: floor, parameters: parameters, limit: 1)[0]
}

/// The objects standing on the floor, in the order they are considered as the box: points
/// between `minimumHeightAboveFloor` and `maximumHeightAboveFloor` above the floor, grouped by
/// Euclidean clustering with `clusterTolerance`: the clusters of PCL's kd-tree
/// `EuclideanClusterExtraction`, computed as radius-connected components on a voxel hash grid
/// (`cpc_radius_components`: FLANN's strict float distance test, so the same clusters),
/// ordered by the smallest angle any of their points makes with the reference camera's optical axis (ties within 0.2 degrees:
/// the larger cluster first). At most `limit` are returned. Points within `wallBand` metres of
/// one of `walls` stand on no object.
///
/// A cluster whose points rise less than `leastObjectHeight` metres above the floor (their 99th
/// percentile) comes after every taller one, whatever its angle: a bump of a noisy floor (a
/// time-of-flight camera's far floor, 2-5 cm above its plane in blobs of a few hundred points)
/// or a mat lying flat is no parcel, and the pipeline only passes it over; taken first, such
/// blobs filled the `limit` and the table with a box on it, off the image centre, was never
/// looked at (the fixed split, seed 5077, `--on-table`, capture 84: a box cut off by the
/// image's border refused as "not a cuboid" for a floor blob's shape). Default 0: by angle alone.
///
/// - Throws: `noBox` when no cluster has `minimumClusterPoints` points.
public func boxCandidates(_ scene: FusedScene, floor: FloorFit, parameters: IsolationParameters = .init(),
                          limit: Int = 4, walls: [WallFit] = [], wallBand: Double = 0,
                          leastObjectHeight: Double = 0) throws(DimensioningError) -> [BoxSegment] {
    let frame = FloorFrame(floor: floor.plane, hint: scene.viewDirection)
    let points = scene.pointsInWorld
    var above: [Int] = [], aboveHeights: [Double] = []
    for i in 0..<points.count {
        let h = floor.plane.signedDistance(points[i])
        guard h >= parameters.minimumHeightAboveFloor && h <= parameters.maximumHeightAboveFloor else { continue }
        if walls.contains(where: { abs($0.plane.signedDistance(points[i])) <= wallBand }) { continue }
        above.append(i)
        aboveHeights.append(h)
    }
    guard above.count >= parameters.minimumClusterPoints else { throw .noBox() }
    let candidates = points.subset(above)
    let labels: [Int32], clusterCount: Int
    do {
        (labels, clusterCount) = try NativeCloud.radiusComponents(
            candidates, tolerance: Float(parameters.clusterTolerance), minSize: parameters.minimumClusterPoints,
            maxSize: Int(Int32.max))
    } catch { throw .internalFailure(reason: "clustering: \(error.message)") }
    guard clusterCount > 0 else { throw .noBox() }

    let camera = scene.cameraPosition, axis = scene.viewDirection
    var bestAngle = [Double](repeating: .infinity, count: clusterCount)
    var members = [[Int]](repeating: [], count: clusterCount)
    var memberHeights = [[Double]](repeating: [], count: clusterCount)
    for (j, label) in labels.enumerated() where label >= 0 {
        bestAngle[Int(label)] = min(bestAngle[Int(label)], angleOffAxis(candidates[j], camera: camera, axis: axis))
        members[Int(label)].append(above[j])
        memberHeights[Int(label)].append(aboveHeights[j])
    }
    // The 99th percentile, at its lower rank, as `objectTop` takes a cluster's highest level.
    let tallEnough = memberHeights.map { heights in
        guard leastObjectHeight > 0, let level = Statistics.lowerRankQuantile(heights, 0.99) else { return true }
        return level >= leastObjectHeight
    }
    // Angles within 0.2 degrees count as a tie (both clusters cover the image centre).
    let order = (0..<clusterCount).sorted { a, b in
        if tallEnough[a] != tallEnough[b] { return tallEnough[a] }
        if abs(bestAngle[a] - bestAngle[b]) > 0.0035 { return bestAngle[a] < bestAngle[b] }
        if members[a].count != members[b].count { return members[a].count > members[b].count }
        return a < b
    }
    return order.prefix(max(1, limit)).map { cluster in
        let indices = members[cluster]
        var others: [Int] = [], otherLabels: [Int32] = []
        for (j, label) in labels.enumerated() where label >= 0 && label != Int32(cluster) {
            others.append(above[j])
            otherLabels.append(label)
        }
        return BoxSegment(floorFrame: frame, pointIndices: indices, heights: memberHeights[cluster],
                          aboveFloorIndices: above, otherObjectIndices: others, otherObjectLabels: otherLabels, clusterCount: clusterCount)
    }
}

/// The angle (radians, 0...π) between the ray from `camera` to `point` and the optical `axis`
/// (a unit vector; world coordinates, metres): how far off the aim a point lies.
func angleOffAxis(_ point: SIMD3<Double>, camera: SIMD3<Double>, axis: SIMD3<Double>) -> Double {
    let ray = point - camera
    return acos(min(1, max(-1, dot(ray, axis) / max(length(ray), 1e-9))))
}
