// The fold's pass over plain characters, written once for the kernels that include it:
// each defines PLAIN_SCAN_FUNCTION, INDIC_MARKS (1 where VBMI's byte permutes look up the
// two-byte scalars and U+0800–U+0FFF a vector at a time; with it DROPS_MARKS, 1 where the
// dropped marks among those are written so too), PASSES_OVER_KANA (1 where the scalars of
// U+3000–U+30FF are told a window at a time; see `tsb_plain_tables.kana_identity_bits`)
// and the target of its functions, and includes <immintrin.h> and <string.h>, once for
// each value of PASSES_OVER_KANA. See PlainScanAVX2.c for the algorithm.

#ifndef PLAIN_SCAN_HELPERS
#define PLAIN_SCAN_HELPERS

#if INDIC_MARKS
// 2048 scalars, one bit each in 256 bytes, as four tables of 64 for VBMI's two-table byte
// permutes, loaded for a whole call: U+0000–U+07FF (those of two bytes). (U+0800–U+0FFF,
// the Indic scripts, Thai, Lao, Tibetan, whose lead is E0, are read in place: `e0_test`.)
typedef struct {
  __m512i low, high;  // bytes 0–127, 128–255, each as two tables of 64
  __m512i low2, high2;
} indic_bits;

static inline indic_bits indic_bits_at(const uint8_t *bits) {
  return (indic_bits){_mm512_loadu_si512(bits), _mm512_loadu_si512(bits + 128),
      _mm512_loadu_si512(bits + 64), _mm512_loadu_si512(bits + 192)};
}

// For each byte, whether the bit at `index` (a byte of the 256 of the four tables) & `bit`
// is set.
static inline uint32_t bit_tables_test(__m256i index, __m256i bit, __m512i low, __m512i low2,
    __m512i high, __m512i high2) {
  __m512i wide = _mm512_castsi256_si512(index);
  __m512i first = _mm512_permutex2var_epi8(low, wide, low2);
  __m512i second = _mm512_permutex2var_epi8(high, wide, high2);
  __m512i byte = _mm512_mask_blend_epi8(_mm512_movepi8_mask(wide), first, second);
  return _mm256_test_epi8_mask(_mm512_castsi512_si256(byte), bit);
}

static inline uint32_t indic_test(__m256i index, __m256i bit, const indic_bits *bits) {
  return bit_tables_test(index, bit, bits->low, bits->low2, bits->high, bits->high2);
}

// `indic_test` of the four tables at `table` (256 bytes) for U+0800–U+0FFF (whose lead is
// E0), read where a window with such a lead tests them, not loaded for a whole call: most
// calls fold a row of a few windows that holds none, and a call loaded these 768 bytes,
// and spilled them to the stack, whatever its text. The two-byte table, which most
// scripts' windows test, stays loaded: read in place too, it was slower.
static inline uint32_t e0_test(__m256i index, __m256i bit, const uint8_t *table) {
  return bit_tables_test(index, bit, _mm512_loadu_si512(table), _mm512_loadu_si512(table + 64),
      _mm512_loadu_si512(table + 128), _mm512_loadu_si512(table + 192));
}
#endif

// The kinds of `PlainCharacterClass`, in a class's top two bits.
enum { IDENTITY = 1u << 14, KEYED = 2u << 14, MARK = 3u << 14 };

// The runs of `tsb_plain_tables`, each 16 bytes repeated in both lanes: for a lead's low
// nibble (or a second byte's), the first byte of its run and the run's length less one.
typedef struct {
  __m256i low_c, low_d, limit_c, limit_d;  // two-byte leads C0–CF, D0–DF
  __m256i low_e, limit_e;                  // three-byte leads, by the second byte
  __m256i low_a, low_b, limit_a, limit_b;  // lead E0, second byte A0–AF, B0–BF
  // `tsb_plain_tables.kana_identity_bits`: bytes 0–15 and 16–31 for a shuffle each.
  const uint8_t *kana;
#if INDIC_MARKS
  // The identity bits of the two-byte scalars, which VBMI tests exactly, where the runs
  // above leave out what splits them (Greek's π and ρ, before final sigma).
  const indic_bits *two_byte;
#endif
} window_tables;

