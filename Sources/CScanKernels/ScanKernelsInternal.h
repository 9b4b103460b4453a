#ifndef SCAN_KERNELS_INTERNAL_H
#define SCAN_KERNELS_INTERNAL_H

#include "CScanKernels.h"

// The longest crowded key the AVX-512 kernel scans itself (it compares each of its bytes
// at every start); Dispatch.c hands longer ones to the AVX2 kernel.
#define TSB_COMPRESS_KEY_LIMIT 16

// The kernels of each architecture, in x86_64/ and aarch64/; Dispatch.c chooses.
#if defined(__x86_64__)
size_t tsb_find_sse2(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_avx2(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_avx512bw(
    const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_rows_sse2(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_rows_avx2(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_quiet_avx2(
    const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_rows_quiet_avx2(
    const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_rows_avx512bw(
    const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_each_avx2(
    const tsb_multi_scan *scan, uint64_t *out, size_t capacity, size_t *resume);
size_t tsb_filter_sse2(
    const uint16_t *following, size_t count, uint16_t mask, uint16_t wanted, uint32_t *out);
size_t tsb_filter_avx2(
    const uint16_t *following, size_t count, uint16_t mask, uint16_t wanted, uint32_t *out);
#endif

#if defined(__aarch64__)
size_t tsb_find_neon(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_rows_neon(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);
size_t tsb_find_each_neon(
    const tsb_multi_scan *scan, uint64_t *out, size_t capacity, size_t *resume);
size_t tsb_filter_neon(
    const uint16_t *following, size_t count, uint16_t mask, uint16_t wanted, uint32_t *out);
#endif

#endif
