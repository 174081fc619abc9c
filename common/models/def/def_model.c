/* The definition model (def.h): moves with their powers, the orbits of the
 * positions, and each orbit's two factors, a multinomial permutation rank
 * and an orientation rank, enumerated from the solved state. The ranking
 * and its proof are in docs/definitions.md. */
#include "def_internal.h"
#include "gt_cpu.h"
#include "gt_error.h"
#include "table.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- moves ----------------------------------------------------------------- */

void gt_def_model_apply(const gt_def_model *m, int mv, uint8_t *perm, uint8_t *ori)
{
    const int total = m->def->total;
    const uint16_t *mp = m->perm + (size_t)mv * (size_t)total;
    const uint8_t *mo = m->ori + (size_t)mv * (size_t)total;
    uint8_t p[GT_DEF_MAX_POSITIONS], o[GT_DEF_MAX_POSITIONS];
    for (int j = 0; j < total; j++) {
        p[j] = perm[mp[j]];
        o[j] = (uint8_t)((ori[mp[j]] + mo[j]) % m->omod_at[j]);
    }
    memcpy(perm, p, (size_t)total);
    memcpy(ori, o, (size_t)total);
}

/* cur = cur followed by base move b of the definition (position j receives
 * what was at perm[j], twisted by ori[j]). */
static void compose_base(const gt_def_model *m, int b, uint16_t *perm, uint8_t *ori)
{
    const int total = m->def->total;
    const uint16_t *bp = m->def->move_perm + (size_t)b * (size_t)total;
    const uint8_t *bo = m->def->move_ori + (size_t)b * (size_t)total;
    uint16_t p[GT_DEF_MAX_POSITIONS];
    uint8_t o[GT_DEF_MAX_POSITIONS];
    for (int j = 0; j < total; j++) {
        p[j] = perm[bp[j]];
        o[j] = (uint8_t)((ori[bp[j]] + bo[j]) % m->omod_at[j]);
    }
    memcpy(perm, p, (size_t)total * sizeof *p);
    memcpy(ori, o, (size_t)total);
}

/* "R", "R2", "R'", "R2'": powers past half the order are written as inverses. */
static void power_name(char *out, size_t cap, const char *base, int p, int order)
{
    int q = order - p;
    if (p <= q)
        snprintf(out, cap, p == 1 ? "%s" : "%s%d", base, p);
    else
        snprintf(out, cap, q == 1 ? "%s'" : "%s%d'", base, q);
}

/* Adds base move b's power p (1 <= p < order) as a model move. */
static int add_power(gt_def_model *m, int b, int p, int order, int first, gt_def_error *err)
{
    const int total = m->def->total;
    if (m->n_moves == GT_MAX_MOVES)
        return gt_error_set(err, GT_ERR_INVAL, 0, 0, "more than %d moves with their powers", GT_MAX_MOVES);
    uint16_t *perm = m->perm + (size_t)m->n_moves * (size_t)total;
    uint8_t *ori = m->ori + (size_t)m->n_moves * (size_t)total;
    for (int j = 0; j < total; j++) {
        perm[j] = (uint16_t)j;
        ori[j] = 0;
    }
    for (int i = 0; i < p; i++)
        compose_base(m, b, perm, ori);
    power_name(m->names[m->n_moves], sizeof m->names[0], m->def->move_name[b], p, order);
    m->name_ptr[m->n_moves] = m->names[m->n_moves];
    m->base[m->n_moves] = (uint8_t)b;
    m->power[m->n_moves] = (uint8_t)p;
    m->order[m->n_moves] = (uint8_t)order;
    /* the inverse power q = order - p is added in the same run of this move */
    m->inverse[m->n_moves] = first + (order - p) - 1;
    m->n_moves++;
    return GT_OK;
}

