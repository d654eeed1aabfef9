// Allocator policy (see cpc_keep_freed_memory and cpc_advise_huge_pages in cpointcloud.h).
#include "cpointcloud.h"

#include <cstdint>
#include <cstdlib>

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

extern "C" int cpc_keep_freed_memory(void) {
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    const int mmap_ok = mallopt(M_MMAP_THRESHOLD, 256 << 20);
    const int trim_ok = mallopt(M_TRIM_THRESHOLD, 1 << 30);
    return mmap_ok == 1 && trim_ok == 1 ? 1 : 0;
#else
    return 0;
#endif
}

extern "C" int cpc_advise_huge_pages(size_t reserve_bytes) {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(MADV_HUGEPAGE)
    constexpr uintptr_t huge_page = uintptr_t(2) << 20;
    // Blocks must come from the brk heap (not mmap) and stay there once freed.
    if (reserve_bytes < 2 * huge_page || reserve_bytes >= (size_t(256) << 20) || cpc_keep_freed_memory() != 1) {
        return 0;
    }
    // Grow the heap once by reserve_bytes: malloc writes only the block's header, so the pages
    // stay untouched (not resident) until used. Freed again, the block joins the heap's top and
    // stays mapped (M_TRIM_THRESHOLD), and later blocks are carved from it.
    const uintptr_t before = reinterpret_cast<uintptr_t>(sbrk(0));
    void *block = std::malloc(reserve_bytes);
    if (block == nullptr) {
        return 0;
    }
    const uintptr_t start = (reinterpret_cast<uintptr_t>(block) + huge_page - 1) & ~(huge_page - 1);
    const uintptr_t after = reinterpret_cast<uintptr_t>(sbrk(0));
    const uintptr_t end = after & ~(huge_page - 1);
    int advised = 0;
    // Only when the block is where the heap grew (brk worked; not an mmap fallback).
    if (before != uintptr_t(-1) && after >= before + reserve_bytes / 2 && end > start &&
        reinterpret_cast<uintptr_t>(block) + reserve_bytes <= after) {
        advised = madvise(reinterpret_cast<void *>(start), end - start, MADV_HUGEPAGE) == 0 ? 1 : 0;
    }
    std::free(block);
    return advised;
#else
    (void)reserve_bytes;
    return 0;
#endif
}
