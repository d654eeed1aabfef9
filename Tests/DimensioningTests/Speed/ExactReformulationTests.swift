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
    }

    @Test func selectionQuantilesEqualSortedQuantiles() {
        var g = Mix(s: 1)
        for n in [1, 2, 3, 7, 16, 17, 100, 1001] {
            // Many ties as well as distinct values.
            let values = (0..<n).map { _ in g.next() < 0.3 ? 0.5 : (g.next() * 10).rounded() / 7 }
            let sorted = values.sorted()
            for q in [0, 0.002, 0.005, 0.25, 0.5, 0.9, 0.995, 0.998, 1] {
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
