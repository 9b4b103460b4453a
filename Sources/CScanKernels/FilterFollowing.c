// The narrowing filter: which places of a shorter key are followed by the bytes a
// longer key needs. Each place keeps the two bytes after it as a 16-bit value; a step
// compares 16 (SSE2) or 32 (AVX2) of them under a mask, packs the 16-bit results to
// bytes and takes one bit per place with a byte movemask, so a step costs a handful of
// instructions however many places pass.
#if defined(__x86_64__)
#include "CScanKernels.h"
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

static size_t filter_sse2(const uint16_t *following, size_t count, uint16_t mask,
    uint16_t wanted, uint32_t *out) {
  const __m128i masks = _mm_set1_epi16((short)mask);
  const __m128i wants = _mm_set1_epi16((short)wanted);
  size_t written = 0;
  size_t index = 0;
  for (; index + 16 <= count; index += 16) {
    __m128i low = _mm_loadu_si128((const __m128i *)(following + index));
    __m128i high = _mm_loadu_si128((const __m128i *)(following + index + 8));
    low = _mm_cmpeq_epi16(_mm_and_si128(low, masks), wants);
    high = _mm_cmpeq_epi16(_mm_and_si128(high, masks), wants);
    // All-ones or zero words pack to all-ones or zero bytes, in place order.
    written = emit((unsigned)_mm_movemask_epi8(_mm_packs_epi16(low, high)), index, out, written);
  }
  return filter_rest(following, index, count, mask, wanted, out, written);
}

__attribute__((target("avx2,bmi")))
static size_t filter_avx2(const uint16_t *following, size_t count, uint16_t mask,
    uint16_t wanted, uint32_t *out) {
  const __m256i masks = _mm256_set1_epi16((short)mask);
  const __m256i wants = _mm256_set1_epi16((short)wanted);
  size_t written = 0;
  size_t index = 0;
  for (; index + 32 <= count; index += 32) {
    __m256i low = _mm256_loadu_si256((const __m256i *)(following + index));
    __m256i high = _mm256_loadu_si256((const __m256i *)(following + index + 16));
    low = _mm256_cmpeq_epi16(_mm256_and_si256(low, masks), wants);
    high = _mm256_cmpeq_epi16(_mm256_and_si256(high, masks), wants);
    // The pack works within 128-bit halves (low 0-7, high 0-7, low 8-15, high 8-15);
    // the permute puts the quarters back in place order.
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi16(low, high), 0xD8);
    written = emit((unsigned)_mm256_movemask_epi8(packed), index, out, written);
  }
  return filter_rest(following, index, count, mask, wanted, out, written);
}
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
