// Which kernel runs: the kernels of each architecture are in x86_64/ and aarch64/. Every
// switch over a kernel names each one (a kernel added to tsb_kernel and not handled here
// is a build error), and a kernel of another architecture traps: the Swift side asks only
// for kernels tsb_kernel_supported accepts, so a search never quietly finds nothing.
#include "CScanKernels.h"
#include "ScanKernelsInternal.h"

#include <stdatomic.h>

#pragma clang diagnostic error "-Wswitch"

static _Atomic int automatic_limit = TSB_KERNEL_UNLIMITED;

int tsb_automatic_limit(void) {
  return atomic_load_explicit(&automatic_limit, memory_order_relaxed);
}

void tsb_set_automatic_limit(int widest) {
  atomic_store_explicit(&automatic_limit, widest, memory_order_relaxed);
}

int tsb_kernel_supported(tsb_kernel kernel) {
  switch (kernel) {
#if defined(__x86_64__)
    case TSB_KERNEL_SSE2: return 1;  // every x86-64 CPU
    case TSB_KERNEL_AVX2: return __builtin_cpu_supports("avx2");
    case TSB_KERNEL_AVX512BW:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
          && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi2");
    case TSB_KERNEL_NEON: return 0;
#elif defined(__aarch64__)
    case TSB_KERNEL_NEON: return 1;  // every arm64 CPU
    case TSB_KERNEL_SSE2:
    case TSB_KERNEL_AVX2:
    case TSB_KERNEL_AVX512BW: return 0;
#else
    default: return 0;  // no C kernel on this architecture
#endif
  }
  return 0;
}

#if defined(__x86_64__)
// Whether this CPU keeps the choices measured on AMD's Zen 4: crowded keys only at 64
// lanes, and no software prefetch. Both were measured against Intel's (an Emerald Rapids
// Xeon) and chosen by vendor and AVX-512, which AMD's cores have from Zen 4 on.
static int tuned_as_zen4(void) {
  return __builtin_cpu_is("amd") && tsb_kernel_supported(TSB_KERNEL_AVX512BW);
}
#endif

int tsb_avx512_scans_every_key(void) {
#if defined(__x86_64__)
  return tsb_kernel_supported(TSB_KERNEL_AVX512BW) && !tuned_as_zen4();
#else
  return 0;
#endif
}

size_t tsb_scan_prefetch_distance(void) {
#if defined(__x86_64__)
  if (tuned_as_zen4()) return 0;
  // AMD's cores before Zen 4 (no AVX-512): measured on Zen 3 (an EPYC Milan).
  if (__builtin_cpu_is("amd")) return 2048;
  return 4096;
#else
  return 0;
#endif
}

// A kernel this build does not run: a caller's error, stopped here.
static _Noreturn void unsupported_kernel(void) { __builtin_trap(); }

