#include "CICUSearch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>
#include <unicode/uversion.h>
#include <unicode/usearch.h>

struct tsb_icu_search {
  UCollator *collator;
  UStringSearch *search;
  // usearch keeps a pointer to the pattern, not a copy: the search owns this one.
  UChar *pattern;
};

// usearch needs a text to open with; the real text comes with set_text.
static const UChar placeholder[] = {0x20};

tsb_icu_search *tsb_icu_search_open(
    const uint16_t *pattern, int32_t length, const char **error) {
  UErrorCode status = U_ZERO_ERROR;
  *error = NULL;
  UCollator *collator = ucol_open("", &status);
  if (U_FAILURE(status)) {
    *error = u_errorName(status);
    return NULL;
  }
  ucol_setStrength(collator, UCOL_SECONDARY);
  UChar *copy = malloc(sizeof(UChar) * (size_t)(length > 0 ? length : 1));
  if (!copy) {
    *error = "out of memory";
    ucol_close(collator);
    return NULL;
  }
  memcpy(copy, pattern, sizeof(UChar) * (size_t)length);
  UStringSearch *search = usearch_openFromCollator(
      copy, length, placeholder, 1, collator, NULL, &status);
  if (U_SUCCESS(status)) {
    usearch_setAttribute(search, USEARCH_CANONICAL_MATCH, USEARCH_ON, &status);
  }
  if (U_FAILURE(status)) {
    *error = u_errorName(status);
    if (search) usearch_close(search);
    ucol_close(collator);
    free(copy);
    return NULL;
  }
  tsb_icu_search *result = malloc(sizeof *result);
  if (!result) {
    *error = "out of memory";
    usearch_close(search);
    ucol_close(collator);
    free(copy);
    return NULL;
  }
  result->collator = collator;
  result->search = search;
  result->pattern = copy;
  return result;
}

int tsb_icu_search_set_text(tsb_icu_search *search, const uint16_t *text, int32_t length) {
  UErrorCode status = U_ZERO_ERROR;
  usearch_setText(search->search, (const UChar *)text, length, &status);
  return U_FAILURE(status) ? -1 : 0;
}

int32_t tsb_icu_search_next(tsb_icu_search *search, int32_t *length) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t start = usearch_next(search->search, &status);
  if (U_FAILURE(status)) return -2;
  if (start == USEARCH_DONE) return -1;
  *length = usearch_getMatchedLength(search->search);
  return start;
}

void tsb_icu_search_close(tsb_icu_search *search) {
  usearch_close(search->search);
  ucol_close(search->collator);
  free(search->pattern);
  free(search);
}

const char *tsb_icu_version(void) {
  static char text[U_MAX_VERSION_STRING_LENGTH];
  UVersionInfo version;
  u_getVersion(version);
  u_versionToString(version, text);
  return text;
}
