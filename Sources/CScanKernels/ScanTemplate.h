// One algorithm, written once and compiled per vector width, each with and without
// counting rows. The including file defines:
//   KERNEL_NAME        the function's name
//   COUNT_ROWS         1 for the kernel that writes each start's row (see tsb_scan), 0
//                      for the one that does not
//   WIDTH              bytes per vector
//   VECTOR             the vector type
//   MASK               what a comparison gives (a vector of lanes, or a mask register)
//   SPLAT(byte)        a vector of `byte` in every lane
//   LOAD(pointer)      an unaligned load
//   EQUAL(a, b)        a MASK of the lanes where a equals b
//   AND(a, b), OR(a, b) on MASKs
//   ANY(mask)          whether any lane is set
//   BITS(mask)         a uint64_t with bit i set where lane i is set
//   QUIET_LOOP         1 for a kernel that runs the steps without a candidate in a loop
//                      of their own (see below); else 0. With COUNT_ROWS, the file then
//                      defines TALLY_SEPARATORS(tally, s0, s1, s2, s3) (the VECTOR
//                      `tally` plus the lanes set in four separator MASKs) and
//                      TALLY_TOTAL(tally) (the count a tally holds)
//
// Per step of 4 × WIDTH candidate starts: compare the key's rarest byte and its second
// rarest (at their offsets in the key) for every start at once, combine the four blocks'
// masks lane-wise and test them with one branch, and only then compare a third byte
// (when the key has one in another character) and verify each candidate's whole key.
// The third byte costs nothing in steps without a candidate, and in a key whose
// rarest bytes are common (of CJK characters, the continuation bytes) it keeps a
// fraction of the candidates. Where the first two bytes are expected in many steps
// (`third_always`), the third is compared in every step, before the branch, which then
// mispredicts far less often; elsewhere that costs more than it saves. Memory is read once; the loads of a
// block overlap in cache. Four blocks a step rather than one keep the loop's fixed cost
// (the test, the branch, the bounds) off each byte, so the loop keeps pace with memory
// as memchr's does.
//
// With QUIET_LOOP, the steps without a candidate (the quiet ones) run in a loop of their
// own, which keeps its few values in registers, where the one loop of every step spills
// some to the stack. Rows are then counted only in steps with a candidate, where the rows
// of the starts are needed: quiet steps add their separators to a vector tally, summed
// before the next step with a candidate. Without QUIET_LOOP, rows are counted in every
// step, before the branch. The quiet loop was faster counting rows and without them,
// on AMD's Zen 3 and Zen 4 alike. A dense keyword's steps nearly all hold a
// candidate: it keeps the one loop.
//
// A frequent keyword has a candidate in most steps, and a branch per candidate that the
// CPU cannot predict costs more than the scan. So a key of up to 8 bytes (most keywords)
// is verified with one masked 8-byte compare, and its candidates are written four at a
// time and counted by that compare's result, without a branch each: the step's 4 × WIDTH
// bits go in 64-bit words, and only each word's loop tests whether any bit is left.

#ifndef SCAN_TEMPLATE_HELPERS
#define SCAN_TEMPLATE_HELPERS
#ifdef TSB_MCA_MARKERS
// The comment in which llvm-mca finds the region it estimates ("#" on arm64 too: its
// parser takes no other). Only in assembly made for llvm-mca, never assembled.
#define MCA_COMMENT "#"
#endif
// No call inside the loop: a call would force the vector registers to be saved and
// reloaded around it on every step.
static inline __attribute__((always_inline)) int verify_key(
    const uint8_t *at, const uint8_t *key, size_t count) {
  if (at[count - 1] != key[count - 1]) return 0;
  size_t index = 0;
  for (; index + 8 <= count; index += 8) {
    uint64_t left, right;
    __builtin_memcpy(&left, at + index, 8);
    __builtin_memcpy(&right, key + index, 8);
    if (left != right) return 0;
  }
  for (; index < count; index++) {
    if (at[index] != key[index]) return 0;
  }
  return 1;
}

// The row of the start at `offset` of a word of starts that begins in row `row` and
// holds the row separators `separators` (bit i for start base + i).
static inline __attribute__((always_inline)) uint32_t row_at(
    uint32_t row, uint64_t separators, size_t offset) {
  return row + (uint32_t)__builtin_popcountll(separators & ((1ull << offset) - 1));
}

