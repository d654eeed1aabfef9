import Dispatch
import Foundation

/// Data-parallel loops over contiguous chunks of an index range, for pipeline stages whose
/// chunks write disjoint outputs. Results never depend on how many chunks run or in which order
/// they finish: callers combine per-chunk results in chunk order.
///
/// Runs on GCD's `concurrentPerform`. Called from inside another `concurrentPerform` (a `verify`
/// or `accuracy` worker), GCD narrows the inner loop to the cores left over, so `--jobs 2` on
/// two cores does not oversubscribe them.
package enum ParallelChunks {
    /// Chunks a loop is split into: the active processor count, capped at 8, or the
    /// `BOXDIM_THREADS` environment variable (1...64) when set, for benchmarks.
    package static let defaultWidth: Int = {
        if let text = ProcessInfo.processInfo.environment["BOXDIM_THREADS"], let n = Int(text), (1...64).contains(n) {
            return n
        }
        return max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
    }()

    /// `0..<count` cut into at most `chunks` contiguous, non-empty ranges of near-equal length,
    /// in ascending order (none when `count` is 0).
    package static func ranges(_ count: Int, chunks: Int = defaultWidth) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let n = max(1, min(chunks, count))
        return (0..<n).map { c in (c * count / n)..<((c + 1) * count / n) }
    }

    /// Calls `body(c, ranges[c])` for every chunk, concurrently when there is more than one.
    package static func forEach(_ ranges: [Range<Int>], _ body: (Int, Range<Int>) -> Void) {
        if ranges.count <= 1 {
            for (c, range) in ranges.enumerated() { body(c, range) }
            return
        }
        // The chunks only share what their callers made safe to share (disjoint outputs).
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedBody(body: body)
            DispatchQueue.concurrentPerform(iterations: ranges.count) { c in shared.body(c, ranges[c]) }
        }
    }
}

private struct UncheckedBody: @unchecked Sendable {
    let body: (Int, Range<Int>) -> Void
}

/// An unsafe pointer that chunks of a `ParallelChunks` loop share; each chunk touches its own
/// elements only.
package struct SharedPointer<Element>: @unchecked Sendable {
    package let base: UnsafeMutablePointer<Element>

    package init(_ base: UnsafeMutablePointer<Element>) { self.base = base }

    /// A fresh, uninitialized allocation of `count` trivial elements.
    package static func allocate(_ count: Int) -> SharedPointer {
        SharedPointer(UnsafeMutablePointer<Element>.allocate(capacity: max(1, count)))
    }

    /// A fresh allocation of `count` elements set to `value`.
    package static func allocate(_ count: Int, value: Element) -> SharedPointer {
        let p = UnsafeMutablePointer<Element>.allocate(capacity: max(1, count))
        p.initialize(repeating: value, count: max(1, count))
        return SharedPointer(p)
    }

    @inline(__always)
    package subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    package func deallocate() { base.deallocate() }
}