size_t tsb_find(
    tsb_kernel kernel, const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume) {
#if defined(__x86_64__)
  // On AMD's Zen 4, which splits 512-bit operations in two, the AVX-512 kernel's own
  // path is for crowded keys only: the rest ran 5-10% faster at 32 lanes. Intel's cores
  // run 64 lanes whole, and every key faster (see tsb_avx512_scans_every_key).
  if (kernel == TSB_KERNEL_AVX512BW && !tsb_avx512_scans_every_key()
      && !(scan->crowded && scan->key_count <= TSB_COMPRESS_KEY_LIMIT)) {
    kernel = TSB_KERNEL_AVX2;
  }
  // The AVX2 kernel runs the steps without a candidate of a keyword that is not dense in
  // a loop of their own (see QUIET_LOOP in ScanTemplate.h): a dense keyword's steps
  // nearly all hold one. At 16 lanes that loop was slower; the AVX-512 kernel's 64-lane
  // path, which runs every scan on Intel's cores only, was not measured with it.
  if (kernel == TSB_KERNEL_AVX2 && !scan->dense) {
    return scan->rows != NULL ? tsb_find_rows_quiet_avx2(scan, out, capacity, resume)
                              : tsb_find_quiet_avx2(scan, out, capacity, resume);
  }
  const int rows = scan->rows != NULL;
  switch (kernel) {
    case TSB_KERNEL_SSE2:
      return rows ? tsb_find_rows_sse2(scan, out, capacity, resume)
                  : tsb_find_sse2(scan, out, capacity, resume);
    case TSB_KERNEL_AVX2:
      return rows ? tsb_find_rows_avx2(scan, out, capacity, resume)
                  : tsb_find_avx2(scan, out, capacity, resume);
    case TSB_KERNEL_AVX512BW:
      return rows ? tsb_find_rows_avx512bw(scan, out, capacity, resume)
                  : tsb_find_avx512bw(scan, out, capacity, resume);
    case TSB_KERNEL_NEON: unsupported_kernel();
  }
#elif defined(__aarch64__)
  switch (kernel) {
    case TSB_KERNEL_NEON:
      return scan->rows != NULL ? tsb_find_rows_neon(scan, out, capacity, resume)
                                : tsb_find_neon(scan, out, capacity, resume);
    case TSB_KERNEL_SSE2:
    case TSB_KERNEL_AVX2:
    case TSB_KERNEL_AVX512BW: unsupported_kernel();
  }
#else
  (void)scan;
  (void)out;
  (void)capacity;
  (void)resume;
#endif
  (void)kernel;
  unsupported_kernel();
}

int tsb_find_each_supported(tsb_kernel kernel) {
  switch (kernel) {
#if defined(__x86_64__)
    // The AVX-512 kernel runs on CPUs with AVX2 too, and uses its search for several keys.
    case TSB_KERNEL_AVX2:
    case TSB_KERNEL_AVX512BW:
      return tsb_kernel_supported(kernel) && __builtin_cpu_supports("avx2");
    case TSB_KERNEL_SSE2:
    case TSB_KERNEL_NEON: return 0;
#elif defined(__aarch64__)
    case TSB_KERNEL_NEON: return 1;
    case TSB_KERNEL_SSE2:
    case TSB_KERNEL_AVX2:
    case TSB_KERNEL_AVX512BW: return 0;
#else
    default: return 0;  // no C kernel on this architecture
#endif
  }
  return 0;
}

size_t tsb_find_each(tsb_kernel kernel, const tsb_multi_scan *scan, uint64_t *out,
    size_t capacity, size_t *resume) {
  if (!tsb_find_each_supported(kernel)) unsupported_kernel();
#if defined(__x86_64__)
  return tsb_find_each_avx2(scan, out, capacity, resume);
#elif defined(__aarch64__)
  return tsb_find_each_neon(scan, out, capacity, resume);
#else
  (void)scan;
  (void)out;
  (void)capacity;
  (void)resume;
  unsupported_kernel();
#endif
}

size_t tsb_filter_following(tsb_kernel kernel, const uint16_t *following, size_t count,
    uint16_t mask, uint16_t wanted, uint32_t *out) {
  if (!tsb_kernel_supported(kernel)) unsupported_kernel();
  switch (kernel) {
#if defined(__x86_64__)
    // The AVX-512 kernel runs on CPUs with AVX2 too; the filter is bound by memory.
    case TSB_KERNEL_AVX2:
    case TSB_KERNEL_AVX512BW: return tsb_filter_avx2(following, count, mask, wanted, out);
    case TSB_KERNEL_SSE2: return tsb_filter_sse2(following, count, mask, wanted, out);
    case TSB_KERNEL_NEON: break;
#elif defined(__aarch64__)
    case TSB_KERNEL_NEON: return tsb_filter_neon(following, count, mask, wanted, out);
    case TSB_KERNEL_SSE2:
    case TSB_KERNEL_AVX2:
    case TSB_KERNEL_AVX512BW: break;
#else
    default: break;  // no C kernel on this architecture
#endif
  }
  (void)following;
  (void)count;
  (void)mask;
  (void)wanted;
  (void)out;
  unsupported_kernel();
}
