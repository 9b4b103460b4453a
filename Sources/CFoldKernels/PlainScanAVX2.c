// The fold's pass over plain characters (see `PlainCharacterScan.swift`), 32 bytes a
// step. Most bytes of most text need no look at all: printable ASCII is a character on
// its own and its own key (capitals are lowercased with the whole row afterwards), and a
// continuation byte is decided with its lead, and so is a scalar in one of the cache's
// runs of identities (lowercase letters of most alphabets, CJK, Hangul, Indic letters; see
// `IdentityRuns.swift`), told by its lead and next bytes a vector at a time. A mask of the
// other bytes, the scalar starts left, takes the scan from one to the next without a
// branch per byte; each is decoded and looked up in the cache's tables, as the Swift loop
// does.
#include "CFoldKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

int tsb_scan_plain_avx2_supported(void) {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
}

#pragma clang attribute push(__attribute__((target("avx2,bmi"))), apply_to = function)
#define INDIC_MARKS 0
#define PLAIN_SCAN_FUNCTION tsb_scan_plain_avx2
#define PASSES_OVER_KANA 0
#include "PlainScanTemplate.h"
#undef PLAIN_SCAN_FUNCTION
#undef PASSES_OVER_KANA
#define PLAIN_SCAN_FUNCTION tsb_scan_plain_avx2_kana
#define PASSES_OVER_KANA 1
#include "PlainScanTemplate.h"
#pragma clang attribute pop

#else

int tsb_scan_plain_avx2_supported(void) { return 0; }

void tsb_scan_plain_avx2(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch) {
  (void)text;
  (void)tables;
  (void)items;
  (void)count;
  *stretch = (tsb_plain_stretch){start, start, 0, start, 0, 0};
}

void tsb_scan_plain_avx2_kana(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch) {
  tsb_scan_plain_avx2(text, count, start, tables, items, stretch);
}

#endif
