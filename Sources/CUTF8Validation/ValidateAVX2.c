// UTF-8 validation by nibble lookups (Keiser and Lemire, "Validating UTF-8 in less than
// one instruction per byte", 2021): every error of Table 3-7 is a property of a pair of
// adjacent bytes, told by three 16-entry tables indexed by the first byte's nibbles and
// the second byte's high nibble, except one: a continuation byte is only allowed where a
// three- or four-byte lead came two or three bytes before, checked on its own.
#include "CUTF8Validation.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

int tsb_utf8_avx2_supported(void) { return __builtin_cpu_supports("avx2"); }

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)

// One bit per kind of bad pair (first byte, second byte).
enum {
  TOO_SHORT = 1 << 0,   // lead, then anything but a continuation
  TOO_LONG = 1 << 1,    // ASCII, then a continuation
  OVERLONG_3 = 1 << 2,  // E0, then 80–9F
  TOO_LARGE = 1 << 3,   // F4, then 90–BF; F5–FF, then 90–BF
  SURROGATE = 1 << 4,   // ED, then A0–BF
  OVERLONG_2 = 1 << 5,  // C0 or C1, then a continuation
  TOO_LARGE_1000 = 1 << 6,  // F5–FF, then 80–8F
  OVERLONG_4 = 1 << 6,  // F0, then 80–8F (never met together with the one above)
  TWO_CONTS = 1 << 7,   // a continuation, then a continuation
  CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,  // decided by high nibbles alone
};

// A table of 16 bytes repeated in both 128-bit lanes, as vpshufb looks up per lane.
#define TABLE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p) \
  _mm256_setr_epi8(LANE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p), \
      LANE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p))
#define LANE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)                                 \
  (char)(a), (char)(b), (char)(c), (char)(d), (char)(e), (char)(f), (char)(g), (char)(h), \
      (char)(i), (char)(j), (char)(k), (char)(l), (char)(m), (char)(n), (char)(o), (char)(p)

// `input` shifted towards later positions by `n` bytes, with the last `n` bytes of
// `previous` coming in first: the bytes `n` places before each of `input`'s.
#define BEFORE(input, previous, n) \
  _mm256_alignr_epi8((input), _mm256_permute2x128_si256((previous), (input), 0x21), 16 - (n))

static inline __m256i high_nibbles(__m256i v) {
  return _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F));
}

/// The bad pairs among each byte of `input` and the byte before it (the last of
/// `previous` for the first), plus continuations where none may be.
static inline __m256i block_errors(__m256i input, __m256i previous) {
  const __m256i first_high_table = TABLE(
      // 0_______: ASCII
      TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
      // 10______: continuation
      TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
      // 1100____, 1101____, 1110____, 1111____: leads
      TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
      TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4);
  const __m256i first_low_table = TABLE(
      CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,  // ____0000
      CARRY | OVERLONG_2,                            // ____0001
      CARRY, CARRY,                                  // ____001_
      CARRY | TOO_LARGE,                             // ____0100
      CARRY | TOO_LARGE | TOO_LARGE_1000,            // ____0101
      CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000,                    // ____1100
      CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,        // ____1101
      CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000);
  const __m256i second_high_table = TABLE(
      // 0_______: ASCII
      TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
      // 1000____, 1001____, 1010____, 1011____: continuations
      TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
      TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
      TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
      TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
      // 11______: leads
      TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT);

  const __m256i before1 = BEFORE(input, previous, 1);
  const __m256i pairs = _mm256_and_si256(
      _mm256_and_si256(_mm256_shuffle_epi8(first_high_table, high_nibbles(before1)),
          _mm256_shuffle_epi8(first_low_table, _mm256_and_si256(before1, _mm256_set1_epi8(0x0F)))),
      _mm256_shuffle_epi8(second_high_table, high_nibbles(input)));

  // Where a three- or four-byte lead came two or three bytes before, the byte must be a
  // continuation following a continuation: exactly where TWO_CONTS is set.
  const __m256i before2 = BEFORE(input, previous, 2);
  const __m256i before3 = BEFORE(input, previous, 3);
  const __m256i third = _mm256_subs_epu8(before2, _mm256_set1_epi8((char)(0xE0 - 1)));
  const __m256i fourth = _mm256_subs_epu8(before3, _mm256_set1_epi8((char)(0xF0 - 1)));
  const __m256i expected = _mm256_and_si256(
      _mm256_cmpgt_epi8(_mm256_or_si256(third, fourth), _mm256_setzero_si256()),
      _mm256_set1_epi8((char)0x80));
  return _mm256_xor_si256(pairs, expected);
}

/// Nonzero where the block's last three bytes start a sequence longer than what is left
/// of the block: the next block must continue it.
static inline __m256i unfinished(__m256i input) {
  const __m256i limits = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
      -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, (char)(0xF0 - 1),
      (char)(0xE0 - 1), (char)(0xC0 - 1));
  return _mm256_subs_epu8(input, limits);
}

int tsb_utf8_is_valid_avx2(const uint8_t *bytes, size_t count) {
  __m256i previous = _mm256_setzero_si256();
  __m256i errors = _mm256_setzero_si256();
  __m256i pending = _mm256_setzero_si256();
  size_t i = 0;
  for (; i + 32 <= count; i += 32) {
    const __m256i input = _mm256_loadu_si256((const __m256i *)(bytes + i));
    if (_mm256_movemask_epi8(input) == 0) {
      // All ASCII: only a sequence left unfinished by the block before can be wrong.
      errors = _mm256_or_si256(errors, pending);
      pending = _mm256_setzero_si256();
    } else {
      errors = _mm256_or_si256(errors, block_errors(input, previous));
      pending = unfinished(input);
    }
    previous = input;
    // Checking now and then keeps a long valid text in the loop and a bad one short.
    if ((i & 4095) == 4064 && !_mm256_testz_si256(errors, errors)) return 0;
  }
  // The tail, padded with ASCII zeros: a sequence the input ends inside of meets a zero
  // where its continuation should be, which is an error like any other.
  uint8_t tail[32] = {0};
  if (count > i) memcpy(tail, bytes + i, count - i);  // `bytes` may be null when empty
  const __m256i input = _mm256_loadu_si256((const __m256i *)tail);
  errors = _mm256_or_si256(errors, block_errors(input, previous));
  return _mm256_testz_si256(errors, errors);
}

#pragma clang attribute pop

#else

int tsb_utf8_avx2_supported(void) { return 0; }

int tsb_utf8_is_valid_avx2(const uint8_t *bytes, size_t count) {
  (void)bytes;
  (void)count;
  return 0;
}

#endif
