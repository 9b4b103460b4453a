// The narrowing filter's loop, written once and compiled per vector width (as
// ScanTemplate.h is for the scan). The including file defines:
//   FILTER_NAME            the function's name
//   LANES                  16-bit places per vector
//   VECTOR                 the vector type
//   SPLAT(value)           a vector of `value` in every 16-bit lane
//   LOAD(pointer)          an unaligned load
//   AND(a, b)              bitwise and
//   EQUAL(a, b)            all-ones 16-bit lanes where a equals b, zero elsewhere
//   PLACE_BITS(low, high)  one bit per place of two such results, in place order
// and `emit` and `filter_rest` before including it.
//
// A step compares 2 × LANES places under the mask, packs the 16-bit results to bytes and
// takes one bit per place with a byte movemask, so it costs a handful of instructions
// however many places pass.

static size_t FILTER_NAME(const uint16_t *following, size_t count, uint16_t mask,
    uint16_t wanted, uint32_t *out) {
  const VECTOR masks = SPLAT(mask);
  const VECTOR wants = SPLAT(wanted);
  size_t written = 0;
  size_t index = 0;
  for (; index + 2 * LANES <= count; index += 2 * LANES) {
    VECTOR low = EQUAL(AND(LOAD(following + index), masks), wants);
    VECTOR high = EQUAL(AND(LOAD(following + index + LANES), masks), wants);
    written = emit(PLACE_BITS(low, high), index, out, written);
  }
  return filter_rest(following, index, count, mask, wanted, out, written);
}
