/* The 4x4x4 reduction's search (nnn4.h): each phase an IDA* over its
 * group's turns, guided by the maximum of its tables. P1 collects several
 * solutions, of its optimal length and one more, and P2 runs after the one
 * that leaves it least to do (its length plus P2's lower bound); P2
 * collects its own, and P3 runs over them by increasing total (P2's length
 * plus P3's), keeping its first solution. */
#include "nnn4.h"
#include "nnn4_coord.h"
#include "gt_error.h"
#include "table.h"

#include <stdlib.h>
#include <string.h>

/* A phase's depth and nodes are bounded so that tables that lie (a bug:
 * the store checks every table before use) end in an error, not a hang:
 * the longest phase seen takes ~10^8 nodes. */
enum { PHASE_DEPTH_MAX = 20, UNREACHED = 15, CANDIDATES_MAX = 48, LABS = 2048 };
#define PHASE_NODES_MAX 500000000L

/* How a phase's table reads a position: two coordinates, a 24-bit mask, or
 * the pairing (nnn4_coord.h). */
enum { TABLE_COORDS, TABLE_MASK, TABLE_PAIRING };

typedef struct phase_search {
    const gt_nnn4_tables *t;
    const gt_nnn4_layout *layout;
    const gt_nnn4_cube *start; /* the cube at the phase's start */
    int phase, n_tables, n_moves;
    const uint8_t *moves; /* global move of each local one */
    uint8_t kind[GT_NNN4_PHASE_TABLES]; /* how each table is read (table_kind), found once per phase */
    const uint32_t (*mask[GT_NNN4_PHASE_TABLES][GT_NNN4_MOVES])[256];
    uint8_t path[PHASE_DEPTH_MAX];
    int length;
    long nodes;
    long node_cap; /* PHASE_NODES_MAX, or less for a trial */
    uint32_t *labs; /* P2: a node's labellings at each depth, LABS each (run_phase's) */
    /* collecting (P1, P2): the solutions found, up to `wanted` */
    int wanted, n_found;
    uint8_t found[CANDIDATES_MAX][PHASE_DEPTH_MAX];
    int found_length[CANDIDATES_MAX];
} phase_search;

static const int phase_kinds[GT_NNN4_PHASES][GT_NNN4_PHASE_TABLES][2] = {
    {{-1, -1}, {-1, -1}},
    {{GT_NNN4_F16, GT_NNN4_B16S}, {-1, -1}},
    {{-1, -1}, {GT_NNN4_LRUD, GT_NNN4_FBP}},
};

/* P2 may leave an edge's two wings on each other's kind of position (a
 * flipped edge of the reduced cube, which cube3's two-phase then solves),
 * as long as an even number are (no flip parity): for each such set of
 * edges, the pieces' labels swapped on it, the wings' table reads where
 * the "high" wings are. P2 is done when one of these 2,048 labellings has
 * every wing on its own kind; its bound is the least of their distances. */
static int parity_odd(uint32_t set)
{
    set ^= set >> 8;
    set ^= set >> 4;
    set ^= set >> 2;
    set ^= set >> 1;
    return (int)(set & 1);
}

static int labellings_of(const gt_nnn4_cube *c, uint32_t lab[LABS])
{
    uint32_t base = gt_nnn4_high_mask(c), both[12] = {0};
    int n = 0;
    for (int p = 0; p < 24; p++)
        both[c->wing[p] / 2] |= 1u << p;
    for (uint32_t set = 0; set < 4096; set++) {
        if (parity_odd(set))
            continue;
        uint32_t mask = base;
        for (int e = 0; e < 12; e++)
            if (set >> e & 1)
                mask ^= both[e];
        lab[n++] = mask;
    }
    return n;
}

