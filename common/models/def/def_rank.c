/* Ranking one orbit (def_internal.h): the multinomial rank of its labels
 * and the base-omod rank of its orientations, the raw keys of the
 * enumerated factors; and the computed ranks of the factors too large to
 * enumerate (issue 28): Lehmer ranks of distinct pieces, restricted to the
 * solved parity when every move is even on the orbit, and orientations
 * with their sum fixed when every move keeps it. docs/definitions.md
 * ("Ranking") gives the formulas. */
#include "def_internal.h"
#include "gt_cpu.h"
#include "gt_error.h"

#include <string.h>

/* The number of arrangements of a multiset (counts[0..n-1]), or 0 past 2^62. */
uint64_t gt_def_multinomial(const uint8_t *count, int n)
{
    unsigned __int128 v = 1;
    int placed = 0;
    for (int l = 0; l < n; l++)
        for (int c = 1; c <= count[l]; c++) {
            v = v * (unsigned)(++placed) / (unsigned)c; /* a binomial product: exact at each step */
            if (v >> 62)
                return 0;
        }
    return (uint64_t)v;
}

/* Multinomial rank of labels a[0..k-1] (docs/definitions.md): the
 * arrangements starting with label l are total * count[l] / rem. In 64
 * bits when total * k cannot overflow (the common case, several times
 * faster than 128-bit division), else in 128. */
#define MULTISET_RANK(T)                                                                                    \
    for (int i = 0; i < ob->k; i++) {                                                                       \
        T rem = (T)(ob->k - i);                                                                             \
        for (int l = 0; l < a[i]; l++)                                                                      \
            rank += (uint64_t)(total * count[l] / rem);                                                    \
        total = total * count[a[i]] / rem;                                                                  \
        count[a[i]]--;                                                                                      \
    }
/* Distinct labels (n_labels == k, each once): the multiset rank is the
 * lexicographic rank of a permutation, the Lehmer rank, which costs k
 * popcounts instead of k² divisions (a plan's probe of a Dino Cube's 12
 * edges ranks 16 million of them). */
static const gt_def_factor perm_factor = {.kind = DEF_PERM, .rank = DEF_RANK_PERM};

/* The Lehmer rank of distinct labels a[0..k-1], k <= 20 (DEF_RANK_PERM, or
 * DEF_RANK_EVEN: DEF_NO_KEY for the other parity): d[i] = the labels after
 * i smaller than a[i], one popcount each; their sum's parity is the sign. */
static inline uint64_t lehmer_rank(const gt_def_factor *f, int k, const uint8_t *a)
{
    uint32_t seen = 0;
    uint64_t r = 0;
    int parity = 0, n = f->rank == DEF_RANK_EVEN ? k - 2 : k - 1;
    for (int i = 0; i < k; i++) {
        unsigned x = a[i], d = x - (unsigned)__builtin_popcount(seen & ((1u << x) - 1u));
        seen |= 1u << x;
        parity ^= (int)(d & 1u);
        if (i < n)
            r = r * (uint64_t)(k - i) + d;
    }
    return f->rank == DEF_RANK_EVEN && parity != f->invariant ? DEF_NO_KEY : r;
}

uint64_t gt_def_multiset_rank(const gt_def_orbit *ob, const uint8_t *a)
{
    if (ob->n_labels == ob->k && ob->k <= 20)
        return lehmer_rank(&perm_factor, ob->k, a);
    uint8_t count[GT_DEF_MAX_PIECES];
    memcpy(count, ob->count, (size_t)ob->n_labels);
    uint64_t rank = 0, all = gt_def_multinomial(count, ob->n_labels);
    if (all <= UINT64_MAX / (uint64_t)ob->k / 2) {
        uint64_t total = all;
        MULTISET_RANK(uint64_t)
    } else {
        unsigned __int128 total = all;
        MULTISET_RANK(unsigned __int128)
    }
    return rank;
}