static int expand_moves(gt_def_model *m, const gt_def_options *o, gt_def_error *err)
{
    const gt_def *def = m->def;
    int rc;
    m->perm = malloc((size_t)GT_MAX_MOVES * (size_t)def->total * sizeof *m->perm);
    m->ori = malloc((size_t)GT_MAX_MOVES * (size_t)def->total);
    if (!m->perm || !m->ori)
        return GT_ERR_NOMEM;
    for (int b = 0; b < def->n_moves; b++) {
        if (o->move_mask && !(o->move_mask >> b & 1))
            continue;
        int order = def->move_order[b], first = m->n_moves;
        if (order == 0)
            return gt_error_set(err, GT_ERR_INVAL, 0, 0, "move %s has an order above 255", def->move_name[b]);
        if (order == 1)
            return gt_error_set(err, GT_ERR_INVAL, 0, 0, "move %s changes nothing", def->move_name[b]);
        for (int p = 1; p < order; p++) {
            if (o->metric == GT_DEF_QTM && p != 1 && p != order - 1)
                continue; /* QTM keeps the move and its inverse */
            if ((rc = add_power(m, b, p, order, first, err)) != 0)
                return rc;
        }
        /* In QTM the inverse of power 1 is the second move added (or itself). */
        if (o->metric == GT_DEF_QTM) {
            m->inverse[first] = order > 2 ? first + 1 : first;
            if (order > 2)
                m->inverse[first + 1] = first;
        }
    }
    if (m->n_moves == 0)
        return gt_error_set(err, GT_ERR_INVAL, 0, 0, "no moves selected");
    return GT_OK;
}

/* ---- orbits ---------------------------------------------------------------- */

