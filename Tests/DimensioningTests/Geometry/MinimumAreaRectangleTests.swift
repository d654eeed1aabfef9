import Foundation
import Testing
@testable import Dimensioning

/// Rotating calipers against known rectangles and a brute-force search.
@Suite struct MinimumAreaRectangleTests {
    private func rectanglePoints(halfA: Double, halfB: Double, angle: Double, center: SIMD2<Double>) -> [SIMD2<Double>] {
        let a = SIMD2(cos(angle), sin(angle)), b = SIMD2(-sin(angle), cos(angle))
        var points: [SIMD2<Double>] = []
        for i in 0...20 { for j in 0...20 {
            let u = (Double(i) / 10 - 1) * halfA, v = (Double(j) / 10 - 1) * halfB
            points.append(center + u * a + v * b)
        } }
        return points
    }

    @Test(arguments: [0.0, 7.5, 30, 45, 60, 89.9, 90])
    func recoversRotatedRectangle(degrees: Double) throws {
        let angle = degrees * .pi / 180
        let points = rectanglePoints(halfA: 0.2, halfB: 0.15, angle: angle, center: SIMD2(0.3, -0.1))
        let hull = try NativeCloud.convexHull2D(points)
        let rectangle = try #require(minimumAreaRectangle(hull: hull))
        #expect(abs(rectangle.halfA - 0.2) < 1e-5)
        #expect(abs(rectangle.halfB - 0.15) < 1e-5)
        #expect(abs(rectangle.center.x - 0.3) < 1e-5 && abs(rectangle.center.y + 0.1) < 1e-5)
        // Axis A along the long side, up to sign.
        #expect(abs(abs(dot(rectangle.axisA, SIMD2(cos(angle), sin(angle)))) - 1) < 1e-6)
    }

    /// A square top: PCA has no preferred axis, calipers still find the square.
    @Test(arguments: [0.0, 12.0, 33.0, 45.0, 71.0])
    func squareAtAnyYaw(degrees: Double) throws {
        let points = rectanglePoints(halfA: 0.25, halfB: 0.25, angle: degrees * .pi / 180, center: .zero)
        let rectangle = try #require(minimumAreaRectangle(hull: try NativeCloud.convexHull2D(points)))
        #expect(abs(rectangle.halfA - 0.25) < 1e-5 && abs(rectangle.halfB - 0.25) < 1e-5)
        #expect(abs(rectangle.area - 0.25) < 1e-5)
    }

    @Test func matchesBruteForceOnRandomPolygons() throws {
        var state: UInt64 = 99
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<20 {
            let points = (0..<40).map { _ in SIMD2(next() * 2 - 1, next() * 0.6 - 0.3) }
            let hull = try NativeCloud.convexHull2D(points)
            let rectangle = try #require(minimumAreaRectangle(hull: hull))
            var best = Double.infinity
            for step in 0..<18000 {
                let angle = Double(step) / 18000 * .pi / 2
                let a = SIMD2(cos(angle), sin(angle)), b = SIMD2(-sin(angle), cos(angle))
                let xs = hull.map { dot($0, a) }, ys = hull.map { dot($0, b) }
                best = min(best, (xs.max()! - xs.min()!) * (ys.max()! - ys.min()!))
            }
            #expect(rectangle.area <= best + 1e-9)
            #expect(rectangle.area > best * 0.999)
            #expect(hull.allSatisfy { rectangle.contains($0, margin: 1e-6) })
        }
    }

    @Test func degenerateInputGivesNil() {
        #expect(minimumAreaRectangle(hull: []) == nil)
        #expect(minimumAreaRectangle(hull: [SIMD2(0, 0), SIMD2(1, 1)]) == nil)
    }

    /// Per-side values follow `normalized()`'s swap: each new side (+A, −A, +B, −B) carries the
    /// old side with the same outward normal and distance. (`fitCuboid` and `movingSides` once
    /// took the old +A for the new +B: a side's face and the far side's silhouette traded places,
    /// and a bowed lid's rim moved the side facing the camera.)
    @Test(arguments: [0.0, 0.3, 2.0, -1.2])
    func swappedSidesFollowTheNormalizedRectangle(angle: Double) {
        let old = Rectangle2D(center: SIMD2(1, -2), axisA: SIMD2(cos(angle), sin(angle)), halfA: 0.1, halfB: 0.25)
        let new = old.normalized()
        #expect(new.halfA == 0.25 && new.halfB == 0.1)
        let order = Rectangle2D.swappedSides([0, 1, 2, 3])
        for k in 0..<4 {
            let was = old.side(order[k]), now = new.side(k)
            #expect(length(now.normal - was.normal) < 1e-12, "side \(k) from old side \(order[k])")
            #expect(abs(now.distance - was.distance) < 1e-12)
        }
    }
}
