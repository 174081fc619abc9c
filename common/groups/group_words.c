/* Factorisation table and word shortening (see group_words.h). */
#include "group_words.h"
#include "gt_error.h"
#include "permgroup_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORD_LIMIT_MAX 2000                 /* no entry word is ever longer */
#define SCRATCH_LETTERS (4 * WORD_LIMIT_MAX) /* a word being sifted stays below this */
#define ENUM_BUDGET 40000L                  /* words enumerated exhaustively */
#define ROUND_BUDGET 150000L                /* products sifted per improvement round */
#define EXTRA_ROUNDS 2                      /* improvement rounds once the table is full */
#define WORDS_MAX_BYTES ((size_t)512 << 20) /* the table's elements, at most */

typedef struct wlevel {
    gt_point base;
    int orbit_len;
    int *pos;            /* [n] slot of a point, -1 outside the orbit */
    gt_point *perm;      /* orbit_len × n */
    gt_point *inv;       /* orbit_len × n */
    int *wlen;           /* -1 = empty slot */
    int **word;
} wlevel;

struct gt_words {
    int n, ngens, nlev;
    gt_point *gens;      /* 2·ngens × n: letter 2k = gen k, 2k+1 = its inverse */
    wlevel *lev;
    long *order;         /* order of each generator (0 if too large to use) */
    unsigned char *commute; /* ngens × ngens */
    int slots, filled;
    long inserted;
    gt_rng rng;
    build_ctl ctl;       /* the caller's deadline and cancel flag */
    int stopped;         /* GT_ERR_TIMEOUT / GT_ERR_INTERRUPT once they hit */
};

static const gt_point *letter_perm(const gt_words *w, int letter) { return w->gens + (size_t)letter * w->n; }

/* Appends a letter, cancelling it against an inverse at the end. */
static void push_letter(int *word, int *len, int letter)
{
    if (*len > 0 && word[*len - 1] == (letter ^ 1))
        (*len)--;
    else
        word[(*len)++] = letter;
}

/* Sifts t (with its word) into the table, keeping the shorter word whenever
 * two elements land on the same slot (Minkwitz's step). t and word are
 * clobbered. Returns 1 if the table changed. */
static int insert(gt_words *W, gt_point *t, int *word, int len, int limit, gt_point *tmp)
{
    int n = W->n, changed = 0;
    if ((++W->inserted & 1023) == 0 && !W->stopped)
        W->stopped = gt_build_ctl_poll(&W->ctl, NULL);
    if (W->stopped)
        return 0;
    for (int i = 0; i < W->nlev; i++) {
        wlevel *L = &W->lev[i];
        int k = L->pos[t[L->base]];
        if (k < 0)
            return changed; /* not a member: cannot happen for words in the generators */
        if (L->wlen[k] < 0 || len < L->wlen[k]) {
            int *copy = malloc((size_t)(len > 0 ? len : 1) * sizeof *copy);
            if (!copy)
                return changed;
            memcpy(copy, word, (size_t)len * sizeof *copy);
            if (L->wlen[k] < 0) {
                memcpy(L->perm + (size_t)k * n, t, (size_t)n * sizeof *t);
                gt_perm_inverse(n, t, L->inv + (size_t)k * n);
                L->word[k] = copy;
                L->wlen[k] = len;
                W->filled++;
                return 1;
            }
            /* Swap: the shorter one stays, the longer one sifts on. */
            int *old_word = L->word[k], old_len = L->wlen[k];
            memcpy(tmp, L->perm + (size_t)k * n, (size_t)n * sizeof *t);
            memcpy(L->perm + (size_t)k * n, t, (size_t)n * sizeof *t);
            gt_perm_inverse(n, t, L->inv + (size_t)k * n);
            memcpy(t, tmp, (size_t)n * sizeof *t);
            L->word[k] = copy;
            L->wlen[k] = len;
            memcpy(word, old_word, (size_t)old_len * sizeof *word);
            len = old_len;
            free(old_word);
            changed = 1;
        }
        if (k == 0)
            continue; /* the base point is fixed: the slot holds the identity */
        /* t <- t · entry^-1, word <- word · (entry word)^-1 */
        gt_perm_mul(n, t, L->inv + (size_t)k * n, tmp);
        memcpy(t, tmp, (size_t)n * sizeof *t);
        for (int j = L->wlen[k] - 1; j >= 0; j--)
            push_letter(word, &len, L->word[k][j] ^ 1);
        if (len > limit || gt_perm_is_identity(n, t))
            return changed;
    }
    return changed;
}

