#ifndef C_FOLD_KERNELS_H
#define C_FOLD_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The tables a plain stretch is decided by, as `CharacterKeyCache` keeps them.
typedef struct {
  /// One bit per scalar of the Basic Multilingual Plane that is a plain character on its
  /// own and its own key (8 KB).
  const uint64_t *identity_bits;
  /// The class of each scalar of the Basic Multilingual Plane: the kind in the top two
  /// bits (0 other, 1 identity, 2 keyed, 3 mark), a mark's combining class in the low 8,
  /// and the `TSB_CLASS_` flags between.
  const uint16_t *classes;
  /// Recent supplementary scalars, `scalar << 16 | class`, slotted by the scalar's low
  /// bits.
  const uint64_t *supplementary_classes;
  /// The number of slots of `supplementary_classes` minus one (a power of two minus 1).
  size_t supplementary_mask;
  /// Runs of scalars that are their own keys, each as the first byte that continues a
  /// lead in the run and the run's length less one (a first byte of C0 when none, which
  /// no continuation is), in `TSB_PLAIN_RUNS` bytes: for the two-byte leads C0–DF by
  /// their second byte (32 firsts, then 32 lengths); for the three-byte leads E0–EF by
  /// their second byte, a run of whole blocks of 64 scalars (16, 16); and for lead E0 by
  /// its second byte A0–BF, by the third byte (32, 32).
  const uint8_t *runs;
  /// The plain marks of U+0800–U+0FFF, one bit each as in `identity_bits` (32 words),
  /// and those of them whose combining class is not 0: what `tsb_scan_plain_avx512`
  /// writes without a look up.
  const uint64_t *indic_marks;
  const uint64_t *indic_ordered_marks;
  /// The marks of U+0800–U+0FFF whose class is `TSB_CLASS_DROPPED` and that are no
  /// linkers, one bit each (32 words), which `tsb_scan_plain_avx512` writes without a look
  /// up too (its `_drops` variants).
  const uint64_t *indic_dropped_marks;
  /// The identity bits of U+3000–U+30FF (CJK punctuation, hiragana, katakana; 32 bytes
  /// of `identity_bits`), for the `_kana` kernels, which pass over those scalars a window
  /// at a time: the test costs every window, and pays only in text of many kana.
  const uint8_t *kana_identity_bits;
  /// The emoji of U+1F300–U+1F6FF that are their own keys and plain on their own, one bit
  /// each (128 bytes), which `tsb_scan_plain_avx512` passes over a window at a time and
  /// the other vector kernels after a bit test: only those whose class is in
  /// `supplementary_classes` now, which the scan reads when a joiner after one joins the
  /// next pictograph.
  const uint8_t *emoji_identity_bits;
} tsb_plain_tables;

/// Where a plain stretch ends, as `PlainStretch` describes it.
typedef struct {
  size_t stop;
  size_t pending;
  size_t pending_scalars;
  size_t last_scalar;
  size_t item_count;
  /// The scalars of U+3000–U+30FF passed over after a look up, which
  /// `tsb_plain_tables.kana_identity_bits` would have passed over without one.
  size_t kana_lookups;
} tsb_plain_stretch;

/// Flags of a class, for the characters that join across what is otherwise a boundary
/// (UAX #29 GB11, GB12, GB13): an Extended_Pictographic scalar (identity or keyed); a
/// mark whose Grapheme_Cluster_Break is Extend (not SpacingMark); the zero width joiner
/// (a mark of class 0); a regional indicator (kind other, for a reader unaware of it).
#define TSB_CLASS_PICTOGRAPHIC 0x2000u
#define TSB_CLASS_EXTEND 0x1000u
#define TSB_CLASS_JOINER 0x0800u
#define TSB_CLASS_REGIONAL 0x0400u
/// Flags of a class for Indic conjuncts (UAX #29 GB9c): an InCB linker (a virama, a mark
/// of class 9); a simple scalar that is an InCB consonant (identity or keyed), which a
/// linker after a consonant joins to the character.
#define TSB_CLASS_LINKER 0x0200u
#define TSB_CLASS_CONSONANT 0x0100u

/// The emoji `tsb_plain_tables.emoji_identity_bits` holds a bit for: U+1F300–U+1F6FF (the
/// four-byte scalars F0 9F 8C 80 to F0 9F 9B BF, which `tsb_scan_plain_avx512` tells by
/// those bytes).
#define TSB_EMOJI_FIRST 0x1F300u
#define TSB_EMOJI_COUNT 0x400u

/// The bytes of `tsb_plain_tables.runs`.
#define TSB_PLAIN_RUNS 160

/// The flag of an item that is a character replaced by its key (else a mark's offset).
#define TSB_KEYED_ITEM 0x80000000u

/// The combining class a mark's class holds when the mark's key is empty (a nonspacing
/// mark, diacritics ignored), which no scalar has: after a simple scalar that is its own
/// key, such marks leave the character's key that scalar, so the fold drops their bytes.
/// Its class orders after every other (a mark of another class after it goes to the walk).
#define TSB_CLASS_DROPPED 0xFFu

