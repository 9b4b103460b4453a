#include "CHeapStats.h"

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
// Any C library header defines __GLIBC__ on glibc.
#include <stdlib.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
#define TSB_HAS_MALLINFO2 1
#endif

typedef int (*mallctl_function)(const char *, void *, size_t *, void *, size_t);

/// jemalloc's mallctl when jemalloc is the allocator (for example through LD_PRELOAD).
static mallctl_function jemalloc_mallctl(void) {
  static int looked = 0;
  static mallctl_function found = NULL;
  if (!looked) {
    found = (mallctl_function)dlsym(RTLD_DEFAULT, "mallctl");
    looked = 1;
  }
  return found;
}

size_t tsb_heap_bytes_in_use(void) {
  mallctl_function mallctl = jemalloc_mallctl();
  if (mallctl != NULL) {
    // Statistics are cached until the epoch advances.
    uint64_t epoch = 1;
    size_t epoch_size = sizeof(epoch);
    mallctl("epoch", &epoch, &epoch_size, &epoch, epoch_size);
    size_t allocated = 0;
    size_t size = sizeof(allocated);
    if (mallctl("stats.allocated", &allocated, &size, NULL, 0) == 0) return allocated;
    return 0;
  }
#if defined(TSB_HAS_MALLINFO2)
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
#else
  return 0;
#endif
}

const char *tsb_allocator_name(void) { return jemalloc_mallctl() != NULL ? "jemalloc" : "glibc"; }
