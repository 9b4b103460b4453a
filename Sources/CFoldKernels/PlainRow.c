// A whole row folded in one call where the plain scan passes over all of it: the row the
// caller copied is lowercased and its keyed characters overwritten in place, and its marks
// are listed. Most rows of most scripts fold so; the per-row bookkeeping in Swift around
// the scan (its tables, its items one by one, the lowercase pass) cost as much as the scan.
#include "CFoldKernels.h"

#include <string.h>

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

// One word of 8 bytes lowercased: each byte's low seven bits plus an offset set its top
// bit from 'A' on, and from past 'Z' on, no sum carrying into the next byte; a byte with
// its own top bit set is not ASCII.
static inline uint64_t lowercased_word(uint64_t word) {
  const uint64_t ones = 0x0101010101010101ull;
  const uint64_t low = word & (0x7F * ones);
  const uint64_t upper =
      (low + (0x80 - 'A') * ones) & ~(low + (0x80 - 'Z' - 1) * ones) & ~word & (0x80 * ones);
  return word + (upper >> 2);
}

// Copies the `length` bytes of `text` from `from` to `row` from `to`, where the row's bytes
// moved back, lowercasing A–Z, a word at a time: the runs between dropped marks are mostly
// a few bytes, too few for a call to memmove. From the text, not from the row's copy: a
// load of bytes the copy stored moments ago waits for the stores to land (moving the row
// back within itself a word at a time was slower than memmove). Where the text (`count` bytes) holds them, whole words are copied, up to 7
// bytes past the run, which the next run or key writes over, or the row's room holds.
static inline void copy_lowercased(
    uint8_t *row, size_t to, const uint8_t *text, size_t from, size_t length, size_t count) {
  // Whole words past the run where the text holds them, else the whole words within it.
  const size_t words_end = from + length + 7 <= count ? length : length / 8 * 8;
  size_t done = 0;
  for (; done < words_end; done += 8) {
    uint64_t word;
    memcpy(&word, text + from + done, 8);
    word = lowercased_word(word);
    memcpy(row + to + done, &word, 8);
  }
  for (; done < length; done++) {
    const uint8_t byte = text[from + done];
    row[to + done] = byte + ((uint8_t)(byte - 'A') < 26 ? 0x20 : 0);
  }
}

