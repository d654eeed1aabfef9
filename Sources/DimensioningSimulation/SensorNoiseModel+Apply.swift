import Foundation
import Dimensioning

/// What stays fixed for a whole capture: the depth scale bias and the static part of the
/// correlated noise.
struct SensorCaptureState: Sendable {
    /// Depth is multiplied by (1 + scaleBias).
    let scaleBias: Double
    let field: CorrelatedNoiseField
    /// Static node values (unit variance), shared by every frame.
    let staticNodes: [Double]
    /// Per pixel, the smooth field the fixed-mount patches are cut from (`FixedMountEffects`);
    /// nil without fixed-mount effects.
    var patchField: [Double]? = nil
}

extension SensorNoiseModel {
    /// Draws the per-capture state for images of `width` x `height` pixels.
    func makeCaptureState(width: Int, height: Int, using g: inout SeededGenerator) -> SensorCaptureState {
        let bias = g.uniform(-depthScaleBiasLimit, depthScaleBiasLimit)
        let field = CorrelatedNoiseField(width: width, height: height,
                                         gridWidth: correlatedGridWidth, gridHeight: correlatedGridHeight)
        var state = SensorCaptureState(scaleBias: bias, field: field, staticNodes: field.drawNodes(using: &g))
        if fixedMount != nil { state.patchField = drawPatchField(width: width, height: height, using: &g) }
        return state
    }

    /// The jump (metres) between neighbouring depths that counts as a discontinuity, given the
    /// nearer depth `z` (metres).
    @inline(__always)
    func flyingJumpThreshold(nearerDepth z: Double) -> Double { flyingJumpBase + flyingJumpRelative * z }

    /// Turns one exact rendering into what the sensor records: z-depth in metres (0 = no
    /// return) and confidence 0/1/2. Draws only from `g` (this frame's stream).
    func apply(to r: RenderedDepth, state: SensorCaptureState,
               using g: inout SeededGenerator) -> (depth: [Float], confidence: [UInt8]) {
        let w = r.width, h = r.height, n = w * h
        // Range limit first: a pixel beyond it is "no return" for everything below.
        var clean = r.depth
        for p in 0..<n where clean[p] > maximumRange { clean[p] = 0 }
        if let edges { return applyEdgeFamily(edges, to: r, clean: clean, state: state, using: &g) }

        let flying = flyingBand(clean, width: w, height: h)
        let terms = FrameNoiseTerms(self, state: state, using: &g)
        let responses = terms.responses

        var depth = [Float](repeating: 0, count: n)
        var confidence = [UInt8](repeating: 0, count: n)
        state.staticNodes.withUnsafeBufferPointer { staticNodes in
        terms.dynamicNodes.withUnsafeBufferPointer { dynNodes in
            for p in 0..<n {
                let z0 = clean[p]
                guard z0 > 0 else { continue }
                let response = responses[Int(min(r.surfaceCode[p], 2))]
                // Every pixel draws the same number of values, so streams stay aligned.
                let dropped = g.unit() < response.dropoutProbability
                let capped = g.unit() < response.mediumConfidenceProbability
                let white = g.gaussian()
                var conf: UInt8 = capped ? 1 : 2
                var z = z0
                if let other = flying[p] {
                    if g.unit() < flyingPixelProbability {
                        let m = g.uniform(in: flyingPixelMix)
                        z = z0 + m * (other - z0)
                        conf = g.unit() < flyingLowConfidenceProbability ? 0 : 1
                    } else {
                        conf = min(conf, 1)
                    }
                }
                if dropped { continue }
                let correlated = terms.staticWeight * state.field.value(at: p, nodes: staticNodes)
                    + terms.dynamicWeight * state.field.value(at: p, nodes: dynNodes)
                guard let (value, level) = terms.record(z, white: white, correlated: correlated, gain: response.noiseGain,
                                                        cosIncidence: Double(r.cosIncidence[p]), confidence: conf)
                else { continue }
                depth[p] = value
                confidence[p] = level
            }
        }}
        return (depth, confidence)
    }

    /// For each pixel within `flyingBandHalfWidth` of a depth discontinuity, the depth (metres)
    /// across the discontinuity that differs most from its own; nil elsewhere. Pixels without a
    /// return neither mark nor join a band.
    func flyingBand(_ z: [Double], width w: Int, height h: Int) -> [Double?] {
        var band = [Double?](repeating: nil, count: w * h)
        let k = flyingBandHalfWidth
        guard k > 0 else { return band }
        for v in 0..<h {
            for u in 0..<w {
                let zp = z[v * w + u]
                guard zp > 0 else { continue }
                var best: Double? = nil
                var bestGap = 0.0
                for dv in -k...k {
                    let vv = v + dv
                    guard vv >= 0, vv < h else { continue }
                    for du in -k...k {
                        let uu = u + du
                        guard uu >= 0, uu < w else { continue }
                        let zq = z[vv * w + uu]
                        guard zq > 0 else { continue }
                        let gap = abs(zq - zp)
                        if gap > flyingJumpThreshold(nearerDepth: min(zp, zq)) && gap > bestGap {
                            bestGap = gap
                            best = zq
                        }
                    }
                }
                band[v * w + u] = best
            }
        }
        return band
    }
}

/// What every pixel of one frame shares, whatever the edge model: this frame's dynamic part of
/// the correlated noise, the weights of its static and dynamic parts, the confidence cut-offs
/// and the surface responses; and the last step of every pixel (`record`).
struct FrameNoiseTerms {
    let model: SensorNoiseModel
    let state: SensorCaptureState
    let dynamicNodes: [Double]
    let staticWeight: Double
    let dynamicWeight: Double
    let cosMedium: Double
    let cosLow: Double
    let responses: [SurfaceResponse]

    /// Draws this frame's dynamic noise nodes from `g` (the first draw of the frame's stream).
    init(_ model: SensorNoiseModel, state: SensorCaptureState, using g: inout SeededGenerator) {
        self.model = model
        self.state = state
        dynamicNodes = state.field.drawNodes(using: &g)
        staticWeight = model.correlatedStaticFraction.squareRoot()
        dynamicWeight = (1 - model.correlatedStaticFraction).squareRoot()
        cosMedium = model.grazingMediumAngle.map { cos($0) } ?? -1
        cosLow = model.grazingLowAngle.map { cos($0) } ?? -1
        responses = [model.matte, model.dark, model.glossy]
    }

    /// The recorded depth (metres) and confidence of a pixel whose (possibly mixed) depth is `z`:
    /// the capture's scale bias, white and correlated noise (unit-variance draws `white` and
    /// `correlated`, scaled by the surface's `gain`), millimetre quantisation, then the
    /// incidence and range caps on `confidence`. Nil when the noisy depth is not positive.
    @inline(__always)
    func record(_ z: Double, white: Double, correlated: Double, gain: Double, cosIncidence c: Double,
                confidence: UInt8) -> (Float, UInt8)? {
        var z = z * (1 + state.scaleBias)
            + gain * (model.correlatedSigma(atDepth: z) * correlated + model.whiteSigma(atDepth: z) * white)
        if model.quantizeToMillimetres { z = (z * 1000).rounded() / 1000 }
        guard z > 0 else { return nil }
        var conf = confidence
        if c < cosLow { conf = 0 } else if c < cosMedium { conf = min(conf, 1) }
        if let far = model.mediumConfidenceBeyond, z > far { conf = min(conf, 1) }
        return (Float(z), conf)
    }
}