/* Sifts every reduced word of exactly `length` letters (depth-first, perms
 * kept per depth). */
static void enumerate(gt_words *W, int length, int limit, int depth, int *word, gt_point *stack,
                      gt_point *t, int *scratch_word, gt_point *tmp)
{
    int n = W->n;
    if (W->stopped)
        return;
    if (depth == length) {
        memcpy(t, stack + (size_t)depth * n, (size_t)n * sizeof *t);
        memcpy(scratch_word, word, (size_t)length * sizeof *word);
        insert(W, t, scratch_word, length, limit, tmp);
        return;
    }
    for (int a = 0; a < 2 * W->ngens; a++) {
        if (depth > 0 && word[depth - 1] == (a ^ 1))
            continue;
        word[depth] = a;
        gt_perm_mul(n, stack + (size_t)depth * n, letter_perm(W, a), stack + (size_t)(depth + 1) * n);
        enumerate(W, length, limit, depth + 1, word, stack, t, scratch_word, tmp);
    }
}

/* Sifts the product of two filled slots. */
static void insert_product(gt_words *W, const wlevel *A, int ka, const wlevel *B, int kb, int limit,
                           gt_point *t, int *word, gt_point *tmp)
{
    int n = W->n, len = 0;
    if (W->stopped || A->wlen[ka] + B->wlen[kb] > limit)
        return;
    gt_perm_mul(n, A->perm + (size_t)ka * n, B->perm + (size_t)kb * n, t);
    for (int j = 0; j < A->wlen[ka]; j++)
        push_letter(word, &len, A->word[ka][j]);
    for (int j = 0; j < B->wlen[kb]; j++)
        push_letter(word, &len, B->word[kb][j]);
    insert(W, t, word, len, limit, tmp);
}

void gt_words_free(gt_words *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->nlev; i++) {
        wlevel *L = &w->lev[i];
        if (L->word)
            for (int k = 0; k < L->orbit_len; k++)
                free(L->word[k]);
        free(L->pos);
        free(L->perm);
        free(L->inv);
        free(L->wlen);
        free(L->word);
    }
    free(w->lev);
    free(w->gens);
    free(w->order);
    free(w->commute);
    free(w);
}

int gt_words_create(const gt_group *grp, int ngens, const gt_point *const *gens, gt_words **out)
{
    return gt_words_create_limited(grp, ngens, gens, NULL, out);
}

/* The generators and their inverses as letters, each one's order (0 past
 * a million), and which pairs commute. */
static void words_letters(gt_words *W, const gt_point *const *gens, gt_point *tmp)
{
    const int n = W->n, ngens = W->ngens;
    for (int k = 0; k < ngens; k++) {
        memcpy(W->gens + (size_t)2 * k * n, gens[k], (size_t)n * sizeof *tmp);
        gt_perm_inverse(n, gens[k], W->gens + (size_t)(2 * k + 1) * n);
        uint64_t o = gt_perm_order(n, gens[k]);
        W->order[k] = o < 1000000 ? (long)o : 0;
    }
    for (int a = 0; a < ngens; a++)
        for (int b = 0; b < ngens; b++) {
            gt_perm_mul(n, gens[a], gens[b], tmp);
            gt_perm_mul(n, gens[b], gens[a], tmp + n);
            W->commute[a * ngens + b] = gt_perm_equal(n, tmp, tmp + n);
        }
}

