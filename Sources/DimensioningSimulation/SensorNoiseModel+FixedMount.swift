import Foundation
import Dimensioning

extension SensorNoiseModel {
    /// The per-capture patch field of `FixedMountEffects` (unit variance per pixel, a 12x9 node
    /// grid: patches of about a twelfth of the image width), drawn from the sensor stream after
    /// every other capture-level value.
    func drawPatchField(width: Int, height: Int, using g: inout SeededGenerator) -> [Double] {
        let field = CorrelatedNoiseField(width: width, height: height, gridWidth: 12, gridHeight: 9)
        let nodes = field.drawNodes(using: &g)
        return nodes.withUnsafeBufferPointer { nodes in (0..<(width * height)).map { field.value(at: $0, nodes: nodes) } }
    }

    /// Applies `effects` to one recorded frame (`depth` metres, 0 = no return; `confidence`),
    /// given the exact rendering `r` before fattening. Every pixel draws one value from `g`
    /// (this frame's stream, after the edge model's draws), so streams stay aligned.
    ///
    /// Order: the corner noise and the multipath lengthening change recorded depths; then the
    /// no-return patches, the stereo bands and the holes remove pixels.
    func applyFixedMount(_ effects: FixedMountEffects, depth: inout [Float], confidence: inout [UInt8],
                         r: RenderedDepth, state: SensorCaptureState, using g: inout SeededGenerator) {
        let w = r.width, h = r.height, n = w * h
        let exact = r.depth
        let cx = Double(w - 1) / 2, cy = Double(h - 1) / 2
        let cornerSquared = cx * cx + cy * cy
        let multipath = multipathDepth(effects, r: r)
        for p in 0..<n {
            let draw = g.gaussian()
            guard depth[p] > 0 else { continue }
            var z = Double(depth[p])
            if effects.cornerNoiseGain > 0 {
                let u = Double(p % w) - cx, v = Double(p / w) - cy
                let gain = 1 + effects.cornerNoiseGain * (u * u + v * v) / cornerSquared
                z += whiteSigma(atDepth: z) * (gain * gain - 1).squareRoot() * draw
            }
            z += multipath[p]
            if let reported = effects.quantised(depth: z) {
                z = reported
            } else if quantizeToMillimetres {
                z = (z * 1000).rounded() / 1000
            }
            if z > 0 { depth[p] = Float(z) } else { depth[p] = 0; confidence[p] = 0 }
        }
        var invalid = [Bool](repeating: false, count: n)
        if let field = state.patchField {
            if effects.noReturnShare > 0 {
                // Dark patches, more likely toward the corners (the weakest illumination).
                let score = (0..<n).map { p -> Double in
                    let u = Double(p % w) - cx, v = Double(p / w) - cy
                    return field[p] + 2 * (u * u + v * v) / cornerSquared
                }
                let limit = upperQuantile(score, share: effects.noReturnShare)
                for p in 0..<n where score[p] > limit { invalid[p] = true }
            }
            if effects.texturelessHoleShare > 0 {
                let limit = upperQuantile(field, share: effects.texturelessHoleShare)
                for p in 0..<n where r.objectID[p] > RenderedDepth.floorID && field[p] > limit { invalid[p] = true }
            }
        }
        if let fb = effects.focalBaseline, fb > 0 {
            let nearest = exact.filter { $0 > 0 }.min() ?? 1
            for v in 0..<h {
                for u in 0..<w {
                    let p = v * w + u, z = exact[p]
                    guard z > 0 else { continue }
                    // Columns the right imager does not see at this depth.
                    if Double(u) < fb / z { invalid[p] = true; continue }
                    // Hidden from the right imager by a nearer surface to the right.
                    let reach = Int((fb * (1 / nearest - 1 / z)).rounded(.up))
                    var k = 1
                    while k <= reach && u + k < w {
                        let zq = exact[p + k]
                        if zq > 0, z - zq > flyingJumpThreshold(nearerDepth: zq), Double(k) <= fb * (1 / zq - 1 / z) {
                            invalid[p] = true
                            break
                        }
                        k += 1
                    }
                }
            }
        }
        for p in 0..<n where invalid[p] {
            depth[p] = 0
            confidence[p] = 0
        }
    }

    /// Multipath lengthening (metres) per pixel: where an object stands on the floor, a floor
    /// pixel and an 8-neighbour object pixel have nearly the same depth (within 2 cm: a contact,
    /// not an occluding edge); pixels of either within `multipathReachPixels` (Chebyshev, a
    /// two-pass distance transform) of such a contact get `multipathLengthening * (1 - d /
    /// (reach + 1))`, d = 0 at the contact.
    func multipathDepth(_ effects: FixedMountEffects, r: RenderedDepth) -> [Double] {
        let w = r.width, h = r.height, k = effects.multipathReachPixels
        var out = [Double](repeating: 0, count: w * h)
        guard effects.multipathLengthening > 0, k > 0 else { return out }
        let far = Int32.max / 2
        var distance = [Int32](repeating: far, count: w * h)
        for v in 0..<h {
            for u in 0..<w {
                let p = v * w + u, z = r.depth[p]
                guard z > 0, r.objectID[p] >= RenderedDepth.floorID else { continue }
                let onFloor = r.objectID[p] == RenderedDepth.floorID
                search: for dv in -1...1 where v + dv >= 0 && v + dv < h {
                    for du in -1...1 where u + du >= 0 && u + du < w {
                        let q = p + dv * w + du
                        let id = r.objectID[q]
                        if r.depth[q] > 0, id >= RenderedDepth.floorID, (id == RenderedDepth.floorID) != onFloor,
                           abs(r.depth[q] - z) < 0.02 {
                            distance[p] = 0
                            break search
                        }
                    }
                }
            }
        }
        // Chebyshev distance transform: forward and backward passes over the 8-neighbourhood.
        for v in 0..<h {
            for u in 0..<w {
                let p = v * w + u
                var d = distance[p]
                if u > 0 { d = min(d, distance[p - 1] + 1) }
                if v > 0 {
                    d = min(d, distance[p - w] + 1)
                    if u > 0 { d = min(d, distance[p - w - 1] + 1) }
                    if u < w - 1 { d = min(d, distance[p - w + 1] + 1) }
                }
                distance[p] = d
            }
        }
        for v in stride(from: h - 1, through: 0, by: -1) {
            for u in stride(from: w - 1, through: 0, by: -1) {
                let p = v * w + u
                var d = distance[p]
                if u < w - 1 { d = min(d, distance[p + 1] + 1) }
                if v < h - 1 {
                    d = min(d, distance[p + w] + 1)
                    if u < w - 1 { d = min(d, distance[p + w + 1] + 1) }
                    if u > 0 { d = min(d, distance[p + w - 1] + 1) }
                }
                distance[p] = d
            }
        }
        for p in 0..<(w * h) where distance[p] <= Int32(k) && r.depth[p] > 0 && r.objectID[p] >= RenderedDepth.floorID {
            out[p] = effects.multipathLengthening * (1 - Double(distance[p]) / Double(k + 1))
        }
        return out
    }

    /// The value above which `share` of `values` lie.
    func upperQuantile(_ values: [Double], share: Double) -> Double {
        var sorted = values
        sorted.sort()
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count) * (1 - share)).rounded(.down))))
        return sorted[index]
    }
}
