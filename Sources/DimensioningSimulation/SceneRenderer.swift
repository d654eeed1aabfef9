import Dimensioning

/// Exact ray casting of a `SimulatedScene` into depth images.
///
/// Each pixel (u, v) casts the ray through its centre (the convention of
/// `CameraIntrinsics.unproject`): camera-frame direction ((u - cx) / fx, (v - cy) / fy, 1).
/// Because that direction has unit z, the ray parameter of a hit *is* its z-depth. Every
/// object is tested (floor plane, oriented boxes by the slab method in the box frame, a box
/// with a `TopFeature` as the union of its blocks and bowed lid, upright
/// cylinders with caps, walls); the nearest hit in front of the camera wins.
public struct SceneRenderer: Sendable {
    /// The scene being rendered (world frame, metres).
    public let scene: SimulatedScene
    /// Intrinsics of the rendered images.
    public let intrinsics: CameraIntrinsics
    /// Per-pixel camera-frame ray directions (x, y; z is 1), row-major.
    private let rayX: [Double]
    private let rayY: [Double]
    /// Per-pixel 1 / |ray direction|, to turn dot products into cosines.
    private let inverseRayLength: [Double]
    /// Hits closer than this (metres) are ignored (the camera inside an object sees nothing of it).
    static let minimumHitDistance = 1e-6

    public init(scene: SimulatedScene, intrinsics: CameraIntrinsics) {
        precondition(intrinsics.isValid, "intrinsics must be valid")
        self.scene = scene
        self.intrinsics = intrinsics
        let w = intrinsics.width, h = intrinsics.height
        var rx = [Double](repeating: 0, count: w * h)
        var ry = [Double](repeating: 0, count: w * h)
        var inv = [Double](repeating: 0, count: w * h)
        for v in 0..<h {
            for u in 0..<w {
                let i = v * w + u
                rx[i] = (Double(u) - intrinsics.cx) / intrinsics.fx
                ry[i] = (Double(v) - intrinsics.cy) / intrinsics.fy
                inv[i] = 1 / (rx[i] * rx[i] + ry[i] * ry[i] + 1).squareRoot()
            }
        }
        rayX = rx
        rayY = ry
        inverseRayLength = inv
    }

    /// The `objectID` of `scene.otherBoxes[index]` in rendered images.
    public func objectID(ofOtherBox index: Int) -> Int16 { Int16(2 + index) }
    /// The `objectID` of `scene.cylinders[index]` in rendered images.
    public func objectID(ofCylinder index: Int) -> Int16 { Int16(2 + scene.otherBoxes.count + index) }
    /// The `objectID` of `scene.walls[index]` in rendered images.
    public func objectID(ofWall index: Int) -> Int16 {
        Int16(2 + scene.otherBoxes.count + scene.cylinders.count + index)
    }

    /// Renders one frame seen from `worldFromCamera` (the true pose).
    public func render(worldFromCamera pose: RigidTransform) -> RenderedDepth {
        var out = RenderedDepth(width: intrinsics.width, height: intrinsics.height)
        let origin = pose.translation
        let c0 = pose.column(0), c1 = pose.column(1), c2 = pose.column(2)

        var tracers: [RayTracer] = []
        if let t = scene.target {
            tracers.append(.parcel(ParcelTracer(t, origin: origin), RenderedDepth.targetID, t.surface.code))
        }
        for (i, b) in scene.otherBoxes.enumerated() {
            tracers.append(.parcel(ParcelTracer(b, origin: origin), objectID(ofOtherBox: i), b.surface.code))
        }
        for (i, c) in scene.cylinders.enumerated() {
            tracers.append(.cylinder(CylinderTracer(c, origin: origin), objectID(ofCylinder: i), c.surface.code))
        }
        for (i, wall) in scene.walls.enumerated() {
            tracers.append(.wall(WallTracer(wall, origin: origin), objectID(ofWall: i), wall.surface.code))
        }
        let floor = FloorTracer(radius: scene.floorRadius, below: scene.floorBelow, deck: scene.floorDeck, origin: origin)
        let floorCode = scene.floorSurface.code

        rayX.withUnsafeBufferPointer { rx in
        rayY.withUnsafeBufferPointer { ry in
        inverseRayLength.withUnsafeBufferPointer { inv in
        out.depth.withUnsafeMutableBufferPointer { depth in
        out.cosIncidence.withUnsafeMutableBufferPointer { cosine in
        out.objectID.withUnsafeMutableBufferPointer { ids in
        out.surfaceCode.withUnsafeMutableBufferPointer { codes in
            for i in 0..<rx.count {
                let d = c0 * rx[i] + c1 * ry[i] + c2
                var best = Hit.none
                if let hit = floor.intersect(d) {
                    best = hit
                    best.id = RenderedDepth.floorID
                    best.code = floorCode
                }
                for tracer in tracers {
                    if let hit = tracer.intersect(d, closerThan: best.t) { best = hit }
                }
                if best.id != RenderedDepth.noHit {
                    depth[i] = best.t
                    cosine[i] = Float(min(1, abs(simDot(best.normal, d)) * inv[i]))
                    ids[i] = best.id
                    codes[i] = best.code
                }
            }
        }}}}}}}
        return out
    }
}
