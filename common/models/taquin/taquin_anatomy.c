/* Types of flip-taquin configurations (orbits of the board's symmetry group)
 * and the quotient graph of article 2.6-2.7: representatives, orbit sizes,
 * closer / farther neighbour types with move counts, niches, the parity
 * property, and distances between types. */
#include "taquin.h"
#include "gt_error.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* The images of a rank under every symmetry, decoding the digits once. */
static void sym_images(const gt_taquin_board *b, uint64_t rank, uint64_t *images)
{
    int digit[GT_TAQUIN_MAX_ORBITS];
    for (int i = 0; i < b->n_orbits; i++)
        digit[i] = (int)(rank / b->orbit_weight[i] % 6);
    for (int k = 0; k < b->n_syms; k++) {
        uint64_t out = 0;
        for (int i = 0; i < b->n_orbits; i++)
            out += (uint64_t)b->sym_digit[k][i][digit[i]] * b->orbit_weight[b->sym_orbit[k][i]];
        for (int j = 0; j < b->n_axis; j++)
            out |= ((rank >> j) & 1u) << b->sym_axis[k][j];
        images[k] = out;
    }
}

/* Representative (smallest rank of the orbit) and stabiliser mask. */
static void orbit_info(const gt_taquin_board *b, uint64_t rank, uint64_t *rep, unsigned *stab)
{
    uint64_t images[GT_TAQUIN_MAX_SYMS];
    sym_images(b, rank, images);
    uint64_t best = rank;
    unsigned mask = 0;
    for (int k = 0; k < b->n_syms; k++) {
        if (images[k] < best)
            best = images[k];
        if (images[k] == rank)
            mask |= 1u << k;
    }
    *rep = best;
    *stab = mask;
}

int gt_taquin_type_of(const gt_puzzle *p, uint64_t rank, uint64_t *representative,
                      int *orbit_size, unsigned *stabiliser)
{
    const gt_taquin_board *b;
    int rc = gt_taquin_board_of(p, &b);
    if (rc)
        return rc;
    if (rank >= b->n_states)
        return GT_ERR_INVAL;
    unsigned stab;
    orbit_info(b, rank, representative, &stab);
    if (orbit_size)
        *orbit_size = b->n_syms / __builtin_popcount(stab);
    if (stabiliser)
        *stabiliser = stab;
    return GT_OK;
}

/* The board of p, with a distance table and a place for the result.
 * Return values: GT_OK, gt_taquin_board_of's, GT_ERR_INVAL. */
static int board_with(const gt_puzzle *p, const uint8_t *dist, const void *out, const gt_taquin_board **b)
{
    int rc = gt_taquin_board_of(p, b);
    if (rc)
        return rc;
    return dist && out ? GT_OK : GT_ERR_INVAL;
}

int gt_taquin_count_types(const gt_puzzle *p, const uint8_t *dist, int threads,
                          gt_taquin_type_counts *out)
{
    const gt_taquin_board *b;
    int rc = board_with(p, dist, out, &b);
    if (rc)
        return rc;
    if (threads <= 0)
        threads = omp_get_max_threads();
    gt_taquin_type_counts total;
    memset(&total, 0, sizeof total);
    const int64_t n = (int64_t)b->n_states;
#pragma omp parallel num_threads(threads)
    {
        gt_taquin_type_counts local;
        memset(&local, 0, sizeof local);
#pragma omp for schedule(static, 65536)
        for (int64_t s = 0; s < n; s++) {
            uint64_t rep;
            unsigned stab;
            orbit_info(b, (uint64_t)s, &rep, &stab);
            if (rep == (uint64_t)s) {
                local.types++;
                local.by_orbit_size[b->n_syms / __builtin_popcount(stab)]++;
                local.per_distance[dist[s]]++;
            }
            for (int m = 0; m < p->n_moves; m++) {
                uint64_t t = gt_puzzle_move(p, (uint64_t)s, m);
                local.fixed_moves += t == (uint64_t)s;
                local.level_moves += dist[t] == dist[s];
            }
        }
#pragma omp critical
        {
            total.types += local.types;
            total.fixed_moves += local.fixed_moves;
            total.level_moves += local.level_moves;
            for (int k = 0; k <= GT_TAQUIN_MAX_SYMS; k++)
                total.by_orbit_size[k] += local.by_orbit_size[k];
            for (int d = 0; d <= GT_MAX_DEPTH; d++)
                total.per_distance[d] += local.per_distance[d];
        }
    }
    total.bipartite = total.level_moves == 0;
    *out = total;
    return GT_OK;
}

