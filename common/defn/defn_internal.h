/* The definition parsers' shared parts (defn.h). Included only by
 * common/defn. */
#ifndef GODTAB_DEFN_INTERNAL_H
#define GODTAB_DEFN_INTERNAL_H

#include "defn.h"

/* Allocates the state and move arrays once def->total is known, room for
 * max_moves moves. Return values: GT_OK, GT_ERR_NOMEM. */
int gt_def_alloc_arrays(gt_def *def, int max_moves);

/* Sets def->move_order from the moves (the parsers' last step). */
void gt_def_set_move_orders(gt_def *def);

#endif
