/* The definition search's private parts (def_search.c, def_search_run.c):
 * included only by common/models/def and the tests. */
#ifndef GODTAB_DEF_SEARCH_INTERNAL_H
#define GODTAB_DEF_SEARCH_INTERNAL_H

#include "def_internal.h"
#include "def_pdb.h"

#define GT_DEF_SEARCH_TRACK_MAX 512 /* cells the search moves: the databases' pieces */
#define SEARCH_ALL_MAX 100000      /* solutions --all keeps at one depth */

enum { SEARCH_RUNNING = 0, SEARCH_DONE, SEARCH_TIMED_OUT, SEARCH_CANCELLED, SEARCH_DAMAGED };

/* One database as the search reads it: its items' slots in the tracked
 * cells, its table and the goal's image. */
typedef struct search_pdb {
    const gt_def_proj *pr;
    const gt_table *t;
    int n_items;
    int slot[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    uint64_t solved;
} search_pdb;

struct gt_def_search {
    const gt_def_model *m;
    gt_def_cells cells;
    int n_pdb;
    search_pdb pdb[GT_DEF_PDB_MAX];
    int n_track;                          /* the cells the search moves */
    int track[GT_DEF_SEARCH_TRACK_MAX];   /* which cell of the model each is */
    uint8_t allowed[GT_MAX_MOVES + 1][GT_MAX_MOVES];     /* [previous move or n_moves][move] */
    uint8_t allowed_all[GT_MAX_MOVES + 1][GT_MAX_MOVES]; /* the same for --all */
};

/* A solution kept by --all: its prefix (for the order) and moves. */
typedef struct search_solution {
    int prefix, n;
    uint8_t moves[GT_MAX_DEPTH];
} search_solution;

/* One search (gt_def_search_run): shared by the threads. */
typedef struct search_run {
    const gt_def_search_options *o;
    const uint8_t *perm, *ori; /* the state searched */
    double deadline;           /* 0: none */
    int stop;                  /* SEARCH_* (atomic) */
    int best_prefix;           /* the first prefix with a solution (atomic min) */
    uint8_t best[GT_MAX_DEPTH];
    search_solution *all;      /* --all: what this depth found */
    int n_all;
    uint64_t nodes;
} search_run;

/* One thread's walk of one prefix. */
typedef struct search_worker {
    const gt_def_search *s;
    search_run *run;
    int bound, prefix;
    uint64_t nodes, polls;
    uint8_t path[GT_MAX_DEPTH];
} search_worker;

double gt_def_search_now(void);
int gt_def_search_dfs(search_worker *w, const uint16_t *track, const int *h, int g, int prev, int run_len);
int gt_def_search_child_h(const gt_def_search *s, int p, const uint16_t *track, int h);

#endif
