#include "cube3.h"
#include "cube3_coord_internal.h"
#include "facecube.h"
#include "gt_error.h"
#include "lehmer.h"
#include "textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Facelet numbers: face*9 + row*3 + col (facecube.h); U1 = 0, R1 = 9, F1 = 18,
 * D1 = 27, L1 = 36, B1 = 45. A test checks these against the 3-D geometry. */
const uint8_t gt_cube3_corner_facelets[GT_CUBE3_CORNERS][3] = {
    {8, 9, 20},   /* URF: U9 R1 F3 */
    {6, 18, 38},  /* UFL: U7 F1 L3 */
    {0, 36, 47},  /* ULB: U1 L1 B3 */
    {2, 45, 11},  /* UBR: U3 B1 R3 */
    {29, 26, 15}, /* DFR: D3 F9 R7 */
    {27, 44, 24}, /* DLF: D1 L9 F7 */
    {33, 53, 42}, /* DBL: D7 B9 L7 */
    {35, 17, 51}, /* DRB: D9 R9 B7 */
};
const uint8_t gt_cube3_edge_facelets[GT_CUBE3_EDGES][2] = {
    {5, 10},  {7, 19},  {3, 37},  {1, 46},  /* UR UF UL UB */
    {32, 16}, {28, 25}, {30, 43}, {34, 52}, /* DR DF DL DB */
    {23, 12}, {21, 41}, {50, 39}, {48, 14}, /* FR FL BL BR */
};
const char *const gt_cube3_corner_names[GT_CUBE3_CORNERS] = {"URF", "UFL", "ULB", "UBR",
                                                          "DFR", "DLF", "DBL", "DRB"};
const char *const gt_cube3_edge_names[GT_CUBE3_EDGES] = {"UR", "UF", "UL", "UB", "DR", "DF",
                                                      "DL", "DB", "FR", "FL", "BL", "BR"};
const char *const gt_cube3_move_names[GT_CUBE3_MOVES] = {
    "U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'",
    "D", "D2", "D'", "L", "L2", "L'", "B", "B2", "B'"};
const int gt_cube3_move_inverse[GT_CUBE3_MOVES] = {2,  1,  0,  5,  4,  3,  8,  7,  6,
                                                   11, 10, 9,  14, 13, 12, 17, 16, 15};

/* The six clockwise quarter turns (Kociemba's tables; test_60 rebuilds them
 * from facecube's geometry and compares). */
static const gt_cube3 basic_turn[6] = {
    /* U */ {{3, 0, 1, 2, 4, 5, 6, 7}, {0, 0, 0, 0, 0, 0, 0, 0},
             {3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11}, {0}},
    /* R */ {{4, 1, 2, 0, 7, 5, 6, 3}, {2, 0, 0, 1, 1, 0, 0, 2},
             {8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0}, {0}},
    /* F */ {{1, 5, 2, 3, 0, 4, 6, 7}, {1, 2, 0, 0, 2, 1, 0, 0},
             {0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11}, {0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0}},
    /* D */ {{0, 1, 2, 3, 5, 6, 7, 4}, {0, 0, 0, 0, 0, 0, 0, 0},
             {0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11}, {0}},
    /* L */ {{0, 2, 6, 3, 4, 1, 5, 7}, {0, 1, 2, 0, 0, 2, 1, 0},
             {0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11}, {0}},
    /* B */ {{0, 1, 3, 7, 4, 5, 2, 6}, {0, 0, 1, 2, 0, 0, 2, 1},
             {0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7}, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1}},
};

void gt_cube3_identity(gt_cube3 *c)
{
    for (int i = 0; i < GT_CUBE3_CORNERS; i++) {
        c->cp[i] = (uint8_t)i;
        c->co[i] = 0;
    }
    for (int i = 0; i < GT_CUBE3_EDGES; i++) {
        c->ep[i] = (uint8_t)i;
        c->eo[i] = 0;
    }
}

