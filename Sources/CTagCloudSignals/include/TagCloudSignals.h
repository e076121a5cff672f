// CTagCloudSignals: the command's SIGINT, SIGTERM and SIGHUP handler and the state it reads,
// in C, so that the handler is async-signal-safe by construction: it reads C11 atomics and calls
// only `nanosleep`, `write`, `unlink`, `rmdir`, `signal` and `raise`. A handler written in Swift
// could reach the runtime (a generic type's metadata made on first use allocates and takes the
// allocator's lock): a signal that arrived while a thread held that lock inside `malloc` left
// the process asleep for good (about one interrupted batch in 75).
#ifndef C_TAGCLOUD_SIGNALS_H
#define C_TAGCLOUD_SIGNALS_H

#include <stdbool.h>
#include <stddef.h>

/// Installs the handler for SIGINT, SIGTERM and SIGHUP, except for a signal the process was
/// started ignoring (`nohup`, a shell's background job), which stays ignored. Call once, early.
void tagcloud_signals_install(void);

/// Registers the calling thread's temporary file, to be removed if a signal ends the process
/// (a copy of `path` is kept), replacing the one it registered before. With every slot taken
/// (more than 64 threads writing at once) the file is not registered.
void tagcloud_signals_register_temporary(const char *path);

/// Forgets the calling thread's temporary (renamed into place, or removed) and frees its slot.
void tagcloud_signals_unregister_temporary(void);

/// Registers a temporary in a slot of its own, held by no thread; returns the slot, or -1 when
/// every slot is taken.
int tagcloud_signals_add_temporary(const char *path);

/// Frees a slot `tagcloud_signals_add_temporary` returned.
void tagcloud_signals_remove_temporary(int slot);

/// Registers a folder the run made (a copy of `path` is kept): a signal removes it, deepest
/// first, if it is still empty. Beyond 64 folders, not registered.
void tagcloud_signals_register_created_folder(const char *path);

/// Enters the section that makes a registered temporary's name exist (`openat` with `O_CREAT`,
/// `linkat`): the handler waits (up to 0.2 s) until no thread is inside before removing the
/// registered names. A thread entering after a signal started ending the process does not
/// return: it waits for the signal to end the process.
void tagcloud_signals_begin_creating(void);

/// Leaves the section ``tagcloud_signals_begin_creating`` entered.
void tagcloud_signals_end_creating(void);

/// Says whether a progress bar is drawn on standard error's last line: the handler clears it.
void tagcloud_signals_set_progress_line_open(bool open);

/// The temporary registered in slot `index` (0 ..< 64), or NULL; for tests.
const char *tagcloud_signals_registered_temporary(size_t index);

/// The number of slots for temporaries.
size_t tagcloud_signals_slot_count(void);

#endif
