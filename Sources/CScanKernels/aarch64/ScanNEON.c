// The scan (ScanTemplate.h) at 16 lanes on arm64's NEON, with and without counting
// rows; steps without a candidate run in a loop of their own, tested with one
// horizontal maximum a step.
#if defined(__aarch64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include "NEONLanes.h"

#define WIDTH 16
#define VECTOR uint8x16_t
#define MASK uint8x16_t
#define SPLAT(byte) vdupq_n_u8((uint8_t)(byte))
#define LOAD(pointer) vld1q_u8((const uint8_t *)(pointer))
#define EQUAL(a, b) vceqq_u8((a), (b))
#define AND(a, b) vandq_u8((a), (b))
#define OR(a, b) vorrq_u8((a), (b))
#define BITS(mask) neon_lane_bits(mask)
#define ANY(mask) neon_any(mask)
// See SETTLE_MASKS in ScanTemplate.h: an empty statement the compiler cannot see through.
#define SETTLE_MASKS() __asm__("" : "+w"(m0), "+w"(m1), "+w"(m2), "+w"(m3))

// The separators in a step's four blocks (each mask lane 0 or 0xFF, so 0 - lane is 0 or
// 1), widened into a tally of two 64-bit lanes, and the tally's sum.
#define TALLY_SEPARATORS(tally, s0, s1, s2, s3)                                            \
  vreinterpretq_u8_u64(vaddq_u64(vreinterpretq_u64_u8(tally),                              \
      vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vsubq_u8(                                         \
          vdupq_n_u8(0), vaddq_u8(vaddq_u8((s0), (s1)), vaddq_u8((s2), (s3)))))))))
#define TALLY_TOTAL(tally) vaddvq_u64(vreinterpretq_u64_u8(tally))

#define KERNEL_NAME tsb_find_neon
#define COUNT_ROWS 0
#define QUIET_LOOP 1
#include "../ScanTemplate.h"
#define KERNEL_NAME tsb_find_rows_neon
#define COUNT_ROWS 1
#define QUIET_LOOP 1
#include "../ScanTemplate.h"

#endif
