/* Test helpers for the definition searches' unit tests (test_86, test_99):
 * a definition's full table, a projection's pattern database and a near
 * table, built in memory and encoded as the store keeps them; an answer's
 * replay. */
#ifndef GODTAB_TEST_DEF_TABLES_H
#define GODTAB_TEST_DEF_TABLES_H

#include "test_def_util.h"

#include "bfs.h"
#include "def.h"
#include "def_pdb.h"
#include "def_search_internal.h"

#include <stdlib.h>
#include <string.h>

static inline void parse_ok(const gt_def_model *m, const char *text, gt_def_proj *pr)
{
    gt_def_error err;
    if (gt_def_proj_parse(m, text, pr, &err))
        fail_msg("projection %s: %d:%d: %s", text, err.line, err.column, err.message);
}

/* A definition (owned), its model, its full table's distances and their
 * mod-3 encoding. */
typedef struct full {
    gt_def *def;
    gt_def_model *m;
    const gt_puzzle *p;
    uint8_t *dist;
    gt_distribution d;
    gt_table t; /* the distances, mod 3 */
} full;

/* The full table of def (which f then owns) in the metric. */
static inline void full_build_def(full *f, gt_def *def, int metric)
{
    gt_def_options o = {.metric = metric};
    gt_def_error err;
    uint64_t bytes;
    memset(f, 0, sizeof *f);
    f->def = def;
    if (gt_def_model_plan(f->def, &o, &f->m, &err))
        fail_msg("plan: %s", err.message);
    assert_int_equal(gt_def_model_build(f->m, &f->p), GT_OK);
    assert_int_equal(gt_bfs_run(f->p, NULL, &f->dist, &f->d), GT_OK);
    f->t.meta.encoding = GT_ENC_MOD3;
    f->t.meta.n_states = f->p->n_states;
    f->t.meta.distribution = f->d;
    assert_int_equal(gt_table_encode(f->dist, f->p->n_states, GT_ENC_MOD3, 1, &f->t.data, &bytes), GT_OK);
    f->t.data_bytes = bytes;
    f->t.view = (gt_view){.data = f->t.data, .bytes = bytes};
}

/* The same for the shipped puzzles/FILE. */
static inline void full_build(full *f, const char *file, int metric)
{
    full_build_def(f, tu_def_load(file), metric);
}

static inline void full_free(full *f)
{
    free(f->dist);
    free(f->t.data);
    gt_def_model_free(f->m);
    gt_def_free(f->def);
}

/* The moves take the state to the goal. */
static inline int replay_solves(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, const uint8_t *moves,
                                int n)
{
    uint8_t p[GT_DEF_MAX_POSITIONS], o[GT_DEF_MAX_POSITIONS];
    memcpy(p, perm, (size_t)m->def->total);
    memcpy(o, ori, (size_t)m->def->total);
    for (int i = 0; i < n; i++)
        gt_def_model_apply(m, moves[i], p, o);
    return gt_def_is_solved(m->def, p, o);
}

/* A pattern database: the projection, its BFS and its mod-3 table. */
typedef struct pdb {
    gt_def_proj pr;
    uint8_t *dist;
    gt_distribution d;
    gt_table t;
} pdb;

static inline void pdb_build(pdb *b, const gt_def_model *m, const char *text)
{
    gt_def_pdb *d;
    uint64_t bytes;
    memset(b, 0, sizeof *b);
    parse_ok(m, text, &b->pr);
    assert_int_equal(gt_def_pdb_make(m, &b->pr, &d), GT_OK);
    assert_int_equal(gt_bfs_run(gt_def_pdb_puzzle(d), NULL, &b->dist, &b->d), GT_OK);
    b->t.meta.encoding = GT_ENC_MOD3;
    b->t.meta.n_states = b->pr.states;
    b->t.meta.distribution = b->d;
    assert_int_equal(gt_table_encode(b->dist, b->pr.states, GT_ENC_MOD3, 1, &b->t.data, &bytes), GT_OK);
    /* the BFS at 2 bits an image (the hooks' expand_mod3) stores the same */
    uint8_t *codes;
    gt_distribution d3;
    gt_bfs_options two = {2, NULL, NULL, NULL};
    assert_int_equal(gt_bfs_run_mod3(gt_def_pdb_puzzle(d), &two, &codes, &d3), GT_OK);
    assert_true(gt_distribution_equal(&d3, &b->d));
    assert_memory_equal(codes, b->t.data, bytes);
    free(codes);
    gt_def_pdb_free(d);
    b->t.data_bytes = bytes;
    b->t.view = (gt_view){.data = b->t.data, .bytes = bytes};
}

static inline void pdb_free(pdb *b)
{
    free(b->dist);
    free(b->t.data);
}

/* A near table of `bytes` at `bits` a slot (2 or 4) and its section, as
 * godtab-gen stores it. */
typedef struct near {
    gt_def_near_plan plan;
    gt_table t;
    char text[64];
} near;

static inline void near_build(near *n, const gt_def_model *m, uint64_t bytes, int bits)
{
    memset(n, 0, sizeof *n);
    assert_int_equal(gt_def_near_choose(m, bytes, bits, 1e9, &n->plan), GT_OK);
    n->t.data_bytes = n->plan.entries * (unsigned)bits / 8;
    assert_non_null(n->t.data = malloc((size_t)n->t.data_bytes));
    assert_int_equal(gt_def_near_fill(m, &n->plan, 2, NULL, n->t.data, &n->t.meta.distribution), GT_OK);
    n->t.meta.encoding = bits == 2 ? GT_ENC_TOP2 : GT_ENC_NIBBLE;
    n->t.meta.n_states = n->plan.entries;
    n->t.view = (gt_view){.data = n->t.data, .bytes = n->t.data_bytes};
    snprintf(n->text, sizeof n->text, "near %d depth %d", bits == 2 ? 2 : 1, n->plan.depth);
    n->t.meta.n_sections = 1;
    snprintf(n->t.meta.sections[0].name, sizeof n->t.meta.sections[0].name, "%s", GT_DEF_NEAR_SECTION);
    n->t.meta.sections[0].bytes = strlen(n->text);
    n->t.sections[0] = (gt_view){.data = (const uint8_t *)n->text, .bytes = strlen(n->text)};
}

#endif
