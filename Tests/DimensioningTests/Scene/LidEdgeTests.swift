import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation
import TestSupport

/// A carton's lid beside a taller neighbour (`atLidEdges`), and the layer cartons among others
/// stand on (`joiningLayers`).
@Suite struct LidEdgeTests {
    /// A carton 400 mm long (0.20 m tall) with a taller one (0.30 m) 5 mm beyond its +x end:
    /// one object of two tops.
    static let lower = SimulatedBox(center: SIMD2(0, 0), length: 0.40, width: 0.30, height: 0.20, yaw: 0)
    static let taller = SimulatedBox(center: SIMD2(0.355, 0), length: 0.30, width: 0.30, height: 0.30, yaw: 0)

    /// The scene's colour: lids light (170), faces and floor 110; with `gap`, the lower lid's
    /// last `gap` metres before the taller carton dark (40), as the gap between them shows where
    /// a stereo camera's depth ran on across it.
    static func image(_ sim: SimulatedCapture, gap: Double) throws -> LumaImage {
        try TopSeamsTests.colourImage(sim.capture) { p in
            if TopSeamsTests.lid(p, height: 0.30) { return 170 }
            guard TopSeamsTests.lid(p, height: 0.20), p.x < 0.20 + 0.002 else { return 110 }
            return p.x > 0.20 - gap ? 40 : 170
        }
    }

    static func lowerCarton(_ scene: SceneMeasurement) throws -> SceneBoxMeasurement {
        let measured = scene.boxes.compactMap { try? $0.outcome.get() }
        return try #require(measured.first { abs($0.height - 0.20) < 0.02 }, "\(MeasureAllBoxesTests.summary(scene))")
    }

    /// For a stereo camera, whose depth runs on across a narrow gap: the depth shows the lower
    /// lid to its end, 400 mm; the colour image ends it 15 mm sooner, at a dark line that runs to
    /// the taller neighbour. The side moves to the colour's edge (385 mm within 4 mm) as a
    /// lid-edge side, and the result says so; the other sides stay.
    @Test func aLidIsEndedWhereTheColourImageShowsTheGapBesideATallerNeighbour() throws {
        let sim = MeasureAllBoxesTests.capture([Self.lower, Self.taller], lookAt: SIMD3(0.1, 0, 0.1), distance: 1.5,
                                               elevation: 70)
        var stereo = PipelineParameters()
        stereo.uncertainty.sensorClass = .stereo
        let plain = try Self.lowerCarton(measureAllBoxes(sim.capture, parameters: stereo, colour: Self.image(sim, gap: 0)))
        #expect(abs(plain.length - 0.40) <= 0.004, "length \(plain.length)")
        #expect(abs(plain.width - 0.30) <= 0.004, "width \(plain.width)")

        let ranOn = try Self.lowerCarton(measureAllBoxes(sim.capture, parameters: stereo,
                                                         colour: Self.image(sim, gap: 0.015)))
        #expect(abs(ranOn.length - 0.385) <= 0.004, "length \(ranOn.length)")
        #expect(abs(ranOn.width - 0.30) <= 0.004, "width \(ranOn.width)")
        let lidSides = ranOn.uncertainty.sides.filter { if case .lidEdge = $0.evidence { true } else { false } }
        #expect(lidSides.count == 1)
        #expect(ranOn.shapeNotes.contains { $0.contains("lid's edge") }, "\(ranOn.shapeNotes)")
        // A lid edge is a physical line: no edge bias, and a profile's offset does not move it.
        #expect(ranOn.sides.filter { $0.lidEdge != nil }.allSatisfy { !$0.carriesProfileOffset })
        #expect(abs(ranOn.length - 0.385) <= ranOn.uncertainty.expanded[0], "U \(ranOn.uncertainty.expanded[0])")
    }

    /// A LiDAR's depth stops at the lid (its class does not spread depth across edges), so a
    /// dark line inside the lid beside a taller carton pressed against it is no gap the depth ran
    /// on into: the carton comes out as it does with no colour image at all, its truth
    /// (400 x 300 mm) within ± U, and no side is a lid edge. (In the tuning scenes with a colour
    /// image, the lid's edge put 12 such sides 2.8-7.7 mm inside the lid, at the rim the
    /// simulator draws.)
    @Test func aLidarsLidIsNotEndedAtALineInsideIt() throws {
        var pressed = Self.taller
        pressed.center.x = 0.35
        let sim = MeasureAllBoxesTests.capture([Self.lower, pressed], lookAt: SIMD3(0.1, 0, 0.1), distance: 1.5,
                                               elevation: 70)
        var lidar = PipelineParameters()
        lidar.uncertainty.sensorClass = .lidar
        let carton = try Self.lowerCarton(measureAllBoxes(sim.capture, parameters: lidar,
                                                          colour: Self.image(sim, gap: 0.015)))
        let depthOnly = try Self.lowerCarton(measureAllBoxes(sim.capture, parameters: lidar))
        #expect(abs(carton.length - depthOnly.length) <= 1e-4 && abs(carton.width - depthOnly.width) <= 1e-4,
                "\(carton.length) x \(carton.width) against \(depthOnly.length) x \(depthOnly.width) m")
        let u = carton.uncertainty.expanded
        #expect(abs(carton.length - 0.40) <= min(u[0], 0.010), "length \(carton.length) ± \(u[0])")
        #expect(abs(carton.width - 0.30) <= min(u[1], 0.010), "width \(carton.width) ± \(u[1])")
        #expect(carton.sides.allSatisfy { $0.lidEdge == nil })
        #expect(!carton.uncertainty.sides.contains { if case .lidEdge = $0.evidence { true } else { false } })
    }

    /// Levels less than a box's least height apart chain into one layer; each support takes the
    /// layer's middle and half its spread, and a support seen beside no other stays its own.
    @Test func supportsLessThanABoxApartMakeOneLayer() throws {
        func support(_ levels: [Double]) -> SupportBeside {
            SupportBeside(levels: levels, scatter: 0.002, count: 50, sidesSeen: 2)
        }
        let joined = joiningLayers([support([0.339]), support([0.361]), support([0.474, 0.455, 0.342]), nil,
                                    support([0.0])], gap: 0.06)
        #expect(joined.count == 5 && joined[3] == nil)
        let first = try #require(joined[0]), second = try #require(joined[1]), third = try #require(joined[2])
        #expect(first.layer == [0.361, 0.342])
        #expect(abs(first.level - 0.350) < 1e-9 && abs(first.ambiguity - 0.011) < 1e-9)
        #expect(abs(second.level - 0.350) < 1e-9)
        #expect(third.layer == [0.361, 0.339])
        #expect(abs(third.level - (0.474 + 0.339) / 2) < 1e-9)
        #expect(joined[4]?.layer == [] && joined[4]?.level == 0)
    }
}
