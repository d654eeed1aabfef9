import Foundation

/// Places barcode reads on the measured box: the stage's cheap half, after `readBarcodes`.
///
/// For each read, in its frame:
/// 1. The code's quadrilateral is carried from colour to depth pixels (same camera, intrinsics
///    scaled), and the depth pixels inside it are unprojected; a plane z = a x + b y + c is
///    fitted to them by least squares (camera frame), once more without points over 1 cm off.
/// 2. The rays through the four corners meet that plane: the corners in metres, then in the
///    world with the frame's pose.
/// 3. Module size: for linear codes the width across the bars (the distance between the first
///    and the last bar's lines) divided by the symbology's module count; for matrix codes the
///    mean side over the modules across and down. The same in colour pixels gives `modulePixels`.
/// 4. Face: the centre and normal in the fitted cuboid's frame: on the top plane or a side plane
///    (within `faceTolerance`, normals within `faceAngleTolerance`, inside the face's extent),
///    else off the box; unknown without a cuboid or without depth at the code.
///
/// Reads are grouped by symbology and text; a group reports the median module size of its reads,
/// the face and distance of its sharpest read, and how many frames read it.
public func placeBarcodes(_ observations: [BarcodeObservation], in capture: DepthCapture, result: PipelineResult?,
                          parameters: BarcodeParameters = .init()) -> [BarcodeReading] {
    var groups: [String: [BarcodeObservation]] = [:]
    var order: [String] = []
    for observation in observations {
        let key = observation.symbology.rawValue + "\u{0}" + observation.text
        if groups[key] == nil { order.append(key) }
        groups[key, default: []].append(observation)
    }
    return order.map { key in
        let reads = groups[key]!
        let placed = reads.map { placeOne($0, capture: capture, result: result, parameters: parameters) }
        let sharpest = placed[0], first = reads[0]
        let moduleSize = Statistics.median(placed.compactMap(\.moduleSize))
        let modulePixels = Statistics.median(placed.compactMap(\.modulePixels))
        var readable: Bool?
        if let moduleSize, let distance = sharpest.distance {
            readable = parameters.scanner.canRead(moduleSize: moduleSize, distance: distance, linear: first.symbology.isLinear)
        }
        return BarcodeReading(symbology: first.symbology, text: first.text, face: sharpest.face, moduleSize: moduleSize,
                              modulePixels: modulePixels, scannerReadable: readable, distance: sharpest.distance,
                              centerInWorld: sharpest.center, reads: reads.count,
                              firstFrame: reads.map(\.frameIndex).min() ?? first.frameIndex)
    }
}

/// One read placed: module sizes, face, distance and centre (nil where unknown).
struct PlacedRead {
    var moduleSize: Double?
    var modulePixels: Double?
    var face: BarcodeFace
    var distance: Double?
    var center: SIMD3<Double>?
}

func placeOne(_ o: BarcodeObservation, capture: DepthCapture, result: PipelineResult?,
              parameters: BarcodeParameters) -> PlacedRead {
    let modulePixels = moduleSizeOf(corners: o.corners.map { SIMD3($0.x, $0.y, 0) }, observation: o)
    guard o.frameIndex < capture.frames.count, o.corners.count == 4 else {
        return PlacedRead(moduleSize: nil, modulePixels: modulePixels, face: .unknown)
    }
    let frame = capture.frames[o.frameIndex]
    let k = o.intrinsics
    let rays = o.corners.map { SIMD3(($0.x - k.cx) / k.fx, ($0.y - k.cy) / k.fy, 1.0) }
    guard let plane = codePlane(rays: rays, frame: frame) else {
        return PlacedRead(moduleSize: nil, modulePixels: modulePixels, face: .unknown)
    }
    let cornersInCamera = rays.compactMap { plane.intersect($0) }
    let centreRay = rays.reduce(SIMD3<Double>.zero, +) / 4
    guard cornersInCamera.count == 4, let centre = plane.intersect(centreRay) else {
        return PlacedRead(moduleSize: nil, modulePixels: modulePixels, face: .unknown)
    }
    let size = moduleSizeOf(corners: cornersInCamera, observation: o)
    let worldFromCamera = frame.worldFromCamera ?? result?.scene.worldFromReferenceCamera ?? .identity
    let centreInWorld = worldFromCamera.apply(centre)
    let normalInWorld = worldFromCamera.rotate(plane.normal)
    let face = result.map { classifyFace(center: centreInWorld, normal: normalInWorld, cuboid: $0.cuboid, parameters: parameters) }
        ?? .unknown
    return PlacedRead(moduleSize: size, modulePixels: modulePixels, face: face,
                      distance: (centre * centre).sum().squareRoot(), center: centreInWorld)
}

