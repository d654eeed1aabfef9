import Foundation
import Testing
@testable import Dimensioning
import DimensioningSimulation

/// `HeightMap`: the highest point over each cell finds the tops; the median of each cell's
/// points on its surface (`middle`) gives a surface's level. Lengths in metres.
@Suite struct HeightMapTests {
    /// Points of a flat surface 0.1 m up with Gaussian noise of 3 mm, three to a 5-mm cell: the
    /// cells' highest points lie above it by about 0.85 sigma (the mean of the largest of three
    /// normal samples), 2.5 mm, and the median over cells of `top` says so; the median over cells
    /// of `middle` is within 0.3 mm of the surface. (A carton measured from its top stood on the
    /// first: its height came out 1-2 mm short.)
    @Test func aCellsMiddleIsItsSurfaceWhereItsHighestLiesAbove() {
        var g = SeededGenerator(seed: 7)
        var points: [SIMD3<Double>] = []
        for i in 0..<40 {
            for j in 0..<40 {
                // Three points in cell (i, j), kept 1 mm clear of its borders.
                for _ in 0..<3 {
                    let x = 0.0025 + Double(i) * 0.005 + g.uniform(-0.0015, 0.0015)
                    let y = 0.0025 + Double(j) * 0.005 + g.uniform(-0.0015, 0.0015)
                    points.append(SIMD3(x, y, 0.1 + g.gaussian(mean: 0, sigma: 0.003)))
                }
            }
        }
        let scene = PipelineTest.scene(points: points)
        let frame = FloorFrame(floor: Plane(normal: SIMD3(0, 0, 1), offset: 0))
        let map = HeightMap(scene, indices: Array(points.indices), frame: frame, cellSize: 0.005)
        let seen = map.top.indices.filter { !map.top[$0].isNaN }
        #expect(seen.count >= 1500, "\(seen.count) cells seen")
        let highest = Statistics.median(seen.map { Double(map.top[$0]) })!
        let middle = Statistics.median(seen.map { Double(map.middle[$0]) })!
        #expect(highest - 0.1 > 0.0015, "cells' highest points: \(highest)")
        #expect(abs(middle - 0.1) < 0.0003, "cells' middles: \(middle)")
    }

    /// A cell holding a pallet board's edge: two points of the board 0.144 m up and two of the
    /// floor seen through the gap beside it. Its highest point is the board, and so is its middle
    /// (the points within `surfaceBand` of the highest), not half-way down to the floor.
    @Test func aCellsMiddleLeavesOutAnotherSurfaceBelowIt() throws {
        let points: [SIMD3<Double>] = [SIMD3(0.001, 0.001, 0.145), SIMD3(0.002, 0.003, 0.143),
                                       SIMD3(0.004, 0.001, 0.001), SIMD3(0.004, 0.004, -0.001)]
        let scene = PipelineTest.scene(points: points)
        let frame = FloorFrame(floor: Plane(normal: SIMD3(0, 0, 1), offset: 0))
        let map = HeightMap(scene, indices: Array(points.indices), frame: frame, cellSize: 0.005, surfaceBand: 0.012)
        let cell = try #require(map.cellIndex(SIMD2(0.002, 0.002)))
        #expect(abs(Double(map.top[cell]) - 0.145) < 1e-6)
        #expect(abs(Double(map.middle[cell]) - 0.144) < 1e-6, "middle \(map.middle[cell])")
    }
}
