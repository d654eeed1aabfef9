/// What `locateEdge` needs about the scene, prepared once per box.
struct EdgeEvidence {
    /// Box points below the top and above the floor band: (x, y) in rectangle coordinates and
    /// z their height above the floor, metres.
    var sidePoints: [SIMD3<Double>]
    /// Top-face points in rectangle coordinates.
    var topPoints: [SIMD2<Double>]
    /// Rays from the reference camera through scene points, cut with the top plane, in
    /// rectangle coordinates, with how far (metres) below the top the point itself lies: about 0
    /// when the ray hits the top (foreground), clearly positive when it passed over the box,
    /// negative when the point lies above the top (a lip).
    var rayCuts: [(position: SIMD2<Double>, drop: Double)]
    /// Points within this distance (metres) of the top plane are foreground.
    var foregroundBand: Double
    /// Camera position in rectangle coordinates (x, y) and its height above the top, metres.
    var camera: SIMD2<Double>
    var cameraAboveTop: Double
    /// Typical distance between neighbouring top-face samples, metres.
    var spacing: Double
    /// The reference camera's focal length in pixels, when known.
    var focalPixels: Double?
    /// The top's height above the floor and the floor's noise band, metres: points within
    /// `floorBand` of the floor (a drop of at least `topHeight - floorBand`) are on the floor.
    var topHeight: Double
    var floorBand: Double
    /// Points above the top past a silhouette (a lip) count as past the edge (no sensor
    /// profile) or as the top (a profile calibrates the sensor's spread, lip included).
    var lipsArePastEdge = true
    /// The lid's own plane when it is a flat lid that leans (`LidLean.isFlatLean`), and the
    /// rays were cut with it; nil for a level lid.
    var lean: LidLean? = nil
    /// Every point was seen from the reference camera (`FusedScene.isSingleViewpoint`): a gap
    /// to a surface behind a side is then measured like a gap to the floor.
    var singleViewpoint = false

    /// How far along its ray, from the camera, a point `drop` metres below the top lies, as a
    /// multiple of the ray's cut with the top plane (similar triangles): horizontally it stands
    /// at `camera + (cut - camera) * rayStretch(toDrop: drop)`.
    func rayStretch(toDrop drop: Double) -> Double { (cameraAboveTop + drop) / cameraAboveTop }
}

/// How many of `strips` hold at least half a row of samples (`spacing` metres apart) of the
/// points whose across-coordinates are `acrossPositions` (metres), and at least two: all of
/// them when a face runs along the whole side, a run of them for a face partly hidden, few
/// when the points are stray samples (flying pixels, a dark face's rare returns) or bunch at
/// one end (the corner of the neighbouring face, whose noise reaches into the window).
func faceStrips(_ acrossPositions: [Double], strips: SideStrips, spacing: Double) -> Int {
    var counts = [Int](repeating: 0, count: strips.count)
    for v in acrossPositions { counts[max(0, strips.index(v))] += 1 }
    let halfRow = max(2, 0.5 * 2 * strips.inner / Double(strips.count) / max(spacing, 1e-4))
    return counts.filter { Double($0) >= halfRow }.count
}

/// The 2-cm strips along a side whose across-coordinates span `-inner...inner` (metres): how
/// many, and which one holds across-coordinate `v` (the ends clamped into the last strip).
struct SideStrips {
    let inner: Double
    let count: Int

    init(inner: Double) {
        self.inner = inner
        count = max(1, Int((2 * inner / 0.02).rounded(.down)))
    }

    func index(_ v: Double) -> Int {
        min(count - 1, Int(((v + inner) / (2 * inner) * Double(count)).rounded(.down)))
    }
}

/// How the reference camera sees a point of the top plane's edge: its focal length (pixels),
/// its range (metres), the
/// sine and cosine of the ray's elevation above the top plane, and how much of `outward` lies
/// along the horizontal viewing direction (1: a side facing away, 0: a side seen along its
/// length). Nil without a focal length or when the camera is not above the top.
private func edgeView(edgePoint: SIMD2<Double>, outward: SIMD2<Double>, evidence: EdgeEvidence,
                      cameraAbovePlane: Double? = nil)
    -> (focal: Double, range: Double, sinElevation: Double, cosElevation: Double, alongView: Double)? {
    let height = cameraAbovePlane ?? evidence.cameraAboveTop
    guard let f = evidence.focalPixels, f > 0, height > 0 else { return nil }
    let horizontal = edgePoint - evidence.camera
    let distance = length(horizontal)
    let range = (distance * distance + height * height).squareRoot()
    let alongView = distance > 1e-9 ? dot(outward, horizontal / distance) : 0
    return (f, range, height / range, distance / range, alongView)
}

/// How far (metres) above the top plane one pixel of depth copied outward across the edge at
/// `edgePoint` lands: a pixel step at constant depth moves a point by range / focal length
/// across the ray, and for a side facing away from the camera part of that move is upward.
func lipRisePerPixel(edgePoint: SIMD2<Double>, outward: SIMD2<Double>, evidence: EdgeEvidence) -> Double {
    guard let view = edgeView(edgePoint: edgePoint, outward: outward, evidence: evidence) else { return 0 }
    return view.range / view.focal * view.cosElevation * max(0, view.alongView)
}

/// One image pixel's footprint (metres) on the top plane along `outward` at `edgePoint`
/// (rectangle coordinates): the ray to the point moves by range / focal length across itself
/// per pixel, stretched by 1 / sin(elevation) along the viewing direction. Falls back to the
/// top's sample spacing when the focal length is unknown.
func pixelFootprint(edgePoint: SIMD2<Double>, outward: SIMD2<Double>, evidence: EdgeEvidence,
                    cameraAbovePlane: Double? = nil) -> Double {
    guard let view = edgeView(edgePoint: edgePoint, outward: outward, evidence: evidence,
                              cameraAbovePlane: cameraAbovePlane) else { return evidence.spacing }
    let along = view.alongView * view.alongView
    let stretch = (along / (view.sinElevation * view.sinElevation) + (1 - along)).squareRoot()
    return view.range / view.focal * stretch
}

/// Where the ray from `camera` through `point` (floor-frame coordinates, metres) meets the
/// horizontal plane at `height`: the ray parameter `t` (0 at the camera, 1 at the point) and
/// the crossing's floor coordinates. Nil when the ray does not go down to the plane (t <= 0).
func cutWithPlane(from camera: SIMD3<Double>, through point: SIMD3<Double>, height: Double)
    -> (t: Double, position: SIMD2<Double>)? {
    let t = (height - camera.z) / (point.z - camera.z)
    guard t > 0 else { return nil }
    return (t, SIMD2(camera.x + t * (point.x - camera.x), camera.y + t * (point.y - camera.y)))
}

/// Where the line of sight from `camera` down to `point` (floor-frame coordinates, metres)
/// crosses the level `height` on its way: nil unless the camera is above that level and the
/// point below it. A point lower than a box's top seen past its edge has its line of sight
/// cross the top's level at or beyond the edge; a mixed pixel of the top's band, over it.
func sightCrossing(from camera: SIMD3<Double>, to point: SIMD3<Double>, level height: Double) -> SIMD2<Double>? {
    guard point.z < height, camera.z > height, let (t, cut) = cutWithPlane(from: camera, through: point, height: height),
          t < 1 else { return nil }
    return cut
}
