#ifndef GATEPHASES_H
#define GATEPHASES_H

// The gate workload calls this at the end of each of its phases. Under callgrind,
// `--dump-before=tsb_gate_phase_end` then writes one profile part per phase, so each
// phase's instructions, allocations and functions are counted apart. Outside valgrind
// it does nothing.
void tsb_gate_phase_end(const char *_Nonnull name);

#endif
