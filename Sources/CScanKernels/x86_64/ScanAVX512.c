#if defined(__x86_64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include <immintrin.h>

// The AVX-512 kernel: the template at 64 lanes, with one path of its own for crowded
// keys (see tsb_scan), whose starts it writes with VBMI2's compress instead of one at a
// time. Dispatch.c sends every other scan to the AVX2 kernel, which Zen 4 (which splits
// 512-bit operations in two) runs faster.

#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi2,bmi,popcnt"))), apply_to = function)

// The rows of the starts at `offsets` of a block of 64 bytes whose first start is in
// `row`: `row` plus the block's separators before each, of which there are at most two
// (rows longer than a third of a block, as a transcript's are).
static inline __attribute__((always_inline)) __m256i rows_of(
    __m256i offsets, uint64_t separators, uint32_t row) {
  const uint64_t rest = separators & (separators - 1);
  const int first = separators ? __builtin_ctzll(separators) : 64;
  const int second = rest ? __builtin_ctzll(rest) : 64;
  const __m256i one = _mm256_set1_epi32(1);
  __m256i rows = _mm256_set1_epi32((int)row);
  rows = _mm256_mask_add_epi32(
      rows, _mm256_cmpgt_epu32_mask(offsets, _mm256_set1_epi32(first)), rows, one);
  return _mm256_mask_add_epi32(
      rows, _mm256_cmpgt_epu32_mask(offsets, _mm256_set1_epi32(second)), rows, one);
}

// Writes the starts of `bits` (base + i for bit i) to out[found...] and, with `rows`,
// their rows (`row` plus the separators before each start), and returns the new count.
// No branch a start: a crowded key's starts come several to a block at places the CPU
// cannot predict, and a loop over them mispredicts its exit about once a block. The
// block's offsets are compressed into the first lanes, widened and written eight at a
// time. Writes up to 8 places past the last start it counts.
static inline __attribute__((always_inline)) size_t emit_compressed(uint64_t bits,
    size_t base, uint64_t separators, uint32_t row, uint32_t *out, uint32_t *rows,
    size_t found) {
  const __m512i iota = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51,
      50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29,
      28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
      5, 4, 3, 2, 1, 0);
  const size_t count = (size_t)__builtin_popcountll(bits);
  const __m128i packed = _mm512_castsi512_si128(_mm512_maskz_compress_epi8(bits, iota));
  const __m256i offsets = _mm256_cvtepu8_epi32(packed);
  const __m256i bases = _mm256_set1_epi32((int)base);
  _mm256_storeu_si256((__m256i *)(out + found), _mm256_add_epi32(offsets, bases));
  const int few_separators = __builtin_popcountll(separators) <= 2;
  if (rows && few_separators) {
    _mm256_storeu_si256((__m256i *)(rows + found), rows_of(offsets, separators, row));
  }
  if (__builtin_expect(count > 8, 0)) {
    const __m256i next = _mm256_cvtepu8_epi32(_mm_srli_si128(packed, 8));
    _mm256_storeu_si256((__m256i *)(out + found + 8), _mm256_add_epi32(next, bases));
    if (rows && few_separators) {
      _mm256_storeu_si256((__m256i *)(rows + found + 8), rows_of(next, separators, row));
    }
  }
  // More than 16 starts, or more than two separators: the block one start at a time.
  if (__builtin_expect(count > 16 || (rows && !few_separators), 0)) {
    uint64_t left = bits;
    for (size_t at = found; left != 0; at++) {
      const int offset = __builtin_ctzll(left);
      left &= left - 1;
      out[at] = (uint32_t)(base + (size_t)offset);
      if (rows) {
        rows[at] = row + (uint32_t)__builtin_popcountll(separators & ((1ull << offset) - 1));
      }
    }
  }
  return found + count;
}

#define WIDTH 64
#define VECTOR __m512i
#define MASK __mmask64
#define SPLAT(byte) _mm512_set1_epi8((char)(byte))
#define LOAD(pointer) _mm512_loadu_si512((const void *)(pointer))
#define EQUAL(a, b) _mm512_cmpeq_epi8_mask((a), (b))
#define AND(a, b) ((a) & (b))
#define OR(a, b) ((a) | (b))
#define BITS(mask) ((uint64_t)(mask))
#define ANY(mask) ((mask) != 0)

// Crowded keys of up to TSB_COMPRESS_KEY_LIMIT bytes take emit_compressed.
#define COMPRESS_EMIT 1

#define KERNEL_NAME tsb_find_avx512bw
#define COUNT_ROWS 0
#define QUIET_LOOP 0
#include "../ScanTemplate.h"
#define KERNEL_NAME tsb_find_rows_avx512bw
#define COUNT_ROWS 1
#define QUIET_LOOP 0
#include "../ScanTemplate.h"

#pragma clang attribute pop
#endif
