// Several keys in one pass (FindEachTemplate.h) at 32 lanes: AVX2's byte shuffle looks
// up the nibble tables, each broadcast to both 128-bit halves.
#if defined(__x86_64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2,bmi,popcnt"))), apply_to = function)

#define FIND_EACH_NAME tsb_find_each_avx2
#define WIDTH 32
#define VECTOR __m256i
#define LOAD(pointer) _mm256_loadu_si256((const __m256i *)(pointer))
#define STORE(pointer, vector) _mm256_storeu_si256((__m256i *)(pointer), (vector))
#define SPLAT(byte) _mm256_set1_epi8((char)(byte))
#define AND(a, b) _mm256_and_si256((a), (b))
#define OR(a, b) _mm256_or_si256((a), (b))
#define EQUAL(a, b) _mm256_cmpeq_epi8((a), (b))
#define BITS(mask) ((uint64_t)(uint32_t)_mm256_movemask_epi8(mask))
#define IS_ZERO(vector) _mm256_testz_si256((vector), (vector))
#define NIBBLE_TABLE(bytes) \
  _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(bytes)))
#define LOOKUP(table, nibbles) _mm256_shuffle_epi8((table), (nibbles))
#define HIGH_NIBBLES(vector) _mm256_and_si256(_mm256_srli_epi16((vector), 4), SPLAT(0x0F))
#include "../FindEachTemplate.h"

#pragma clang attribute pop
#endif