/* Each level's slots (the base point first, then the orbit in point
 * order), the base point's filled with the identity. Return values:
 * GT_OK, GT_ERR_NOMEM (also when every slot's element and inverse would
 * pass WORDS_MAX_BYTES). */
static int words_levels(gt_words *W, const gt_group *grp)
{
    const int n = W->n;
    size_t bytes = 0;
    for (int i = 0; i < W->nlev; i++)
        bytes += (size_t)gt_group_orbit_length(grp, i) * n * 2 * sizeof(gt_point);
    if (bytes > WORDS_MAX_BYTES)
        return GT_ERR_NOMEM;
    for (int i = 0; i < W->nlev; i++) {
        wlevel *L = &W->lev[i];
        L->base = (gt_point)gt_group_base_point(grp, i);
        L->orbit_len = gt_group_orbit_length(grp, i);
        L->pos = malloc((size_t)n * sizeof *L->pos);
        L->perm = malloc((size_t)L->orbit_len * n * sizeof *L->perm);
        L->inv = malloc((size_t)L->orbit_len * n * sizeof *L->inv);
        L->wlen = malloc((size_t)L->orbit_len * sizeof *L->wlen);
        L->word = calloc((size_t)L->orbit_len, sizeof *L->word);
        if (!L->pos || !L->perm || !L->inv || !L->wlen || !L->word)
            return GT_ERR_NOMEM;
        int next = 1;
        for (int x = 0; x < n; x++)
            L->pos[x] = x == L->base ? 0 : gt_group_transversal(grp, i, x, NULL) ? next++ : -1;
        for (int k = 0; k < L->orbit_len; k++)
            L->wlen[k] = -1;
        gt_perm_identity(n, L->perm);
        gt_perm_identity(n, L->inv);
        L->wlen[0] = 0;
        if (!(L->word[0] = malloc(sizeof(int))))
            return GT_ERR_NOMEM;
        W->slots += L->orbit_len;
        W->filled++;
    }
    return GT_OK;
}

/* The scratch the three ways of filling slots share. */
typedef struct words_scratch {
    gt_point *t, *tmp;
    int *word, *word2;
} words_scratch;

/* 1. Every word up to the length ENUM_BUDGET allows (at most 12),
 * shortest first; returns the length limit of what is kept. Return
 * values: the limit, or -1 when out of memory. */
static int words_short(gt_words *W, words_scratch *sc)
{
    const int n = W->n, ngens = W->ngens;
    int maxlen = 0;
    long count = 2 * ngens;
    while (maxlen < 12 && count <= ENUM_BUDGET) {
        maxlen++;
        count *= 2 * ngens - 1;
    }
    const int limit = 4 * maxlen > 12 ? 4 * maxlen : 12;
    gt_point *stack = malloc((size_t)(maxlen + 1) * n * sizeof *stack);
    if (!stack)
        return -1;
    gt_perm_identity(n, stack);
    for (int length = 1; length <= maxlen; length++)
        enumerate(W, length, limit, 0, sc->word2, stack, sc->t, sc->word, sc->tmp);
    free(stack);
    return limit;
}

/* 2. Products of entries, with a growing length limit until every slot
 * is filled, then a few rounds that only shorten; pairs sampled when
 * there are more than a round's budget. */
