import Foundation

/// A fixed-size array written from several threads, one slot each (package-internal: the
/// dataset writer and the benchmarks fill one slot per capture).
package final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()
    package init(count: Int) { slots = [T?](repeating: nil, count: count) }
    package func set(_ index: Int, _ value: T) { lock.lock(); slots[index] = value; lock.unlock() }
    package func values() -> [T] { lock.lock(); defer { lock.unlock() }; return slots.compactMap { $0 } }
}
