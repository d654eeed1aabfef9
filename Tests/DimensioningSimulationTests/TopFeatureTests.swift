import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The renderer's parcels with a recess, a handle or a bowed lid (`TopFeature`): exact depth
/// seen straight down from 1 m above the floor. The truth stays the enclosing cuboid.
@Suite struct TopFeatureTests {
    /// The target's points (world, metres) seen straight down from `distance` above the floor.
    private func topPoints(of box: SimulatedBox) -> [SIMD3<Double>] {
        let rig = CameraRig(distance: 1.0, elevation: .pi / 2, azimuth: 0.3, lookAt: .zero, frameCount: 1).steady()
        let scene = SimulatedScene(target: box)
        let exact = SceneSimulator.renderExact(scene: scene, rig: rig, seed: 1)[0]
        let sim = SceneSimulator.render(scene: scene, rig: rig, noise: .none, seed: 1)
        return SimTest.worldPoints(depth: exact.depth, intrinsics: rig.intrinsics, pose: sim.truePoses[0])
            .filter { exact.objectID[$0.index] == RenderedDepth.targetID }.map(\.point)
    }

    private func box(_ feature: TopFeature) -> SimulatedBox {
        var b = SimTest.box
        b.topFeature = feature
        return b
    }

    /// A 15-mm handle: its top is the enclosing height, the lid around it 15 mm lower.
    @Test func aHandleStandsOnALowerLid() {
        let b = box(.handle(span: 0.2, thickness: 0.03, rise: 0.015))
        let heights = topPoints(of: b).map(\.z)
        #expect(abs(heights.max()! - b.height) < 1e-6)
        let lid = heights.filter { abs($0 - (b.height - 0.015)) < 1e-6 }.count
        let handle = heights.filter { abs($0 - b.height) < 1e-6 }.count
        #expect(lid > 5 * handle && handle > 50, "lid \(lid), handle \(handle) pixels")
        #expect(SimulatedScene(target: b).groundTruth.height == b.height)
    }

    /// A recess 40 mm down at the +x end: its floor is seen, nothing rises above the enclosing top,
    /// and no point lies inside the notch's empty block.
    @Test func aRecessIsCutFromTheTop() {
        let b = box(.recess(side: 0, span: 0.12, depth: 0.08, drop: 0.04))
        let points = topPoints(of: b)
        #expect(abs(points.map(\.z).max()! - b.height) < 1e-6)
        let local = points.map { p -> SIMD3<Double> in
            SIMD3(simDot(p - SIMD3(b.center.x, b.center.y, 0), b.lengthAxis),
                  simDot(p - SIMD3(b.center.x, b.center.y, 0), b.widthAxis), p.z)
        }
        let floorOfNotch = local.filter { $0.x > b.length / 2 - 0.08 + 1e-3 && abs($0.y) < 0.06 - 1e-3 }
        #expect(floorOfNotch.count > 50)
        #expect(floorOfNotch.allSatisfy { abs($0.z - (b.height - 0.04)) < 1e-6 })
    }

    /// A lid bowed up by 12 mm: its crown, under the camera, is the enclosing height, and it
    /// meets the body 12 mm lower at its edges.
    @Test func aBowedLidPeaksInTheMiddle() {
        let b = box(.bulge(rise: 0.012))
        let points = topPoints(of: b)
        let heights = points.map(\.z)
        #expect(abs(heights.max()! - b.height) < 2e-4)
        #expect(heights.max()! <= b.height + 1e-6)
        let nearEdge = points.filter { p in
            let q = p - SIMD3(b.center.x, b.center.y, 0)
            return abs(simDot(q, b.lengthAxis)) > b.length / 2 - 0.004 && p.z > b.height - 0.02
        }
        #expect(!nearEdge.isEmpty)
        #expect(nearEdge.allSatisfy { $0.z < b.height - 0.009 }, "edge heights up to \(nearEdge.map(\.z).max()!)")
    }

    /// A lid dipping 8 mm in its middle: it meets the enclosing height along its edges and lies
    /// 8 mm under it in the middle, as `depth · (1 − (2x/L)²)(1 − (2y/W)²)` says (within 0.2 mm).
    @Test func aSaggingLidDipsInTheMiddle() {
        let b = box(.sag(depth: 0.008))
        let points = topPoints(of: b)
        #expect(abs(points.map(\.z).max()! - b.height) < 5e-4)
        #expect(points.map(\.z).max()! <= b.height + 1e-6)
        let lid = points.compactMap { p -> (x: Double, y: Double, z: Double)? in
            let q = p - SIMD3(b.center.x, b.center.y, 0)
            let x = simDot(q, b.lengthAxis), y = simDot(q, b.widthAxis)
            guard abs(x) < b.length / 2 - 0.005, abs(y) < b.width / 2 - 0.005, p.z > b.height - 0.02 else { return nil }
            return (x, y, p.z)
        }
        #expect(lid.count > 100)
        for point in lid {
            let u = 2 * point.x / b.length, v = 2 * point.y / b.width
            let expected = b.height - 0.008 * (1 - u * u) * (1 - v * v)
            #expect(abs(point.z - expected) < 2e-4, "at (\(point.x), \(point.y)): \(point.z) against \(expected)")
        }
        let middle = lid.filter { abs($0.x) < 0.02 && abs($0.y) < 0.02 }
        #expect(!middle.isEmpty)
        #expect(middle.allSatisfy { $0.z < b.height - 0.007 })
    }

    /// A lid leaning 20 mm down along its length: every point of the lid lies on its plane, from
    /// the enclosing height at the +x end down to 20 mm under it at the −x end (within 0.1 mm).
    @Test func aLeaningLidIsAPlaneFromTheTopDown() {
        let b = box(.lean(rise: 0.020))
        let points = topPoints(of: b)
        let lid = points.compactMap { p -> (x: Double, z: Double)? in
            let q = p - SIMD3(b.center.x, b.center.y, 0)
            let x = simDot(q, b.lengthAxis), y = simDot(q, b.widthAxis)
            guard abs(x) < b.length / 2 - 0.005, abs(y) < b.width / 2 - 0.005 else { return nil }
            return (x, p.z)
        }
        #expect(lid.count > 100)
        for point in lid {
            let expected = b.height - 0.020 + 0.020 * (point.x + b.length / 2) / b.length
            #expect(abs(point.z - expected) < 1e-4, "at x = \(point.x): \(point.z) against \(expected)")
        }
        #expect(abs(points.map(\.z).max()! - b.height) < 1e-3)
    }

    /// The catalog's irregular tops keep every scenario's scene and truth, and only the boxes to
    /// be measured get a feature.
    @Test func irregularTopsChangeOnlyTheTargetsTop() {
        for index in 0..<10 {
            let plain = ScenarioCatalog.render(index: index, seed: 2026, frameCount: 1)
            let shaped = ScenarioCatalog.render(index: index, seed: 2026, frameCount: 1, irregularTops: true)
            #expect(plain.capture.truth == shaped.capture.truth)
            #expect((shaped.capture.scene.target?.topFeature != nil) == plain.kind.expectsMeasurement)
            var stripped = shaped.capture.scene
            stripped.target?.topFeature = nil
            #expect(stripped == plain.capture.scene)
        }
    }
}
