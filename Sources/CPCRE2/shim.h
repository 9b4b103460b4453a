// PCRE2's 8-bit library (Debian: libpcre2-dev); its functions end in _8.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
