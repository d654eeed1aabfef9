import Dispatch
import Foundation
import Dimensioning

/// Median and 90th percentile of repeated timings (milliseconds), as the benchmarks report them.
public struct TimingSummary: Sendable, Codable, Equatable {
    public var median: Double
    public var p90: Double
    public var minimum: Double
    public var runs: Int

    /// Summarises `samples` (milliseconds); all zero for no samples.
    public init(samples: [Double]) {
        let sorted = samples.sorted()
        runs = sorted.count
        func at(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            // Nearest rank on the sorted samples (no interpolation): a measured value.
            return sorted[min(sorted.count - 1, Int((q * Double(sorted.count - 1)).rounded()))]
        }
        median = at(0.5)
        p90 = at(0.9)
        minimum = sorted.first ?? 0
    }

    /// "12.345 ms (p90 13.000, n 30)".
    public var text: String {
        "\(BenchClock.format(median)) ms (p90 \(BenchClock.format(p90)), n \(runs))"
    }
}

/// Monotonic timing helpers for the benchmarks.
public enum BenchClock {
    /// Monotonic time in nanoseconds.
    @inline(__always)
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Milliseconds elapsed since `start` (from `now()`).
    @inline(__always)
    public static func milliseconds(since start: UInt64) -> Double { Double(now() - start) / 1e6 }

    /// Runs `body` `warmup` times untimed, then `repeats` times timed; returns the summary.
    /// Every result goes through `blackHole` so the optimiser cannot drop the work.
    public static func time<T>(repeats: Int, warmup: Int = 1, _ body: () throws -> T) rethrows -> TimingSummary {
        for _ in 0..<max(0, warmup) { blackHole(try body()) }
        var samples: [Double] = []
        samples.reserveCapacity(repeats)
        for _ in 0..<max(1, repeats) {
            let start = now()
            let value = try body()
            samples.append(milliseconds(since: start))
            blackHole(value)
        }
        return TimingSummary(samples: samples)
    }

    /// Keeps `value` alive past the timed region.
    @inline(never)
    public static func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

    /// Fixed-width milliseconds: 3 decimals below 10, 2 below 100, else 1.
    public static func format(_ ms: Double) -> String {
        String(format: ms < 10 ? "%.3f" : (ms < 100 ? "%.2f" : "%.1f"), ms)
    }
}
