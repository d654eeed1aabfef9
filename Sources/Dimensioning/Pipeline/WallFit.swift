import CPointCloud
import Foundation

/// A wall the box stands against or near: a vertical plane found in the box's cluster.
public struct WallFit: Sendable, Equatable {
    /// The wall's plane in the world frame. Its normal is horizontal (perpendicular to the
    /// floor's up) and points to the camera's side.
    public var plane: Plane
    /// How far its points run along the wall, metres (2nd to 98th percentile).
    public var width: Double
    /// How high its points reach above the floor, metres (98th percentile).
    public var height: Double
}

/// The walls that joined `cluster`: a box standing against a wall (or within the clustering
/// tolerance of it) forms one cluster with the wall's lower part, which would be refused as
/// cut off by the image border or as many objects standing together
/// (`objectGapToWalls` tells it from a cluster that is the wall alone, or joined to a box
/// well before it by stray pixels).
///
/// RANSAC (PCL `SACMODEL_PARALLEL_PLANE` around the floor's up, within 5°, on the cluster's
/// points down-sampled to `voxelSize`, inliers within `distanceThreshold`) finds the largest
/// vertical plane; it is a wall when its points 10 cm or more above the floor run unbroken (no
/// 5-cm gap, `widestRun`) at least `wallMinimumWidth` along it (a box's own face is shorter),
/// rise at least `wallMinimumRise` and fill a quarter of the rectangle they span (a vertical plane through a floor that a
/// time-of-flight camera bends up at the view's edges holds a long, low strip of it). A plane
/// that is no wall is set aside and the next largest tried, four planes at most: on a table the
/// largest can be a box's face with the strip of the table's top in its plane (tuning on-table
/// scenario 15, seed 2026, iPhone: the wall beyond the box was never tried, and table, box and
/// wall were refused as one object running off the view). A second wall (a corner) is looked
/// for on the remaining points. Deterministic (PCL's fixed RANSAC seed).
///
/// - Returns: the walls found, at most two; empty for a cluster with no wall in it.
func wallsJoining(_ scene: FusedScene, cluster: BoxSegment, parameters: WallParameters, floor: FloorParameters,
                  longestParcel: Double) -> [WallFit] {
    walls(in: cluster.pointIndices, of: scene, frame: cluster.floorFrame, parameters: parameters, floor: floor,
          longestParcel: longestParcel, minimumRise: parameters.minimumRise)
}

/// Whether `cluster` is a wall and nothing else: a vertical plane wider than the longest parcel
/// (found as `wallsJoining` finds one, whatever its seen rise: the view may cut a wall off a few
/// centimetres up) leaves no object when its points are taken away (`boxCandidates` without
/// the points within twice `band` of it). Such a cluster has no top: it is no box, cut off or
/// whole. A box against the wall leaves itself, and a row of boxes whose faces line up leaves
/// their tops.
func isWallAlone(_ scene: FusedScene, cluster: BoxSegment, floor: FloorFit, parameters: PipelineParameters) -> Bool {
    let found = walls(in: cluster.pointIndices, of: scene, frame: cluster.floorFrame, parameters: parameters.walls,
                      floor: parameters.floor, longestParcel: parameters.envelope.maximumParcelSide, minimumRise: 0)
    guard !found.isEmpty else { return false }
    let left = (try? boxCandidates(scene, floor: floor, parameters: parameters.isolation,
                                   limit: parameters.isolation.maximumCandidates, walls: found,
                                   wallBand: 2 * parameters.wallBand)) ?? []
    // Only what was of this cluster counts: another object in view is not left by the wall.
    return !cluster.isFoundAgain(in: left)
}

/// The walls standing near `box` without joining its cluster (a box a few centimetres from a
/// wall): `wallsJoining`'s search over the other clusters with a point within `reach` metres
/// (floor frame) of the box's points' bounding rectangle.
func wallsBeside(_ scene: FusedScene, box: BoxSegment, reach: Double, parameters: WallParameters, floor: FloorParameters,
                 longestParcel: Double) -> [WallFit] {
    let frame = box.floorFrame
    let (low, high) = floorBounds(box.pointIndices, of: scene, frame: frame)
    var near = Set<Int32>()
    for (k, i) in box.otherObjectIndices.enumerated() where !near.contains(box.otherObjectLabels[k]) {
        let q = frame.local(scene.pointsInWorld[i])
        if q.x >= low.x - reach && q.x <= high.x + reach && q.y >= low.y - reach && q.y <= high.y + reach {
            near.insert(box.otherObjectLabels[k])
        }
    }
    guard !near.isEmpty else { return [] }
    let indices = box.otherObjectIndices.indices.filter { near.contains(box.otherObjectLabels[$0]) }
        .map { box.otherObjectIndices[$0] }
    return walls(in: indices, of: scene, frame: frame, parameters: parameters, floor: floor, longestParcel: longestParcel,
                 minimumRise: parameters.minimumRise)
}

