import Dimensioning

// Per-object ray tests used by `SceneRenderer`. Each tracer is built once per frame from the
// camera's world position; `intersect` takes the ray's world direction `d` whose camera-frame
// z component is 1, so the returned `t` is the hit's z-depth in metres.

/// The nearest hit so far: ray parameter (= z-depth, metres), world normal, object, surface.
struct Hit {
    var t: Double
    var normal: SIMD3<Double>
    var id: Int16
    var code: UInt8
    static let none = Hit(t: .infinity, normal: .zero, id: RenderedDepth.noHit, code: 255)
}

enum RayTracer {
    case parcel(ParcelTracer, Int16, UInt8)
    case cylinder(CylinderTracer, Int16, UInt8)
    case wall(WallTracer, Int16, UInt8)

    @inline(__always)
    func intersect(_ d: SIMD3<Double>, closerThan tMax: Double) -> Hit? {
        switch self {
        case let .parcel(b, id, code):
            guard let (t, n) = b.intersect(d), t < tMax else { return nil }
            return Hit(t: t, normal: n, id: id, code: code)
        case let .cylinder(c, id, code):
            guard let (t, n) = c.intersect(d), t < tMax else { return nil }
            return Hit(t: t, normal: n, id: id, code: code)
        case let .wall(w, id, code):
            guard let (t, n) = w.intersect(d), t < tMax else { return nil }
            return Hit(t: t, normal: n, id: id, code: code)
        }
    }
}

/// The floor plane z = 0, optionally only within `radius` metres of the world origin.
struct FloorTracer {
    let radius: Double?
    /// With `radius` or `deck`: a second floor this many metres below, beyond the first one's
    /// edge (and through a deck's gaps).
    let below: Double?
    /// The floor is a pallet's deck of boards (`PalletDeck`).
    let deck: PalletDeck?
    let origin: SIMD3<Double>

    init(radius: Double?, below: Double? = nil, deck: PalletDeck? = nil, origin: SIMD3<Double>) {
        self.radius = radius
        self.below = below
        self.deck = deck
        self.origin = origin
    }

    @inline(__always)
    func intersect(_ d: SIMD3<Double>) -> Hit? {
        guard origin.z > 0, d.z < 0 else { return nil }
        let t = -origin.z / d.z
        guard t > SceneRenderer.minimumHitDistance else { return nil }
        let x = origin.x + t * d.x, y = origin.y + t * d.y
        let onFirst = (radius.map { x * x + y * y <= $0 * $0 } ?? true) && (deck?.holds(x: x, y: y) ?? true)
        guard onFirst else {
            // Past the table's or deck's edge, or through a gap between boards: the room's floor.
            guard let below else { return nil }
            return Hit(t: (-below - origin.z) / d.z, normal: SIMD3(0, 0, 1), id: RenderedDepth.floorID, code: 0)
        }
        return Hit(t: t, normal: SIMD3(0, 0, 1), id: RenderedDepth.floorID, code: 0)
    }
}

/// An oriented box, tested by the slab method in the box's own frame (axes: length, width, up).
struct BoxTracer {
    let axisX: SIMD3<Double>, axisY: SIMD3<Double>
    let half: SIMD3<Double>
    /// The camera position in the box frame, metres.
    let o: SIMD3<Double>

    /// One block of `box` (`SimulatedBox.parts`: the whole cuboid for a plain box), in the box's axes.
    init(_ box: SimulatedBox, part: BoxPart, origin: SIMD3<Double>) {
        axisX = box.lengthAxis
        axisY = box.widthAxis
        half = (part.upper - part.lower) / 2
        let mid = (part.upper + part.lower) / 2
        let centre = SIMD3(box.center.x, box.center.y, mid.z) + axisX * mid.x + axisY * mid.y
        let rel = origin - centre
        o = SIMD3(simDot(rel, axisX), simDot(rel, axisY), rel.z)
    }

