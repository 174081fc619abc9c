/* What the solver's stages share (nnn_solve_internal.h): move lists, sticker
 * images under a layer turn, and the edges' targets. Below the driver
 * (nnn_solve.c) and the stages (nnn_centres.c, nnn_centres_block.c,
 * nnn_wings.c). */
#include "nnn_solve.h"
#include "nnn_internal.h"
#include "nnn_solve_internal.h"

#include <stdlib.h>
#include <string.h>

void gt_nnn_moves_push(gt_nnn_moves *mv, int face, int layer, int q)
{
    gt_nnn_moves_push_block(mv, face, layer, layer, q);
}

void gt_nnn_moves_push_block(gt_nnn_moves *mv, int face, int lo, int hi, int q)
{
    q &= 3;
    if (q == 0 || mv->err)
        return;
    if (mv->count == mv->cap) {
        long cap = mv->cap ? 2 * mv->cap : 1024;
        gt_turn *m = realloc(mv->m, (size_t)cap * sizeof *m);
        if (!m) {
            mv->err = GT_ERR_NOMEM;
            return;
        }
        mv->m = m;
        mv->cap = cap;
    }
    mv->m[mv->count++] = (gt_turn){.face = (uint8_t)face, .lo = (uint16_t)lo, .hi = (uint16_t)hi,
                                   .quarters = (uint8_t)q};
}

/* (r, c) -> (c, n-1-r), q times: the grid rotation of rotate_grid. */
long gt_nnn_rot_grid(int n, long z, int q)
{
    long nn = (long)n * n, base = z - z % nn;
    int r = (int)(z % nn / n), col = (int)(z % n);
    for (q &= 3; q > 0; q--) {
        int t = r;
        r = col;
        col = n - 1 - t;
    }
    return base + (long)r * n + col;
}

/* Index i with z = start + i·di on the strip, or -1. */
static long strip_index(int n, long start, long di, long z)
{
    long off = z - start;
    if (off % di)
        return -1;
    long i = off / di;
    return i >= 0 && i < n ? i : -1;
}

long gt_nnn_img(const gt_nnn *c, int face, int layer, int q, long z)
{
    int n = c->n, zf = (int)(z / ((long)n * n));
    q &= 3;
    if (q == 0)
        return z;
    if (layer == 0 && zf == face)
        return gt_nnn_rot_grid(n, z, q);
    if (layer == n - 1 && zf == (face + 3) % 6)
        return gt_nnn_rot_grid(n, z, 4 - q);
    const gt_nnn_strip *s = c->strip[face];
    for (int j = 0; j < 4; j++) {
        if (s[j].face != zf)
            continue;
        long i = strip_index(n, s[j].base + layer * s[j].dl, s[j].di, z);
        if (i >= 0) {
            const gt_nnn_strip *d = &s[(j + q) & 3];
            return d->base + layer * d->dl + i * d->di;
        }
    }
    return z;
}

int gt_nnn_layer_of(const gt_nnn *c, int face, long z)
{
    int n = c->n, zf = (int)(z / ((long)n * n));
    for (int j = 0; j < 4; j++) {
        const gt_nnn_strip *s = &c->strip[face][j];
        if (s->face != zf)
            continue;
        /* z - base = l·dl + i·di with |dl|, |di| = 1 and N in some order */
        long off = z - s->base, big = labs(s->dl) > labs(s->di) ? s->dl : s->di;
        for (long x = off / big - 1; x <= off / big + 1; x++) {
            long rem = off - x * big, small = big == s->dl ? s->di : s->dl, y = rem / small;
            if (rem % small || x < 0 || x >= n || y < 0 || y >= n)
                continue;
            return (int)(big == s->dl ? x : y);
        }
    }
    return -1;
}

/* ---- the edges' targets ---- */

/* The corners' permutation parity (slot of each corner by its colours). */
static int corner_parity(const gt_nnn *c)
{
    int perm[GT_NNN_CORNERS], n = c->n;
    for (int i = 0; i < GT_NNN_CORNERS; i++) {
        long f[3];
        gt_nnn_corner_facelets(n, i, f);
        int mask = (1 << c->f[f[0]]) | (1 << c->f[f[1]]) | (1 << c->f[f[2]]);
        perm[i] = 0;
        for (int j = 0; j < GT_NNN_CORNERS; j++)
            if (mask == ((1 << gt_nnn_corner_faces[j][0]) | (1 << gt_nnn_corner_faces[j][1]) |
                         (1 << gt_nnn_corner_faces[j][2])))
                perm[i] = j;
    }
    int parity = 0;
    for (int i = 0; i < GT_NNN_CORNERS; i++)
        for (int j = i + 1; j < GT_NNN_CORNERS; j++)
            parity ^= perm[i] > perm[j];
    return parity;
}

void gt_nnn_edge_targets(const gt_nnn *c, uint8_t target[GT_NNN_EDGES][2])
{
    gt_nnn c3;
    int odd = corner_parity(c);
    for (int e = 0; e < GT_NNN_EDGES; e++) {
        target[e][0] = (uint8_t)gt_nnn_edge_faces[e][0];
        target[e][1] = (uint8_t)gt_nnn_edge_faces[e][1];
    }
    if (!odd || gt_nnn_init(&c3, 3) != GT_OK)
        return;
    gt_nnn_turn(&c3, 0, 0, 0, 1); /* U: an odd edge permutation */
    for (int e = 0; e < GT_NNN_EDGES; e++) {
        long f[2];
        gt_nnn_edge_facelets(3, e, 1, f);
        target[e][0] = c3.f[f[0]];
        target[e][1] = c3.f[f[1]];
    }
    gt_nnn_free(&c3);
}
