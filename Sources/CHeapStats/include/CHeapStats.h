#ifndef C_HEAP_STATS_H
#define C_HEAP_STATS_H

#include <stddef.h>

/// Bytes of heap the process has allocated and not freed: jemalloc's
/// "stats.allocated" when jemalloc is the allocator, else glibc's mallinfo2 (small
/// blocks in use plus mmapped blocks); 0 where neither is available.
size_t tsb_heap_bytes_in_use(void);

/// "jemalloc" or "glibc": which statistics tsb_heap_bytes_in_use reads.
const char *tsb_allocator_name(void);

#endif
