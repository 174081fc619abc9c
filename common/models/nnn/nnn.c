/* The N×N×N model: geometry, in-place turns, notation, piece views
 * (nnn.h, docs/nnn.md). */
#include "nnn.h"
#include "nnn_internal.h"
#include "facecube.h"

#include <stdlib.h>
#include <string.h>

/* The outward normals of U R F D L B, as in facecube.c. */
static const int normal[GT_FACES][3] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};

long gt_nnn_facelets(int n)
{
    return 6L * n * n;
}

static void cross(const int a[3], const int b[3], int out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* A clockwise quarter turn seen from outside the face of normal a. */
static void rotate_cw(const int a[3], int v[3])
{
    int dot = a[0] * v[0] + a[1] * v[1] + a[2] * v[2], c[3];
    cross(a, v, c);
    for (int i = 0; i < 3; i++)
        v[i] = a[i] * dot - c[i];
}

/* The facelet of layer `layer` of face f, on its k-th neighbour strip, at
 * index i: the point n·g + (n-1-2·layer)·a + (2i-(n-1))·w on the first
 * neighbour g (w = a × g), turned k quarters about a. */
static long strip_facelet(int n, int f, int k, int layer, int i)
{
    const int *a = normal[f];
    int g = -1, w[3], v[3];
    for (int h = 0; h < GT_FACES && g < 0; h++)
        if (normal[h][0] * a[0] + normal[h][1] * a[1] + normal[h][2] * a[2] == 0)
            g = h;
    cross(a, normal[g], w);
    for (int j = 0; j < 3; j++)
        v[j] = n * normal[g][j] + (n - 1 - 2 * layer) * a[j] + (2 * i - (n - 1)) * w[j];
    for (int q = 0; q < k; q++)
        rotate_cw(a, v);
    return gt_facecube_facelet_at(n, v);
}

/* The strips are affine in (layer, i), so three points fix each. */
static void build_strips(gt_nnn *c)
{
    int n = c->n;
    for (int f = 0; f < GT_FACES; f++)
        for (int k = 0; k < 4; k++) {
            long p00 = strip_facelet(n, f, k, 0, 0);
            gt_nnn_strip *s = &c->strip[f][k];
            s->face = (int)(p00 / ((long)n * n));
            s->base = p00;
            s->dl = strip_facelet(n, f, k, 1, 0) - p00;
            s->di = strip_facelet(n, f, k, 0, 1) - p00;
        }
}

int gt_nnn_init(gt_nnn *c, int n)
{
    memset(c, 0, sizeof *c);
    if (n < GT_NNN_MIN || n > GT_NNN_MAX)
        return GT_ERR_INVAL;
    c->n = n;
    c->f = malloc((size_t)gt_nnn_facelets(n));
    if (!c->f)
        return GT_ERR_NOMEM;
    build_strips(c);
    gt_nnn_reset(c);
    return GT_OK;
}

void gt_nnn_free(gt_nnn *c)
{
    free(c->f);
    c->f = NULL;
}

void gt_nnn_reset(gt_nnn *c)
{
    long nn = (long)c->n * c->n;
    for (int f = 0; f < GT_FACES; f++)
        memset(c->f + f * nn, f, (size_t)nn);
}

int gt_nnn_is_solved(const gt_nnn *c)
{
    long nn = (long)c->n * c->n;
    for (int f = 0; f < GT_FACES; f++)
        for (long i = 1; i < nn; i++)
            if (c->f[f * nn + i] != c->f[f * nn])
                return 0;
    return 1;
}

/* Turns face f's own grid q quarters clockwise (as seen from outside):
 * (r, c) -> (c, n-1-r). */
static void rotate_grid(gt_nnn *c, int f, int q)
{
    int n = c->n;
    uint8_t *g = c->f + (long)f * n * n;
    for (int r = 0; r < n / 2; r++)
        for (int col = r; col < n - 1 - r; col++) {
            long p[4] = {(long)r * n + col, (long)col * n + (n - 1 - r), (long)(n - 1 - r) * n + (n - 1 - col),
                         (long)(n - 1 - col) * n + r};
            uint8_t v[4] = {g[p[0]], g[p[1]], g[p[2]], g[p[3]]};
            for (int k = 0; k < 4; k++)
                g[p[(k + q) & 3]] = v[k];
        }
}

/* One layer: the four strips cycle (the sticker on strip k moves to strip
 * k+1 by a clockwise quarter turn), and an outer layer turns its face. */
static void turn_layer(gt_nnn *c, int face, int layer, int q)
{
    int n = c->n;
    const gt_nnn_strip *s = c->strip[face];
    long p0 = s[0].base + layer * s[0].dl, p1 = s[1].base + layer * s[1].dl;
    long p2 = s[2].base + layer * s[2].dl, p3 = s[3].base + layer * s[3].dl;
    uint8_t *f = c->f;
    for (int i = 0; i < n; i++, p0 += s[0].di, p1 += s[1].di, p2 += s[2].di, p3 += s[3].di) {
        long p[4] = {p0, p1, p2, p3};
        uint8_t v[4] = {f[p0], f[p1], f[p2], f[p3]};
        for (int k = 0; k < 4; k++)
            f[p[(k + q) & 3]] = v[k];
    }
    if (layer == 0)
        rotate_grid(c, face, q);
    if (layer == n - 1) /* the opposite face turns the other way as seen from it */
        rotate_grid(c, (face + 3) % GT_FACES, (4 - q) & 3);
}

void gt_nnn_turn(gt_nnn *c, int face, int lo, int hi, int quarters)
{
    int q = ((quarters % 4) + 4) % 4;
    if (face < 0 || face >= GT_FACES || lo < 0 || hi >= c->n || lo > hi || q == 0)
        return;
    for (int layer = lo; layer <= hi; layer++)
        turn_layer(c, face, layer, q);
}

void gt_nnn_apply(gt_nnn *c, const gt_turn *turns, long count)
{
    for (long i = 0; i < count; i++)
        gt_nnn_turn(c, turns[i].face, turns[i].lo, turns[i].hi, turns[i].quarters);
}

/* ---- notation ---- */

int gt_nnn_parse(int n, const char *text, gt_turn **turns, long *count, gt_parse_error *err)
{
    if (!text || !turns || !count || n < GT_NNN_MIN || n > GT_NNN_MAX)
        return GT_ERR_INVAL;
    return gt_notation_parse_alloc(n, text, GT_NOTATION_ALL | GT_NOTATION_SLICES_ODD_ONLY, turns, count, err);
}

int gt_nnn_scramble(gt_nnn *c, const char *text, gt_parse_error *err)
{
    gt_turn *t;
    long count;
    int rc = gt_nnn_parse(c->n, text, &t, &count, err);
    if (rc)
        return rc;
    gt_nnn_apply(c, t, count);
    free(t);
    return GT_OK;
}

int gt_nnn_format(int n, const gt_turn *turns, long count, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap == 0)
        return GT_ERR_RANGE;
    buf[0] = 0;
    for (long i = 0; i < count; i++) {
        char tok[GT_NOTATION_TOKEN_MAX];
        gt_notation_format_cap(n, turns[i], tok, sizeof tok);
        size_t tl = strlen(tok);
        if (len + tl + 2 > cap)
            return GT_ERR_RANGE;
        if (i)
            buf[len++] = ' ';
        memcpy(buf + len, tok, tl + 1);
        len += tl;
    }
    return GT_OK;
}