/// The flag of a mark's item whose class is `TSB_CLASS_DROPPED` (items are offsets below
/// 2^30).
#define TSB_DROPPED_ITEM 0x40000000u

/// Whether this CPU (and this build) runs `tsb_scan_plain_avx2`: x86-64 with AVX2 and
/// BMI1.
int tsb_scan_plain_avx2_supported(void);

/// `CharacterKeyCache.scanPlainCharacters(in:from:items:)` 32 bytes a step: printable
/// ASCII and continuation bytes are passed over by a mask, each other byte is a scalar
/// start looked up in `tables`. `text` is well-formed UTF-8 shorter than 2 GiB, `start`
/// a character boundary, and `items` holds at least `count` values.
void tsb_scan_plain_avx2(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch);

/// Whether this CPU (and this build) runs `tsb_scan_plain_avx512`: x86-64 with AVX2,
/// BMI1 and AVX-512 F, BW, VL and VBMI.
int tsb_scan_plain_avx512_supported(void);

/// `tsb_scan_plain_avx2`, with the plain marks of U+0800–U+0FFF after an identity (and
/// the identities among those scalars) told a vector at a time (see
/// `tsb_plain_tables.indic_marks`). The same stretches and items.
void tsb_scan_plain_avx512(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch);

/// `tsb_scan_plain_avx2` and `tsb_scan_plain_avx512`, passing over the identities of
/// U+3000–U+30FF a window at a time by `tables->kana_identity_bits` (not NULL). The same
/// stretches and items; `kana_lookups` is not counted.
void tsb_scan_plain_avx2_kana(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch);
void tsb_scan_plain_avx512_kana(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch);

/// `tsb_scan_plain_avx512` and `tsb_scan_plain_avx512_kana`, writing the dropped marks of
/// U+0800–U+0FFF after an identity without a look up too (`tables->indic_dropped_marks`,
/// not NULL). The same stretches and items.
void tsb_scan_plain_avx512_drops(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch);
void tsb_scan_plain_avx512_kana_drops(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch);

/// Whether every byte of `text` is below 0x80 and none is a carriage return: a row the
/// fold copies and lowercases without a look at its characters. For CPUs that run
/// `tsb_scan_plain_avx2` (`_avx2`) or `tsb_scan_plain_avx512` (`_avx512`).
int tsb_is_plain_ascii_avx2(const uint8_t *text, size_t count);
int tsb_is_plain_ascii_avx512(const uint8_t *text, size_t count);

/// Lowercases A–Z in `bytes`, in place; on the same CPUs as `tsb_is_plain_ascii_avx2`
/// and `tsb_is_plain_ascii_avx512`.
void tsb_lowercase_ascii_avx2(uint8_t *bytes, size_t count);
void tsb_lowercase_ascii_avx512(uint8_t *bytes, size_t count);

/// Copies `count` bytes of plain ASCII from `text` to `row`, lowercasing A–Z; on the same
/// CPUs as `tsb_is_plain_ascii_avx2` and `tsb_is_plain_ascii_avx512`.
void tsb_copy_lowercase_ascii_avx2(uint8_t *row, const uint8_t *text, size_t count);
void tsb_copy_lowercase_ascii_avx512(uint8_t *row, const uint8_t *text, size_t count);

/// A plain scan kernel (`tsb_scan_plain_avx2` and the others) and a lowercasing pass
/// (`tsb_lowercase_ascii_avx2`, `_avx512`).
typedef void (*tsb_plain_scan)(const uint8_t *text, size_t count, size_t start,
    const tsb_plain_tables *tables, uint32_t *items, tsb_plain_stretch *stretch);
typedef void (*tsb_lowercase)(uint8_t *bytes, size_t count);

/// The keys of the characters `CharacterKeyCache` knows: the `ScalarInfo` of each scalar
/// of the Basic Multilingual Plane (0 until computed) and the key bytes it points into.
typedef struct {
  const uint32_t *scalar_infos;
  const uint8_t *key_bytes;
} tsb_key_tables;

/// What `tsb_fold_plain_row` found in a row it folded: its marks (scalar starts inside
/// characters) and whether a key may break words otherwise than its character; in a
/// batch, whether some scalar start inside a character is ASCII (a key of several scalars).
typedef struct {
  size_t marks;
  int changes_word_break;
  int ascii_inside;
  /// The folded row's length, and in a batch the offset pairs it records (see
  /// `tsb_fold_plain_rows`).
  size_t length, pairs;
} tsb_plain_row;

/// Folds `row`, a copy of `text` (`count` bytes, shorter than 2 GiB), in place where `scan`
/// passes over the whole text from its start and each keyed character's key is one scalar
/// as long as it: writes those keys, lowercases A–Z with `lowercase`, lists the marks'
/// offsets in `marks` and returns 1. Else returns 0, `row` partly written. Either way
/// `stretch` and `items` are the scan's. `items` and `marks` hold `count` values each.
int tsb_fold_plain_row(tsb_plain_scan scan, tsb_lowercase lowercase, const uint8_t *text,
    size_t count, const tsb_plain_tables *tables, const tsb_key_tables *keys, uint32_t *items,
    tsb_plain_stretch *stretch, uint8_t *row, uint32_t *marks, tsb_plain_row *result);

