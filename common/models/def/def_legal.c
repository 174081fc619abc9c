/* The invariants of a definition's moves (def_pdb.h,
 * gt_def_check_invariants): a state no move sequence reaches is refused
 * before a search that would never end. Two kinds are checked:
 *   - an orbit's orientation sum, when every move keeps it;
 *   - the permutation parities of the orbits of distinct pieces: each move
 *     is a vector of parities (one bit an orbit), the moves reach only the
 *     span of those vectors (over GF(2)), so a state whose vector is
 *     outside it is not reached. That covers "every move is even on this
 *     orbit" and "the corners' and the edges' parities are equal".
 * They are necessary, not sufficient: a state that passes can still be
 * out of reach (the search's projections then find no image for it). */
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_error.h"

#include <string.h>

/* 1 if the orbit's pieces are all distinct. */
static int distinct(const gt_def_orbit *ob)
{
    return ob->n_labels == ob->k;
}

static int ori_check(const gt_def_model *m, const gt_def_orbit *ob, const uint8_t *ori, gt_def_error *err)
{
    int sum = 0, solved = 0;
    for (int j = 0; j < ob->k; j++)
        if (ori[ob->pos[j]] >= ob->omod)
            return gt_error_set(err, GT_ERR_ILLEGAL, 0, 0, "set %s: orientation %d is past the modulus %d",
                                m->def->set[ob->set].name, ori[ob->pos[j]], ob->omod);
    if (!ob->ori_kept || ob->omod == 1)
        return GT_OK;
    for (int j = 0; j < ob->k; j++) {
        sum += ori[ob->pos[j]];
        solved += m->def->solved_ori[ob->pos[j]];
    }
    if ((sum - solved) % ob->omod == 0)
        return GT_OK;
    return gt_error_set(err, GT_ERR_ILLEGAL, 0, 0,
                        "set %s: the orientation sum is %d mod %d, every move keeps it %d",
                        m->def->set[ob->set].name, sum % ob->omod, ob->omod, solved % ob->omod);
}

/* Each position's piece as the local position where it is solved (the
 * first, for identical pieces) into a[]; the first position whose piece is
 * foreign, or -1. */
static int local_of_pieces(const gt_def_model *m, const gt_def_orbit *ob, const uint8_t *perm, uint8_t *a)
{
    int16_t home[256];
    memset(home, 0xff, sizeof home);
    for (int i = ob->k - 1; i >= 0; i--)
        home[m->def->solved_perm[ob->pos[i]]] = (int16_t)i;
    for (int j = 0; j < ob->k; j++) {
        const int i = home[perm[ob->pos[j]]];
        if (i < 0)
            return j;
        a[j] = (uint8_t)i;
    }
    return -1;
}

/* Reduces v by the basis (row i has its lowest bit at lead[i]). */
static uint64_t reduce(const uint64_t *basis, int n, uint64_t v)
{
    for (int i = 0; i < n; i++)
        if (v >> __builtin_ctzll(basis[i]) & 1)
            v ^= basis[i];
    return v;
}

static int parity_check(const gt_def_model *m, const uint8_t *parity, const int *orbit_of_bit, int bits,
                        gt_def_error *err)
{
    uint64_t basis[64], state = 0;
    int n = 0;
    for (int mv = 0; mv < m->n_moves; mv++) {
        uint64_t v = 0;
        for (int b = 0; b < bits; b++)
            v |= (uint64_t)gt_def_move_odd(&m->orbit[orbit_of_bit[b]], mv) << b;
        if ((v = reduce(basis, n, v)) != 0) {
            for (int i = 0; i < n; i++) /* keep the basis reduced on the new lead */
                if (basis[i] >> __builtin_ctzll(v) & 1)
                    basis[i] ^= v;
            basis[n++] = v;
        }
    }
    for (int b = 0; b < bits; b++)
        state |= (uint64_t)(parity[b] & 1) << b;
    uint64_t left = reduce(basis, n, state);
    if (!left)
        return GT_OK;
    const gt_def_orbit *ob = &m->orbit[orbit_of_bit[__builtin_ctzll(left)]];
    return gt_error_set(err, GT_ERR_ILLEGAL, 0, 0,
                        "set %s: its permutation parity (with the other sets') is one no move sequence reaches",
                        m->def->set[ob->set].name);
}

int gt_def_check_invariants(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, gt_def_error *err)
{
    int orbit_of_bit[64], bits = 0, rc;
    uint8_t parity[64], a[GT_DEF_MAX_PIECES];
    for (int o = 0; o < m->n_orbits; o++) {
        const gt_def_orbit *ob = &m->orbit[o];
        const int foreign = local_of_pieces(m, ob, perm, a);
        if (foreign >= 0)
            return gt_error_set(err, GT_ERR_ILLEGAL, 0, 0, "set %s: piece %d is not one of this orbit's",
                                m->def->set[ob->set].name, perm[ob->pos[foreign]] + 1);
        if ((rc = ori_check(m, ob, ori, err)) != 0)
            return rc;
        if (distinct(ob) && ob->k > 1 && bits < 64) {
            parity[bits] = (uint8_t)gt_def_perm_odd(a, ob->k);
            orbit_of_bit[bits++] = o;
        }
    }
    return parity_check(m, parity, orbit_of_bit, bits, err);
}
