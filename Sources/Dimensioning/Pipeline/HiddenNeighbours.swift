import Foundation

/// Points of other objects partly hidden behind the box: within `bandPixels` (the sensor's
/// widest band of mixed pixels, `SensorBehaviour.maximumBandPixels`) of it in the reference
/// image, farther from the camera than the box there (by more than 2 cm), more than 8 mm
/// outside its footprint (a fragment of the box's own side lies on the outline) and within
/// `reach` metres of it. Their contact with the box, if any, is out of sight, so the engine does
/// not guess: they are reported as several boxes. A touching parcel's top is seen past the band
/// between the two. Not counted:
/// - an object in front of the box or beside it in plain view;
/// - a bump of the floor (a stereo camera's noise, a mat): an object whose top stands lower than
///   `minimumNeighbourHeight` metres, the lowest parcel, is not a parcel (what is seen of a
///   parcel behind the box, from above, is its top);
/// - a wall or furniture: an object standing higher than `maximumNeighbourHeight` metres or
///   wider than `maximumNeighbourExtent` metres is not a parcel;
/// - the box's own band: an object with fewer than 10 points farther than `bandPixels` from
///   the box's cluster and from its fitted outline in the image (`CuboidSilhouette`), which is
///   all a sensor's mixed pixels at its edges can reach;
/// - a fragment of the box itself (at least `ownFootprintShare` of its points within
///   `ownFootprintMargin` metres of the box's footprint: a side face that a wide blur band at
///   the top's edge split off the box's cluster);
/// - an object whose near face is seen standing apart (see `showsFaceApart`).
///
/// 0 for unorganized clouds.
func occludedNeighbourPoints(_ scene: FusedScene, box: BoxSegment, cuboid: CuboidFit, bandPixels: Double,
                             reach: Double, minimumNeighbourHeight: Double, maximumNeighbourHeight: Double,
                             maximumNeighbourExtent: Double,
                             ownFootprintMargin: Double = 0.01, ownFootprintShare: Double = 0.5,
                             faceDrop: Double = 0.015, faceClearance: Double = 0.03) -> Int {
    guard let pixels = scene.pixelIndex, scene.gridWidth > 0, !box.otherObjectIndices.isEmpty else { return 0 }
    let width = scene.gridWidth, height = scene.gridHeight
    let camera = scene.cameraPosition
    // Nearest box distance (metres from the camera) within `bandPixels` of each pixel.
    var nearBox = [Double](repeating: .infinity, count: width * height)
    let nearReach = Int(bandPixels.rounded())
    for i in box.pointIndices {
        let p = Int(pixels[i]), x = p % width, y = p / width
        let distance = length(scene.pointsInWorld[i] - camera)
        for v in max(0, y - nearReach)...min(height - 1, y + nearReach) {
            for u in max(0, x - nearReach)...min(width - 1, x + nearReach) where distance < nearBox[v * width + u] {
                nearBox[v * width + u] = distance
            }
        }
    }
    // Each other object's point in the floor frame (metres, z up from the floor).
    let local = box.otherObjectIndices.map { box.floorFrame.local(scene.pointsInWorld[$0]) }
    // Size of each other object, seen from above: its heights and footprint bounds. A fragment
    // of the box itself (a side face split off by a wide blur band at the top's edge) lies
    // mostly on the box's own footprint, within `ownFootprintMargin` of it; a parcel behind the
    // box does not.
    var heights: [Int32: [Double]] = [:], low: [Int32: SIMD2<Double>] = [:], high: [Int32: SIMD2<Double>] = [:]
    var onOwnFootprint: [Int32: Int] = [:]
    for (k, q) in local.enumerated() {
        let label = box.otherObjectLabels[k]
        let p = SIMD2(q.x, q.y)
        heights[label, default: []].append(q.z)
        low[label] = pointwiseMin(low[label] ?? p, p)
        high[label] = pointwiseMax(high[label] ?? p, p)
        if cuboid.footprint.contains(p, margin: ownFootprintMargin) { onOwnFootprint[label, default: 0] += 1 }
    }
    // The box's own band: a sensor's mixed pixels (blurred between the top and the surface
    // behind it, or near depth spread over far depth) within its widest band of the box in the
    // image, of its cluster or of its fitted outline (the cluster need not reach the outline).
    // They can be clustered apart from the box as a thin "skirt" along its outline; a parcel
    // shows more of itself than that.
    let silhouette = CuboidSilhouette(scene, frame: box.floorFrame, footprint: cuboid.footprint, height: cuboid.height)
    var beyondOutline: [Int32: Int] = [:]
    for (k, i) in box.otherObjectIndices.enumerated() where !nearBox[Int(pixels[i])].isFinite {
        let p = Int(pixels[i])
        if let silhouette, silhouette.isWithin(bandPixels, of: SIMD2(Double(p % width), Double(p / width))) { continue }
        beyondOutline[box.otherObjectLabels[k], default: 0] += 1
    }
    // The object's top: a high quantile of its heights, so that one noisy sample above it does
    // not make its top look like a face.
    var tops: [Int32: Double] = [:]
    for (label, h) in heights { tops[label] = Statistics.quantile(h, 0.98) }
    func isParcelSized(_ label: Int32) -> Bool {
        guard let t = tops[label], let l = low[label], let h = high[label], let n = heights[label]?.count else { return false }
        guard (beyondOutline[label] ?? 0) >= 10 else { return false }
        guard Double(onOwnFootprint[label] ?? 0) < ownFootprintShare * Double(n) else { return false }
        return t >= minimumNeighbourHeight && t <= maximumNeighbourHeight && length(h - l) <= maximumNeighbourExtent
    }
    // Each parcel-sized object's points bordering the box: height above the floor and distance
    // outside the box's footprint (metres).
    let cameraLocal = box.floorFrame.local(camera)
    let unseen = unexplainedGaps(cuboid.edges)
    var bordering: [Int32: [NeighbourSample]] = [:]
    for (k, i) in box.otherObjectIndices.enumerated() {
        let boxDistance = nearBox[Int(pixels[i])]
        guard boxDistance.isFinite, length(scene.pointsInWorld[i] - camera) > boxDistance + 0.02 else { continue }
        let q = local[k]
        let label = box.otherObjectLabels[k]
        let outside = cuboid.footprint.distanceOutside(SIMD2(q.x, q.y))
        guard outside <= reach, isParcelSized(label) else { continue }
        // Seen over the box's top (the end of its shadow at this height), or seen directly. Of
        // a line of sight over the top, only the part past the side's unexplained gap shows
        // space: inside that gap nothing was seen, so the object's top may reach on under it.
        let sightOutside = q.z >= cuboid.height ? outside
            : sightCrossing(from: cameraLocal, to: q, level: cuboid.height).map { crossing in
                cuboid.footprint.distanceOutside(crossing) - unseen[cuboid.footprint.sideIndex(beside: crossing)]
            }
        bordering[label, default: []].append(NeighbourSample(height: q.z, outside: outside, sightOutside: sightOutside))
    }
    var count = 0
    for (label, samples) in bordering {
        guard let top = tops[label],
              !showsFaceApart(samples, top: top, drop: faceDrop, clearance: faceClearance) else { continue }
        count += samples.filter { $0.outside > 0.008 }.count
    }
    return count
}

