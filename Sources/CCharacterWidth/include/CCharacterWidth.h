#ifndef CCHARACTER_WIDTH_H
#define CCHARACTER_WIDTH_H

#include <stdint.h>

/// The columns a terminal gives `scalar`: the C library's wcwidth under a UTF-8 locale
/// (set once for LC_CTYPE by the first call); -1 for a character that is not printable.
int tsb_character_width(uint32_t scalar);

#endif
