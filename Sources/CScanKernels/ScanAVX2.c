#if defined(__x86_64__)
#include "CScanKernels.h"
#include "ScanKernelsInternal.h"
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2,bmi,popcnt"))), apply_to = function)

#define KERNEL_NAME tsb_find_avx2
#define WIDTH 32
#define VECTOR __m256i
#define SPLAT(byte) _mm256_set1_epi8((char)(byte))
#define LOAD(pointer) _mm256_loadu_si256((const __m256i *)(pointer))
#define EQUAL_BITS(a, b) ((uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8((a), (b))))

#include "ScanTemplate.h"

#pragma clang attribute pop
#endif
