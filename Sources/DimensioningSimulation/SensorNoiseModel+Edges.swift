import Foundation

/// A pixel's place in an edge band: how far (Chebyshev pixels, 1...k) it is from the nearest
/// pixel across a depth discontinuity, and that pixel's depth (metres).
struct EdgeBandPixel {
    var distance: Int
    var otherDepth: Double
}

extension SensorNoiseModel {
    /// `apply` for a sensor-family member with an `EdgeBehaviour`: fattening or erosion, then the band
    /// (blend or blur, flagged or not, or invalidated), then the same noise, scale bias,
    /// quantisation and confidence rules as the flying-pixel model. Every pixel draws the same
    /// number of values, so streams stay aligned whatever the behaviour.
    func applyEdgeFamily(_ edges: EdgeBehaviour, to r: RenderedDepth, clean exact: [Double],
                         state: SensorCaptureState, using g: inout SeededGenerator) -> (depth: [Float], confidence: [UInt8]) {
        let w = r.width, h = r.height, n = w * h
        let (clean, surfaceCode, cosIncidence) = spread(exact, r: r, edges: edges)
        let band = edgeBand(clean, width: w, height: h, halfWidth: edges.bandHalfWidth)
        let terms = FrameNoiseTerms(self, state: state, using: &g)
        let responses = terms.responses
        var depth = [Float](repeating: 0, count: n)
        var confidence = [UInt8](repeating: 0, count: n)
        for p in 0..<n {
            let z0 = clean[p]
            guard z0 > 0 else { continue }
            let response = responses[Int(min(surfaceCode[p], 2))]
            let dropped = g.unit() < response.dropoutProbability
            let capped = g.unit() < response.mediumConfidenceProbability
            let white = g.gaussian()
            let blendDraw = g.unit(), mixDraw = g.unit()
            var conf: UInt8 = capped ? 1 : 2
            var z = z0
            if let b = band[p] {
                if edges.invalidate { continue }
                switch edges.mixing {
                case .randomBlend:
                    if blendDraw < 0.7 { z = z0 + (0.1 + 0.8 * mixDraw) * (b.otherDepth - z0) }
                case .spatialBlur:
                    let m = 0.5 * (1 - (Double(b.distance) - 0.5) / Double(edges.bandHalfWidth))
                    z = z0 + m * (b.otherDepth - z0)
                }
                switch edges.flag {
                case .low: conf = 0
                case .medium: conf = min(conf, 1)
                case .unflagged: break
                }
            }
            if dropped { continue }
            let correlated = state.staticNodes.withUnsafeBufferPointer { staticNodes in
                terms.dynamicNodes.withUnsafeBufferPointer { dynamic in
                    terms.staticWeight * state.field.value(at: p, nodes: staticNodes)
                        + terms.dynamicWeight * state.field.value(at: p, nodes: dynamic)
                }
            }
            guard let (value, level) = terms.record(z, white: white, correlated: correlated, gain: response.noiseGain,
                                                    cosIncidence: Double(cosIncidence[p]), confidence: conf)
            else { continue }
            depth[p] = value
            confidence[p] = level
        }
        if let effects = fixedMount {
            applyFixedMount(effects, depth: &depth, confidence: &confidence, r: r, state: state, using: &g)
        }
        return (depth, confidence)
    }

    /// Which surface spreads over the other at a depth discontinuity.
    enum EdgeSpread {
        /// The nearer surface over the farther one (a stereo matcher's fattening).
        case nearer
        /// The farther surface over the nearer one (a structured-light camera's erosion).
        case farther
    }

    /// `edges`' fattening or erosion, whichever is set (`EdgeBehaviour` allows one).
    func spread(_ z: [Double], r: RenderedDepth, edges: EdgeBehaviour) -> ([Double], [UInt8], [Float]) {
        edges.erosion > 0 ? spread(z, r: r, pixels: edges.erosion, from: .farther)
                          : spread(z, r: r, pixels: edges.fattening, from: .nearer)
    }

    /// Fattening (`.nearer`) or erosion (`.farther`): each pixel that has a surface on the
    /// spreading side (nearer, or farther, by more than the jump threshold at the nearer depth)
    /// within `pixels` (Chebyshev) takes the depth, surface and incidence of the nearest such
    /// pixel (ties: the most extreme depth). Pixels without a return stay empty and spread
    /// nothing (a matcher or decoder cannot spread a region it has no match for either).
    func spread(_ z: [Double], r: RenderedDepth, pixels k: Int, from side: EdgeSpread) -> ([Double], [UInt8], [Float]) {
        guard k > 0 else { return (z, r.surfaceCode, r.cosIncidence) }
        let w = r.width, h = r.height
        let sign: Double = side == .nearer ? 1 : -1
        var out = z, surface = r.surfaceCode, incidence = r.cosIncidence
        for v in 0..<h {
            for u in 0..<w {
                let zp = z[v * w + u]
                guard zp > 0 else { continue }
                var best = -1, bestDistance = Int.max, bestDepth = 0.0
                for dv in -k...k where v + dv >= 0 && v + dv < h {
                    for du in -k...k where u + du >= 0 && u + du < w {
                        let q = (v + dv) * w + u + du
                        let zq = z[q]
                        guard zq > 0, sign * (zp - zq) > flyingJumpThreshold(nearerDepth: min(zp, zq)) else { continue }
                        let d = max(abs(du), abs(dv))
                        if d < bestDistance || (d == bestDistance && sign * (bestDepth - zq) > 0) {
                            best = q; bestDistance = d; bestDepth = zq
                        }
                    }
                }
                if best >= 0 {
                    out[v * w + u] = bestDepth
                    surface[v * w + u] = r.surfaceCode[best]
                    incidence[v * w + u] = r.cosIncidence[best]
                }
            }
        }
        return (out, surface, incidence)
    }

    /// For each pixel within `halfWidth` (Chebyshev) of a pixel across a depth discontinuity:
    /// the distance to the nearest such pixel and its depth (the largest jump at that
    /// distance); nil elsewhere. The band straddles the discontinuity: pixels on both sides.
    func edgeBand(_ z: [Double], width w: Int, height h: Int, halfWidth k: Int) -> [EdgeBandPixel?] {
        var band = [EdgeBandPixel?](repeating: nil, count: w * h)
        guard k > 0 else { return band }
        for v in 0..<h {
            for u in 0..<w {
                let zp = z[v * w + u]
                guard zp > 0 else { continue }
                var found: EdgeBandPixel? = nil
                var bestGap = 0.0
                for dv in -k...k where v + dv >= 0 && v + dv < h {
                    for du in -k...k where u + du >= 0 && u + du < w {
                        let zq = z[(v + dv) * w + u + du]
                        guard zq > 0 else { continue }
                        let gap = abs(zq - zp)
                        guard gap > flyingJumpThreshold(nearerDepth: min(zp, zq)) else { continue }
                        let d = max(abs(du), abs(dv))
                        if found == nil || d < found!.distance || (d == found!.distance && gap > bestGap) {
                            found = EdgeBandPixel(distance: d, otherDepth: zq)
                            bestGap = gap
                        }
                    }
                }
                band[v * w + u] = found
            }
        }
        return band
    }
}
