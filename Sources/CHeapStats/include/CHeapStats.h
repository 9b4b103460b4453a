#ifndef C_HEAP_STATS_H
#define C_HEAP_STATS_H

#include <stddef.h>

/// Bytes of heap the process has allocated and not freed, from glibc's mallinfo2
/// (small blocks in use plus mmapped blocks); 0 where glibc is not the allocator's
/// interface.
size_t tsb_heap_bytes_in_use(void);

#endif