int gt_cube3_equal(const gt_cube3 *a, const gt_cube3 *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

int gt_cube3_is_solved(const gt_cube3 *c)
{
    gt_cube3 id;
    gt_cube3_identity(&id);
    return gt_cube3_equal(c, &id);
}

void gt_cube3_multiply(const gt_cube3 *a, const gt_cube3 *b, gt_cube3 *out)
{
    gt_cube3_multiply_into(a, b, out);
}

void gt_cube3_inverse(const gt_cube3 *a, gt_cube3 *out)
{
    for (int i = 0; i < GT_CUBE3_CORNERS; i++) {
        out->cp[a->cp[i]] = (uint8_t)i;
        out->co[a->cp[i]] = (uint8_t)((3 - a->co[i]) % 3);
    }
    for (int i = 0; i < GT_CUBE3_EDGES; i++) {
        out->ep[a->ep[i]] = (uint8_t)i;
        out->eo[a->ep[i]] = a->eo[i];
    }
}

void gt_cube3_move_cube(int move, gt_cube3 *out)
{
    gt_cube3 tmp;
    gt_cube3_identity(out);
    for (int q = 0; q <= move % 3; q++) {
        gt_cube3_multiply(out, &basic_turn[move / 3], &tmp);
        *out = tmp;
    }
}

void gt_cube3_apply_move(gt_cube3 *c, int move)
{
    gt_cube3 tmp;
    for (int q = 0; q <= move % 3; q++) {
        gt_cube3_multiply(c, &basic_turn[move / 3], &tmp);
        *c = tmp;
    }
}

void gt_cube3_apply_moves(gt_cube3 *c, const uint8_t *moves, int count)
{
    for (int i = 0; i < count; i++)
        gt_cube3_apply_move(c, moves[i]);
}

int gt_cube3_format_moves(const uint8_t *moves, int count, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap < 1)
        return GT_ERR_RANGE;
    buf[0] = 0;
    for (int i = 0; i < count; i++)
        GT_APPEND("%s%s", i ? " " : "", gt_cube3_move_names[moves[i]]);
    return GT_OK;
}

/* ---- facelets ---- */

void gt_cube3_to_perm(const gt_cube3 *c, uint16_t perm[GT_CUBE3_FACELETS])
{
    for (int f = 0; f < GT_CUBE3_FACELETS; f++)
        perm[f] = (uint16_t)f; /* centres */
    /* Place i holds cubie cp[i] twisted by co[i]: the sticker that sat on the
     * cubie's k-th facelet when solved is now on place i's facelet k+co[i]. */
    for (int i = 0; i < GT_CUBE3_CORNERS; i++)
        for (int k = 0; k < 3; k++)
            perm[gt_cube3_corner_facelets[c->cp[i]][k]] = gt_cube3_corner_facelets[i][(k + c->co[i]) % 3];
    for (int i = 0; i < GT_CUBE3_EDGES; i++)
        for (int k = 0; k < 2; k++)
            perm[gt_cube3_edge_facelets[c->ep[i]][k]] = gt_cube3_edge_facelets[i][(k + c->eo[i]) % 2];
}

void gt_cube3_to_colours(const gt_cube3 *c, uint8_t colours[GT_CUBE3_FACELETS])
{
    uint16_t perm[GT_CUBE3_FACELETS];
    uint8_t solved[GT_CUBE3_FACELETS];
    gt_cube3_to_perm(c, perm);
    gt_facecube_solved(3, solved);
    gt_facecube_apply(3, perm, solved, colours);
}

void gt_cube3_to_facelets(const gt_cube3 *c, const char *letters, char out[GT_CUBE3_FACELETS + 1])
{
    uint8_t colours[GT_CUBE3_FACELETS];
    if (!letters)
        letters = gt_face_letters;
    gt_cube3_to_colours(c, colours);
    for (int f = 0; f < GT_CUBE3_FACELETS; f++)
        out[f] = letters[colours[f]];
    out[GT_CUBE3_FACELETS] = 0;
}

