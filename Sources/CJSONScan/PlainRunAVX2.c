// The JSON Lines reader's pass over a string's plain bytes, 32 at a time: most of a
// transcript's line is its text, which holds neither a quote nor a backslash, and the
// Swift loop's 16 bytes a step cost a fifth of reading `mixed-1m`.
#include "CJSONScan.h"

#if defined(__x86_64__)
#include <immintrin.h>

int tsb_json_avx2_supported(void) { return __builtin_cpu_supports("avx2"); }

// One bit per byte that is a quote, a backslash or below 0x20.
__attribute__((target("avx2"))) static inline uint32_t stops(__m256i bytes) {
  __m256i quote = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('"'));
  __m256i backslash = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\\'));
  // Below 0x20 exactly when the unsigned maximum with 0x1F is 0x1F.
  __m256i control = _mm256_cmpeq_epi8(
      _mm256_max_epu8(bytes, _mm256_set1_epi8(0x1F)), _mm256_set1_epi8(0x1F));
  return (uint32_t)_mm256_movemask_epi8(
      _mm256_or_si256(_mm256_or_si256(quote, backslash), control));
}

__attribute__((target("avx2"))) size_t tsb_json_plain_run_avx2(
    const uint8_t *bytes, size_t count, size_t start) {
  size_t at = start;
  for (; at + 32 <= count; at += 32) {
    uint32_t found = stops(_mm256_loadu_si256((const __m256i *)(bytes + at)));
    if (found != 0) return at + (size_t)__builtin_ctz(found);
  }
  if (at == count) return count;
  if (count >= 32) {
    // The last 32 bytes, of which those before `at` (looked at, or before `start`) are
    // shifted out.
    uint32_t found = stops(_mm256_loadu_si256((const __m256i *)(bytes + count - 32)))
        >> (32 - (count - at));
    return found != 0 ? at + (size_t)__builtin_ctz(found) : count;
  }
  for (; at < count; at++) {
    uint8_t byte = bytes[at];
    if (byte == '"' || byte == '\\' || byte < 0x20) return at;
  }
  return count;
}

#else

int tsb_json_avx2_supported(void) { return 0; }

size_t tsb_json_plain_run_avx2(const uint8_t *bytes, size_t count, size_t start) {
  (void)bytes;
  (void)count;
  return start;
}

#endif