// Writes the candidates in `bits` (starts base + i) that hold the key, each verified
// whole, and with `rows` their rows (see row_at): the path of keys longer than 8 bytes
// and of the last blocks.
static inline __attribute__((always_inline)) size_t write_verified(
    uint64_t bits, size_t base, const uint8_t *haystack, const uint8_t *key, size_t count,
    uint32_t *out, uint32_t *rows, uint64_t separators, uint32_t row, size_t found) {
  while (bits != 0) {
    size_t offset = (size_t)__builtin_ctzll(bits);
    bits &= bits - 1;
    if (verify_key(haystack + base + offset, key, count)) {
      if (rows != NULL) rows[found] = row_at(row, separators, offset);
      out[found++] = (uint32_t)(base + offset);
    }
  }
  return found;
}

// 1 if a `valid` candidate at `at` holds a key of up to 8 bytes (`key_word` under
// `key_mask`), else 0; with `exact`, the bytes compared already were the whole key.
static inline __attribute__((always_inline)) size_t holds_short_key(
    int valid, int exact, const uint8_t *at, uint64_t key_word, uint64_t key_mask) {
  if (exact) return (size_t)valid;
  uint64_t word;
  __builtin_memcpy(&word, at, 8);
  return (size_t)(valid & (((word ^ key_word) & key_mask) == 0));
}

// Writes the first candidate left in `*bits` (starts base + i), if any, and takes it
// out: written always, and counted only if there was one and it holds the key (see
// write_short). Needs room for one more result.
static inline __attribute__((always_inline)) size_t write_short_lane(uint64_t *bits,
    size_t base, const uint8_t *haystack, uint64_t key_word, uint64_t key_mask, int exact,
    uint32_t *out, uint32_t *rows, uint64_t separators, uint32_t row, size_t found) {
  const size_t offset = (size_t)(*bits != 0 ? __builtin_ctzll(*bits) : 0);
  const int valid = *bits != 0;
  *bits &= *bits - 1;
  out[found] = (uint32_t)(base + offset);
  if (rows) rows[found] = row_at(row, separators, offset);
  return found + holds_short_key(valid, exact, haystack + base + offset, key_word, key_mask);
}

// Writes the candidates in `bits` (starts base + i) that hold the key, and with `rows`
// their rows (see row_at), without a branch per candidate: four at a time, each written
// and counted only if it holds the key. With `exact`, the bytes compared already were
// the whole key, and none is read again. Needs 8 readable bytes at every candidate and
// room for popcount(bits) + 3 more results.
static inline __attribute__((always_inline)) size_t write_short(
    uint64_t bits, size_t base, const uint8_t *haystack, uint64_t key_word, uint64_t key_mask,
    int exact, uint32_t *out, uint32_t *rows, uint64_t separators, uint32_t row,
    size_t found) {
  while (bits != 0) {
    for (int lane = 0; lane < 4; lane++) {
      found = write_short_lane(
          &bits, base, haystack, key_word, key_mask, exact, out, rows, separators, row, found);
    }
  }
  return found;
}

// write_short for a step of two words of starts (`bits0` from `base`, `bits1` from
// base + 64), in one loop: which word holds the next candidate is chosen without a
// branch, where looping over each word in turn mispredicts whether each has any.
static inline __attribute__((always_inline)) size_t write_short_pair(
    uint64_t bits0, uint64_t bits1, size_t base, const uint8_t *haystack, uint64_t key_word,
    uint64_t key_mask, int exact, uint32_t *out, uint32_t *rows, uint64_t separators0,
    uint64_t separators1, uint32_t row, size_t found, const int lanes) {
  const uint32_t row1 = row + (uint32_t)__builtin_popcountll(separators0);
  while ((bits0 | bits1) != 0) {
    for (int lane = 0; lane < lanes; lane++) {
      const int first = bits0 != 0;
      uint64_t bits = first ? bits0 : bits1;
      const size_t word_base = first ? base : base + 64;
      size_t offset = (size_t)(bits != 0 ? __builtin_ctzll(bits) : 0);
      int valid = bits != 0;
      bits &= bits - 1;
      if (first) bits0 = bits; else bits1 = bits;
      out[found] = (uint32_t)(word_base + offset);
      if (rows) {
        rows[found] = first ? row_at(row, separators0, offset) : row_at(row1, separators1, offset);
      }
      found += holds_short_key(valid, exact, haystack + word_base + offset, key_word, key_mask);
    }
  }
  return found;
}

