import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The sensor-edge family: each behaviour does to a depth discontinuity what it says, on an
/// exact rendering of a box (no other noise).
@Suite struct EdgeBehaviourTests {
    static let scene = SimulatedScene(target: SimTest.box)
    static let rig = CameraRig(distance: 1.0, elevation: 50 * SimTest.deg, azimuth: 30 * SimTest.deg,
                               lookAt: .zero, frameCount: 1)

    /// A noise-free model with only `edges`.
    static func clean(_ edges: EdgeBehaviour) -> SensorNoiseModel {
        var model = SensorNoiseModel.none
        model.edges = edges
        return model
    }

    static let exact = SceneSimulator.renderExact(scene: scene, rig: rig, seed: 3)[0]

    /// Chebyshev distance (pixels, up to `limit + 1`) from pixel `p` to the nearest pixel whose
    /// exact depth is nearer (or, `farther`, farther) by more than the jump threshold.
    static func distanceToJump(_ p: Int, limit: Int, model: SensorNoiseModel, farther: Bool = false) -> Int {
        let w = exact.width, h = exact.height, u = p % w, v = p / w
        let sign: Double = farther ? -1 : 1
        var best = limit + 1
        for dv in -limit...limit where v + dv >= 0 && v + dv < h {
            for du in -limit...limit where u + du >= 0 && u + du < w {
                let zp = exact.depth[p], zq = exact.depth[(v + dv) * w + u + du]
                if zq > 0, sign * (zp - zq) > model.flyingJumpThreshold(nearerDepth: min(zp, zq)) {
                    best = min(best, max(abs(du), abs(dv)))
                }
            }
        }
        return best
    }

    @Test func fatteningSpreadsTheNearerSurfaceByItsWidth() {
        let model = Self.clean(EdgeBehaviour(name: "f2", bandHalfWidth: 0, fattening: 2))
        let (fat, _, _) = model.spread(Self.exact.depth, r: Self.exact, edges: model.edges!)
        var changed = 0, atTwo = 0
        for p in fat.indices where Self.exact.depth[p] > 0 {
            let d = Self.distanceToJump(p, limit: 3, model: model)
            if fat[p] != Self.exact.depth[p] {
                changed += 1
                #expect(d <= 2, "pixel \(p) changed at distance \(d)")
                #expect(fat[p] < Self.exact.depth[p], "fattening brings the nearer depth")
                if d == 2 { atTwo += 1 }
            } else {
                #expect(d > 2, "pixel \(p) within 2 px of a nearer surface kept its depth")
            }
        }
        #expect(changed > 100)
        #expect(atTwo > 30)
    }

    /// Erosion, the mirror of fattening: the box's own pixels within 2 px of the floor behind
    /// it take the floor's depth, so its silhouette shrinks by 2 px (the real Orbbec captures
    /// stop 0.9-2.3 px inside), and nothing else changes.
    @Test func erosionSpreadsTheFartherSurfaceByItsWidth() {
        let model = Self.clean(EdgeBehaviour(name: "e2", bandHalfWidth: 0, erosion: 2))
        let (thin, _, _) = model.spread(Self.exact.depth, r: Self.exact, edges: model.edges!)
        var changed = 0, atTwo = 0
        for p in thin.indices where Self.exact.depth[p] > 0 {
            let d = Self.distanceToJump(p, limit: 3, model: model, farther: true)
            if thin[p] != Self.exact.depth[p] {
                changed += 1
                #expect(d <= 2, "pixel \(p) changed at distance \(d)")
                #expect(thin[p] > Self.exact.depth[p], "erosion brings the farther depth")
                if d == 2 { atTwo += 1 }
            } else {
                #expect(d > 2, "pixel \(p) within 2 px of a farther surface kept its depth")
            }
        }
        #expect(changed > 100)
        #expect(atTwo > 30)
    }

    @Test func invalidationEmptiesABandOnBothSides() {
        let model = Self.clean(EdgeBehaviour(name: "i2", bandHalfWidth: 2, invalidate: true))
        var g = SeededGenerator(seed: 1)
        let state = model.makeCaptureState(width: Self.exact.width, height: Self.exact.height, using: &g)
        let (depth, _) = model.apply(to: Self.exact, state: state, using: &g)
        let band = model.edgeBand(Self.exact.depth, width: Self.exact.width, height: Self.exact.height, halfWidth: 2)
        var emptied = 0
        for p in depth.indices where Self.exact.depth[p] > 0 {
            if band[p] != nil { #expect(depth[p] == 0); emptied += 1 } else {
                #expect(abs(Double(depth[p]) - Self.exact.depth[p]) < 1e-5)
            }
        }
        #expect(emptied > 200)
    }

    /// A spatial blur of half-width 1 puts each pixel beside a discontinuity 25 % of the way
    /// to the other side, so two such pixels facing each other average to the middle.
    @Test func blurIsHalfWayAtTheDiscontinuity() {
        let model = Self.clean(EdgeBehaviour(name: "b1", bandHalfWidth: 1, mixing: .spatialBlur, flag: .medium))
        var g = SeededGenerator(seed: 2)
        let state = model.makeCaptureState(width: Self.exact.width, height: Self.exact.height, using: &g)
        let (depth, confidence) = model.apply(to: Self.exact, state: state, using: &g)
        let band = model.edgeBand(Self.exact.depth, width: Self.exact.width, height: Self.exact.height, halfWidth: 1)
        var blurred = 0
        for p in depth.indices {
            guard let b = band[p], depth[p] > 0 else { continue }
            let own = Self.exact.depth[p]
            #expect(b.distance == 1)
            #expect(abs(Double(depth[p]) - (own + 0.25 * (b.otherDepth - own))) < 1e-5)
            #expect(confidence[p] == 1)
            blurred += 1
        }
        #expect(blurred > 200)
    }

    @Test func splitsShareNoMemberButTheIPhoneAndUseTheirOwnSeeds() {
        let tuning = Set(SensorFamily.tuning.map(\.name)), holdout = Set(SensorFamily.holdout.map(\.name))
        let retired = Set(SensorFamily.retiredHoldout.map(\.name))
        let retired2 = Set(SensorFamily.secondRetiredHoldout.map(\.name))
        #expect(tuning.intersection(holdout) == ["iphone"])
        #expect(retired.intersection(holdout) == ["iphone"])
        #expect(retired2.intersection(holdout) == ["iphone"])
        #expect(retired2.intersection(tuning.union(retired)) == ["iphone"])
        #expect(Set(SensorSplit.allCases.map(\.defaultSeed)).count >= 3)
        #expect(SensorSplit.holdout.defaultSeed != SensorSplit.tuning.defaultSeed)
        #expect(SensorSplit.holdout.defaultSeed != SensorSplit.retired.defaultSeed)
        #expect(SensorSplit.holdout.defaultSeed != SensorSplit.retired2.defaultSeed)
        #expect(SensorFamily.holdout.count >= 6)
    }
}