/* P2's labellings into lab (LABS masks), or none for the other phases. */
static void coords_of(const gt_nnn4_layout *l, int phase, const gt_nnn4_cube *c, gt_nnn4_coords *out,
                      uint32_t *lab)
{
    memset(out, 0, sizeof *out);
    if (phase == 0) {
        out->c[0][0] = gt_nnn4_lr_mask(c);
        return;
    }
    if (phase == 1) {
        out->lab = lab;
        out->n_lab = labellings_of(c, lab);
    }
    if (phase == 2) {
        int paired_kinds = gt_nnn4_pairing_of(c, out->sigma);
        out->c[0][0] = paired_kinds ? gt_nnn4_pairing_rank(out->sigma) : 0;
        out->c[0][1] = !paired_kinds;
    }
    for (int k = 0; k < GT_NNN4_PHASE_TABLES; k++)
        for (int j = 0; j < 2; j++)
            if (phase_kinds[phase][k][j] >= 0)
                out->c[k][j] = gt_nnn4_coord_value(l, phase_kinds[phase][k][j], c);
}

/* Entry i of a table. One read in place checks its 64 KiB block on first
 * use; a damaged block reads 0 (a bound that always holds), and the
 * reduction then fails (gt_nnn4_reduce). */
static unsigned nibble(const gt_table *t, uint64_t i)
{
    if (t->view.sums && !gt_view_ok(&t->view, i >> 1))
        return 0;
    return (t->data[i >> 1] >> ((i & 1) * 4)) & 15u;
}

/* The least distance of P2's labellings, those past `limit` dropped (a
 * turn moves a distance by one at most: they cannot finish in time on this
 * branch); UNREACHED when none is left. */
static unsigned wings_bound(const gt_table *t, gt_nnn4_coords *c, unsigned limit)
{
    unsigned best = UNREACHED;
    int n = 0;
    for (int j = 0; j < c->n_lab; j++) {
        unsigned d = nibble(t, c->lab[j]);
        if (d <= limit) {
            c->lab[n++] = c->lab[j];
            best = d < best ? d : best;
        }
    }
    c->n_lab = n;
    return best;
}

/* Where table k reads the position. */
static uint64_t table_index(const gt_puzzle *p, const gt_nnn4_coords *c, int k)
{
    return p->n_coords == 0 ? c->c[k][0] : (uint64_t)c->c[k][0] * p->coord[1].size + c->c[k][1];
}

/* The phase's lower bound: the largest table distance (UNREACHED when a
 * table says the position cannot reach the goal within limit, or at all:
 * damaged tables). */
static int bound_of(const phase_search *s, gt_nnn4_coords *c, unsigned limit)
{
    unsigned h = 0;
    for (int k = 0; k < s->n_tables; k++) {
        const gt_puzzle *p = s->t->p[s->phase][k];
        if (c->lab && k == 1) {
            unsigned v = wings_bound(s->t->t[s->phase][k], c, limit);
            h = v > h ? v : h;
            continue;
        }
        int pairing = s->kind[k] == TABLE_PAIRING;
        if (pairing && c->c[k][1])
            return UNREACHED;
        unsigned v = nibble(s->t->t[s->phase][k], table_index(p, c, k));
        if (pairing && v == UNREACHED)
            v = GT_NNN4_PAIRING_CAP;
        h = v > h ? v : h;
    }
    return (int)h;
}

static void prefetch_tables(const phase_search *s, const gt_nnn4_coords *c)
{
    for (int k = 0; k < s->n_tables; k++)
        __builtin_prefetch(s->t->t[s->phase][k]->data + (table_index(s->t->p[s->phase][k], c, k) >> 1));
}

