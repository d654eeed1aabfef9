import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A box against or near a wall (`wallsJoining`, `wallsBeside`, `wallDistances`): refused as
/// standing against it when the wall joins its cluster, doubted when a side stands within
/// `WallParameters.reach` of it, measured when the gap was measured against the wall.
/// A 40 x 30 x 25 cm box, the wall parallel to its far side; lengths in metres.
@Suite struct WallTests {
    static let box = SimulatedBox(center: .zero, length: 0.4, width: 0.3, height: 0.25)

    /// The box with a 2.5 m wall `gap` metres past its +x side, seen from 1.1 m at 55 degrees
    /// from azimuth 200 (the wall behind the box), by `member` (noise-free when nil).
    static func capture(gap: Double, member: SensorFamilyMember? = nil, withBox: Bool = true) -> SimulatedCapture {
        let scene = SimulatedScene(target: withBox ? box : nil,
                                   walls: [SimulatedWall(point: SIMD2(0.2 + gap, 0), normal: SIMD2(-1, 0))])
        var rig = CameraRig(distance: 1.1, elevation: 55 * Double.pi / 180, azimuth: 200 * Double.pi / 180,
                            lookAt: withBox ? nil : SIMD3(0, 0, 0.1), frameCount: 1)
        guard let member else {
            return SceneSimulator.render(scene: scene, rig: rig.steady(), noise: .none, seed: 7)
        }
        if let mount = member.fixedMount { rig.intrinsics = mount; rig.tremor = .none; rig.poseError = .none }
        var simulated = SceneSimulator.render(scene: scene, rig: rig, noise: member.noise, seed: 7)
        if member.fixedMount != nil {
            simulated.capture.gravityInWorld = nil
            for i in simulated.capture.frames.indices { simulated.capture.frames[i].worldFromCamera = nil }
        }
        return simulated
    }

    /// Touching the wall, or 1 cm from it: the wall joins the box's cluster. 2 cm from it: the
    /// far side is placed at the wall's foot, and the wall was taken for a second object. The
    /// refusal names the wall (before, "the box runs off the left, right, top edge of the view",
    /// and "2 objects touch or stand together").
    @Test(arguments: [0.0, 0.01, 0.02]) func aBoxAgainstAWallIsRefusedForIt(gap: Double) {
        do {
            let result = try runPipeline(Self.capture(gap: gap).capture)
            Issue.record("measured \(result.cuboid.length) x \(result.cuboid.width) m at \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
        } catch {
            #expect(error == .againstWall, "\(error)")
        }
    }

    /// The wall alone, in front of the camera: its cluster holds no object, so it is not a box
    /// against a wall.
    @Test func aWallAloneIsNotABoxAgainstIt() {
        do {
            let result = try runPipeline(Self.capture(gap: 0.1, withBox: false).capture)
            Issue.record("measured \(result.cuboid.length) x \(result.cuboid.width) m")
        } catch {
            #expect(error != .againstWall, "\(error)")
        }
    }

    /// 3 cm from the wall (noise-free): the far side is placed at the wall's foot, 3 cm out,
    /// anywhere up to which the side may end: not accepted, and the reasons name the wall.
    @Test func aSideAFewCentimetresFromAWallIsDoubted() throws {
        let result = try runPipeline(Self.capture(gap: 0.03).capture)
        #expect(!result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
        #expect(result.uncertainty.expanded[0] > 0.010, "U \(result.uncertainty.expanded)")
        #expect(result.confidenceReasons.contains { $0.hasPrefix("the length's U") && $0.contains("wall") },
                "\(result.confidenceReasons)")
        #expect(result.confidenceReasons.contains { $0.contains("wall") }, "\(result.confidenceReasons)")
        #expect(result.cuboid.edges.compactMap(\.wallDistance).count == 1)
    }

    /// A single time-of-flight frame, the wall 6 cm past the box: the gap is measured against
    /// the wall (`SilhouetteBackdrop.surfaceAtGap`), so the side is trusted and the box measured.
    @Test func aGapMeasuredAgainstTheWallIsTrusted() throws {
        let result = try runPipeline(Self.capture(gap: 0.06, member: SensorFamily.timeOfFlight).capture)
        #expect(abs(result.cuboid.length - 0.4) <= 0.003 && abs(result.cuboid.width - 0.3) <= 0.003
                && abs(result.cuboid.height - 0.25) <= 0.003,
                "\(result.cuboid.length) x \(result.cuboid.width) x \(result.cuboid.height) m")
        #expect(result.isAccepted(), "\(result.confidenceReasons)")
        #expect(result.cuboid.edges.contains { $0.wallDistance != nil && $0.backdrop == .surfaceAtGap })
    }

    /// `wallDistances`: a wall 5 cm past the +A side, parallel or turned 10 degrees, is beside
    /// that side only; turned 30 degrees, or 15 cm away, it is beside none.
    @Test func wallDistancesFindTheSideAWallStandsBeside() {
        let frame = FloorFrame(floor: Plane(normal: SIMD3(0, 0, 1), offset: 0))
        let footprint = Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.2, halfB: 0.15)
        func wall(distance: Double, turn: Double) -> WallFit {
            let n = SIMD3(-cos(turn * Double.pi / 180), sin(turn * Double.pi / 180), 0)
            return WallFit(plane: Plane(normal: n, offset: -dot(n, SIMD3(0.2 + distance, 0, 0))), width: 2, height: 1)
        }
        let parallel = wallDistances(footprint, walls: [wall(distance: 0.05, turn: 0)], frame: frame, reach: 0.1)
        #expect(abs((parallel[0] ?? -1) - 0.05) < 1e-9 && parallel[1...].allSatisfy { $0 == nil }, "\(parallel)")
        let turned = wallDistances(footprint, walls: [wall(distance: 0.05, turn: 10)], frame: frame, reach: 0.1)
        #expect(abs((turned[0] ?? -1) - 0.05) < 0.002 && turned[1...].allSatisfy { $0 == nil }, "\(turned)")
        let steep = wallDistances(footprint, walls: [wall(distance: 0.05, turn: 30)], frame: frame, reach: 0.1)
        #expect(steep.allSatisfy { $0 == nil }, "\(steep)")
        let far = wallDistances(footprint, walls: [wall(distance: 0.15, turn: 0)], frame: frame, reach: 0.1)
        #expect(far.allSatisfy { $0 == nil }, "\(far)")
    }
}
