/* Definition files of both kinds for godtab-gen --def and godtab-solve def:
 * twsearch's .tws (common/models/def) and godtab's own cycle-notation .def
 * (common/groups/puzdef.h) with an optional `colours` line. The glue lives
 * here because a model may not include the groups layer. */
#ifndef GODTAB_CATALOG_DEF_H
#define GODTAB_CATALOG_DEF_H

#include "def.h"

#include <stddef.h>

/* Parses text (len bytes) as a .def file when cycle_notation is non-zero,
 * else as .tws. In a .def file, a line `colours c1 c2 ... cN` (one number
 * 1..N a point) marks points of one colour as indistinguishable.
 * Return values: GT_OK, GT_ERR_PARSE (err: line, column, message),
 * GT_ERR_NOMEM. */
int gt_catalog_def_parse(const char *text, size_t len, int cycle_notation, gt_def **out, gt_def_error *err);

#endif
