#ifndef C_JSON_SCAN_H
#define C_JSON_SCAN_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU (and this build) runs `tsb_json_plain_run_avx2`: x86-64 with AVX2.
int tsb_json_avx2_supported(void);

/// The first offset from `start` in `bytes[0..<count]` holding a quote, a backslash or a
/// byte below 0x20 (what a JSON string ends at or must escape), or `count`: 32 bytes a
/// step. Only call it where `tsb_json_avx2_supported()` says it runs.
size_t tsb_json_plain_run_avx2(const uint8_t *bytes, size_t count, size_t start);

#endif
