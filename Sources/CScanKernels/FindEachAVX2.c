// Several keys in one pass (Teddy, the packed multi-literal search of Hyperscan and
// ripgrep's aho-corasick, with one key per bucket). For each of four offsets into a key,
// two 16-entry tables say which keys accept a byte's low nibble and which its high
// nibble; one byte shuffle per table looks up 32 bytes at once, and the AND over the
// nibbles and the offsets leaves, per start, the keys whose bytes are there at all four.
// With one key per bucket the test is exact, so only starts matching those four bytes
// are verified. Every key costs the same few instructions per vector, not a pass of its
// own.
//
// The offsets are the first three bytes and the sixth: the first three alone are one
// character of most scripts (न, ท, θ and the first byte of the next), as common as their
// script; the sixth is in the second character of a key of two- or three-byte ones, or
// well into a Latin one. A key shorter than an offset accepts any byte there.
#if defined(__x86_64__)
#include "CScanKernels.h"
#include "ScanKernelsInternal.h"
#include <immintrin.h>
#include <string.h>

#pragma clang attribute push(__attribute__((target("avx2,bmi,popcnt"))), apply_to = function)

enum { OFFSETS = 4, LAST_OFFSET = 5, COMPARED = 32 };
static const size_t offsets[OFFSETS] = {0, 1, 2, LAST_OFFSET};

// A key for the comparison of a candidate: its first bytes, up to 32, zero after, and a
// mask of as many bits.
typedef struct {
  __m256i bytes;
  uint32_t mask;
} compared_key;

// Whether `key` occurs at `at`, with `room` bytes readable from `at` on (at least the key's
// length).
static inline int key_matches(
    const uint8_t *at, size_t room, const tsb_key *key, const compared_key *compared) {
  if (key->count <= COMPARED && room >= COMPARED) {
    __m256i bytes = _mm256_loadu_si256((const __m256i *)at);
    uint32_t equal = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, compared->bytes));
    return (equal & compared->mask) == compared->mask;
  }
  return memcmp(at, key->bytes, key->count) == 0;
}

// For each of the 32 starts at `at`, the keys (bit k for key k) whose bytes at the four
// offsets are there, by the nibble tables `low` and `high` of each offset.
static inline __attribute__((always_inline)) __m256i keys_at(
    const uint8_t *at, const __m256i low[OFFSETS], const __m256i high[OFFSETS]) {
  const __m256i nibble_mask = _mm256_set1_epi8(0x0F);
  __m256i keys = _mm256_set1_epi8((char)0xFF);
  for (size_t o = 0; o < OFFSETS; o++) {
    __m256i bytes = _mm256_loadu_si256((const __m256i *)(at + offsets[o]));
    __m256i lo = _mm256_and_si256(bytes, nibble_mask);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble_mask);
    keys = _mm256_and_si256(keys,
        _mm256_and_si256(_mm256_shuffle_epi8(low[o], lo), _mm256_shuffle_epi8(high[o], hi)));
  }
  return keys;
}

// Verifies the candidates `keys` (as keys_at gives them) of the 32 starts from `start`,
// writing `k << 32 | start` for each key k found there, and returns the new count.
static inline __attribute__((always_inline)) size_t write_found(__m256i keys, size_t start,
    const uint8_t *haystack, size_t end, const tsb_key *all, const compared_key *compared,
    uint64_t *out, size_t found) {
  uint32_t lanes =
      ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(keys, _mm256_setzero_si256()));
  if (lanes == 0) return found;
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
      const tsb_key *key = &all[k];
      if (candidate + key->count <= end
          && key_matches(haystack + candidate, end - candidate, key, &compared[k])) {
        out[found++] = (uint64_t)k << 32 | candidate;
      }
    }
  }
  return found;
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
  // As the one-key kernels do (see tsb_scan_prefetch_distance).
  const size_t prefetch = tsb_scan_prefetch_distance();

  // tables[offset][0] for low nibbles, [1] for high nibbles; bit k for key k.
  uint8_t tables[OFFSETS][2][16];
  memset(tables, 0, sizeof tables);
  compared_key compared[8];
  for (size_t k = 0; k < n; k++) {
    const tsb_key *key = &scan->keys[k];
    for (size_t o = 0; o < OFFSETS; o++) {
      size_t offset = offsets[o];
      for (size_t nibble = 0; nibble < 16; nibble++) {
        // Past a short key's end, any byte will do.
        if (offset >= key->count || (key->bytes[offset] & 15) == nibble) {
          tables[o][0][nibble] |= (uint8_t)(1u << k);
        }
        if (offset >= key->count || (key->bytes[offset] >> 4) == nibble) {
          tables[o][1][nibble] |= (uint8_t)(1u << k);
        }
      }
    }
    uint8_t first[COMPARED] = {0};
    size_t kept = key->count < COMPARED ? key->count : COMPARED;
    memcpy(first, key->bytes, kept);
    compared[k].bytes = _mm256_loadu_si256((const __m256i *)first);
    compared[k].mask = kept == COMPARED ? UINT32_MAX : (1u << kept) - 1;
  }
  __m256i low[OFFSETS], high[OFFSETS];
  for (size_t o = 0; o < OFFSETS; o++) {
    low[o] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)tables[o][0]));
    high[o] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)tables[o][1]));
  }
  size_t found = 0;

  // Two vectors of starts a step, tested with one branch, where one a step paid the
  // loop's test and branch twice as often. In bounds: the loads end at start + 64 + LAST_OFFSET ≤ end.
  while (start + 64 <= to && start + 64 + LAST_OFFSET <= end) {
    if (capacity - found < 64 * 8) {
      *resume = start;
      return found;
    }
    const uint8_t *at = haystack + start;
    // A hint a vector, two a cache line; past the end of the haystack it never faults.
    if (prefetch != 0) {
      __builtin_prefetch(at + prefetch);
      __builtin_prefetch(at + prefetch + 32);
    }
    const __m256i first = keys_at(at, low, high);
    const __m256i second = keys_at(at + 32, low, high);
    const __m256i either = _mm256_or_si256(first, second);
    if (!_mm256_testz_si256(either, either)) {
      found = write_found(first, start, haystack, end, scan->keys, compared, out, found);
      found = write_found(second, start + 32, haystack, end, scan->keys, compared, out, found);
    }
    start += 64;
  }
  // In bounds: the loads end at start + 32 + LAST_OFFSET ≤ end.
  while (start + 32 <= to && start + 32 + LAST_OFFSET <= end) {
    if (capacity - found < 32 * 8) {
      *resume = start;
      return found;
    }
    const uint8_t *at = haystack + start;
    if (prefetch != 0) __builtin_prefetch(at + prefetch);
    const __m256i keys = keys_at(at, low, high);
    if (!_mm256_testz_si256(keys, keys)) {
      found = write_found(keys, start, haystack, end, scan->keys, compared, out, found);
    }
    start += 32;
  }
  // The last starts, one at a time: at most 32 + LAST_OFFSET of them, at most 8 results
  // each.
  if (capacity - found < (32 + LAST_OFFSET) * 8) {
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