/// Up to two walls among the points at `indices` (see `wallsJoining`). Points spanning less
/// than `wallMinimumWidth` across, seen from above, hold none: no RANSAC is run (most captures).
private func walls(in indices: [Int], of scene: FusedScene, frame: FloorFrame, parameters: WallParameters, floor: FloorParameters,
                   longestParcel: Double, minimumRise: Double) -> [WallFit] {
    guard indices.count >= 200 else { return [] }
    let (low, high) = floorBounds(indices, of: scene, frame: frame)
    let span = high - low
    guard (span * span).sum().squareRoot() >= longestParcel,
          var remaining = try? NativeCloud.voxelDownsample(scene.pointsInWorld.subset(indices),
                                                            leaf: Float(floor.voxelSize)) else { return [] }
    var walls: [WallFit] = []
    // Up to four vertical planes, largest first: the largest may be no wall but a box's face
    // with the strip of the table's top in its plane, longer than the wall seen above it.
    for _ in 0..<4 where walls.count < 2 {
        guard remaining.count >= 100 else { break }
        let params = cpc_plane_params.ransac(threshold: floor.distanceThreshold, iterations: floor.maxIterations,
                                             axis: frame.up, epsilonDegrees: 5, axisInPlane: true)
        guard let fit = try? NativeCloud.fitPlane(remaining, parameters: params), fit.inlierCount >= 50 else { break }
        var plane = Plane(coefficients: fit.coefficients)
        if plane.signedDistance(scene.cameraPosition) < 0 { plane = plane.flipped }
        // PCL's least-squares refinement does not keep the constraint: check it.
        guard abs(dot(plane.normal, frame.up)) < sin(10 * Double.pi / 180) else { break }
        let along = normalize(cross(frame.up, plane.normal))
        var inPlane: [(position: Double, height: Double)] = []
        // Only points 10 cm or more above the floor: a vertical plane also cuts a strip from a
        // floor that a time-of-flight camera bends up at the view's edges.
        for i in 0..<remaining.count where fit.inliers[i] {
            let height = frame.local(remaining[i]).z
            guard height >= 0.1 else { continue }
            inPlane.append((dot(remaining[i], along), height))
        }
        var heights = inPlane.map(\.height)
        heights.sort()
        // The width is taken above the plane's own foot too (10 cm above it, or half its rise
        // for a wall seen only near its foot): the plane also cuts a strip from any level
        // surface it stands on, a table's top under a box's face. A wall is as wide above its
        // foot as at it; a box's face on a table is as wide as the box. (Tuning on a table,
        // seed 2026: nine lone boxes were refused as against a wall, their face and a strip of
        // the table's top 1.2 m wide taken for one.)
        let foot = percentile(heights, 0.02)
        let rise = percentile(heights, 0.98) - foot
        var positions = inPlane.filter { $0.height >= foot + min(0.1, rise / 2) }.map(\.position)
        positions.sort()
        // Its width is that of its widest unbroken run (no gap of 5 voxels along it): a wall is
        // one surface, while a box's face and the line the plane cuts across another object's
        // top beyond it are two (tuning on-table scenario 85, seed 2026: a box's face and a
        // second box's lid 0.3 m past its end spanned 1.02 m).
        let width = widestRun(positions, gap: 5 * floor.voxelSize)
        // A wall is a surface: it rises, and its points fill a fair share of the rectangle
        // they span (not a box's face and the floor beyond it in one plane).
        let cells = width * rise / (floor.voxelSize * floor.voxelSize)
        remaining = remaining.filter { !fit.inliers[$0] }
        guard width >= longestParcel, rise >= minimumRise, Double(inPlane.count) >= 0.25 * cells else { continue }
        walls.append(WallFit(plane: plane, width: width, height: percentile(heights, 0.98)))
    }
    return walls
}