static int find_root(int *parent, int x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* One orbit from the positions of set s whose root is r. */
static void fill_orbit(gt_def_model *m, gt_def_orbit *ob, int s, int r, const int *parent)
{
    const gt_def *def = m->def;
    const gt_def_set *set = &def->set[s];
    uint8_t present[256] = {0};
    ob->set = s;
    ob->omod = set->omod;
    ob->k = 0;
    for (int j = 0; j < set->n; j++)
        if (parent[set->offset + j] == r) {
            ob->pos[ob->k++] = set->offset + j;
            present[def->solved_perm[set->offset + j]]++;
        }
    ob->n_labels = 0;
    for (int v = 0; v < 256; v++)
        if (present[v]) {
            ob->label_value[ob->n_labels] = (uint8_t)v;
            ob->count[ob->n_labels++] = present[v];
        }
}

int gt_def_perm_odd(const uint8_t *src, int k)
{
    uint8_t seen[GT_DEF_MAX_PIECES] = {0};
    int cycles = 0;
    for (int j = 0; j < k; j++) {
        if (seen[j])
            continue;
        cycles++;
        for (int x = j; !seen[x]; x = src[x])
            seen[x] = 1;
    }
    return (k - cycles) & 1;
}

/* The local moves of an orbit: new[j] = old[src[j]] + twist[j]; and
 * their signs (each search's legality check reads them). */
static int orbit_moves(gt_def_model *m, gt_def_orbit *ob)
{
    const int total = m->def->total;
    int local[GT_DEF_MAX_POSITIONS];
    ob->src = malloc((size_t)m->n_moves * (size_t)ob->k);
    ob->twist = malloc((size_t)m->n_moves * (size_t)ob->k);
    if (!ob->src || !ob->twist)
        return GT_ERR_NOMEM;
    for (int j = 0; j < ob->k; j++)
        local[ob->pos[j]] = j;
    for (int mv = 0; mv < m->n_moves; mv++)
        for (int j = 0; j < ob->k; j++) {
            ob->src[mv * ob->k + j] = (uint8_t)local[m->perm[(size_t)mv * (size_t)total + (size_t)ob->pos[j]]];
            ob->twist[mv * ob->k + j] = m->ori[(size_t)mv * (size_t)total + (size_t)ob->pos[j]];
        }
    ob->ori_kept = 1;
    for (int mv = 0; mv < m->n_moves; mv++) {
        int sum = 0;
        for (int j = 0; j < ob->k; j++)
            sum += ob->twist[mv * ob->k + j];
        ob->odd[mv] = (uint8_t)gt_def_perm_odd(ob->src + mv * ob->k, ob->k);
        ob->ori_kept &= sum % ob->omod == 0;
    }
    return GT_OK;
}

static int find_orbits(gt_def_model *m)
{
    const gt_def *def = m->def;
    int parent[GT_DEF_MAX_POSITIONS], rc;
    for (int j = 0; j < def->total; j++)
        parent[j] = j;
    for (int mv = 0; mv < m->n_moves; mv++)
        for (int j = 0; j < def->total; j++) {
            int a = find_root(parent, j), b = find_root(parent, m->perm[(size_t)mv * (size_t)def->total + (size_t)j]);
            parent[a < b ? b : a] = a < b ? a : b;
        }
    for (int j = 0; j < def->total; j++)
        parent[j] = find_root(parent, j);
    if (!(m->orbit = calloc((size_t)def->total, sizeof *m->orbit)))
        return GT_ERR_NOMEM;
    for (int s = 0; s < def->n_sets; s++)
        for (int j = 0; j < def->set[s].n; j++) {
            int p = def->set[s].offset + j;
            if (parent[p] != p)
                continue;
            gt_def_orbit *ob = &m->orbit[m->n_orbits++];
            fill_orbit(m, ob, s, p, parent);
            if ((rc = orbit_moves(m, ob)) != 0)
                return rc;
        }
    return GT_OK;
}

/* ---- factors: raw keys ------------------------------------------------------ */

/* The key of a factor's value after move mv. Distinct labels are ranked
 * inline (gt_def_perm_rank_of_move, their multiset rank), so that the
 * popcounts are this function's clones' instructions: a plan's probe of a
 * large orbit ranks millions of them, and the baseline's library popcount
 * was a tenth of it. */
GT_V3_CLONES static uint64_t factor_step(const void *ctx, uint64_t key, int mv)
{
    static const gt_def_factor lehmer = {.kind = DEF_PERM, .rank = DEF_RANK_PERM};
    const gt_def_factor_ctx *fc = ctx;
    const gt_def_orbit *ob = fc->ob;
    uint8_t a[GT_DEF_MAX_PIECES], b[GT_DEF_MAX_PIECES];
    const uint8_t *src = ob->src + mv * ob->k, *tw = ob->twist + mv * ob->k;
    if (fc->kind == DEF_ORI) {
        gt_def_ori_unrank(ob, key, a);
        for (int j = 0; j < ob->k; j++)
            b[j] = (uint8_t)((a[src[j]] + tw[j]) % ob->omod);
        return gt_def_ori_rank(ob, b);
    }
    gt_def_multiset_unrank(ob, key, a);
    if (ob->n_labels == ob->k && ob->k <= 20)
        return gt_def_perm_rank_of_move(&lehmer, ob->k, a, src);
    for (int j = 0; j < ob->k; j++)
        b[j] = a[src[j]];
    return gt_def_multiset_rank(ob, b);
}

uint64_t gt_def_factor_step(const void *ctx, uint64_t key, int mv)
{
    return factor_step(ctx, key, mv);
}

/* Which moves a factor's enumeration applies: each base's first power;
 * the next powers follow from the one before, the last one in the quarter
 * turn metric from the first's inverse (a plan's probe of an orbit applies
 * a move for each base instead of each power: 19 times fewer for moves of
 * order 20, twice fewer for the Dino Cube's). */
void gt_def_enum_powers_of(const gt_def_model *m, gt_def_enum_powers *pw)
{
    for (int mv = 0, first = 0; mv < m->n_moves; mv++) {
        const int p = m->power[mv];
        if (p == 1)
            first = mv;
        pw->gen[mv] = (uint8_t)first;
        if (p == 1)
            pw->kind[mv] = DEF_MOVE_APPLY;
        else if (mv > 0 && m->base[mv - 1] == m->base[mv] && m->power[mv - 1] == p - 1)
            pw->kind[mv] = DEF_MOVE_NEXT;
        else if (p == m->order[mv] - 1)
            pw->kind[mv] = DEF_MOVE_INVERSE;
        else
            pw->kind[mv] = DEF_MOVE_APPLY;
    }
}

/* Enumerates one factor of an orbit. */
/* The values an orbit's factor could take (omod^k orientations, the
 * multinomial of its labels), 0 past 2^62. */
static uint64_t factor_all(const gt_def_orbit *ob, int kind)
{
    uint64_t v = 1;
    if (kind == DEF_PERM)
        return gt_def_multinomial(ob->count, ob->n_labels);
    if (!gt_def_ori_fits(ob))
        return 0;
    for (int i = 0; i < ob->k; i++)
        v *= (uint64_t)ob->omod;
    return v;
}

/* A factor past factor_max values is first enumerated up to 1/16 of it
 * (a subset of moves may reach few of them); past that, it is computed. */
#define DEF_PROBE_SHIFT 4

/* Enumerates one factor of an orbit, or, when it can take more than
 * GT_DEF_FACTOR_MAX values and reaches more than DEF_PROBE_MAX, plans its
 * computed rank (def_rank.c). Factor fi's orbit and kind are set. The
 * enumeration stays within the budget's room: past it, GT_ERR_RANGE with
 * the figure (never a computed rank instead: the layout must not depend on
 * the budget, or a table would not match the model its reader plans). */
static int plan_factor(gt_def_model *m, int fi, gt_def_error *err)
{
    gt_def_factor *f = &m->factor[fi];
    const int kind = f->kind;
    const gt_def_orbit *ob = &m->orbit[f->orbit];
    const gt_def_set *set = &m->def->set[ob->set];
    gt_def_factor_ctx fc = {ob, kind};
    uint64_t all = factor_all(ob, kind), room = gt_def_model_room(m, 0);
    int rc;
    if (all == 0)
        return gt_error_set(err, GT_ERR_RANGE, 0, 0, "set %s: an orbit of %d pieces has too many %s to rank",
                            set->name, ob->k, kind == DEF_PERM ? "arrangements" : "orientations");
    uint64_t start = gt_def_factor_key(m, f, m->def->solved_perm, m->def->solved_ori);
    gt_def_enum_powers pw;
    gt_def_enum_powers_of(m, &pw);
    rc = gt_def_enum_build_powers(&f->e, start, m->n_moves, &pw, factor_step, &fc,
                                  all > m->factor_max ? (m->factor_max >> DEF_PROBE_SHIFT) + 1 : m->factor_max, room);
    if (rc == GT_ERR_NOMEM && m->max_bytes != UINT64_MAX) {
        uint64_t most = all > m->factor_max ? (m->factor_max >> DEF_PROBE_SHIFT) + 1 : all;
        return gt_error_set(err, GT_ERR_RANGE, 0, 0,
                            "planning needs up to %.1f MiB, more than the %.1f MiB allowed (set %s: the %s of an "
                            "orbit of %d positions, up to %" PRIu64 " values, each with its %d moves' row)",
                            ((double)gt_def_model_held(m) + (double)most * (double)DEF_ENUM_VALUE_BYTES(m->n_moves)) /
                                1048576.0,
                            (double)m->max_bytes / 1048576.0, set->name,
                            kind == DEF_ORI ? "orientations" : "permutations", ob->k, most, m->n_moves);
    }
    if (rc == GT_ERR_RANGE && all > m->factor_max) {
        int computed = 0;
        for (int i = 0; i < m->n_factors; i++)
            computed += m->factor[i].rank != DEF_RANK_ENUM;
        if (computed == DEF_MAX_COMPUTED)
            return gt_error_set(err, rc, 0, 0, "set %s: more than %d orbits past %u values", set->name,
                                DEF_MAX_COMPUTED, m->factor_max);
        rc = gt_def_computed_plan(m, f);
    }
    if (rc == GT_ERR_RANGE)
        return gt_error_set(err, rc, 0, 0, "set %s: the %s of an orbit of %d positions reach more than %u values",
                            set->name, kind == DEF_ORI ? "orientations" : "permutations", ob->k, m->factor_max);
    if (rc == GT_OK && f->rank == DEF_RANK_ENUM)
        f->size = f->e.size;
    return rc;
}

/* When some factor is computed, the index is the product of every
 * factor's size (def_big.c): those planned so far give a lower bound, and
 * a plan sure to pass the budget with its table stops there, before the
 * others are enumerated (professor_skewb.tws: two orbits of 12!/2 values
 * settle it, six orbits of 7,484,400 values would take minutes and GiB). */
static int check_lower_bound(const gt_def_model *m, gt_def_error *err)
{
    long double states = 1;
    int computed = 0, n_names = 0;
    char names[96] = "";
    for (int f = 0; f < m->n_factors; f++) {
        const gt_def_factor *fc = &m->factor[f];
        computed |= fc->rank != DEF_RANK_ENUM;
        if (fc->size > 1)
            states *= (long double)fc->size;
        n_names += fc->rank != DEF_RANK_ENUM;
        if (fc->rank != DEF_RANK_ENUM && strlen(names) + GT_DEF_NAME_MAX + 3 < sizeof names)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "",
                     m->def->set[m->orbit[fc->orbit].set].name);
    }
    /* the least a table can be built in: at 2 bits a state (def_coord.c) */
    long double table = states / 4, flight = table <= (long double)GT_TABLE_SINGLE_MAX ? table : GT_TABLE_PART_BYTES;
    long double bytes = table + flight + (long double)gt_def_model_held(m);
    char count[48];
    if (!computed || m->max_bytes == UINT64_MAX || bytes <= (long double)m->max_bytes)
        return GT_OK;
    snprintf(count, sizeof count, states < 1e18L ? "%.0Lf" : "%.4Lg", states); /* exact while it fits */
    return gt_error_set(err, GT_ERR_RANGE, 0, 0,
                        "the table needs at least %.1Lf MiB (an index of at least %s states: the product of "
                        "the orbits' values, %s %s ranked by computation), more than the %.1f MiB allowed",
                        bytes / 1048576.0L, count, n_names > 1 ? "sets" : "set", names, (double)m->max_bytes / 1048576.0);
}

