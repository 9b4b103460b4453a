#include "CHeapStats.h"

// Any C library header defines __GLIBC__ on glibc.
#include <stdlib.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
#define TSB_HAS_MALLINFO2 1
#endif

size_t tsb_heap_bytes_in_use(void) {
#if defined(TSB_HAS_MALLINFO2)
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
#else
  return 0;
#endif
}