static int is_rotation(int n, gt_turn t)
{
    return t.lo == 0 && t.hi == n - 1;
}

long gt_nnn_count_obtm(int n, const gt_turn *turns, long count)
{
    long m = 0;
    for (long i = 0; i < count; i++)
        if (!is_rotation(n, turns[i]))
            m += turns[i].lo == 0 || turns[i].hi == n - 1 ? 1 : 2;
    return m;
}

long gt_nnn_count_stm(int n, const gt_turn *turns, long count)
{
    long m = 0;
    for (long i = 0; i < count; i++)
        m += !is_rotation(n, turns[i]);
    return m;
}

/* ---- piece views ---- */

/* Kociemba's corner and edge slots, by faces (reference face first). */
const int gt_nnn_corner_faces[GT_NNN_CORNERS][3] = {
    {GT_FACE_U, GT_FACE_R, GT_FACE_F}, {GT_FACE_U, GT_FACE_F, GT_FACE_L}, {GT_FACE_U, GT_FACE_L, GT_FACE_B},
    {GT_FACE_U, GT_FACE_B, GT_FACE_R}, {GT_FACE_D, GT_FACE_F, GT_FACE_R}, {GT_FACE_D, GT_FACE_L, GT_FACE_F},
    {GT_FACE_D, GT_FACE_B, GT_FACE_L}, {GT_FACE_D, GT_FACE_R, GT_FACE_B}};