#define MULTISET_UNRANK(T)                                                                                  \
    for (int i = 0; i < ob->k; i++) {                                                                       \
        T rem = (T)(ob->k - i);                                                                             \
        int l = 0;                                                                                          \
        for (;; l++) {                                                                                      \
            uint64_t block = (uint64_t)(total * count[l] / rem);                                           \
            if (rank < block)                                                                               \
                break;                                                                                      \
            rank -= block;                                                                                  \
        }                                                                                                   \
        a[i] = (uint8_t)l;                                                                                  \
        total = total * count[l] / rem;                                                                     \
        count[l]--;                                                                                         \
    }
void gt_def_multiset_unrank(const gt_def_orbit *ob, uint64_t rank, uint8_t *a)
{
    if (ob->n_labels == ob->k && ob->k <= 20) {
        gt_def_computed_unrank(ob, &perm_factor, rank, a);
        return;
    }
    uint8_t count[GT_DEF_MAX_PIECES];
    memcpy(count, ob->count, (size_t)ob->n_labels);
    uint64_t all = gt_def_multinomial(count, ob->n_labels);
    if (all <= UINT64_MAX / (uint64_t)ob->k / 2) {
        uint64_t total = all;
        MULTISET_UNRANK(uint64_t)
    } else {
        unsigned __int128 total = all;
        MULTISET_UNRANK(unsigned __int128)
    }
}

uint64_t gt_def_ori_rank(const gt_def_orbit *ob, const uint8_t *a)
{
    uint64_t r = 0;
    for (int i = 0; i < ob->k; i++)
        r = r * (uint64_t)ob->omod + a[i];
    return r;
}

void gt_def_ori_unrank(const gt_def_orbit *ob, uint64_t r, uint8_t *a)
{
    for (int i = ob->k - 1; i >= 0; i--) {
        a[i] = (uint8_t)(r % (uint64_t)ob->omod);
        r /= (uint64_t)ob->omod;
    }
}

/* omod^k below 2^62: the orientation key fits. */
int gt_def_ori_fits(const gt_def_orbit *ob)
{
    uint64_t v = 1;
    for (int i = 0; i < ob->k; i++)
        if ((v *= (uint64_t)ob->omod) >> 62)
            return 0;
    return 1;
}

/* ---- computed ranks ---------------------------------------------------------- */

/* Lehmer digits of distinct labels: d[i] = labels after i smaller than
 * a[i]. Their sum is the inversion count, so its parity is the sign. */
static void lehmer(const uint8_t *a, int k, uint8_t *d)
{
    uint32_t seen = 0;
    for (int i = 0; i < k; i++) {
        d[i] = (uint8_t)(a[i] - __builtin_popcount(seen & ((1u << a[i]) - 1u)));
        seen |= 1u << a[i];
    }
}

/* r / m and r % m for a radix m of at most 24, each division by a
 * constant (a multiplication: the BFS unranks once a state, and a
 * division by a variable was most of that). */
static inline uint32_t div_radix(uint32_t r, unsigned m, uint8_t *rem)
{
    uint32_t q;
    switch (m) {
#define RADIX(c) case c: q = r / c##u; break;
        RADIX(2) RADIX(3) RADIX(4) RADIX(5) RADIX(6) RADIX(7) RADIX(8) RADIX(9) RADIX(10) RADIX(11) RADIX(12)
        RADIX(13) RADIX(14) RADIX(15) RADIX(16) RADIX(17) RADIX(18) RADIX(19) RADIX(20) RADIX(21) RADIX(22)
        RADIX(23) RADIX(24)
#undef RADIX
    default: q = r / m;
    }
    *rem = (uint8_t)(r - q * m);
    return q;
}

/* The labels of Lehmer digits d[0..k-1]: the d[i]-th smallest unused. */
static void unlehmer(const uint8_t *d, int k, uint8_t *a)
{
    uint32_t free_set = (k >= 32 ? 0u : 1u << k) - 1u;
    for (int i = 0; i < k; i++) {
        uint32_t f = free_set;
        for (int j = 0; j < d[i]; j++)
            f &= f - 1u;
        a[i] = (uint8_t)__builtin_ctz(f);
        free_set &= ~(1u << a[i]);
    }
}

static int digit_parity(const uint8_t *d, int k)
{
    int s = 0;
    for (int i = 0; i < k; i++)
        s += d[i];
    return s & 1;
}