static int perm_parity(const uint8_t *p, int n)
{
    int parity = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            parity ^= p[i] > p[j];
    return parity;
}

void gt_cube3_verdict_of(const gt_cube3 *c, gt_cube3_verdict *v)
{
    int twist = 0, flip = 0;
    for (int i = 0; i < GT_CUBE3_CORNERS; i++)
        twist += c->co[i];
    for (int i = 0; i < GT_CUBE3_EDGES; i++)
        flip += c->eo[i];
    v->twist = twist % 3;
    v->flip = flip % 2;
    v->corner_parity = perm_parity(c->cp, GT_CUBE3_CORNERS);
    v->edge_parity = perm_parity(c->ep, GT_CUBE3_EDGES);
    int mismatch = v->corner_parity != v->edge_parity;
    v->orbit = v->twist + 3 * v->flip + 6 * mismatch;
    if (v->orbit == 0) {
        snprintf(v->reason, sizeof v->reason, "solvable");
        return;
    }
    /* Kept under the 160 bytes of gt_parse_error.message with all three. */
    int len = snprintf(v->reason, sizeof v->reason, "unsolvable (orbit %d of 12):", v->orbit);
    const char *sep = " ";
    if (v->twist) {
        len += snprintf(v->reason + len, sizeof v->reason - (size_t)len,
                        "%scorner twist sum %d mod 3 (a corner twisted %s)", sep, v->twist,
                        v->twist == 1 ? "clockwise" : "anticlockwise");
        sep = "; ";
    }
    if (v->flip) {
        len += snprintf(v->reason + len, sizeof v->reason - (size_t)len, "%sedge flip sum odd", sep);
        sep = "; ";
    }
    if (mismatch)
        snprintf(v->reason + len, sizeof v->reason - (size_t)len,
                 "%spermutation parities differ (corners %s, edges %s)", sep,
                 v->corner_parity ? "odd" : "even", v->edge_parity ? "odd" : "even");
}

static int parse_fail(gt_parse_error *err, int offset, const char *fmt, const char *a, const char *b)
{
    if (err) {
        err->offset = offset;
        err->length = 1;
        snprintf(err->message, sizeof err->message, fmt, a, b);
    }
    return GT_ERR_PARSE;
}

/* Every facelet a colour, each colour nine times. Return values: GT_OK,
 * else parse_fail's. */
static int check_colour_counts(const uint8_t colours[GT_CUBE3_FACELETS], const char *letters, gt_parse_error *err)
{
    int count[GT_FACES] = {0};
    for (int f = 0; f < GT_CUBE3_FACELETS; f++) {
        if (colours[f] >= GT_FACES)
            return parse_fail(err, f, "bad colour at facelet %s%s", "", "");
        count[colours[f]]++;
    }
    for (int k = 0; k < GT_FACES; k++) {
        if (count[k] != 9) {
            char what[48];
            snprintf(what, sizeof what, "'%c' appears %d times", letters[k], count[k]);
            return parse_fail(err, 0, "not an assembly: colour %s (9 expected)", what, "");
        }
    }
    return GT_OK;
}

/* The corner at each corner place (cp, co of c): its U/D sticker gives the
 * twist, the next two the corner; none may be missing or twice. */
