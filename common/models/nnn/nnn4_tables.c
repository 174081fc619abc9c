/* The 4x4x4 reduction's tables (nnn4.h): five descriptors for the one BFS,
 * each a phase's moves acting on one or two coordinates (nnn4_coord.c) or
 * on a 24-bit mask, from the phase's goal set. */
#include "nnn4.h"
#include "nnn4_coord.h"
#include "bfs.h"
#include "gt_error.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

static const char *const move_names[GT_NNN4_MOVES] = {
    "U", "U2", "U'", "Uw", "Uw2", "Uw'", "R", "R2", "R'", "Rw", "Rw2", "Rw'", "F", "F2", "F'", "Fw", "Fw2", "Fw'",
    "D", "D2", "D'", "Dw", "Dw2", "Dw'", "L", "L2", "L'", "Lw", "Lw2", "Lw'", "B", "B2", "B'", "Bw", "Bw2", "Bw'",
};

/* Per table: its phase, and its coordinates (negative: a mask, of the
 * centres (MASK_CENTRES) or of the wings (MASK_WINGS), or the pairing). */
enum { MASK_CENTRES = -1, MASK_WINGS = -2, PAIRING = -3 };
typedef struct table_def {
    int phase, coord[2];
} table_def;

static const table_def defs[GT_NNN4_TABLES] = {
    {0, {MASK_CENTRES, 0}},
    {1, {GT_NNN4_F16, GT_NNN4_B16S}},
    {1, {MASK_WINGS, 0}},
    {2, {PAIRING, 0}},
    {2, {GT_NNN4_LRUD, GT_NNN4_FBP}},
};

typedef struct nnn4_puzzle {
    gt_puzzle p; /* first: the descriptor handed out is this struct */
    gt_nnn4_model model;
    gt_nnn4_layout layout;
    const table_def *def;
    const char *names[GT_NNN4_MOVES];
    int inverse[GT_NNN4_MOVES];
    uint32_t *move[2];
    uint64_t *goals;
} nnn4_puzzle;

int gt_nnn4_is_mask(const gt_puzzle *p)
{
    return p->n_coords == 0 && !gt_nnn4_is_pairing(p);
}

int gt_nnn4_is_pairing(const gt_puzzle *p)
{
    const nnn4_puzzle *x = p->ctx;
    return x->def->coord[0] == PAIRING;
}

const uint32_t (*gt_nnn4_mask_tables(const gt_puzzle *p, int local_move))[256]
{
    const nnn4_puzzle *x = p->ctx;
    int mv = x->model.moves[x->def->phase][local_move];
    return x->def->coord[0] == MASK_CENTRES ? x->model.cmask[mv] : x->model.wmask[mv];
}

/* ---- the mask tables' BFS levels ---- */

static uint64_t mask_seed(const gt_puzzle *p, uint8_t *dist)
{
    dist[p->solved] = 0;
    return 1;
}

/* The cells a level set (only it writes their value). */
static uint64_t cells_at(const uint8_t *dist, uint64_t n, uint8_t depth, int threads)
{
    uint64_t found = 0;
#pragma omp parallel for num_threads(threads) reduction(+ : found)
    for (int64_t s = 0; s < (int64_t)n; s++)
        found += dist[s] == depth;
    return found;
}

static uint64_t mask_expand(const gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads)
{
    const nnn4_puzzle *x = p->ctx;
    const uint32_t(*t[GT_NNN4_MOVES])[256];
    (void)forward; /* a forward scan always: 16M cells, a level in ~0.1 s */
    for (int i = 0; i < p->n_moves; i++)
        t[i] = gt_nnn4_mask_tables(&x->p, i);
#pragma omp parallel for num_threads(threads) schedule(static, 1 << 14)
    for (int64_t s = 0; s < (int64_t)p->n_states; s++)
        if (dist[s] == depth)
            for (int i = 0; i < p->n_moves; i++) {
                uint32_t n = gt_nnn4_mask_move(t[i], (uint32_t)s);
                if (dist[n] == GT_UNREACHED)
                    dist[n] = (uint8_t)(depth + 1);
            }
    return cells_at(dist, p->n_states, (uint8_t)(depth + 1), threads);
}

static const gt_bfs_levels mask_levels = {.seed = mask_seed, .expand = mask_expand};

/* The pairing's levels, forward up to the cap (GT_NNN4_PAIRING_CAP): ~22M
 * pairings expanded by unrank, move, rank. */
