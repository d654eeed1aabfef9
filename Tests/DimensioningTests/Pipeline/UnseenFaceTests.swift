import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A side facing the camera whose face the sensor did not return (a time-of-flight camera
/// drops returns at grazing incidence): the top's extent and the floor's base line, two
/// independent surfaces, locate it together (`EdgeMethod.topAndBase`). Lengths in metres.
@Suite struct UnseenFaceTests {
    /// A 40 x 30 cm top 30 cm above the floor, centred on the origin, seen by a camera 0.6 m
    /// above the top and 0.75 m out along +y (so side +width faces it). The top is sampled every
    /// 3 mm; the floor in front of the +width side is sampled every 3 mm from `floorStart` out.
    /// No side-face point: the face returned nothing. Rays are cut with the top plane.
    static func evidence(floorStart: Double) -> EdgeEvidence {
        let camera = SIMD2(0.0, 0.75), above = 0.6, topHeight = 0.3
        var top: [SIMD2<Double>] = []
        var cuts: [(position: SIMD2<Double>, drop: Double)] = []
        for i in 0..<134 {
            let x = -0.1995 + 0.003 * Double(i)
            for j in 0..<100 {
                let y = -0.1485 + 0.003 * Double(j)
                top.append(SIMD2(x, y))
                cuts.append((SIMD2(x, y), 0))
            }
            for j in 0..<80 {
                let y = floorStart + 0.0015 + 0.003 * Double(j)
                // The ray from the camera to this floor point crosses the top plane two thirds
                // of the way down (0.6 of its 0.9 m drop).
                let cut = camera + (SIMD2(x, y) - camera) * (above / (above + topHeight))
                cuts.append((cut, topHeight))
            }
        }
        return EdgeEvidence(sidePoints: [], topPoints: top, rayCuts: cuts, foregroundBand: 0.006,
                            camera: camera, cameraAboveTop: above, spacing: 0.003, focalPixels: 365,
                            topHeight: topHeight, floorBand: 0.01)
    }

    static let rectangle = Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.2, halfB: 0.15)

    /// The floor starts right at the face's base: the side is within a millimetre and a half of
    /// 0.15 m, from top and floor agreeing within 3 mm.
    @Test func topAndFloorAgreeingLocateTheSide() {
        let (position, estimate) = locateEdge(alongA: false, sign: 1, rectangle: Self.rectangle,
                                              evidence: Self.evidence(floorStart: 0.15), parameters: PipelineParameters())
        #expect(estimate.method == .topAndBase)
        #expect(abs(position - 0.15) <= 0.0015, "side at \(position) m")
        #expect(abs(estimate.disagreement ?? 1) <= 0.003, "top and floor \(estimate.disagreement ?? .nan) m apart")
        #expect(estimate.facesCamera)
    }

    /// Something stands at the base (the floor only starts 4 cm out): the side stays a fallback
    /// at the top's extent, with the disagreement on record; a side facing away never uses the
    /// floor in front of the box.
    @Test func aFloorThatStartsFarOutLeavesAFallback() {
        let (position, estimate) = locateEdge(alongA: false, sign: 1, rectangle: Self.rectangle,
                                              evidence: Self.evidence(floorStart: 0.19), parameters: PipelineParameters())
        #expect(estimate.method == .topExtent)
        #expect(abs(position - 0.15) <= 0.0015, "side at \(position) m")
        #expect(((0.035)...(0.042)).contains(estimate.disagreement ?? 0), "disagreement \(estimate.disagreement ?? .nan) m")
        let away = locateEdge(alongA: false, sign: -1, rectangle: Self.rectangle,
                              evidence: Self.evidence(floorStart: 0.15), parameters: PipelineParameters())
        #expect(away.estimate.method != .topAndBase && away.estimate.disagreement == nil)
    }

    /// Top and base that agree place the side to a pixel's rounding and their own
    /// disagreement; a fallback at the top's extent keeps the spacing and the band it may have
    /// lost, and a floor 30 mm from where its top ends adds that disagreement.
    @Test func theBudgetTrustsAgreementAndDoubtsAFarFloor() {
        func u(_ method: EdgeMethod, apart: Double?) -> Double {
            var unseen = EdgeEstimate(method: method, pixelFootprint: 0.003, bandPixels: nil, disagreement: apart, correction: 0, strips: 10)
            unseen.facesCamera = true
            let terms = SideEvidence(unseen, captureBand: 1.2).terms(footprint: 0.003, spacing: 0.004, priors: SensorClass.tof.priors)
            return terms.reduce(0) { $0 + $1.standard * $1.standard }.squareRoot()
        }
        let rootTwelve = 12.0.squareRoot(), rootThree = 3.0.squareRoot()
        let agreeing = u(.topAndBase, apart: 0.002)
        #expect(abs(agreeing - (pow(0.003 / rootTwelve, 2) + pow(0.002 / rootTwelve, 2)).squareRoot()) < 1e-12)
        let fallback = u(.topExtent, apart: nil)
        #expect(abs(fallback - (pow(0.004 / rootThree, 2) + pow(1.2 * 0.003 / rootThree, 2)).squareRoot()) < 1e-12)
        let farFloor = u(.topExtent, apart: 0.03)
        #expect(abs(farFloor - (fallback * fallback + pow(0.03 / rootTwelve, 2)).squareRoot()) < 1e-12)
        #expect(agreeing < fallback && fallback < farFloor)
    }

    /// Fixed split, seed 101, scenario 30: a single time-of-flight frame at 73 degrees of
    /// elevation whose 44 cm face toward the camera is too steep to return. Known only from the
    /// top's extent, that side held its width's U at 4.7 mm; top and floor agree and place it to
    /// 2.2 mm.
    @Test func aSteepFaceThatReturnsNothingNoLongerCostsTheGate() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(30, seed: 101)
        #expect(kind.expectsMeasurement)
        let result = try runPipeline(simulated.capture)
        let unseen = result.cuboid.edges.filter { $0.method == .topAndBase }
        #expect(unseen.count == 1 && abs(unseen.first?.disagreement ?? 1) <= 0.004, "\(unseen)")
        EdgeEvidenceTests.expectMeasured(result, simulated.truth, footprint: 0.002)
        #expect(result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
        var off = PipelineParameters()
        off.adjustBehaviour { $0.baseLineAgreement = -1 }
        let before = try runPipeline(simulated.capture, parameters: off)
        #expect(before.cuboid.edges.contains { $0.method == .topExtent })
        #expect(result.uncertainty.expanded[1] < 0.6 * before.uncertainty.expanded[1],
                "U \(result.uncertainty.expanded), without the base line \(before.uncertainty.expanded)")
    }
}
