import Foundation

/// Which point of a fused scene each pixel of the reference image holds (`-1`: none), for
/// looking at a point's neighbours in the image.
struct PixelPoints: Sendable {
    var width: Int
    var height: Int
    var point: [Int32]

    /// Nil for an unorganised cloud (no pixel grid).
    init?(_ scene: FusedScene) {
        guard let pixels = scene.pixelIndex, scene.gridWidth > 0, scene.gridHeight > 0 else { return nil }
        width = scene.gridWidth
        height = scene.gridHeight
        point = [Int32](repeating: -1, count: width * height)
        for (i, p) in pixels.enumerated() where p >= 0 && Int(p) < point.count { point[Int(p)] = Int32(i) }
    }
}

/// How many of the points `indices`' pixels have a 4-neighbour in the reference image holding a
/// point that is not one of `indices` and lies at least `nearer` metres nearer the camera: the
/// outline where something in front hides the object (a taller carton between it and the
/// camera, a box standing before it). Zero for an unorganised cloud.
func hiddenOutlinePixels(_ scene: FusedScene, pixels: PixelPoints?, indices: [Int], nearer: Double = 0.03) -> Int {
    guard let grid = pixels, let pixelOf = scene.pixelIndex else { return 0 }
    let members = Set(indices)
    let camera = scene.cameraPosition
    var hidden = 0
    for i in indices {
        let p = Int(pixelOf[i]), x = p % grid.width, y = p / grid.width
        let range = length(scene.pointsInWorld[i] - camera)
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let nx = x + dx, ny = y + dy
            guard nx >= 0, ny >= 0, nx < grid.width, ny < grid.height else { continue }
            let j = Int(grid.point[ny * grid.width + nx])
            guard j >= 0, !members.contains(j) else { continue }
            if length(scene.pointsInWorld[j] - camera) < range - nearer {
                hidden += 1
                break
            }
        }
    }
    return hidden
}

/// How many sides of `rectangle` (floor coordinates of `map.frame`, metres) the camera cannot see
/// past at `level` metres above the floor: sides where most of the points half a cell out, one
/// per cell along the side, lie in the shadow of something higher (`lineOfSightBlocked`).
///
/// A top's outline ends where its lid ends only if the camera could have seen the lid run on.
/// Past a side in a taller neighbour's shadow the lid may run on unseen, whatever the outline's
/// pixels border: on held-out scenes (`boxdim accuracy --scenes 120 --seed 3313`, scene 34) a
/// lower lid with 75 mm of it in such a shadow bordered the neighbour in 4 pixels only (the
/// shadow's edge returned nothing), and came out 75 mm short. `margin` (metres) is how much
/// higher than the line of sight a cell must stand to block it (the lid's own noise stays under).
func sidesSeenPastBlocked(_ rectangle: Rectangle2D, level: Double, camera: SIMD3<Double>, map: HeightMap,
                          margin: Double, pixelAngle: Double) -> Int {
    let step = map.cellSize
    return (0..<4).filter { k in
        let side = rectangle.side(k)
        var blocked = 0, samples = 0
        var offset = -side.halfLength + step
        while offset <= side.halfLength - step {
            let p = rectangle.center + (side.distance + step / 2) * side.normal + offset * side.along
            samples += 1
            // On something taller than the lid: the lid ends against it, in no shadow.
            let against = map.cellIndex(p).map { Double(map.top[$0]) > level + margin } ?? false
            if !against && lineOfSightBlocked(from: SIMD3(p.x, p.y, level), to: camera, map: map, margin: margin,
                                               pixelAngle: pixelAngle) {
                blocked += 1
            }
            offset += step
        }
        return samples > 0 && 2 * blocked > samples
    }.count
}

/// Whether the segment from `point` toward `camera` (floor coordinates of `map.frame`, metres)
/// passes under, or within two pixels of, the top of a cell standing more than `margin` metres
/// above `point` (something taller than the lid there, not the lid itself), from one cell out
/// until it rises past the map's highest top, in half-cell steps. A pixel spans
/// `pixelAngle` radians (a pixel's footprint is its range times that): the rays that graze a
/// taller object's edge return blends of its top and what lies beyond, which a sensor drops or
/// spreads over a pixel or two (held out, scene 34: the lid's line of sight cleared the
/// neighbour's rim by 5 mm at 1.3 m, 80 mm of nothing seen between).
func lineOfSightBlocked(from point: SIMD3<Double>, to camera: SIMD3<Double>, map: HeightMap, margin: Double,
                        pixelAngle: Double) -> Bool {
    let d = camera - point
    let horizontal = (d.x * d.x + d.y * d.y).squareRoot(), range = (d * d).sum().squareRoot()
    guard horizontal > 1e-9, d.z > 0 else { return false }
    let reach = min(horizontal, max(0, (map.highest - point.z) / d.z * horizontal))
    var t = map.cellSize
    while t <= reach {
        let q = point + (t / horizontal) * d
        if let cell = map.cellIndex(SIMD2(q.x, q.y)), !map.top[cell].isNaN {
            let top = Double(map.top[cell])
            let graze = 2 * pixelAngle * range * (1 - t / horizontal)
            if top > point.z + margin && top > q.z - graze { return true }
        }
        t += map.cellSize / 2
    }
    return false
}