const int gt_nnn_edge_faces[GT_NNN_EDGES][2] = {
    {GT_FACE_U, GT_FACE_R}, {GT_FACE_U, GT_FACE_F}, {GT_FACE_U, GT_FACE_L}, {GT_FACE_U, GT_FACE_B},
    {GT_FACE_D, GT_FACE_R}, {GT_FACE_D, GT_FACE_F}, {GT_FACE_D, GT_FACE_L}, {GT_FACE_D, GT_FACE_B},
    {GT_FACE_F, GT_FACE_R}, {GT_FACE_F, GT_FACE_L}, {GT_FACE_B, GT_FACE_L}, {GT_FACE_B, GT_FACE_R}};

void gt_nnn_corner_facelets(int n, int corner, long out[3])
{
    const int *fs = gt_nnn_corner_faces[corner];
    for (int s = 0; s < 3; s++) {
        int v[3];
        for (int j = 0; j < 3; j++)
            v[j] = n * normal[fs[s]][j] + (n - 1) * (normal[fs[(s + 1) % 3]][j] + normal[fs[(s + 2) % 3]][j]);
        out[s] = gt_facecube_facelet_at(n, v);
    }
}

/* Position k runs along a = nA × nB: coordinate 2k-(n-1) along a, so the
 * wing at k > (N-1)/2 is right-handed: det(nA, nB, d) > 0 (docs/nnn.md). */
void gt_nnn_edge_facelets(int n, int edge, int k, long out[2])
{
    const int *a = normal[gt_nnn_edge_faces[edge][0]], *b = normal[gt_nnn_edge_faces[edge][1]];
    int ax[3], va[3], vb[3];
    cross(a, b, ax);
    for (int j = 0; j < 3; j++) {
        va[j] = n * a[j] + (n - 1) * b[j] + (2 * k - (n - 1)) * ax[j];
        vb[j] = (n - 1) * a[j] + n * b[j] + (2 * k - (n - 1)) * ax[j];
    }
    out[0] = gt_facecube_facelet_at(n, va);
    out[1] = gt_facecube_facelet_at(n, vb);
}

int gt_nnn_wing_orbits(int n)
{
    return (n - 2) / 2;
}

long gt_nnn_centre_orbits(int n)
{
    return (long)(n / 2 - 1) * ((n + 1) / 2 - 1);
}

/* Representatives: the fundamental domain rows 1..n/2-1, columns 1..(n+1)/2-1
 * of the four in-face rotations (r, c) -> (c, n-1-r). */
int gt_nnn_centre_orbit(int n, long idx, int *row, int *col, long out[24])
{
    long w = (n + 1) / 2 - 1;
    if (idx < 0 || idx >= gt_nnn_centre_orbits(n))
        return GT_ERR_INVAL;
    int r = (int)(1 + idx / w), c = (int)(1 + idx % w);
    if (row)
        *row = r;
    if (col)
        *col = c;
    for (int f = 0; out && f < GT_FACES; f++) {
        long base = (long)f * n * n;
        out[4 * f + 0] = base + (long)r * n + c;
        out[4 * f + 1] = base + (long)c * n + (n - 1 - r);
        out[4 * f + 2] = base + (long)(n - 1 - r) * n + (n - 1 - c);
        out[4 * f + 3] = base + (long)(n - 1 - c) * n + r;
    }
    if (r == c)
        return GT_NNN_XCENTRE;
    return n % 2 && c == (n - 1) / 2 ? GT_NNN_PLUSCENTRE : GT_NNN_OBLIQUE;
}
