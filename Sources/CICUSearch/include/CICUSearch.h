#ifndef CICUSEARCH_H
#define CICUSEARCH_H

#include <stdint.h>

// ICU's string search (usearch) behind names that do not carry ICU's version suffix, so
// the Swift side builds against any ICU. The system ICU's symbols are versioned
// (usearch_open_72) and Foundation's own copy is prefixed (swift_usearch_open): both live
// in one process without clashing.

typedef struct tsb_icu_search tsb_icu_search;

// A search for `pattern` (UTF-16, copied) with the root collator at secondary strength (case is
// ignored, accents are not) and canonical equivalence on. NULL on failure, with ICU's
// error name in `error`.
tsb_icu_search *_Nullable tsb_icu_search_open(
    const uint16_t *_Nonnull pattern, int32_t length, const char *_Nullable *_Nonnull error);

// Starts searching `text` (UTF-16, borrowed until the next call). 0 on success.
int tsb_icu_search_set_text(
    tsb_icu_search *_Nonnull search, const uint16_t *_Nonnull text, int32_t length);

// The start of the next match in UTF-16 units, and its length in `length`; -1 when there
// is none, -2 on error.
int32_t tsb_icu_search_next(tsb_icu_search *_Nonnull search, int32_t *_Nonnull length);

void tsb_icu_search_close(tsb_icu_search *_Nonnull search);

// ICU's version, such as "72.1".
const char *_Nonnull tsb_icu_version(void);

#endif