// write_short for a word of starts that mostly holds none, one or two: one at a time,
// the first written whether there is one or not, so that the only branch, whether any
// is left, mostly goes the same way, where four at a time first asks whether the word
// holds any, which a crowded key's words do about as often as not (`folded` on AMD Zen
// 3: "in" on english-1m 1.37x as fast, "a" on mixed-1m 1.08x; see
// FoldedCorpus.packedCandidateShare).
static inline __attribute__((always_inline)) size_t write_short_single(uint64_t bits,
    size_t base, const uint8_t *haystack, uint64_t key_word, uint64_t key_mask, int exact,
    uint32_t *out, uint32_t *rows, uint64_t separators, uint32_t row, size_t found) {
  do {
    found = write_short_lane(
        &bits, base, haystack, key_word, key_mask, exact, out, rows, separators, row, found);
  } while (bits != 0);
  return found;
}

#endif

// The 4 × WIDTH bits of a step's four blocks, as 64-bit words.
#if WIDTH == 16
#define PACK_WORDS(words, b0, b1, b2, b3) \
  const uint64_t words[1] = {(b0) | (b1) << 16 | (b2) << 32 | (b3) << 48}
#elif WIDTH == 32
#define PACK_WORDS(words, b0, b1, b2, b3) \
  const uint64_t words[2] = {(b0) | (b1) << 32, (b2) | (b3) << 32}
#else
#define PACK_WORDS(words, b0, b1, b2, b3) const uint64_t words[4] = {(b0), (b1), (b2), (b3)}
#endif

// The row separators (0xFF) among WIDTH bytes, as bits; none counted without rows.
#define SEPARATORS(pointer) (rows ? BITS(EQUAL(LOAD(pointer), separator_lanes)) : 0)

// Asks for the haystack `prefetch` bytes past the step, one prefetch a cache line, far
// enough ahead to cover memory's latency (past the end of the haystack it is a hint that
// never faults).
#define PREFETCH_STEP()                                    \
  do {                                                     \
    if (prefetch != 0) {                                   \
      for (size_t line = 0; line < 4 * WIDTH; line += 64) { \
        __builtin_prefetch(at + prefetch + line);          \
      }                                                    \
    }                                                      \
  } while (0)

// The step's four blocks of candidates: the starts where the rarest and second rarest
// bytes agree.
#define COMPARE_RAREST()                                                                   \
  do {                                                                                     \
    m0 = AND(EQUAL(LOAD(at + rare), rare_lanes), EQUAL(LOAD(at + second), second_lanes));  \
    m1 = AND(EQUAL(LOAD(at + WIDTH + rare), rare_lanes),                                   \
        EQUAL(LOAD(at + WIDTH + second), second_lanes));                                   \
    m2 = AND(EQUAL(LOAD(at + 2 * WIDTH + rare), rare_lanes),                               \
        EQUAL(LOAD(at + 2 * WIDTH + second), second_lanes));                               \
    m3 = AND(EQUAL(LOAD(at + 3 * WIDTH + rare), rare_lanes),                               \
        EQUAL(LOAD(at + 3 * WIDTH + second), second_lanes));                               \
  } while (0)

// Keeps, of the step's four blocks of candidates, those where the third byte agrees too.
#define KEEP_THIRD_AGREEING()                                       \
  do {                                                              \
    m0 = AND(m0, EQUAL(LOAD(at + third), third_lanes));             \
    m1 = AND(m1, EQUAL(LOAD(at + WIDTH + third), third_lanes));     \
    m2 = AND(m2, EQUAL(LOAD(at + 2 * WIDTH + third), third_lanes)); \
    m3 = AND(m3, EQUAL(LOAD(at + 3 * WIDTH + third), third_lanes)); \
  } while (0)

// SETTLE_MASKS(), where the including file defines it, keeps the quiet loop's masks as
// vectors of bytes where the compiler would otherwise carry them across the third byte's
// branch as vectors of booleans and widen them again after it (two instructions a mask
// a step, on arm64).
#ifndef SETTLE_MASKS
#define SETTLE_MASKS() \
  do {                 \
  } while (0)