static inline __m256i repeated(const uint8_t *sixteen) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)sixteen));
}

// Each byte's `distance`-th next one, zero past the window's end (which no run holds).
#define NEXT(bytes, distance) \
  _mm256_alignr_epi8(_mm256_permute2x128_si256(bytes, bytes, 0x81), bytes, distance)

// Whether `offset`, a byte less its run's first, is within the run's length less one.
static inline __m256i within(__m256i offset, __m256i limit) {
  return _mm256_cmpeq_epi8(_mm256_min_epu8(offset, limit), offset);
}

// Each byte's bit in a byte of a bit table: 1 << its low three bits.
static inline __m256i bit_in_byte(__m256i bytes) {
  return _mm256_shuffle_epi8(
      _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32,
          64, -128, 0, 0, 0, 0, 0, 0, 0, 0),
      _mm256_and_si256(bytes, _mm256_set1_epi8(7)));
}

// One bit per byte that starts a scalar the scan looks up: neither printable ASCII nor a
// scalar in one of the runs, nor with `kana` an identity of U+3000–U+30FF. (Continuation
// bytes are decided with their lead.) Without `e0_runs`, the runs of lead E0 are left to
// the caller, which tells those scalars apart otherwise.
static inline uint32_t looked_up_starts(
    __m256i bytes, __m256i next, const window_tables *tables, int e0_runs, int kana) {
  __m256i printable = _mm256_and_si256(_mm256_cmpgt_epi8(bytes, _mm256_set1_epi8(0x1F)),
      _mm256_cmpgt_epi8(_mm256_set1_epi8(0x7F), bytes));
  __m256i continuation = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)0xC0), bytes);
  __m256i nibble = _mm256_and_si256(bytes, _mm256_set1_epi8(0x0F));
  __m256i high = _mm256_and_si256(bytes, _mm256_set1_epi8((char)0xF0));
#if INDIC_MARKS
  // A two-byte scalar's bit: its byte by the lead's low five bits and the second byte's
  // bits 3-5, in that byte by the second's low three.
  uint32_t two_leads = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
      _mm256_and_si256(bytes, _mm256_set1_epi8((char)0xE0)), _mm256_set1_epi8((char)0xC0)));
  uint32_t two_identities = 0;
  if (two_leads != 0) {
    __m256i index = _mm256_or_si256(
        _mm256_slli_epi16(_mm256_and_si256(bytes, _mm256_set1_epi8(0x1F)), 3),
        _mm256_and_si256(_mm256_srli_epi16(next, 3), _mm256_set1_epi8(7)));
    __m256i bit = bit_in_byte(next);
    two_identities = two_leads & indic_test(index, bit, tables->two_byte);
  }
  __m256i two = _mm256_setzero_si256();
#else
  __m256i is_d = _mm256_cmpeq_epi8(high, _mm256_set1_epi8((char)0xD0));
  __m256i low = _mm256_blendv_epi8(_mm256_shuffle_epi8(tables->low_c, nibble),
      _mm256_shuffle_epi8(tables->low_d, nibble), is_d);
  __m256i limit = _mm256_blendv_epi8(_mm256_shuffle_epi8(tables->limit_c, nibble),
      _mm256_shuffle_epi8(tables->limit_d, nibble), is_d);
  __m256i two = _mm256_and_si256(
      _mm256_or_si256(is_d, _mm256_cmpeq_epi8(high, _mm256_set1_epi8((char)0xC0))),
      within(_mm256_sub_epi8(next, low), limit));
  uint32_t two_identities = 0;
