#ifndef CCRASHCONTEXT_H
#define CCRASHCONTEXT_H

// What the harness is running, printed if the process traps: a strategy that crashes ends
// the run, and this names it and the keyword it was searching.

// Installs handlers for the signals a trap raises (SIGILL, SIGTRAP, SIGSEGV, SIGBUS,
// SIGFPE, SIGABRT). Each prints "<prefix><context>\n" to standard error, removes the
// temporary files registered with CExitCleanup, then lets the signal end the process as
// it would have.
void tsb_crash_context_install(const char *_Nonnull prefix);

// Sets the context (copied; at most 1 KiB is kept). An empty text prints nothing.
void tsb_crash_context_set(const char *_Nonnull context);

#endif
