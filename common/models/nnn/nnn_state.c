/* The N×N×N model's states: facelet input, the colour scheme, legality
 * verdicts, uniformly random positions (nnn.h; the proofs in docs/nnn.md). */
#include "nnn.h"
#include "facecube.h"
#include "nnn_internal.h"
#include "textbuf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const corner_names[GT_NNN_CORNERS] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
static const char *const edge_names[GT_NNN_EDGES] = {"UR", "UF", "UL", "UB", "DR", "DF",
                                                     "DL", "DB", "FR", "FL", "BL", "BR"};
static const char *const centre_names[3] = {"x-centre", "+-centre", "oblique centre"};

/* Appends one failed condition to the verdict ("; " between them); the first
 * sets the code and the piece type. Not an assembly (GT_ERR_PARSE) overrides
 * illegal conditions found before and stops the list. Returns 1. */
static int fail(gt_nnn_verdict *v, int code, int piece, const char *fmt, ...)
{
    if (v->code == GT_ERR_PARSE)
        return 1;
    if (code == GT_ERR_PARSE)
        v->code = 0;
    size_t len = v->code ? strlen(v->reason) : 0;
    if (!v->code) {
        v->code = code;
        v->piece = piece;
    } else if (len + 3 < sizeof v->reason) {
        memcpy(v->reason + len, "; ", 3);
        len += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    gt_textbuf_vappend(v->reason, sizeof v->reason, &len, fmt, ap); /* a reason too long is cut */
    va_end(ap);
    return 1;
}

static int parity(const int *perm, int count)
{
    int seen[GT_NNN_ORBIT] = {0}, p = 0;
    for (int i = 0; i < count; i++) {
        if (seen[i])
            continue;
        int len = 0;
        for (int j = i; !seen[j]; j = perm[j], len++)
            seen[j] = 1;
        p ^= (len + 1) & 1;
    }
    return p;
}

/* ---- reading pieces through a colour -> face map ---- */

/* The corner at a slot: its piece and twist (where its U/D sticker sits), or
 * -1 if no corner has these colours. */
static int read_corner(const gt_nnn *c, const int map[6], int slot, int *twist)
{
    long p[3];
    int x[3];
    gt_nnn_corner_facelets(c->n, slot, p);
    for (int s = 0; s < 3; s++)
        x[s] = map[c->f[p[s]]];
    for (int t = 0; t < 3; t++) {
        if (x[t] != GT_FACE_U && x[t] != GT_FACE_D)
            continue;
        for (int piece = 0; piece < GT_NNN_CORNERS; piece++) {
            const int *h = gt_nnn_corner_faces[piece];
            if (h[0] == x[t] && h[1] == x[(t + 1) % 3] && h[2] == x[(t + 2) % 3]) {
                *twist = t;
                return piece;
            }
        }
    }
    return -1;
}

/* The edge piece (12 kinds) at edge slot e, position k, and whether its
 * reference colour is off the slot's reference facelet; -1 if none. */
static int read_edge(const gt_nnn *c, const int map[6], int e, int k, int *flip)
{
    long p[2];
    gt_nnn_edge_facelets(c->n, e, k, p);
    int a = map[c->f[p[0]]], b = map[c->f[p[1]]];
    for (int piece = 0; piece < GT_NNN_EDGES; piece++) {
        const int *h = gt_nnn_edge_faces[piece];
        if ((h[0] == a && h[1] == b) || (h[0] == b && h[1] == a)) {
            *flip = h[0] != a;
            return piece;
        }
    }
    return -1;
}

static void colour_names(const gt_nnn *c, const int map[6], const long *p, int count, char *out)
{
    for (int i = 0; i < count; i++)
        out[i] = gt_face_letters[map[c->f[p[i]]]];
    out[count] = 0;
}

/* ---- the colour scheme ---- */

static int count_valid_corners(const gt_nnn *c, const int map[6])
{
    int valid = 0, twist;
    for (int s = 0; s < GT_NNN_CORNERS; s++)
        valid += read_corner(c, map, s, &twist) >= 0;
    return valid;
}

/* colour -> face. Odd N: the fixed centres. Even N: the DBL corner gives
 * D, B, L; of the six ways to give the other three colours to U R F, the one
 * that makes the most corners real pieces (all eight on an assembly). */
static int find_scheme(const gt_nnn *c, int map[6], gt_nnn_verdict *v)
{
    int n = c->n, face_colour[6];
    if (n % 2) {
        long nn = (long)n * n, mid = (long)(n / 2) * n + n / 2;
        for (int f = 0; f < GT_FACES; f++)
            face_colour[f] = c->f[f * nn + mid];
    } else {
        long p[3];
        gt_nnn_corner_facelets(n, 6, p); /* DBL: D, B, L */
        face_colour[GT_FACE_D] = c->f[p[0]];
        face_colour[GT_FACE_B] = c->f[p[1]];
        face_colour[GT_FACE_L] = c->f[p[2]];
    }
    int used[6] = {0};
    for (int f = 0; f < GT_FACES; f++)
        if ((n % 2 || f == GT_FACE_D || f == GT_FACE_B || f == GT_FACE_L) && used[face_colour[f]]++) {
            fail(v, GT_ERR_PARSE, n % 2 ? GT_NNN_PIECE_CENTRE : GT_NNN_PIECE_CORNER,
                 n % 2 ? "two centres alike (a colour scheme needs six different centre colours)"
                       : "the DBL corner shows one colour twice");
            return GT_ERR_PARSE;
        }
    if (n % 2 == 0) {
        static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        int rest[3], k = 0, best = -1, best_count = -1;
        for (int col = 0; col < 6; col++)
            if (!used[col])
                rest[k++] = col;
        for (int t = 0; t < 6; t++) {
            face_colour[GT_FACE_U] = rest[perms[t][0]];
            face_colour[GT_FACE_R] = rest[perms[t][1]];
            face_colour[GT_FACE_F] = rest[perms[t][2]];
            for (int f = 0; f < GT_FACES; f++)
                map[face_colour[f]] = f;
            int valid = count_valid_corners(c, map);
            if (valid > best_count)
                best_count = valid, best = t;
        }
        face_colour[GT_FACE_U] = rest[perms[best][0]];
        face_colour[GT_FACE_R] = rest[perms[best][1]];
        face_colour[GT_FACE_F] = rest[perms[best][2]];
    }
    for (int f = 0; f < GT_FACES; f++)
        map[face_colour[f]] = f;
    return GT_OK;
}

/* ---- the checks ---- */

static int check_counts(const gt_nnn *c, gt_nnn_verdict *v)
{
    long count[256] = {0}, nn = (long)c->n * c->n;
    for (long i = 0; i < 6 * nn; i++)
        count[c->f[i]]++;
    for (int col = 0; col < 6; col++)
        if (count[col] != nn)
            return fail(v, GT_ERR_PARSE, GT_NNN_PIECE_NONE, "colour %d shows %ld times, not N² = %ld", col,
                        count[col], nn);
    return 0;
}

static int check_corners(const gt_nnn *c, const int map[6], gt_nnn_verdict *v, int perm[8])
{
    int seen[GT_NNN_CORNERS] = {0}, sum = 0;
    for (int s = 0; s < GT_NNN_CORNERS; s++) {
        long p[3];
        char cols[4];
        int twist, piece = read_corner(c, map, s, &twist);
        gt_nnn_corner_facelets(c->n, s, p);
        colour_names(c, map, p, 3, cols);
        if (piece < 0)
            return fail(v, GT_ERR_PARSE, GT_NNN_PIECE_CORNER, "corner %s shows %s, colours no corner has",
                        corner_names[s], cols);
        if (seen[piece]++)
            return fail(v, GT_ERR_PARSE, GT_NNN_PIECE_CORNER, "corner %s twice (again at %s)", corner_names[piece],
                        corner_names[s]);
        perm[s] = piece;
        sum += twist;
    }
    v->twist = sum % 3;
    v->corner_parity = parity(perm, GT_NNN_CORNERS);
    return 0;
}

static int check_middle_edges(const gt_nnn *c, const int map[6], gt_nnn_verdict *v, int perm[12])
{
    int seen[GT_NNN_EDGES] = {0}, sum = 0, k = (c->n - 1) / 2;
    for (int e = 0; e < GT_NNN_EDGES; e++) {
        long p[2];
        char cols[3];
        int flip, piece = read_edge(c, map, e, k, &flip);
        gt_nnn_edge_facelets(c->n, e, k, p);
        colour_names(c, map, p, 2, cols);
        if (piece < 0)
            return fail(v, GT_ERR_PARSE, GT_NNN_PIECE_EDGE, "middle edge %s shows %s, colours no edge has",
                        edge_names[e], cols);
        if (seen[piece]++)
            return fail(v, GT_ERR_PARSE, GT_NNN_PIECE_EDGE, "middle edge %s twice (again at %s)",
                        edge_names[piece], edge_names[e]);
        perm[e] = piece;
        sum += flip;
    }
    v->flip = sum & 1;
    v->edge_parity = parity(perm, GT_NNN_EDGES);
    return 0;
}

/* Wing orbit k: slot 2e holds position k, 2e+1 position N-1-k. A wing's
 * handedness, det(normal of its reference colour, normal of the other, its
 * offset along the edge), is kept by every turn: the wing read at slot
 * 2e+end is the piece 2·e' + end' with end' = end, flipped reading inverted. */
static int check_wing_orbit(const gt_nnn *c, const int map[6], int k, gt_nnn_verdict *v)
{
    int kinds[GT_NNN_EDGES] = {0}, ids[GT_NNN_ORBIT] = {0}, piece[GT_NNN_ORBIT], flip[GT_NNN_ORBIT];
    for (int s = 0; s < GT_NNN_ORBIT; s++) { /* first: is it an assembly? */
        int pos = s & 1 ? c->n - 1 - k : k;
        long p[2];
        char cols[3];
        piece[s] = read_edge(c, map, s / 2, pos, &flip[s]);
        gt_nnn_edge_facelets(c->n, s / 2, pos, p);
        colour_names(c, map, p, 2, cols);
        if (piece[s] < 0)
            return fail(v, GT_ERR_PARSE, GT_NNN_PIECE_WING, "wing %s (orbit %d, position %d) shows %s, colours no edge has",
                        edge_names[s / 2], k, pos + 1, cols);
        if (kinds[piece[s]]++ == 2)
            return fail(v, GT_ERR_PARSE, GT_NNN_PIECE_WING, "wing orbit %d holds three %s wings (a wing twice)", k,
                        edge_names[piece[s]]);
    }
    for (int s = 0; s < GT_NNN_ORBIT; s++)
        if (ids[2 * piece[s] + ((s & 1) ^ flip[s])]++)
            return fail(v, GT_ERR_ILLEGAL, GT_NNN_PIECE_WING,
                        "wing orbit %d: a %s wing sits in a slot of the other handedness (a flipped wing)", k,
                        edge_names[piece[s]]);
    return 0;
}

static int check_centres(const gt_nnn *c, const int map[6], gt_nnn_verdict *v)
{
    long orbits = gt_nnn_centre_orbits(c->n), p[24];
    for (long o = 0; o < orbits; o++) {
        int row, col, count[6] = {0};
        int type = gt_nnn_centre_orbit(c->n, o, &row, &col, p);
        for (int i = 0; i < 24; i++)
            count[map[c->f[p[i]]]]++;
        for (int f = 0; f < GT_FACES; f++)
            if (count[f] != 4) {
                fail(v, GT_ERR_ILLEGAL, GT_NNN_PIECE_CENTRE,
                     "%s orbit (%d,%d) holds %d %c stickers, not 4 of each colour", centre_names[type], row + 1,
                     col + 1, count[f], gt_face_letters[f]);
                break;
            }
    }
    return 0;
}

void gt_nnn_verdict_of(const gt_nnn *c, gt_nnn_verdict *v)
{
    int map[6], cperm[8], eperm[12];
    memset(v, 0, sizeof *v);
    if (check_counts(c, v) || find_scheme(c, map, v) || check_corners(c, map, v, cperm))
        return;
    if (c->n % 2 && check_middle_edges(c, map, v, eperm))
        return;
    for (int k = 1; k <= gt_nnn_wing_orbits(c->n); k++)
        check_wing_orbit(c, map, k, v);
    if (v->code == GT_ERR_PARSE)
        return;
    if (v->twist)
        fail(v, GT_ERR_ILLEGAL, GT_NNN_PIECE_CORNER, "corner twist sum %d mod 3, not 0", v->twist);
    if (c->n % 2 && v->flip)
        fail(v, GT_ERR_ILLEGAL, GT_NNN_PIECE_EDGE, "middle-edge flip sum odd");
    if (c->n % 2 && v->corner_parity != v->edge_parity)
        fail(v, GT_ERR_ILLEGAL, GT_NNN_PIECE_EDGE,
             "middle-edge permutation parity differs from the corners' (a swap of two edges)");
    check_centres(c, map, v);
    if (!v->code)
        snprintf(v->reason, sizeof v->reason, "legal");
}

/* ---- facelet input ---- */

static int parse_fail(gt_nnn_verdict *v, const char *fmt, long a, long b)
{
    memset(v, 0, sizeof *v);
    v->code = GT_ERR_PARSE;
    snprintf(v->reason, sizeof v->reason, fmt, a, b);
    return GT_ERR_PARSE;
}

/* The number of facelets (whitespace skipped), counting no further than
 * one past the largest cube. */
static long count_facelets(const char *text)
{
    long len = 0;
    for (const char *p = text; *p && len <= GT_NNN_FACELETS_MAX; p++)
        len += !isspace((unsigned char)*p);
    return len;
}

/* N from the length (or checks the given one). */
static int size_of(long len, int size, gt_nnn_verdict *v)
{
    if (len > GT_NNN_FACELETS_MAX)
        return parse_fail(v, "more than 6·%ld² = %ld facelets (the largest cube is 1024x1024x1024)", GT_NNN_MAX,
                          GT_NNN_FACELETS_MAX);
    if (size) {
        if (len != gt_nnn_facelets(size))
            return parse_fail(v, "%ld facelets, but a cube of this size has 6·N² = %ld", len, gt_nnn_facelets(size));
        return size;
    }
    int n = 2;
    while (n < GT_NNN_MAX && gt_nnn_facelets(n) < len)
        n++;
    if (gt_nnn_facelets(n) != len)
        return parse_fail(v, "%ld facelets is not 6·N² for any N from 2 to %ld", len, GT_NNN_MAX);
    return n;
}

/* Symbols to colours 0..5 in order of first appearance, each N² times. */
static int read_symbols(const char *text, gt_nnn *c, char symbol[7], gt_nnn_verdict *v)
{
    long count[6] = {0}, i = 0, nn = (long)c->n * c->n;
    int k = 0;
    for (const char *p = text; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (isspace(ch))
            continue;
        int col = 0;
        while (col < k && symbol[col] != (char)ch)
            col++;
        if (col == k) {
            if (k == 6) {
                parse_fail(v, "a seventh symbol at facelet %ld%ld", i + 1, 0);
                snprintf(v->reason, sizeof v->reason, isgraph(ch) ? "a seventh symbol '%c' at facelet %ld: a cube has six colours"
                         : "a seventh symbol (byte %d) at facelet %ld: a cube has six colours", ch, i + 1);
                return GT_ERR_PARSE;
            }
            symbol[k++] = (char)ch;
        }
        count[col]++;
        c->f[i++] = (uint8_t)col;
    }
    symbol[k] = 0;
    for (int col = 0; col < 6; col++)
        if (count[col] != nn) {
            int code = parse_fail(v, "a colour shows %ld times, not N² = %ld", count[col], nn);
            if (col < k)
                snprintf(v->reason, sizeof v->reason, "'%c' shows %ld times, not N² = %ld", symbol[col],
                         count[col], nn);
            return code;
        }
    return GT_OK;
}

int gt_nnn_from_facelets(const char *text, int size, gt_nnn *out, char letters[7], gt_nnn_verdict *v)
{
    gt_nnn_verdict local;
    char symbol[7];
    int map[6], rc;
    if (!v)
        v = &local;
    memset(out, 0, sizeof *out);
    if (!text || (size && (size < GT_NNN_MIN || size > GT_NNN_MAX)))
        return parse_fail(v, "no facelets, or a size outside %ld..%ld", GT_NNN_MIN, GT_NNN_MAX);
    int n = size_of(count_facelets(text), size, v);
    if (n < 0)
        return n;
    if ((rc = gt_nnn_init(out, n)) != GT_OK)
        return rc;
    if (read_symbols(text, out, symbol, v) || (memset(v, 0, sizeof *v), find_scheme(out, map, v))) {
        gt_nnn_free(out);
        return v->code;
    }
    for (long i = 0; i < gt_nnn_facelets(n); i++)
        out->f[i] = (uint8_t)map[out->f[i]];
    if (letters) {
        for (int col = 0; col < 6; col++)
            letters[map[col]] = symbol[col];
        letters[6] = 0;
    }
    gt_nnn_verdict_of(out, v);
    if (v->code == GT_ERR_PARSE)
        gt_nnn_free(out);
    return v->code;
}

void gt_nnn_to_facelets(const gt_nnn *c, const char *letters, char *out)
{
    long count = gt_nnn_facelets(c->n);
    if (!letters)
        letters = gt_face_letters;
    for (long i = 0; i < count; i++)
        out[i] = letters[c->f[i]];
    out[count] = 0;
}

/* ---- random positions ---- */

static void shuffle(int *a, int count, gt_rng *rng)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)gt_rng_below(rng, (uint64_t)i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void swap_last_two(int *a, int count)
{
    int t = a[count - 1];
    a[count - 1] = a[count - 2];
    a[count - 2] = t;
}

/* Corners (even N: DBL stays home untwisted) and, for odd N, middle edges
 * with the parity of the corners and an even flip sum. */
static void random_corners_edges(gt_nnn *c, gt_rng *rng)
{
    int n = c->n, cp[8] = {0, 1, 2, 3, 4, 5, 7, 6}, moving = n % 2 ? 8 : 7, sum = 0;
    shuffle(cp, moving, rng); /* even N: slot 6 (DBL) keeps piece 6 */
    if (n % 2 == 0) {
        cp[7] = cp[6];
        cp[6] = 6;
    }
    for (int s = 0; s < 8; s++) {
        long p[3];
        int t = s == 6 && n % 2 == 0 ? 0 : (s == 7 ? (3 - sum % 3) % 3 : (int)gt_rng_below(rng, 3));
        sum += t;
        gt_nnn_corner_facelets(n, s, p);
        for (int j = 0; j < 3; j++)
            c->f[p[(t + j) % 3]] = (uint8_t)gt_nnn_corner_faces[cp[s]][j];
    }
    if (n % 2 == 0)
        return;
    int ep[12], fsum = 0;
    for (int e = 0; e < 12; e++)
        ep[e] = e;
    shuffle(ep, 12, rng);
    if (parity(ep, 12) != parity(cp, 8))
        swap_last_two(ep, 12);
    for (int e = 0; e < 12; e++) {
        long p[2];
        int fl = e == 11 ? fsum & 1 : (int)gt_rng_below(rng, 2);
        fsum += fl;
        gt_nnn_edge_facelets(n, e, (n - 1) / 2, p);
        c->f[p[fl]] = (uint8_t)gt_nnn_edge_faces[ep[e]][0];
        c->f[p[1 - fl]] = (uint8_t)gt_nnn_edge_faces[ep[e]][1];
    }
}

/* Wing orbit k: any permutation; a wing goes in the right way round for
 * its handedness (check_wing_orbit's rule read backwards). */
static void random_wings(gt_nnn *c, int k, gt_rng *rng)
{
    int w[GT_NNN_ORBIT];
    for (int s = 0; s < GT_NNN_ORBIT; s++)
        w[s] = s;
    shuffle(w, GT_NNN_ORBIT, rng);
    for (int s = 0; s < GT_NNN_ORBIT; s++) {
        int end = s & 1, flip = end ^ (w[s] & 1);
        long p[2];
        gt_nnn_edge_facelets(c->n, s / 2, end ? c->n - 1 - k : k, p);
        c->f[p[flip]] = (uint8_t)gt_nnn_edge_faces[w[s] / 2][0];
        c->f[p[1 - flip]] = (uint8_t)gt_nnn_edge_faces[w[s] / 2][1];
    }
}

void gt_nnn_random(gt_nnn *c, gt_rng *rng)
{
    gt_nnn_reset(c); /* the fixed centres of odd N stay home */
    random_corners_edges(c, rng);
    for (int k = 1; k <= gt_nnn_wing_orbits(c->n); k++)
        random_wings(c, k, rng);
    long orbits = gt_nnn_centre_orbits(c->n), p[24];
    for (long o = 0; o < orbits; o++) {
        int colours[24];
        for (int i = 0; i < 24; i++)
            colours[i] = i / 4;
        shuffle(colours, 24, rng);
        gt_nnn_centre_orbit(c->n, o, NULL, NULL, p);
        for (int i = 0; i < 24; i++)
            c->f[p[i]] = (uint8_t)colours[i];
    }
}