/* The unplanned factor of fewest possible values (-1 when none is left):
 * a planned one has its size, a computed one is never unplanned. */
static int next_small(const gt_def_model *m)
{
    int best = -1;
    uint64_t best_all = 0;
    for (int f = 0; f < m->n_factors; f++) {
        uint64_t all = factor_all(&m->orbit[m->factor[f].orbit], m->factor[f].kind);
        if (m->factor[f].size == 0 && (best < 0 || all < best_all)) {
            best = f;
            best_all = all;
        }
    }
    return best;
}

/* The factors in the file's order of orbits (permutation, then
 * orientation): the index's layout. Those that may pass
 * GT_DEF_FACTOR_MAX values are planned first (a probe, then a computed
 * rank: no big table), so that check_lower_bound sees their sizes before
 * the others' enumerations are paid for. */
static int plan_factors(gt_def_model *m, gt_def_error *err)
{
    int rc;
    m->n_factors = 0;
    for (int o = 0; o < m->n_orbits; o++)
        for (int kind = DEF_PERM; kind <= DEF_ORI; kind++) {
            if (kind == DEF_ORI && m->orbit[o].omod <= 1)
                continue;
            if (m->n_factors == DEF_MAX_FACTORS)
                return gt_error_set(err, GT_ERR_RANGE, 0, 0, "more than %d piece orbits", DEF_MAX_FACTORS / 2);
            m->factor[m->n_factors++] = (gt_def_factor){.orbit = o, .kind = kind, .rank = DEF_RANK_ENUM};
        }
    for (int f = 0; f < m->n_factors; f++) {
        uint64_t all = factor_all(&m->orbit[m->factor[f].orbit], m->factor[f].kind);
        if ((all == 0 || all > m->factor_max) && (rc = plan_factor(m, f, err)) != 0)
            return rc;
    }
    /* the others smallest first: the bound grows at the least cost */
    for (int f; (f = next_small(m)) >= 0;)
        if ((rc = check_lower_bound(m, err)) != 0 || (rc = plan_factor(m, f, err)) != 0)
            return rc;
    return check_lower_bound(m, err);
}

