import Foundation
import Testing
@testable import Dimensioning

/// The speed work's reformulations must give the very answers of what they replace.
@Suite struct ExactReformulationTests {
    /// A small deterministic generator (SplitMix64).
    struct Mix { var s: UInt64
        mutating func next() -> Double {
            s &+= 0x9E37_79B9_7F4A_7C15
            var z = s
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        /// Roughly normal (sum of four uniforms), mean 0, deviation 1.
        mutating func normal() -> Double { (next() + next() + next() + next() - 2) * 3.0.squareRoot() }
    }

    @Test func selectionQuantilesEqualSortedQuantiles() {
        var g = Mix(s: 1)
        for n in [1, 2, 3, 7, 16, 17, 64, 100, 1001, 6000] {
            // Many ties as well as distinct values.
            let values = (0..<n).map { _ in g.next() < 0.3 ? 0.5 : (g.next() * 10).rounded() / 7 }
            let sorted = values.sorted()
            for q in [0, 0.001, 0.002, 0.005, 0.03, 0.25, 0.5, 0.9, 0.97, 0.995, 0.998, 0.999, 1] {
                #expect(Statistics.quantile(values, q) == Statistics.quantile(sorted: sorted, q))
            }
        }
    }

    @Test func gridComponentsEqualPCLEuclideanClusters() throws {
        var g = Mix(s: 7)
        for trial in 0..<6 {
            // Blobs, a plane with gaps and scattered points; points on the tolerance's edge.
            var points = PointCloud()
            for _ in 0..<(1500 + 500 * trial) {
                let blob = Double(Int(g.next() * 4))
                points.append(SIMD3(blob * 0.05 + g.next() * 0.04, g.next() * 0.1, g.next() * 0.02 * Double(trial)))
            }
            for i in 0..<60 { points.append(SIMD3(0.5 + Double(i) * 0.02, 0.5, 0.5)) } // spaced at the tolerance
            let tolerance: Float = 0.02
            let pcl = try NativeCloud.euclideanClusters(points, tolerance: tolerance, minSize: 1, maxSize: Int(Int32.max))
            let grid = try NativeCloud.radiusComponents(points, tolerance: tolerance, minSize: 1, maxSize: Int(Int32.max))
            #expect(pcl.labels == grid.labels)
            #expect(pcl.clusterCount == grid.clusterCount)
            let pclBig = try NativeCloud.euclideanClusters(points, tolerance: tolerance, minSize: 100, maxSize: 5000)
            let gridBig = try NativeCloud.radiusComponents(points, tolerance: tolerance, minSize: 100, maxSize: 5000)
            #expect(pclBig.labels == gridBig.labels)
        }
    }
}

/// `refineOrientation` selects its quantiles among candidate points; it must give the very
/// rectangle of the plain form that selects over all points.
@Suite struct RefineOrientationExactnessTests {
    @Test func candidateSelectionEqualsFullSelection() {
        var g = ExactReformulationTests.Mix(s: 11)
        var compared = 0
        for trial in 0..<24 {
            // Noisy rectangles (and one square) at assorted angles and offsets, with a few
            // stray points, 200 to 9,000 points.
            let count = [200, 1_000, 4_000, 9_000][trial % 4]
            let halfA = 0.05 + g.next() * 0.3, halfB = trial % 6 == 0 ? halfA : 0.03 + g.next() * 0.2
            let yaw = g.next() * .pi, centre = SIMD2(g.next() * 4 - 2, g.next() * 4 - 2)
            let axis = SIMD2(cos(yaw), sin(yaw)), normal = SIMD2(-axis.y, axis.x)
            var points: [SIMD2<Double>] = []
            for i in 0..<count {
                let noise = 0.002 * (g.next() - 0.5)
                var p = centre + axis * (g.next() * 2 - 1) * halfA + normal * ((g.next() * 2 - 1) * halfB + noise)
                if i % 997 == 0 { p += SIMD2(g.next() - 0.5, g.next() - 0.5) * 0.2 }
                points.append(p)
            }
            // Start a little off the true orientation, as the hull's rectangle does.
            let start = Rectangle2D(center: centre, axisA: SIMD2(cos(yaw + 0.02), sin(yaw + 0.02)),
                                    halfA: halfA, halfB: halfB)
            let fast = refineOrientation(start, points: points)
            let plain = refineOrientationByFullSelection(start, points: points)
            #expect(fast.center == plain.center, "trial \(trial)")
            #expect(fast.axisA == plain.axisA, "trial \(trial)")
            #expect(fast.halfA == plain.halfA && fast.halfB == plain.halfB, "trial \(trial)")
            compared += 1
        }
        #expect(compared == 24)
    }
}
