import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningBenchmarks
import DimensioningSimulation

/// Side errors against the true box (`AccuracyBenchmark.sideErrors`) and their table per
/// member and method (`AccuracyBySide`). Lengths in metres, errors compared in millimetres.
@Suite struct AccuracyBySideTests {
    let truth = SimulatedBox(center: SIMD2(1.0, 2.0), length: 0.6, width: 0.4, height: 0.3, yaw: 0.3)

    func errorsMM(centreShift: SIMD2<Double> = .zero, length: Double = 0.6, width: Double = 0.4,
                  yaw: Double = 0.3, z: Double = 0.15) -> [Double]? {
        let centre = SIMD3(truth.center.x + centreShift.x, truth.center.y + centreShift.y, z)
        return AccuracyBenchmark.sideErrors(center: centre, lengthAxis: SIMD3(cos(yaw), sin(yaw), 0),
                                            length: length, width: width, truth: truth)?.map { $0 * 1000 }
    }

    @Test func theTrueBoxHasNoSideError() throws {
        let errors = try #require(errorsMM())
        #expect(errors.allSatisfy { abs($0) < 1e-9 }, "\(errors)")
        // The opposite length direction names the same box.
        let flipped = try #require(errorsMM(yaw: 0.3 + .pi))
        #expect(flipped.allSatisfy { abs($0) < 1e-9 }, "\(flipped)")
    }

    @Test func aShiftMovesOneSideOutAndTheOtherIn() throws {
        let along = SIMD2(cos(0.3), sin(0.3))
        let errors = try #require(errorsMM(centreShift: 0.003 * along))
        let expected = [3.0, -3.0, 0, 0]
        for k in 0..<4 { #expect(abs(errors[k] - expected[k]) < 1e-9, "side \(k): \(errors[k]) mm") }
    }

    @Test func aLongerFootprintSplitsItsErrorBetweenTheEnds() throws {
        let errors = try #require(errorsMM(length: 0.604, width: 0.398))
        let expected = [2.0, 2.0, -1.0, -1.0]
        for k in 0..<4 { #expect(abs(errors[k] - expected[k]) < 1e-9, "side \(k): \(errors[k]) mm") }
    }

    @Test func aSmallYawErrorCostsOnlySecondOrder() throws {
        // 1 degree off: each side's midpoint moves by half the side times (1 - cos 1°), 0.05 mm.
        let errors = try #require(errorsMM(yaw: 0.3 + Double.pi / 180))
        for k in 0..<4 { #expect(errors[k] < 0 && errors[k] > -0.05, "side \(k): \(errors[k]) mm") }
    }

    @Test func aMeasurementInAnotherFrameHasNoSideErrors() {
        #expect(errorsMM(centreShift: SIMD2(0.5, 0)) == nil)
        let tilted = AccuracyBenchmark.sideErrors(center: SIMD3(1, 2, 0.15), lengthAxis: SIMD3(0, 0, 1),
                                                  length: 0.6, width: 0.4, truth: truth)
        #expect(tilted == nil)
    }

    @Test func aSimulatedCaptureSplitsItsLengthErrorBetweenItsEnds() throws {
        let c = AccuracyBenchmark.evaluate(index: 0, seed: 2026)
        let sides = try #require(c.sideErrors), signed = try #require(c.signedErrors)
        #expect(abs(sides[0] + sides[1] - signed[0]) < 0.0001, "ends \(sides[0]) + \(sides[1]) vs length \(signed[0]) m")
        #expect(abs(sides[2] + sides[3] - signed[1]) < 0.0001, "sides \(sides[2]) + \(sides[3]) vs width \(signed[1]) m")
        #expect(sides.allSatisfy { abs($0) < 0.01 }, "\(sides)")
    }

    @Test func theTableGroupsSidesByMemberAndMethod() {
        func edge(_ method: EdgeMethod, facing: Bool = false) -> EdgeEstimate {
            var e = EdgeEstimate(method: method, pixelFootprint: 0.005, bandPixels: nil, disagreement: nil, correction: 0, strips: 0)
            e.facesCamera = facing
            return e
        }
        func positive(_ sensor: String, _ errors: [Double]) -> AccuracyBenchmark.Case {
            var c = AccuracyBenchmark.Case(index: 0, name: "c", kind: .box, truth: [0.6, 0.4, 0.3])
            c.measured = [0.6, 0.4, 0.3]
            c.sensor = sensor
            c.edges = [edge(.sideFace), edge(.silhouette), edge(.silhouette, facing: true), edge(.topExtent)]
            c.sideErrors = errors
            return c
        }
        var negative = positive("a", [1, 1, 1, 1])
        negative.kind = .floorOnly
        let table = AccuracyBySide(cases: [positive("a", [-0.002, 0.001, 0.0, -0.030]),
                                           positive("a", [-0.004, 0.003, 0.002, -0.010]),
                                           positive("b", [0.001, 0.001, 0.001, 0.001]), negative])
        let a = table.rows.filter { $0.sensor == "a" }
        #expect(a.map(\.method) == ["side_face", "silhouette", "silhouette_facing", "top_extent"])
        #expect(a.allSatisfy { $0.sides == 2 })
        let sideFace = a.first { $0.method == "side_face" }
        #expect(abs((sideFace?.medianSignedErrorMM ?? 0) + 3) < 1e-9)
        #expect(table.rows.filter { $0.sensor == "b" }.count == 4)
        #expect(table.table.contains("| a | top_extent | 2 | -20.0 |"))
    }
}
