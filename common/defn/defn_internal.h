/* The definition parsers' shared parts (defn.h). Included only by
 * common/defn. */
#ifndef GODTAB_DEFN_INTERNAL_H
#define GODTAB_DEFN_INTERNAL_H

#include "defn.h"

/* Fills err (if not NULL) with line, column and the formatted message;
 * returns GT_ERR_PARSE. The one error formatter of both notations. */
int gt_def_fail(gt_def_error *err, int line, int column, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Allocates the state and move arrays once def->total is known, room for
 * max_moves moves. Return values: GT_OK, GT_ERR_NOMEM. */
int gt_def_alloc_arrays(gt_def *def, int max_moves);

#endif