/// Module size from the four corners (any unit, any frame): see `placeBarcodes`, step 3.
func moduleSizeOf(corners c: [SIMD3<Double>], observation o: BarcodeObservation) -> Double? {
    guard c.count == 4, let across = o.modulesAcross, across > 0 else { return nil }
    func norm(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
    if o.symbology.isLinear {
        let along = (c[1] + c[2] - c[0] - c[3]) / 2 // left side to right side
        let barDirection = (c[3] - c[0]) + (c[2] - c[1])
        let n = norm(barDirection)
        let width = n > 1e-9 ? norm(along - ((along * barDirection).sum() / (n * n)) * barDirection) : norm(along)
        return width / Double(across)
    }
    let width = (norm(c[1] - c[0]) + norm(c[2] - c[3])) / 2
    guard let down = o.modulesDown, down > 0 else { return width / Double(across) }
    let height = (norm(c[3] - c[0]) + norm(c[2] - c[1])) / 2
    return (width / Double(across) + height / Double(down)) / 2
}

/// The face of `cuboid` a code with centre `center` and unit normal `normal` (world) lies on.
func classifyFace(center: SIMD3<Double>, normal: SIMD3<Double>, cuboid: CuboidFit,
                  parameters: BarcodeParameters) -> BarcodeFace {
    let axes = cuboid.axesInWorld
    guard axes.count == 3 else { return .unknown }
    let d = center - cuboid.centerInWorld
    let q = SIMD3((d * axes[0]).sum(), (d * axes[1]).sum(), (d * axes[2]).sum())
    let n = SIMD3((normal * axes[0]).sum(), (normal * axes[1]).sum(), (normal * axes[2]).sum())
    let half = SIMD3(cuboid.length, cuboid.width, cuboid.height) / 2
    let tol = parameters.faceTolerance, cosLimit = cos(parameters.faceAngleTolerance)
    func within(_ axis: Int) -> Bool { abs(q[axis]) <= half[axis] + tol }
    if abs(q.z - half.z) <= tol, within(0), within(1), abs(n.z) >= cosLimit { return .top }
    for axis in 0..<2 where abs(abs(q[axis]) - half[axis]) <= tol && abs(n[axis]) >= cosLimit {
        if within(1 - axis), within(2) { return .side }
    }
    return .offBox
}

/// A plane z = a x + b y + c in a camera frame (metres), with its unit normal.
struct CameraPlane {
    var a: Double, b: Double, c: Double

    var normal: SIMD3<Double> {
        let v = SIMD3(a, b, -1.0)
        return v / (v * v).sum().squareRoot()
    }

    /// Where the ray t * r (t > 0) meets the plane; nil when it does not (or behind the camera).
    func intersect(_ r: SIMD3<Double>) -> SIMD3<Double>? {
        let denominator = r.z - a * r.x - b * r.y
        guard abs(denominator) > 1e-9 else { return nil }
        let t = c / denominator
        return t > 0 ? t * r : nil
    }
}

/// The plane of the depth pixels inside the quadrilateral whose corner rays are `rays` (camera
/// frame, z = 1), grown about its centre when it holds too few (a code smaller than a few depth
/// pixels); nil without enough depth.
func codePlane(rays: [SIMD3<Double>], frame: DepthFrame) -> CameraPlane? {
    let k = frame.intrinsics
    let quad = rays.map { SIMD2(k.fx * $0.x + k.cx, k.fy * $0.y + k.cy) }
    let centre = quad.reduce(SIMD2<Double>.zero, +) / 4
    for grow in [1.0, 1.5, 2.5] {
        let q = quad.map { centre + ($0 - centre) * grow }
        let points = depthPoints(inside: q, frame: frame)
        if points.count >= 6, let plane = fitCodePlane(points) { return plane }
    }
    return nil
}

/// Camera-frame points of the depth pixels whose centres lie inside convex quadrilateral `q`.
func depthPoints(inside q: [SIMD2<Double>], frame: DepthFrame) -> [SIMD3<Double>] {
    let xs = q.map(\.x), ys = q.map(\.y)
    let x0 = max(0, Int(floor(xs.min()!))), x1 = min(frame.width - 1, Int(ceil(xs.max()!)))
    let y0 = max(0, Int(floor(ys.min()!))), y1 = min(frame.height - 1, Int(ceil(ys.max()!)))
    guard x0 <= x1, y0 <= y1 else { return [] }
    func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }
    var points: [SIMD3<Double>] = []
    for y in y0...y1 {
        for x in x0...x1 {
            let p = SIMD2(Double(x), Double(y))
            var positive = 0, negative = 0
            for i in 0..<4 {
                let s = cross(q[(i + 1) % 4] - q[i], p - q[i])
                if s > 0 { positive += 1 } else if s < 0 { negative += 1 }
            }
            guard positive == 0 || negative == 0 else { continue }
            let d = Double(frame.depth(x: x, y: y))
            guard d > 0, d.isFinite, frame.confidence(x: x, y: y) > 0 else { continue }
            points.append(frame.intrinsics.unproject(u: Double(x), v: Double(y), depth: d))
        }
    }
    return points
}

/// Least-squares z = a x + b y + c, refitted once without points over 1 cm from the first fit.
func fitCodePlane(_ points: [SIMD3<Double>]) -> CameraPlane? {
    func solve(_ pts: [SIMD3<Double>]) -> CameraPlane? {
        guard pts.count >= 3 else { return nil }
        var m = [[Double]](repeating: [0, 0, 0], count: 3), r = [0.0, 0, 0]
        for p in pts {
            let v = [p.x, p.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += v[i] * v[j] }
                r[i] += v[i] * p.z
            }
        }
        guard let s = solve3(m, r) else { return nil }
        return CameraPlane(a: s[0], b: s[1], c: s[2])
    }
    guard let first = solve(points) else { return nil }
    let kept = points.filter { abs($0.z - (first.a * $0.x + first.b * $0.y + first.c)) <= 0.01 }
    return kept.count >= max(3, points.count / 2) ? (solve(kept) ?? first) : first
}

/// Solves the 3x3 system m x = r by Cramer's rule; nil when it is singular.
func solve3(_ m: [[Double]], _ r: [Double]) -> [Double]? {
    func det(_ a: [[Double]]) -> Double {
        a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    }
    let d = det(m)
    let scale = m.flatMap { $0 }.map(abs).max() ?? 0
    guard abs(d) > 1e-12 * max(scale * scale * scale, 1e-300) else { return nil }
    return (0..<3).map { column in
        var a = m
        for row in 0..<3 { a[row][column] = r[row] }
        return det(a) / d
    }
}
