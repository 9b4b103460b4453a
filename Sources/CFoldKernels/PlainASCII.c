// The fold's passes over a row of plain ASCII (bytes below 0x80, none a carriage return),
// a vector at a time: telling such a row, and lowercasing A–Z. Most rows of most
// transcripts take no other path, and their 8-byte and 16-byte Swift loops, with a
// scalar tail a row, cost a quarter of folding english-1m.
#include "CFoldKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// A byte of `word` that is 0x80 or above, or a carriage return.
static inline int swar_not_plain(uint64_t word) {
  const uint64_t ones = 0x0101010101010101ull;
  const uint64_t returns = word ^ (ones * 0x0D);
  return ((word | ((returns - ones) & ~returns)) & (ones * 0x80)) != 0;
}

static inline uint8_t lowercased(uint8_t byte) {
  return (uint8_t)(byte + ((uint8_t)(byte - 0x41) < 26 ? 0x20 : 0));
}

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)

static inline __m256i not_plain_avx2(__m256i bytes) {
  return _mm256_or_si256(bytes, _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(0x0D)));
}

// A–Z gain 0x20: a capital is above 0x40 and below 0x5B (signed compares are right for
// bytes of either sign, since both bounds are positive).
static inline __m256i lowercased_avx2(__m256i bytes) {
  const __m256i capital = _mm256_and_si256(_mm256_cmpgt_epi8(bytes, _mm256_set1_epi8(0x40)),
      _mm256_cmpgt_epi8(_mm256_set1_epi8(0x5B), bytes));
  return _mm256_add_epi8(bytes, _mm256_and_si256(capital, _mm256_set1_epi8(0x20)));
}

int tsb_is_plain_ascii_avx2(const uint8_t *text, size_t count) {
  size_t index = 0;
  if (count >= 32) {
    __m256i any = _mm256_setzero_si256();
    for (; index + 32 <= count; index += 32) {
      any = _mm256_or_si256(any, not_plain_avx2(_mm256_loadu_si256((const __m256i *)(text + index))));
      // A mixed row mostly shows a non-ASCII byte in its first vector.
      if (_mm256_movemask_epi8(any) != 0) return 0;
    }
    if (index < count) {
      any = not_plain_avx2(_mm256_loadu_si256((const __m256i *)(text + count - 32)));
    }
    return _mm256_movemask_epi8(any) == 0;
  }
  for (; index + 8 <= count; index += 8) {
    uint64_t word;
    __builtin_memcpy(&word, text + index, 8);
    if (swar_not_plain(word)) return 0;
  }
  for (; index < count; index++) {
    if (text[index] >= 0x80 || text[index] == 0x0D) return 0;
  }
  return 1;
}

void tsb_copy_lowercase_ascii_avx2(uint8_t *row, const uint8_t *text, size_t count) {
  size_t index = 0;
  if (count >= 32) {
    for (; index + 32 <= count; index += 32) {
      _mm256_storeu_si256((__m256i *)(row + index),
          lowercased_avx2(_mm256_loadu_si256((const __m256i *)(text + index))));
    }
    // The last 32 bytes again: the same bytes written twice (lowercasing twice changes
    // nothing where `row` is `text`).
    if (index < count) {
      _mm256_storeu_si256((__m256i *)(row + count - 32),
          lowercased_avx2(_mm256_loadu_si256((const __m256i *)(text + count - 32))));
    }
    return;
  }
  for (; index < count; index++) row[index] = lowercased(text[index]);
}

// In place: the copy onto itself, which reads each vector before it writes it.
void tsb_lowercase_ascii_avx2(uint8_t *bytes, size_t count) {
  tsb_copy_lowercase_ascii_avx2(bytes, bytes, count);
}

#pragma clang attribute pop

#pragma clang attribute push(__attribute__((target("avx512f,avx512bw"))), apply_to = function)

// Masked loads and stores take a row's last bytes with the rest, however few.
static inline __mmask64 first_bytes(size_t count) {
  return count >= 64 ? ~0ull : (1ull << count) - 1;
}

int tsb_is_plain_ascii_avx512(const uint8_t *text, size_t count) {
  for (size_t index = 0; index < count; index += 64) {
    const __m512i bytes = _mm512_maskz_loadu_epi8(first_bytes(count - index), text + index);
    if (_mm512_movepi8_mask(bytes) | _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(0x0D))) {
      return 0;
    }
  }
  return 1;
}

void tsb_copy_lowercase_ascii_avx512(uint8_t *row, const uint8_t *text, size_t count) {
  for (size_t index = 0; index < count; index += 64) {
    const __mmask64 lanes = first_bytes(count - index);
    const __m512i block = _mm512_maskz_loadu_epi8(lanes, text + index);
    const __mmask64 capitals = _mm512_cmplt_epu8_mask(
        _mm512_sub_epi8(block, _mm512_set1_epi8(0x41)), _mm512_set1_epi8(26));
    _mm512_mask_storeu_epi8(row + index, lanes,
        _mm512_mask_add_epi8(block, capitals, block, _mm512_set1_epi8(0x20)));
  }
}

void tsb_lowercase_ascii_avx512(uint8_t *bytes, size_t count) {
  tsb_copy_lowercase_ascii_avx512(bytes, bytes, count);
}

#pragma clang attribute pop

#else

int tsb_is_plain_ascii_avx2(const uint8_t *text, size_t count) { return 0; }
void tsb_lowercase_ascii_avx2(uint8_t *bytes, size_t count) {}
int tsb_is_plain_ascii_avx512(const uint8_t *text, size_t count) { return 0; }
void tsb_lowercase_ascii_avx512(uint8_t *bytes, size_t count) {}
void tsb_copy_lowercase_ascii_avx2(uint8_t *row, const uint8_t *text, size_t count) {}
void tsb_copy_lowercase_ascii_avx512(uint8_t *row, const uint8_t *text, size_t count) {}

#endif
