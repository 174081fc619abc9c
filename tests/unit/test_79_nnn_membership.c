/* N×N×N legality verdicts against group membership (issue 12), N = 4 and 5.
 *
 * The group G is `cube-def N --inner` (gt_cubegroup_definition_text, parsed
 * by puzdef, chain by Schreier–Sims): the quarter turns of layers 1..⌊N/2⌋ of
 * every face on the moving facelets (points = facecube.h facelets, fixed
 * centres of odd N left out). An assembly (a colouring, colour c = face c
 * when solved) is reachable iff some g in G has col[g(i)] = face(i) for
 * every facelet i (the sticker at i moves to g(i)). What is compared, for
 * every assembly: gt_nnn_verdict_of says legal (code 0) <=> such a g exists.
 *
 * Why deciding "some g exists" with a few sifts is exact:
 *  - Every g in G moves pieces rigidly, so only piece-respecting candidates
 *    need testing. Corners and middle edges show distinct colour sets, so
 *    their part of the candidate is forced by the colours.
 *  - Wings come in twins (same colours, positions k and N-1-k of an edge).
 *    The colours force each wing's reading in a slot, not which twin is
 *    where. From G alone (orbits of ordered sticker pairs) the test checks
 *    that no oriented slot placement is reachable by both twins, so at most
 *    one of the two twin-to-slot matchings has every wing placement
 *    reachable; that one is tested (if neither is, no g exists and either
 *    may be tested).
 *  - Centres of a colour are alike. The test checks that G contains the
 *    3-cycles (o0 o1 oj), j = 2..23, of every centre orbit, which generate
 *    Alt(orbit) fixing everything else; so two candidates that differ by an
 *    even same-colour rearrangement of each orbit are both in G or both not,
 *    and it suffices to try one candidate per choice of orbit parities
 *    (2^c sifts, c = 1 for N = 4, 2 for N = 5).
 *  - Orientation. Even N: G turns every layer, so it holds the 24 whole-cube
 *    rotations and any orientation is compared as is (the verdict reads its
 *    own frame from the DBL corner). Odd N: G fixes the fixed centres, while
 *    the cube may be turned by any layer (middle slices too = a rotation
 *    times outer turns); so the assembly is first turned as a whole (one of
 *    the 24 rotations, by gt_nnn_turn of all layers) to bring the fixed
 *    centres home, then tested in G. If no rotation does, the six centres
 *    are a mirror scheme and the verdict must say "not an assembly".
 * Assemblies with a centre sticker traded between two orbits are compared
 * too: the candidate then maps a centre across orbits, never in G, and the
 * verdict calls them illegal. Each constructed case also carries its
 * expected verdict where the construction decides it (legal, illegal, not a
 * cube); "screwdriver" reassemblies (pieces and orientations drawn at
 * random, colour counts kept) are compared only. A case built as no cube (a
 * mirrored corner; odd N: fixed centres in a mirror scheme) must get "not an
 * assembly" from the verdict and no candidate from the group side. Every
 * disagreement is printed (the first 10), then fails the test. */
#include "test_util.h"

#include "cubegroup.h"
#include "gt_error.h"
#include "nnn.h"
#include "permgroup.h"
#include "puzdef.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

enum { LEGAL, ILLEGAL, UNKNOWN, NOTCUBE };
enum { MAXN = 5, MAXF = 6 * MAXN * MAXN, MAXWINGS = 24 * ((MAXN - 2) / 2), MAXORB = 2 };

typedef struct ctx {
    int n, nf, d, wings;
    long orbits;
    int point[MAXF];           /* facelet -> point, -1 for a fixed centre */
    int facelet[MAXF];         /* point -> facelet */
    long wing[MAXWINGS][2];    /* wing w: orbit k = w/24 + 1, edge (w%24)/2, end w&1 */
    uint8_t *reach[MAXWINGS];  /* reach[w][x*d+y]: G sends w's stickers to points x, y */
    long centre[MAXORB][24];
    gt_puzdef *def;
    gt_group *g;
} ctx;

enum { KINDS = 32 };
typedef struct tally {
    long compared, legal, illegal, notcube, mismatches;
    const char *kind[KINDS]; /* per kind of case: how many, how many legal */
    long count[KINDS], legal_of[KINDS];
} tally;

static void count_kind(tally *t, const char *what, int legal)
{
    int k = 0;
    while (k < KINDS - 1 && t->kind[k] && strcmp(t->kind[k], what))
        k++;
    t->kind[k] = what, t->count[k]++, t->legal_of[k] += legal;
}

