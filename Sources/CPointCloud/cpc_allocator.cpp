// Allocator policy (see cpc_keep_freed_memory in cpointcloud.h).
#include "cpointcloud.h"

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
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
