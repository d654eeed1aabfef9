import CPointCloud

/// Process-wide memory policy for programs that measure many captures.
public enum AllocatorPolicy {
    /// Keeps freed memory in the process for reuse instead of returning it to the kernel
    /// (glibc `mallopt`: `M_MMAP_THRESHOLD` 256 MiB, `M_TRIM_THRESHOLD` 1 GiB).
    ///
    /// The pipeline allocates tens of megabytes per capture (binned samples, clouds). By
    /// default glibc serves such blocks with fresh `mmap`s and unmaps them when freed, so every
    /// capture of a batch faults its pages in again and the kernel zeroes each 4 KiB page (in a
    /// virtual machine each fault also exits to the hypervisor). With this policy the next
    /// capture reuses mapped pages. Peak memory stays the largest capture's working set; results
    /// are unaffected. `boxdim` applies it at start-up; call it once, early, in your own
    /// batch program if you want the same. Returns false where unsupported.
    @discardableResult
    public static func keepFreedMemoryForReuse() -> Bool { cpc_keep_freed_memory() == 1 }

    /// `keepFreedMemoryForReuse`, plus: the first `reserveBytes` of the main heap's growth
    /// advised for transparent huge pages (`cpc_advise_huge_pages`, Linux
    /// `madvise(MADV_HUGEPAGE)`), so large blocks fault in 2 MiB at a time instead of 4 KiB. A
    /// 30-frame measurement touches about 45 MB once; faulting it in 4 KiB pages (11.7 k faults)
    /// was a fifth of the process's CPU time. Results are unaffected; peak memory may round up
    /// to 2 MiB pages. `boxdim` applies it at start-up. Returns false where the advice could not
    /// be given (no glibc or THP, a heap that is not contiguous).
    @discardableResult
    public static func adviseHugePages(reserveBytes: Int = 192 << 20) -> Bool {
        cpc_advise_huge_pages(max(0, reserveBytes)) == 1
    }
}