/// The length (metres) of the widest run of sorted `positions` with no step wider than `gap`
/// between neighbours; 0 when empty.
func widestRun(_ positions: [Double], gap: Double) -> Double {
    guard var start = positions.first else { return 0 }
    var widest = 0.0
    for k in positions.indices.dropFirst() where positions[k] - positions[k - 1] > gap {
        widest = max(widest, positions[k - 1] - start)
        start = positions[k]
    }
    return max(widest, positions[positions.count - 1] - start)
}

/// The floor-frame bounding rectangle (x, y in metres) of the points at `indices`.
private func floorBounds(_ indices: [Int], of scene: FusedScene, frame: FloorFrame) -> (SIMD2<Double>, SIMD2<Double>) {
    var low = SIMD2<Double>(repeating: .infinity), high = SIMD2<Double>(repeating: -.infinity)
    for i in indices {
        let q = frame.local(scene.pointsInWorld[i])
        low = pointwiseMin(low, SIMD2(q.x, q.y))
        high = pointwiseMax(high, SIMD2(q.x, q.y))
    }
    return (low, high)
}

/// The value at fraction `q` (0...1) of sorted `values` (nearest rank); 0 when empty.
private func percentile(_ values: [Double], _ q: Double) -> Double {
    values.isEmpty ? 0 : values[Int((Double(values.count - 1) * q).rounded())]
}

/// How far (metres) each side of `footprint` (floor-frame rectangle, sides in
/// `EdgeRecord.sideNames` order) stands from the nearest of `walls` parallel to it within 20°
/// and outward of it, when that is within `reach`; nil otherwise.
func wallDistances(_ footprint: Rectangle2D, walls: [WallFit], frame: FloorFrame, reach: Double) -> [Double?] {
    let outward = [footprint.axisA, -footprint.axisA, footprint.axisB, -footprint.axisB]
    let halves = [footprint.halfA, footprint.halfA, footprint.halfB, footprint.halfB]
    return zip(outward, halves).map { direction, half in
        var nearest: Double?
        for wall in walls {
            let normal = SIMD2(dot(wall.plane.normal, frame.xAxis), dot(wall.plane.normal, frame.yAxis))
            let size = (normal * normal).sum().squareRoot()
            guard size > 0.5 else { continue }
            let n = normal / size
            guard abs(dot(n, direction)) >= cos(20 * Double.pi / 180) else { continue }
            // Signed distances of the centre and of the side's middle to the wall's plane.
            func distance(_ p: SIMD2<Double>) -> Double { wall.plane.signedDistance(frame.world(SIMD3(p.x, p.y, 0))) }
            // Distances on the centre's side of the wall: the wall stands outward of this side
            // when the side's middle is nearer it than the centre (or past it: measured long).
            let centre = distance(footprint.center)
            let middle = distance(footprint.center + direction * half) * (centre < 0 ? -1 : 1)
            guard middle < abs(centre), middle <= reach else { continue }
            nearest = min(nearest ?? .infinity, max(0, middle))
        }
        return nearest
    }
}

/// How far (metres) the object in a cluster that `walls` joined stands from them: the objects
/// are found again without the points within twice `PipelineParameters.wallBand` of a wall, and
/// the first one's top face (`fitTopFace`) is measured to the nearest wall (2nd percentile of
/// its points' distances). Nil when no object with a top of `IsolationParameters.minimumClusterPoints`
/// points remains (the cluster was the wall: its remnants hold a few dozen).
/// A box against the wall stands about the band from it; a box that stray pixels joined to a
/// wall well behind it, that far.
func objectGapToWalls(_ walls: [WallFit], scene: FusedScene, floor: FloorFit,
                      parameters: PipelineParameters) -> Double? {
    guard let again = try? boxCandidates(scene, floor: floor, parameters: parameters.isolation, limit: 1, walls: walls,
                                         wallBand: 2 * parameters.wallBand),
          let box = again.first, let top = try? fitTopFace(scene, box: box, parameters: parameters.top, planeBand: parameters.behaviour.inlierBand),
          top.inlierIndices.count >= parameters.isolation.minimumClusterPoints else { return nil }
    var distances = top.inlierIndices.map { i in
        walls.map { abs($0.plane.signedDistance(scene.pointsInWorld[i])) }.min() ?? .infinity
    }
    distances.sort()
    return distances[Int(Double(distances.count - 1) * 0.02)]
}
