import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A side face counts only when its points run along the side (`faceStrips`,
/// `CuboidParameters.minimumSideFaceStrips`): a face seen at a grazing angle may hold no points of
/// its own while the noisy corner of the neighbouring face, or a few stray samples, reach into
/// its window. Lengths in metres.
@Suite struct SideFaceStripsTests {
    /// Ten 2-cm strips (`inner` 0.1 m), samples 4 mm apart: half a row is 2.5 samples, so a
    /// strip needs three. A face along the whole side fills all ten; a face half hidden, five;
    /// the neighbour's corner bunched in the end strip, one; eight stray samples, none.
    @Test func onlyPointsRunningAlongTheSideAreAFace() {
        let strips = SideStrips(inner: 0.1)
        #expect(strips.count == 10)
        let whole = stride(from: -0.099, to: 0.1, by: 0.004).map { $0 }
        #expect(faceStrips(whole, strips: strips, spacing: 0.004) == 10)
        let halfHidden = whole.filter { $0 < 0 }
        #expect(faceStrips(halfHidden, strips: strips, spacing: 0.004) == 5)
        let corner = (0..<28).map { -0.0995 + 0.0005 * Double($0 % 7) }
        #expect(faceStrips(corner, strips: strips, spacing: 0.004) == 1)
        let stray = (0..<8).map { -0.095 + 0.025 * Double($0) }
        #expect(faceStrips(stray, strips: strips, spacing: 0.004) == 0)
        // Coarser sampling needs fewer points per strip, never fewer than two.
        #expect(faceStrips(stray, strips: strips, spacing: 0.02) == 0)
        #expect(faceStrips(stray + stray, strips: strips, spacing: 0.02) == 8)
    }

    /// Fixed split, seed 202, scenario 108: a single time-of-flight frame whose -length side
    /// faces the camera at 86 degrees of elevation and returns no face. Twenty-eight points of
    /// the front face's noisy corner, all in the end strip, stood in its window and placed the
    /// side 8 mm inside the box (refused, at 0.72). Without them the side is the silhouette of
    /// the top against the floor in front of it, and the box passes within 3 mm. (Since a face
    /// must be a vertical plane spanning heights, `verticalFacePoints`, fewer of the corner's
    /// points pass for one: taken for a face, they now put the side about 6 mm inside, a doubt
    /// the 10-mm tolerance can accept.)
    @Test func aNeighboursCornerIsNotASideFace() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(108, seed: 202)
        #expect(kind == .box)
        let result = try runPipeline(simulated.capture)
        #expect(result.cuboid.edges[1].method != .sideFace, "\(result.cuboid.edges[1])")
        EdgeEvidenceTests.expectMeasured(result, simulated.truth, footprint: 0.003)
        #expect(result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")

        var anyPoints = PipelineParameters()
        anyPoints.cuboid.minimumSideFaceStrips = 0
        let before = try runPipeline(simulated.capture, parameters: anyPoints)
        #expect(before.cuboid.edges[1].method == .sideFace)
        let lengthError = before.cuboid.length - simulated.truth.length
        #expect(lengthError < -0.004, "length \(before.cuboid.length) vs \(simulated.truth.length)")
        #expect(!before.isAccepted() || abs(lengthError) < 0.010,
                "accepted at \(before.probabilityWithinTolerance), U \(before.uncertainty.expanded) with length \(lengthError) m off")
    }
}
