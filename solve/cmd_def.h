/* godtab-solve def (cmd_def.c) and its loading (cmd_def_load.c): which
 * definition, which table, the model. */
#ifndef GODTAB_SOLVE_CMD_DEF_H
#define GODTAB_SOLVE_CMD_DEF_H

#include "catalog_def.h"
#include "def.h"
#include "def_pdb.h"
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
    int threads;     /* --threads N (pattern-database search), 0: all */
    double timeout;  /* --timeout SECONDS, 0: none */
    int progress;    /* --progress: each depth searched, on stderr */
    int one_query;   /* a query of the command line: the search reads its tables in place */
} def_cli;

typedef struct def_session {
    gt_def *def;
    gt_def_model *model;
    const gt_puzzle *p;
    gt_db *db;
    gt_table *table;
    char name[GT_NAME_MAX];
    const char *metric; /* "htm" or "qtm": the table's */
    /* No full table but pattern databases NAME-pdb0, ... (cmd_def_search.c):
     * the model has orbits only (p is NULL), the search answers. */
    int n_pdb;
    gt_table *pdb[GT_DEF_PDB_MAX];
    gt_def_proj proj[GT_DEF_PDB_MAX];
    gt_table *near; /* NAME-near, mapped until the search copies it (or reads it there), or NULL */
    int in_place;   /* the search reads the tables where they are mapped (one query) */
    gt_def_search *search;
} def_session;

/* The definition (the file's, or the one stored with the table), the table
 * and the model, into s: prints one line and returns the exit code on
 * failure. */
int gt_def_session_open(const def_cli *c, def_session *s);
void gt_def_session_close(def_session *s);

/* The pattern databases NAME-pdb0, NAME-pdb1, ... of s->name, if NAME-pdb0
 * exists, and its near table NAME-near if built: loaded into s (the first
 * one's stored definition into *stored).
 * Returns 0 (loaded, or none: s->n_pdb 0) or an exit code (printed). */
int gt_def_pdb_load(const def_cli *c, def_session *s, gt_catalog_def_source *stored, int *have_stored);
/* The orbit model of the definition and the search over the loaded
 * databases (each checked against its projection). Returns an exit code. */
int gt_def_pdb_model(def_session *s, const char *where, int metric, uint64_t mask);
/* One state solved by the search: r (moves, length, nodes, seconds), or a
 * GT_ERR_* with its message in err; with on_solution, every optimal
 * solution (--all). */
int gt_def_pdb_solve(const def_cli *c, const def_session *s, const uint8_t *perm, const uint8_t *ori,
                     gt_def_solution_fn on_solution, void *user, gt_def_search_result *r, char *err, size_t errcap);
/* "NAME-pdbI" and "NAME-near" table names: 1 and the base NAME in base if
 * name is one. */
int gt_def_pdb_base(const char *name, char *base, size_t cap);

#endif