/* Sum of orientations modulo omod. */
static int ori_sum(const gt_def_orbit *ob, const uint8_t *a, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s % ob->omod;
}

/* The BFS's inner loop (gt_cpu.h). */
GT_POPCNT_CLONES uint64_t gt_def_computed_rank(const gt_def_orbit *ob, const gt_def_factor *f, const uint8_t *a)
{
    uint64_t r = 0;
    const int k = ob->k;
    switch (f->rank) {
    case DEF_RANK_PERM:
    case DEF_RANK_EVEN: /* k <= 20: a rank of 64 bits */
        return lehmer_rank(f, k, a);
    case DEF_RANK_MULTI:
        return gt_def_multiset_rank(ob, a);
    case DEF_RANK_ORI:
        return gt_def_ori_rank(ob, a);
    default: /* DEF_RANK_ORISUM: the last orientation follows from the sum */
        if (ori_sum(ob, a, k) != f->invariant)
            return DEF_NO_KEY;
        for (int i = 0; i < k - 1; i++)
            r = r * (uint64_t)ob->omod + a[i];
        return r;
    }
}

void gt_def_computed_unrank(const gt_def_orbit *ob, const gt_def_factor *f, uint64_t r, uint8_t *a)
{
    uint8_t d[GT_DEF_MAX_PIECES];
    const int k = ob->k;
    switch (f->rank) {
    case DEF_RANK_PERM:
    case DEF_RANK_EVEN: {
        int n = f->rank == DEF_RANK_EVEN ? k - 2 : k - 1;
        if (r <= UINT32_MAX) { /* 32 bits, divisions by constants: the BFS unranks once a state */
            uint32_t r32 = (uint32_t)r;
            for (int i = n - 1; i >= 0; i--)
                r32 = div_radix(r32, (unsigned)(k - i), &d[i]);
        } else {
            for (int i = n - 1; i >= 0; i--) {
                d[i] = (uint8_t)(r % (uint64_t)(k - i));
                r /= (uint64_t)(k - i);
            }
        }
        d[k - 1] = 0;
        if (f->rank == DEF_RANK_EVEN) {
            d[k - 2] = 0;
            d[k - 2] = (uint8_t)(digit_parity(d, k) ^ f->invariant);
        }
        unlehmer(d, k, a);
        return;
    }
    case DEF_RANK_MULTI:
        gt_def_multiset_unrank(ob, r, a);
        return;
    case DEF_RANK_ORI:
        gt_def_ori_unrank(ob, r, a);
        return;
    default:
        for (int i = k - 2; i >= 0; i--) {
            a[i] = (uint8_t)(r % (uint64_t)ob->omod);
            r /= (uint64_t)ob->omod;
        }
        a[k - 1] = 0;
        a[k - 1] = (uint8_t)((f->invariant - ori_sum(ob, a, k - 1) + ob->omod) % ob->omod);
    }
}

/* 1 if move mv is an odd permutation of the orbit's positions (its sign,
 * found when the orbit's moves were: def_model.c); def_parity.c reads it
 * too. */
int gt_def_move_odd(const gt_def_orbit *ob, int mv)
{
    return ob->odd[mv];
}

/* 1 if every move permutes the orbit's positions evenly: its arrangements
 * keep the solved one's parity (the computed rank here, the projections'
 * rank in def_proj.c, the parity orbits in def_parity.c). */
int gt_def_orbit_even(const gt_def_model *m, const gt_def_orbit *ob)
{
    for (int mv = 0; mv < m->n_moves; mv++)
        if (ob->odd[mv])
            return 0;
    return 1;
}

/* 1 if move mv changes the orbit's orientation sum. */
static int twists_sum(const gt_def_orbit *ob, int mv)
{
    return ori_sum(ob, ob->twist + mv * ob->k, ob->k) != 0;
}

