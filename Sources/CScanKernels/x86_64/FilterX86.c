// The narrowing filter (FilterTemplate.h) at 8 places a vector (SSE2) and 16 (AVX2).
#if defined(__x86_64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include <immintrin.h>

#define FILTER_NAME tsb_filter_sse2
#define LANES 8
#define VECTOR __m128i
#define SPLAT(value) _mm_set1_epi16((short)(value))
#define LOAD(pointer) _mm_loadu_si128((const __m128i *)(pointer))
#define AND(a, b) _mm_and_si128((a), (b))
#define EQUAL(a, b) _mm_cmpeq_epi16((a), (b))
// All-ones or zero words pack to all-ones or zero bytes, in place order.
#define PLACE_BITS(low, high) ((unsigned)_mm_movemask_epi8(_mm_packs_epi16((low), (high))))
#include "../FilterTemplate.h"

#pragma clang attribute push(__attribute__((target("avx2,bmi"))), apply_to = function)
#define FILTER_NAME tsb_filter_avx2
#define LANES 16
#define VECTOR __m256i
#define SPLAT(value) _mm256_set1_epi16((short)(value))
#define LOAD(pointer) _mm256_loadu_si256((const __m256i *)(pointer))
#define AND(a, b) _mm256_and_si256((a), (b))
#define EQUAL(a, b) _mm256_cmpeq_epi16((a), (b))
// The pack works within 128-bit halves (low 0-7, high 0-7, low 8-15, high 8-15); the
// permute puts the quarters back in place order.
#define PLACE_BITS(low, high) \
  ((unsigned)_mm256_movemask_epi8(_mm256_permute4x64_epi64(_mm256_packs_epi16((low), (high)), 0xD8)))
#include "../FilterTemplate.h"
#pragma clang attribute pop
#endif
