// The narrowing filter: which places of a shorter key are followed by the bytes a
// longer key needs. Each place keeps the two bytes after it as a 16-bit value; the loop
// (FilterTemplate.h) compares 16 (SSE2) or 32 (AVX2) of them a step.
#include "CScanKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// The places from `index` on, one at a time.
static size_t filter_rest(const uint16_t *following, size_t index, size_t count, uint16_t mask,
    uint16_t wanted, uint32_t *out, size_t written) {
  for (; index < count; index++) {
    if ((following[index] & mask) == wanted) out[written++] = (uint32_t)index;
  }
  return written;
}

// Writes `index` plus the position of each set bit of `bits`, lowest first.
static inline size_t emit(unsigned bits, size_t index, uint32_t *out, size_t written) {
  while (bits) {
    out[written++] = (uint32_t)(index + (size_t)__builtin_ctz(bits));
    bits &= bits - 1;
  }
  return written;
}

#define FILTER_NAME filter_sse2
#define LANES 8
#define VECTOR __m128i
#define SPLAT(value) _mm_set1_epi16((short)(value))
#define LOAD(pointer) _mm_loadu_si128((const __m128i *)(pointer))
#define AND(a, b) _mm_and_si128((a), (b))
#define EQUAL(a, b) _mm_cmpeq_epi16((a), (b))
// All-ones or zero words pack to all-ones or zero bytes, in place order.
#define PLACE_BITS(low, high) ((unsigned)_mm_movemask_epi8(_mm_packs_epi16((low), (high))))
#include "FilterTemplate.h"
#undef FILTER_NAME
#undef LANES
#undef VECTOR
#undef SPLAT
#undef LOAD
#undef AND
#undef EQUAL
#undef PLACE_BITS

#pragma clang attribute push(__attribute__((target("avx2,bmi"))), apply_to = function)
#define FILTER_NAME filter_avx2
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
#include "FilterTemplate.h"
#pragma clang attribute pop
#endif

size_t tsb_filter_following(tsb_kernel kernel, const uint16_t *following, size_t count,
    uint16_t mask, uint16_t wanted, uint32_t *out) {
#if defined(__x86_64__)
  // The AVX-512 kernel runs on CPUs with AVX2 too; the filter is bound by memory.
  if ((kernel == TSB_KERNEL_AVX2 || kernel == TSB_KERNEL_AVX512BW)
      && tsb_kernel_supported(kernel) && __builtin_cpu_supports("avx2")) {
    return filter_avx2(following, count, mask, wanted, out);
  }
  if (kernel == TSB_KERNEL_SSE2) return filter_sse2(following, count, mask, wanted, out);
#endif
  (void)kernel;
  (void)following;
  (void)count;
  (void)mask;
  (void)wanted;
  (void)out;
  return 0;
}