/* The solved arrangement's labels (or orientations) of the orbit. */
static void solved_local(const gt_def_model *m, const gt_def_orbit *ob, int kind, uint8_t *a)
{
    for (int j = 0; j < ob->k; j++) {
        int p = ob->pos[j];
        if (kind == DEF_ORI) {
            a[j] = m->def->solved_ori[p];
            continue;
        }
        for (int l = 0; l < ob->n_labels; l++)
            if (ob->label_value[l] == m->def->solved_perm[p])
                a[j] = (uint8_t)l;
    }
}

int gt_def_computed_plan(const gt_def_model *m, gt_def_factor *f)
{
    const gt_def_orbit *ob = &m->orbit[f->orbit];
    uint8_t a[GT_DEF_MAX_PIECES], d[GT_DEF_MAX_PIECES];
    int keeps = 1;
    solved_local(m, ob, f->kind, a);
    if (f->kind == DEF_ORI) {
        if (!gt_def_ori_fits(ob))
            return GT_ERR_RANGE;
        for (int mv = 0; mv < m->n_moves; mv++)
            keeps &= !twists_sum(ob, mv);
        f->rank = keeps ? DEF_RANK_ORISUM : DEF_RANK_ORI;
        f->invariant = ori_sum(ob, a, ob->k);
        f->size = 1;
        for (int i = keeps; i < ob->k; i++)
            f->size *= (uint64_t)ob->omod;
        return GT_OK;
    }
    if (!(f->size = gt_def_multinomial(ob->count, ob->n_labels)))
        return GT_ERR_RANGE;
    if (ob->n_labels < ob->k || ob->k > 20) { /* identical pieces: no sign */
        f->rank = DEF_RANK_MULTI;
        return GT_OK;
    }
    keeps = gt_def_orbit_even(m, ob);
    f->rank = keeps ? DEF_RANK_EVEN : DEF_RANK_PERM;
    lehmer(a, ob->k, d);
    f->invariant = digit_parity(d, ob->k);
    f->size /= keeps ? 2 : 1;
    return GT_OK;
}

/* Factor keys of a flat state and back: the ranks above applied to one
 * orbit's pieces (def_coord.c and def_big.c read and write states with them). */
static int dense_label(const gt_def_orbit *ob, uint8_t value)
{
    for (int l = 0; l < ob->n_labels; l++)
        if (ob->label_value[l] == value)
            return l;
    return -1;
}

/* The factor's key of a flat state; DEF_NO_KEY if a piece is foreign to the
 * orbit or the label counts differ from the solved state's. */
uint64_t gt_def_factor_key(const gt_def_model *m, const gt_def_factor *f, const uint8_t *perm, const uint8_t *ori)
{
    const gt_def_orbit *ob = &m->orbit[f->orbit];
    uint8_t a[GT_DEF_MAX_PIECES], count[GT_DEF_MAX_PIECES] = {0};
    for (int j = 0; j < ob->k; j++) {
        if (f->kind == DEF_ORI) {
            if (ori[ob->pos[j]] >= ob->omod)
                return DEF_NO_KEY;
            a[j] = ori[ob->pos[j]];
            continue;
        }
        int l = dense_label(ob, perm[ob->pos[j]]);
        if (l < 0 || ++count[l] > ob->count[l])
            return DEF_NO_KEY;
        a[j] = (uint8_t)l;
    }
    if (f->rank != DEF_RANK_ENUM)
        return gt_def_computed_rank(ob, f, a);
    return f->kind == DEF_ORI ? gt_def_ori_rank(ob, a) : gt_def_multiset_rank(ob, a);
}

void gt_def_factor_write(const gt_def_model *m, const gt_def_factor *f, uint64_t key, uint8_t *perm, uint8_t *ori)
{
    const gt_def_orbit *ob = &m->orbit[f->orbit];
    uint8_t a[GT_DEF_MAX_PIECES];
    if (f->rank != DEF_RANK_ENUM)
        gt_def_computed_unrank(ob, f, key, a);
    else if (f->kind == DEF_ORI)
        gt_def_ori_unrank(ob, key, a);
    else
        gt_def_multiset_unrank(ob, key, a);
    for (int j = 0; j < ob->k; j++) {
        if (f->kind == DEF_ORI)
            ori[ob->pos[j]] = a[j];
        else
            perm[ob->pos[j]] = ob->label_value[a[j]];
    }
}