#endif

#if QUIET_LOOP && defined(COMPRESS_EMIT)
#error "Quiet steps loop apart only in a kernel without the compress path"
#endif

#if COUNT_ROWS && !defined(WRITE_LONG_DEFINED)
#define WRITE_LONG_DEFINED
// The candidates of a step's four blocks (`blocks`, bits of WIDTH starts each) that hold
// a key longer than 8 bytes, verified whole, and their rows: the step begins in row
// `row`, and `separators` holds its row separators as PACK_WORDS packs them.
static __attribute__((noinline)) size_t write_long(const uint64_t blocks[4],
    const uint64_t *separators, size_t start, const uint8_t *haystack, const uint8_t *key,
    size_t count, uint32_t *out, uint32_t *rows, uint32_t row, size_t found) {
  for (size_t block = 0; block < 4; block++) {
    const uint64_t block_separators = WIDTH == 64
        ? separators[block * WIDTH / 64]
        : (separators[block * WIDTH / 64] >> (block * WIDTH % 64)) & ((1ull << (WIDTH % 64)) - 1);
    found = write_verified(blocks[block], start + block * WIDTH, haystack, key, count, out, rows,
        block_separators, row, found);
    row += (uint32_t)__builtin_popcountll(block_separators);
  }
  return found;
}
#endif

