// The narrowing filter (FilterTemplate.h) at 8 places a vector on arm64's NEON: the two
// vectors' 16-bit results narrow to one vector of bytes, one bit each.
#if defined(__aarch64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include "NEONLanes.h"

#define FILTER_NAME tsb_filter_neon
#define LANES 8
#define VECTOR uint16x8_t
#define SPLAT(value) vdupq_n_u16((uint16_t)(value))
#define LOAD(pointer) vld1q_u16((const uint16_t *)(pointer))
#define AND(a, b) vandq_u16((a), (b))
#define EQUAL(a, b) vceqq_u16((a), (b))
#define PLACE_BITS(low, high) \
  ((unsigned)neon_lane_bits(vcombine_u8(vmovn_u16(low), vmovn_u16(high))))
#include "../FilterTemplate.h"

#endif
