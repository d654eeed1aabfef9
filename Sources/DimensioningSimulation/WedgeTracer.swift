import Dimensioning

/// A leaning lid's wedge (`TopFeature.lean`): in the box's frame (x along its length, y along its
/// width, z up from the floor; metres), the points with |x| ≤ a, |y| ≤ b and
/// base ≤ z ≤ base + rise · (x + a) / (2a), where `a` and `b` are the half length and half
/// width and `base` the body's top. A convex polyhedron: the ray is clipped by the box slab and
/// by the lid's half-space (Kay and Kajiya's slab method with one more plane), and the face that
/// clips last on entry is the one hit.
struct WedgeTracer {
    let frame: LidFrame
    let rise: Double

    init(_ box: SimulatedBox, rise: Double, origin: SIMD3<Double>) {
        frame = LidFrame(box, rise: rise, origin: origin)
        self.rise = rise
    }

    /// The first hit along world direction `dw` (camera-frame z = 1, so the distance returned is
    /// the hit's z-depth) and the world normal of the face hit; nil for a miss.
    func intersect(_ dw: SIMD3<Double>) -> (Double, SIMD3<Double>)? {
        let (axisX, axisY, a, b, base, o) = (frame.axisX, frame.axisY, frame.a, frame.b, frame.base, frame.o)
        let d = SIMD3(simDot(dw, axisX), simDot(dw, axisY), dw.z)
        let lower = SIMD3(-a, -b, base), upper = SIMD3(a, b, base + rise)
        var t0 = -Double.infinity, t1 = Double.infinity
        var entry = SIMD3<Double>(0, 0, 1)
        for k in 0..<3 {
            if abs(d[k]) < 1e-15 {
                if o[k] < lower[k] || o[k] > upper[k] { return nil }
                continue
            }
            var ta = (lower[k] - o[k]) / d[k], tb = (upper[k] - o[k]) / d[k]
            var normal = SIMD3<Double>(0, 0, 0)
            normal[k] = -1
            if ta > tb { swap(&ta, &tb); normal[k] = 1 }
            if ta > t0 { t0 = ta; entry = normal }
            t1 = min(t1, tb)
        }
        // The lid: n · p ≤ c with n = (−rise / 2a, 0, 1) and c = base + rise / 2.
        let n = SIMD3(-rise / (2 * a), 0, 1)
        let c = base + rise / 2
        let nd = simDot(n, d), no = simDot(n, o)
        if abs(nd) < 1e-15 {
            if no > c { return nil }
        } else if nd < 0 {
            let t = (c - no) / nd
            if t > t0 { t0 = t; entry = n / simDot(n, n).squareRoot() }
        } else {
            t1 = min(t1, (c - no) / nd)
        }
        guard t0 <= t1, t0 > SceneRenderer.minimumHitDistance else { return nil }
        return (t0, axisX * entry.x + axisY * entry.y + SIMD3(0, 0, 1) * entry.z)
    }
}
