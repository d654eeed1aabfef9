import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// `fitFloor` on planes with known coefficients, and the cases it must refuse.
@Suite struct FitFloorTests {
    @Test func recoversATiltedFloorWithGravity() throws {
        // z = 0.02 x - 0.01 y + 0.05: about 1.3 degrees off level, within the 8-degree limit.
        let scene = PipelineTest.scene(points: PipelineTest.planePoints(a: 0.02, b: -0.01, c: 0.05))
        let floor = try fitFloor(scene)
        let expected = normalize(SIMD3(-0.02, 0.01, 1))
        #expect(dot(floor.plane.normal, expected) > cos(0.05 * PipelineTest.deg))
        #expect(abs(floor.plane.signedDistance(SIMD3(0, 0, 0.05))) < 1e-4)
        #expect(floor.usedGravity)
        #expect(floor.rms < 1e-4)
    }

    @Test func withoutGravityTheFloorFacesTheCamera() throws {
        var scene = PipelineTest.scene(points: PipelineTest.planePoints(a: 0, b: 0.1, c: 0), gravity: nil)
        scene.gravityInWorld = nil
        let floor = try fitFloor(scene)
        #expect(floor.plane.signedDistance(scene.cameraPosition) > 0)
        #expect(!floor.usedGravity)
        #expect(abs(abs(dot(floor.plane.normal, normalize(SIMD3(0, -0.1, 1)))) - 1) < 1e-5)
    }

