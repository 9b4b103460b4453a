#include "CCrashContext.h"

#include "CExitCleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { capacity = 1024 };

// Two buffers, so a handler never reads one half written: the setter fills the one not
// published, then publishes it.
static char buffers[2][capacity];
static _Atomic int published = -1;
static char prefix_text[256];

static void write_all(const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(STDERR_FILENO, text, length);
    if (written <= 0) return;
    text += written;
    length -= (size_t)written;
  }
}

static void on_trap(int signal_number) {
  int index = atomic_load(&published);
  if (index >= 0 && buffers[index][0] != 0) {
    write_all("\n", 1);
    write_all(prefix_text, strlen(prefix_text));
    write_all(buffers[index], strnlen(buffers[index], capacity));
    write_all("\n", 1);
  }
  // A trap must not leave a temporary copy of a user's data behind.
  tsb_exit_cleanup_run();
  // The default action: the process ends as the trap would have ended it.
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void tsb_crash_context_install(const char *prefix) {
  strncpy(prefix_text, prefix, sizeof prefix_text - 1);
  const int signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
  for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_trap;
    sigemptyset(&action.sa_mask);
    // Resets to the default action on entry, so a trap inside the handler ends the process.
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigaction(signals[i], &action, NULL);
  }
}

void tsb_crash_context_set(const char *context) {
  int next = atomic_load(&published) == 0 ? 1 : 0;
  strncpy(buffers[next], context, capacity - 1);
  buffers[next][capacity - 1] = 0;
  atomic_store(&published, next);
}