static uint64_t pairing_expand(const gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads)
{
    const nnn4_puzzle *x = p->ctx;
    (void)forward;
    if (depth + 1 >= GT_NNN4_PAIRING_CAP)
        return 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1 << 16)
    for (int64_t s = 0; s < (int64_t)p->n_states; s++) {
        if (dist[s] != depth)
            continue;
        uint8_t sigma[12], next[12];
        gt_nnn4_pairing_unrank((uint32_t)s, sigma);
        for (int i = 0; i < p->n_moves; i++) {
            gt_nnn4_pairing_move(&x->layout, sigma, x->model.moves[x->def->phase][i], next);
            uint32_t n = gt_nnn4_pairing_rank(next);
            if (dist[n] == GT_UNREACHED)
                dist[n] = (uint8_t)(depth + 1);
        }
    }
    return cells_at(dist, p->n_states, (uint8_t)(depth + 1), threads);
}

static const gt_bfs_levels pairing_levels = {.seed = mask_seed, .expand = pairing_expand};

/* ---- descriptors ---- */

static void nnn4_free(gt_puzzle *p)
{
    nnn4_puzzle *x = p ? p->ctx : NULL;
    if (!x)
        return;
    free(x->move[0]);
    free(x->move[1]);
    free(x->goals);
    free(x);
}

static int fill_moves(nnn4_puzzle *x, int k)
{
    int kind = x->def->coord[k], n = x->p.n_moves, ph = x->def->phase;
    uint32_t size = gt_nnn4_coord_size(kind);
    x->move[k] = malloc((size_t)size * (size_t)n * sizeof *x->move[k]);
    if (!x->move[k])
        return GT_ERR_NOMEM;
    for (uint32_t v = 0; v < size; v++)
        for (int i = 0; i < n; i++)
            x->move[k][(size_t)v * (size_t)n + (size_t)i] =
                gt_nnn4_coord_move(&x->model, &x->layout, kind, v, x->model.moves[ph][i]);
    x->p.coord[k] = (gt_coord){.name = "nnn4", .size = size, .move = x->move[k]};
    return GT_OK;
}

static nnn4_puzzle *puzzle_new(const table_def *def, const char *name)
{
    nnn4_puzzle *x = calloc(1, sizeof *x);
    if (!x || gt_nnn4_model_init(&x->model) != GT_OK) {
        free(x);
        return NULL;
    }
    gt_nnn4_layout_init(&x->model, &x->layout);
    x->def = def;
    int ph = def->phase, n = x->model.n_moves[ph];
    for (int i = 0; i < n; i++) {
        int mv = x->model.moves[ph][i], inv = mv - mv % 3 + 2 - mv % 3;
        x->names[i] = move_names[mv];
        for (int j = 0; j < n; j++)
            if (x->model.moves[ph][j] == inv)
                x->inverse[i] = j;
    }
    x->p = (gt_puzzle){.name = name, .metric = "obtm", .n_moves = n, .move_names = x->names,
                       .move_inverse = x->inverse, .ctx = x};
    return x;
}

/* The F/B splits P3's turns reach from solved or from the F/B axis turned
 * half a turn (P3 ends solved up to such a turn: nnn4.h): P2's centre goals. */
static int fb_goals(nnn4_puzzle *x, uint64_t *goals)
{
    uint8_t in[70] = {0}, list[70];
    int n = 0;
    for (int face = 2; face < 6; face += 3) {
        uint32_t v = gt_nnn4_split_of_face(&x->model, &x->layout, face);
        if (!in[v]) {
            in[v] = 1;
            list[n++] = (uint8_t)v;
        }
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < x->model.n_moves[2]; k++) {
            uint32_t v = gt_nnn4_coord_move(&x->model, &x->layout, GT_NNN4_FB, list[i], x->model.moves[2][k]);
            if (!in[v]) {
                in[v] = 1;
                list[n++] = (uint8_t)v;
            }
        }
    for (int i = 0; i < n; i++)
        goals[i] = (uint64_t)gt_nnn4_f16_of_split(&x->layout, list[i], 1) * 3640 +
                   gt_nnn4_f16_of_split(&x->layout, list[i], 0) * 2;
    return n;
}

