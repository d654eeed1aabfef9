import Testing
@testable import Dimensioning

@Suite struct PlaneAndFrameTests {
    @Test func planeDistancesAndProjection() {
        let plane = Plane(normal: SIMD3(0, 0, 2), offset: -1) // z = 0.5
        #expect(abs(plane.signedDistance(SIMD3(3, 4, 1.25)) - 0.75) < 1e-12)
        #expect(abs(plane.flipped.signedDistance(SIMD3(3, 4, 1.25)) + 0.75) < 1e-12)
        #expect(abs(plane.project(SIMD3(1, 2, 3)).z - 0.5) < 1e-12)
    }

    @Test func floorFrameRoundTripsAndMeasuresHeight() {
        let tilted = Plane(normal: SIMD3(0.1, -0.2, 1), through: SIMD3(0.3, 0.1, -0.2))
        let frame = FloorFrame(floor: tilted, hint: SIMD3(0, 1, 0))
        let p = SIMD3<Double>(0.7, -0.4, 0.9)
        let local = frame.local(p)
        #expect(abs(local.z - tilted.signedDistance(p)) < 1e-12)
        let back = frame.world(local)
        #expect(length(back - p) < 1e-12)
        #expect(abs(dot(frame.xAxis, frame.yAxis)) < 1e-12 && abs(length(cross(frame.xAxis, frame.yAxis) - frame.up)) < 1e-12)
    }

    @Test func statisticsKnownAnswers() {
        #expect(Statistics.median([3, 1, 2]) == 2)
        #expect(Statistics.quantile([0, 10], 0.25) == 2.5)
        #expect(Statistics.trimmedMean([100, 1, 2, 3, 4, 5, 6, 7, 8, -100], trim: 0.1) == 4.5)
        #expect(abs(Statistics.standardDeviation([1, 3])! - 1) < 1e-12)
        #expect(Statistics.median([]) == nil)
    }
}
