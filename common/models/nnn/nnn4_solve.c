/* The 4x4x4 reduction's search (nnn4.h): each phase an IDA* over its
 * group's turns, guided by the maximum of its (exact) tables. The cheap
 * phases (P1, P3) collect several solutions, of their optimal length and
 * one more, and keep the one that leaves the next phase least to do (its
 * length plus the next phase's lower bound); P2 and P4 keep their first
 * (shortest) one. */
#include "nnn4.h"
#include "nnn4_coord.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* A phase's depth and nodes are bounded so that tables that lie (a bug:
 * the store checks every table before use) end in an error, not a hang:
 * the longest phase seen takes ~10^8 nodes. */
enum { PHASE_DEPTH_MAX = 20, UNREACHED = 15, CANDIDATES_MAX = 48 };
#define PHASE_NODES_MAX 500000000L

typedef struct phase_search {
    const gt_nnn4_tables *t;
    const gt_nnn4_layout *layout;
    const gt_nnn4_cube *start; /* the cube at the phase's start */
    int phase, n_tables, n_moves;
    const uint8_t *moves; /* global move of each local one */
    const uint32_t (*mask[GT_NNN4_PHASE_TABLES][GT_NNN4_MOVES])[256];
    uint8_t path[PHASE_DEPTH_MAX];
    int length;
    long nodes;
    long node_cap; /* PHASE_NODES_MAX, or less for a trial */
    /* collecting (P1, P3): the solutions found, up to `wanted` */
    int wanted, n_found;
    uint8_t found[CANDIDATES_MAX][PHASE_DEPTH_MAX];
    int found_length[CANDIDATES_MAX];
} phase_search;

static const int phase_kinds[GT_NNN4_PHASES][GT_NNN4_PHASE_TABLES][2] = {
    {{-1, -1}, {-1, -1}, {-1, -1}},
    {{GT_NNN4_F16, GT_NNN4_B16S}, {-1, -1}, {-1, -1}},
    {{GT_NNN4_HIE, GT_NNN4_LOEB}, {GT_NNN4_LRUD, GT_NNN4_FB}, {GT_NNN4_CO, GT_NNN4_HIE}},
    {{GT_NNN4_RHOUD, GT_NNN4_RHOEP}, {GT_NNN4_LRUD, GT_NNN4_FBX}, {-1, -1}},
};

static void coords_of(const gt_nnn4_layout *l, int phase, const gt_nnn4_cube *c, gt_nnn4_coords *out)
{
    memset(out, 0, sizeof *out);
    if (phase == 0) {
        out->c[0][0] = gt_nnn4_lr_mask(c);
        return;
    }
    if (phase == 1)
        out->c[1][0] = gt_nnn4_high_mask(c);
    for (int k = 0; k < GT_NNN4_PHASE_TABLES; k++)
        for (int j = 0; j < 2; j++)
            if (phase_kinds[phase][k][j] >= 0)
                out->c[k][j] = gt_nnn4_coord_value(l, phase_kinds[phase][k][j], c);
}

static unsigned nibble(const gt_table *t, uint64_t i)
{
    return (t->data[i >> 1] >> ((i & 1) * 4)) & 15u;
}

/* The phase's lower bound: the largest table distance (UNREACHED when a
 * table says the position cannot reach the goal: damaged tables). */
static int bound_of(const phase_search *s, const gt_nnn4_coords *c)
{
    unsigned h = 0;
    for (int k = 0; k < s->n_tables; k++) {
        const gt_puzzle *p = s->t->p[s->phase][k];
        uint64_t i = gt_nnn4_is_mask(p) ? c->c[k][0] : (uint64_t)c->c[k][0] * p->coord[1].size + c->c[k][1];
        unsigned v = nibble(s->t->t[s->phase][k], i);
        h = v > h ? v : h;
    }
    return (int)h;
}

static void step(const phase_search *s, const gt_nnn4_coords *c, int i, gt_nnn4_coords *out)
{
    for (int k = 0; k < s->n_tables; k++) {
        const gt_puzzle *p = s->t->p[s->phase][k];
        if (gt_nnn4_is_mask(p)) {
            out->c[k][0] = gt_nnn4_mask_move(s->mask[k][i], c->c[k][0]);
            continue;
        }
        for (int j = 0; j < 2; j++)
            out->c[k][j] = p->coord[j].move[(size_t)c->c[k][j] * (size_t)s->n_moves + (size_t)i];
    }
}

/* Turns on one axis commute: after a turn, one of the same axis only in a
 * later block (U < Uw < D < Dw), so each product is searched once. */
static int follows(int last, int mv)
{
    if (last < 0 || (last / 6) % 3 != (mv / 6) % 3)
        return 1;
    int b_last = (last / 6 >= 3) * 2 + last / 3 % 2, b = (mv / 6 >= 3) * 2 + mv / 3 % 2;
    return b > b_last;
}

static void phase_init(phase_search *s, const gt_nnn4_tables *t, int phase);

/* The next phase's lower bound after these moves of the phase (a
 * candidate, or the path so far). */
