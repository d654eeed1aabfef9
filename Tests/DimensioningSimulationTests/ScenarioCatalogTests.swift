import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

@Suite struct SimulationScenarioCatalogTests {
    static let seed: UInt64 = 2026
    static let scenarios = (0..<200).map { ScenarioCatalog.scenario(index: $0, seed: seed) }

    /// Over 200 indices: 13-27 % hard cases (model 20 %); truth 0 exactly for the kinds that
    /// expect a refusal; positive boxes 10-80 cm per side, cameras 0.45-1.5 m, 30-75 degrees,
    /// 10-60 frames; every kind appears.
    @Test func labelsAndRanges() {
        let hard = Self.scenarios.filter { $0.kind.isHardCase }.count
        #expect(hard >= 26 && hard <= 54, "hard cases: \(hard) of 200")
        #expect(Set(Self.scenarios.map(\.kind)) == Set(ScenarioKind.allCases))
        for s in Self.scenarios {
            #expect(s.scene.groundTruth.isMeasurable == s.kind.expectsMeasurement)
            #expect(s.noise == .iPhoneLiDAR)
            #expect((10...60).contains(s.rig.frameCount))
            guard s.kind.expectsMeasurement, let t = s.scene.target else { continue }
            for side in [t.length, t.width, t.height] { #expect(side >= 0.1 - 1e-12 && side <= 0.8 + 1e-12) }
            #expect(t.length >= t.width)
            #expect(s.rig.distance >= 0.45 && s.rig.distance <= 1.5)
            #expect(s.rig.elevation >= 30 * SimTest.deg - 1e-12 && s.rig.elevation <= 75 * SimTest.deg + 1e-12)
            let truth = s.scene.groundTruth
            #expect(truth.length == t.length && truth.width == t.width && truth.height == t.height)
        }
    }

    @Test func deterministic() {
        let a = ScenarioCatalog.scenario(index: 17, seed: Self.seed)
        let b = ScenarioCatalog.scenario(index: 17, seed: Self.seed)
        let c = ScenarioCatalog.scenario(index: 17, seed: Self.seed + 1)
        #expect(a.scene == b.scene && a.rig == b.rig && a.kind == b.kind)
        #expect(a.scene != c.scene || a.rig != c.rig)
    }

    /// Second objects never touch the target: footprint circles are apart (boxes, cylinders) and
    /// walls stand clear of the footprint.
    @Test func distractorsDoNotTouch() {
        for s in Self.scenarios where s.kind == .boxWithWall || s.kind == .boxWithDistractor {
            let t = s.scene.target!
            for o in s.scene.otherBoxes {
                let d = o.center - t.center
                #expect((d * d).sum().squareRoot() > t.footprintRadius + o.footprintRadius)
            }
            for c in s.scene.cylinders {
                let d = c.center - t.center
                #expect((d * d).sum().squareRoot() > t.footprintRadius + c.radius)
            }
            for w in s.scene.walls { #expect(abs(w.signedDistance(to: t.center)) > t.footprintRadius) }
        }
    }

    /// One exact, steady frame per scenario: positives keep the whole target off the image
    /// border with floor in view; cut-off boxes touch the border; too-close captures see only
    /// the box top; touching boxes are both seen.
    @Test func framing() {
        for (index, s) in Self.scenarios.enumerated() {
            var rig = s.rig.steady()
            rig.frameCount = 1
            let r = SceneSimulator.renderExact(scene: s.scene, rig: rig, seed: 0)[0]
            var target = 0, targetOnBorder = 0, floor = 0
            for v in 0..<r.height {
                for u in 0..<r.width {
                    let i = v * r.width + u
                    if r.objectID[i] == RenderedDepth.floorID { floor += 1 }
                    guard r.objectID[i] == RenderedDepth.targetID else { continue }
                    target += 1
                    if u == 0 || v == 0 || u == r.width - 1 || v == r.height - 1 { targetOnBorder += 1 }
                }
            }
            let label = "index \(index) \(s.kind)"
            switch s.kind {
            case .box, .boxWithWall, .boxWithDistractor, .darkBox, .tinyBox:
                #expect(target > 0 && targetOnBorder == 0 && floor > 1_000, "\(label)")
            case .cutOffBox:
                #expect(target > 0 && targetOnBorder > 0, "\(label)")
            case .tooCloseTopOnly:
                #expect(floor == 0 && target == r.width * r.height, "\(label)")
            case .touchingBoxes:
                let renderer = SceneRenderer(scene: s.scene, intrinsics: rig.intrinsics)
                #expect(target > 0 && r.objectID.contains(renderer.objectID(ofOtherBox: 0)), "\(label)")
            case .floorOnly:
                #expect(s.scene.target == nil && floor > 1_000, "\(label)")
            case .cylinder:
                #expect(s.scene.target == nil && r.objectID.contains(2), "\(label)")
            }
        }
    }

    /// Rendering a catalog scenario gives its truth and the expected number of frames.
    @Test func renderScenario() {
        let (sim, kind) = ScenarioCatalog.render(index: 3, seed: Self.seed)
        #expect(sim.capture.frames.count == ScenarioCatalog.scenario(index: 3, seed: Self.seed).rig.frameCount)
        #expect(sim.truth.isMeasurable == kind.expectsMeasurement)
        #expect(sim.capture.name.hasPrefix("scenario-3-"))
    }
}