#endif
  __m256i three = _mm256_and_si256(_mm256_cmpeq_epi8(high, _mm256_set1_epi8((char)0xE0)),
      within(_mm256_sub_epi8(next, _mm256_shuffle_epi8(tables->low_e, nibble)),
          _mm256_shuffle_epi8(tables->limit_e, nibble)));
  if (kana) {
    // A scalar's bit: its byte by bits 3–7 (the second byte's low two, the third's 3–5),
    // in that byte by the third's low three; without a branch on whether the window holds
    // kana, which text of mixed scripts would mispredict. A lead whose third byte is past
    // the window reads a zero there, no continuation byte: it is looked up.
    __m256i third = NEXT(bytes, 2);
    __m256i is_kana = _mm256_and_si256(
        _mm256_and_si256(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8((char)0xE3)),
            _mm256_cmpeq_epi8(_mm256_and_si256(next, _mm256_set1_epi8((char)0xFC)),
                _mm256_set1_epi8((char)0x80))),
        _mm256_cmpgt_epi8(_mm256_set1_epi8((char)0xC0), third));
    __m256i index = _mm256_or_si256(
        _mm256_slli_epi16(_mm256_and_si256(next, _mm256_set1_epi8(3)), 3),
        _mm256_and_si256(_mm256_srli_epi16(third, 3), _mm256_set1_epi8(7)));
    __m256i byte = _mm256_blendv_epi8(_mm256_shuffle_epi8(repeated(tables->kana), index),
        _mm256_shuffle_epi8(repeated(tables->kana + 16), index),
        _mm256_cmpgt_epi8(index, _mm256_set1_epi8(15)));
    __m256i bit = bit_in_byte(third);
    three = _mm256_or_si256(three,
        _mm256_and_si256(is_kana, _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), bit)));
  }
  __m256i is_e0 = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8((char)0xE0));
  if (e0_runs && !_mm256_testz_si256(is_e0, is_e0)) {
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
  return ~((uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
               _mm256_or_si256(printable, continuation), _mm256_or_si256(two, three)))
      | two_identities);
}

#if INDIC_MARKS
// The scalars of a window that begin with E0 (among `leads`), by what they are:
// `identity` (passed over), `marks` (plain marks) and `ordered` (those of them whose
// combining class is not 0), and `dropped` (marks whose bytes the fold drops, none
// without a table of them); `second` and `third` are each byte's next two.
typedef struct {
  uint32_t identity, marks, ordered, dropped;
} indic_kinds;

static inline indic_kinds indic_kinds_of(uint32_t leads, __m256i second, __m256i third,
    const uint8_t *identities, const uint8_t *marks, const uint8_t *ordered,
    const uint8_t *dropped) {
  // The scalar less U+0800, over 8: the byte of its bit; the bit by its low 3 bits.
  __m256i index = _mm256_or_si256(
      _mm256_slli_epi16(_mm256_and_si256(second, _mm256_set1_epi8(0x1F)), 3),
      _mm256_and_si256(_mm256_srli_epi16(third, 3), _mm256_set1_epi8(0x07)));
  __m256i bit = bit_in_byte(third);
  uint32_t mark = leads & e0_test(index, bit, marks);
  return (indic_kinds){leads & e0_test(index, bit, identities), mark,
      mark & e0_test(index, bit, ordered), dropped ? leads & e0_test(index, bit, dropped) : 0};
}

// Of the four-byte leads among `leads` (F0), those of an emoji of U+1F300–U+1F6FF
// (`TSB_EMOJI_FIRST`, `TSB_EMOJI_COUNT`) whose bit is set in `table` (see
// `tsb_plain_tables.emoji_identity_bits`); `second`, `third` and `fourth` are each byte's
// next three.
static inline uint32_t emoji_identities(uint32_t leads, __m256i second, __m256i third,
    __m256i fourth, const uint8_t *table) {
  // F0 9F 8C 80 is U+1F300; the third byte 8C–9B, by its low four bits, and the fourth's
  // bits 3–5 give the byte of the bit, the fourth's low three the bit.
  __m256i block = _mm256_sub_epi8(third, _mm256_set1_epi8((char)0x8C));
  uint32_t inside = leads & _mm256_cmpeq_epi8_mask(second, _mm256_set1_epi8((char)0x9F))
      & _mm256_cmplt_epu8_mask(block, _mm256_set1_epi8(16));
  if (inside == 0) return 0;
  __m256i index =
      _mm256_or_si256(_mm256_slli_epi16(_mm256_and_si256(block, _mm256_set1_epi8(15)), 3),
          _mm256_and_si256(_mm256_srli_epi16(fourth, 3), _mm256_set1_epi8(7)));
  __m512i byte = _mm512_permutex2var_epi8(_mm512_loadu_si512(table),
      _mm512_castsi256_si512(index), _mm512_loadu_si512(table + 64));
  return inside & _mm256_test_epi8_mask(_mm512_castsi512_si256(byte), bit_in_byte(fourth));
}

