// The C scan kernels held to a plain C reference, built for this machine or for arm64
// (run under qemu-aarch64 by Scripts/test-kernels.sh, `make test-arm64`): every kernel
// tsb_kernel_supported accepts, through the functions the Swift side calls (tsb_find with
// and without rows, tsb_find_each, tsb_filter_following), on random and adversarial
// inputs. Each haystack ends against a page the process may not read, so a kernel that
// reads one byte past the end faults. Prints one line per kernel and exits 1 on the
// first disagreement, naming the case.
//
//   kernel-harness [ROUNDS]   (default 300 random rounds a kernel and function)
#define _DEFAULT_SOURCE  // mmap's MAP_ANONYMOUS
#include "CScanKernels.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *const kernel_names[] = {"", "sse2", "avx2", "avx512", "neon"};

// SplitMix64: the same cases on every architecture.
static uint64_t state = 0x5EED;
static uint64_t next(void) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static size_t below(size_t bound) { return bound == 0 ? 0 : (size_t)(next() % bound); }

static int failures = 0;
#define FAIL(...)                 \
  do {                            \
    fprintf(stderr, __VA_ARGS__); \
    fputc('\n', stderr);          \
    failures++;                   \
    return;                       \
  } while (0)

// A buffer of `size` bytes whose last byte is the last before a page that faults.
typedef struct {
  uint8_t *mapping;
  size_t mapped;
  uint8_t *bytes;
} guarded;

