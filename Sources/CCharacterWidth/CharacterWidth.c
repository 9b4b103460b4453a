#define _XOPEN_SOURCE 700
#include "CCharacterWidth.h"

#include <locale.h>
#include <pthread.h>
#include <wchar.h>

static pthread_once_t locale_once = PTHREAD_ONCE_INIT;

/* wcwidth reads LC_CTYPE: C.UTF-8, which glibc always has, else the usual UTF-8 locale. */
static void set_utf8_locale(void) {
  if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "en_US.UTF-8");
}

int tsb_character_width(uint32_t scalar) {
  pthread_once(&locale_once, set_utf8_locale);
  return wcwidth((wchar_t)scalar);
}