/* Adds one move from a representative to the link list of its class. */
static void add_link(gt_taquin_link *links, int *count, int type, int move)
{
    for (int i = 0; i < *count; i++)
        if (links[i].type == type) {
            links[i].moves++;
            links[i].move_mask |= (uint16_t)(1u << move);
            return;
        }
    links[*count].type = type;
    links[*count].moves = 1;
    links[*count].move_mask = (uint16_t)(1u << move);
    (*count)++;
}

static int compare_links(const void *x, const void *y)
{
    const gt_taquin_link *a = x, *b = y;
    return (a->type > b->type) - (a->type < b->type);
}

static int compare_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Breadth-first distances from every type over the (symmetric) type links. */
static int quotient_distances(gt_taquin_anatomy *a)
{
    const int n = a->n_types;
    const size_t count = (size_t)(unsigned)n;
    int rc = GT_OK;
    int *queue = malloc(count * sizeof *queue);
    a->qdist = malloc(count * count);
    if (!queue || !a->qdist) {
        free(a->qdist);
        a->qdist = NULL;
        rc = GT_ERR_NOMEM;
        goto free_queue;
    }
    for (int from = 0; from < n; from++) {
        uint8_t *row = a->qdist + (size_t)from * count;
        memset(row, GT_UNREACHED, count);
        int head = 0, tail = 0;
        row[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            int current = queue[head++];
            const gt_taquin_type *t = &a->types[current];
            const gt_taquin_link *lists[3] = {t->up, t->down, t->level};
            int counts[3] = {t->n_up, t->n_down, t->n_level};
            for (int l = 0; l < 3; l++)
                for (int i = 0; i < counts[l]; i++) {
                    int u = lists[l][i].type;
                    if (row[u] == GT_UNREACHED) {
                        row[u] = (uint8_t)(row[current] + 1);
                        queue[tail++] = u;
                    }
                }
        }
    }
free_queue:
    free(queue);
    return rc;
}

static void describe_type(const gt_taquin_board *b, const gt_puzzle *p, const uint8_t *dist,
                          gt_taquin_anatomy *a, gt_taquin_type *t)
{
    unsigned stab;
    uint64_t rep;
    orbit_info(b, t->rep_rank, &rep, &stab);
    t->stabiliser = stab;
    t->orbit_size = b->n_syms / __builtin_popcount(stab);
    gt_taquin_unrank(b, t->rep_rank, &t->rep_code);
    for (int m = 0; m < p->n_moves; m++) {
        uint64_t next = gt_puzzle_move(p, t->rep_rank, m);
        int u = (int)a->type_of[next];
        if (dist[next] < t->distance)
            add_link(t->up, &t->n_up, u, m);
        else if (dist[next] > t->distance)
            add_link(t->down, &t->n_down, u, m);
        else
            add_link(t->level, &t->n_level, u, m);
    }
    qsort(t->up, (size_t)t->n_up, sizeof t->up[0], compare_links);
    qsort(t->down, (size_t)t->n_down, sizeof t->down[0], compare_links);
    qsort(t->level, (size_t)t->n_level, sizeof t->level[0], compare_links);
}

/* Each state's orbit representative (rep_of), and the representatives
 * sorted by distance, then rank (reps, a->n_types of them); the depth.
 * Return values: GT_OK, GT_ERR_CORRUPT (a state the table does not reach:
 * every legal configuration is reachable). */
static int find_types(const gt_taquin_board *b, const uint8_t *dist, gt_taquin_anatomy *a, uint64_t *reps,
                      uint64_t *rep_of)
{
    for (uint64_t s = 0; s < b->n_states; s++) {
        unsigned stab;
        if (dist[s] == GT_UNREACHED)
            return GT_ERR_CORRUPT;
        orbit_info(b, s, &rep_of[s], &stab);
        if (rep_of[s] == s) /* sort key: distance, then rank (< 2^20) */
            reps[a->n_types++] = (uint64_t)dist[s] << 32 | s;
        if (dist[s] > a->max_depth)
            a->max_depth = dist[s];
    }
    qsort(reps, (size_t)(unsigned)a->n_types, sizeof *reps, compare_u64);
    for (int t = 0; t < a->n_types; t++)
        reps[t] &= 0xffffffffu;
    return GT_OK;
}

