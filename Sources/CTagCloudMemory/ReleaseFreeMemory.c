// glibc's malloc_trim, for `tagcloud preview` (see CTagCloudMemory.h). Any libc header defines
// __GLIBC__ under glibc; <malloc.h> and malloc_trim are glibc's own.

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "CTagCloudMemory.h"

int tagcloud_release_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
