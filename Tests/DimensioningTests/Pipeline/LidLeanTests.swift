import Foundation
import Testing
@testable import Dimensioning
import DimensioningSimulation

/// A lid's own plane (`LidLean`): fitted over its interior from level, counted as a lean when the
/// lean is known (three jackknife standard uncertainties) and the lid is flat. Synthetic lids of
/// 400 x 300 mm sampled every 4 mm, floor coordinates, metres.
@Suite struct LidLeanTests {
    private static let outline = Rectangle2D(center: .zero, axisA: SIMD2(1, 0), halfA: 0.2, halfB: 0.15)

    /// Points of a lid at height 0.3 m whose height at (x, y) is `shape` above that, plus
    /// Gaussian noise of `sigma` metres (seeded).
    private static func lid(sigma: Double, seed: UInt64, shape: (Double, Double) -> Double) -> [SIMD3<Double>] {
        var random = SeededGenerator(seed: seed)
        var points: [SIMD3<Double>] = []
        for i in 0..<100 {
            for j in 0..<75 {
                let x = -0.198 + 0.004 * Double(i), y = -0.148 + 0.004 * Double(j)
                points.append(SIMD3(x, y, 0.3 + shape(x, y) + random.gaussian(mean: 0, sigma: sigma)))
            }
        }
        return points
    }

    /// The least-squares standard error of `plane`'s rise from `low` to `high`, as if every
    /// sample's noise were its own: what the jackknife replaces.
    private static func independentRiseError(_ points: [SIMD3<Double>], _ plane: LidLean,
                                             from low: SIMD2<Double>, to high: SIMD2<Double>) -> Double {
        let n = Double(points.count)
        let mean = points.reduce(SIMD3<Double>.zero, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            let d = p - mean
            sxx += d.x * d.x; sxy += d.x * d.y; syy += d.y * d.y
        }
        let d = high - low, det = sxx * syy - sxy * sxy
        return plane.rms * ((d.x * d.x * syy - 2 * d.x * d.y * sxy + d.y * d.y * sxx) / det).squareRoot()
    }

    @Test func aLidLeaningTwoMillimetresOverItsNoiseIsALean() throws {
        // 2 mm of rise over 400 mm (0.29°), under samples that scatter by 3 mm.
        let points = Self.lid(sigma: 0.003, seed: 1) { x, _ in 0.005 * x }
        let plane = try #require(LidLean(points: points))
        #expect(abs(plane.gradient.x - 0.005) < 0.001 && abs(plane.gradient.y) < 0.001, "\(plane.gradient)")
        #expect(plane.isFlatLean(of: points, over: Self.outline))
    }

    @Test func aLevelLidIsNoLean() throws {
        for seed in UInt64(1)...5 {
            let points = Self.lid(sigma: 0.003, seed: seed) { _, _ in 0 }
            let plane = try #require(LidLean(points: points))
            #expect(!plane.isFlatLean(of: points, over: Self.outline), "seed \(seed): \(plane.gradient)")
        }
    }

    /// Level lids whose samples share a smooth error (24 waves 4-12 cm long, 0.4 mm high each,
    /// in random directions, over 0.5 mm of independent noise: a stereo camera's matching window
    /// or fused frames smooth their noise so): the samples' least-squares error calls the fitted
    /// tilt of about half of them a lean; the jackknife over the lid's parts sees that the tilt
    /// is the waves', on every one.
    @Test func aLevelLidWithSmoothNoiseIsNoLean() throws {
        var calledByTheSamples = 0
        for seed in UInt64(1)...10 {
            var random = SeededGenerator(seed: 1000 + seed)
            let waves = (0..<24).map { _ in
                (length: random.uniform(0.04, 0.12), direction: random.uniform(0, Double.pi), phase: random.uniform(0, 2 * Double.pi))
            }
            let points = Self.lid(sigma: 0.0005, seed: seed) { x, y in
                waves.reduce(0) { $0 + 0.0004 * sin(2 * Double.pi * (x * cos($1.direction) + y * sin($1.direction)) / $1.length + $1.phase) }
            }
            let plane = try #require(LidLean(points: points))
            let corners = Self.outline.corners
            let high = try #require(corners.max { plane.rise(at: $0) < plane.rise(at: $1) })
            let low = try #require(corners.min { plane.rise(at: $0) < plane.rise(at: $1) })
            if plane.rise(at: high) - plane.rise(at: low) > 3 * Self.independentRiseError(points, plane, from: low, to: high) {
                calledByTheSamples += 1
            }
            #expect(!plane.isFlatLean(of: points, over: Self.outline), "seed \(seed): \(plane.gradient)")
        }
        #expect(calledByTheSamples >= 3, "the samples alone call \(calledByTheSamples) of 10 a lean")
    }

