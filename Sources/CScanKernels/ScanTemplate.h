// One algorithm, written once and compiled per vector width. The including file
// defines:
//   KERNEL_NAME        the function's name
//   WIDTH              bytes per vector
//   VECTOR             the vector type
//   SPLAT(byte)        a vector of `byte` in every lane
//   LOAD(pointer)      an unaligned load
//   EQUAL_BITS(a, b)   a uint64_t with bit i set where lane i of a equals lane i of b
//
// Per step of 2 × WIDTH candidate starts: compare the key's rarest byte and its second
// rarest (at their offsets in the key) for every start at once, test both halves with one
// branch, and only then verify each candidate's whole key. Memory is read once; the two
// loads per half overlap in cache.

// No call inside the loop: a call would force the vector registers to be saved and
// reloaded around it on every step.
static inline __attribute__((always_inline)) int verify_key(
    const uint8_t *at, const uint8_t *key, size_t count) {
  if (at[count - 1] != key[count - 1]) return 0;
  size_t index = 0;
  for (; index + 8 <= count; index += 8) {
    uint64_t left, right;
    __builtin_memcpy(&left, at + index, 8);
    __builtin_memcpy(&right, key + index, 8);
    if (left != right) return 0;
  }
  for (; index < count; index++) {
    if (at[index] != key[index]) return 0;
  }
  return 1;
}

size_t KERNEL_NAME(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume) {
  const uint8_t *haystack = scan->haystack;
  const uint8_t *key = scan->key;
  const size_t count = scan->key_count;
  const size_t rare = scan->rare;
  const size_t second = scan->second;
  *resume = scan->end;
  if (count == 0 || scan->end < count || scan->from > scan->end - count) return 0;
  const size_t last = scan->end - count;  // the last candidate start
  const VECTOR rare_lanes = SPLAT(key[rare]);
  const VECTOR second_lanes = SPLAT(key[second]);
  size_t start = scan->from;
  size_t found = 0;
  // In bounds: while start + 2 * WIDTH - 1 ≤ last, every load ends before
  // last + count = end.
  while (start + 2 * WIDTH - 1 <= last) {
    if (capacity - found < 2 * WIDTH) {
      *resume = start;
      return found;
    }
    const uint8_t *at = haystack + start;
    uint64_t low = EQUAL_BITS(LOAD(at + rare), rare_lanes)
        & EQUAL_BITS(LOAD(at + second), second_lanes);
    uint64_t high = EQUAL_BITS(LOAD(at + WIDTH + rare), rare_lanes)
        & EQUAL_BITS(LOAD(at + WIDTH + second), second_lanes);
    if ((low | high) != 0) {
      while (low != 0) {
        size_t candidate = start + (size_t)__builtin_ctzll(low);
        low &= low - 1;
        if (verify_key(haystack + candidate, key, count)) out[found++] = (uint32_t)candidate;
      }
      while (high != 0) {
        size_t candidate = start + WIDTH + (size_t)__builtin_ctzll(high);
        high &= high - 1;
        if (verify_key(haystack + candidate, key, count)) out[found++] = (uint32_t)candidate;
      }
    }
    start += 2 * WIDTH;
  }
  // The tail: fewer than 2 × WIDTH starts, at most 2 × WIDTH results, which fit.
  if (capacity - found < 2 * WIDTH) {
    *resume = start;
    return found;
  }
  for (; start <= last; start++) {
    if (haystack[start + rare] == key[rare] && haystack[start + second] == key[second]
        && verify_key(haystack + start, key, count)) {
      out[found++] = (uint32_t)start;
    }
  }
  return found;
}