/// `tsb_is_plain_ascii_avx2` and `_avx512`, and `tsb_copy_lowercase_ascii_avx2` and
/// `_avx512`.
typedef int (*tsb_plain_ascii_test)(const uint8_t *text, size_t count);
typedef void (*tsb_copy_lowercase)(uint8_t *row, const uint8_t *text, size_t count);

/// Rows folded by `tsb_fold_plain_rows`, and the room their fold is written to: what a
/// `FoldedSegment` adds for them, staged, with offsets and row numbers already those of
/// the segment (`*_base`: what the segment held before the staging's first).
typedef struct {
  /// The rows: `texts + offsets[row]`, `lengths[row]` bytes, for `row` up to `end_row`;
  /// `row` is the next one to fold.
  const uint8_t *texts;
  const intptr_t *offsets;
  const uint32_t *lengths;
  size_t row, end_row;
  /// No row is begun once the segment holds `byte_limit` bytes.
  size_t byte_limit;
  /// The folded bytes, each row followed by 0xFF.
  uint8_t *bytes;
  size_t byte_count, byte_capacity, byte_base;
  /// Each row's end (its separator's end, the next row's start) and its
  /// `FoldedSegment.RowFlags`.
  uint32_t *row_ends;
  uint8_t *row_flags;
  size_t row_count, row_capacity, row_base;
  /// The rows with marks (`isComplex`): their numbers, their boundary tables' first words
  /// in `words` (each row's length / 64 + 1 words, which `byte_capacity / 64 +
  /// row_capacity` always holds), and the scalars inside their characters (64 words, see
  /// `tsb_note_inside_characters`), added to what `inside` holds.
  uint32_t *complex_rows;
  uint32_t *complex_row_words;
  size_t complex_count;
  uint64_t *words;
  size_t word_count, word_base;
  uint64_t *inside;
  /// The ASCII bytes inside characters of the rows (`hasASCIIInsideCharacters`), by the
  /// byte before each: `FoldedSegment.asciiInsideAfter`'s 129 entries as two words each
  /// (bytes 0–63, 64–127), added to; `ascii_inside` is set once any is.
  uint64_t *ascii_inside_after;
  int ascii_inside;
  /// The rows whose keys or dropped marks changed their length (`isRemapped`): their
  /// numbers, the end of each one's pairs in `remap_points` (counted from the batch's
  /// first), and the pairs, (folded, original) offsets in the row, as
  /// `FoldedSegment.remapPoints` holds them; a row is begun only while room is left for
  /// a pair each two bytes of it.
  uint32_t *remapped_rows;
  uint32_t *remap_ends;
  size_t remapped_count;
  uint32_t *remap_points;
  size_t remap_pair_count, remap_pair_capacity;
  /// Room for a row's items and marks: a row longer than `item_capacity` that is not plain
  /// ASCII is not folded.
  uint32_t *items;
  uint32_t *marks;
  size_t item_capacity;
  /// The kana looked up (see `tsb_plain_stretch.kana_lookups`) and the bytes scanned by
  /// the plain scan, added up over the rows.
  size_t kana_lookups, scanned_bytes;
  /// The plain stretch of a row declined (`TSB_BATCH_DECLINED`), its items in `items`.
  tsb_plain_stretch stretch;
} tsb_fold_batch;

/// Why `tsb_fold_plain_rows` returned: every row folded, or the segment or the room full
/// (`TSB_BATCH_FILLED`); row `row` not plain (`TSB_BATCH_DECLINED`, see
/// `tsb_fold_plain_row`), or alone too long for the room (`TSB_BATCH_TOO_LONG`).
#define TSB_BATCH_FILLED 0
#define TSB_BATCH_DECLINED 1
#define TSB_BATCH_TOO_LONG 2

/// Folds `batch`'s rows from `row` on, each as the fold of a plain ASCII row (`is_plain`,
/// `copy_lowercase`) or as `tsb_fold_plain_row` folds it (with `scan`, `tables` and `keys`;
/// keys of several scalars as long as their characters too, such as ß's ss, and keys
/// shorter than their characters and dropped marks, with their offset pairs), into the
/// batch's room, until one is neither or the room or the segment is full.
int tsb_fold_plain_rows(tsb_plain_scan scan, tsb_plain_ascii_test is_plain,
    tsb_copy_lowercase copy_lowercase, const tsb_plain_tables *tables,
    const tsb_key_tables *keys, tsb_fold_batch *batch);

/// For each of `count` offsets in `row` (scalar starts inside characters), sets its bit in
/// `words` and adds its scalar, unless ASCII, to `inside` (64 words, by the scalar's low
/// 12 bits; see `InsideCharacters`).
void tsb_note_inside_characters(const uint8_t *row, const uint32_t *offsets, size_t count,
    uint64_t *words, uint64_t *inside);

#endif