static int set_goals(nnn4_puzzle *x)
{
    const gt_nnn4_model *m = &x->model;
    const gt_nnn4_layout *l = &x->layout;
    uint32_t lr_axis = 0;
    switch ((int)(x->def - defs)) {
    case 0:
        for (int i = 0; i < 24; i++)
            lr_axis |= (uint32_t)(m->centre_face[i] % 3 == 1) << i;
        x->p.solved = lr_axis;
        return GT_OK;
    case 1:
        if (!(x->goals = malloc(70 * sizeof *x->goals)))
            return GT_ERR_NOMEM;
        x->p.n_goals = (uint64_t)fb_goals(x, x->goals);
        break;
    case 2: x->p.solved = 0x555555; return GT_OK; /* high pieces on the even (high) positions */
    case 3: x->p.solved = 0; return GT_OK; /* every edge paired: sigma the identity */
    default: /* solved, or turned half a turn about an axis (x2, y2, z2: two of the splits swapped) */
        if (!(x->goals = malloc(4 * sizeof *x->goals)))
            return GT_ERR_NOMEM;
        for (int turned = 0; turned < 4; turned++) {
            int ud = turned == 1 || turned == 3, lr = turned >= 2, fb = turned == 1 || turned == 2;
            x->goals[turned] = ((uint64_t)gt_nnn4_split_of_face(m, l, 1 + 3 * lr) * 70 +
                                gt_nnn4_split_of_face(m, l, 3 * ud)) * 140 +
                               gt_nnn4_split_of_face(m, l, 2 + 3 * fb) * 2;
        }
        x->p.n_goals = 4;
        break;
    }
    x->p.solved = x->goals[0];
    x->p.goals = x->goals;
    return GT_OK;
}

static int nnn4_make(const gt_table_spec *spec, gt_puzzle **out)
{
    const table_def *def = spec->arg;
    nnn4_puzzle *x = puzzle_new(def, spec->name);
    int rc = x ? GT_OK : GT_ERR_NOMEM;
    *out = NULL;
    if (rc == GT_OK && def->coord[0] == PAIRING) {
        x->p.n_states = 239500800; /* 12! / 2 */
        x->p.levels = &pairing_levels;
    } else if (rc == GT_OK && def->coord[0] < 0) {
        x->p.n_states = 1u << 24;
        x->p.levels = &mask_levels;
    } else if (rc == GT_OK) {
        if ((rc = fill_moves(x, 0)) == GT_OK && (rc = fill_moves(x, 1)) == GT_OK) {
            x->p.n_coords = 2;
            x->p.n_states = (uint64_t)x->p.coord[0].size * x->p.coord[1].size;
        }
    }
    if (rc == GT_OK)
        rc = set_goals(x);
    if (rc) {
        if (x)
            nnn4_free(&x->p);
        return rc;
    }
    *out = &x->p;
    return GT_OK;
}

#define NNN4_SPEC(i, table, what, ...)                                                                         \
    {.name = table, .family = "nnn", .summary = what, .encoding = GT_ENC_NIBBLE, .zstd_level = 3,              \
     .in_default = 1, .make_puzzle = nnn4_make, .free_puzzle = nnn4_free, .arg = &defs[i],                     \
     .chunk_bytes = 1 << 20, __VA_ARGS__}

const gt_table_spec gt_nnn4_specs[GT_NNN4_TABLES] = {
    NNN4_SPEC(0, "nnn4-p1", "4x4x4 reduction P1: the L/R centres onto L and R (36 turns; 2^24 masks)"),
    NNN4_SPEC(1, "nnn4-p2-centres", "4x4x4 reduction P2: U/D and F/B centres onto their axes (28 turns)"),
    NNN4_SPEC(2, "nnn4-p2-wings", "4x4x4 reduction P2: every wing on a high or low position as its kind (28 turns)"),
    NNN4_SPEC(3, "nnn4-p3-pairs", "4x4x4 reduction P3: every edge paired (17 turns; distances below 10)",
              .storage = GT_STORAGE_MAPPED), /* 120 MB read in place: a query faults in what it reads */
    NNN4_SPEC(4, "nnn4-p3-centres",
              "4x4x4 reduction P3: the centres solved (or turned a half turn), 3x3x3 parity even (17 turns)"),
};

const gt_table_spec *gt_nnn4_spec(int phase, int which)
{
    static const int spec_of[GT_NNN4_PHASES][GT_NNN4_PHASE_TABLES] = {{0, -1}, {1, 2}, {3, 4}};
    if (phase < 0 || phase >= GT_NNN4_PHASES || which < 0 || which >= GT_NNN4_PHASE_TABLES)
        return NULL;
    return spec_of[phase][which] < 0 ? NULL : &gt_nnn4_specs[spec_of[phase][which]];
}

int gt_nnn4_phase_tables(int phase)
{
    return phase == 0 ? 1 : 2;
}
