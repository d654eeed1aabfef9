import Foundation
import Dimensioning

/// A small, fast, seedable random number generator: xoshiro256** (Blackman and Vigna),
/// its 256-bit state filled from the seed by SplitMix64.
///
/// Everything random in the simulator is drawn from generators built here from one `UInt64`
/// seed, so the same seed gives a bit-identical capture (the integer stream is identical on
/// every platform; doubles derived through `log`/`sin`/`cos` rely on the platform's libm, so
/// bit-identity across different C libraries is not promised). Independent
/// sub-streams (poses, per-frame noise, ...) come from `init(seed:stream:)`, so adding draws to
/// one stream never shifts another.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64
    /// The second value of the last Box-Muller pair, used by the next `gaussian()` call.
    private var spareGaussian: Double?

    /// A generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        var sm = seed
        s0 = SeededGenerator.splitMix64(&sm)
        s1 = SeededGenerator.splitMix64(&sm)
        s2 = SeededGenerator.splitMix64(&sm)
        s3 = SeededGenerator.splitMix64(&sm)
        if s0 | s1 | s2 | s3 == 0 { s0 = 0x9E37_79B9_7F4A_7C15 } // xoshiro must not start at all-zero
        spareGaussian = nil
    }

    /// An independent sub-stream of `seed`: the pair (seed, stream) is hashed into a fresh seed.
    public init(seed: UInt64, stream: UInt64) {
        var sm = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        let mixed = SeededGenerator.splitMix64(&sm) ^ stream
        self.init(seed: mixed)
    }

    /// One step of SplitMix64 (Steele, Lea, Flood), used to expand seeds.
    @inline(__always)
    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always)
    private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// The next 64 random bits (xoshiro256**).
    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = SeededGenerator.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = SeededGenerator.rotl(s3, 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits.
    @inline(__always)
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in [lower, upper) (returns `lower` when the range is empty).
    @inline(__always)
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * unit()
    }

    /// A uniform double in `range`.
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        uniform(range.lowerBound, range.upperBound)
    }

    /// True with probability `p` (clamped to [0, 1]).
    @inline(__always)
    public mutating func bernoulli(_ p: Double) -> Bool { unit() < p }

    /// A uniform integer in `range`, drawn without modulo bias (Lemire's multiply-and-reject,
    /// written out here so the result never depends on the standard library's algorithm).
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(bitPattern: UInt(next())) } // the full 64-bit range
        let threshold = (0 &- span) % span
        while true {
            let (high, low) = next().multipliedFullWidth(by: span)
            if low >= threshold { return range.lowerBound &+ Int(bitPattern: UInt(high)) }
        }
    }

    /// A standard normal deviate (mean 0, variance 1) by the Box-Muller transform; the pair's
    /// second value is kept for the next call.
    @inline(__always)
    public mutating func gaussian() -> Double {
        if let g = spareGaussian {
            spareGaussian = nil
            return g
        }
        // 1 - unit() lies in (0, 1], so the logarithm is finite.
        let u1 = 1.0 - unit()
        let u2 = unit()
        let r = (-2.0 * log(u1)).squareRoot()
        let angle = 2.0 * Double.pi * u2
        spareGaussian = r * sin(angle)
        return r * cos(angle)
    }

    /// A normal deviate with the given mean and standard deviation.
    @inline(__always)
    public mutating func gaussian(mean: Double, sigma: Double) -> Double {
        mean + sigma * gaussian()
    }

    /// A vector of three independent normal deviates with standard deviation `sigma`.
    public mutating func gaussianVector(sigma: Double) -> SIMD3<Double> {
        SIMD3(gaussian() * sigma, gaussian() * sigma, gaussian() * sigma)
    }
}
