/* Beacons (article 2.8.1.3): checking the article's claims for a beacon set,
 * and an exhaustive search for a smallest set. Types are bits of a uint64_t
 * mask, so boards with at most 64 types (the 3x3 has 48). Type 0 is the goal
 * (types are sorted by distance). */
#include "taquin.h"
#include "gt_error.h"

#include <string.h>

/* c is a beacon for t at radius r: on one of t's shortest paths to the goal,
 * within r moves. c == t qualifies (distance 0), as in the article's (ii). */
static int on_path_within(const gt_taquin_anatomy *a, int t, int c, int radius)
{
    int d = gt_taquin_qdist(a, t, c);
    return d <= radius && a->types[t].distance == d + a->types[c].distance;
}

static int is_upward_niche(const gt_taquin_type *t)
{
    return t->distance > 0 && t->n_down == 0 && t->n_level == 0;
}

static int check_arguments(const gt_taquin_anatomy *a, int radius)
{
    if (!a || !a->qdist || a->n_types > GT_TAQUIN_BEACON_MAX_TYPES || radius < 0 ||
        a->types[0].distance != 0)
        return GT_ERR_INVAL;
    return GT_OK;
}

int gt_taquin_beacon_check(const gt_taquin_anatomy *a, uint64_t beacons, int radius,
                           gt_taquin_beacon_claims *out)
{
    int rc = check_arguments(a, radius);
    if (rc)
        return rc;
    memset(out, 0, sizeof *out);
    int n = a->n_types;
    beacons |= 1; /* the goal */
    out->beacons = beacons;
    for (int t = 0; t < n; t++) {
        int covered = 0, guided = t == 0;
        for (int c = 0; c < n; c++) {
            if (!(beacons >> c & 1))
                continue;
            covered |= gt_taquin_qdist(a, c, t) <= radius;
            guided |= on_path_within(a, t, c, radius);
        }
        if (!covered)
            out->uncovered |= 1ull << t;
        if (!guided)
            out->off_path |= 1ull << t;
    }
    /* (iii): beacons from which hops of at most r moves, each along a shortest
     * path and ending on another beacon, reach the goal. */
    uint64_t arrived = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int c = 1; c < n; c++) {
            if (!(beacons >> c & 1) || (arrived >> c & 1))
                continue;
            for (int next = 0; next < n; next++)
                if (next != c && (arrived >> next & 1) && on_path_within(a, c, next, radius)) {
                    arrived |= 1ull << c;
                    changed = 1;
                    break;
                }
        }
    }
    out->stuck = beacons & ~arrived;

    /* The article's exception, (5;1): a single type at distance 5, an upward
     * niche, outside the balls (i) and without a beacon (ii). */
    int lone = out->uncovered && !(out->uncovered & (out->uncovered - 1));
    int lone_type = lone ? __builtin_ctzll(out->uncovered) : -1;
    out->claim1_holds = lone && a->types[lone_type].distance == 5 &&
                        is_upward_niche(&a->types[lone_type]);
    int lone_off = out->off_path && !(out->off_path & (out->off_path - 1));
    int off_type = lone_off ? __builtin_ctzll(out->off_path) : -1;
    out->claim2_holds = !out->off_path || (lone_off && a->types[off_type].distance == 5 &&
                                           is_upward_niche(&a->types[off_type]));
    out->claim3_holds = out->stuck == 0;
    out->niche_escape_holds = 1;
    for (int t = 0; t < n; t++) {
        if (!(out->off_path >> t & 1))
            continue;
        const gt_taquin_type *type = &a->types[t];
        if (!is_upward_niche(type))
            out->niche_escape_holds = 0;
        for (int i = 0; i < type->n_up; i++)
            if (out->off_path >> type->up[i].type & 1)
                out->niche_escape_holds = 0;
    }
    return GT_OK;
}

/* ---- Exhaustive search: a minimum hitting set ---- */

typedef struct search {
    int n;
    uint64_t candidates[GT_TAQUIN_BEACON_MAX_TYPES]; /* beacons that serve type t */
    uint64_t nodes, found, first;
} search;

/* A lower bound on the beacons still needed: uncovered types whose candidate
 * sets are pairwise disjoint each need their own. */
static int packing_bound(const search *s, uint64_t uncovered, uint64_t excluded)
{
    uint64_t used = 0;
    int bound = 0;
    for (uint64_t left = uncovered; left; left &= left - 1) {
        uint64_t cand = s->candidates[__builtin_ctzll(left)] & ~excluded;
        if (!(cand & used)) {
            used |= cand;
            bound++;
        }
    }
    return bound;
}

/* Enumerates every set of exactly `budget` more beacons covering `uncovered`.
 * Branching on the most constrained type: take its i-th candidate, having
 * excluded the earlier ones, so each set is produced once. */
static void search_sets(search *s, uint64_t uncovered, uint64_t chosen, uint64_t excluded,
                        int budget)
{
    s->nodes++;
    if (!uncovered) {
        if (budget == 0 && s->found++ == 0)
            s->first = chosen;
        return;
    }
    if (budget == 0 || packing_bound(s, uncovered, excluded) > budget)
        return;
    int pick = -1, fewest = 65;
    for (uint64_t left = uncovered; left; left &= left - 1) {
        int t = __builtin_ctzll(left);
        int k = __builtin_popcountll(s->candidates[t] & ~excluded);
        if (k < fewest) {
            fewest = k;
            pick = t;
        }
    }
    uint64_t options = s->candidates[pick] & ~excluded;
    for (; options; options &= options - 1) {
        int c = __builtin_ctzll(options);
        uint64_t served = 0;
        for (uint64_t left = uncovered; left; left &= left - 1)
            if (s->candidates[__builtin_ctzll(left)] >> c & 1)
                served |= left & -left;
        search_sets(s, uncovered & ~served, chosen | 1ull << c, excluded, budget - 1);
        excluded |= 1ull << c;
    }
}

int gt_taquin_beacon_search(const gt_taquin_anatomy *a, int radius, int exempt_niches,
                            gt_taquin_beacon_set *out)
{
    int rc = check_arguments(a, radius);
    if (rc)
        return rc;
    search s;
    memset(&s, 0, sizeof s);
    s.n = a->n_types;
    uint64_t uncovered = 0;
    for (int t = 1; t < s.n; t++) {
        if (exempt_niches && is_upward_niche(&a->types[t]))
            continue;
        if (on_path_within(a, t, 0, radius))
            continue; /* the goal itself is in reach */
        for (int c = 1; c < s.n; c++)
            if (c != t && on_path_within(a, t, c, radius))
                s.candidates[t] |= 1ull << c;
        if (!s.candidates[t])
            return GT_ERR_RANGE; /* radius 0: nothing can guide t */
        uncovered |= 1ull << t;
    }
    memset(out, 0, sizeof *out);
    /* Iterative deepening: the first budget with a solution is the minimum,
     * and at that budget every smallest set is enumerated. */
    for (int budget = 0; budget < s.n; budget++) {
        search_sets(&s, uncovered, 0, 0, budget);
        if (s.found) {
            out->size = budget;
            out->beacons = s.first;
            out->optimal_sets = s.found;
            out->nodes = s.nodes;
            return GT_OK;
        }
    }
    return GT_ERR_RANGE;
}