// Folds over `row` (a lowercased copy of `text`, `count` bytes) the items of its plain
// scan: writes each keyed character's key, lists the other items (marks) in `marks` at
// their folded offsets and returns 1, where every key is one scalar as long as its
// character, or with `several_scalars` several (ß: ss), whose starts after the first,
// inside the character, are listed with the marks. With `remap`, a key shorter than its
// character and a mark whose bytes the fold drops (diacritics ignored) are folded too:
// the bytes after them move back, and each change of length is recorded in `remap` as the
// walk records it (see `FoldedSegment.remapPoints`: a pair after each such key, one after
// marks dropped one after another), which has room for a pair an item. Else returns 0,
// `row` partly written.
static inline __attribute__((always_inline)) int write_keys(const uint8_t *text, size_t count,
    const tsb_key_tables *keys, const uint32_t *items, size_t item_count, uint8_t *row,
    uint32_t *marks, tsb_plain_row *result, int several_scalars, uint32_t *remap) {
  size_t mark_count = 0, pairs = 0;
  int changes_word_break = 0, ascii_inside = 0;
  // The original bytes from `in` on are still to be written, to `out` on (where `out` is
  // `in`, the row's copy holds them already).
  size_t in = 0, out = 0;
  for (size_t index = 0; index < item_count; index++) {
    uint32_t item = items[index];
    if (!(item & TSB_KEYED_ITEM)) {
      if (!(item & TSB_DROPPED_ITEM)) {
        marks[mark_count++] = item - (uint32_t)(in - out);
        continue;
      }
      if (remap == NULL) return 0;
      size_t at = item & ~TSB_DROPPED_ITEM;
      if (out != in) copy_lowercased(row, out, text, in, at - in, count);
      out += at - in;
      in = at + sequence_length(text[at]);
      // A key that is not the character's own: word boundaries are the original's.
      changes_word_break = 1;
      if (pairs > 0 && remap[2 * pairs - 2] == out && remap[2 * pairs - 1] == at) {
        remap[2 * pairs - 1] = (uint32_t)in;
      } else {
        remap[2 * pairs] = (uint32_t)out;
        remap[2 * pairs + 1] = (uint32_t)in;
        pairs++;
      }
      continue;
    }
    size_t at = item & ~TSB_KEYED_ITEM;
    size_t length = sequence_length(text[at]);
    // Keyed characters of the Basic Multilingual Plane only: the others' facts are not in
    // `scalar_infos`.
    if (length == 4) return 0;
    uint32_t info = keys->scalar_infos[multibyte_scalar_at(text, at)];
    size_t key_length = info & 0x1F, key_offset = info >> 5 & 0xFFFFF;
    const uint8_t *key = keys->key_bytes + key_offset;
    if (!(info & INFO_KNOWN)) return 0;
    // A longer key would make the row longer than its room, and an empty one is remapped
    // otherwise: the walk's.
    if (key_length != length && (remap == NULL || key_length == 0 || key_length > length)) {
      return 0;
    }
    if (out != in) copy_lowercased(row, out, text, in, at - in, count);
    out += at - in;
    in = at + length;
    if (sequence_length(key[0]) != key_length) {
      if (!several_scalars) return 0;
      for (size_t inner = sequence_length(key[0]); inner < key_length;
           inner += sequence_length(key[inner])) {
        marks[mark_count++] = (uint32_t)(out + inner);
        ascii_inside |= key[inner] < 0x80;
      }
    }
    for (size_t byte = 0; byte < key_length; byte++) row[out + byte] = key[byte];
    out += key_length;
    if (key_length != length) {
      remap[2 * pairs] = (uint32_t)out;
      remap[2 * pairs + 1] = (uint32_t)in;
      pairs++;
    }
    changes_word_break |= (info & INFO_CHANGES_WORD_BREAK) != 0;
  }
  if (out != in) copy_lowercased(row, out, text, in, count - in, count);
  result->length = out + (count - in);
  result->pairs = pairs;
  result->marks = mark_count;
  result->changes_word_break = changes_word_break;
  result->ascii_inside = ascii_inside;
  return 1;
}

int tsb_fold_plain_row(tsb_plain_scan scan, tsb_lowercase lowercase, const uint8_t *text,
    size_t count, const tsb_plain_tables *tables, const tsb_key_tables *keys, uint32_t *items,
    tsb_plain_stretch *stretch, uint8_t *row, uint32_t *marks, tsb_plain_row *result) {
  scan(text, count, 0, tables, items, stretch);
  if (stretch->stop != count) return 0;
  if (!write_keys(text, count, keys, items, stretch->item_count, row, marks, result, 0, NULL)) {
    return 0;
  }
  lowercase(row, count);
  return 1;
}

// The flags of `FoldedSegment.RowFlags` a row folded here may have.
enum {
  ROW_IS_COMPLEX = 1,
  ROW_IS_REMAPPED = 2,
  ROW_HAS_ASCII_INSIDE = 4,
  ROW_CHANGES_WORD_BREAK = 8
};

