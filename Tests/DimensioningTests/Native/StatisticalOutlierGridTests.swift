import Foundation
import Testing
@testable import Dimensioning
@testable import DimensioningSimulation

/// `cpc_statistical_outlier_mask` (exact k-nearest-neighbour searches on a grid of cells) must
/// give pcl::StatisticalOutlierRemoval's mask (`cpc_statistical_outlier_mask_pcl`) bit for bit.
@Suite struct StatisticalOutlierGridTests {
    /// The exactness tests' deterministic generator (SplitMix64, uniform in [0, 1)).
    typealias Mix = ExactReformulationTests.Mix

    /// Both masks, asserted equal.
    private func masks(_ points: PointCloud, k: Int, multiplier: Float) throws -> [Bool] {
        let grid = try NativeCloud.statisticalOutlierMask(points, neighbours: k, stdMultiplier: multiplier)
        let pcl = try NativeCloud.statisticalOutlierMaskPCL(points, neighbours: k, stdMultiplier: multiplier)
        #expect(grid == pcl, "k \(k), multiplier \(multiplier), \(points.count) points")
        return grid
    }

    /// A noisy patch of `count` points about 3 mm apart on a plane through (0, 0, 1), tilted
    /// by `tilt` radians about x.
    private func patch(_ g: inout Mix, count: Int, tilt: Double) -> PointCloud {
        var points = PointCloud()
        let side = 0.003 * Double(count).squareRoot()
        for _ in 0..<count {
            let u = g.next() * side, v = g.next() * side, w = 0.0005 * g.normal()
            points.append(SIMD3(u, v * cos(tilt) - w * sin(tilt), 1 + v * sin(tilt) + w * cos(tilt)))
        }
        return points
    }

    @Test func farOutliersRemovedLikePCL() throws {
        var g = Mix(s: 11)
        for (trial, tilt) in [0.0, 0.4, 1.1].enumerated() {
            var points = patch(&g, count: 3000 + 1500 * trial, tilt: tilt)
            let plane = points.count
            // Scattered points about a metre above the patch.
            for _ in 0..<25 {
                points.append(SIMD3(0.1 + 0.1 * g.normal(), 0.1 + 0.1 * g.normal(), 2 + 0.1 * g.normal()))
            }
            for multiplier: Float in [0.5, 1] {
                let keep = try masks(points, k: 12, multiplier: multiplier)
                #expect(keep[plane...].allSatisfy { !$0 }, "every far point is an outlier")
                #expect(keep[..<plane].filter { $0 }.count > plane * 9 / 10)
            }
            // The pipeline's setting.
            _ = try masks(points, k: 12, multiplier: 20)
        }
    }

    /// The pipeline's own input: the top face of the bundled sample capture, at the pipeline's
    /// setting and at multipliers low enough to remove points.
    @Test func sampleCaptureTopFaceMatchesPCL() throws {
        let parameters = PipelineParameters()
        let scene = try fuseFrames(SampleCapture.render().capture, parameters: parameters.fusion)
        let floor = try fitFloor(scene, parameters: parameters.floor)
        let box = try isolateBox(scene, floor: floor, parameters: parameters.isolation)
        let top = try fitTopFace(scene, box: box, parameters: parameters.top)
        let points = scene.pointsInWorld.subset(top.inlierIndices)
        #expect(points.count > 1000)
        let k = parameters.cuboid.outlierNeighbours
        _ = try masks(points, k: k, multiplier: Float(parameters.cuboid.outlierStdMultiplier))
        let low = try masks(points, k: k, multiplier: 0.5)
        #expect(low.contains(false))
    }

    @Test func clustersDuplicatesAndLinesMatchPCL() throws {
        var g = Mix(s: 5)
        // Blobs of different densities, repeated points, a line and a few scattered points.
        var points = PointCloud()
        for blob in 0..<4 {
            let spread = 0.002 * Double(blob + 1)
            for _ in 0..<(300 * (blob + 1)) {
                points.append(SIMD3(Double(blob) * 0.2 + spread * g.normal(), spread * g.normal(), spread * g.normal()))
            }
        }
        for i in 0..<200 { points.append(points[i * 3]) }
        for i in 0..<150 { points.append(SIMD3(1 + 0.004 * Double(i), 0.5, 0.5)) }
        for _ in 0..<10 { points.append(SIMD3(3 * g.next(), 3 * g.next(), 3 * g.next())) }
        for k in [1, 5, 12, 30] {
            for multiplier: Float in [0.5, 1, 2, 20] {
                _ = try masks(points, k: k, multiplier: multiplier)
            }
        }
    }

    @Test func smallCloudsAndLargeCoordinatesMatchPCL() throws {
        var g = Mix(s: 3)
        // Clouds of at most k points take PCL's own path; just above k, the grid's.
        for count in [2, 5, 12, 13, 14, 30] {
            var points = PointCloud()
            for _ in 0..<count { points.append(SIMD3(g.next(), g.next(), 0.1 * g.next())) }
            _ = try masks(points, k: 12, multiplier: 1)
        }
        // Far from the origin, where floats are 0.5 mm apart.
        var far = patch(&g, count: 2000, tilt: 0.3)
        far = PointCloud(xyz: far.xyz.map { $0 + 5000 })
        _ = try masks(far, k: 12, multiplier: 1)
    }
}