static guarded guarded_alloc(size_t size) {
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  const size_t pages = (size + page - 1) / page + 1;
  guarded g;
  g.mapped = (pages + 1) * page;
  g.mapping = mmap(NULL, g.mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (g.mapping == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  uint8_t *guard = g.mapping + pages * page;
  if (mprotect(guard, page, PROT_NONE) != 0) {
    perror("mprotect");
    exit(2);
  }
  g.bytes = guard - size;
  return g;
}

static void guarded_free(guarded g) { munmap(g.mapping, g.mapped); }

// Alphabets: few symbols give candidates in every lane; high bytes and separators (0xFF,
// which no key holds) everywhere.
static const uint8_t alphabets[][8] = {
    {'a', 'b', 'a', 'b', 'a', 'b', 'a', 0xFF},
    {'a', 'b', 0xC3, 0xA9, ' ', 0xFF, 'e', 'a'},
    {0xE4, 0xB8, 0xAD, 0x80, 0xBF, 0xFF, 0xE0, 0x81},
    {'t', 'h', 'e', ' ', 'q', 'z', 0xFF, 'x'},
};

static void fill(uint8_t *bytes, size_t size, int alphabet, int separators) {
  for (size_t i = 0; i < size; i++) {
    bytes[i] = alphabets[alphabet][below(8)];
    if (!separators && bytes[i] == 0xFF) bytes[i] = 'c';
  }
}

// ---- tsb_find --------------------------------------------------------------------------

static size_t reference_find(const tsb_scan *scan, uint32_t *out, uint32_t *rows, uint32_t row) {
  size_t found = 0;
  if (scan->key_count == 0 || scan->end < scan->key_count) return 0;
  for (size_t p = 0; p + scan->key_count <= scan->end; p++) {
    if (p >= scan->from && memcmp(scan->haystack + p, scan->key, scan->key_count) == 0) {
      rows[found] = row;
      out[found++] = (uint32_t)p;
    }
    if (p >= scan->from && scan->haystack[p] == 0xFF) row++;
  }
  return found;
}

// Runs the kernel as the Swift side does (ScanKernel.forEachBatch): batch after batch,
// resuming where it stopped, the row carried from each to the next.
static size_t kernel_find(tsb_kernel kernel, tsb_scan scan, int with_rows, size_t capacity,
    uint32_t *out, uint32_t *rows, uint32_t first_row) {
  uint32_t *batch = malloc(capacity * sizeof *batch);
  uint32_t *batch_rows = malloc(capacity * sizeof *batch_rows);
  uint32_t row = first_row;
  size_t total = 0;
  for (;;) {
    size_t resume = 0;
    scan.rows = with_rows ? batch_rows : NULL;
    scan.row = with_rows ? &row : NULL;
    const size_t found = tsb_find(kernel, &scan, batch, capacity, &resume);
    memcpy(out + total, batch, found * sizeof *batch);
    if (with_rows) memcpy(rows + total, batch_rows, found * sizeof *batch_rows);
    total += found;
    if (resume >= scan.end) break;
    if (resume < scan.from || (found == 0 && resume == scan.from)) {
      fprintf(stderr, "%s tsb_find: resumes at %zu from %zu with %zu found: no progress\n",
          kernel_names[kernel], resume, scan.from, found);
      failures++;
      break;
    }
    scan.from = resume;
  }
  free(batch);
  free(batch_rows);
  return total;
}

static void check_find(tsb_kernel kernel, const uint8_t *haystack, size_t size, size_t from,
    const uint8_t *key, size_t count, size_t capacity, const char *what) {
  tsb_scan scan = {0};
  scan.haystack = haystack;
  scan.from = from;
  scan.end = size;
  scan.key = key;
  scan.key_count = count;
  scan.rare = below(count);
  scan.second = below(count);
  scan.third = below(count + 1);
  scan.third_always = (int)below(2);
  scan.dense = (int)below(2);
  scan.crowded = (int)below(3);
  scan.prefetch = below(2) ? 256 : 0;
  const uint32_t first_row = (uint32_t)below(1000);
  const size_t room = size + 1;
  uint32_t *expected = malloc(room * sizeof *expected), *expected_rows = malloc(room * 4);
  uint32_t *got = malloc((room + capacity) * 4), *got_rows = malloc((room + capacity) * 4);
  const size_t want = reference_find(&scan, expected, expected_rows, first_row);
  for (int with_rows = 0; with_rows < 2; with_rows++) {
    const size_t have =
        kernel_find(kernel, scan, with_rows, capacity, got, got_rows, first_row);
    int same = have == want && memcmp(got, expected, want * 4) == 0;
    if (same && with_rows) same = memcmp(got_rows, expected_rows, want * 4) == 0;
    if (!same) {
      size_t at = 0;
      while (at < want && at < have && got[at] == expected[at]
          && (!with_rows || got_rows[at] == expected_rows[at])) {
        at++;
      }
      fprintf(stderr,
          "%s tsb_find%s (%s): size %zu from %zu key %zu bytes (rare %zu second %zu third %zu "
          "always %d dense %d crowded %d prefetch %zu) capacity %zu: %zu found, %zu expected; "
          "first difference at result %zu (got %u row %u, expected %u row %u)\n",
          kernel_names[kernel], with_rows ? " with rows" : "", what, size, from, count, scan.rare,
          scan.second, scan.third, scan.third_always, scan.dense, scan.crowded, scan.prefetch,
          capacity, have, want, at, at < have ? got[at] : 0, at < have && with_rows ? got_rows[at] : 0,
          at < want ? expected[at] : 0, at < want && with_rows ? expected_rows[at] : 0);
      failures++;
      break;
    }
  }
  free(expected);
  free(expected_rows);
  free(got);
  free(got_rows);
}

static void test_find(tsb_kernel kernel, int rounds) {
  uint8_t key[64];
  // Every length 0-300 and every alignment of the start, a key from the text (matches at
  // the first and the last byte too).
  for (size_t size = 0; size <= 300; size++) {
    guarded g = guarded_alloc(size);
    fill(g.bytes, size, (int)(size % 4), 1);
    for (size_t count = 1; count <= 9 && count <= size; count += 4) {
      const size_t place = size % 3 == 0 ? 0 : size % 3 == 1 ? size - count : below(size - count + 1);
      memcpy(key, g.bytes + place, count);
      int has_separator = memchr(key, 0xFF, count) != NULL;
      if (has_separator) continue;
      check_find(kernel, g.bytes, size, size % 64 < size ? size % 64 : 0, key, count, 512,
          "every length");
    }
    guarded_free(g);
  }
  // Random: large texts, keys of 1-64 bytes, small batches.
  for (int round = 0; round < rounds; round++) {
    const size_t size = below(4) == 0 ? 20000 + below(50000) : below(3000);
    guarded g = guarded_alloc(size);
    const int alphabet = (int)below(4);
    fill(g.bytes, size, alphabet, 1);
    const size_t count = 1 + (below(3) == 0 ? below(64) : below(8));
    if (count > size) {
      guarded_free(g);
      continue;
    }
    memcpy(key, g.bytes + below(size - count + 1), count);
    for (size_t i = 0; i < count; i++) {
      if (key[i] == 0xFF) key[i] = alphabets[alphabet][0] == 0xFF ? 'a' : alphabets[alphabet][0];
    }
    // Planted at the first and the last place.
    if (below(2)) memcpy(g.bytes, key, count);
    if (below(2)) memcpy(g.bytes + size - count, key, count);
    check_find(kernel, g.bytes, size, below(64) % size, key, count,
        below(2) ? 512 : 1024, "random");
    guarded_free(g);
  }
}

// ---- tsb_find_each ---------------------------------------------------------------------

static void check_find_each(
    tsb_kernel kernel, const uint8_t *haystack, size_t size, const tsb_key *keys, size_t n) {
  const size_t from = size == 0 ? 0 : below(64) % size;
  const size_t to = size - below(size - from + 1);
  size_t room = (size + 1) * n + 1;
  uint64_t *expected = malloc(room * 8), *got = malloc((room + 1024) * 8);
  size_t want = 0;
  for (size_t p = from; p < to; p++) {
    for (size_t k = 0; k < n; k++) {
      if (p + keys[k].count <= size && memcmp(haystack + p, keys[k].bytes, keys[k].count) == 0) {
        expected[want++] = (uint64_t)k << 32 | p;
      }
    }
  }
  tsb_multi_scan scan = {haystack, from, to, size, keys, n};
  size_t have = 0;
  const size_t capacity = 512;
  uint64_t batch[512];
  for (;;) {
    size_t resume = 0;
    const size_t found = tsb_find_each(kernel, &scan, batch, capacity, &resume);
    memcpy(got + have, batch, found * 8);
    have += found;
    if (resume >= scan.to) break;
    if (resume < scan.from || (found == 0 && resume == scan.from)) {
      fprintf(stderr, "%s tsb_find_each: resumes at %zu from %zu with %zu found: no progress\n",
          kernel_names[kernel], resume, scan.from, found);
      failures++;
      break;
    }
    scan.from = resume;
  }
  if (have != want || memcmp(got, expected, want * 8) != 0) {
    fprintf(stderr, "%s tsb_find_each: size %zu from %zu to %zu, %zu keys: %zu found, %zu expected\n",
        kernel_names[kernel], size, from, to, n, have, want);
    failures++;
  }
  free(expected);
  free(got);
}

static void test_find_each(tsb_kernel kernel, int rounds) {
  uint8_t key_bytes[8][64];
  tsb_key keys[8];
  for (int round = 0; round < rounds + 300; round++) {
    const size_t size = round < 300 ? (size_t)round : below(4) == 0 ? 10000 + below(30000) : below(2000);
    guarded g = guarded_alloc(size);
    const int alphabet = (int)below(4);
    fill(g.bytes, size, alphabet, 1);
    const size_t n = 1 + below(8);
    for (size_t k = 0; k < n; k++) {
      const size_t count = 1 + (below(4) == 0 ? below(40) : below(7));
      for (size_t i = 0; i < count; i++) {
        key_bytes[k][i] = size >= count && below(3) ? g.bytes[below(size - count + 1) + 0] : alphabets[alphabet][below(8)];
      }
      if (size >= count && below(2)) memcpy(key_bytes[k], g.bytes + below(size - count + 1), count);
      keys[k].bytes = key_bytes[k];
      keys[k].count = count;
    }
    if (size > 0 && below(2)) {
      const size_t count = keys[0].count <= size ? keys[0].count : 0;
      memcpy(g.bytes + size - count, keys[0].bytes, count);
    }
    check_find_each(kernel, g.bytes, size, keys, n);
    guarded_free(g);
  }
}

// ---- tsb_filter_following --------------------------------------------------------------

static void test_filter(tsb_kernel kernel, int rounds) {
  for (int round = 0; round < rounds + 300; round++) {
    const size_t count = round < 300 ? (size_t)round : below(5000);
    guarded g = guarded_alloc(count * 2);
    uint16_t *following = (uint16_t *)(void *)g.bytes;  // 2-byte aligned: the size is even
    const uint16_t mask = below(2) ? 0xFFFF : below(2) ? 0x00FF : (uint16_t)next();
    const uint16_t wanted = (uint16_t)(next() & mask & (below(2) ? 0x0303 : 0xFFFF));
    for (size_t i = 0; i < count; i++) {
      following[i] = below(3) == 0 ? wanted : (uint16_t)(next() & 0x0707);
    }
    uint32_t *expected = malloc((count + 1) * 4), *got = malloc((count + 1) * 4);
    size_t want = 0;
    for (size_t i = 0; i < count; i++) {
      if ((following[i] & mask) == wanted) expected[want++] = (uint32_t)i;
    }
    const size_t have = tsb_filter_following(kernel, following, count, mask, wanted, got);
    if (have != want || memcmp(got, expected, want * 4) != 0) {
      fprintf(stderr, "%s tsb_filter_following: %zu places, mask %04x wanted %04x: %zu found, %zu expected\n",
          kernel_names[kernel], count, mask, wanted, have, want);
      failures++;
    }
    free(expected);
    free(got);
    guarded_free(g);
  }
}

// What the Swift side's ScanKernel.available is made of: this architecture's kernels and
// no other's (on arm64, neon, with its search for several keys).
static void check_architecture(void) {
#if defined(__aarch64__)
  if (!tsb_kernel_supported(TSB_KERNEL_NEON) || !tsb_find_each_supported(TSB_KERNEL_NEON)) {
    fprintf(stderr, "kernel-harness: arm64 does not offer the neon kernel\n");
    failures++;
  }
  for (int kernel = TSB_KERNEL_SSE2; kernel <= TSB_KERNEL_AVX512BW; kernel++) {
    if (tsb_kernel_supported((tsb_kernel)kernel)) {
      fprintf(stderr, "kernel-harness: arm64 offers %s\n", kernel_names[kernel]);
      failures++;
    }
  }
#elif defined(__x86_64__)
  if (!tsb_kernel_supported(TSB_KERNEL_SSE2) || tsb_kernel_supported(TSB_KERNEL_NEON)) {
    fprintf(stderr, "kernel-harness: x86-64 must offer sse2 and not neon\n");
    failures++;
  }
#endif
}

int main(int argc, char **argv) {
  const int rounds = argc > 1 ? atoi(argv[1]) : 300;
  check_architecture();
  int kernels = 0;
  for (int kernel = TSB_KERNEL_SSE2; kernel <= TSB_KERNEL_NEON; kernel++) {
    if (!tsb_kernel_supported((tsb_kernel)kernel)) continue;
    kernels++;
    const int before = failures;
    test_find((tsb_kernel)kernel, rounds);
    if (tsb_find_each_supported((tsb_kernel)kernel)) test_find_each((tsb_kernel)kernel, rounds);
    test_filter((tsb_kernel)kernel, rounds);
    printf("kernel-harness: %s: %s (char is %s)\n", kernel_names[kernel],
        failures == before ? "agrees with the reference" : "DISAGREES",
        (char)-1 < 0 ? "signed" : "unsigned");
  }
  if (kernels == 0) {
    fprintf(stderr, "kernel-harness: no C kernel runs on this CPU\n");
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
