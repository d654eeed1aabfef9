import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// The pallet deck a scene can stand on (`PalletDeck`, `ScenarioCatalog.standingOnPallet`).
@Suite struct PalletDeckTests {
    /// Boards 120 mm wide, 40 mm apart: the first board's middle and the first gap's, along y;
    /// past the ends of the boards and past the outer board, nothing.
    @Test func boardsAndGapsAlternate() {
        let deck = PalletDeck(center: .zero, halfLength: 0.6, halfWidth: 0.38, boardWidth: 0.12, gapWidth: 0.04)
        #expect(deck.holds(x: 0, y: -0.38 + 0.06))
        #expect(!deck.holds(x: 0, y: -0.38 + 0.14))
        #expect(deck.holds(x: 0.59, y: -0.38 + 0.16 + 0.06))
        #expect(!deck.holds(x: 0.61, y: 0))
        #expect(!deck.holds(x: 0, y: 0.39))
        #expect(deck.holds(x: 0, y: 0.37), "the fifth board reaches the deck's far edge")
    }

    /// A deck under boxes: at least a EUR pallet's 1200 mm long and five boards (760 mm) wide,
    /// every box's footprint at least 5 cm inside it, centred on them.
    @Test func aDeckReachesPastItsBoxes() {
        let small = [SimulatedBox(center: SIMD2(0.1, 0), length: 0.3, width: 0.2, height: 0.2)]
        let deck = PalletDeck.under(small)
        #expect(abs(deck.halfLength - 0.6) < 1e-9 && abs(deck.halfWidth - 0.38) < 1e-9)
        #expect(abs(deck.center.x - 0.1) < 1e-9)
        let row = [SimulatedBox(center: SIMD2(0, 0), length: 0.4, width: 0.3, height: 0.2),
                   SimulatedBox(center: SIMD2(1.2, 0.3), length: 0.4, width: 0.3, height: 0.2, yaw: 0.3)]
        let wide = PalletDeck.under(row)
        for box in row {
            for corner in box.corners.prefix(4) {
                #expect(abs(corner.x - wide.center.x) <= wide.halfLength - 0.05 + 1e-9)
                #expect(abs(corner.y - wide.center.y) <= wide.halfWidth - 0.05 + 1e-9)
            }
        }
    }

    /// Straight down from 0.5 m over a pallet (a view about 0.6 x 0.45 m, inside the deck):
    /// every pixel sees a board at 0.5 m or, through a gap, the room's floor 144 mm further;
    /// about a quarter of the deck (40 of every 160 mm) is gap.
    @Test func theRoomsFloorShowsThroughTheGaps() {
        var scene = ScenarioCatalog.standingOnPallet(.floorOnly())
        scene.floorDeck = PalletDeck(center: .zero, halfLength: 0.6, halfWidth: 0.38, boardWidth: 0.12, gapWidth: 0.04)
        let rig = CameraRig(distance: 0.5, elevation: .pi / 2, azimuth: 0, lookAt: .zero, frameCount: 1).steady()
        let exact = SceneSimulator.renderExact(scene: scene, rig: rig, seed: 1)[0]
        var boards = 0, below = 0
        for depth in exact.depth {
            if abs(depth - 0.5) < 1e-6 { boards += 1 } else if abs(depth - 0.644) < 1e-6 { below += 1 }
        }
        #expect(boards + below == exact.depth.count)
        #expect(boards > 0 && below > 0)
        let gapShare = Double(below) / Double(exact.depth.count)
        #expect(abs(gapShare - 0.25) < 0.08, "gap share \(gapShare)")
    }
}