static void print_kinds(int n, const tally *t)
{
    for (int k = 0; k < KINDS && t->kind[k]; k++)
        print_message("  n=%d %5ld × %s (%ld legal)\n", n, t->count[k], t->kind[k], t->legal_of[k]);
}

static int face_of(const ctx *x, long f)
{
    return (int)(f / ((long)x->n * x->n));
}

/* Facelets of wing slot s of orbit k (slot 2e: position k, 2e+1: N-1-k). */
static void wing_slot(int n, int k, int s, long out[2])
{
    gt_nnn_edge_facelets(n, s / 2, s & 1 ? n - 1 - k : k, out);
}

/* The orbit of the ordered point pair (a, b) under the generators. */
static void pair_orbit(const ctx *x, int a, int b, uint8_t *seen)
{
    int d = x->d, *queue = malloc(sizeof *queue * (size_t)d * (size_t)d), head = 0, tail = 0;
    memset(seen, 0, (size_t)d * (size_t)d);
    seen[a * d + b] = 1;
    queue[tail++] = a * d + b;
    while (head < tail) {
        int cur = queue[head++];
        for (int gi = 0; gi < x->def->ngens; gi++) {
            const gt_point *p = x->def->gens + (size_t)gi * (size_t)d;
            int next = p[cur / d] * d + p[cur % d];
            if (!seen[next])
                seen[next] = 1, queue[tail++] = next;
        }
    }
    free(queue);
}

/* G contains Alt(orbit) on every centre orbit: 3-cycles (o0 o1 oj). */
static void check_centre_alternating(const ctx *x)
{
    gt_point p[MAXF];
    for (long o = 0; o < x->orbits; o++)
        for (int j = 2; j < 24; j++) {
            gt_perm_identity(x->d, p);
            int a = x->point[x->centre[o][0]], b = x->point[x->centre[o][1]], c = x->point[x->centre[o][j]];
            p[a] = (gt_point)b, p[b] = (gt_point)c, p[c] = (gt_point)a;
            assert_true(gt_group_contains(x->g, p, NULL));
        }
}

/* No oriented wing placement is reachable by both twins. */
static void check_twins_apart(const ctx *x)
{
    long both = 0, any = 0;
    for (int w = 0; w < x->wings; w += 2)
        for (int i = 0; i < x->d * x->d; i++)
            both += x->reach[w][i] && x->reach[w + 1][i], any += x->reach[w][i];
    assert_int_equal(both, 0);
    assert_int_equal(any, (long)x->wings / 2 * 24); /* each wing reaches 24 placements */
}

static void setup_ctx(ctx *x, int n)
{
    static char text[1 << 16];
    gt_puzdef_error err;
    const gt_point *gens[GT_PUZDEF_MAX_GENS];
    memset(x, 0, sizeof *x);
    x->n = n, x->nf = 6 * n * n;
    assert_int_equal(gt_cubegroup_definition_text(n, "URFDLB", 1, text, sizeof text), GT_OK);
    assert_int_equal(gt_puzdef_parse(text, &x->def, &err), GT_OK);
    x->d = x->def->degree;
    assert_int_equal(gt_cubegroup_moving_facelets(n, x->facelet), x->d);
    for (int f = 0; f < x->nf; f++)
        x->point[f] = -1;
    for (int i = 0; i < x->d; i++)
        x->point[x->facelet[i]] = i;
    gt_puzdef_gen_ptrs(x->def, gens);
    assert_int_equal(gt_group_create(x->d, x->def->ngens, gens, NULL, &x->g), GT_OK);
    x->wings = 24 * gt_nnn_wing_orbits(n);
    for (int w = 0; w < x->wings; w++) {
        wing_slot(n, w / 24 + 1, w % 24, x->wing[w]);
        x->reach[w] = malloc((size_t)x->d * (size_t)x->d);
        pair_orbit(x, x->point[x->wing[w][0]], x->point[x->wing[w][1]], x->reach[w]);
    }
    x->orbits = gt_nnn_centre_orbits(n);
    assert_true(x->orbits <= MAXORB);
    for (long o = 0; o < x->orbits; o++) {
        gt_nnn_centre_orbit(n, o, NULL, NULL, x->centre[o]);
        assert_int_equal(face_of(x, x->centre[o][0]), face_of(x, x->centre[o][1])); /* the parity swap */
    }
    check_centre_alternating(x);
    check_twins_apart(x);
}

