#if defined(__x86_64__)
#include "CScanKernels.h"
#include "ScanKernelsInternal.h"
#include <immintrin.h>

#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,bmi,popcnt"))), apply_to = function)

#define WIDTH 64
#define VECTOR __m512i
#define MASK __mmask64
#define SPLAT(byte) _mm512_set1_epi8((char)(byte))
#define LOAD(pointer) _mm512_loadu_si512((const void *)(pointer))
#define EQUAL(a, b) _mm512_cmpeq_epi8_mask((a), (b))
#define AND(a, b) ((a) & (b))
#define OR(a, b) ((a) | (b))
#define BITS(mask) ((uint64_t)(mask))
#define ANY(mask) ((mask) != 0)

#define KERNEL_NAME tsb_find_avx512bw
#define COUNT_ROWS 0
#include "ScanTemplate.h"
#define KERNEL_NAME tsb_find_rows_avx512bw
#define COUNT_ROWS 1
#include "ScanTemplate.h"

#pragma clang attribute pop
#endif
