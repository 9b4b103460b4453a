#ifndef CEXITCLEANUP_H
#define CEXITCLEANUP_H

// The temporary files a process must not leave behind, kept where a signal handler can
// reach them: an interrupt (SIGINT, SIGTERM, SIGHUP, SIGQUIT) and a trap (SIGILL, SIGSEGV,
// SIGBUS, ...) both remove them before the process ends.

// Adds `path` (copied) to the files removed by tsb_exit_cleanup_run. Returns 0, or -1 when
// the table is full or the path is too long (the caller then removes it itself).
int tsb_exit_cleanup_add(const char *_Nonnull path);

// Forgets `path` (once for each time it was added).
void tsb_exit_cleanup_remove(const char *_Nonnull path);

// Unlinks every file added and not removed. Async-signal-safe: only atomics and unlink.
void tsb_exit_cleanup_run(void);

#endif
