// What NEON lacks beside x86's vectors: a byte movemask. NEON is the arm64 baseline, so
// these kernels need no run-time detection.
#ifndef NEON_LANES_H
#define NEON_LANES_H
#include <arm_neon.h>
#include <stdint.h>

// A uint64_t with bit i set where lane i of `mask` (each lane 0 or 0xFF) is set: each
// lane keeps its own bit of a byte, and each half's bytes are summed into one.
static inline __attribute__((always_inline)) uint64_t neon_lane_bits(uint8x16_t mask) {
  static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t kept = vandq_u8(mask, vld1q_u8(weights));
  return (uint64_t)vaddv_u8(vget_low_u8(kept)) | (uint64_t)vaddv_u8(vget_high_u8(kept)) << 8;
}

// Whether any lane of `vector` is not zero: one horizontal maximum, as memchr's NEON
// kernel tests a block, without building its mask.
static inline __attribute__((always_inline)) int neon_any(uint8x16_t vector) {
  return vmaxvq_u8(vector) != 0;
}
#endif
