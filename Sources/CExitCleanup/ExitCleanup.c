#include "CExitCleanup.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// A command has a handful of temporary files open at once (an output and a scratch copy);
// 32 leaves room for a harness writing many reports.
enum { slots = 32 };
enum { free_slot = 0, ready_slot = 1 };

static char paths[slots][PATH_MAX];
// A handler reads a slot only while it is ready; a slot is filled before it is published.
static _Atomic int states[slots];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int tsb_exit_cleanup_add(const char *path) {
  size_t length = strlen(path);
  if (length >= PATH_MAX) return -1;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < slots; i++) {
    if (atomic_load(&states[i]) == free_slot) {
      memcpy(paths[i], path, length + 1);
      atomic_store(&states[i], ready_slot);
      pthread_mutex_unlock(&lock);
      return 0;
    }
  }
  pthread_mutex_unlock(&lock);
  return -1;
}

void tsb_exit_cleanup_remove(const char *path) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < slots; i++) {
    if (atomic_load(&states[i]) == ready_slot && strcmp(paths[i], path) == 0) {
      atomic_store(&states[i], free_slot);
      break;
    }
  }
  pthread_mutex_unlock(&lock);
}

void tsb_exit_cleanup_run(void) {
  for (int i = 0; i < slots; i++) {
    if (atomic_exchange(&states[i], free_slot) == ready_slot) unlink(paths[i]);
  }
}
