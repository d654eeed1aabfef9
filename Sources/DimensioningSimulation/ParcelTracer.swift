import Dimensioning

/// Ray tests for a whole `SimulatedBox`: its blocks (`SimulatedBox.parts`) and, for a bulge or
/// a sag, the bowed lid on top, for a leaning lid the wedge on top. Built once per frame from the camera's world position; `intersect`
/// takes the ray's world direction with camera-frame z = 1, so `t` is the hit's z-depth (metres).
struct ParcelTracer {
    let blocks: [BoxTracer]
    let dome: DomeTracer?
    let wedge: WedgeTracer?

    init(_ box: SimulatedBox, origin: SIMD3<Double>) {
        blocks = box.parts.map { BoxTracer(box, part: $0, origin: origin) }
        if case let .bulge(rise)? = box.topFeature {
            dome = DomeTracer(box, rise: rise, origin: origin)
        } else if case let .sag(depth)? = box.topFeature {
            dome = DomeTracer(box, rise: depth, dips: true, origin: origin)
        } else {
            dome = nil
        }
        if case let .lean(rise)? = box.topFeature {
            wedge = WedgeTracer(box, rise: rise, origin: origin)
        } else {
            wedge = nil
        }
    }

    @inline(__always)
    func intersect(_ d: SIMD3<Double>) -> (Double, SIMD3<Double>)? {
        var best: (Double, SIMD3<Double>)?
        for block in blocks {
            if let hit = block.intersect(d), hit.0 < (best?.0 ?? .infinity) { best = hit }
        }
        if let dome, let hit = dome.intersect(d), hit.0 < (best?.0 ?? .infinity) { best = hit }
        if let wedge, let hit = wedge.intersect(d), hit.0 < (best?.0 ?? .infinity) { best = hit }
        return best
    }
}

/// A bowed lid: the height field `z = base + rise · s` with `s = (1 − (x/a)²) · (1 − (y/b)²)`
/// over the box's top (`a`, `b` its half length and half width, x and y in the box's axes), or,
/// for a lid that dips (`dips`, `TopFeature.sag`), `z = base + rise · (1 − s)`: at the enclosing
/// top along its four edges, `rise` lower in the middle. The ray is marched through the lid's
/// bounding slab in 64 steps and the first crossing refined by bisection, which resolves the
/// surface to far below a millimetre at a camera's ranges.
struct DomeTracer {
    let frame: LidFrame
    let rise: Double
    let dips: Bool

    init(_ box: SimulatedBox, rise: Double, dips: Bool = false, origin: SIMD3<Double>) {
        frame = LidFrame(box, rise: rise, origin: origin)
        self.rise = rise
        self.dips = dips
    }

    @inline(__always)
    func surface(_ x: Double, _ y: Double) -> Double {
        let u = x / frame.a, v = y / frame.b
        let s = (1 - u * u) * (1 - v * v)
        return frame.base + rise * (dips ? 1 - s : s)
    }

    func intersect(_ dw: SIMD3<Double>) -> (Double, SIMD3<Double>)? {
        let (axisX, axisY, a, b, base, o) = (frame.axisX, frame.axisY, frame.a, frame.b, frame.base, frame.o)
        let d = SIMD3(simDot(dw, axisX), simDot(dw, axisY), dw.z)
        // The ray's span inside the slab |x| <= a, |y| <= b, base <= z <= base + rise.
        let lower = SIMD3(-a, -b, base), upper = SIMD3(a, b, base + rise)
        var t0 = SceneRenderer.minimumHitDistance, t1 = Double.infinity
        var entered = -1 // the slab's face the ray enters by (0: x, 1: y, 2: z)
        for k in 0..<3 {
            if abs(d[k]) < 1e-15 {
                if o[k] < lower[k] || o[k] > upper[k] { return nil }
                continue
            }
            var ta = (lower[k] - o[k]) / d[k], tb = (upper[k] - o[k]) / d[k]
            if ta > tb { swap(&ta, &tb) }
            if ta > t0 { t0 = ta; entered = k }
            t1 = min(t1, tb)
            if t0 > t1 { return nil }
        }
        @inline(__always) func gap(_ t: Double) -> Double {
            let p = o + d * t
            return p.z - surface(p.x, p.y)
        }
        guard gap(t0) > 0 else {
            // A dipping lid meets the slab's sides at its full height: a ray entering a side
            // face under the lid's surface hits the box's side wall there.
            guard dips, entered == 0 || entered == 1 else { return nil }
            let side = entered == 0 ? axisX : axisY
            return (t0, d[entered] > 0 ? -side : side)
        }
        let steps = 64
        var previous = t0
        for k in 1...steps {
            let t = t0 + (t1 - t0) * Double(k) / Double(steps)
            guard gap(t) <= 0 else { previous = t; continue }
            var lo = previous, hi = t
            for _ in 0..<30 {
                let mid = (lo + hi) / 2
                if gap(mid) > 0 { lo = mid } else { hi = mid }
            }
            let p = o + d * hi
            let u = p.x / a, v = p.y / b
            let sign: Double = dips ? -1 : 1
            let dx = sign * rise * (-2 * u / a) * (1 - v * v), dy = sign * rise * (1 - u * u) * (-2 * v / b)
            var n = SIMD3(0, 0, 1.0) - axisX * dx - axisY * dy
            n /= simDot(n, n).squareRoot()
            return (hi, n)
        }
        return nil
    }
}

/// A lid's frame, shared by the tracers of lids that are not flat (`DomeTracer`, `WedgeTracer`):
/// the box's length and width axes (world), its half length `a` and half width `b`, the body's
/// top `base` (the enclosing height less the lid's `rise`), and the camera position `o` in the
/// box frame (x, y about the footprint's centre; z above the floor). Metres.
struct LidFrame {
    let axisX: SIMD3<Double>, axisY: SIMD3<Double>
    let a: Double, b: Double, base: Double
    let o: SIMD3<Double>

    init(_ box: SimulatedBox, rise: Double, origin: SIMD3<Double>) {
        axisX = box.lengthAxis
        axisY = box.widthAxis
        a = box.length / 2
        b = box.width / 2
        base = box.height - rise
        let rel = origin - SIMD3(box.center.x, box.center.y, 0)
        o = SIMD3(simDot(rel, axisX), simDot(rel, axisY), rel.z)
    }
}
