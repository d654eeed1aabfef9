import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// A surface close behind a side (a taller box, a wall a few centimetres back) crosses the
/// top's height, and its samples there must not pass for top (`detachingOtherSurfaces`).
/// Lengths in metres.
@Suite struct OtherSurfaceBehindTests {
    private static func cut(_ u: Double, drop: Double, foreground: Bool) -> StripCut {
        (u, 0, drop, foreground, false, !foreground && drop < 0.3)
    }

    /// Top samples to 0.15, rays passing over the edge to 0.27, then the other surface at the
    /// top's height: those become samples between top and floor; the top's own stay top.
    @Test func topHeightSamplesPastAGapAreAnotherSurface() {
        var cuts = stride(from: 0.10, through: 0.15, by: 0.005).map { Self.cut($0, drop: 0, foreground: true) }
        cuts += stride(from: 0.16, through: 0.26, by: 0.01).map { Self.cut($0, drop: 0.05, foreground: false) }
        cuts += [Self.cut(0.27, drop: 0.001, foreground: true), Self.cut(0.28, drop: -0.01, foreground: true)]
        let detached = detachingOtherSurfaces(cuts, gap: 0.056)
        let lastTop = detached.filter(\.foreground).map(\.u).max() ?? 0
        #expect(abs(lastTop - 0.15) < 1e-9, "last top sample at \(lastTop) m")
        let other = detached.filter { $0.u > 0.265 }
        let otherIsBetween = other.allSatisfy { !$0.foreground && $0.between }
        #expect(other.count == 2 && otherIsBetween)
        let ownTop = detached.filter { $0.u <= 0.15 + 1e-9 }
        let ownStays = ownTop.allSatisfy { $0.foreground }
        #expect(ownTop.count == 11 && ownStays)
    }

    /// Within the widest band, or with a hole of no returns (nothing in the gap), the top is
    /// left as it is: a band of mixed pixels, a dark patch.
    @Test func aBandOrAHoleIsNoBreak() {
        let top = stride(from: 0.10, through: 0.15, by: 0.005).map { Self.cut($0, drop: 0, foreground: true) }
        let band = top + [Self.cut(0.16, drop: 0.1, foreground: false), Self.cut(0.17, drop: 0.2, foreground: false),
                          Self.cut(0.18, drop: 0, foreground: true)]
        #expect(detachingOtherSurfaces(band, gap: 0.056).filter(\.foreground).count == top.count + 1)
        let hole = top + [Self.cut(0.30, drop: 0, foreground: true)]
        #expect(detachingOtherSurfaces(hole, gap: 0.056).filter(\.foreground).count == top.count + 1)
    }

    /// A 60 cm tall, 20 cm wide box 12 cm behind a 45 cm one (noise-free, 1.3 m, 55 degrees):
    /// the far box's face crosses the near top's height inside the silhouette's window. Its
    /// samples there used to count as top, the near box's outline "stepped" 12 cm, and the far
    /// box was measured instead. The near box is measured now.
    @Test func aTallerBoxCloseBehindIsNotPartOfTheTop() throws {
        let near = SimulatedBox(center: .zero, length: 0.3, width: 0.25, height: 0.45)
        let behind = SimulatedBox(center: SIMD2(0.15 + 0.12 + 0.1, 0), length: 0.2, width: 0.2, height: 0.6)
        let result = try runPipeline(PipelineTest.clean(near, distance: 1.3, elevation: 55, azimuth: 180, others: [behind]).capture)
        #expect(abs(result.cuboid.length - 0.3) <= 0.003 && abs(result.cuboid.width - 0.25) <= 0.003
                && abs(result.cuboid.height - 0.45) <= 0.003,
                "\(result.cuboid.length) x \(result.cuboid.width) x \(result.cuboid.height) m")
    }
}