/// How far past each side (metres, footprint side order +A, −A, +B, −B) nothing was seen that
/// the sensor's band does not explain: for a silhouette side whose gap `reconcileBands` found
/// wider than the capture's band (`EdgeEstimate.bandFromOtherSides`, `captureBandPixels`), its
/// gap less that band, in pixels, times its pixel footprint; 0 for every other side, and for all
/// of them when no clean side shows the band. A touching parcel's top behind a box, the mixed
/// pixels between the two tops lost, begins past such a gap: its line of sight crosses the box's
/// top level outside the footprint by the gap's width, which shows no space between the two
/// (retired split, seed 7919, scenario 234: a touching pair behind a 7-px gap, where the
/// capture's other sides show 3.5 px, was taken for a parcel standing 2-4 cm apart, and the
/// taller box accepted at 20 mm).
func unexplainedGaps(_ edges: [EdgeEstimate]) -> [Double] {
    guard let reference = captureBandPixels(edges) else { return [Double](repeating: 0, count: edges.count) }
    return edges.map { e in
        guard e.bandFromOtherSides, let band = e.bandPixels else { return 0 }
        return max(0, band - reference) * e.pixelFootprint
    }
}

/// One point of another object where it borders the box in the image: its height above the
/// floor and how far (metres) it lies outside the box's footprint, seen from above; and, for a
/// point lower than the box's top, how far outside the footprint its line of sight crosses the
/// top's level (`sightOutside`, metres, negative over the footprint; nil when not known): 0 where
/// the line grazes the top's edge, the end of the box's shadow at that point's height.
struct NeighbourSample: Sendable, Equatable {
    var height: Double
    var outside: Double
    var sightOutside: Double? = nil
}

/// True when what the box hides of an object cannot touch it: at most 5 % of the samples
/// bordering the box show less than `clearance` metres of seen space between the object and
/// the box. A sample more than `drop` metres below the object's `top` is on its near face
/// (the line of sight over the box's edge meets the face, so the object is taller there than
/// the line): a parcel's faces are vertical, so the hidden part of that face stands where the
/// seen part does, its distance outside the footprint. A sample on its top shows the top's near
/// edge only as far as the box's shadow at that height: its line of sight must cross the box's
/// top level `clearance` or more outside the footprint (`NeighbourSample.sightOutside`), or the
/// top may reach on under the line of sight to the box, out of sight.
func showsFaceApart(_ samples: [NeighbourSample], top: Double, drop: Double, clearance: Double) -> Bool {
    guard !samples.isEmpty else { return false }
    let seenGaps = samples.map { $0.height < top - drop ? $0.outside : ($0.sightOutside ?? 0) }
    guard let nearest = Statistics.quantile(seenGaps, 0.05) else { return false }
    return nearest > clearance
}