static void words_products(gt_words *W, int limit, words_scratch *sc)
{
    for (int extra = 0, round = 0; extra < EXTRA_ROUNDS && round < 40 && !W->stopped; round++) {
        long pairs = (long)W->filled * W->filled, budget = ROUND_BUDGET;
        for (int ia = 0; ia < W->nlev && budget > 0; ia++)
            for (int ka = 0; ka < W->lev[ia].orbit_len && budget > 0; ka++) {
                if (W->lev[ia].wlen[ka] <= 0)
                    continue;
                for (int ib = 0; ib < W->nlev && budget > 0; ib++)
                    for (int kb = 0; kb < W->lev[ib].orbit_len && budget > 0; kb++) {
                        if (W->lev[ib].wlen[kb] <= 0)
                            continue;
                        if (pairs > ROUND_BUDGET && gt_rng_below(&W->rng, (uint64_t)pairs) >= ROUND_BUDGET)
                            continue;
                        budget--;
                        insert_product(W, &W->lev[ia], ka, &W->lev[ib], kb, limit, sc->t, sc->word, sc->tmp);
                    }
            }
        if (W->filled == W->slots)
            extra++;
        else if (limit < WORD_LIMIT_MAX)
            limit = limit * 3 / 2 < WORD_LIMIT_MAX ? limit * 3 / 2 : WORD_LIMIT_MAX;
    }
}

/* 3. A safety net: random words of 60 letters until every slot is
 * filled. */
static void words_random(gt_words *W, words_scratch *sc)
{
    const int n = W->n;
    for (long tries = 0; W->filled < W->slots && tries < 200000 && !W->stopped; tries++) {
        int len = 0;
        gt_perm_identity(n, sc->t);
        for (int j = 0; j < 60; j++) {
            int a = (int)gt_rng_below(&W->rng, (uint64_t)(2 * W->ngens));
            gt_perm_mul(n, sc->t, letter_perm(W, a), sc->tmp);
            memcpy(sc->t, sc->tmp, (size_t)n * sizeof *sc->t);
            push_letter(sc->word, &len, a);
        }
        insert(W, sc->t, sc->word, len, WORD_LIMIT_MAX, sc->tmp);
    }
}

int gt_words_create_limited(const gt_group *grp, int ngens, const gt_point *const *gens, const gt_group_limits *lim,
                            gt_words **out)
{
    int rc = GT_ERR_INVAL, limit;
    gt_words *W = NULL;
    words_scratch sc = {NULL, NULL, NULL, NULL};
    if (!grp || ngens < 1 || !gens || !out)
        return rc;
    rc = GT_ERR_NOMEM;
    int n = gt_group_degree(grp);
    if (!(W = calloc(1, sizeof *W)))
        return rc;
    W->n = n;
    W->ngens = ngens;
    W->nlev = gt_group_base_length(grp);
    gt_rng_seed(&W->rng, 0x5EEDF00Dull);
    gt_build_ctl_init(&W->ctl, lim);
    W->ctl.phase = "words";
    W->gens = malloc((size_t)2 * ngens * n * sizeof *W->gens);
    W->lev = calloc((size_t)(W->nlev > 0 ? W->nlev : 1), sizeof *W->lev);
    W->order = malloc((size_t)ngens * sizeof *W->order);
    W->commute = malloc((size_t)ngens * ngens);
    sc.t = malloc((size_t)n * sizeof *sc.t);
    sc.tmp = malloc((size_t)2 * n * sizeof *sc.tmp);
    sc.word = malloc(SCRATCH_LETTERS * sizeof *sc.word);
    sc.word2 = malloc(SCRATCH_LETTERS * sizeof *sc.word2);
    if (!W->gens || !W->lev || !W->order || !W->commute || !sc.t || !sc.tmp || !sc.word || !sc.word2)
        goto fail_words;
    words_letters(W, gens, sc.tmp);
    if (words_levels(W, grp) != GT_OK || (limit = words_short(W, &sc)) < 0)
        goto fail_words;
    words_products(W, limit, &sc);
    words_random(W, &sc);
    rc = W->stopped ? W->stopped : W->filled == W->slots ? GT_OK : GT_ERR_TIMEOUT;
    if (rc < 0)
        goto fail_words;
    *out = W;
    goto free_scratch;
fail_words:
    gt_words_free(W);
free_scratch:
    free(sc.word);
    free(sc.word2);
    free(sc.t);
    free(sc.tmp);
    return rc;
}

