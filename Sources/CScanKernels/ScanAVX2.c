#if defined(__x86_64__)
#include "CScanKernels.h"
#include "ScanKernelsInternal.h"
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx2,bmi,popcnt"))), apply_to = function)

#define WIDTH 32
#define VECTOR __m256i
#define MASK __m256i
#define SPLAT(byte) _mm256_set1_epi8((char)(byte))
#define LOAD(pointer) _mm256_loadu_si256((const __m256i *)(pointer))
#define EQUAL(a, b) _mm256_cmpeq_epi8((a), (b))
#define AND(a, b) _mm256_and_si256((a), (b))
#define OR(a, b) _mm256_or_si256((a), (b))
#define BITS(mask) ((uint64_t)(uint32_t)_mm256_movemask_epi8(mask))
#define ANY(mask) (!_mm256_testz_si256((mask), (mask)))

#define KERNEL_NAME tsb_find_avx2
#define COUNT_ROWS 0
#include "ScanTemplate.h"
#define KERNEL_NAME tsb_find_rows_avx2
#define COUNT_ROWS 1
#include "ScanTemplate.h"

#pragma clang attribute pop
#endif
