#include "CFTS5.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The byte ranges of a row's tokens, in order (colocated tokens, which the trigram
// tokenizer never emits, are skipped as FTS5 numbers tokens without them).
typedef struct {
  int32_t *ranges;  // start, end, start, end, ...
  int count;
  int capacity;
} token_ranges;

static int collect_token(void *context, int flags, const char *token, int token_length,
                         int start, int end) {
  (void)token;
  (void)token_length;
  token_ranges *tokens = context;
  if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
  if (tokens->count == tokens->capacity) {
    int capacity = tokens->capacity ? 2 * tokens->capacity : 256;
    int32_t *grown = realloc(tokens->ranges, sizeof(int32_t) * 2 * (size_t)capacity);
    if (!grown) return SQLITE_NOMEM;
    tokens->ranges = grown;
    tokens->capacity = capacity;
  }
  tokens->ranges[2 * tokens->count] = start;
  tokens->ranges[2 * tokens->count + 1] = end;
  tokens->count++;
  return SQLITE_OK;
}

static void offsets(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *result,
                    int argument_count, sqlite3_value **arguments) {
  (void)argument_count;
  (void)arguments;
  int instances = 0;
  int status = api->xInstCount(fts, &instances);
  if (status != SQLITE_OK) goto failed;
  const char *text = NULL;
  int length = 0;
  status = api->xColumnText(fts, 0, &text, &length);
  if (status != SQLITE_OK) goto failed;
  token_ranges tokens = {0};
  status = api->xTokenize(fts, text ? text : "", length, &tokens, collect_token);
  if (status != SQLITE_OK) {
    free(tokens.ranges);
    goto failed;
  }
  int32_t *pairs = sqlite3_malloc64(sizeof(int32_t) * 2 * (sqlite3_uint64)(instances ? instances : 1));
  if (!pairs) {
    free(tokens.ranges);
    status = SQLITE_NOMEM;
    goto failed;
  }
  int written = 0;
  for (int index = 0; index < instances; index++) {
    int phrase = 0, column = 0, first = 0;
    status = api->xInst(fts, index, &phrase, &column, &first);
    if (status != SQLITE_OK) break;
    int size = api->xPhraseSize(fts, phrase);
    int last = first + (size > 0 ? size : 1) - 1;
    if (column != 0 || first < 0 || last >= tokens.count) continue;
    pairs[2 * written] = tokens.ranges[2 * first];
    pairs[2 * written + 1] = tokens.ranges[2 * last + 1];
    written++;
  }
  free(tokens.ranges);
  if (status != SQLITE_OK) {
    sqlite3_free(pairs);
    goto failed;
  }
  sqlite3_result_blob(result, pairs, (int)(sizeof(int32_t) * 2 * (size_t)written), sqlite3_free);
  return;
failed:
  sqlite3_result_error_code(result, status);
}

int tsb_fts5_register_offsets(void *database) {
  sqlite3 *db = database;
  fts5_api *api = NULL;
  sqlite3_stmt *statement = NULL;
  int status = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL);
  if (status != SQLITE_OK) return status;
  sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
  sqlite3_step(statement);
  status = sqlite3_finalize(statement);
  if (status != SQLITE_OK) return status;
  if (!api) return SQLITE_ERROR;
  return api->xCreateFunction(api, "tsb_offsets", NULL, offsets, NULL);
}