/* Every state's type (through its representative), each type's number
 * at its distance, its description and the niches. */
static void number_types(const gt_taquin_board *b, const gt_puzzle *p, const uint8_t *dist, gt_taquin_anatomy *a,
                         const uint64_t *reps, const uint64_t *rep_of)
{
    for (int t = 0; t < a->n_types; t++)
        a->type_of[reps[t]] = (uint32_t)t;
    for (uint64_t s = 0; s < b->n_states; s++)
        a->type_of[s] = a->type_of[rep_of[s]];
    for (int t = 0; t < a->n_types; t++) {
        gt_taquin_type *type = &a->types[t];
        type->rep_rank = reps[t];
        type->distance = dist[reps[t]];
        type->number = ++a->types_per_distance[type->distance];
    }
    for (int t = 0; t < a->n_types; t++) {
        gt_taquin_type *type = &a->types[t];
        describe_type(b, p, dist, a, type);
        a->by_orbit_size[type->orbit_size]++;
        if (type->distance > 0 && type->n_down == 0 && type->n_level == 0)
            a->upward_niches++;
        if (type->n_up == 0 && type->n_level == 0)
            a->downward_niches++;
    }
}

/* The graph's edges, and those that do not change the distance by one. */
static void count_edges(const gt_taquin_board *b, const gt_puzzle *p, const uint8_t *dist, gt_taquin_anatomy *a)
{
    for (uint64_t s = 0; s < b->n_states; s++)
        for (int m = 0; m < p->n_moves; m++) {
            int d = dist[gt_puzzle_move(p, s, m)];
            a->edges++;
            a->parity_violations += d != dist[s] + 1 && d + 1 != dist[s];
        }
}

int gt_taquin_anatomy_build(const gt_puzzle *p, const uint8_t *dist, gt_taquin_anatomy **out)
{
    const gt_taquin_board *b;
    int rc = board_with(p, dist, out, &b);
    if (rc)
        return rc;
    if (b->n_states > GT_TAQUIN_ANATOMY_MAX_STATES)
        return GT_ERR_RANGE;
    uint64_t n = b->n_states;
    gt_taquin_anatomy *a = calloc(1, sizeof *a);
    uint64_t *reps = malloc(n * sizeof *reps);
    uint64_t *rep_of = malloc(n * sizeof *rep_of);
    if (!a || !reps || !rep_of || !(a->type_of = malloc(n * sizeof *a->type_of))) {
        rc = GT_ERR_NOMEM;
        goto free_scratch;
    }
    a->puzzle = p;
    if ((rc = find_types(b, dist, a, reps, rep_of)) != GT_OK)
        goto free_scratch;
    if (!(a->types = calloc((size_t)(unsigned)a->n_types, sizeof *a->types))) {
        rc = GT_ERR_NOMEM;
        goto free_scratch;
    }
    number_types(b, p, dist, a, reps, rep_of);
    count_edges(b, p, dist, a);
    if (a->n_types <= GT_TAQUIN_QDIST_MAX_TYPES && (rc = quotient_distances(a)) != 0)
        goto free_scratch;
    free(rep_of);
    free(reps);
    *out = a;
    return GT_OK;

free_scratch:
    free(rep_of);
    free(reps);
    gt_taquin_anatomy_free(a);
    return rc;
}

void gt_taquin_anatomy_free(gt_taquin_anatomy *a)
{
    if (!a)
        return;
    free(a->qdist);
    free(a->types);
    free(a->type_of);
    free(a);
}

int gt_taquin_anatomy_find(const gt_taquin_anatomy *a, uint64_t code, int *type)
{
    const gt_taquin_board *b;
    uint64_t rank;
    int rc = gt_taquin_board_of(a->puzzle, &b);
    if (rc)
        return rc;
    if ((rc = gt_taquin_rank(b, code, &rank)) != 0)
        return rc;
    *type = (int)a->type_of[rank];
    return GT_OK;
}
