import Foundation
import Testing
@testable import Dimensioning

/// `AllocatorPolicy.adviseHugePages` takes only reserves it can keep on the heap (4 MiB up to
/// below 256 MiB, the mmap threshold `keepFreedMemoryForReuse` sets). Whether the advice takes
/// effect depends on the process's heap (a test runner's threads allocate from other arenas), so
/// its effect is measured on `boxdim` itself (page faults, README Speed), not here.
@Suite struct AllocatorPolicyTests {
    @Test func reservesOutsideTheHeapsRangeAreRefused() {
        #expect(!AllocatorPolicy.adviseHugePages(reserveBytes: 0))
        #expect(!AllocatorPolicy.adviseHugePages(reserveBytes: 1 << 20))
        #expect(!AllocatorPolicy.adviseHugePages(reserveBytes: 256 << 20))
        #expect(!AllocatorPolicy.adviseHugePages(reserveBytes: 512 << 20))
    }
}
