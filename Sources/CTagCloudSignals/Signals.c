#include "TagCloudSignals.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { slot_count = 64, folder_count = 64 };

/// Each slot: the thread that holds it (0 when free) and its temporary's path (a `strdup` copy).
static _Atomic(uintptr_t) slot_owner[slot_count];
static _Atomic(char *) slot_path[slot_count];
/// The folders the run made, in the order made.
static _Atomic(char *) folder_path[folder_count];
/// Threads inside the creating section, and whether a signal is ending the process.
static atomic_int creating;
static atomic_bool ending;
static atomic_bool progress_line_open;

static void handle(int number) {
    atomic_store(&ending, true);
    // A thread inside (creating a temporary's name, or putting a group of outputs in place)
    // finishes first; at most two seconds, so that a stuck file system cannot keep the process.
    struct timespec step = {0, 1000000};
    for (int waited = 0; waited < 2000 && atomic_load(&creating) > 0; waited++) nanosleep(&step, NULL);
    if (atomic_load(&progress_line_open)) {
        static const char clear[] = "\r\033[K";
        ssize_t ignored = write(2, clear, sizeof clear - 1);
        (void)ignored;
    }
    for (int index = 0; index < slot_count; index++) {
        char *path = atomic_load(&slot_path[index]);
        if (path) unlink(path);
    }
    for (int index = folder_count - 1; index >= 0; index--) {
        char *path = atomic_load(&folder_path[index]);
        if (path) rmdir(path);
    }
    signal(number, SIG_DFL);
    raise(number);
}

void tagcloud_signals_install(void) {
    static const int numbers[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        if (signal(numbers[index], SIG_IGN) != SIG_IGN) signal(numbers[index], handle);
    }
}

static int own_slot(void) {
    uintptr_t thread = (uintptr_t)pthread_self();
    for (int index = 0; index < slot_count; index++) {
        if (atomic_load(&slot_owner[index]) == thread) return index;
    }
    return -1;
}

void tagcloud_signals_register_temporary(const char *path) {
    int index = own_slot();
    if (index < 0) {
        uintptr_t thread = (uintptr_t)pthread_self();
        for (int candidate = 0; candidate < slot_count && index < 0; candidate++) {
            uintptr_t expected = 0;
            if (atomic_compare_exchange_strong(&slot_owner[candidate], &expected, thread)) index = candidate;
        }
        if (index < 0) return;
    }
    free(atomic_exchange(&slot_path[index], strdup(path)));
}

void tagcloud_signals_unregister_temporary(void) {
    int index = own_slot();
    if (index < 0) return;
    free(atomic_exchange(&slot_path[index], NULL));
    atomic_store(&slot_owner[index], 0);
}

/// A slot held by no thread, for temporaries a thread keeps several of (a group of outputs):
/// `pthread_self` is never 1, so `own_slot` never finds it.
static const uintptr_t detached_owner = 1;

int tagcloud_signals_add_temporary(const char *path) {
    char *copy = strdup(path);
    if (!copy) return -1;
    for (int index = 0; index < slot_count; index++) {
        uintptr_t expected = 0;
        if (atomic_compare_exchange_strong(&slot_owner[index], &expected, detached_owner)) {
            free(atomic_exchange(&slot_path[index], copy));
            return index;
        }
    }
    free(copy);
    return -1;
}

void tagcloud_signals_remove_temporary(int slot) {
    if (slot < 0 || slot >= slot_count || atomic_load(&slot_owner[slot]) != detached_owner) return;
    free(atomic_exchange(&slot_path[slot], NULL));
    atomic_store(&slot_owner[slot], 0);
}

void tagcloud_signals_register_created_folder(const char *path) {
    char *copy = strdup(path);
    if (!copy) return;
    for (int index = 0; index < folder_count; index++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&folder_path[index], &expected, copy)) return;
    }
    free(copy);
}

/// How deep the calling thread is in creating sections: only the outermost counts, so that a
/// thread putting a group in place (a section) that creates a temporary inside it (another) is
/// not stopped halfway by a signal that came in between.
static _Thread_local int creating_depth;

void tagcloud_signals_begin_creating(void) {
    if (creating_depth++ > 0) return;
    atomic_fetch_add(&creating, 1);
    if (atomic_load(&ending)) {
        atomic_fetch_sub(&creating, 1);
        // The handler is removing the temporaries and will end the process.
        for (;;) pause();
    }
}

void tagcloud_signals_end_creating(void) {
    if (--creating_depth > 0) return;
    atomic_fetch_sub(&creating, 1);
}

void tagcloud_signals_set_progress_line_open(bool open) { atomic_store(&progress_line_open, open); }

const char *tagcloud_signals_registered_temporary(size_t index) {
    return index < slot_count ? atomic_load(&slot_path[index]) : NULL;
}

size_t tagcloud_signals_slot_count(void) { return slot_count; }