uint64_t gt_def_model_held(const gt_def_model *m)
{
    uint64_t held = 0;
    for (int f = 0; f < m->n_factors; f++)
        held += m->factor[f].e.bytes;
    for (int c = 0; c < GT_MAX_COORDS; c++)
        held += m->coord[c].bytes;
    return held;
}

uint64_t gt_def_model_room(const gt_def_model *m, uint64_t extra)
{
    uint64_t held = gt_def_model_held(m);
    if (m->max_bytes == UINT64_MAX)
        return UINT64_MAX;
    return held + extra >= m->max_bytes ? 0 : m->max_bytes - held - extra;
}

int gt_def_model_plan(const gt_def *def, const gt_def_options *o, gt_def_model **out, gt_def_error *err)
{
    return gt_def_model_plan_limit(def, o, 0, out, err);
}

/* The moves and the orbits: what every plan starts with. */
static int plan_start(const gt_def *def, const gt_def_options *o, uint32_t factor_max, gt_def_model **out,
                      gt_def_error *err)
{
    gt_def_model *m = calloc(1, sizeof *m);
    int rc;
    *out = NULL;
    if (err)
        memset(err, 0, sizeof *err);
    if (!m)
        return GT_ERR_NOMEM;
    m->def = def;
    m->metric = o->metric;
    m->factor_max = factor_max ? factor_max : GT_DEF_FACTOR_MAX;
    m->max_bytes = o->max_bytes ? o->max_bytes : UINT64_MAX;
    m->bfs_only = o->bfs_only;
    if (gt_def_check_model(def, err) != GT_OK) { /* a .def file past the model's limits */
        rc = GT_ERR_INVAL;
        goto free_model;
    }
    if (def->n_moves < 64 && o->move_mask >> def->n_moves) { /* (no shift by 64) */
        rc = gt_error_set(err, GT_ERR_INVAL, 0, 0, "a selected move does not exist");
        goto free_model;
    }
    if (!(m->omod_at = malloc((size_t)def->total))) {
        rc = GT_ERR_NOMEM;
        goto free_model;
    }
    for (int s = 0; s < def->n_sets; s++)
        memset(m->omod_at + def->set[s].offset, def->set[s].omod, (size_t)def->set[s].n);
    if ((rc = expand_moves(m, o, err)) != 0 || (rc = find_orbits(m)) != 0)
        goto free_model;
    *out = m;
    return GT_OK;
free_model:
    gt_def_model_free(m);
    return rc;
}

