import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A wall (or another object) close behind a side: the points past the edge stand on one
/// vertical plane, so those within a band's reach of the top are that surface, not mixed
/// pixels, and the gap to them is the sensor's band, measured like a gap to the floor
/// (`SilhouetteBackdrop.surfaceAtGap`). Lengths in metres.
@Suite struct SurfaceGapTests {
    static func silhouette(_ band: Double, lastTop: Double, backed: Bool = false, gapToSurface: Bool = false) -> EdgeEstimate {
        var e = EdgeEstimate(method: .silhouette, pixelFootprint: 0.005, bandPixels: band, disagreement: nil, correction: 0, strips: 10)
        e.lastTopRay = lastTop
        e.backdrop = !backed ? .support : gapToSurface ? .surfaceAtGap : .surface
        return e
    }

    /// A backed side whose gap ended on the surface keeps its own place when its band is like
    /// the clean sides'; one whose gap did not (something stands behind it, nearer points
    /// unaccounted for) takes their band; with no clean side, the first stays a silhouette and
    /// the second becomes a fallback.
    @Test func aGapMeasuredAgainstTheSurfaceIsKept() {
        let face = EdgeEstimate(method: .sideFace, pixelFootprint: 0.004, bandPixels: nil, disagreement: 0.001, correction: 0, strips: 0)
        var estimates = [Self.silhouette(1.2, lastTop: 0.2), Self.silhouette(1.4, lastTop: 0.2, backed: true, gapToSurface: true),
                         Self.silhouette(7, lastTop: 0.1, backed: true), face]
        var positions = [0.2055, 0.206, 0.12, 0.1]
        reconcileBands(&positions, &estimates, tolerancePixels: 2.5)
        #expect(!estimates[1].bandFromOtherSides && positions[1] == 0.206)
        #expect(estimates[2].bandFromOtherSides)
        // The clean side's band is 1.2 px: 0.1 + (1.2 + 1) / 2 * 0.005.
        #expect(abs(positions[2] - 0.1055) < 1e-9)

        var alone = [Self.silhouette(1.4, lastTop: 0.2, backed: true, gapToSurface: true), face,
                     Self.silhouette(7, lastTop: 0.1, backed: true), face]
        var alonePositions = [0.206, 0.1, 0.12, 0.1]
        reconcileBands(&alonePositions, &alone, tolerancePixels: 2.5)
        #expect(alone[0].method == .silhouette && alonePositions[0] == 0.206)
        #expect(alone[2].method == .topExtent && abs(alonePositions[2] - 0.1025) < 1e-9)
    }

    /// A wall need not be parallel to the side: points standing on a line at 39 degrees to it,
    /// a millimetre off either way, are one vertical surface (spread about a millimetre, the
    /// line recovered); a scatter of mixed pixels is not; three points are needed.
    @Test func aSlantedWallIsOneSurface() throws {
        var onWall: [SIMD2<Double>] = []
        for i in 0..<20 {
            let y = -0.01 + 0.001 * Double(i)
            let offset: Double = i % 2 == 0 ? 0.001 : -0.001
            let x: Double = 0.05 + 0.8 * y + offset
            onWall.append(SIMD2(x, y))
        }
        let wall = try #require(verticalSurface(onWall))
        #expect(wall.spread < 0.002, "spread \(wall.spread) m")
        #expect(abs(wall.outward(0) - 0.05) < 0.0005 && abs(wall.outward(0.01) - 0.058) < 0.0005)
        var scattered: [SIMD2<Double>] = []
        for i in 0..<20 {
            let x: Double = 0.01 + 0.004 * Double((i * 7) % 11)
            scattered.append(SIMD2(x, -0.01 + 0.001 * Double(i)))
        }
        #expect((verticalSurface(scattered)?.spread ?? 0) > SensorBehaviour.shared.surfaceSpread)
        #expect(verticalSurface(Array(onWall.prefix(2))) == nil)
    }

    /// Only a still camera's points were all seen from the reference camera: a single frame
    /// and ten frames of a fixed rig are, a handheld sweep (the sample capture) is not. The
    /// gap to a surface is measured only in the first case.
    @Test func onlyAStillCameraIsOneViewpoint() throws {
        let (single, _) = EdgeEvidenceTests.fixedFrame(46, seed: 101)
        #expect(try fuseFrames(single.capture).isSingleViewpoint)
        let (still, _) = ScenarioCatalog.render(index: 46, seed: 101, frameCount: 10,
                                                sensors: [SensorFamily.timeOfFlight, SensorFamily.stereo])
        #expect(try fuseFrames(still.capture).isSingleViewpoint)
        let sweep = SampleCapture.render()
        #expect(try !fuseFrames(sweep.capture).isSingleViewpoint)
    }

    /// Fixed split, seed 101, scenario 46: a single time-of-flight frame of a box before a wall.
    /// The wall's points within the band's reach used to count as mixed pixels, so the gap
    /// there came out 7 px wide and the side took the other sides' band, its width's U 8.4 mm.
    /// Measured against the wall, its gap is the sensor's 1-2 px: within 3 mm at U 1.6 mm.
    @Test func aSideBeforeAWallMeasuresItsOwnGap() throws {
        let (simulated, kind) = EdgeEvidenceTests.fixedFrame(46, seed: 101)
        #expect(kind == .boxWithWall)
        let result = try runPipeline(simulated.capture)
        let walled = result.cuboid.edges.filter(\.backedBySurface)
        #expect(walled.count == 1 && walled.allSatisfy { $0.backdrop == .surfaceAtGap && !$0.bandFromOtherSides && ($0.bandPixels ?? 9) < 3 },
                "\(walled)")
        EdgeEvidenceTests.expectMeasured(result, simulated.truth, footprint: 0.003)
        #expect(result.isAccepted(), "confidence \(result.probabilityWithinTolerance), U \(result.uncertainty.expanded)")
        // Borrowing the other sides' band, the width's U was 8.4 mm; measured to the wall, under
        // half of that. (The switch that once turned the surface off, a zero surface spread, now
        // also narrows the wall's own band: the wall is then not told from the box at all.)
        #expect(result.uncertainty.expanded[1] < 0.004, "U \(result.uncertainty.expanded)")
    }
}
