/* Per-family reports of godtab-gen: printed after a family's tables are
 * built. A report reads what it needs from the database godtab-gen has open
 * (one LMDB environment is opened once per process) and returns 0 or a
 * negative GT_ERR_* code. */
#ifndef GODTAB_GEN_REPORT_H
#define GODTAB_GEN_REPORT_H

#include "store.h"

#include <stdio.h>

typedef int (*gt_gen_report_fn)(FILE *out, gt_db *db, int threads);

/* REPORT DECLARATIONS */
int gt_report_taquin(FILE *out, gt_db *db, int threads); /* gen/report_taquin.c */

#endif