    /// A lid bowed along its length, 6 mm higher at one end than the other on the whole: its
    /// halves slope apart, so it is no flat lid that leans (cut with one plane, its own samples
    /// read as lips: `BowedLidLipTests`).
    @Test func aBowedLidIsNoFlatLean() throws {
        let points = Self.lid(sigma: 0.001, seed: 3) { x, _ in 0.015 * x - 0.4 * x * x }
        let plane = try #require(LidLean(points: points))
        #expect(plane.gradient.x > 0.01, "it leans on the whole: \(plane.gradient)")
        #expect(!plane.isFlatLean(of: points, over: Self.outline))
    }

    /// A noisy level lid whose RANSAC slab (the points within 4 mm of a plane tilted 2°) leans:
    /// refined from level, the plane holds the whole lid and is level; the slab's own plane is
    /// a fixed point of the same refinement, and tilted.
    @Test func aLevelLidIsFittedLevelWhateverItsSlab() throws {
        let points = Self.lid(sigma: 0.003, seed: 11) { _, _ in 0 }
        let tilt = tan(2.0 * Double.pi / 180)
        let slab = points.filter { abs($0.z - 0.3 - tilt * $0.x) <= 0.004 }
        #expect(try #require(LidLean(points: slab)).gradient.x > 0.005, "the slab leans")
        let refined = try #require(LidLean.refined(points, level: 0.3, slab: slab, band: 0.009))
        #expect(abs(refined.lean.gradient.x) < 0.001 && abs(refined.lean.gradient.y) < 0.001, "\(refined.lean.gradient)")
        #expect(refined.points.count > points.count * 98 / 100)
    }

    /// Against a surface that leans with it (the floor's plane fitted to its bent far part), a
    /// lid's lean is the surface's: its high corner rises nothing for the height.
    @Test func aLidLeaningWithItsSurfaceHasNoHighCorner() throws {
        let points = Self.lid(sigma: 0.001, seed: 5) { x, _ in 0.006 * x }
        let plane = try #require(LidLean(points: points))
        let alone = plane.levelAndHighCorner(over: Self.outline)
        #expect(abs(alone.highCorner - 0.006 * 0.2) < 0.0002, "\(alone.highCorner)")
        let surface = LidLean(origin: .zero, gradient: SIMD2(0.006, 0), rms: 0.001)
        let against = plane.levelAndHighCorner(over: Self.outline, surface: surface)
        #expect(against.highCorner < 0.0002, "\(against.highCorner)")
    }

    /// A stray point far outside the outline (a reader's extreme but finite coordinate) joins an
    /// edge cell of the jackknife instead of trapping its integer conversion (beyond 9.2e18 cells
    /// it did): no estimate, or a finite one.
    @Test func aFarStrayPointDoesNotTrapTheJackknife() throws {
        var points = Self.lid(sigma: 0.001, seed: 2) { x, _ in 0.01 * x }
        points.append(SIMD3(1e300, -1e300, 0.3))
        let u = LidLean.riseUncertainty(of: points, over: Self.outline, from: SIMD2(-0.2, 0), to: SIMD2(0.2, 0))
        #expect(u.map(\.isFinite) ?? true, "\(String(describing: u))")
    }
}