static void free_ctx(ctx *x)
{
    for (int w = 0; w < x->wings; w++)
        free(x->reach[w]);
    gt_group_free(x->g);
    gt_puzdef_free(x->def);
}

/* ---- the candidate element of an assembly ---- */

/* Pieces of `size` stickers: home facelets h[i], slot facelets of each of
 * `slots` slots. Sends each home to the slot and reading showing its
 * colours (corners: cyclic shifts only, chirality kept). 0, or -1 if none. */
static int place_pieces(const ctx *x, const uint8_t *col, int size, int slots, long fac[][3], int *p)
{
    for (int h = 0; h < slots; h++) {
        int found = 0;
        for (int t = 0; t < slots && !found; t++)
            for (int r = 0; r < size && !found; r++) {
                int ok = 1;
                for (int j = 0; j < size; j++)
                    ok &= col[fac[t][(j + r) % size]] == face_of(x, fac[h][j]);
                if (ok) {
                    for (int j = 0; j < size; j++)
                        p[fac[h][j]] = (int)fac[t][(j + r) % size];
                    found = 1;
                }
            }
        if (!found)
            return -1;
    }
    return 0;
}

static int reach_of(const ctx *x, int w, const long s[2])
{
    return x->reach[w][x->point[s[0]] * x->d + x->point[s[1]]];
}

/* Twins w, w+1 (colours a, b): the two slots of their orbit showing a and
 * b, each read reference-colour first; the matching G can reach if any. */
static int place_twins(const ctx *x, const uint8_t *col, int w, int *p)
{
    int a = face_of(x, x->wing[w][0]), b = face_of(x, x->wing[w][1]), found = 0;
    long s[2][2];
    for (int t = 0; t < 24; t++) {
        long f[2];
        wing_slot(x->n, w / 24 + 1, t, f);
        int fwd = col[f[0]] == a && col[f[1]] == b, back = col[f[0]] == b && col[f[1]] == a;
        if ((fwd || back) && found == 2)
            return -1;
        if (fwd || back)
            s[found][0] = f[back], s[found][1] = f[!back], found++;
    }
    if (found < 2)
        return -1;
    int swap = !(reach_of(x, w, s[0]) && reach_of(x, w + 1, s[1]));
    for (int j = 0; j < 2; j++) {
        p[x->wing[w][j]] = (int)s[swap][j];
        p[x->wing[w + 1][j]] = (int)s[!swap][j];
    }
    return 0;
}

/* Centres: the homes of colour c, orbit by orbit, to the stickers showing c,
 * orbit by orbit (within each orbit when its counts are right). */
static int place_centres(const ctx *x, const uint8_t *col, int *p)
{
    for (int c = 0; c < 6; c++) {
        long dst[24 * MAXORB];
        int nd = 0, nh = 0;
        for (long o = 0; o < x->orbits; o++)
            for (int i = 0; i < 24; i++)
                if (col[x->centre[o][i]] == c)
                    dst[nd++] = x->centre[o][i];
        for (long o = 0; o < x->orbits; o++)
            for (int i = 0; i < 24; i++)
                if (face_of(x, x->centre[o][i]) == c) {
                    if (nh == nd)
                        return -1;
                    p[x->centre[o][i]] = (int)dst[nh++];
                }
        if (nh != nd)
            return -1;
    }
    return 0;
}

/* p: facelet -> facelet; 0, or -1 if the colours are no assembly. */
static int candidate(const ctx *x, const uint8_t *col, int *p)
{
    long corners[8][3], edges[12][3];
    for (int f = 0; f < x->nf; f++)
        p[f] = f;
    for (int s = 0; s < 8; s++)
        gt_nnn_corner_facelets(x->n, s, corners[s]);
    if (place_pieces(x, col, 3, 8, corners, p))
        return -1;
    if (x->n % 2) {
        for (int e = 0; e < 12; e++)
            gt_nnn_edge_facelets(x->n, e, (x->n - 1) / 2, edges[e]);
        if (place_pieces(x, col, 2, 12, edges, p))
            return -1;
    }
    for (int w = 0; w < x->wings; w += 2)
        if (place_twins(x, col, w, p))
            return -1;
    return place_centres(x, col, p);
}

/* Odd N: turns the whole cube (one of 24 rotations) until the fixed centres
 * are home; 0, or -1 if none does. */
