/* godtab: the public interface in one include.
 *
 * The declarations marked GT_API in the headers below are the stable public
 * API, the only symbols libgodtab.so exports (gt_api.h; docs/install.md). The
 * rest of these headers serves the programs, which link libgodtab.a; anything
 * else under common/ (the *_internal.h headers, alloc.h, textbuf.h, rng.h,
 * cube3_sym.h, ...) is private to the library and may change without notice.
 *
 * Installed (make install): #include <godtab/godtab.h> and build with
 * `pkg-config --cflags --libs godtab`. From the source tree: compile with
 * -Icommon and every common/ subfolder on the include path (the Makefile's
 * LIB_DIRS) and -fopenmp; link:
 *
 *   build/libgodtab.a -llmdb -lzstd -lgmp -lm -fopenmp
 *
 *   gt_db *db;  gt_puzzle *p;  gt_table *t;
 *   gt_db_options o = {getenv("GODTAB_DB"), getenv("XDG_DATA_HOME"), getenv("HOME"), NULL};
 *   gt_db_set_options(&o);   (the library itself reads no environment variable)
 *   gt_db_open(&db, gt_db_default_path(NULL), GT_DB_READONLY);
 *   gt_catalog_load(db, "pocket-htm", &p, &t);
 *   gt_solve_walk(p, t, state, moves, GT_MAX_DEPTH, &length);
 *   gt_catalog_unload("pocket-htm", p, t);
 *   gt_db_close(db);
 *
 * Every function returns 0 or a negative GT_ERR_* code (gt_error.h);
 * gt_strerror() names it and gt_exit_code() maps it to the documented exit
 * codes. Nothing in the library prints or exits. Thread safety: a gt_db and
 * the tables loaded from it may be shared by any number of reading threads. */
#ifndef GODTAB_H
#define GODTAB_H

/* util */
#include "gt_error.h"     /* GT_OK, GT_ERR_*, GT_EXIT_*, gt_strerror, gt_exit_code */

/* engine */
#include "puzzle.h"       /* gt_puzzle: the descriptor (coordinates, move tables, index) */
#include "spec.h"         /* gt_table_spec, gt_family, gt_query_hooks: what a model declares */
#include "bfs.h"          /* gt_bfs_run, gt_distribution: parallel breadth-first search */
#include "table.h"        /* gt_table, gt_table_meta: encodings, metadata, checksum, verify */
#include "store.h"        /* gt_db_open/close, gt_db_get_table, gt_db_put_table: the LMDB store */
#include "solve.h"        /* gt_solve_walk, gt_solve_all, gt_solve_distance: walk a table */

/* catalog */
#include "catalog.h"      /* gt_catalog_find, gt_catalog_load/unload: families and tables by name */
#include "query.h"        /* gt_query_*: text queries on tables by name (what python/godtab.py calls) */

/* cube */
#include "facecube.h"     /* gt_facecube_*: n×n×n facelet geometry and turns */
#include "notation.h"     /* gt_turn, gt_notation_parse/format: WCA/SiGN moves */

/* models */
#include "pocket.h"       /* gt_pocket: the 2x2x2 from scrambles, facelets, indexes */
#include "taquin.h"       /* gt_taquin_*: the flip taquin on n×m boards */
#include "cube3.h"        /* gt_cube3: the 3x3x3 cubie model, moves, facelets, legality */
#include "cube3_search.h" /* gt_cube3_solver, gt_cube3_search: optimal 3x3x3 solving (IDA*) */
#include "cube3_tables.h" /* gt_cube3_moves, gt_cube3_family: 3x3x3 move tables, pattern databases */
#include "floppy.h"       /* gt_floppy: the 1x3x3 Floppy (one folder, one registry line) */
#include "cube3_twophase.h" /* gt_cube3_twophase_*: near-optimal 3x3x3 answers in milliseconds */
#include "nnn.h"          /* gt_nnn: N×N×N cubes (N = 2..1024), notation, facelets, legality */
#include "nnn_solve.h"    /* gt_nnn_solve: seed 002's reduction by commutators */

/* groups */
#include "permgroup.h"    /* gt_perm_*, gt_group_*: permutations, Schreier-Sims chains */
#include "puzdef.h"       /* gt_puzdef_load/parse, gt_perm_parse: puzzle definition files */
#include "group_words.h"  /* gt_words_*: group elements as (shortened) words in the generators */
#include "group_short.h"  /* shortest words near the identity, by meet in the middle */
#include "cubegroup.h"    /* gt_cubegroup_*: cube definitions matched to the facelet geometry */
#include "cubecount.h"    /* gt_cubecount_positions: exact N×N×N position counts (GMP) */

/* the version (GT_VERSION; gt_version_text in catalog.h) */
#include "gt_version.h"

#endif
