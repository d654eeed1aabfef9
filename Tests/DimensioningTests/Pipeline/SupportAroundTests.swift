import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The surface a box stands on is what is seen beside its foot (`supportAround`). Lengths in
/// metres.
@Suite struct SupportAroundTests {
    /// Tuning seed 2026, scenario 8 on a table (`--on-table`): the room's floor, 0.75 m below,
    /// shows past the table's edge within 10 cm of one corner of the box, a dozen points beside
    /// a side whose ring holds hundreds on the table. Taken as "the floor is seen beside the
    /// box", it made the room's floor the support and the height 737 mm too tall. The floor
    /// stands beside a side only where it is most of what is seen there: the box stands on the
    /// table, its height within 3 mm and within ± U.
    @Test func theRoomsFloorPastATablesEdgeIsNotTheSupport() throws {
        let simulated = ScenarioCatalog.render(index: 8, seed: 2026, onTable: true).capture
        let result = try runPipeline(simulated.capture)
        let error = result.cuboid.height - simulated.truth.height
        #expect(abs(error) <= 0.003, "height \(result.cuboid.height) against \(simulated.truth.height)")
        #expect(abs(error) <= result.uncertainty.expanded[2])
    }

    static let deg = Double.pi / 180

    /// `scene` stood on `deck` (the room's floor a EUR pallet's height below it), seen from 1.4 m
    /// at 70° of elevation from `azimuth` degrees, one steady frame of iPhone LiDAR depth.
    static func onDeck(_ scene: SimulatedScene, deck: PalletDeck, azimuth: Double) -> SimulatedCapture {
        var scene = scene
        scene.floorDeck = deck
        scene.floorBelow = PalletDeck.euroHeight
        var rig = CameraRig(distance: 1.4, elevation: 70 * deg, azimuth: azimuth * deg, lookAt: SIMD3(0, 0, 0.1),
                            frameCount: 1).steady()
        rig.frameCount = 1
        return SceneSimulator.render(scene: scene, rig: rig, noise: .iPhoneLiDAR, seed: 7)
    }

    /// A carton on a pallet 5 cm inside the deck's end (tuning scenes on a pallet, seed 2026,
    /// scene 0): past that end the room's floor, 144 mm lower, is most of what is seen beside
    /// that side, and taken for the support it made the carton 144 mm too tall at U 3 mm,
    /// accepted. The deck is seen along the three other sides, the floor along one: the carton
    /// stands on the deck, its height within 3 mm and within ± U from every side.
    @Test(arguments: [0.0, 90.0, 180.0, 270.0])
    func theRoomsFloorPastADecksEndIsNotTheSupport(azimuth: Double) throws {
        let box = SimulatedBox(center: .zero, length: 0.30, width: 0.22, height: 0.25, yaw: 0)
        // The deck runs from x = -1.0 to 0.20, 5 cm past the carton's end at x = 0.15.
        let deck = PalletDeck(center: SIMD2(-0.40, 0), halfLength: 0.60, halfWidth: 0.38, boardWidth: 0.12, gapWidth: 0.04)
        let simulated = Self.onDeck(SimulatedScene(target: box), deck: deck, azimuth: azimuth)
        let result = try runPipeline(simulated.capture)
        let error = result.cuboid.height - box.height
        #expect(abs(error) <= 0.003, "height \(result.cuboid.height) against \(box.height)")
        #expect(abs(error) <= result.uncertainty.expanded[2])
    }

