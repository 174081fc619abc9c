/* godtab-solve def (cmd_def.c) and its loading (cmd_def_load.c): which
 * definition, which table, the model. */
#ifndef GODTAB_SOLVE_CMD_DEF_H
#define GODTAB_SOLVE_CMD_DEF_H

#include "catalog_def.h"
#include "def.h"
#include "store.h"

typedef struct def_cli {
    const char *path, *moves, *metric, *name, *db_path;
    const char *state, *state_file; /* --state TEXT, --state-file FILE */
    int json, state_format;          /* --format state: standard input holds states */
    int all;                         /* --all: every optimal solution */
    long random;                     /* --random N, or -1 */
    uint64_t seed;
    int have_seed;
    int by_name; /* "godtab-solve NAME": the table name stood for the puzzle */
} def_cli;

typedef struct def_session {
    gt_def *def;
    gt_def_model *model;
    const gt_puzzle *p;
    gt_db *db;
    gt_table *table;
    char name[GT_NAME_MAX];
    const char *metric; /* "htm" or "qtm": the table's */
} def_session;

/* The definition (the file's, or the one stored with the table), the table
 * and the model, into s: prints one line and returns the exit code on
 * failure. */
int gt_def_session_open(const def_cli *c, def_session *s);
void gt_def_session_close(def_session *s);

#endif
