// The fold's pass over plain characters with AVX-512 (BW, VL, VBMI): the AVX2 kernel's
// 32-byte windows, and besides, the scalars U+0800–U+0FFF (the Indic scripts, Thai, Lao,
// Tibetan) told apart a window at a time by two byte permutes into a bit table each:
// identities are passed over, and a plain mark right after an identity (or after such a
// mark) is written without a look up. Thai's and Devanagari's vowel and tone signs and
// viramas, a quarter of their scalars, were each decoded and looked up one at a time.
#include "CFoldKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

int tsb_scan_plain_avx512_supported(void) {
  return tsb_scan_plain_avx2_supported() && __builtin_cpu_supports("avx512f")
      && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
      && __builtin_cpu_supports("avx512vbmi");
}

#pragma clang attribute push( \
    __attribute__((target("avx2,bmi,avx512f,avx512bw,avx512vl,avx512vbmi"))), apply_to = function)
#define INDIC_MARKS 1
#define DROPS_MARKS 0
#define PLAIN_SCAN_FUNCTION tsb_scan_plain_avx512
#define PASSES_OVER_KANA 0
#include "PlainScanTemplate.h"
#undef PLAIN_SCAN_FUNCTION
#undef PASSES_OVER_KANA
#define PLAIN_SCAN_FUNCTION tsb_scan_plain_avx512_kana
#define PASSES_OVER_KANA 1
#include "PlainScanTemplate.h"
#undef PLAIN_SCAN_FUNCTION
#undef PASSES_OVER_KANA
#undef DROPS_MARKS
// The same with the dropped marks of U+0800–U+0FFF written without a look up (diacritics
// ignored): variants of their own, so that the form keeping its marks does none of that
// work and keeps the registers it takes.
#define DROPS_MARKS 1
#define PLAIN_SCAN_FUNCTION tsb_scan_plain_avx512_drops
#define PASSES_OVER_KANA 0
#include "PlainScanTemplate.h"
#undef PLAIN_SCAN_FUNCTION
#undef PASSES_OVER_KANA
#define PLAIN_SCAN_FUNCTION tsb_scan_plain_avx512_kana_drops
#define PASSES_OVER_KANA 1
#include "PlainScanTemplate.h"
#pragma clang attribute pop

#else

int tsb_scan_plain_avx512_supported(void) { return 0; }

// Never called where unsupported; the AVX2 entry's stub gives the same empty stretch.
#define AVX2_STUB(name)                                                                    \
  void name(const uint8_t *text, size_t count, size_t start, const tsb_plain_tables *tables, \
      uint32_t *items, tsb_plain_stretch *stretch) {                                       \
    tsb_scan_plain_avx2(text, count, start, tables, items, stretch);                       \
  }
AVX2_STUB(tsb_scan_plain_avx512)
AVX2_STUB(tsb_scan_plain_avx512_kana)
AVX2_STUB(tsb_scan_plain_avx512_drops)
AVX2_STUB(tsb_scan_plain_avx512_kana_drops)
#undef AVX2_STUB

#endif
