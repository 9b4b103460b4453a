#ifndef C_SCAN_KERNELS_H
#define C_SCAN_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The vector kernels this target offers: x86-64's narrowest first, then arm64's. The
/// portable kernel is written in Swift beside this target. TSB_KERNEL_AVX512BW needs
/// AVX-512 BW, VL and VBMI2 (Ice Lake, Zen 4 and later); TSB_KERNEL_NEON runs on every
/// arm64 CPU. A build runs only its own architecture's kernels (`tsb_kernel_supported`);
/// a function given another traps, never answers as if nothing matched.
typedef enum {
  TSB_KERNEL_SSE2 = 1,
  TSB_KERNEL_AVX2 = 2,
  TSB_KERNEL_AVX512BW = 3,
  TSB_KERNEL_NEON = 4,
} tsb_kernel;

/// `tsb_automatic_limit` when no limit is set: above every kernel.
#define TSB_KERNEL_UNLIMITED 255

/// The `crowded` of a key expected to hold 1.6 candidates or more in a word of 64
/// starts (see `tsb_scan`).
#define TSB_PACKED 2

/// What one search asks a kernel for: every start p with from ≤ p and p + key_count ≤
/// end where the key's bytes occur at p. `rare` and `second` are offsets in the key of
/// the bytes compared first (the rarest by the corpus's histogram); `third`, unless it
/// equals `rare`, the offset of a byte compared next, before the whole key is: where
/// the first two agree, or with them for every start if `third_always` (for a pair
/// expected to agree often). With `dense` (candidates expected in most steps), a kernel
/// writes each step's candidates without first asking whether it has any, a branch it
/// would mispredict in about every other step. With `crowded` (several candidates
/// expected in many steps), the AVX2 kernel writes each word of a step's candidates one
/// at a time, or four at a time where `crowded` is `TSB_PACKED` (1.6 or more
/// expected in a word of 64 starts), and without `crowded` two at a time over both of
/// its words; the AVX-512 kernel compares every byte of a key of up to 16 and writes the
/// places it keeps with VBMI2's compress, and scans every other key at 64 lanes, or
/// hands it to the AVX2 kernel where `tsb_avx512_scans_every_key` says no.
///
/// With `rows` (else NULL), each start written to `out` also gets its row in `rows`, at
/// the same index: `*row` (the row holding `from`) plus the row separators (0xFF, a
/// byte no key holds) from `from` up to the start. On return `*row` is the row holding
/// `*resume`, so a search resumes with it. Counting as it scans costs the kernel a
/// compare a vector, where a row search after it costs one per start.
///
/// With `prefetch` (else 0), each step first asks for the haystack that many bytes
/// ahead with software prefetches (see `tsb_scan_prefetch_distance`); the results are
/// the same.
typedef struct {
  const uint8_t *haystack;
  size_t from;
  size_t end;
  const uint8_t *key;
  size_t key_count;
  size_t rare;
  size_t second;
  size_t third;
  int third_always;
  int dense;
  /// 0, 1 (crowded) or `TSB_PACKED` (crowded, 1.6 candidates a word or more).
  int crowded;
  uint32_t *rows;
  uint32_t *row;
  size_t prefetch;
} tsb_scan;

/// Whether this CPU (and this build) can run `kernel`.
int tsb_kernel_supported(tsb_kernel kernel);

/// The widest kernel an automatic choice may make, for the whole process: 0 for the
/// portable Swift loop, else a `tsb_kernel` (`TSB_KERNEL_UNLIMITED` when unlimited).
/// Kept here rather than in Swift so that a test binary can set it before any Swift runs.
int tsb_automatic_limit(void);

/// Sets what `tsb_automatic_limit` returns.
void tsb_set_automatic_limit(int widest);

/// Whether the AVX-512 kernel scans every key itself on this CPU, rather than crowded
/// keys only: everywhere it runs but on AMD's cores, whose Zen 4 splits 512-bit
/// operations in two (there 64 lanes were slower on sparse keys than 32; on an Intel
/// Xeon, faster).
int tsb_avx512_scans_every_key(void);

/// How far ahead a scan prefetches on this CPU: 4,096 bytes; 2,048 on AMD's cores before
/// Zen 4; 0 (none) on AMD's cores with AVX-512 (Zen 4 on). On an Intel Xeon the hardware
/// prefetcher alone does not keep a scan at memory speed; on AMD's Zen 3, 2,048 bytes
/// ahead was the best compromise between absent and frequent keywords; on AMD's Zen 4,
/// no distance helped.
size_t tsb_scan_prefetch_distance(void);

/// Finds occurrences of the key in order, writing their starts to `out`, and returns how
/// many it wrote. It stops early when `out` could overflow on the next step; `*resume` is
/// then where to continue (set `scan->from` to it), else `scan->end`.
///
/// `capacity` must be at least 512 (the AVX-512 kernel stops 264 places short of it).
/// Occurrences may overlap. `kernel` must be one
/// `tsb_kernel_supported` accepts.
size_t tsb_find(
    tsb_kernel kernel, const tsb_scan *scan, uint32_t *out, size_t capacity, size_t *resume);

/// One key of a search for several at once.
typedef struct {
  const uint8_t *bytes;
  size_t count;
} tsb_key;

/// What a search for several keys asks for: for each key k (at most 8), every start p
/// with from ≤ p < to and p + count ≤ end where key k's bytes occur at p. It prefetches
/// as far ahead as `tsb_scan_prefetch_distance` says.
typedef struct {
  const uint8_t *haystack;
  size_t from;
  size_t to;
  size_t end;
  const tsb_key *keys;
  size_t key_count;
} tsb_multi_scan;

/// Whether `kernel` has a search for several keys in one pass on this CPU (the AVX2,
/// AVX-512 and NEON kernels do; SSE2 searches key by key).
int tsb_find_each_supported(tsb_kernel kernel);

/// Finds the occurrences of every key in one pass, writing `k << 32 | start` for each,
/// by start and then by key, and returns how many it wrote. It stops early when `out`
/// could overflow on the next step; `*resume` is then where to continue (set
/// `scan->from` to it), else `scan->to`.
///
/// `capacity` must be at least 512. Occurrences may overlap.
size_t tsb_find_each(tsb_kernel kernel, const tsb_multi_scan *scan, uint64_t *out,
    size_t capacity, size_t *resume);

/// The indices of the places whose two following bytes (`following[i]`, the byte after
/// the place in the low half) satisfy `(following[i] & mask) == wanted`, written to
/// `out` in order; returns how many it wrote. `out` must have room for `count`.
/// `kernel` must be one `tsb_kernel_supported` accepts (each has a filter).
size_t tsb_filter_following(tsb_kernel kernel, const uint16_t *following, size_t count,
    uint16_t mask, uint16_t wanted, uint32_t *out);

/// Asks the CPU to bring the line holding `address` into its caches, without waiting
/// for it and without faulting, whatever the address.
static inline void tsb_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
