#if defined(__x86_64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2,bmi,popcnt"))), apply_to = function)

#define WIDTH 32
#define VECTOR __m256i
#define MASK __m256i
#define SPLAT(byte) _mm256_set1_epi8((char)(byte))
#define LOAD(pointer) _mm256_loadu_si256((const __m256i *)(pointer))
#define EQUAL(a, b) _mm256_cmpeq_epi8((a), (b))
#define AND(a, b) _mm256_and_si256((a), (b))
#define OR(a, b) _mm256_or_si256((a), (b))
#define BITS(mask) ((uint64_t)(uint32_t)_mm256_movemask_epi8(mask))
#define ANY(mask) (!_mm256_testz_si256((mask), (mask)))

// The number of separators in a step's four blocks (each mask lane 0 or -1) added to a
// tally of four 64-bit lanes, and the tally's sum.
#define TALLY_SEPARATORS(tally, s0, s1, s2, s3)                                         \
  _mm256_add_epi64((tally),                                                            \
      _mm256_sad_epu8(_mm256_sub_epi8(_mm256_setzero_si256(),                          \
                          _mm256_add_epi8(_mm256_add_epi8((s0), (s1)),                 \
                              _mm256_add_epi8((s2), (s3)))),                           \
          _mm256_setzero_si256()))
#define TALLY_TOTAL(tally) tally_total_avx2(tally)

static inline __attribute__((always_inline)) uint64_t tally_total_avx2(__m256i tally) {
  const __m128i halves =
      _mm_add_epi64(_mm256_castsi256_si128(tally), _mm256_extracti128_si256(tally, 1));
  return (uint64_t)_mm_cvtsi128_si64(halves) + (uint64_t)_mm_extract_epi64(halves, 1);
}

#define KERNEL_NAME tsb_find_avx2
#define COUNT_ROWS 0
#define QUIET_LOOP 0
#include "../ScanTemplate.h"
#define KERNEL_NAME tsb_find_rows_avx2
#define COUNT_ROWS 1
#define QUIET_LOOP 0
#include "../ScanTemplate.h"
#define KERNEL_NAME tsb_find_quiet_avx2
#define COUNT_ROWS 0
#define QUIET_LOOP 1
#include "../ScanTemplate.h"
#define KERNEL_NAME tsb_find_rows_quiet_avx2
#define COUNT_ROWS 1
#define QUIET_LOOP 1
#include "../ScanTemplate.h"

#pragma clang attribute pop
#endif