int gt_def_model_plan_orbits(const gt_def *def, const gt_def_options *o, gt_def_model **out, gt_def_error *err)
{
    return plan_start(def, o, 0, out, err);
}

int gt_def_model_plan_limit(const gt_def *def, const gt_def_options *o, uint32_t factor_max, gt_def_model **out,
                            gt_def_error *err)
{
    gt_def_model *m;
    int rc = plan_start(def, o, factor_max, &m, err);
    if (rc)
        return rc;
    if ((rc = plan_factors(m, err)) != 0 || (rc = gt_def_big_plan(m, err)) != 0 ||
        (!m->ranked && (rc = gt_def_plan_coords(m, err)) != 0)) {
        gt_def_model_free(m);
        return rc;
    }
    *out = m;
    return GT_OK;
}

void gt_def_model_free(gt_def_model *m)
{
    if (!m)
        return;
    for (int c = 0; c < GT_MAX_COORDS; c++)
        gt_def_enum_free(&m->coord[c]);
    for (int f = 0; f < m->n_factors; f++)
        gt_def_enum_free(&m->factor[f].e);
    for (int o = 0; o < m->n_orbits; o++) {
        free(m->orbit[o].src);
        free(m->orbit[o].twist);
    }
    free(m->orbit);
    free(m->parity_orbit);
    for (int c = 0; c < GT_MAX_COORDS; c++)
        free(m->parity[c]);
    free(m->perm);
    free(m->ori);
    free(m->omod_at);
    free(m);
}

const char *const *gt_def_model_move_names(const gt_def_model *m)
{
    return m->name_ptr;
}

/* How many times moves[i] repeats from i on (1 when it does not, or when
 * the run adds up to no turn at all, which an optimal walk never holds). */
static int run_length(const gt_def_model *m, const uint8_t *moves, int n, int i)
{
    int k = 1;
    if (m->metric != GT_DEF_QTM)
        return 1;
    while (i + k < n && moves[i + k] == moves[i])
        k++;
    return (k * m->power[moves[i]]) % m->order[moves[i]] ? k : 1;
}

int gt_def_model_format_moves(const gt_def_model *m, const uint8_t *moves, int n, char *out, size_t cap)
{
    size_t len = 0;
    if (cap == 0)
        return GT_ERR_RANGE;
    out[0] = 0;
    for (int i = 0, k; i < n; i += k) {
        char name[GT_DEF_NAME_MAX + 8];
        const int mv = moves[i], order = m->order[mv];
        k = run_length(m, moves, n, i);
        if (k > 1) /* "R R" is the power R2 (still k quarter turns) */
            power_name(name, sizeof name, m->def->move_name[m->base[mv]], k * m->power[mv] % order, order);
        else
            snprintf(name, sizeof name, "%s", m->names[mv]);
        int w = snprintf(out + len, cap - len, "%s%s", i ? " " : "", name);
        if (w < 0 || (size_t)w >= cap - len) {
            out[len] = 0;
            return GT_ERR_RANGE;
        }
        len += (size_t)w;
    }
    return GT_OK;
}

int gt_def_model_written_once(const gt_def_model *m, const uint8_t *moves, int n)
{
    for (int i = 0, k; i < n; i += k) {
        const int mv = moves[i], order = m->order[mv];
        k = run_length(m, moves, n, i);
        /* k times the inverse turn is written as k times the turn when
         * they are the same power: 2k = order ("R' R'" of a 4-cycle) */
        if (k > 1 && 2 * m->power[mv] > order && 2 * k == order)
            return 0;
    }
    return 1;
}