static int orient(const ctx *x, gt_nnn *c)
{
    static const int pre[6][2] = {{0, 0}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 3}}; /* face R/F, quarters */
    int n = x->n;
    long nn = (long)n * n, mid = (n / 2) * n + n / 2;
    gt_nnn t;
    assert_int_equal(gt_nnn_init(&t, n), GT_OK);
    for (int a = 0; a < 6; a++)
        for (int q = 0; q < 4; q++) {
            memcpy(t.f, c->f, (size_t)x->nf);
            gt_nnn_turn(&t, pre[a][0], 0, n - 1, pre[a][1]);
            gt_nnn_turn(&t, 0, 0, n - 1, q);
            int home = 1;
            for (int f = 0; f < 6; f++)
                home &= t.f[f * nn + mid] == f;
            if (home) {
                memcpy(c->f, t.f, (size_t)x->nf);
                gt_nnn_free(&t);
                return 0;
            }
        }
    gt_nnn_free(&t);
    return -1;
}

/* Is the colouring reached by G? -1: no candidate (not an assembly). */
static int reachable(const ctx *x, const gt_nnn *cube)
{
    int p[MAXF], q[MAXF];
    gt_point perm[MAXF];
    gt_nnn c;
    assert_int_equal(gt_nnn_init(&c, x->n), GT_OK);
    memcpy(c.f, cube->f, (size_t)x->nf);
    int rc = (x->n % 2 && orient(x, &c)) ? -1 : candidate(x, c.f, p);
    gt_nnn_free(&c);
    for (int mask = 0; rc == 0 && mask < 1 << x->orbits; mask++) {
        memcpy(q, p, sizeof q);
        for (long o = 0; o < x->orbits; o++)
            if (mask >> o & 1) { /* o0 and o1 share a face: same colour */
                int t = q[x->centre[o][0]];
                q[x->centre[o][0]] = q[x->centre[o][1]], q[x->centre[o][1]] = t;
            }
        for (int i = 0; i < x->d; i++)
            perm[i] = (gt_point)x->point[q[x->facelet[i]]];
        if (gt_group_contains(x->g, perm, NULL))
            return 1;
    }
    return rc;
}

static void compare(const ctx *x, const gt_nnn *c, int expect, const char *what, tally *t)
{
    gt_nnn_verdict v;
    gt_nnn_verdict_of(c, &v);
    int r = reachable(x, c), legal = v.code == GT_OK, bad = 0;
    if (expect == NOTCUBE || v.code == GT_ERR_PARSE || r < 0) {
        bad = !(expect == NOTCUBE && v.code == GT_ERR_PARSE && r < 0);
        t->notcube += !bad;
    } else {
        bad = legal != r || (expect != UNKNOWN && legal != (expect == LEGAL));
        t->compared++, t->legal += legal, t->illegal += !legal;
    }
    count_kind(t, what, legal && !bad);
    if (bad && t->mismatches++ < 10)
        print_message("MISMATCH n=%d %s: expected %s, verdict %d '%s', group %s\n", x->n, what,
                      (const char *[]){"legal", "illegal", "unknown", "not a cube"}[expect], v.code, v.reason,
                      r < 0 ? "no candidate" : r ? "reachable" : "unreachable");
}

/* ---- assemblies ---- */

static void swap_f(gt_nnn *c, long a, long b)
{
    uint8_t t = c->f[a];
    c->f[a] = c->f[b], c->f[b] = t;
}

static void swap_pieces(gt_nnn *c, const long *a, const long *b, int size)
{
    for (int j = 0; j < size; j++)
        swap_f(c, a[j], b[j]);
}

static int below(gt_rng *rng, int k)
{
    return (int)gt_rng_below(rng, (uint64_t)k);
}

static void shuffle(int *a, int count, gt_rng *rng)
{
    for (int i = count - 1; i > 0; i--) {
        int j = below(rng, i + 1), t = a[i];
        a[i] = a[j], a[j] = t;
    }
}

static void scramble(gt_nnn *c, gt_rng *rng, int turns)
{
    for (int i = 0; i < turns; i++) {
        int lo = below(rng, c->n), hi = lo + below(rng, c->n - lo);
        gt_nnn_turn(c, below(rng, 6), lo, hi, 1 + below(rng, 3));
    }
}

/* Pieces of `size` stickers (homes fac[0..count-1]) put into shuffled slots
 * at random readings (cyclic shifts). */
