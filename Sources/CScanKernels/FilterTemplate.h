// The narrowing filter's loop, written once and compiled per vector width (as
// ScanTemplate.h is for the scan). The including file defines:
//   FILTER_NAME            the function's name (declared in ScanKernelsInternal.h)
//   LANES                  16-bit places per vector
//   VECTOR                 the vector type
//   SPLAT(value)           a vector of `value` in every 16-bit lane
//   LOAD(pointer)          an unaligned load
//   AND(a, b)              bitwise and
//   EQUAL(a, b)            all-ones 16-bit lanes where a equals b, zero elsewhere
//   PLACE_BITS(low, high)  one bit per place of two such results, in place order
//
// A step compares 2 × LANES places under the mask, narrows the 16-bit results to bytes
// and takes one bit per place, so it costs a handful of instructions however many places
// pass.

#ifndef FILTER_TEMPLATE_HELPERS
#define FILTER_TEMPLATE_HELPERS
// The places from `index` on, one at a time.
static inline size_t filter_rest(const uint16_t *following, size_t index, size_t count,
    uint16_t mask, uint16_t wanted, uint32_t *out, size_t written) {
  for (; index < count; index++) {
    if ((following[index] & mask) == wanted) out[written++] = (uint32_t)index;
  }
  return written;
}

// Writes `index` plus the position of each set bit of `bits`, lowest first.
static inline size_t filter_emit(unsigned bits, size_t index, uint32_t *out, size_t written) {
  while (bits) {
    out[written++] = (uint32_t)(index + (size_t)__builtin_ctz(bits));
    bits &= bits - 1;
  }
  return written;
}
#endif

size_t FILTER_NAME(const uint16_t *following, size_t count, uint16_t mask, uint16_t wanted,
    uint32_t *out) {
  const VECTOR masks = SPLAT(mask);
  const VECTOR wants = SPLAT(wanted);
  size_t written = 0;
  size_t index = 0;
  for (; index + 2 * LANES <= count; index += 2 * LANES) {
    VECTOR low = EQUAL(AND(LOAD(following + index), masks), wants);
    VECTOR high = EQUAL(AND(LOAD(following + index + LANES), masks), wants);
    written = filter_emit(PLACE_BITS(low, high), index, out, written);
  }
  return filter_rest(following, index, count, mask, wanted, out, written);
}

#undef FILTER_NAME
#undef LANES
#undef VECTOR
#undef SPLAT
#undef LOAD
#undef AND
#undef EQUAL
#undef PLACE_BITS