static int read_corners(const uint8_t colours[GT_CUBE3_FACELETS], const char *letters, gt_cube3 *c,
                        gt_parse_error *err)
{
    int corner_place[GT_CUBE3_CORNERS];
    char sticker[4];
    for (int i = 0; i < GT_CUBE3_CORNERS; i++)
        corner_place[i] = -1;
    for (int i = 0; i < GT_CUBE3_CORNERS; i++) {
        const uint8_t *fl = gt_cube3_corner_facelets[i];
        int ori = 0;
        while (ori < 3 && colours[fl[ori]] != GT_FACE_U && colours[fl[ori]] != GT_FACE_D)
            ori++;
        int col1 = ori < 3 ? colours[fl[(ori + 1) % 3]] : -1, col2 = ori < 3 ? colours[fl[(ori + 2) % 3]] : -1;
        int j = 0;
        for (; ori < 3 && j < GT_CUBE3_CORNERS; j++)
            if (gt_cube3_corner_facelets[j][0] / 9 == colours[fl[ori]] &&
                gt_cube3_corner_facelets[j][1] / 9 == col1 && gt_cube3_corner_facelets[j][2] / 9 == col2)
                break;
        for (int k = 0; k < 3; k++)
            sticker[k] = letters[colours[fl[k]]];
        sticker[3] = 0;
        if (ori == 3 || j == GT_CUBE3_CORNERS)
            return parse_fail(err, fl[0], "not an assembly: corner place %s shows %s, which no corner has",
                              gt_cube3_corner_names[i], sticker);
        if (corner_place[j] >= 0)
            return parse_fail(err, fl[0], "not an assembly: corner %s appears twice (%s)",
                              gt_cube3_corner_names[j], sticker);
        corner_place[j] = i;
        c->cp[i] = (uint8_t)j;
        c->co[i] = (uint8_t)ori;
    }
    return GT_OK;
}

/* The edge at each edge place (ep, eo of c), flipped when its stickers
 * are swapped; none may be missing or twice. */
static int read_edges(const uint8_t colours[GT_CUBE3_FACELETS], const char *letters, gt_cube3 *c,
                      gt_parse_error *err)
{
    int edge_place[GT_CUBE3_EDGES];
    char sticker[3];
    for (int i = 0; i < GT_CUBE3_EDGES; i++)
        edge_place[i] = -1;
    for (int i = 0; i < GT_CUBE3_EDGES; i++) {
        const uint8_t *fl = gt_cube3_edge_facelets[i];
        int a = colours[fl[0]], b = colours[fl[1]], j = 0, flip = 0;
        for (; j < GT_CUBE3_EDGES; j++) {
            int x = gt_cube3_edge_facelets[j][0] / 9, y = gt_cube3_edge_facelets[j][1] / 9;
            if (a == x && b == y)
                break;
            if (a == y && b == x) {
                flip = 1;
                break;
            }
        }
        sticker[0] = letters[a];
        sticker[1] = letters[b];
        sticker[2] = 0;
        if (j == GT_CUBE3_EDGES)
            return parse_fail(err, fl[0], "not an assembly: edge place %s shows %s, which no edge has",
                              gt_cube3_edge_names[i], sticker);
        if (edge_place[j] >= 0)
            return parse_fail(err, fl[0], "not an assembly: edge %s appears twice (%s)",
                              gt_cube3_edge_names[j], sticker);
        edge_place[j] = i;
        c->ep[i] = (uint8_t)j;
        c->eo[i] = (uint8_t)flip;
    }
    return GT_OK;
}

/* from_colours with the letters used to name colours in error messages. */
static int from_colours_named(const uint8_t colours[GT_CUBE3_FACELETS], const char *letters,
                              gt_cube3 *out, gt_cube3_verdict *verdict, gt_parse_error *err)
{
    gt_cube3 c;
    int rc;
    if ((rc = check_colour_counts(colours, letters, err)) != GT_OK ||
        (rc = read_corners(colours, letters, &c, err)) != GT_OK ||
        (rc = read_edges(colours, letters, &c, err)) != GT_OK)
        return rc;
    gt_cube3_verdict v;
    gt_cube3_verdict_of(&c, &v);
    if (verdict)
        *verdict = v;
    *out = c;
    if (v.orbit != 0) {
        if (err) {
            err->offset = 0;
            err->length = GT_CUBE3_FACELETS;
            snprintf(err->message, sizeof err->message, "%s", v.reason);
        }
        return GT_ERR_ILLEGAL;
    }
    return GT_OK;
}