    @Test func aWallIsNotAFloor() {
        // Only a vertical plane (x = 0.5) in view, gravity known: no horizontal plane.
        var wall: [SIMD3<Double>] = []
        for i in 0..<60 { for j in 0..<60 { wall.append(SIMD3(0.5, Double(i) * 0.01, Double(j) * 0.01)) } }
        let scene = PipelineTest.scene(points: wall)
        #expect(throws: DimensioningError.self) { try fitFloor(scene) }
        do { _ = try fitFloor(scene) } catch { #expect(error.code == "no_ground_plane") }
    }

    @Test func aBoxTopWithItsSidesBelowIsNotAFloor() {
        // A 60 x 60 cm lid at z = 0.4 with its four sides running down to z = 0.1 (no floor
        // in view): the largest horizontal plane has many points below it.
        var points = PipelineTest.planePoints(a: 0, b: 0, c: 0.4, half: 0.3, step: 0.01)
        for k in 0..<30 {
            let z = 0.4 - Double(k) * 0.01
            for t in stride(from: -0.3, through: 0.3, by: 0.01) {
                points += [SIMD3(t, -0.3, z), SIMD3(t, 0.3, z), SIMD3(-0.3, t, z), SIMD3(0.3, t, z)]
            }
        }
        let scene = PipelineTest.scene(points: points, camera: SIMD3(0, -0.9, 1.1))
        do {
            let floor = try fitFloor(scene)
            Issue.record("expected no ground plane, got a floor at \(floor.plane)")
        } catch {
            #expect(error.code == "no_ground_plane")
            #expect(error.description.contains("below"))
        }
    }

    /// A table's top 1.2 m across at z = 0.75 against a wall whose foot, from the room's floor
    /// up to the table's level, is seen beside it (no room's floor in view large enough to be a
    /// candidate): far more than 3 % of the points lie below the top, yet no parcel's top is
    /// 1.2 m across, so it is the surface things stand on. The same points around a top 0.6 m
    /// across are still refused (`aBoxTopWithItsSidesBelowIsNotAFloor`). (The tuning scenes on a
    /// table, seed 2026, scenes 30 and 78, and the fixed cameras on a table, 158 and 172, were
    /// refused as having no ground plane.)
    @Test func aTopWiderThanAnyParcelIsASurfaceWhateverLiesBelowIt() throws {
        var points = PipelineTest.planePoints(a: 0, b: 0, c: 0.75, half: 0.6, step: 0.01)
        for k in 0..<75 {
            for t in stride(from: -0.6, through: 0.6, by: 0.01) { points.append(SIMD3(t, 0.7, Double(k) * 0.01)) }
        }
        let scene = PipelineTest.scene(points: points, camera: SIMD3(0, -1.2, 1.6))
        let floor = try fitFloor(scene)
        #expect(abs(floor.plane.signedDistance(SIMD3(0, 0, 0.75))) < 0.005)
        #expect(floor.plane.normal.z > 0.999)
    }

    /// A desk top 0.6 m across at z = 0.75, narrower than a parcel may be, with the wall's foot
    /// below its far edge (as `aTopWiderThanAnyParcelIsASurfaceWhateverLiesBelowIt`), carrying
    /// a 20 x 20 x 15 cm box: something stands on it, so it is the support, where the same desk
    /// bare is refused like a box's lid (a box's top carries nothing over itself). Real desk
    /// frames of an Xtion-class camera with a narrow view were refused so (yuxng/PoseCNN's demo
    /// images, `Tests/Fixtures/real/posecnn-desk`, `NarrowDeskTests`).
    @Test func aNarrowDeskCarryingABoxIsTheSupport() throws {
        var desk = PipelineTest.planePoints(a: 0, b: 0, c: 0.75, half: 0.3, step: 0.01)
        for k in 0..<75 {
            for t in stride(from: -0.3, through: 0.3, by: 0.01) { desk.append(SIMD3(t, 0.4, Double(k) * 0.01)) }
        }
        // Bare: refused as a lid might be.
        do {
            let floor = try fitFloor(PipelineTest.scene(points: desk, camera: SIMD3(0, -0.9, 1.6)))
            Issue.record("a bare narrow desk was taken for the floor: \(floor.plane)")
        } catch {
            #expect(error.code == "no_ground_plane")
        }
        // With a box on it: its lid at 0.90 m and its four sides down to the desk.
        var points = desk.filter { max(abs($0.x), abs($0.y)) > 0.1 || abs($0.z - 0.75) > 0.001 }
        for x in stride(from: -0.1, through: 0.1, by: 0.01) {
            for y in stride(from: -0.1, through: 0.1, by: 0.01) { points.append(SIMD3(x, y, 0.9)) }
            for z in stride(from: 0.76, through: 0.89, by: 0.01) { points += [SIMD3(x, -0.1, z), SIMD3(x, 0.1, z)] }
        }
        let floor = try fitFloor(PipelineTest.scene(points: points, camera: SIMD3(0, -0.9, 1.6)))
        #expect(abs(floor.plane.signedDistance(SIMD3(0, 0, 0.75))) < 0.005, "\(floor.plane)")
        #expect(floor.plane.normal.z > 0.999)
    }

    /// Without gravity, a wall behind the box can hold more points than the floor (a camera
    /// 30 degrees above the floor, a 2.5 m wall filling the back of the view). The floor is the
    /// plane an upright camera looks down onto, not the largest one.
    @Test func withoutGravityALargerWallIsNotTheFloor() throws {
        var points = PipelineTest.planePoints(a: 0, b: 0, c: 0, half: 0.6, step: 0.02)
        for i in 0...150 { for k in 0...125 { points.append(SIMD3(-1.5 + Double(i) * 0.02, 0.8, Double(k) * 0.02)) } }
        let scene = PipelineTest.scene(points: points, camera: SIMD3(0, -1.2, 0.7), gravity: nil)
        #expect(uprightScore(SIMD3(0, 0, 1), scene: scene) > uprightScore(SIMD3(0, -1, 0), scene: scene))
        let floor = try fitFloor(scene)
        #expect(dot(floor.plane.normal, SIMD3(0, 0, 1)) > cos(1 * PipelineTest.deg), "\(floor.plane)")
        #expect(abs(floor.plane.signedDistance(.zero)) < 1e-3)
        #expect(floor.inlierShare < 0.5, "the wall is the larger plane: \(floor.inlierShare)")
    }

    /// Fixed split seed 101, scenario 86: one time-of-flight frame from 30 degrees above the
    /// floor, a tall box before a wall. The wall was taken for the floor and the box was
    /// refused as "92 objects"; it is measured now (below the gate for a side known only from
    /// the top's extent, which the reasons say).
    @Test func aBoxBeforeAWallIsMeasuredNotSeveralBoxes() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(86, seed: 101)
        #expect(kind == .boxWithWall)
        let result = try runPipeline(simulated.capture)
        #expect(abs(result.cuboid.height - simulated.truth.height) < 0.005, "height \(result.cuboid.height)")
        #expect(abs(result.cuboid.length - simulated.truth.length) < 0.01 && abs(result.cuboid.width - simulated.truth.width) < 0.01,
                "\(result.cuboid.length) x \(result.cuboid.width) vs \(simulated.truth.length) x \(simulated.truth.width)")
        #expect(!result.isAccepted())
        #expect(result.confidenceReasons.contains { $0.contains("known only from the top's outermost points") }, "\(result.confidenceReasons)")
    }

    @Test func theLowestOfParallelPlanesIsTheFloor() throws {
        // A large lid (1 m square at z = 0.3) bigger than the visible floor ring around it.
        var points = PipelineTest.planePoints(a: 0, b: 0, c: 0.3, half: 0.5, step: 0.01)
        for p in PipelineTest.planePoints(a: 0, b: 0, c: 0, half: 0.8, step: 0.02) where max(abs(p.x), abs(p.y)) > 0.55 {
            points.append(p)
        }
        let floor = try fitFloor(PipelineTest.scene(points: points, camera: SIMD3(0, -1.2, 1.3)))
        #expect(abs(floor.plane.signedDistance(.zero)) < 1e-3)
    }

    @Test func tooFewPointsIsNoGroundPlane() {
        let scene = PipelineTest.scene(points: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0)])
        do { _ = try fitFloor(scene); Issue.record("expected a refusal") } catch { #expect(error.code == "no_ground_plane") }
    }
}
