// A whole row folded in one call where the plain scan passes over all of it: the row the
// caller copied is lowercased and its keyed characters overwritten in place, and its marks
// are listed. Most rows of most scripts fold so; the per-row bookkeeping in Swift around
// the scan (its tables, its items one by one, the lowercase pass) cost as much as the scan.
#include "CFoldKernels.h"

// The bits of a `CharacterKeyCache.ScalarInfo`.
enum {
  INFO_KNOWN = 1u << 31,
  INFO_CHANGES_WORD_BREAK = 1u << 28,
};

static inline size_t sequence_length(uint8_t lead) {
  return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

// The scalar of two, three or four bytes that starts at `at`, of valid UTF-8.
static inline uint32_t multibyte_scalar_at(const uint8_t *bytes, size_t at) {
  uint32_t lead = bytes[at];
  if (lead < 0xE0) return (lead & 0x1F) << 6 | (bytes[at + 1] & 0x3Fu);
  if (lead < 0xF0) {
    return (lead & 0x0F) << 12 | (bytes[at + 1] & 0x3Fu) << 6 | (bytes[at + 2] & 0x3Fu);
  }
  return (lead & 0x07) << 18 | (bytes[at + 1] & 0x3Fu) << 12 | (bytes[at + 2] & 0x3Fu) << 6
      | (bytes[at + 3] & 0x3Fu);
}

int tsb_fold_plain_row(tsb_plain_scan scan, tsb_lowercase lowercase, const uint8_t *text,
    size_t count, const tsb_plain_tables *tables, const tsb_key_tables *keys, uint32_t *items,
    tsb_plain_stretch *stretch, uint8_t *row, uint32_t *marks, tsb_plain_row *result) {
  scan(text, count, 0, tables, items, stretch);
  if (stretch->stop != count) return 0;
  size_t mark_count = 0;
  int changes_word_break = 0;
  for (size_t index = 0; index < stretch->item_count; index++) {
    uint32_t item = items[index];
    if (!(item & TSB_KEYED_ITEM)) {
      marks[mark_count++] = item;
      continue;
    }
    size_t at = item & ~TSB_KEYED_ITEM;
    size_t length = sequence_length(text[at]);
    // Keyed characters of the Basic Multilingual Plane only: the others' facts are not in
    // `scalar_infos`.
    if (length == 4) return 0;
    uint32_t info = keys->scalar_infos[multibyte_scalar_at(text, at)];
    size_t key_length = info & 0x1F, key_offset = info >> 5 & 0xFFFFF;
    // A key of one scalar as long as the character, written over it; any other changes
    // the row's length, which the caller's walk records.
    if (!(info & INFO_KNOWN) || key_length != length
        || sequence_length(keys->key_bytes[key_offset]) != length) {
      return 0;
    }
    for (size_t byte = 0; byte < length; byte++) {
      row[at + byte] = keys->key_bytes[key_offset + byte];
    }
    changes_word_break |= (info & INFO_CHANGES_WORD_BREAK) != 0;
  }
  lowercase(row, count);
  result->marks = mark_count;
  result->changes_word_break = changes_word_break;
  return 1;
}

void tsb_note_inside_characters(const uint8_t *row, const uint32_t *offsets, size_t count,
    uint64_t *words, uint64_t *inside) {
  for (size_t index = 0; index < count; index++) {
    uint32_t at = offsets[index];
    words[at >> 6] |= 1ull << (at & 63);
    uint32_t scalar = multibyte_scalar_at(row, at);
    inside[scalar >> 6 & 63] |= 1ull << (scalar & 63);
  }
}
