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
