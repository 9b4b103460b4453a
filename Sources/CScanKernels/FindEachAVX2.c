// Several keys in one pass (Teddy, the packed multi-literal search of Hyperscan and
// ripgrep's aho-corasick, with one key per bucket). For each of the first three bytes
// of a key, two 16-entry tables say which keys accept a byte's low nibble and which its
// high nibble; one byte shuffle per table looks up 32 bytes at once, and the AND over
// the nibbles and the three offsets leaves, per start, the keys whose first three bytes
// are there. With one key per bucket the test is exact, so only true prefixes are
// verified. Every key costs the same few instructions per vector, not a pass of its own.
#if defined(__x86_64__)
#include "CScanKernels.h"
#include "ScanKernelsInternal.h"
#include <immintrin.h>
#include <string.h>

#pragma clang attribute push(__attribute__((target("avx2,bmi,popcnt"))), apply_to = function)

// Whether key `k` occurs at `at`: its bytes after the first three, which the tables have
// matched already (a key shorter than three bytes has nothing left to compare).
static inline int rest_matches(const uint8_t *at, const tsb_key *key) {
  if (key->count <= 3) return 1;
  return memcmp(at + 3, key->bytes + 3, key->count - 3) == 0;
}

size_t tsb_find_each_avx2(const tsb_multi_scan *scan, uint64_t *out, size_t capacity,
    size_t *resume) {
  const uint8_t *haystack = scan->haystack;
  const size_t end = scan->end;
  const size_t to = scan->to;
  const size_t n = scan->key_count;
  *resume = to;
  size_t start = scan->from;
  if (n == 0 || start >= to) return 0;

  // tables[offset][0] for low nibbles, [1] for high nibbles; bit k for key k.
  uint8_t tables[3][2][16];
  memset(tables, 0, sizeof tables);
  for (size_t k = 0; k < n; k++) {
    const tsb_key *key = &scan->keys[k];
    for (size_t offset = 0; offset < 3; offset++) {
      for (size_t nibble = 0; nibble < 16; nibble++) {
        // Past a short key's end, any byte will do.
        if (offset >= key->count || (key->bytes[offset] & 15) == nibble) {
          tables[offset][0][nibble] |= (uint8_t)(1u << k);
        }
        if (offset >= key->count || (key->bytes[offset] >> 4) == nibble) {
          tables[offset][1][nibble] |= (uint8_t)(1u << k);
        }
      }
    }
  }
  __m256i low[3], high[3];
  for (size_t offset = 0; offset < 3; offset++) {
    low[offset] = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)tables[offset][0]));
    high[offset] = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)tables[offset][1]));
  }
  const __m256i nibble_mask = _mm256_set1_epi8(0x0F);
  const __m256i zero = _mm256_setzero_si256();
  size_t found = 0;

  // In bounds: the three loads end at start + 34 ≤ end.
  while (start + 32 <= to && start + 34 <= end) {
    if (capacity - found < 32 * 8) {
      *resume = start;
      return found;
    }
    const uint8_t *at = haystack + start;
    __m256i keys = _mm256_set1_epi8((char)0xFF);
    for (size_t offset = 0; offset < 3; offset++) {
      __m256i bytes = _mm256_loadu_si256((const __m256i *)(at + offset));
      __m256i lo = _mm256_and_si256(bytes, nibble_mask);
      __m256i hi = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble_mask);
      keys = _mm256_and_si256(keys, _mm256_and_si256(_mm256_shuffle_epi8(low[offset], lo),
          _mm256_shuffle_epi8(high[offset], hi)));
    }
    uint32_t lanes = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(keys, zero));
    if (lanes != 0) {
      uint8_t per_lane[32];
      _mm256_storeu_si256((__m256i *)per_lane, keys);
      while (lanes != 0) {
        size_t lane = (size_t)__builtin_ctz(lanes);
        lanes &= lanes - 1;
        size_t candidate = start + lane;
        unsigned bits = per_lane[lane];
        while (bits != 0) {
          size_t k = (size_t)__builtin_ctz(bits);
          bits &= bits - 1;
          const tsb_key *key = &scan->keys[k];
          if (candidate + key->count <= end && rest_matches(haystack + candidate, key)) {
            out[found++] = (uint64_t)k << 32 | candidate;
          }
        }
      }
    }
    start += 32;
  }
  // The last starts, one at a time: at most 33 of them, at most 8 results each.
  if (capacity - found < 34 * 8) {
    *resume = start;
    return found;
  }
  for (; start < to; start++) {
    for (size_t k = 0; k < n; k++) {
      const tsb_key *key = &scan->keys[k];
      if (start + key->count <= end
          && memcmp(haystack + start, key->bytes, key->count) == 0) {
        out[found++] = (uint64_t)k << 32 | start;
      }
    }
  }
  return found;
}

#pragma clang attribute pop
#endif
