import Foundation

/// Points of other objects partly hidden behind the box: within 3 pixels of it in the reference
/// image, farther from the camera than the box there (by more than 2 cm), more than 8 mm
/// outside its footprint (a fragment of the box's own side lies on the outline) and within
/// `reach` metres of it. Their contact with the box, if any, is out of sight, so the engine does
/// not guess: they are reported as several boxes. Not counted:
/// - an object in front of the box or beside it in plain view;
/// - a wall or furniture: an object standing higher than `maximumNeighbourHeight` metres or
///   wider than `maximumNeighbourExtent` metres is not a parcel;
/// - the box's own edge band: an object with fewer than 10 points beyond it, which is every pixel
///   within 5 pixels of the box in the image and every point whose line of sight crosses the
///   top's level within 5 pixels (`pixelFootprint` metres each) of the footprint, as a mixed
///   pixel between the top's edge and the surface behind does (the box's cluster need not
///   reach its true outline);
/// - a fragment of the box itself (at least `ownFootprintShare` of its points within
///   `ownFootprintMargin` metres of the box's footprint: a side face that a wide blur band at
///   the top's edge split off the box's cluster);
/// - an object whose near face is seen standing apart (see `showsFaceApart`).
///
/// 0 for unorganized clouds.
func occludedNeighbourPoints(_ scene: FusedScene, box: BoxSegment, cuboid: CuboidFit, pixelFootprint: Double,
                             reach: Double, maximumNeighbourHeight: Double, maximumNeighbourExtent: Double,
                             ownFootprintMargin: Double = 0.01, ownFootprintShare: Double = 0.5,
                             faceDrop: Double = 0.015, faceClearance: Double = 0.03) -> Int {
    guard let pixels = scene.pixelIndex, scene.gridWidth > 0, !box.otherObjectIndices.isEmpty else { return 0 }
    let width = scene.gridWidth, height = scene.gridHeight
    let camera = scene.cameraPosition
    // Nearest box distance (metres from the camera) within 3 pixels of each pixel.
    var nearBox = [Double](repeating: .infinity, count: width * height)
    for i in box.pointIndices {
        let p = Int(pixels[i]), x = p % width, y = p / width
        let distance = length(scene.pointsInWorld[i] - camera)
        for v in max(0, y - 3)...min(height - 1, y + 3) {
            for u in max(0, x - 3)...min(width - 1, x + 3) where distance < nearBox[v * width + u] {
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
    // A sensor's edge band (blurred or mixed pixels between the top and the floor behind it)
    // can be clustered apart from the box as a thin "skirt" along its outline: an object all
    // of whose points lie within `skirtPixels` of the box in the image is that, not a parcel.
    let skirtPixels = 5
    var nearOutline = [Bool](repeating: false, count: width * height)
    for i in box.pointIndices {
        let p = Int(pixels[i]), x = p % width, y = p / width
        for v in max(0, y - skirtPixels)...min(height - 1, y + skirtPixels) {
            for u in max(0, x - skirtPixels)...min(width - 1, x + skirtPixels) { nearOutline[v * width + u] = true }
        }
    }
    // So is a mixed pixel of the top's edge farther out in the image (the box's own cluster
    // need not reach the true outline): it lies on a line of sight that crosses the top's level
    // within `skirtPixels` pixels of the footprint, on its way down to the background.
    let skirt = Double(skirtPixels) * pixelFootprint
    let cameraLocal = box.floorFrame.local(camera)
    var beyondOutline: [Int32: Int] = [:]
    for (k, i) in box.otherObjectIndices.enumerated() where !nearOutline[Int(pixels[i])] {
        let q = local[k]
        if q.z < cuboid.height, cameraLocal.z > cuboid.height,
           let (t, cut) = cutWithPlane(from: cameraLocal, through: q, height: cuboid.height),
           t < 1, cuboid.footprint.contains(cut, margin: skirt) { continue }
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
        return t <= maximumNeighbourHeight && length(h - l) <= maximumNeighbourExtent
    }
    // Each parcel-sized object's points bordering the box: height above the floor and distance
    // outside the box's footprint (metres).
    var bordering: [Int32: [NeighbourSample]] = [:]
    for (k, i) in box.otherObjectIndices.enumerated() {
        let boxDistance = nearBox[Int(pixels[i])]
        guard boxDistance.isFinite, length(scene.pointsInWorld[i] - camera) > boxDistance + 0.02 else { continue }
        let q = local[k]
        let label = box.otherObjectLabels[k]
        let outside = cuboid.footprint.distanceOutside(SIMD2(q.x, q.y))
        guard outside <= reach, isParcelSized(label) else { continue }
        bordering[label, default: []].append(NeighbourSample(height: q.z, outside: outside))
    }
    var count = 0
    for (label, samples) in bordering {
        guard let top = tops[label],
              !showsFaceApart(samples, top: top, drop: faceDrop, clearance: faceClearance) else { continue }
        count += samples.filter { $0.outside > 0.008 }.count
    }
    return count
}

/// One point of another object where it borders the box in the image: its height above the
/// floor and how far (metres) it lies outside the box's footprint, seen from above.
struct NeighbourSample: Sendable, Equatable {
    var height: Double
    var outside: Double
}

/// True when the box hides only the lower part of an object's near face, which stands apart
/// from the box: at least `faceShare` of the samples bordering the box lie more than `drop`
/// metres below the object's `top` (on a side face, not its top: the line of sight over the
/// box's edge meets the object's face, so the object is taller there than the line), and their
/// 5 % quantile lies more than `clearance` metres outside the box's footprint. A parcel's faces
/// are vertical, so the hidden part of that face stands where the seen part does: the floor
/// between the two is hidden, but nothing there can touch the box. An object whose top borders
/// the box (lower than the line of sight) may reach under it to the box, out of sight, and is
/// not cleared.
func showsFaceApart(_ samples: [NeighbourSample], top: Double, drop: Double, clearance: Double,
                    faceShare: Double = 0.8) -> Bool {
    guard !samples.isEmpty else { return false }
    let onFace = samples.filter { $0.height < top - drop }
    guard Double(onFace.count) >= faceShare * Double(samples.count),
          let nearest = Statistics.quantile(samples.map(\.outside), 0.05) else { return false }
    return nearest > clearance
}
