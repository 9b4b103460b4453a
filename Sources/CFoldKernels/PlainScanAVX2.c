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

// The kinds of `PlainCharacterClass`, in a class's top two bits.
enum { IDENTITY = 1u << 14, KEYED = 2u << 14, MARK = 3u << 14 };

int tsb_scan_plain_avx2_supported(void) {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
}

#pragma clang attribute push(__attribute__((target("avx2,bmi"))), apply_to = function)

// The runs of `tsb_plain_tables`, each 16 bytes repeated in both lanes: for a lead's low
// nibble (or a second byte's), the first byte of its run and the run's length less one.
typedef struct {
  __m256i low_c, low_d, limit_c, limit_d;  // two-byte leads C0–CF, D0–DF
  __m256i low_e, limit_e;                  // three-byte leads, by the second byte
  __m256i low_a, low_b, limit_a, limit_b;  // lead E0, second byte A0–AF, B0–BF
} window_tables;

// Each byte's `distance`-th next one, zero past the window's end (which no run holds).
#define NEXT(bytes, distance) \
  _mm256_alignr_epi8(_mm256_permute2x128_si256(bytes, bytes, 0x81), bytes, distance)

// Whether `offset`, a byte less its run's first, is within the run's length less one.
static inline __m256i within(__m256i offset, __m256i limit) {
  return _mm256_cmpeq_epi8(_mm256_min_epu8(offset, limit), offset);
}

// One bit per byte that starts a scalar the scan looks up: neither printable ASCII nor a
// scalar in one of the runs. (Continuation bytes are decided with their lead.)
static inline uint32_t looked_up_starts(__m256i bytes, const window_tables *tables) {
  __m256i printable = _mm256_and_si256(_mm256_cmpgt_epi8(bytes, _mm256_set1_epi8(0x1F)),
      _mm256_cmpgt_epi8(_mm256_set1_epi8(0x7F), bytes));
  __m256i continuation = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)0xC0), bytes);
  __m256i nibble = _mm256_and_si256(bytes, _mm256_set1_epi8(0x0F));
  __m256i high = _mm256_and_si256(bytes, _mm256_set1_epi8((char)0xF0));
  __m256i next = NEXT(bytes, 1);
  __m256i is_d = _mm256_cmpeq_epi8(high, _mm256_set1_epi8((char)0xD0));
  __m256i low = _mm256_blendv_epi8(_mm256_shuffle_epi8(tables->low_c, nibble),
      _mm256_shuffle_epi8(tables->low_d, nibble), is_d);
  __m256i limit = _mm256_blendv_epi8(_mm256_shuffle_epi8(tables->limit_c, nibble),
      _mm256_shuffle_epi8(tables->limit_d, nibble), is_d);
  __m256i two = _mm256_and_si256(
      _mm256_or_si256(is_d, _mm256_cmpeq_epi8(high, _mm256_set1_epi8((char)0xC0))),
      within(_mm256_sub_epi8(next, low), limit));
  __m256i three = _mm256_and_si256(_mm256_cmpeq_epi8(high, _mm256_set1_epi8((char)0xE0)),
      within(_mm256_sub_epi8(next, _mm256_shuffle_epi8(tables->low_e, nibble)),
          _mm256_shuffle_epi8(tables->limit_e, nibble)));
  __m256i is_e0 = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8((char)0xE0));
  if (!_mm256_testz_si256(is_e0, is_e0)) {
    // The Indic scripts and Thai: a run of third bytes, by the second.
    __m256i second = _mm256_and_si256(next, _mm256_set1_epi8(0x0F));
    __m256i is_b = _mm256_cmpeq_epi8(
        _mm256_and_si256(next, _mm256_set1_epi8(0x10)), _mm256_set1_epi8(0x10));
    __m256i e0_low = _mm256_blendv_epi8(_mm256_shuffle_epi8(tables->low_a, second),
        _mm256_shuffle_epi8(tables->low_b, second), is_b);
    __m256i e0_limit = _mm256_blendv_epi8(_mm256_shuffle_epi8(tables->limit_a, second),
        _mm256_shuffle_epi8(tables->limit_b, second), is_b);
    three = _mm256_or_si256(three,
        _mm256_and_si256(is_e0, within(_mm256_sub_epi8(NEXT(bytes, 2), e0_low), e0_limit)));
  }
  return ~(uint32_t)_mm256_movemask_epi8(
      _mm256_or_si256(_mm256_or_si256(printable, continuation), _mm256_or_si256(two, three)));
}

// `scalar_before`, from the four bytes before `end` (at least 4) without a branch: the
// last of them that is not a continuation byte.
static inline size_t scalar_ending(const uint8_t *text, size_t end) {
  uint32_t word;
  memcpy(&word, text + end - 4, 4);
  uint32_t top = (word ^ 0x80808080u) & 0xC0C0C0C0u;  // zero for a continuation byte
  uint32_t starts = (top | top << 1) & 0x80808080u;
  return end - 4 + (size_t)((31 - __builtin_clz(starts)) >> 3);
}

static inline __m256i repeated(const uint8_t *sixteen) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)sixteen));
}