/* The coordinates after local move i (P2's labellings into out->lab). */
static void step(const phase_search *s, const gt_nnn4_coords *c, int i, gt_nnn4_coords *out)
{
    for (int j = 0; j < c->n_lab; j++)
        out->lab[j] = gt_nnn4_mask_move(s->mask[1][i], c->lab[j]);
    out->n_lab = c->n_lab;
    for (int k = 0; k < s->n_tables; k++) {
        const gt_puzzle *p = s->t->p[s->phase][k];
        if (c->lab && k == 1)
            continue;
        if (s->kind[k] == TABLE_PAIRING) {
            gt_nnn4_pairing_move(s->layout, c->sigma, s->moves[i], out->sigma);
            out->c[k][0] = gt_nnn4_pairing_rank(out->sigma);
            out->c[k][1] = 0;
            continue;
        }
        if (s->kind[k] == TABLE_MASK) {
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
    uint32_t lab[LABS];
    phase_init(&next, s->t, s->phase + 1);
    coords_of(s->layout, s->phase + 1, &c, &start, lab);
    return bound_of(&next, &start, PHASE_DEPTH_MAX);
}

/* A goal of the phase the next phase can solve: its start is reached in
 * every table of its own (a phase's goal set is a projection's, and the
 * next group reaches only some of the positions that share it). */
static int next_can_solve(const phase_search *s, int g)
{
    return s->phase + 1 >= GT_NNN4_PHASES || next_bound_after(s, s->path, g) != UNREACHED;
}

/* Below a node at depth g whose bound h its parent read (so that the
 * children's reads of a node overlap: all fetched, then all read). */
static int dfs(phase_search *s, gt_nnn4_coords *c, int g, int bound, int last, int h)
{
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
    gt_nnn4_coords next[GT_NNN4_MOVES];
    int mv_of[GT_NNN4_MOVES], hk[GT_NNN4_MOVES], n = 0;
    for (int i = 0; i < s->n_moves; i++)
        if (follows(last, s->moves[i])) {
            next[n].lab = c->lab ? s->labs + (size_t)(g + 1) * LABS : NULL; /* P2: one child at a time */
            if (!c->lab) {
                step(s, c, i, &next[n]);
                prefetch_tables(s, &next[n]);
            }
            mv_of[n++] = i;
        }
    for (int j = 0; j < n && !c->lab; j++)
        hk[j] = bound_of(s, &next[j], (unsigned)(bound - g - 1));
    for (int j = 0; j < n; j++) {
        if (c->lab) {
            step(s, c, mv_of[j], &next[j]);
            hk[j] = bound_of(s, &next[j], (unsigned)(bound - g - 1));
        }
        s->path[g] = s->moves[mv_of[j]];
        if (dfs(s, &next[j], g + 1, bound, s->moves[mv_of[j]], hk[j]))
            return 1;
    }
    return 0;
}

/* The phase's optimal solution into s->path (s->length); collecting, its
 * solutions of that length and the next into s->found. */
static int solve_phase(phase_search *s, gt_nnn4_coords *start)
{
    int h = bound_of(s, start, PHASE_DEPTH_MAX), first = -1;
    if (h == UNREACHED)
        return GT_ERR_CORRUPT;
    for (int bound = h; bound <= PHASE_DEPTH_MAX && s->nodes <= s->node_cap; bound++) {
        gt_nnn4_coords root = *start; /* the root's labellings are filtered by each bound */
        if (start->lab) {
            root.lab = s->labs;
            memcpy(root.lab, start->lab, (size_t)start->n_lab * sizeof *root.lab);
        }
        int done = dfs(s, &root, 0, bound, -1, bound_of(s, &root, (unsigned)bound));
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
    for (int k = 0; k < s->n_tables; k++) {
        const gt_puzzle *p = t->p[phase][k];
        s->kind[k] = gt_nnn4_is_pairing(p) ? TABLE_PAIRING : gt_nnn4_is_mask(p) ? TABLE_MASK : TABLE_COORDS;
        if (s->kind[k] == TABLE_MASK)
            for (int i = 0; i < s->n_moves; i++)
                s->mask[k][i] = gt_nnn4_mask_tables(p, i);
    }
}

/* One phase from cube: its solution in s (collecting `wanted`, at most
 * node_cap nodes). */
static int run_phase(const gt_nnn4_tables *t, const gt_nnn4_layout *l, int ph, const gt_nnn4_cube *cube,
                     int wanted, long node_cap, phase_search *s)
{
    gt_nnn4_coords start;
    uint32_t *start_lab = NULL;
    phase_init(s, t, ph);
    s->layout = l;
    s->start = cube;
    s->wanted = wanted;
    s->node_cap = node_cap;
    if (ph == 1 && (!(start_lab = malloc(LABS * sizeof *start_lab)) ||
                    !(s->labs = malloc((PHASE_DEPTH_MAX + 1) * (size_t)LABS * sizeof *s->labs)))) {
        free(start_lab);
        return GT_ERR_NOMEM;
    }
    coords_of(l, ph, cube, &start, start_lab);
    int rc = solve_phase(s, &start);
    free(start_lab);
    free(s->labs);
    s->labs = NULL;
    return rc;
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
 * P2_TRIAL_NODES, the first that finishes kept (the last one tried has the
 * whole node bound); P1's turns appended, P2's solutions left in s2. P2
 * collects 16 for P3: 48 made P3 0.14 turns shorter and the reduction a
 * third slower (30 states). */
enum { P2_TRIALS = 8, P2_CANDIDATES = 16 };
#define P2_TRIAL_NODES 10000000L

static int reduce_p1(const gt_nnn4_tables *t, const gt_nnn4_layout *l, gt_nnn4_cube *cube, gt_turn *mv, int cap,
                     int *count, int phase_count[], phase_search *s2)
{
    phase_search *s1 = malloc(sizeof *s1);
    int order[CANDIDATES_MAX], rc = s1 ? GT_OK : GT_ERR_NOMEM;
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
            rc = run_phase(t, l, 1, &after, P2_CANDIDATES, k + 1 < tries ? P2_TRIAL_NODES : PHASE_NODES_MAX, s2);
            nodes += s2->nodes;
            if (rc == GT_ERR_TIMEOUT && k + 1 < tries)
                continue;
            if (rc == GT_OK)
                rc = append(t, cube, p1, n1, mv, cap, count);
            phase_count[0] = n1;
            break;
        }
    }
    if (s1)
        s2->nodes = nodes;
    free(s1);
    return rc;
}

/* One P2 candidate as P3 sees it: the cube after it, P3's start, P2's
 * length and the total bound (P2's length plus P3's bound). */
typedef struct p3_start {
    gt_nnn4_cube cube;
    gt_nnn4_coords coords;
    int index, length, cost;
} p3_start;

static int by_cost(const void *a, const void *b)
{
    const p3_start *x = a, *y = b;
    return x->cost != y->cost ? x->cost - y->cost : x->index - y->index;
}

/* P2's candidates that P3 can finish, by increasing total bound. */
static int p3_starts(const gt_nnn4_tables *t, const gt_nnn4_layout *l, const gt_nnn4_cube *cube,
                     const phase_search *s2, phase_search *s3, p3_start *c)
{
    int n = 0;
    phase_init(s3, t, 2);
    for (int i = 0; i < s2->n_found; i++) {
        c[n].cube = *cube;
        for (int k = 0; k < s2->found_length[i]; k++)
            gt_nnn4_cube_move(&t->model, &c[n].cube, s2->found[i][k]);
        coords_of(l, 2, &c[n].cube, &c[n].coords, NULL);
        int h = bound_of(s3, &c[n].coords, PHASE_DEPTH_MAX);
        c[n].index = i;
        c[n].length = s2->found_length[i];
        c[n].cost = c[n].length + h;
        n += h != UNREACHED;
    }
    qsort(c, (size_t)n, sizeof *c, by_cost);
    return n;
}

/* P3 after P2's candidates by increasing total: each total tried once on
 * every candidate whose own bound allows it, so the first P3 found makes
 * the shortest P2 + P3 of them all (P2's first solution is seldom the one
 * P3 finishes soonest after). The candidate's index into *chosen. */
static int reduce_p3(const gt_nnn4_tables *t, const gt_nnn4_layout *l, const gt_nnn4_cube *cube,
                     const phase_search *s2, phase_search *s3, int *chosen)
{
    p3_start *c = malloc((size_t)(s2->n_found ? s2->n_found : 1) * sizeof *c);
    if (!c)
        return GT_ERR_NOMEM;
    int n = p3_starts(t, l, cube, s2, s3, c), rc = n ? GT_ERR_TIMEOUT : GT_ERR_CORRUPT;
    long nodes = 0;
    for (int total = n ? c[0].cost : 0; rc == GT_ERR_TIMEOUT && total <= c[0].cost + PHASE_DEPTH_MAX; total++)
        for (int i = 0; i < n && c[i].cost <= total && nodes <= PHASE_NODES_MAX; i++) {
            gt_nnn4_coords root = c[i].coords;
            phase_init(s3, t, 2);
            s3->layout = l;
            s3->start = &c[i].cube;
            s3->node_cap = PHASE_NODES_MAX - nodes;
            int b = total - c[i].length;
            int done = b <= PHASE_DEPTH_MAX && dfs(s3, &root, 0, b, -1, bound_of(s3, &root, (unsigned)b));
            nodes += s3->nodes;
            if (done) {
                *chosen = c[i].index;
                rc = GT_OK;
                break;
            }
        }
    s3->nodes = nodes;
    free(c);
    return rc;
}

/* Did a block of a table read in place fail its check (its view's flag)? */
static int tables_damaged(const gt_nnn4_tables *t)
{
    for (int i = 0; i < GT_NNN4_TABLES; i++) {
        const gt_table *tab = t->loaded_table[i];
        if (tab && tab->view.damaged && __atomic_load_n(tab->view.damaged, __ATOMIC_RELAXED))
            return 1;
    }
    return 0;
}

int gt_nnn4_reduce(const gt_nnn4_tables *t, const gt_nnn *c, gt_turn *mv, int cap, int *count,
                   int phase_count[GT_NNN4_PHASES], long phase_nodes[GT_NNN4_PHASES])
{
    gt_nnn4_cube cube;
    gt_nnn4_layout layout;
    phase_search *s2 = malloc(sizeof *s2), *s3 = malloc(sizeof *s3);
    int rc = s2 && s3 ? gt_nnn4_cube_of(&t->model, c, &cube) : GT_ERR_NOMEM, chosen = 0;
    *count = 0;
    if (rc == GT_OK) {
        gt_nnn4_layout_init(&t->model, &layout);
        rc = reduce_p1(t, &layout, &cube, mv, cap, count, phase_count, s2);
    }
    if (rc == GT_OK && (rc = reduce_p3(t, &layout, &cube, s2, s3, &chosen)) == GT_OK &&
        (rc = append(t, &cube, s2->found[chosen], s2->found_length[chosen], mv, cap, count)) == GT_OK)
        rc = append(t, &cube, s3->path, s3->length, mv, cap, count);
    if (rc == GT_OK) {
        phase_count[1] = s2->found_length[chosen];
        phase_count[2] = s3->length;
    }
    if (phase_nodes && rc != GT_ERR_NOMEM) {
        phase_nodes[1] = s2->nodes;
        phase_nodes[2] = s3->nodes;
    }
    free(s2);
    free(s3);
    return rc == GT_OK && tables_damaged(t) ? GT_ERR_CORRUPT : rc;
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

/* Table i opened in place through map, with its descriptor, checked
 * against each other. */
static int map_one(gt_nnn4_map_fn map, void *user, int i, gt_puzzle **puzzle, gt_table **table)
{
    const gt_table_spec *spec = &gt_nnn4_specs[i];
    gt_table *t = NULL;
    int rc = map(user, spec->name, &t);
    if (rc == GT_OK && (rc = spec->make_puzzle(spec, puzzle)) == GT_OK &&
        (t->meta.n_states != (*puzzle)->n_states || t->data_bytes < ((*puzzle)->n_states + 1) / 2)) {
        spec->free_puzzle(*puzzle);
        rc = GT_ERR_CORRUPT;
    }
    if (rc) {
        gt_table_free(t);
        return rc;
    }
    *table = t;
    return GT_OK;
}

int gt_nnn4_tables_open(gt_nnn4_load_fn load, gt_nnn4_map_fn map, gt_nnn4_unload_fn unload, void *user,
                        gt_nnn4_tables **out)
{
    gt_nnn4_tables *t = calloc(1, sizeof *t);
    int rc = t ? gt_nnn4_model_init(&t->model) : GT_ERR_NOMEM;
    *out = NULL;
    for (int i = 0; rc == GT_OK && i < GT_NNN4_TABLES; i++) {
        rc = map && gt_nnn4_specs[i].storage == GT_STORAGE_MAPPED
                 ? map_one(map, user, i, &t->loaded_puzzle[i], &t->loaded_table[i])
                 : load(user, gt_nnn4_specs[i].name, &t->loaded_puzzle[i], &t->loaded_table[i]);
        if (rc != GT_OK) {
            t->loaded_puzzle[i] = NULL;
            t->loaded_table[i] = NULL;
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