// Writes `window` plus the place of each bit of `bits` to `items` from `count` on, in
// order and without a branch a place, flagged `TSB_DROPPED_ITEM` where `dropped` has the
// bit too; returns the new count.
static inline size_t write_places(
    uint32_t bits, uint32_t dropped, size_t window, uint32_t *items, size_t count) {
  const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i flag = _mm512_set1_epi32((int)TSB_DROPPED_ITEM);
  __m512i first = _mm512_add_epi32(iota, _mm512_set1_epi32((int)window));
  __m512i places = _mm512_maskz_compress_epi32(
      (__mmask16)bits, _mm512_mask_or_epi32(first, (__mmask16)dropped, first, flag));
  unsigned low = (unsigned)__builtin_popcount(bits & 0xFFFF);
  _mm512_mask_storeu_epi32(items + count, (__mmask16)((1u << low) - 1), places);
  count += low;
  if (bits >> 16) {
    const __m512i second = _mm512_add_epi32(first, _mm512_set1_epi32(16));
    places = _mm512_maskz_compress_epi32((__mmask16)(bits >> 16),
        _mm512_mask_or_epi32(second, (__mmask16)(dropped >> 16), second, flag));
    unsigned high = (unsigned)__builtin_popcount(bits >> 16);
    _mm512_mask_storeu_epi32(items + count, (__mmask16)((1u << high) - 1), places);
    count += high;
  }
  return count;
}

// `bits` moved 3 bytes on (an E0 scalar's length), the last 3 of the window before
// (`before`) coming in first.
static inline uint32_t after_three(uint32_t bits, uint32_t before) {
  return bits << 3 | before >> 29;
}
#endif

// `scalar_before`, from the four bytes before `end` (at least 4) without a branch: the
// last of them that is not a continuation byte.
static inline size_t scalar_ending(const uint8_t *text, size_t end) {
  uint32_t word;
  memcpy(&word, text + end - 4, 4);
  uint32_t top = (word ^ 0x80808080u) & 0xC0C0C0C0u;  // zero for a continuation byte
  uint32_t starts = (top | top << 1) & 0x80808080u;
  return end - 4 + (size_t)((31 - __builtin_clz(starts)) >> 3);
}

// A text of fewer than 32 bytes as a window, spaces after it (passed over). Not copied
// through the stack, whose bytes a vector load would wait for: they reach it only once
// stored, a load that spans several stores stalls (a quarter of folding one-word rows).
#if INDIC_MARKS
static inline __m256i short_text(const uint8_t *text, size_t count) {
  return _mm256_mask_loadu_epi8(_mm256_set1_epi8(' '), (__mmask32)((1u << count) - 1), text);
}
#else
// Reads past the text only within its page, which holds no other mapping; unknown to the
// address sanitizer, which is told so.
__attribute__((no_sanitize("address"))) static inline __m256i short_text(
    const uint8_t *text, size_t count) {
  if (((uintptr_t)text & 4095) <= 4096 - 32) {
    const __m256i places = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
        15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    __m256i inside = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)count), places);
    return _mm256_blendv_epi8(_mm256_set1_epi8(' '),
        _mm256_loadu_si256((const __m256i *)text), inside);
  }
  uint8_t tail[32];
  memset(tail, ' ', sizeof tail);
  memcpy(tail, text, count);
  return _mm256_loadu_si256((const __m256i *)tail);
}
#endif

