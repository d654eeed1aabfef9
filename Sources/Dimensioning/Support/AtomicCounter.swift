import Foundation

/// A thread-safe counter handing out work indices (package-internal: the dataset writer and
/// the benchmarks hand out captures with it).
package final class AtomicCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    package init() {}
    /// Returns the current value and increments it.
    package func increment() -> Int { lock.lock(); defer { lock.unlock() }; let v = value; value += 1; return v }
}
