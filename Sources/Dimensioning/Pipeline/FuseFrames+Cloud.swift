/// The fusion stage for a single point cloud (.pcd/.ply): the points stay in the sensor's
/// frame, which becomes the world frame (gravity unknown). An organized cloud keeps its pixel
/// grid; its pinhole intrinsics are estimated from the points by least squares
/// (`u = fx * x/z + cx`, `v = fy * y/z + cy`), and flying pixels are removed as for frames.
func fuseSingleCloud(_ cloud: CapturedCloud, parameters: FusionParameters, sensor: SensorBehaviour) throws(DimensioningError) -> FusedScene {
    let source = cloud.pointsInCamera
    var keep = [Bool](repeating: false, count: source.count)
    for i in 0..<source.count {
        let z = source[i].z
        keep[i] = z >= sensor.minimumDepth && z <= sensor.maximumDepth
    }
    var intrinsics: CameraIntrinsics?
    if cloud.isOrganized, let index = cloud.pixelIndex {
        intrinsics = estimateIntrinsics(cloud, keep: keep)
        var grid = [FusedPixel](repeating: FusedPixel(), count: cloud.gridWidth * cloud.gridHeight)
        for i in 0..<source.count where keep[i] {
            grid[Int(index[i])] = FusedPixel(valid: true, point: source[i], highShare: 1)
        }
        removeFlyingPixels(&grid, width: cloud.gridWidth, height: cloud.gridHeight,
                           jumpPerMetre: sensor.jumpPerMetre)
        for i in 0..<source.count where keep[i] { keep[i] = grid[Int(index[i])].valid }
    }
    let points = source.filter { keep[$0] }
    guard points.count >= 3 else {
        throw .noDepth(reason: String(format: "no point of the cloud lies %.2f-%.2f m in front of the camera (are its axes and unit what --axes and --input-units say?)",
                                      sensor.minimumDepth, sensor.maximumDepth))
    }
    let pixelIndex = cloud.isOrganized ? cloud.pixelIndex.map { index in index.indices.filter { keep[$0] }.map { index[$0] } } : nil
    return FusedScene(pointsInWorld: points, pixelIndex: pixelIndex,
                      highConfidenceShare: [Float](repeating: 1, count: points.count),
                      gridWidth: cloud.isOrganized ? cloud.gridWidth : 0,
                      gridHeight: cloud.isOrganized ? cloud.gridHeight : 0,
                      intrinsics: intrinsics, worldFromReferenceCamera: .identity, gravityInWorld: nil,
                      frameCount: 1, frameSamples: nil)
}

/// Least-squares pinhole intrinsics of an organized cloud from its points and pixel grid;
/// nil when the fit is degenerate or not a plausible pinhole camera.
package func estimateIntrinsics(_ cloud: CapturedCloud, keep: [Bool]) -> CameraIntrinsics? {
    guard let index = cloud.pixelIndex else { return nil }
    // Two independent 1-D regressions: u on x/z and v on y/z.
    var su = LineFit(), sv = LineFit()
    let points = cloud.pointsInCamera
    for i in 0..<points.count where keep[i] {
        let p = points[i]
        let column = Double(Int(index[i]) % cloud.gridWidth), row = Double(Int(index[i]) / cloud.gridWidth)
        su.add(x: p.x / p.z, y: column)
        sv.add(x: p.y / p.z, y: row)
    }
    guard let (fx, cx) = su.solve(), let (fy, cy) = sv.solve(), fx > 0, fy > 0 else { return nil }
    let k = CameraIntrinsics(fx: fx, fy: fy, cx: cx, cy: cy, width: cloud.gridWidth, height: cloud.gridHeight)
    return k.isValid ? k : nil
}

/// Ordinary least squares y = a x + b.
package struct LineFit {
    private var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0
    package init() {}
    mutating package func add(x: Double, y: Double) { n += 1; sx += x; sy += y; sxx += x * x; sxy += x * y }
    package func solve() -> (slope: Double, intercept: Double)? {
        let det = n * sxx - sx * sx
        guard n >= 2, abs(det) > 1e-12 else { return nil }
        let a = (n * sxy - sx * sy) / det
        return (a, (sy - a * sx) / n)
    }
}