static void screw_pieces(gt_nnn *c, long fac[][3], int count, int size, gt_rng *rng)
{
    int perm[12];
    for (int i = 0; i < count; i++)
        perm[i] = i;
    shuffle(perm, count, rng);
    for (int h = 0; h < count; h++) {
        int r = below(rng, size);
        for (int j = 0; j < size; j++)
            c->f[fac[perm[h]][(j + r) % size]] = (uint8_t)(fac[h][j] / ((long)c->n * c->n));
    }
}

/* Random reassembly keeping colour counts; handed: each wing read the one
 * way G can place it in its new slot (else both readings at random). */
static void screwdriver(const ctx *x, gt_nnn *c, int handed, gt_rng *rng)
{
    long corners[8][3], edges[12][3];
    int n = x->n, perm[24];
    gt_nnn_reset(c);
    for (int s = 0; s < 8; s++)
        gt_nnn_corner_facelets(n, s, corners[s]);
    screw_pieces(c, corners, 8, 3, rng);
    if (n % 2) {
        for (int e = 0; e < 12; e++)
            gt_nnn_edge_facelets(n, e, (n - 1) / 2, edges[e]);
        screw_pieces(c, edges, 12, 2, rng);
    }
    for (int base = 0; base < x->wings; base += 24) {
        for (int i = 0; i < 24; i++)
            perm[i] = i;
        shuffle(perm, 24, rng);
        for (int w = 0; w < 24; w++) {
            const long *s = x->wing[base + perm[w]];
            int flip = handed ? !reach_of(x, base + w, s) : below(rng, 2);
            c->f[s[flip]] = (uint8_t)face_of(x, x->wing[base + w][0]);
            c->f[s[!flip]] = (uint8_t)face_of(x, x->wing[base + w][1]);
        }
    }
    for (long o = 0; o < x->orbits; o++) {
        uint8_t cols[24];
        for (int i = 0; i < 24; i++)
            cols[i] = c->f[x->centre[o][i]], perm[i] = i;
        shuffle(perm, 24, rng);
        for (int i = 0; i < 24; i++)
            c->f[x->centre[o][i]] = cols[perm[i]];
    }
}