void gt_words_get_stats(const gt_words *w, gt_words_stats *stats)
{
    memset(stats, 0, sizeof *stats);
    stats->slots = w->slots;
    stats->inserted = w->inserted;
    long sum = 0;
    for (int i = 0; i < w->nlev; i++)
        for (int k = 0; k < w->lev[i].orbit_len; k++) {
            int len = w->lev[i].wlen[k];
            sum += len;
            if (len > stats->longest_entry)
                stats->longest_entry = len;
        }
    stats->mean_entry = w->slots ? (double)sum / w->slots : 0;
}

int gt_words_max_length(const gt_words *w)
{
    int total = 0;
    for (int i = 0; i < w->nlev; i++) {
        int longest = 0;
        for (int k = 0; k < w->lev[i].orbit_len; k++)
            if (w->lev[i].wlen[k] > longest)
                longest = w->lev[i].wlen[k];
        total += longest;
    }
    return total;
}

/* Sifts p through the table, recording the slot used at each level; returns
 * the total entry length (before cancellations), or -1 if p is not a member. */
static int sift_slots(const gt_words *w, const gt_point *p, int *slot)
{
    int n = w->n, total = 0;
    gt_point h[GT_PERM_MAX_DEGREE], tmp[GT_PERM_MAX_DEGREE];
    memcpy(h, p, (size_t)n * sizeof *h);
    for (int i = 0; i < w->nlev; i++) {
        const wlevel *L = &w->lev[i];
        int k = L->pos[h[L->base]];
        if (k < 0)
            return -1;
        slot[i] = k;
        total += L->wlen[k];
        if (k > 0) {
            gt_perm_mul(n, h, L->inv + (size_t)k * n, tmp);
            memcpy(h, tmp, (size_t)n * sizeof *h);
        }
    }
    return gt_perm_is_identity(n, h) ? total : -1;
}

int gt_words_factor(const gt_words *w, const gt_point *p, int *letters, int cap, int *len)
{
    int slot[GT_PERM_MAX_DEGREE], slot_inv[GT_PERM_MAX_DEGREE];
    gt_point pinv[GT_PERM_MAX_DEGREE];
    int direct = sift_slots(w, p, slot);
    if (direct < 0)
        return 0;
    /* p^-1 often sifts along shorter entries; its word reversed and
     * inverted is a word for p. Keep the shorter of the two. */
    gt_perm_inverse(w->n, p, pinv);
    int inverse = sift_slots(w, pinv, slot_inv);
    int use_inverse = inverse >= 0 && inverse < direct;
    const int *used = use_inverse ? slot_inv : slot;
    /* x = t_{k-1} ··· t_0: the deepest level's word comes first. */
    int total = 0;
    for (int i = w->nlev - 1; i >= 0; i--) {
        const wlevel *L = &w->lev[i];
        int k = used[i];
        if (total + L->wlen[k] > cap)
            return GT_ERR_RANGE;
        for (int j = 0; j < L->wlen[k]; j++)
            push_letter(letters, &total, L->word[k][j]);
    }
    if (use_inverse) {
        for (int a = 0, b = total - 1; a < b; a++, b--) {
            int t = letters[a];
            letters[a] = letters[b];
            letters[b] = t;
        }
        for (int k = 0; k < total; k++)
            letters[k] ^= 1;
    }
    *len = total;
    return 1;
}

void gt_words_eval(const gt_words *w, const int *letters, int len, gt_point *out)
{
    gt_point tmp[GT_PERM_MAX_DEGREE];
    gt_perm_identity(w->n, out);
    for (int k = 0; k < len; k++) {
        gt_perm_mul(w->n, out, letter_perm(w, letters[k]), tmp);
        memcpy(out, tmp, (size_t)w->n * sizeof *tmp);
    }
}

