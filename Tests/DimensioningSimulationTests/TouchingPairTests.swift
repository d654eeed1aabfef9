import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A touching pair is a negative only when the capture can show two boxes
/// (`ScenarioCatalog.showsTwoBoxes`).
@Suite struct TouchingPairTests {
    /// A still camera 1.4 m from `middle`, `elevation` degrees up, looking along +y.
    static func rig(elevation: Double, lookingAt middle: SIMD3<Double>) -> CameraRig {
        CameraRig(distance: 1.4, elevation: elevation * Double.pi / 180, azimuth: -Double.pi / 2, lookAt: middle,
                  frameCount: 10)
    }

    /// A segment through a box crosses it; one ending on its top face, or passing above or
    /// beside it, does not.
    @Test func segmentsThroughABox() {
        let box = SimulatedBox(center: SIMD2(0, 0), length: 0.4, width: 0.3, height: 0.4)
        let eye = SIMD3(0.0, -2.0, 1.5)
        #expect(ScenarioCatalog.segmentCrosses(box, from: eye, to: SIMD3(0, 0.4, 0.05)))
        #expect(!ScenarioCatalog.segmentCrosses(box, from: eye, to: SIMD3(0, 0, 0.4)))
        #expect(!ScenarioCatalog.segmentCrosses(box, from: SIMD3(0.5, 0, 2), to: SIMD3(0.5, 0, 0)))
        #expect(!ScenarioCatalog.segmentCrosses(box, from: eye, to: SIMD3(0, -0.5, 0)))
    }

    /// A low box right behind a tall one is hidden from a camera in front at a low elevation
    /// and seen whole from above.
    @Test func aLowBoxInATallOnesShadow() {
        let tall = SimulatedBox(center: SIMD2(0, 0), length: 0.45, width: 0.3, height: 0.45)
        let low = SimulatedBox(center: SIMD2(0, 0.3), length: 0.45, width: 0.3, height: 0.15)
        let middle = SIMD3(0.0, 0.15, 0.2)
        let inFront = Self.rig(elevation: 35, lookingAt: middle), above = Self.rig(elevation: 88, lookingAt: middle)
        let hidden = ScenarioCatalog.visibleTopShare(of: low, behind: tall, rig: inFront, lookAt: middle, margin: 0)
        let seen = ScenarioCatalog.visibleTopShare(of: low, behind: tall, rig: above, lookAt: middle, margin: 0)
        #expect(hidden == 0, "share seen from in front: \(hidden)")
        #expect(seen >= 0.75, "share seen from above: \(seen)")
        #expect(!ScenarioCatalog.showsTwoBoxes(tall, low, rig: inFront, lookAt: middle))
        #expect(ScenarioCatalog.showsTwoBoxes(tall, low, rig: above, lookAt: middle))
    }

    /// A flush pair of one height and one width across is one cuboid to the camera.
    @Test func aFlushPairOfOneSizeIsOneCuboid() {
        let first = SimulatedBox(center: SIMD2(0, 0), length: 0.4, width: 0.3, height: 0.4)
        let second = SimulatedBox(center: SIMD2(0.4, 0), length: 0.4, width: 0.305, height: 0.405)
        let middle = SIMD3(0.2, 0.0, 0.2)
        let above = Self.rig(elevation: 70, lookingAt: middle)
        #expect(!ScenarioCatalog.showsTwoBoxes(first, second, rig: above, lookAt: middle))
        var taller = second
        taller.height = 0.42
        #expect(ScenarioCatalog.showsTwoBoxes(first, taller, rig: above, lookAt: middle))
    }

    /// Every touching pair the catalog draws shows two boxes, on the tuning seed and the
    /// held-out one (held-out scenario 304's lower box once lay in the taller one's shadow).
    @Test func everyCatalogPairShowsTwoBoxes() {
        for seed: UInt64 in [2026, 3313] {
            for index in 0..<1000 {
                let s = ScenarioCatalog.scenario(index: index, seed: seed)
                guard s.kind == .touchingBoxes, let target = s.scene.target, let other = s.scene.otherBoxes.first else { continue }
                let middle = (target.centroid + other.centroid) / 2
                #expect(ScenarioCatalog.showsTwoBoxes(target, other, rig: s.rig, lookAt: middle),
                        "seed \(seed), scenario \(index)")
            }
        }
    }
}