/* Each condition broken once, on a copy of a legal position c. */
static void broken_cases(const ctx *x, const gt_nnn *legal, gt_rng *rng, tally *t)
{
    int n = x->n, m = (n - 1) / 2, odd = n % 2;
    long a[3], b[3], e[2], q[2];
    gt_nnn c;
    assert_int_equal(gt_nnn_init(&c, n), GT_OK);
#define FRESH memcpy(c.f, legal->f, (size_t)x->nf)
    int s1 = below(rng, 8), s2 = (s1 + 1 + below(rng, 7)) % 8;
    gt_nnn_corner_facelets(n, s1, a);
    gt_nnn_corner_facelets(n, s2, b);
    FRESH, swap_f(&c, a[0], a[1]), swap_f(&c, a[1], a[2]);
    compare(x, &c, ILLEGAL, "a corner twisted", t);
    swap_f(&c, b[0], b[2]), swap_f(&c, b[1], b[2]);
    compare(x, &c, LEGAL, "two corners twisted opposite ways", t);
    FRESH, swap_pieces(&c, a, b, 3);
    compare(x, &c, odd ? ILLEGAL : LEGAL, "two corners swapped", t);
    FRESH, swap_f(&c, a[0], a[1]);
    compare(x, &c, NOTCUBE, "a corner mirrored", t);
    if (odd) {
        int e1 = below(rng, 12), e2 = (e1 + 1 + below(rng, 11)) % 12;
        gt_nnn_edge_facelets(n, e1, m, e);
        gt_nnn_edge_facelets(n, e2, m, q);
        FRESH, swap_f(&c, e[0], e[1]);
        compare(x, &c, ILLEGAL, "a middle edge flipped", t);
        swap_f(&c, q[0], q[1]);
        compare(x, &c, LEGAL, "two middle edges flipped", t);
        FRESH, swap_pieces(&c, e, q, 2);
        compare(x, &c, ILLEGAL, "two middle edges swapped", t);
        swap_pieces(&c, a, b, 3);
        compare(x, &c, LEGAL, "two middle edges and two corners swapped", t);
        long nn = (long)n * n, mid = m * n + m;
        FRESH, swap_f(&c, 0 * nn + mid, 3 * nn + mid);
        compare(x, &c, NOTCUBE, "the U and D fixed centres swapped", t);
        /* U R F and D L B cycled alike: a rotated scheme, the rest not rotated */
        FRESH, swap_f(&c, 0 * nn + mid, 1 * nn + mid), swap_f(&c, 1 * nn + mid, 2 * nn + mid);
        swap_f(&c, 3 * nn + mid, 4 * nn + mid), swap_f(&c, 4 * nn + mid, 5 * nn + mid);
        compare(x, &c, UNKNOWN, "the fixed centres turned about the URF corner", t);
        FRESH, swap_f(&c, 0 * nn + mid, 1 * nn + mid), swap_f(&c, 1 * nn + mid, 2 * nn + mid);
        compare(x, &c, NOTCUBE, "the U R F fixed centres 3-cycled (U no longer opposite D)", t);
        FRESH, gt_nnn_turn(&c, below(rng, 6), 0, n - 1, 1 + below(rng, 3));
        compare(x, &c, LEGAL, "turned as a whole", t);
    }
    for (int k = 1; k <= gt_nnn_wing_orbits(n); k++) {
        int w1 = below(rng, 24), w2 = (w1 + 2 + 2 * below(rng, 11)) % 24;
        wing_slot(n, k, w1, e);
        wing_slot(n, k, w2, q);
        FRESH, swap_pieces(&c, e, q, 2);
        compare(x, &c, LEGAL, "two wings swapped (same handedness)", t);
        FRESH, swap_f(&c, e[0], e[1]);
        compare(x, &c, ILLEGAL, "a wing flipped in place", t);
        wing_slot(n, k, w1 ^ 1, q);
        FRESH, swap_pieces(&c, e, q, 2);
        int same = c.f[e[0]] == legal->f[e[0]] && c.f[e[1]] == legal->f[e[1]];
        compare(x, &c, same ? LEGAL : ILLEGAL, "the two wings of an edge exchanged (other handedness)", t);
    }
    for (long o = 0; o < x->orbits; o++) {
        const long *f = x->centre[o];
        int i = below(rng, 24), j = 0;
        while (legal->f[f[j]] == legal->f[f[i]])
            j++;
        FRESH, swap_f(&c, f[i], f[j]);
        compare(x, &c, LEGAL, "two centres of one orbit exchanged", t);
        if (x->orbits > 1) {
            const long *g = x->centre[(o + 1) % x->orbits];
            j = 0;
            while (legal->f[g[j]] == legal->f[f[i]])
                j++;
            FRESH, swap_f(&c, f[i], g[j]);
            compare(x, &c, ILLEGAL, "a centre traded between two orbits", t);
        }
    }
#undef FRESH
    gt_nnn_free(&c);
}

static void run(int n, int rounds, tally *t)
{
    ctx x;
    gt_nnn c;
    gt_rng rng;
    setup_ctx(&x, n);
    gt_rng_seed(&rng, (uint64_t)n * 79);
    assert_int_equal(gt_nnn_init(&c, n), GT_OK);
    compare(&x, &c, LEGAL, "solved", t);
    for (int r = 0; r < rounds; r++) {
        gt_nnn_random(&c, &rng);
        compare(&x, &c, LEGAL, "gt_nnn_random", t);
        broken_cases(&x, &c, &rng, t);
        gt_nnn_reset(&c);
        scramble(&c, &rng, 5 + below(&rng, 40));
        compare(&x, &c, LEGAL, "scramble (any layers and rotations)", t);
        broken_cases(&x, &c, &rng, t);
    }
    for (int r = 0; r < 8 * rounds; r++) {
        screwdriver(&x, &c, r & 1, &rng);
        compare(&x, &c, UNKNOWN, r & 1 ? "screwdriver, wings handed" : "screwdriver", t);
    }
    gt_nnn_free(&c);
    free_ctx(&x);
}

static void test_verdicts_match_membership(void **state)
{
    (void)state;
    for (int n = 4; n <= 5; n++) {
        tally t = {0};
        run(n, 300, &t);
        print_message("n=%d: %ld assemblies compared (%ld legal, %ld illegal), %ld not-a-cube checked, %ld mismatches\n",
                      n, t.compared, t.legal, t.illegal, t.notcube, t.mismatches);
        print_kinds(n, &t);
        assert_int_equal(t.mismatches, 0);
        assert_true(t.legal > 300 && t.illegal > 300);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verdicts_match_membership),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