static int next_bound_after(const phase_search *s, const uint8_t *moves, int n)
{
    gt_nnn4_cube c = *s->start;
    for (int i = 0; i < n; i++)
        gt_nnn4_cube_move(&s->t->model, &c, moves[i]);
    phase_search next;
    gt_nnn4_coords start;
    phase_init(&next, s->t, s->phase + 1);
    coords_of(s->layout, s->phase + 1, &c, &start);
    return bound_of(&next, &start);
}

/* A goal of the phase the next phase can solve: its start is reached in
 * every table of its own (a phase's goal set is a projection's, and the
 * next group reaches only some of the positions that share it). */
static int next_can_solve(const phase_search *s, int g)
{
    return s->phase + 1 >= GT_NNN4_PHASES || next_bound_after(s, s->path, g) != UNREACHED;
}

static int dfs(phase_search *s, const gt_nnn4_coords *c, int g, int bound, int last)
{
    int h = bound_of(s, c);
    s->nodes++;
    if (h == 0 && next_can_solve(s, g)) {
        s->length = g;
        if (s->n_found >= s->wanted)
            return 1;
        memcpy(s->found[s->n_found], s->path, (size_t)g);
        s->found_length[s->n_found++] = g;
        return s->n_found >= s->wanted;
    }
    if (h == UNREACHED || g + (h ? h : 1) > bound || s->nodes > s->node_cap)
        return 0;
    for (int i = 0; i < s->n_moves; i++) {
        int mv = s->moves[i];
        if (!follows(last, mv))
            continue;
        gt_nnn4_coords next;
        step(s, c, i, &next);
        s->path[g] = (uint8_t)mv;
        if (dfs(s, &next, g + 1, bound, mv))
            return 1;
    }
    return 0;
}

/* The phase's optimal solution into s->path (s->length); collecting, its
 * solutions of that length and the next into s->found. */
static int solve_phase(phase_search *s, const gt_nnn4_coords *start)
{
    int h = bound_of(s, start), first = -1;
    if (h == UNREACHED)
        return GT_ERR_CORRUPT;
    for (int bound = h; bound <= PHASE_DEPTH_MAX && s->nodes <= s->node_cap; bound++) {
        int done = dfs(s, start, 0, bound, -1);
        if (first < 0 && (done || s->n_found > 0))
            first = bound;
        if (done || (first >= 0 && bound > first))
            return GT_OK;
    }
    return first >= 0 ? GT_OK : GT_ERR_TIMEOUT;
}

/* The collected solutions' order, least length plus the next phase's
 * bound first (the order found on a tie: shortest first). */
