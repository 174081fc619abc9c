/* Invariants for the order bound: signs on points and blocks, and the sum
 * of the Kaloujnine–Krasner coordinates in a cyclic block stabiliser (see
 * permgroup_internal.h and docs/groups.md). They are what makes the bound
 * exact for puzzles: the Rubik cube's corners and edges have the same
 * parity, its twists sum to 0 mod 3, its flips to 0 mod 2. */
#include "gt_error.h"
#include "permgroup_internal.h"

#include <stdlib.h>
#include <string.h>

void gt_constituent_free(constituent *c)
{
    free(c->block_of);
    free(c->t);
    free(c->pos_in);
    free(c->k_exp);
    memset(c, 0, sizeof *c);
}

/* 0 for an even permutation of 0..m-1, 1 for an odd one (seen: m bytes). */
static int parity(int m, const int *p, unsigned char *seen)
{
    int odd = 0;
    memset(seen, 0, (size_t)m);
    for (int i = 0; i < m; i++) {
        if (seen[i])
            continue;
        int len = 0;
        for (int j = i; !seen[j]; j = p[j]) {
            seen[j] = 1;
            len++;
        }
        odd ^= !(len & 1);
    }
    return odd;
}

int gt_constituent_invariants(const constituent *c, const gt_point *g, int first_block, int *val, int *prime)
{
    int img[GT_PERM_MAX_DEGREE], count = 0;
    unsigned char seen[GT_PERM_MAX_DEGREE];
    if (!first_block) {
        for (int i = 0; i < c->m; i++)
            img[i] = g[i];
        prime[count] = 2;
        val[count++] = parity(c->m, img, seen);
    }
    if (c->d == 0)
        return count;
    for (int X = 0; X < c->k; X++)
        img[X] = c->block_of[g[c->t[X * c->d]]];
    prime[count] = 2;
    val[count++] = parity(c->k, img, seen);
    if (c->p) {
        /* t_X · g · t_{X^g}^-1 sends B[0] to B[pos_in[g(t_X(B[0]))]] */
        long sum = 0;
        for (int X = 0; X < c->k; X++)
            sum += c->k_exp[c->pos_in[g[c->t[X * c->d]]]];
        prime[count] = c->p;
        val[count++] = (int)(sum % c->p);
    }
    return count;
}

int gt_constituent_cyclic_stabiliser(constituent *c, int ngens, const gt_point *const *stab_gens)
{
    int d = c->d;
    c->p = 0;
    if (ngens < 1 || !perm_is_prime(d))
        return GT_OK;
    /* abelian: the generators commute pairwise; being transitive on d
     * points, K is then regular, of order d, so cyclic */
    for (int a = 0; a < ngens; a++)
        for (int b = a + 1; b < ngens; b++)
            for (int i = 0; i < d; i++)
                if (stab_gens[a][stab_gens[b][i]] != stab_gens[b][stab_gens[a][i]])
                    return GT_OK;
    if (!(c->k_exp = malloc((size_t)d * sizeof *c->k_exp)))
        return GT_ERR_NOMEM;
    for (int e = 0, j = 0; e < d; e++, j = stab_gens[0][j])
        c->k_exp[j] = e;
    c->p = d;
    return GT_OK;
}

/* The rank mod p of a rows × cols matrix (entries in 0..p-1, destroyed). */
static int rank_mod_p(int rows, int cols, int *a, int p)
{
    int rank = 0;
    for (int col = 0; col < cols && rank < rows; col++) {
        int piv = -1;
        for (int r = rank; r < rows && piv < 0; r++)
            if (a[r * cols + col])
                piv = r;
        if (piv < 0)
            continue;
        for (int j = 0; j < cols; j++) {
            int t = a[rank * cols + j];
            a[rank * cols + j] = a[piv * cols + j];
            a[piv * cols + j] = t;
        }
        int inv = 1; /* the inverse of the pivot mod p (p is small) */
        while (inv * a[rank * cols + col] % p != 1)
            inv++;
        for (int r = 0; r < rows; r++) {
            if (r == rank || !a[r * cols + col])
                continue;
            int f = a[r * cols + col] * inv % p;
            for (int j = 0; j < cols; j++)
                a[r * cols + j] = ((a[r * cols + j] - f * a[rank * cols + j]) % p + p) % p;
        }
        rank++;
    }
    return rank;
}

int gt_invariant_span(int rows, int cols, const int *vals, const int *primes, mpz_t out)
{
    mpz_set_ui(out, 1);
    int *a = malloc(((size_t)rows * cols + 1) * sizeof *a), *cols_p = malloc(((size_t)cols + 1) * sizeof *cols_p);
    unsigned char *done = calloc((size_t)cols + 1, 1);
    int rc = a && cols_p && done ? GT_OK : GT_ERR_NOMEM;
    for (int c0 = 0; c0 < cols && rc == GT_OK; c0++) {
        if (done[c0])
            continue;
        int p = primes[c0], sub = 0;
        for (int c = c0; c < cols; c++)
            if (primes[c] == p) {
                done[c] = 1;
                cols_p[sub++] = c;
            }
        for (int r = 0; r < rows; r++)
            for (int j = 0; j < sub; j++)
                a[r * sub + j] = vals[r * cols + cols_p[j]] % p;
        mpz_t f;
        mpz_init(f);
        mpz_ui_pow_ui(f, (unsigned long)p, (unsigned long)rank_mod_p(rows, sub, a, p));
        mpz_mul(out, out, f);
        mpz_clear(f);
    }
    free(a);
    free(cols_p);
    free(done);
    return rc;
}
