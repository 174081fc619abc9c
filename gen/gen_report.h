/* Per-family reports of godtab-gen: printed after a family's tables are
 * built. A report reads what it needs from the database at db_path and
 * returns 0 or a negative GT_ERR_* code. */
#ifndef GODTAB_GEN_REPORT_H
#define GODTAB_GEN_REPORT_H

#include <stdio.h>

typedef int (*gt_gen_report_fn)(FILE *out, const char *db_path, int threads);

#endif
