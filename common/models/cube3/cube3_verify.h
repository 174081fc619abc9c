/* Checking a solver's tables read in place, whole, once a search or a
 * server has gone past its first reads (cube3_verify.c): the search and
 * the 3x3x3 family use it; not part of the public interface. */
#ifndef GODTAB_CUBE3_VERIFY_H
#define GODTAB_CUBE3_VERIFY_H

#include "cube3_search.h"

#include <pthread.h>
#include <stdint.h>

/* A search that has gone deep on tables read in place checks every block
 * it has not read yet, then goes on with a copy of the solver whose views
 * are known good (sums NULL), so that no read tests its block's bit any
 * more. The copy is shallow: the tables stay the solver's. */

/* The checked copy, after checking every block on every core, or NULL when
 * there is nothing to check or a block failed (its view's damage flag is
 * then set). Free it with free(). */
gt_cube3_solver *gt_cube3_verify_now(const gt_cube3_solver *s);

/* The same check on a thread of its own while the search goes on, for when
 * the search leaves a core free: when it is done the copy is stored into
 * *slot (an atomic release store: the search threads load the solver from
 * there at each node's expansion). With copy_tables, the edge, corner,
 * phase-1 and class tables are also copied into huge pages, each block
 * after its check, and the copy reads them there; the map's pages of the
 * edge table are then let go. */
#define GT_CUBE3_VERIFY_COPIES 4
typedef struct gt_cube3_verify {
    const gt_cube3_solver *s;
    const gt_cube3_solver **slot;
    gt_cube3_solver *copy;
    uint8_t *own[GT_CUBE3_VERIFY_COPIES]; /* copy_tables: the edge, corner, phase-1, class tables' */
    int copy_tables;
    int stop, running;
    int done;                /* the thread has ended (checked, failed or stopped) */
    pthread_t thread;
} gt_cube3_verify;

/* Starts the check. Return values: GT_OK (also when there is nothing to
 * check: no thread then), GT_ERR_NOMEM (no thread could be started). */
int gt_cube3_verify_start(gt_cube3_verify *v, const gt_cube3_solver *s, int copy_tables,
                          const gt_cube3_solver **slot);

/* Stops the check where it is, waits for its thread, stores s back into
 * *slot and frees the copy and the tables' copies. Call once no search
 * thread reads *slot (a zeroed, never started one: nothing to do). */
void gt_cube3_verify_finish(gt_cube3_verify *v);

#endif
