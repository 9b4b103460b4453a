#if defined(__x86_64__)
#include "CScanKernels.h"
#include "../ScanKernelsInternal.h"
#include <immintrin.h>

#define WIDTH 16
#define VECTOR __m128i
#define MASK __m128i
#define SPLAT(byte) _mm_set1_epi8((char)(byte))
#define LOAD(pointer) _mm_loadu_si128((const __m128i *)(pointer))
#define EQUAL(a, b) _mm_cmpeq_epi8((a), (b))
#define AND(a, b) _mm_and_si128((a), (b))
#define OR(a, b) _mm_or_si128((a), (b))
#define BITS(mask) ((uint64_t)(uint32_t)_mm_movemask_epi8(mask))
#define ANY(mask) (_mm_movemask_epi8(mask) != 0)

#define KERNEL_NAME tsb_find_sse2
#define COUNT_ROWS 0
#define QUIET_LOOP 0
#include "../ScanTemplate.h"
#define KERNEL_NAME tsb_find_rows_sse2
#define COUNT_ROWS 1
// Quiet steps in a loop of their own, rows deferred, were slower here.
#define QUIET_LOOP 0
#include "../ScanTemplate.h"

#endif
