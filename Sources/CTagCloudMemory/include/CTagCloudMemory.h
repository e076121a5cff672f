// CTagCloudMemory: hands memory that malloc keeps free back to the system, where the C library
// can (glibc's malloc_trim). `tagcloud preview` calls it after each render.
#ifndef C_TAGCLOUD_MEMORY_H
#define C_TAGCLOUD_MEMORY_H

/// Returns the free memory malloc keeps (at the top of each heap and whole free pages inside them)
/// to the system: glibc's `malloc_trim(0)`, which `free` does not do by itself, so a process that
/// once drew a large cloud kept hundreds of megabytes resident. Does nothing where the C library
/// has no such call (macOS, musl).
///
/// @return 1 when memory was returned to the system, 0 when none was or the call is not there.
int tagcloud_release_free_memory(void);

#endif
