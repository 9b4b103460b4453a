// Applies TSB_SCAN_KERNEL to a test binary before any test runs, as the tsbench command
// line does at launch: `TSB_SCAN_KERNEL=portable swift test` runs every search, fold and
// import of the tests on the portable code. The library itself reads no environment.
#include "KernelLimitFromEnvironment.h"

#include <CScanKernels.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((constructor)) static void apply_kernel_limit(void) {
  const char *name = getenv("TSB_SCAN_KERNEL");
  if (name == NULL) return;
  static const char *const names[] = {"portable", "sse2", "avx2", "avx512", "neon"};
  for (int width = 0; width < 5; width++) {
    if (strcmp(name, names[width]) != 0) continue;
    if (width == 0 || tsb_kernel_supported((tsb_kernel)width)) {
      tsb_set_automatic_limit(width);
      return;
    }
  }
  fprintf(stderr, "TSB_SCAN_KERNEL=%s is not a kernel this CPU runs\n", name);
  exit(2);
}