static void rank_candidates(const phase_search *s, int *order)
{
    int cost[CANDIDATES_MAX];
    for (int i = 0; i < s->n_found; i++) {
        cost[i] = s->found_length[i] + next_bound_after(s, s->found[i], s->found_length[i]);
        int j = i;
        for (; j > 0 && cost[order[j - 1]] > cost[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
}

static void phase_init(phase_search *s, const gt_nnn4_tables *t, int phase)
{
    memset(s, 0, sizeof *s);
    s->t = t;
    s->phase = phase;
    s->n_tables = gt_nnn4_phase_tables(phase);
    s->n_moves = t->model.n_moves[phase];
    s->moves = t->model.moves[phase];
    s->node_cap = PHASE_NODES_MAX;
    for (int k = 0; k < s->n_tables; k++)
        if (gt_nnn4_is_mask(t->p[phase][k]))
            for (int i = 0; i < s->n_moves; i++)
                s->mask[k][i] = gt_nnn4_mask_tables(t->p[phase][k], i);
}

/* One phase from cube: its solution in s (collecting `wanted`, at most
 * node_cap nodes). */
static int run_phase(const gt_nnn4_tables *t, const gt_nnn4_layout *l, int ph, const gt_nnn4_cube *cube,
                     int wanted, long node_cap, phase_search *s)
{
    gt_nnn4_coords start;
    phase_init(s, t, ph);
    s->layout = l;
    s->start = cube;
    s->wanted = wanted;
    s->node_cap = node_cap;
    coords_of(l, ph, cube, &start);
    return solve_phase(s, &start);
}

static int append(const gt_nnn4_tables *t, gt_nnn4_cube *cube, const uint8_t *path, int n, gt_turn *mv, int cap,
                  int *count)
{
    if (*count + n > cap)
        return GT_ERR_RANGE;
    for (int i = 0; i < n; i++) {
        mv[(*count)++] = gt_nnn4_turn(path[i]);
        gt_nnn4_cube_move(&t->model, cube, path[i]);
    }
    return GT_OK;
}

/* P1 then P2: P1's candidates in rank order, P2 tried after each within
 * P2_TRIAL_NODES (~0.2 s), the first that finishes kept; the last one
 * tried has the whole node bound. A P2 that needs 13 turns after one P1
 * often needs 11 after another, in a thousandth of the nodes. */
enum { P2_TRIALS = 8 };
#define P2_TRIAL_NODES 10000000L

static int reduce_p1_p2(const gt_nnn4_tables *t, const gt_nnn4_layout *l, gt_nnn4_cube *cube, gt_turn *mv,
                        int cap, int *count, int phase_count[], long phase_nodes[])
{
    phase_search *s1 = malloc(sizeof *s1), *s2 = malloc(sizeof *s2);
    int order[CANDIDATES_MAX], rc = s1 && s2 ? GT_OK : GT_ERR_NOMEM;
    long nodes = 0;
    if (rc == GT_OK && (rc = run_phase(t, l, 0, cube, CANDIDATES_MAX, PHASE_NODES_MAX, s1)) == GT_OK) {
        rank_candidates(s1, order);
        int tries = s1->n_found < P2_TRIALS ? s1->n_found : P2_TRIALS;
        for (int k = 0; k < tries; k++) {
            gt_nnn4_cube after = *cube;
            const uint8_t *p1 = s1->found[order[k]];
            int n1 = s1->found_length[order[k]];
            for (int i = 0; i < n1; i++)
                gt_nnn4_cube_move(&t->model, &after, p1[i]);
            rc = run_phase(t, l, 1, &after, 0, k + 1 < tries ? P2_TRIAL_NODES : PHASE_NODES_MAX, s2);
            nodes += s2->nodes;
            if (rc == GT_ERR_TIMEOUT && k + 1 < tries)
                continue;
            if (rc == GT_OK && (rc = append(t, cube, p1, n1, mv, cap, count)) == GT_OK)
                rc = append(t, cube, s2->path, s2->length, mv, cap, count);
            phase_count[0] = n1;
            phase_count[1] = s2->length;
            break;
        }
    }
    if (phase_nodes && s1) {
        phase_nodes[0] = s1->nodes;
        phase_nodes[1] = nodes;
    }
    free(s1);
    free(s2);
    return rc;
}

int gt_nnn4_reduce(const gt_nnn4_tables *t, const gt_nnn *c, gt_turn *mv, int cap, int *count,
                   int phase_count[GT_NNN4_PHASES], long phase_nodes[GT_NNN4_PHASES])
{
    gt_nnn4_cube cube;
    gt_nnn4_layout layout;
    phase_search *s = malloc(sizeof *s);
    int rc = s ? gt_nnn4_cube_of(&t->model, c, &cube) : GT_ERR_NOMEM;
    *count = 0;
    if (rc == GT_OK) {
        gt_nnn4_layout_init(&t->model, &layout);
        rc = reduce_p1_p2(t, &layout, &cube, mv, cap, count, phase_count, phase_nodes);
    }
    for (int ph = 2; rc == GT_OK && ph < GT_NNN4_PHASES; ph++) {
        int order[CANDIDATES_MAX];
        rc = run_phase(t, &layout, ph, &cube, ph == 2 ? CANDIDATES_MAX : 0, PHASE_NODES_MAX, s);
        if (phase_nodes)
            phase_nodes[ph] = s->nodes;
        const uint8_t *path = s->path;
        int n = s->length;
        if (rc == GT_OK && s->wanted && s->n_found > 0) {
            rank_candidates(s, order);
            path = s->found[order[0]];
            n = s->found_length[order[0]];
        }
        if (rc == GT_OK)
            rc = append(t, &cube, path, n, mv, cap, count);
        phase_count[ph] = n;
    }
    free(s);
    return rc;
}

void gt_nnn4_tables_close(gt_nnn4_tables *t, gt_nnn4_unload_fn unload, void *user)
{
    if (!t)
        return;
    for (int i = 0; i < GT_NNN4_TABLES; i++)
        if (t->loaded_puzzle[i])
            unload(user, gt_nnn4_specs[i].name, t->loaded_puzzle[i], t->loaded_table[i]);
    free(t);
}

int gt_nnn4_tables_open(gt_nnn4_load_fn load, gt_nnn4_unload_fn unload, void *user, gt_nnn4_tables **out)
{
    gt_nnn4_tables *t = calloc(1, sizeof *t);
    int rc = t ? gt_nnn4_model_init(&t->model) : GT_ERR_NOMEM;
    *out = NULL;
    for (int i = 0; rc == GT_OK && i < GT_NNN4_TABLES; i++) {
        if ((rc = load(user, gt_nnn4_specs[i].name, &t->loaded_puzzle[i], &t->loaded_table[i])) != GT_OK) {
            t->loaded_puzzle[i] = NULL;
            break;
        }
        for (int ph = 0; ph < GT_NNN4_PHASES; ph++)
            for (int k = 0; k < GT_NNN4_PHASE_TABLES; k++)
                if (gt_nnn4_spec(ph, k) == &gt_nnn4_specs[i]) {
                    t->p[ph][k] = t->loaded_puzzle[i];
                    t->t[ph][k] = t->loaded_table[i];
                }
    }
    if (rc) {
        gt_nnn4_tables_close(t, unload, user);
        return rc;
    }
    *out = t;
    return GT_OK;
}