size_t KERNEL_NAME(const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume) {
  const uint8_t *haystack = scan->haystack;
  const uint8_t *key = scan->key;
  const size_t count = scan->key_count;
  const size_t rare = scan->rare;
  const size_t second = scan->second;
  *resume = scan->end;
  if (count == 0 || scan->end < count || scan->from > scan->end - count) return 0;
  const size_t last = scan->end - count;  // the last candidate start
  const VECTOR rare_lanes = SPLAT(key[rare]);
  const VECTOR second_lanes = SPLAT(key[second]);
  const size_t third = scan->third;
  const int has_third = third != rare && third < count;
  const VECTOR third_lanes = SPLAT(key[has_third ? third : rare]);
#ifdef TSB_MCA_MARKERS
  // llvm-mca's estimate is of the common quiet step: the third byte compared only after
  // the branch, no prefetch (arm64 asks for none).
  const int third_always = 0;
#else
  const int third_always = has_third && scan->third_always;
#endif
  const int dense = scan->dense;
  const int crowded = scan->crowded;
  (void)dense;  // not read by every kernel the template makes
  (void)crowded;
#ifdef COMPRESS_EMIT
  const int compressing = crowded && count <= TSB_COMPRESS_KEY_LIMIT;
#endif
  // The key is no longer than the bytes compared at distinct offsets: no verifying.
  const int exact =
      count == 1 || (count == 2 && second != rare) || (count == 3 && has_third && second != rare
          && second != third);
  // Known when compiled: a kernel that does not count rows has none of their work.
  uint32_t *const rows = COUNT_ROWS ? scan->rows : NULL;
  if (COUNT_ROWS && rows == NULL) __builtin_unreachable();
  uint32_t row = COUNT_ROWS ? *scan->row : 0;
  const VECTOR separator_lanes = SPLAT(0xFF);
#ifdef TSB_MCA_MARKERS
  const size_t prefetch = 0;
#else
  const size_t prefetch = scan->prefetch;
#endif
  size_t start = scan->from;
  size_t found = 0;
  // A key of up to 8 bytes, as a little-endian word (x86-64 and arm64 both are).
  const int short_key = count <= 8;
  uint64_t key_word = 0;
  uint64_t key_mask = count >= 8 ? ~0ull : ((1ull << (8 * count)) - 1);
  __builtin_memcpy(&key_word, key, count <= 8 ? count : 8);
  key_word &= key_mask;
#if QUIET_LOOP && COUNT_ROWS
  // The separators of the quiet steps since `row` was last brought up to date.
  VECTOR tally = SPLAT(0);
#define SETTLE_ROWS()                    \
  do {                                   \
    row += (uint32_t)TALLY_TOTAL(tally); \
    tally = SPLAT(0);                    \
  } while (0)
#else
#define SETTLE_ROWS() \
  do {                \
  } while (0)
#endif
  // In bounds: while start + 4 * WIDTH - 1 + 8 ≤ last, every load ends before
  // last + count = end, and so does an 8-byte read at any candidate of the step.
  while (start + 4 * WIDTH - 1 + 8 <= last) {
    // write_short may write 3 places past the last result it counts, emit_compressed 8.
    if (capacity - found < 4 * WIDTH + 8) {
      // (Nothing is tallied yet here today, as `found` grows only in a step with a
      // candidate, which settles the rows: settled all the same, so that no return loses
      // rows.)
      SETTLE_ROWS();
      *resume = start;
      if (rows) *scan->row = row;
      return found;
    }
#if QUIET_LOOP
    // The steps without a candidate, in a loop of their own that holds few values, all
    // in registers: the step with one then tallies its rows and writes its candidates.
    const uint8_t *at;
    MASK m0, m1, m2, m3;
    for (;;) {
#ifdef TSB_MCA_MARKERS
      // Where llvm-mca's estimate of a quiet step begins (Scripts/test-kernels.sh --mca).
      __asm__ volatile(MCA_COMMENT " LLVM-MCA-BEGIN quiet-step");
#endif
      at = haystack + start;
      PREFETCH_STEP();
      COMPARE_RAREST();
      SETTLE_MASKS();
      if (third_always) {
        KEEP_THIRD_AGREEING();
        SETTLE_MASKS();
      }
      if (ANY(OR(OR(m0, m1), OR(m2, m3)))) break;
#if COUNT_ROWS
      tally = TALLY_SEPARATORS(tally, EQUAL(LOAD(at), separator_lanes),
          EQUAL(LOAD(at + WIDTH), separator_lanes), EQUAL(LOAD(at + 2 * WIDTH), separator_lanes),
          EQUAL(LOAD(at + 3 * WIDTH), separator_lanes));
#endif
      start += 4 * WIDTH;
#ifdef TSB_MCA_MARKERS
      __asm__ volatile(MCA_COMMENT " LLVM-MCA-END quiet-step");
#endif
      if (start + 4 * WIDTH - 1 + 8 > last) goto steps_done;
    }
    SETTLE_ROWS();
    PACK_WORDS(separators, SEPARATORS(at), SEPARATORS(at + WIDTH), SEPARATORS(at + 2 * WIDTH),
        SEPARATORS(at + 3 * WIDTH));
    {
#else
    const uint8_t *at = haystack + start;
    PREFETCH_STEP();
    PACK_WORDS(separators, SEPARATORS(at), SEPARATORS(at + WIDTH), SEPARATORS(at + 2 * WIDTH),
        SEPARATORS(at + 3 * WIDTH));
#ifdef COMPRESS_EMIT
    if (compressing) {
      // Every byte of the key compared, each once, so that each start left holds it;
      // then every step's starts written without a branch (see emit_compressed). The
      // rarest bytes are not compared first here, where nothing is decided before all
      // are: a one-byte key was loaded and compared twice, as its rarest and second.
      const VECTOR first_lanes = SPLAT(key[0]);
      MASK held0 = EQUAL(LOAD(at), first_lanes);
      MASK held1 = EQUAL(LOAD(at + WIDTH), first_lanes);
      MASK held2 = EQUAL(LOAD(at + 2 * WIDTH), first_lanes);
      MASK held3 = EQUAL(LOAD(at + 3 * WIDTH), first_lanes);
      for (size_t index = 1; index < count; index++) {
        const VECTOR lanes = SPLAT(key[index]);
        held0 = AND(held0, EQUAL(LOAD(at + index), lanes));
        held1 = AND(held1, EQUAL(LOAD(at + WIDTH + index), lanes));
        held2 = AND(held2, EQUAL(LOAD(at + 2 * WIDTH + index), lanes));
        held3 = AND(held3, EQUAL(LOAD(at + 3 * WIDTH + index), lanes));
      }
      PACK_WORDS(held, BITS(held0), BITS(held1), BITS(held2), BITS(held3));
      uint32_t word_row = row;
      // Unrolled, the words' masks stay in registers, where the loop stored and reloaded
      // them.
#pragma clang loop unroll(full)
      for (size_t word = 0; word < 4 * WIDTH / 64; word++) {
        found = emit_compressed(
            held[word], start + word * 64, separators[word], word_row, out, rows, found);
        if (rows) word_row += (uint32_t)__builtin_popcountll(separators[word]);
      }
      goto next_step;
    }
#endif
    MASK m0, m1, m2, m3;
    COMPARE_RAREST();
    if (third_always) KEEP_THIRD_AGREEING();
    if (dense || ANY(OR(OR(m0, m1), OR(m2, m3)))) {
#endif
      if (has_third && !third_always) KEEP_THIRD_AGREEING();
      const uint64_t blocks[4] = {BITS(m0), BITS(m1), BITS(m2), BITS(m3)};
      if (short_key) {
        PACK_WORDS(words, blocks[0], blocks[1], blocks[2], blocks[3]);
#if WIDTH == 32
        // A step of a keyword that is not crowded mostly holds one candidate: two lanes a
        // pass over both words, the best balance of one lane and four. A crowded keyword's
        // words mostly hold none, one or two: one lane a word (see write_short_single). A
        // packed one's keep four lanes a word.
        if (!crowded) {
          found = write_short_pair(words[0], words[1], start, haystack, key_word, key_mask,
              exact, out, rows, separators[0], separators[1], row, found, 2);
        } else if (crowded < TSB_PACKED) {
          found = write_short_single(words[0], start, haystack, key_word, key_mask, exact, out,
              rows, separators[0], row, found);
          found = write_short_single(words[1], start + 64, haystack, key_word, key_mask, exact,
              out, rows, separators[1], row + (uint32_t)__builtin_popcountll(separators[0]),
              found);
        } else
#endif
        {
          uint32_t word_row = row;
          for (size_t word = 0; word < 4 * WIDTH / 64; word++) {
            found = write_short(words[word], start + word * 64, haystack, key_word, key_mask,
                exact, out, rows, separators[word], word_row, found);
            if (rows) word_row += (uint32_t)__builtin_popcountll(separators[word]);
          }
        }
      } else {
#if COUNT_ROWS
        // Out of line: inlined, this path's registers would crowd the short keys' loop.
        found = write_long(blocks, separators, start, haystack, key, count, out, rows, row,
            found);
#else
        for (size_t block = 0; block < 4; block++) {
          found = write_verified(blocks[block], start + block * WIDTH, haystack, key, count,
              out, NULL, 0, 0, found);
        }
#endif
      }
    }
#ifdef COMPRESS_EMIT
  next_step:
#endif
    if (rows) {
      for (size_t word = 0; word < 4 * WIDTH / 64; word++) {
        row += (uint32_t)__builtin_popcountll(separators[word]);
      }
    }
    start += 4 * WIDTH;
  }
#if QUIET_LOOP
steps_done:
#endif
  SETTLE_ROWS();
#undef SETTLE_ROWS
  // Fewer than 4 × WIDTH starts left: one block a step, then one start a step.
  while (start + WIDTH - 1 <= last) {
    if (capacity - found < 4 * WIDTH) {
      *resume = start;
      if (rows) *scan->row = row;
      return found;
    }
    const uint8_t *at = haystack + start;
    uint64_t bits =
        BITS(AND(EQUAL(LOAD(at + rare), rare_lanes), EQUAL(LOAD(at + second), second_lanes)));
    const uint64_t separators = SEPARATORS(at);
    found = write_verified(bits, start, haystack, key, count, out, rows, separators, row, found);
    row += (uint32_t)__builtin_popcountll(separators);
    start += WIDTH;
  }
  // The tail: fewer than WIDTH starts, at most WIDTH results, which fit.
  if (capacity - found < WIDTH) {
    *resume = start;
    if (rows) *scan->row = row;
    return found;
  }
  for (; start <= last; start++) {
    if (haystack[start + rare] == key[rare] && haystack[start + second] == key[second]
        && verify_key(haystack + start, key, count)) {
      if (rows) rows[found] = row;
      out[found++] = (uint32_t)start;
    }
    row += haystack[start] == 0xFF;
  }
  if (rows) *scan->row = row;
  return found;
}

#undef KEEP_THIRD_AGREEING
#undef PREFETCH_STEP
#undef COMPARE_RAREST
#undef PACK_WORDS
#undef SEPARATORS
#undef KERNEL_NAME
#undef COUNT_ROWS
#undef QUIET_LOOP
