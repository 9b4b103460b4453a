// Several keys in one pass (Teddy, the packed multi-literal search of Hyperscan and
// ripgrep's aho-corasick, with one key per bucket), written once and compiled per vector
// width as ScanTemplate.h is. For each of four offsets into a key, two 16-entry tables
// say which keys accept a byte's low nibble and which its high nibble; one table look-up
// per nibble finds a vector of starts at once, and the AND over the nibbles and the
// offsets leaves, per start, the keys whose bytes are there at all four. With one key per
// bucket the test is exact, so only starts matching those four bytes are verified. Every
// key costs the same few instructions per vector, not a pass of its own.
//
// The offsets are the first three bytes and the sixth: the first three alone are one
// character of most scripts (न, ท, θ and the first byte of the next), as common as their
// script; the sixth is in the second character of a key of two- or three-byte ones, or
// well into a Latin one. A key shorter than an offset accepts any byte there.
//
// The including file defines:
//   FIND_EACH_NAME       the function's name (declared in ScanKernelsInternal.h)
//   WIDTH                bytes per vector (16 or 32; a step takes 64 / WIDTH vectors)
//   VECTOR               the vector type
//   LOAD(pointer), STORE(pointer, vector)   unaligned
//   SPLAT(byte)          `byte` in every lane
//   AND(a, b), OR(a, b)  bitwise
//   EQUAL(a, b)          all-ones lanes where a equals b, zero elsewhere
//   BITS(mask)           a uint64_t with bit i set where lane i of an EQUAL result is set
//   IS_ZERO(vector)      whether every lane is zero
//   NIBBLE_TABLE(bytes)  a vector whose every 16-lane group holds the 16 `bytes`
//   LOOKUP(table, nibbles)  per lane, the table's byte at that lane's nibble (0-15)
//   HIGH_NIBBLES(vector) per lane, the byte shifted right by 4

#include <string.h>

enum { OFFSETS = 4, LAST_OFFSET = 5, VECTORS_PER_STEP = 64 / WIDTH };
static const size_t offsets[OFFSETS] = {0, 1, 2, LAST_OFFSET};

// A key for the comparison of a candidate: its first bytes, up to WIDTH, zero after,
// and a mask of as many bits.
typedef struct {
  VECTOR bytes;
  uint64_t mask;
} compared_key;

// Whether `key` occurs at `at`, with `room` bytes readable from `at` on (at least the key's
// length).
static inline int key_matches(
    const uint8_t *at, size_t room, const tsb_key *key, const compared_key *compared) {
  if (key->count <= WIDTH && room >= WIDTH) {
    return (BITS(EQUAL(LOAD(at), compared->bytes)) & compared->mask) == compared->mask;
  }
  return memcmp(at, key->bytes, key->count) == 0;
}

// For each of the WIDTH starts at `at`, the keys (bit k for key k) whose bytes at the
// four offsets are there, by the nibble tables `low` and `high` of each offset.
static inline __attribute__((always_inline)) VECTOR keys_at(
    const uint8_t *at, const VECTOR low[OFFSETS], const VECTOR high[OFFSETS]) {
  const VECTOR nibble_mask = SPLAT(0x0F);
  VECTOR keys = SPLAT(0xFF);
  for (size_t o = 0; o < OFFSETS; o++) {
    VECTOR bytes = LOAD(at + offsets[o]);
    keys = AND(keys,
        AND(LOOKUP(low[o], AND(bytes, nibble_mask)), LOOKUP(high[o], HIGH_NIBBLES(bytes))));
  }
  return keys;
}

// Verifies the candidates `keys` (as keys_at gives them) of the WIDTH starts from
// `start`, writing `k << 32 | start` for each key k found there, and returns the new
// count.
static inline __attribute__((always_inline)) size_t write_found(VECTOR keys, size_t start,
    const uint8_t *haystack, size_t end, const tsb_key *all, const compared_key *compared,
    uint64_t *out, size_t found) {
  const uint64_t all_lanes = WIDTH == 64 ? ~0ull : (1ull << WIDTH) - 1;
  uint64_t lanes = ~BITS(EQUAL(keys, SPLAT(0))) & all_lanes;
  if (lanes == 0) return found;
  uint8_t per_lane[WIDTH];
  STORE(per_lane, keys);
  while (lanes != 0) {
    size_t lane = (size_t)__builtin_ctzll(lanes);
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

size_t FIND_EACH_NAME(
    const tsb_multi_scan *scan, uint64_t *out, size_t capacity, size_t *resume) {
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
    uint8_t first[WIDTH] = {0};
    size_t kept = key->count < WIDTH ? key->count : WIDTH;
    memcpy(first, key->bytes, kept);
    compared[k].bytes = LOAD(first);
    compared[k].mask = kept == 64 ? ~0ull : (1ull << kept) - 1;
  }
  VECTOR low[OFFSETS], high[OFFSETS];
  for (size_t o = 0; o < OFFSETS; o++) {
    low[o] = NIBBLE_TABLE(tables[o][0]);
    high[o] = NIBBLE_TABLE(tables[o][1]);
  }
  size_t found = 0;

  // 64 starts a step, tested with one branch, where one vector a step paid the loop's
  // test and branch more often. In bounds: the loads end at start + 64 + LAST_OFFSET ≤ end.
  while (start + 64 <= to && start + 64 + LAST_OFFSET <= end) {
    if (capacity - found < 64 * 8) {
      *resume = start;
      return found;
    }
    const uint8_t *at = haystack + start;
    // Two hints a cache line; past the end of the haystack they never fault.
    if (prefetch != 0) {
      __builtin_prefetch(at + prefetch);
      __builtin_prefetch(at + prefetch + 32);
    }
    VECTOR keys[VECTORS_PER_STEP];
    VECTOR any = SPLAT(0);
    for (size_t v = 0; v < VECTORS_PER_STEP; v++) {
      keys[v] = keys_at(at + v * WIDTH, low, high);
      any = OR(any, keys[v]);
    }
    if (!IS_ZERO(any)) {
      for (size_t v = 0; v < VECTORS_PER_STEP; v++) {
        found = write_found(
            keys[v], start + v * WIDTH, haystack, end, scan->keys, compared, out, found);
      }
    }
    start += 64;
  }
  // In bounds: the loads end at start + WIDTH + LAST_OFFSET ≤ end.
  while (start + WIDTH <= to && start + WIDTH + LAST_OFFSET <= end) {
    if (capacity - found < WIDTH * 8) {
      *resume = start;
      return found;
    }
    const uint8_t *at = haystack + start;
    if (prefetch != 0) __builtin_prefetch(at + prefetch);
    const VECTOR keys = keys_at(at, low, high);
    if (!IS_ZERO(keys)) {
      found = write_found(keys, start, haystack, end, scan->keys, compared, out, found);
    }
    start += WIDTH;
  }
  // The last starts, one at a time: at most WIDTH + LAST_OFFSET of them, at most 8
  // results each.
  if (capacity - found < (WIDTH + LAST_OFFSET) * 8) {
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
