import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// Known answers of the exact renderer (noise `.none`, steady rig). Tolerance 1e-6 m.
@Suite struct SimulationSceneRendererTests {
    /// A camera 1.2 m straight above an empty floor sees depth 1.2 m at every pixel.
    @Test func straightDownAtFloor() {
        let h = 1.2
        let rig = CameraRig(distance: h, elevation: .pi / 2, azimuth: 0.3, lookAt: .zero, frameCount: 2).steady()
        let sim = SceneSimulator.render(scene: .floorOnly(), rig: rig, noise: .none, seed: 1)
        for frame in sim.capture.frames {
            #expect(frame.depth.count == 256 * 192)
            #expect(frame.depth.allSatisfy { abs(Double($0) - h) < 1e-6 })
            #expect(frame.confidence?.allSatisfy { $0 == 2 } == true)
        }
        #expect(sim.truth == .noMeasurableBox)
        #expect(sim.capture.gravityInWorld == SIMD3(0, 0, -1))
    }

    /// Aimed at the centre of the box top from 0.8 m, the principal-point pixel (128, 96) sees
    /// the look-at point: z-depth exactly 0.8 m. Straight down from 1 m above the floor it sees
    /// the top at 1 - height.
    @Test func centrePixelOnBoxTop() {
        let box = SimTest.box
        let rig = CameraRig(distance: 0.8, elevation: 60 * SimTest.deg, azimuth: 1.0, lookAt: box.topCenter,
                            frameCount: 1).steady()
        let exact = SceneSimulator.renderExact(scene: SimulatedScene(target: box), rig: rig, seed: 3)[0]
        #expect(rig.intrinsics.cx == 128 && rig.intrinsics.cy == 96)
        let centre = 96 * 256 + 128
        #expect(abs(exact.depth[centre] - 0.8) < 1e-6)
        #expect(exact.objectID[centre] == RenderedDepth.targetID)

        let down = CameraRig(distance: 1.0, elevation: .pi / 2, lookAt: SIMD3(0, 0, 0), frameCount: 1).steady()
        let top = SceneSimulator.renderExact(scene: SimulatedScene(target: box), rig: down, seed: 3)[0]
        #expect(abs(top.depth[centre] - (1.0 - box.height)) < 1e-6)
        #expect(abs(Double(top.cosIncidence[centre]) - 1) < 1e-6)
    }

    /// Unprojecting every pixel with the true pose: floor pixels land on z = 0, target pixels on
    /// the box's surface, the top face's pixels at z = height (all within 1e-6 m).
    @Test func unprojectedPixelsLieOnSurfaces() {
        let box = SimTest.box
        let scene = SimulatedScene(target: box)
        let rig = CameraRig(distance: 1.0, elevation: 50 * SimTest.deg, azimuth: 2.0, frameCount: 3)
        let sim = SceneSimulator.render(scene: scene, rig: rig, noise: .none, seed: 11)
        let exact = SceneSimulator.renderExact(scene: scene, rig: rig, seed: 11)
        var floorCount = 0, topCount = 0, sideCount = 0
        for (k, frame) in sim.capture.frames.enumerated() {
            let depth = frame.depth.map(Double.init)
            // Float storage rounds depth to ~1e-7 relative; check against the exact doubles.
            for (i, p) in SimTest.worldPoints(depth: exact[k].depth, intrinsics: frame.intrinsics,
                                              pose: sim.truePoses[k]) {
                #expect(abs(depth[i] - exact[k].depth[i]) < 1e-6)
                switch exact[k].objectID[i] {
                case RenderedDepth.floorID:
                    floorCount += 1
                    #expect(abs(p.z) < 1e-6)
                case RenderedDepth.targetID:
                    #expect(box.contains(p, margin: 1e-6))
                    if abs(p.z - box.height) < 1e-6 { topCount += 1 } else { sideCount += 1 }
                default:
                    Issue.record("unexpected object \(exact[k].objectID[i])")
                }
            }
        }
        #expect(floorCount > 10_000 && topCount > 1_000 && sideCount > 500)
        // The recorded pose differs from the true one by the (small) recording error.
        let recorded = sim.capture.frames[0].worldFromCamera!
        let dt = recorded.translation - sim.truePoses[0].translation
        #expect((dt * dt).sum().squareRoot() < 0.005)
        #expect(recorded.rotationAngle(to: sim.truePoses[0]) < 0.5 * SimTest.deg)
    }

    /// An empty floor seen at a low angle (clean): no pixel above z = 1 mm; far floor beyond
    /// 5 m has no return.
    @Test func floorOnlyStaysOnFloor() {
        let rig = CameraRig(distance: 1.0, elevation: 30 * SimTest.deg, azimuth: 0.5, lookAt: .zero, frameCount: 5)
        let sim = SceneSimulator.render(scene: .floorOnly(), rig: rig, noise: .none, seed: 5)
        var noReturn = 0
        for (k, frame) in sim.capture.frames.enumerated() {
            let pts = SimTest.worldPoints(depth: frame.depth.map(Double.init), intrinsics: frame.intrinsics,
                                          pose: sim.truePoses[k])
            #expect(pts.allSatisfy { $0.point.z < 0.001 })
            noReturn += frame.depth.count - pts.count
        }
        #expect(noReturn > 0)
    }

    /// A camera 1 m above the floor looking horizontally along +x from x = 0.5: a wall at x = 2
    /// is 1.5 m deep at the centre pixel; a 2 m tall cylinder of radius 0.2 at x = 1.5 in front
    /// of it is 0.8 m deep.
    @Test func wallAndCylinder() {
        let wall = SimulatedWall(point: SIMD2(2, 0), normal: SIMD2(-1, 0))
        let rig = CameraRig(distance: 1.5, elevation: 0, azimuth: .pi, lookAt: SIMD3(2, 0, 1), frameCount: 1).steady()
        let centre = 96 * 256 + 128
        let onlyWall = SimulatedScene(target: nil, walls: [wall])
        let a = SceneSimulator.renderExact(scene: onlyWall, rig: rig, seed: 0)[0]
        #expect(abs(a.depth[centre] - 1.5) < 1e-6)
        #expect(a.objectID[centre] == SceneRenderer(scene: onlyWall, intrinsics: rig.intrinsics).objectID(ofWall: 0))
        var both = onlyWall
        both.cylinders = [SimulatedCylinder(center: SIMD2(1.5, 0), radius: 0.2, height: 2)]
        let b = SceneSimulator.renderExact(scene: both, rig: rig, seed: 0)[0]
        #expect(abs(b.depth[centre] - 0.8) < 1e-6)
        #expect(abs(Double(b.cosIncidence[centre]) - 1) < 1e-6)
    }
}
