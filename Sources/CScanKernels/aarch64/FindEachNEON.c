// Several keys in one pass (FindEachTemplate.h) at 16 lanes on arm64's NEON: a table
// look-up (TBL) per nibble, four vectors a step.
#if defined(__aarch64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include "NEONLanes.h"

#define FIND_EACH_NAME tsb_find_each_neon
#define WIDTH 16
#define VECTOR uint8x16_t
#define LOAD(pointer) vld1q_u8((const uint8_t *)(pointer))
#define STORE(pointer, vector) vst1q_u8((uint8_t *)(pointer), (vector))
#define SPLAT(byte) vdupq_n_u8((uint8_t)(byte))
#define AND(a, b) vandq_u8((a), (b))
#define OR(a, b) vorrq_u8((a), (b))
#define EQUAL(a, b) vceqq_u8((a), (b))
#define BITS(mask) neon_lane_bits(mask)
#define IS_ZERO(vector) (!neon_any(vector))
#define NIBBLE_TABLE(bytes) vld1q_u8((const uint8_t *)(bytes))
#define LOOKUP(table, nibbles) vqtbl1q_u8((table), (nibbles))
#define HIGH_NIBBLES(vector) vshrq_n_u8((vector), 4)
#include "../FindEachTemplate.h"

#endif
