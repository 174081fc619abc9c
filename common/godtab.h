/* godtab: the public interface in one include.
 *
 * Link: build/libgodtab.a -llmdb -lzstd -lgmp -lm, compiled with -fopenmp.
 *
 *   gt_db *db;  gt_puzzle *p;  gt_table *t;
 *   gt_db_open(&db, gt_db_default_path(NULL), GT_DB_READONLY);
 *   gt_catalog_load(db, "pocket-htm", &p, &t);
 *   gt_solve_walk(p, t, state, moves, GT_MAX_DEPTH, &length);
 *   gt_catalog_find("pocket-htm")->free_puzzle(p);  gt_table_free(t);  gt_db_close(db);
 *
 * Every function returns 0 or a negative GT_ERR_* code (gt_error.h);
 * gt_strerror() names it and gt_exit_code() maps it to the documented exit
 * codes. Nothing in the library prints or exits. Thread safety: a gt_db and
 * the tables loaded from it may be shared by any number of reading threads. */
#ifndef GODTAB_H
#define GODTAB_H

#include "bfs.h"       /* gt_bfs_run, gt_distribution */
#include "catalog.h"   /* gt_catalog_find, gt_catalog_load: tables by name */
#include "facecube.h"  /* n×n×n facelet geometry */
#include "gt_error.h"  /* GT_OK, GT_ERR_*, gt_strerror, GT_EXIT_* */
#include "notation.h"  /* WCA move parser */
#include "pocket.h"    /* the 2x2x2: scrambles, facelets, descriptors */
#include "puzzle.h"    /* the puzzle descriptor */
#include "solve.h"     /* gt_solve_walk, gt_solve_all, gt_solve_distance */
#include "store.h"     /* gt_db_open, gt_db_get_table, gt_db_put_table */
#include "table.h"     /* encodings, metadata, checksum */
#include "taquin.h"    /* the flip taquin on n×m boards */

#endif