int tsb_fold_plain_rows(tsb_plain_scan scan, tsb_plain_ascii_test is_plain,
    tsb_copy_lowercase copy_lowercase, const tsb_plain_tables *tables,
    const tsb_key_tables *keys, tsb_fold_batch *batch) {
  for (; batch->row < batch->end_row; batch->row++) {
    if (batch->byte_base + batch->byte_count >= batch->byte_limit) return TSB_BATCH_FILLED;
    const size_t count = batch->lengths[batch->row];
    // (A corpus of empty rows may have no text at all.)
    const uint8_t *text =
        count == 0 ? (const uint8_t *)"" : batch->texts + batch->offsets[batch->row];
    // The room for one more row and its separator, and for its items unless it is plain
    // ASCII; a row that does not fit in an empty room is the caller's.
    const int room = batch->row_count == 0 ? TSB_BATCH_TOO_LONG : TSB_BATCH_FILLED;
    if (batch->row_count == batch->row_capacity
        || count >= batch->byte_capacity - batch->byte_count) {
      return room;
    }
    uint8_t *row = batch->bytes + batch->byte_count;
    uint8_t flags = 0;
    size_t folded_count = count;
    if (is_plain(text, count)) {
      copy_lowercase(row, text, count);
    } else {
      // (A pair of offsets takes two bytes of the original or more; a row that changes
      // length may write 7 bytes past its end, see `copy_lowercased`.)
      if (count > batch->item_capacity
          || count / 2 > batch->remap_pair_capacity - batch->remap_pair_count
          || count + 8 >= batch->byte_capacity - batch->byte_count) {
        return room;
      }
      scan(text, count, 0, tables, batch->items, &batch->stretch);
      batch->kana_lookups += batch->stretch.kana_lookups;
      batch->scanned_bytes += batch->stretch.stop;
      if (batch->stretch.stop != count) return TSB_BATCH_DECLINED;
      copy_lowercase(row, text, count);
      tsb_plain_row result;
      if (!write_keys(text, count, keys, batch->items, batch->stretch.item_count, row,
              batch->marks, &result, 1, batch->remap_points + 2 * batch->remap_pair_count)) {
        return TSB_BATCH_DECLINED;
      }
      folded_count = result.length;
      if (result.changes_word_break) flags |= ROW_CHANGES_WORD_BREAK;
      if (result.pairs > 0) {
        flags |= ROW_IS_REMAPPED;
        batch->remap_pair_count += result.pairs;
        batch->remapped_rows[batch->remapped_count] =
            (uint32_t)(batch->row_base + batch->row_count);
        batch->remap_ends[batch->remapped_count] = (uint32_t)batch->remap_pair_count;
        batch->remapped_count++;
      }
      if (result.marks > 0) {
        flags |= ROW_IS_COMPLEX;
        batch->complex_rows[batch->complex_count] = (uint32_t)(batch->row_base + batch->row_count);
        batch->complex_row_words[batch->complex_count] =
            (uint32_t)(batch->word_base + batch->word_count);
        batch->complex_count++;
        uint64_t *words = batch->words + batch->word_count;
        const size_t word_count = folded_count / 64 + 1;
        for (size_t word = 0; word < word_count; word++) words[word] = 0;
        tsb_note_inside_characters(row, batch->marks, result.marks, words, batch->inside);
        batch->word_count += word_count;
        if (result.ascii_inside) {
          // The ASCII bytes inside characters (the second s of ß's ss), by the byte
          // before each (see `FoldedSegment.asciiInsideAfter`).
          flags |= ROW_HAS_ASCII_INSIDE;
          for (size_t mark = 0; mark < result.marks; mark++) {
            const uint32_t at = batch->marks[mark];
            if (row[at] >= 0x80) continue;
            const size_t before = row[at - 1] < 128 ? row[at - 1] : 128;
            batch->ascii_inside_after[2 * before + (row[at] >> 6)] |= 1ull << (row[at] & 63);
          }
          batch->ascii_inside = 1;
        }
      }
    }
    row[folded_count] = 0xFF;
    batch->byte_count += folded_count + 1;
    batch->row_ends[batch->row_count] = (uint32_t)(batch->byte_base + batch->byte_count);
    batch->row_flags[batch->row_count] = flags;
    batch->row_count++;
  }
  return TSB_BATCH_FILLED;
}

void tsb_note_inside_characters(const uint8_t *row, const uint32_t *offsets, size_t count,
    uint64_t *words, uint64_t *inside) {
  for (size_t index = 0; index < count; index++) {
    uint32_t at = offsets[index];
    words[at >> 6] |= 1ull << (at & 63);
    if (row[at] < 0x80) continue;
    uint32_t scalar = multibyte_scalar_at(row, at);
    inside[scalar >> 6 & 63] |= 1ull << (scalar & 63);
  }
}
