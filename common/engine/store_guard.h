/* A fault guard for reads of the LMDB memory map (store only).
 *
 * LMDB maps data.mdb. A damaged file can make it follow a page number or a
 * node size to bytes past the end of a shorter file, and such a read raises
 * SIGBUS. The store checks the file against the environment's last page on
 * opening, but flipped bits inside a page can still point past the end; the
 * guard turns that fault into GT_ERR_CORRUPT instead of killing the process.
 * (The map reserves far more address space than a 16-bit node offset or a
 * 32-bit node size can reach past the file, so such reads stay inside the
 * map: SIGSEGV is left alone.)
 *
 * How: one process-wide SIGBUS handler, (re)installed on each opening. A thread inside a
 * guarded region jumps back to it; a fault anywhere else restores the
 * previous action and re-faults, so programs and other libraries keep their
 * own handling. */
#ifndef GODTAB_STORE_GUARD_H
#define GODTAB_STORE_GUARD_H

#include <setjmp.h>

/* Installs the handler unless it is in place (thread-safe; gt_db_open calls
 * it).
 * Return values: GT_OK, GT_ERR_STORAGE (sigaction failed). */
int gt_guard_install(void);

/* The calling thread's innermost guarded region (NULL: none). Set with
 * GT_GUARD_ENTER, restored with gt_guard_leave. */
extern _Thread_local sigjmp_buf *gt_guard_jump;

/* Enters a guarded region: evaluates to 0 on entry, and to 1 when a fault
 * jumped back here (the region's work is abandoned). `jb` is a sigjmp_buf
 * and `outer` a sigjmp_buf * that receive the state; every path out of the
 * region must call gt_guard_leave(outer). Locals changed inside the region
 * and read after a fault must be volatile. */
#define GT_GUARD_ENTER(jb, outer)                                                                  \
    ((outer) = gt_guard_jump, sigsetjmp((jb), 0) ? (gt_guard_jump = (outer), 1)                    \
                                                 : (gt_guard_jump = &(jb), 0))

static inline void gt_guard_leave(sigjmp_buf *outer)
{
    gt_guard_jump = outer;
}

#endif