void gt_words_eval_syllables(const gt_words *w, const gt_syllable *s, int len, gt_point *out)
{
    gt_point tmp[GT_PERM_MAX_DEGREE];
    gt_perm_identity(w->n, out);
    for (int k = 0; k < len; k++) {
        int p = s[k].power, letter = 2 * s[k].gen + (p < 0);
        for (int r = p < 0 ? -p : p; r > 0; r--) {
            gt_perm_mul(w->n, out, letter_perm(w, letter), tmp);
            memcpy(out, tmp, (size_t)w->n * sizeof *tmp);
        }
    }
}

/* x^e with e reduced modulo the order into (-order/2, order/2]. */
static int reduce_power(const gt_words *w, int gen, int e)
{
    long o = w->order[gen];
    if (o <= 0)
        return e;
    long r = ((e % o) + o) % o;
    if (r > o / 2)
        r -= o;
    return (int)r;
}

/* Pushes x^e onto the stack of syllables: it merges with the nearest x below
 * when everything in between commutes with x. A cancellation re-pushes what
 * was above it, since newly adjacent syllables may merge too. */
static void push_syllable(const gt_words *w, gt_syllable *st, int *top, int gen, int e)
{
    e = reduce_power(w, gen, e);
    if (!e)
        return;
    int j = *top - 1;
    while (j >= 0 && st[j].gen != gen && w->commute[st[j].gen * w->ngens + gen])
        j--;
    if (j < 0 || st[j].gen != gen) {
        st[(*top)++] = (gt_syllable){gen, e};
        return;
    }
    int merged = reduce_power(w, gen, st[j].power + e);
    if (merged) {
        st[j].power = merged;
        return;
    }
    /* x^a ... x^-a: drop it and replay the syllables that were above it */
    int above = *top - j - 1;
    gt_syllable replay[above > 0 ? above : 1];
    memcpy(replay, st + j + 1, (size_t)above * sizeof *replay);
    *top = j;
    for (int k = 0; k < above; k++)
        push_syllable(w, st, top, replay[k].gen, replay[k].power);
}

int gt_words_shorten(const gt_words *w, const int *letters, int len, gt_syllable *out)
{
    int top = 0;
    for (int k = 0; k < len; k++)
        push_syllable(w, out, &top, letters[k] >> 1, letters[k] & 1 ? -1 : 1);
    return top;
}

void gt_words_invert(const gt_words *w, gt_syllable *s, int len)
{
    for (int a = 0, b = len - 1; a < b; a++, b--) {
        gt_syllable t = s[a];
        s[a] = s[b];
        s[b] = t;
    }
    for (int k = 0; k < len; k++)
        s[k].power = reduce_power(w, s[k].gen, -s[k].power);
}

int gt_words_format(const char (*names)[16], const gt_syllable *s, int len, char *buf, int cap)
{
    int used = 0;
    if (cap < 1)
        return GT_ERR_RANGE;
    buf[0] = 0;
    for (int k = 0; k < len; k++) {
        const char *name = names[s[k].gen];
        int e = s[k].power, digit_end = isdigit((unsigned char)name[strlen(name) - 1]) != 0, w;
        const char *sep = used ? " " : "";
        if (e == 1)
            w = snprintf(buf + used, (size_t)(cap - used), "%s%s", sep, name);
        else if (e == -1)
            w = snprintf(buf + used, (size_t)(cap - used), "%s%s'", sep, name);
        else if (!digit_end && (e == 2 || e == -2))
            w = snprintf(buf + used, (size_t)(cap - used), "%s%s2%s", sep, name, e < 0 ? "'" : "");
        else
            w = snprintf(buf + used, (size_t)(cap - used), "%s%s^%d", sep, name, e);
        if (w < 0 || used + w >= cap)
            return GT_ERR_RANGE;
        used += w;
    }
    return GT_OK;
}
