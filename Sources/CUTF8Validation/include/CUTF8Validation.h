#ifndef C_UTF8_VALIDATION_H
#define C_UTF8_VALIDATION_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU (and this build) runs the AVX2 validator: x86-64 with AVX2.
int tsb_utf8_avx2_supported(void);

/// Whether `bytes[0..<count]` is well-formed UTF-8 (the Unicode Standard, Table 3-7), 32
/// bytes a step. Only call it where `tsb_utf8_avx2_supported()` says it runs.
int tsb_utf8_is_valid_avx2(const uint8_t *bytes, size_t count);

#endif