// Where the scalar that ends before `end` starts.
static inline size_t scalar_before(const uint8_t *text, size_t end) {
  size_t at = end - 1;
  while ((text[at] & 0xC0) == 0x80) at -= 1;
  return at;
}

// The scalar that starts at `at`, of valid UTF-8.
static inline uint32_t scalar_at(const uint8_t *text, size_t at) {
  uint32_t lead = text[at];
  if (lead < 0x80) return lead;
  if (lead < 0xE0) return (lead & 0x1F) << 6 | (text[at + 1] & 0x3Fu);
  if (lead < 0xF0)
    return (lead & 0x0F) << 12 | (text[at + 1] & 0x3Fu) << 6 | (text[at + 2] & 0x3Fu);
  return (lead & 0x07) << 18 | (text[at + 1] & 0x3Fu) << 12 | (text[at + 2] & 0x3Fu) << 6
      | (text[at + 3] & 0x3Fu);
}

// A scalar's class: 0 for a supplementary one not among the recent ones.
static inline unsigned class_of(uint32_t scalar, const tsb_plain_tables *tables) {
  if (scalar < 0x10000) return tables->classes[scalar];
  uint64_t recent = tables->supplementary_classes[scalar & tables->supplementary_mask];
  return recent >> 16 == scalar ? (uint16_t)recent : 0;
}

// Whether the four bytes at `bytes` are a regional indicator, U+1F1E6–U+1F1FF.
static inline int is_regional(const uint8_t *bytes) {
  return bytes[0] == 0xF0 && bytes[1] == 0x9F && bytes[2] == 0x87 && bytes[3] >= 0xA6;
}

// Whether the zero width joiner at `joiner` follows a pictograph and marks of Extend
// only, within the character that starts at `character_start`: then a pictograph after
// it joins the character too (GB11).
static inline int follows_pictograph(const uint8_t *text, size_t character_start,
    size_t joiner, const tsb_plain_tables *tables) {
  size_t at = joiner;
  while (at > character_start) {
    at = scalar_before(text, at);
    unsigned class = class_of(scalar_at(text, at), tables);
    if (class & TSB_CLASS_PICTOGRAPHIC) return 1;
    if ((class & (MARK | TSB_CLASS_EXTEND)) != (MARK | TSB_CLASS_EXTEND)) return 0;
  }
  return 0;
}

// A scalar at `at` joined to the character before it, which the scan is not to look up
// again: its bit cleared among `starts` (of the window at `window`), or, where it starts
// in the next window, set in `joined` for that window.
static inline void pass_over_joined(size_t at, size_t window, uint32_t *starts,
    uint32_t *joined) {
  if (at - window < 32) {
    *starts &= ~(1u << (at - window));
  } else {
    *joined = 1u << (at - window - 32);
  }
}

#endif  // PLAIN_SCAN_HELPERS