int gt_cube3_from_colours(const uint8_t colours[GT_CUBE3_FACELETS], gt_cube3 *out,
                          gt_cube3_verdict *verdict, gt_parse_error *err)
{
    return from_colours_named(colours, gt_face_letters, out, verdict, err);
}

int gt_cube3_from_facelets(const char *text, gt_cube3 *out, char letters[7],
                           gt_cube3_verdict *verdict, gt_parse_error *err)
{
    char chars[GT_CUBE3_FACELETS];
    uint8_t colours[GT_CUBE3_FACELETS];
    char scheme[7] = {0};
    int n = 0, offset[GT_CUBE3_FACELETS];
    for (const char *p = text; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            continue;
        if (n == GT_CUBE3_FACELETS) {
            n++;
            break;
        }
        offset[n] = (int)(p - text);
        chars[n++] = *p;
    }
    if (n != GT_CUBE3_FACELETS) {
        char got[24];
        snprintf(got, sizeof got, "%s%d", n > GT_CUBE3_FACELETS ? "more than " : "",
                 n > GT_CUBE3_FACELETS ? GT_CUBE3_FACELETS : n);
        return parse_fail(err, 0, "expected 54 facelets, got %s%s", got, "");
    }
    for (int f = 0; f < GT_FACES; f++) {
        char centre = chars[f * 9 + 4];
        if (memchr(scheme, centre, (size_t)f)) {
            char what[8] = {centre, 0};
            return parse_fail(err, offset[f * 9 + 4],
                              "not an assembly: two centres show '%s'%s", what, "");
        }
        scheme[f] = centre;
    }
    for (int f = 0; f < GT_CUBE3_FACELETS; f++) {
        const char *hit = memchr(scheme, chars[f], GT_FACES);
        if (!hit) {
            char what[24];
            snprintf(what, sizeof what, "'%c' at facelet %d", chars[f], f + 1);
            return parse_fail(err, offset[f], "not an assembly: %s is no centre's colour%s", what, "");
        }
        colours[f] = (uint8_t)(hit - scheme);
    }
    if (letters)
        memcpy(letters, scheme, 7);
    return from_colours_named(colours, scheme, out, verdict, err);
}

int gt_cube3_from_scramble(const char *text, gt_cube3 *out, gt_parse_error *err)
{
    gt_turn *turns;
    uint8_t colours[GT_CUBE3_FACELETS], next[GT_CUBE3_FACELETS], frame[GT_FACES];
    uint16_t perm[GT_CUBE3_FACELETS];
    long count = 0;
    int rc;
    if ((rc = gt_notation_parse_alloc(3, text, GT_NOTATION_ALL, &turns, &count, err)) != 0)
        return rc;
    gt_facecube_solved(3, colours);
    for (long i = 0; i < count; i++) {
        if ((rc = gt_notation_turn_perm(3, turns[i], perm)) != 0)
            goto free_turns;
        gt_facecube_apply(3, perm, colours, next);
        memcpy(colours, next, sizeof colours);
    }
    /* Slices and rotations move the centres: read the cube in their frame. */
    for (int f = 0; f < GT_FACES; f++)
        frame[colours[f * 9 + 4]] = (uint8_t)f;
    for (int f = 0; f < GT_CUBE3_FACELETS; f++)
        colours[f] = frame[colours[f]];
    rc = gt_cube3_from_colours(colours, out, NULL, err);
free_turns:
    free(turns);
    return rc;
}