    @inline(__always)
    func intersect(_ dw: SIMD3<Double>) -> (Double, SIMD3<Double>)? {
        let d = SIMD3(simDot(dw, axisX), simDot(dw, axisY), dw.z)
        var tNear = -Double.infinity, tFar = Double.infinity
        var nearAxis = 0
        for a in 0..<3 {
            let da = d[a], oa = o[a], ha = half[a]
            if abs(da) < 1e-15 {
                if abs(oa) > ha { return nil }
                continue
            }
            let inv = 1 / da
            var t1 = (-ha - oa) * inv, t2 = (ha - oa) * inv
            if t1 > t2 { swap(&t1, &t2) }
            if t1 > tNear { tNear = t1; nearAxis = a }
            if t2 < tFar { tFar = t2 }
            if tNear > tFar { return nil }
        }
        guard tNear > SceneRenderer.minimumHitDistance else { return nil }
        let sign: Double = d[nearAxis] > 0 ? -1 : 1
        let normal: SIMD3<Double>
        switch nearAxis {
        case 0: normal = axisX * sign
        case 1: normal = axisY * sign
        default: normal = SIMD3(0, 0, sign)
        }
        return (tNear, normal)
    }
}

/// An upright cylinder: side surface plus top and bottom caps.
struct CylinderTracer {
    let center: SIMD2<Double>
    let radius: Double
    let height: Double
    let origin: SIMD3<Double>

    init(_ c: SimulatedCylinder, origin: SIMD3<Double>) {
        center = c.center
        radius = c.radius
        height = c.height
        self.origin = origin
    }

    @inline(__always)
    func intersect(_ d: SIMD3<Double>) -> (Double, SIMD3<Double>)? {
        let ox = origin.x - center.x, oy = origin.y - center.y
        var best = Double.infinity
        var normal = SIMD3<Double>.zero
        let a = d.x * d.x + d.y * d.y
        if a > 1e-18 {
            let b = 2 * (ox * d.x + oy * d.y)
            let c = ox * ox + oy * oy - radius * radius
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let t = (-b - disc.squareRoot()) / (2 * a)
                let z = origin.z + t * d.z
                if t > SceneRenderer.minimumHitDistance && z >= 0 && z <= height {
                    best = t
                    normal = SIMD3((ox + t * d.x) / radius, (oy + t * d.y) / radius, 0)
                }
            }
        }
        if abs(d.z) > 1e-15 {
            for (capZ, nz) in [(height, 1.0), (0.0, -1.0)] {
                let t = (capZ - origin.z) / d.z
                guard t > SceneRenderer.minimumHitDistance, t < best else { continue }
                let x = ox + t * d.x, y = oy + t * d.y
                if x * x + y * y <= radius * radius {
                    best = t
                    normal = SIMD3(0, 0, nz)
                }
            }
        }
        return best.isFinite ? (best, normal) : nil
    }
}

/// A vertical rectangle above a floor segment.
struct WallTracer {
    let start: SIMD2<Double>
    let along: SIMD2<Double>
    let alongLengthSquared: Double
    let normal: SIMD2<Double>
    let height: Double
    let origin: SIMD3<Double>
    /// Signed distance of the camera from the wall plane, metres.
    let originDistance: Double

    init(_ w: SimulatedWall, origin: SIMD3<Double>) {
        start = w.start
        along = w.end - w.start
        alongLengthSquared = (along * along).sum()
        normal = w.normal
        height = w.height
        self.origin = origin
        originDistance = w.signedDistance(to: SIMD2(origin.x, origin.y))
    }

    @inline(__always)
    func intersect(_ d: SIMD3<Double>) -> (Double, SIMD3<Double>)? {
        let denom = normal.x * d.x + normal.y * d.y
        guard abs(denom) > 1e-15 else { return nil }
        let t = -originDistance / denom
        guard t > SceneRenderer.minimumHitDistance else { return nil }
        let z = origin.z + t * d.z
        guard z >= 0, z <= height else { return nil }
        let q = SIMD2(origin.x + t * d.x, origin.y + t * d.y) - start
        let s = (q * along).sum() / alongLengthSquared
        guard s >= 0, s <= 1 else { return nil }
        return (t, SIMD3(normal.x, normal.y, 0))
    }
}