// Where the scalar that ends before `end` starts.
static inline size_t scalar_before(const uint8_t *text, size_t end) {
  size_t at = end - 1;
  while ((text[at] & 0xC0) == 0x80) at -= 1;
  return at;
}

void tsb_scan_plain_avx2(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch) {
  const uint64_t *identities = tables->identity_bits;
  const uint8_t *runs = tables->runs;
  window_tables windows = {repeated(runs), repeated(runs + 16), repeated(runs + 32),
      repeated(runs + 48), repeated(runs + 64), repeated(runs + 80), repeated(runs + 96),
      repeated(runs + 112), repeated(runs + 128), repeated(runs + 144)};
  // Most scalars are characters on their own and their own keys, passed over without a
  // trace. The others (keyed characters and marks) leave the character the scan is in:
  // where it starts, its scalars, its first scalar's kind, its last mark's combining class
  // and the items before it; `noted` is where the last of them starts, so that a scalar
  // looked up later knows whether the one before it was passed over.
  size_t noted = SIZE_MAX;
  size_t character_start = start, scalars = 0, items_before = 0, item_count = 0;
  unsigned base = 0, last_combining = 0;
  size_t at = start, previous = start;
  for (size_t window = start; window < count; window += 32) {
    uint32_t starts;
    if (window + 32 <= count) {
      starts = looked_up_starts(
          _mm256_loadu_si256((const __m256i *)(text + window)), &windows);
    } else if (count - start >= 32) {
      // The last 32 bytes, of which those before the window were looked at.
      starts = looked_up_starts(
                   _mm256_loadu_si256((const __m256i *)(text + count - 32)), &windows)
          >> (32 - (count - window));
    } else {
      uint8_t tail[32];
      memset(tail, ' ', sizeof tail);
      memcpy(tail, text + window, count - window);
      starts = looked_up_starts(_mm256_loadu_si256((const __m256i *)tail), &windows);
    }
    while (starts != 0) {
      at = window + (size_t)__builtin_ctz(starts);
      starts &= starts - 1;
      uint32_t lead = text[at], scalar;
      if (__builtin_expect(lead >= 0x80 && lead < 0xF0 && at + 3 <= count, 1)) {
        // Two or three bytes, decoded both ways and chosen without a branch, which the
        // scripts of a mixed row would mispredict.
        uint32_t second = text[at + 1] & 0x3Fu, third = text[at + 2] & 0x3Fu;
        uint32_t two = (lead & 0x1F) << 6 | second;
        uint32_t three = (lead & 0x0F) << 12 | second << 6 | third;
        scalar = lead >= 0xE0 ? three : two;
      } else if (lead < 0x80) {
        scalar = lead;
      } else if (lead < 0xE0) {
        scalar = (lead & 0x1F) << 6 | (text[at + 1] & 0x3Fu);
      } else if (lead < 0xF0) {
        scalar = (lead & 0x0F) << 12 | (text[at + 1] & 0x3Fu) << 6 | (text[at + 2] & 0x3Fu);
      } else {
        scalar = (lead & 0x07) << 18 | (text[at + 1] & 0x3Fu) << 12
            | (text[at + 2] & 0x3Fu) << 6 | (text[at + 3] & 0x3Fu);
      }
      unsigned kind;
      if (scalar < 0x10000) {
        if (identities[scalar >> 6] >> (scalar & 63) & 1) continue;
        kind = tables->classes[scalar];
      } else {
        uint64_t recent = tables->supplementary_classes[scalar & tables->supplementary_mask];
        kind = recent >> 16 == scalar ? (uint16_t)recent : 0;
      }
      if (at > start) {
        previous = at >= 4 ? scalar_ending(text, at) : scalar_before(text, at);
        if (previous != noted) {
          // Passed over: a character of its own.
          character_start = previous;
          scalars = 1;
          base = IDENTITY;
          last_combining = 0;
          items_before = item_count;
        }
      }
      if (kind == IDENTITY) continue;
      if (kind == KEYED) {
        character_start = at;
        scalars = 1;
        base = KEYED;
        last_combining = 0;
        items_before = item_count;
        items[item_count++] = (uint32_t)at | TSB_KEYED_ITEM;
      } else {
        // A mark joins the character before it; a keyed one's key would change.
        unsigned combining = kind & 0xFF;
        if (kind < MARK || base != IDENTITY || (combining != 0 && combining < last_combining))
          goto stopped;
        last_combining = combining;
        items[item_count++] = (uint32_t)at;
        scalars += 1;
      }
      noted = at;
    }
  }
  *stretch = (tsb_plain_stretch){
      count, count, 0, count > start ? scalar_before(text, count) : start, item_count};
  return;
stopped:
  if (scalars == 0) {
    *stretch = (tsb_plain_stretch){start, start, 0, start, 0};
    return;
  }
  *stretch = (tsb_plain_stretch){at, character_start, scalars, previous, items_before};
}

#pragma clang attribute pop

#else

int tsb_scan_plain_avx2_supported(void) { return 0; }

void tsb_scan_plain_avx2(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch) {
  (void)text;
  (void)tables;
  (void)items;
  (void)count;
  *stretch = (tsb_plain_stretch){start, start, 0, start, 0};
}

#endif
