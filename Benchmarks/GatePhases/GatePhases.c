#include "GatePhases.h"

void tsb_gate_phase_end(const char *name) {
  // The empty asm is a side effect the compiler must keep: a call it proved useless and
  // removed would merge two phases.
  __asm__ volatile("" : : "r"(name) : "memory");
}