    /// A carton whose long sides run along gaps between the deck's boards, 4 to 8 cm out (tuning
    /// scenes on a pallet, seed 2026, scene 37: the room's floor through the gaps was most of
    /// both long sides' rings, and the carton came out 144 mm too tall). The deck is seen along
    /// the same sides as the floor through its gaps, and along the ends: the carton stands on
    /// the deck.
    @Test(arguments: [0.0, 90.0, 180.0, 270.0])
    func theRoomsFloorThroughGapsBetweenBoardsIsNotTheSupport(azimuth: Double) throws {
        let box = SimulatedBox(center: .zero, length: 0.36, width: 0.20, height: 0.30, yaw: 0)
        // Six boards from y = -0.46, 120 mm wide and 40 mm apart: gaps from y = 0.14 to 0.18 and
        // from -0.18 to -0.14, and one under the carton's middle.
        let deck = PalletDeck(center: .zero, halfLength: 0.60, halfWidth: 0.46, boardWidth: 0.12, gapWidth: 0.04)
        #expect(!deck.holds(x: 0, y: 0.16) && !deck.holds(x: 0, y: -0.16) && deck.holds(x: 0, y: 0.12))
        let simulated = Self.onDeck(SimulatedScene(target: box), deck: deck, azimuth: azimuth)
        let result = try runPipeline(simulated.capture)
        let error = result.cuboid.height - box.height
        #expect(abs(error) <= 0.003, "height \(result.cuboid.height) against \(box.height)")
        #expect(abs(error) <= result.uncertainty.expanded[2])
    }

    /// Tuning seed 2026, iPhone scenario 76 on a pallet (`--on-pallet`): a 630 x 552 x 446 mm
    /// box seen from 0.97 m, its far side's ring mostly hidden behind it, with 35 points of the
    /// room's floor through a gap between boards there and 7 of the deck. Counted as a side that
    /// shows only the floor, it left the deck seen along two sides only, one short of winning,
    /// and the box was refused as "2 objects stand close together" (a board behind it). A level
    /// all but absent along a side is absent; 7 points are not: the box stands on the deck, its
    /// height within 3 mm.
    @Test func aDeckSeenThinlyAlongAFarSideIsStillThere() throws {
        let simulated = ScenarioCatalog.render(index: 76, seed: 2026, onPallet: true).capture
        let result = try runPipeline(simulated.capture)
        let error = result.cuboid.height - simulated.truth.height
        #expect(abs(error) <= 0.003, "height \(result.cuboid.height) against \(simulated.truth.height)")
        #expect(abs(error) <= result.uncertainty.expanded[2])
    }

    /// A carton on the floor between two lower ones pressed against its ends, seen from one
    /// side, its far side hidden behind it: their tops are seen along two opposite sides, the
    /// floor along the near one. Neither runs under the carton more than the other, and the
    /// three stand on the view's floor (no support of their own: `supportAround` is nil).
    @Test(arguments: [250.0, 290.0])
    func cartonsBetweenTwoLowerOnesStandOnTheFloor(azimuth: Double) throws {
        let tall = SimulatedBox(center: .zero, length: 0.30, width: 0.25, height: 0.35, yaw: 0)
        let left = SimulatedBox(center: SIMD2(-0.275, 0), length: 0.25, width: 0.25, height: 0.20, yaw: 0)
        let right = SimulatedBox(center: SIMD2(0.275, 0), length: 0.25, width: 0.25, height: 0.20, yaw: 0)
        var rig = CameraRig(distance: 1.5, elevation: 75 * Self.deg, azimuth: azimuth * Self.deg, lookAt: SIMD3(0, 0, 0.1),
                            frameCount: 1).steady()
        rig.frameCount = 1
        let simulated = SceneSimulator.render(scene: SimulatedScene(target: tall, otherBoxes: [left, right]),
                                              rig: rig, noise: .iPhoneLiDAR, seed: 8)
        let parameters = PipelineParameters()
        let scene = try fuseFrames(simulated.capture, parameters: parameters.fusion, sensor: parameters.behaviour)
        let floor = try fitFloor(scene, parameters: parameters.floor, sensor: parameters.behaviour,
                                 envelope: parameters.envelope)
        let objects = try boxCandidates(scene, floor: floor, parameters: parameters.isolation, limit: Int.max)
        let row = try #require(objects.max { $0.pointIndices.count < $1.pointIndices.count })
        let top = try #require(row.heights.max())
        #expect(abs(top - tall.height) <= 0.01, "the row's top at \(top) m")
        let support = supportAround(scene, floor: floor, box: row, parameters: parameters.floor)
        #expect(support == nil, "support \(String(describing: support?.plane))")
    }
}