int gt_cube3_conjugate(const gt_cube3 *c, const uint16_t rotation[GT_CUBE3_FACELETS], gt_cube3 *out)
{
    /* As facelet maps: f -> r[p[r^-1[f]]]. Then each place reads which
     * cubie facelet now lands on its first facelet. */
    uint16_t inverse[GT_CUBE3_FACELETS], perm[GT_CUBE3_FACELETS], source[GT_CUBE3_FACELETS];
    uint8_t owner[GT_CUBE3_FACELETS][2] = {{0}}; /* facelet -> (cubie, index within it) */
    for (int i = 0; i < GT_CUBE3_CORNERS; i++)
        for (int k = 0; k < 3; k++) {
            owner[gt_cube3_corner_facelets[i][k]][0] = (uint8_t)i;
            owner[gt_cube3_corner_facelets[i][k]][1] = (uint8_t)k;
        }
    for (int i = 0; i < GT_CUBE3_EDGES; i++)
        for (int k = 0; k < 2; k++) {
            owner[gt_cube3_edge_facelets[i][k]][0] = (uint8_t)i;
            owner[gt_cube3_edge_facelets[i][k]][1] = (uint8_t)k;
        }
    for (int f = 0; f < GT_CUBE3_FACELETS; f++)
        inverse[rotation[f]] = (uint16_t)f;
    gt_cube3_to_perm(c, perm);
    for (int f = 0; f < GT_CUBE3_FACELETS; f++)
        source[rotation[perm[inverse[f]]]] = (uint16_t)f;
    for (int i = 0; i < GT_CUBE3_CORNERS; i++) {
        int from = source[gt_cube3_corner_facelets[i][0]];
        int j = owner[from][0], k = owner[from][1];
        if (gt_cube3_corner_facelets[j][k] != from)
            return GT_ERR_INVAL;
        out->cp[i] = (uint8_t)j;
        out->co[i] = (uint8_t)((3 - k) % 3);
    }
    for (int i = 0; i < GT_CUBE3_EDGES; i++) {
        int from = source[gt_cube3_edge_facelets[i][0]];
        int j = owner[from][0], k = owner[from][1];
        if (gt_cube3_edge_facelets[j][k] != from)
            return GT_ERR_INVAL;
        out->ep[i] = (uint8_t)j;
        out->eo[i] = (uint8_t)k;
    }
    return GT_OK;
}

/* ---- coordinates ---- */

uint32_t gt_cube3_cperm(const gt_cube3 *c)
{
    return gt_lehmer_rank(GT_CUBE3_CORNERS, c->cp);
}

void gt_cube3_set_cperm(gt_cube3 *c, uint32_t v)
{
    gt_lehmer_unrank(GT_CUBE3_CORNERS, v, c->cp);
}

uint32_t gt_cube3_twist(const gt_cube3 *c)
{
    return gt_cube3_twist_of(c);
}

void gt_cube3_set_twist(gt_cube3 *c, uint32_t v)
{
    int sum = 0;
    for (int i = GT_CUBE3_CORNERS - 2; i >= 0; i--) {
        c->co[i] = (uint8_t)(v % 3);
        sum += c->co[i];
        v /= 3;
    }
    c->co[GT_CUBE3_CORNERS - 1] = (uint8_t)((3 - sum % 3) % 3);
}

uint32_t gt_cube3_flip(const gt_cube3 *c)
{
    return gt_cube3_flip_of(c);
}

void gt_cube3_set_flip(gt_cube3 *c, uint32_t v)
{
    int sum = 0;
    for (int i = GT_CUBE3_EDGES - 2; i >= 0; i--) {
        c->eo[i] = (uint8_t)(v & 1);
        sum += c->eo[i];
        v >>= 1;
    }
    c->eo[GT_CUBE3_EDGES - 1] = (uint8_t)(sum & 1);
}

static inline uint32_t binomial(int n, int k)
{
    return gt_cube3_choose[n][k];
}

/* Some placement with that index: the four pieces in increasing order, the
 * others 0, 1, ... in the remaining places. */
static void places_set(uint8_t *p, int n, int first, uint32_t v)
{
    int x = 4, other = 0;
    for (int j = 0; j < n; j++) {
        uint32_t b = binomial(n - 1 - j, x);
        if (x > 0 && v >= b) {
            p[j] = (uint8_t)(first + 4 - x);
            v -= b;
            x--;
        } else {
            p[j] = (uint8_t)other++;
        }
    }
}