void PLAIN_SCAN_FUNCTION(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch) {
  const uint64_t *identities = tables->identity_bits;
  const uint8_t *runs = tables->runs;
  const uint8_t *kana = tables->kana_identity_bits;
  const uint8_t *emoji_bits = tables->emoji_identity_bits;
  size_t kana_lookups = 0;
  window_tables windows = {repeated(runs), repeated(runs + 16), repeated(runs + 32),
      repeated(runs + 48), repeated(runs + 64), repeated(runs + 80), repeated(runs + 96),
      repeated(runs + 112), repeated(runs + 128), repeated(runs + 144), kana};
#if INDIC_MARKS
  const indic_bits two_byte_identities = indic_bits_at((const uint8_t *)identities);
  windows.two_byte = &two_byte_identities;
  // U+0800's bit is bit 0 of the 257th byte of the identity bits.
  const uint8_t *indic_identities = (const uint8_t *)identities + 256;
  const uint8_t *indic_marks = (const uint8_t *)tables->indic_marks;
  const uint8_t *indic_ordered = (const uint8_t *)tables->indic_ordered_marks;
  const uint8_t *indic_dropped = DROPS_MARKS ? (const uint8_t *)tables->indic_dropped_marks : NULL;
  // Of the window before: its E0 identities and the marks it wrote (`written`), and of
  // those, the identities and the marks of class 0 (a mark of another class may follow
  // only these without a look at the classes); `history` holds the marks written in the
  // window before (bits 0–31) and in this one (32–63).
  uint32_t based_before = 0, unordered_before = 0, written = 0;
  uint64_t history = 0;
#endif
  // Most scalars are characters on their own and their own keys, passed over without a
  // trace. The others (keyed characters and marks) leave the character the scan is in:
  // where it starts, its scalars, its first scalar's kind, its last mark's combining class
  // and the items before it; `noted` is where the last of them starts, so that a scalar
  // looked up later knows whether the one before it was passed over.
  size_t noted = SIZE_MAX;
  // The last consonant joined to a character by the linker before it (GB9c), which a
  // linker right after it joins to the next consonant too.
  size_t conjunct_at = SIZE_MAX;
  // A pictograph joined with the zero width joiner before it, told when the joiner was
  // (see below), which starts in the next window: its bit there, not to be looked up.
  uint32_t joined = 0;
  size_t character_start = start, scalars = 0, items_before = 0, item_count = 0;
  unsigned base = 0, last_combining = 0;
  size_t at = start, previous = start;
  for (size_t window = start; window < count; window += 32) {
    uint32_t starts;
#if INDIC_MARKS
    uint32_t written_before = written;
    written = 0;
    // Of `written`, the dropped marks.
    uint32_t dropped_written = 0;
#endif
    if (window + 32 <= count) {
      __m256i bytes = _mm256_loadu_si256((const __m256i *)(text + window));
      // Each byte's next, read past the window where the text goes on (a two-byte scalar
      // across windows is then told by its bits).
      __m256i next = INDIC_MARKS && window + 33 <= count
          ? _mm256_loadu_si256((const __m256i *)(text + window + 1))
          : NEXT(bytes, 1);
      starts = looked_up_starts(bytes, next, &windows, !INDIC_MARKS, PASSES_OVER_KANA);
#if INDIC_MARKS
      // A plain mark right after an identity, or after a mark written so, whose class is
      // 0 or follows one of class 0 or an identity, is written here without a look (Thai's
      // vowel and tone signs, the Indic vowel signs and viramas): a chain of up to four.
      // So is a dropped mark (diacritics ignored) after either, whose class orders after
      // every other: after it, only a mark of class 0 or another dropped one.
      uint32_t leads =
          (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8((char)0xE0)));
      indic_kinds kinds = {0, 0, 0, 0};
      if (leads != 0) {
        if (window + 34 <= count) {
          kinds = indic_kinds_of(leads, _mm256_loadu_si256((const __m256i *)(text + window + 1)),
              _mm256_loadu_si256((const __m256i *)(text + window + 2)), indic_identities,
              indic_marks, indic_ordered, indic_dropped);
        } else {
          // The next two bytes of the last two are past the text: those two are looked up.
          kinds = indic_kinds_of(leads & 0x3FFFFFFFu, NEXT(bytes, 1), NEXT(bytes, 2),
              indic_identities, indic_marks, indic_ordered, indic_dropped);
        }
      }
      uint32_t unordered = kinds.marks & ~kinds.ordered, unordered_written = 0;
      for (int round = 0; round < 2; round++) {
        unordered_written =
            unordered & after_three(kinds.identity | written, based_before);
        if (DROPS_MARKS) {
          dropped_written = kinds.dropped
              & after_three(kinds.identity | written | unordered_written, based_before);
        }
        written = unordered_written | dropped_written
            | (kinds.ordered & after_three(kinds.identity | unordered_written, unordered_before));
      }
      starts &= ~(kinds.identity | written);
      based_before = kinds.identity | written;
      unordered_before = kinds.identity | unordered_written;
      // Emoji that are their own keys, passed over as the two-byte scalars are: emoji text
      // is mostly pictographs between words, each looked up before. Where the next three
      // bytes of the window's last are past the text, they are looked up.
      uint32_t four_leads =
          (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8((char)0xF0)));
      if (four_leads != 0 && window + 35 <= count) {
        starts &= ~emoji_identities(four_leads, next,
            _mm256_loadu_si256((const __m256i *)(text + window + 2)),
            _mm256_loadu_si256((const __m256i *)(text + window + 3)), emoji_bits);
      }
#endif
    } else if (count >= 32) {
      // The last 32 bytes, of which those before the window (looked at, or before
      // `start`) are shifted out.
      __m256i last = _mm256_loadu_si256((const __m256i *)(text + count - 32));
      starts = looked_up_starts(last, NEXT(last, 1), &windows, 1, PASSES_OVER_KANA)
          >> (32 - (count - window));
    } else {
      __m256i whole = short_text(text + window, count - window);
      starts = looked_up_starts(whole, NEXT(whole, 1), &windows, 1, PASSES_OVER_KANA);
    }
    starts &= ~joined;
    joined = 0;
#if INDIC_MARKS
    history = (uint64_t)written << 32 | written_before;
    // The marks written without a look, up to the next scalar looked up and at the end.
    uint32_t unwritten = written;
#endif
    while (starts != 0) {
      at = window + (size_t)__builtin_ctz(starts);
#if INDIC_MARKS
      uint32_t before = unwritten & ((1u << (at - window)) - 1);
      if (before != 0) {
        item_count = write_places(before, dropped_written, window, items, item_count);
        unwritten &= ~before;
      }
#endif
      starts &= starts - 1;
      uint32_t lead = text[at], scalar;
      if (__builtin_expect(lead >= 0x80 && lead < 0xF0 && at + 3 <= count, 1)) {
        // Two or three bytes, decoded both ways and chosen without a branch, which the
        // scripts of a mixed row would mispredict.
        uint32_t second = text[at + 1] & 0x3Fu, third = text[at + 2] & 0x3Fu;
        uint32_t two = (lead & 0x1F) << 6 | second;
        uint32_t three = (lead & 0x0F) << 12 | second << 6 | third;
        scalar = lead >= 0xE0 ? three : two;
      } else {
        scalar = scalar_at(text, at);
      }
      if (scalar < 0x10000 && identities[scalar >> 6] >> (scalar & 63) & 1) {
        if (!PASSES_OVER_KANA) kana_lookups += scalar - 0x3000 < 0x100;
        continue;
      }
      // An emoji that is its own key (see `tsb_plain_tables.emoji_identity_bits`) is passed
      // over as such a scalar is, without its class or the character before it: what the
      // AVX2 kernel's mask cannot tell.
      if (scalar - TSB_EMOJI_FIRST < TSB_EMOJI_COUNT
          && emoji_bits[(scalar - TSB_EMOJI_FIRST) >> 3] >> (scalar & 7) & 1) {
        continue;
      }
      unsigned class = class_of(scalar, tables);
      unsigned kind = class & MARK;
      if (at > start) {
        previous = at >= 4 ? scalar_ending(text, at) : scalar_before(text, at);
        if (previous != noted) {
#if INDIC_MARKS
          const size_t noted_start = character_start, noted_scalars = scalars,
                       noted_items_before = items_before;
          const unsigned noted_base = base;
#endif
          // Passed over: a character of its own.
          character_start = previous;
          scalars = 1;
          base = IDENTITY;
          last_combining = 0;
          items_before = item_count;
#if INDIC_MARKS
          // Or the last of the marks written without a look, after an identity: the
          // character starts there.
          if (previous + 32 >= window && history >> (previous + 32 - window) & 1) {
            const uint8_t *mark = text + previous;
            last_combining = tables->classes[(mark[1] & 0x3Fu) << 6 | (mark[2] & 0x3Fu)] & 0xFF;
            while (character_start + 32 >= window
                && history >> (character_start + 32 - window) & 1) {
              character_start -= 3;
              scalars += 1;
              items_before -= 1;
            }
            if (character_start == noted) {
              // That identity is a consonant a linker joined (GB9c, below): the marks
              // continue its character.
              scalars += noted_scalars - 1;
              character_start = noted_start;
              items_before = noted_items_before;
              base = noted_base;
            }
          }
#endif
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
      } else if (class & TSB_CLASS_REGIONAL) {
        // A flag: the second of two regional indicators joins the first (GB12, GB13);
        // else one starts a character, its own key.
        if (scalars == 1 && character_start + 4 == at && is_regional(text + character_start)) {
          items[item_count++] = (uint32_t)at;
          scalars = 2;
        } else {
          character_start = at;
          scalars = 1;
          base = IDENTITY;
          items_before = item_count;
        }
        last_combining = 0;
      } else {
        // A mark joins the character before it; a keyed one's key would change.
        unsigned combining = class & 0xFF;
        if (kind < MARK || base != IDENTITY || (combining != 0 && combining < last_combining))
          goto stopped;
        // An Indic conjunct linker (a virama) joins the consonant after it to the
        // character when a consonant precedes it (GB9c). Folded here only right after the
        // character's first consonant or one joined so; after marks, the walk decides.
        const int linker = (class & TSB_CLASS_LINKER) != 0;
        if (linker && previous != conjunct_at
            && !(scalars == 1 && previous == character_start
                && (class_of(scalar_at(text, previous), tables) & TSB_CLASS_CONSONANT))) {
          goto stopped;
        }
        last_combining = combining;
        items[item_count++] =
            (uint32_t)at | (combining == TSB_CLASS_DROPPED ? TSB_DROPPED_ITEM : 0);
        scalars += 1;
        if (linker && at + 3 < count) {
          // A consonant joins; one not its own key, a mark (which may join the linker's
          // run) or a scalar not looked up yet is the walk's. Any other starts a character.
          const unsigned next = class_of(scalar_at(text, at + 3), tables);
          const unsigned next_kind = next & MARK;
          if ((next & TSB_CLASS_CONSONANT) || (next_kind != IDENTITY && next_kind != KEYED)) {
            previous = at;
            at += 3;
            if ((next & (MARK | TSB_CLASS_CONSONANT)) != (IDENTITY | TSB_CLASS_CONSONANT))
              goto stopped;
            items[item_count++] = (uint32_t)at;
            scalars += 1;
            conjunct_at = at;
            pass_over_joined(at, window, &starts, &joined);
            noted = at;
            continue;
          }
        }
        if (__builtin_expect(class & TSB_CLASS_JOINER, 0) && at + 3 < count
            && follows_pictograph(text, character_start, at, tables)) {
          // The joiner joins a pictograph after it too, passed over or not (❤ is an
          // identity): told here, where the hot path need not wait for it. A keyed one's
          // key would change.
          unsigned next = class_of(scalar_at(text, at + 3), tables);
          if (next & TSB_CLASS_PICTOGRAPHIC) {
            previous = at;
            at += 3;
            if ((next & MARK) != IDENTITY) goto stopped;
            items[item_count++] = (uint32_t)at;
            scalars += 1;
            pass_over_joined(at, window, &starts, &joined);
          }
        }
      }
      noted = at;
    }
#if INDIC_MARKS
    if (unwritten != 0) {
      item_count = write_places(unwritten, dropped_written, window, items, item_count);
    }
#endif
  }
  *stretch = (tsb_plain_stretch){count, count, 0,
      count > start ? scalar_before(text, count) : start, item_count, kana_lookups};
  return;
stopped:
  if (scalars == 0) {
    *stretch = (tsb_plain_stretch){start, start, 0, start, 0, kana_lookups};
    return;
  }
  *stretch = (tsb_plain_stretch){
      at, character_start, scalars, previous, items_before, kana_lookups};
}