/* The places of the four UD-slice edges (FR FL BL BR) as a combination index
 * (their order is ignored); 0 when they are all in the slice. */
uint32_t gt_cube3_slice(const gt_cube3 *c)
{
    return gt_cube3_slice_of(c);
}

void gt_cube3_set_slice(gt_cube3 *c, uint32_t v)
{
    places_set(c->ep, GT_CUBE3_EDGES, GT_CUBE3_FR, v);
}

uint32_t gt_cube3_slice_sorted(const gt_cube3 *c)
{
    /* One pass: the combination as in gt_cube3_slice (from the last place
     * back), collecting the slice edges' order on the way (reversed). */
    uint32_t a = 0;
    int x = 0, order[4];
    for (int j = GT_CUBE3_EDGES - 1; j >= 0; j--) {
        int e = c->ep[j] - GT_CUBE3_FR;
        if (e >= 0) {
            a += gt_cube3_choose[GT_CUBE3_EDGES - 1 - j][x + 1];
            order[3 - x++] = e;
        }
    }
    uint32_t rank = (uint32_t)((order[1] < order[0]) + (order[2] < order[0]) + (order[3] < order[0]));
    rank = rank * 3 + (uint32_t)((order[2] < order[1]) + (order[3] < order[1]));
    rank = rank * 2 + (uint32_t)(order[3] < order[2]);
    return a * 24 + rank;
}

void gt_cube3_set_slice_sorted(gt_cube3 *c, uint32_t v)
{
    uint32_t rank = v % 24;
    uint8_t digit[4], used[4] = {0}, order[4];
    gt_cube3_set_slice(c, v / 24);
    for (int i = 3; i >= 0; i--) {
        digit[i] = (uint8_t)(rank % (uint32_t)(4 - i));
        rank /= (uint32_t)(4 - i);
    }
    for (int i = 0; i < 4; i++) {
        int k = digit[i], j = 0;
        for (;; j++)
            if (!used[j] && k-- == 0)
                break;
        used[j] = 1;
        order[i] = (uint8_t)j;
    }
    for (int j = 0, n = 0; j < GT_CUBE3_EDGES; j++)
        if (c->ep[j] >= GT_CUBE3_FR)
            c->ep[j] = (uint8_t)(GT_CUBE3_FR + order[n++]);
}

uint32_t gt_cube3_ud_split(const gt_cube3 *c)
{
    return gt_cube3_ud_split_of(c);
}

void gt_cube3_set_ud_split(gt_cube3 *c, uint32_t v)
{
    places_set(c->cp, GT_CUBE3_CORNERS, GT_CUBE3_DFR, v);
}

/* The coordinates drawn uniformly: corner permutation, twist, flip, then
 * the edges shuffled (Fisher-Yates). Half of all edge permutations have the
 * corners' parity; swapping two fixes the other half, a 2-to-1 map that
 * keeps the choice uniform. */
void gt_cube3_random_state(gt_rng *rng, gt_cube3 *out)
{
    gt_cube3_identity(out);
    gt_cube3_set_cperm(out, (uint32_t)gt_rng_below(rng, GT_CUBE3_CPERMS));
    gt_cube3_set_twist(out, (uint32_t)gt_rng_below(rng, GT_CUBE3_TWISTS));
    gt_cube3_set_flip(out, (uint32_t)gt_rng_below(rng, GT_CUBE3_FLIPS));
    for (int i = GT_CUBE3_EDGES - 1; i > 0; i--) {
        int j = (int)gt_rng_below(rng, (uint64_t)(i + 1));
        uint8_t t = out->ep[i];
        out->ep[i] = out->ep[j];
        out->ep[j] = t;
    }
    if (perm_parity(out->cp, GT_CUBE3_CORNERS) != perm_parity(out->ep, GT_CUBE3_EDGES)) {
        uint8_t t = out->ep[0];
        out->ep[0] = out->ep[1];
        out->ep[1] = t;
    }
}

