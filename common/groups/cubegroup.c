/* Cube geometry for permutation-group definitions (see cubegroup.h). */
#include "cubegroup.h"
#include "gt_error.h"
#include "textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- pieces ---------------------------------------------------------------- */

/* Doubled coordinates of the piece a facelet belongs to: the facelet's own
 * ±n component becomes ±(n-1). */
static void piece_of(int n, int facelet, int key[3])
{
    gt_facecube_coords(n, facelet, key);
    for (int a = 0; a < 3; a++)
        if (key[a] == n || key[a] == -n)
            key[a] = key[a] > 0 ? n - 1 : -(n - 1);
}

/* The outward normal axis of a facelet: 0 x (R/L), 1 y (U/D), 2 z (F/B). */
static int normal_axis(int n, int facelet, int *sign)
{
    int xyz[3];
    gt_facecube_coords(n, facelet, xyz);
    for (int a = 0; a < 3; a++)
        if (xyz[a] == n || xyz[a] == -n) {
            if (sign)
                *sign = xyz[a] > 0 ? 1 : -1;
            return a;
        }
    return -1;
}

/* How many coordinates of a piece are on the surface (±(n-1)): 3 corner,
 * 2 edge or wing, 1 centre. */
static int piece_kind(int n, const int key[3])
{
    int k = 0;
    for (int a = 0; a < 3; a++)
        k += key[a] == n - 1 || key[a] == -(n - 1);
    return k;
}

/* The pieces of a matched cube (n <= GT_CUBEGROUP_MATCH_NMAX): sized for
 * that, 3 KB on the stack, rather than for GT_FACELETS_MAX (130 KB). */
#define PIECES_MAX GT_CUBEGROUP_MATCH_FACELETS

typedef struct pieces {
    int n, count;
    int key[PIECES_MAX][3];
    int nf[PIECES_MAX];
    int facelet[PIECES_MAX][3];
    int piece_of_facelet[PIECES_MAX];
} pieces;

static void pieces_init(int n, pieces *P)
{
    P->n = n;
    P->count = 0;
    for (int f = 0; f < 6 * n * n; f++) {
        int key[3], k;
        piece_of(n, f, key);
        for (k = 0; k < P->count; k++)
            if (!memcmp(P->key[k], key, sizeof key))
                break;
        if (k == P->count) {
            memcpy(P->key[k], key, sizeof key);
            P->nf[k] = 0;
            P->count++;
        }
        P->facelet[k][P->nf[k]++] = f;
        P->piece_of_facelet[f] = k;
    }
}

int gt_cubegroup_moving_facelets(int n, int *facelets)
{
    int count = 0;
    for (int f = 0; f < 6 * n * n; f++) {
        int key[3];
        piece_of(n, f, key);
        /* odd n: the fixed centre facelet of each face is not a point */
        if (n % 2 == 1 && piece_kind(n, key) == 1 && f % (n * n) == (n * n) / 2)
            continue;
        facelets[count++] = f;
    }
    return count;
}

/* ---- matching a definition with the geometry ------------------------------ */

#define MAX_TURNS 64
#define SEARCH_BUDGET 2000000L
#define MATCH_MAX_POINTS GT_CUBEGROUP_MATCH_FACELETS /* the 4x4x4; the recursion keeps two arrays of this per level */

typedef struct matcher {
    int d, ngens, nturns;
    const gt_point *gen[GT_PUZDEF_MAX_GENS];
    uint16_t turn[MAX_TURNS][MATCH_MAX_POINTS]; /* on moving indices 0..d-1 */
    gt_turn turn_desc[MAX_TURNS];
    int gen_hint[GT_PUZDEF_MAX_GENS];
    unsigned char compatible[GT_PUZDEF_MAX_GENS][MAX_TURNS]; /* same cycle type */
    int assign[GT_PUZDEF_MAX_GENS];
    long budget;
} matcher;


/* Extends phi (points -> moving indices) along the assigned generators until
 * nothing changes; 0 on a contradiction. */
static int propagate(const matcher *m, int *phi, int *inv)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int k = 0; k < m->ngens; k++) {
            if (m->assign[k] < 0)
                continue;
            const uint16_t *t = m->turn[m->assign[k]];
            for (int p = 0; p < m->d; p++) {
                if (phi[p] < 0)
                    continue;
                int q = m->gen[k][p], f = t[phi[p]];
                if (phi[q] == f)
                    continue;
                if (phi[q] >= 0 || inv[f] >= 0)
                    return 0;
                phi[q] = f;
                inv[f] = q;
                changed = 1;
            }
        }
    }
    return 1;
}

static int search(matcher *m, const int *phi_in, const int *inv_in, int *phi_out);

/* Branch 1: generator k (unassigned) moves a mapped point, so it is tried
 * as each turn of its cycle type (its named turn first). */
static int search_generator(matcher *m, int k, const int *phi, const int *inv, int *phi_out)
{
    for (int pass = 0; pass < 2; pass++)
        for (int t = 0; t < m->nturns; t++) {
            if (!m->compatible[k][t] || (pass == 0) != (t == m->gen_hint[k]))
                continue;
            m->assign[k] = t;
            if (search(m, phi, inv, phi_out))
                return 1;
            m->assign[k] = -1;
        }
    return 0;
}

/* Branch 2: point p, unmapped and moved by a generator, starts a new
 * orbit: it is tried on each free facelet (its own first). */
static int search_point(matcher *m, int p, int *phi, int *inv, int *phi_out)
{
    for (int pass = 0; pass < 2; pass++)
        for (int f = 0; f < m->d; f++) {
            if (inv[f] >= 0 || (pass == 0) != (f == p))
                continue;
            phi[p] = f;
            inv[f] = p;
            if (search(m, phi, inv, phi_out))
                return 1;
            phi[p] = inv[f] = -1;
        }
    return 0;
}

/* The end: points no generator moves go to the facelets left (the same
 * index first), then every generator must be its turn under phi. */
static int search_complete(const matcher *m, int *phi, int *inv, int *phi_out)
{
    const int d = m->d;
    for (int p = 0; p < d; p++) {
        if (phi[p] >= 0)
            continue;
        int f = inv[p] < 0 ? p : 0;
        while (inv[f] >= 0)
            f++;
        phi[p] = f;
        inv[f] = p;
    }
    for (int k = 0; k < m->ngens; k++) {
        if (m->assign[k] < 0) /* a generator that moves no point is no turn */
            return 0;
        for (int p = 0; p < d; p++)
            if (phi[m->gen[k][p]] != m->turn[m->assign[k]][phi[p]])
                return 0;
    }
    memcpy(phi_out, phi, (size_t)d * sizeof *phi);
    return 1;
}

/* Backtracks over phi (points to facelets, inv its inverse) and the
 * generators' turns: what the assignment so far forces is propagated,
 * then the first generator still free that moves a mapped point is
 * branched on, else a new orbit's first point, else the map is
 * completed and checked. 1 with phi_out filled when every generator is
 * its turn under phi; 0 past the budget. */
static int search(matcher *m, const int *phi_in, const int *inv_in, int *phi_out)
{
    int phi[MATCH_MAX_POINTS], inv[MATCH_MAX_POINTS], d = m->d;
    if (--m->budget < 0)
        return 0;
    memcpy(phi, phi_in, (size_t)d * sizeof *phi);
    memcpy(inv, inv_in, (size_t)d * sizeof *inv);
    if (!propagate(m, phi, inv))
        return 0;
    for (int k = 0; k < m->ngens; k++) {
        if (m->assign[k] >= 0)
            continue;
        int p = 0;
        while (p < d && (phi[p] < 0 || m->gen[k][p] == p))
            p++;
        if (p < d)
            return search_generator(m, k, phi, inv, phi_out);
    }
    for (int p = 0; p < d; p++) {
        if (phi[p] >= 0)
            continue;
        int moved = 0;
        for (int k = 0; k < m->ngens && !moved; k++)
            moved = m->gen[k][p] != p;
        if (moved)
            return search_point(m, p, phi, inv, phi_out);
    }
    return search_complete(m, phi, inv, phi_out);
}

/* The candidate turns: every face, layers 0..n/2-1 (deeper layers are
 * the opposite face's), 1 to 3 quarters; none may move a non-point
 * facelet. */
static void match_turns(matcher *m, int n, const int *moving, const int *index_of)
{
    for (int face = 0; face < GT_FACES; face++)
        for (int layer = 0; layer < n / 2; layer++)
            for (int q = 1; q <= 3; q++) {
                uint16_t perm[MATCH_MAX_POINTS];
                gt_turn t = {(uint8_t)face, (uint8_t)layer, (uint8_t)layer, (uint8_t)q};
                gt_notation_turn_perm(n, t, perm);
                int ok = 1;
                for (int f = 0; f < 6 * n * n && ok; f++)
                    ok = index_of[f] >= 0 || perm[f] == f;
                if (!ok)
                    continue;
                for (int i = 0; i < m->d; i++)
                    m->turn[m->nturns][i] = (uint16_t)index_of[perm[moving[i]]];
                m->turn_desc[m->nturns++] = t;
            }
}

/* Each generator's turns of its cycle type, and the turn its name gives
 * ("U", "2R", "F'"), tried first. */
static void match_generators(matcher *m, const gt_puzdef *def, int n)
{
    int hg[MATCH_MAX_POINTS + 1], ht[MATCH_MAX_POINTS + 1];
    for (int k = 0; k < def->ngens; k++) {
        m->gen[k] = def->gens + (size_t)k * m->d;
        m->assign[k] = -1;
        m->gen_hint[k] = -1;
        gt_perm_cycle_type(m->d, m->gen[k], hg);
        for (int t = 0; t < m->nturns; t++) {
            gt_perm_cycle_type(m->d, m->turn[t], ht);
            m->compatible[k][t] = !memcmp(hg, ht, (size_t)(m->d + 1) * sizeof *hg);
        }
        gt_turn parsed;
        int count = 0;
        if (gt_notation_parse(n, def->names[k], GT_NOTATION_FACES | GT_NOTATION_WIDE, &parsed, 1, &count,
                              NULL) == GT_OK &&
            count == 1)
            for (int t = 0; t < m->nturns; t++)
                if (!memcmp(&m->turn_desc[t], &parsed, sizeof parsed))
                    m->gen_hint[k] = t;
    }
}

int gt_cubegroup_match(const gt_puzdef *def, gt_cubegroup_map *map)
{
    int rc = GT_ERR_NOTFOUND;
    int n = def->degree == 24 ? 2 : def->degree == 48 ? 3 : def->degree == 96 ? 4 : 0;
    int moving[MATCH_MAX_POINTS], index_of[MATCH_MAX_POINTS];
    int phi[MATCH_MAX_POINTS], inv[MATCH_MAX_POINTS], found[MATCH_MAX_POINTS];
    matcher *m = NULL;
    if (!n || def->ngens > GT_PUZDEF_MAX_GENS)
        return rc;
    if (!(m = calloc(1, sizeof *m)))
        return GT_ERR_NOMEM;
    int d = gt_cubegroup_moving_facelets(n, moving);
    for (int f = 0; f < 6 * n * n; f++)
        index_of[f] = -1;
    for (int i = 0; i < d; i++)
        index_of[moving[i]] = i;
    m->d = d;
    m->ngens = def->ngens;
    match_turns(m, n, moving, index_of);
    match_generators(m, def, n);
    for (int i = 0; i < d; i++)
        phi[i] = inv[i] = -1;
    m->budget = SEARCH_BUDGET;
    if (!search(m, phi, inv, found))
        goto free_matcher;
    map->n = n;
    map->degree = d;
    for (int f = 0; f < 6 * n * n; f++)
        map->point_of_facelet[f] = -1;
    for (int p = 0; p < d; p++) {
        map->facelet_of_point[p] = moving[found[p]];
        map->point_of_facelet[moving[found[p]]] = p;
    }
    for (int k = 0; k < def->ngens; k++)
        map->gen_turn[k] = m->turn_desc[m->assign[k]];
    rc = GT_OK;
free_matcher:
    free(m);
    return rc;
}

/* ---- positions -------------------------------------------------------------- */

void gt_cubegroup_to_points(const gt_cubegroup_map *map, const uint16_t *facelet_perm, gt_point *perm)
{
    for (int p = 0; p < map->degree; p++)
        perm[p] = (gt_point)map->point_of_facelet[facelet_perm[map->facelet_of_point[p]]];
}

static int fail_col(gt_puzdef_error *err, int column, const char *fmt, const char *arg)
{
    if (err) {
        err->line = 1;
        err->column = column;
        snprintf(err->message, sizeof err->message, fmt, arg);
    }
    return GT_ERR_PARSE;
}

int gt_cubegroup_scramble_position(const gt_cubegroup_map *map, const char *text, gt_point *perm,
                              gt_puzdef_error *err)
{
    int n = map->n, rc;
    enum { CAP = 4096 };
    gt_turn *turns = malloc(CAP * sizeof *turns);
    uint16_t pos[GT_CUBEGROUP_MATCH_FACELETS], tp[GT_CUBEGROUP_MATCH_FACELETS];
    gt_parse_error perr;
    int count = 0;
    if (n < 2 || n > GT_CUBEGROUP_MATCH_NMAX) { /* a map comes from gt_cubegroup_match */
        free(turns);
        return GT_ERR_INVAL;
    }
    if (!turns)
        return GT_ERR_NOMEM;
    rc = gt_notation_parse(n, text, GT_NOTATION_ALL, turns, CAP, &count, &perr);
    if (rc == GT_ERR_RANGE) {
        rc = fail_col(err, 1, "more than 4096 moves%s", "");
        goto free_turns;
    }
    if (rc < 0) {
        rc = fail_col(err, perr.offset + 1, "%s", perr.message);
        goto free_turns;
    }
    for (int f = 0; f < 6 * n * n; f++)
        pos[f] = (uint16_t)f;
    for (int k = 0; k < count; k++) {
        gt_notation_turn_perm(n, turns[k], tp);
        for (int f = 0; f < 6 * n * n; f++)
            pos[f] = tp[pos[f]];
    }
    for (int f = 0; f < 6 * n * n; f++)
        if (map->point_of_facelet[f] < 0 && pos[f] != f) {
            if (err) {
                err->line = 1;
                err->column = 1;
                snprintf(err->message, sizeof err->message,
                         "the scramble moves the centres, which are not points of this definition");
            }
            rc = GT_ERR_ILLEGAL;
            goto free_turns;
        }
    gt_cubegroup_to_points(map, pos, perm);
    rc = GT_OK;
free_turns:
    free(turns);
    return rc;
}

/* ---- any colour scheme, as godtab-solve reads facelets ---- */

/* The six symbols of a facelet string, each n² times, in order of first
 * appearance. Returns GT_OK or GT_ERR_PARSE (err: past six symbols the
 * rarest one, which is most likely the stray, else a symbol whose count is
 * not n², at its first column). */
static int scheme_symbols(int n, const char *text, char sym[6], gt_puzdef_error *err)
{
    int total = 6 * n * n, count[256] = {0}, kinds = 0, odd = -1;
    for (int f = 0; f < total; f++)
        if (!count[(unsigned char)text[f]]++) {
            if (kinds < 6)
                sym[kinds] = text[f];
            kinds++;
        }
    for (int f = 0; f < total; f++) {
        int c = count[(unsigned char)text[f]];
        if (kinds > 6 ? odd < 0 || c < count[(unsigned char)text[odd]] : c != n * n && odd < 0)
            odd = f;
    }
    char s[2] = {odd >= 0 ? text[odd] : 0, 0};
    if (kinds > 6)
        return fail_col(err, odd + 1, "'%s' is a seventh symbol: a cube has six colours", s);
    if (odd >= 0)
        return fail_col(err, odd + 1, n == 2 ? "'%s' is not on 4 stickers" : "'%s' is not on 9 stickers", s);
    return GT_OK;
}

/* Face of each symbol: odd n, the fixed centres; n = 2, the DBL corner
 * names D, B, L and each other face is the colour that never shares a
 * corner with its opposite. */
static int scheme_faces(int n, const char *text, const char sym[6], int face_of[6], gt_puzdef_error *err)
{
    pieces P;
    pieces_init(n, &P);
    for (int i = 0; i < 6; i++)
        face_of[i] = -1;
    if (n == 3) {
        for (int f = 0; f < 6; f++) {
            int i = (int)((const char *)memchr(sym, text[f * 9 + 4], 6) - sym);
            if (face_of[i] >= 0)
                return fail_col(err, f * 9 + 5, "two centres alike ('%s')", (char[2]){text[f * 9 + 4], 0});
            face_of[i] = f;
        }
        return GT_OK;
    }
    int together[6][6] = {{0}}, dbl = -1;
    for (int c = 0; c < P.count; c++) {
        int s3[3], faces = 0;
        for (int j = 0; j < 3; j++) {
            s3[j] = (int)((const char *)memchr(sym, text[P.facelet[c][j]], 6) - sym);
            faces |= 1 << (P.facelet[c][j] / 4);
        }
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                together[s3[a]][s3[b]] = 1;
        if (faces == (1 << GT_FACE_D | 1 << GT_FACE_B | 1 << GT_FACE_L))
            dbl = c;
    }
    for (int j = 0; dbl >= 0 && j < 3; j++) {
        int f = P.facelet[dbl][j] / 4, i = (int)((const char *)memchr(sym, text[P.facelet[dbl][j]], 6) - sym);
        face_of[i] = f;
        for (int o = 0; o < 6; o++) /* its opposite: the one colour never beside it */
            if (!together[i][o] && o != i && face_of[o] < 0)
                face_of[o] = (f + 3) % 6;
    }
    for (int i = 0; i < 6; i++)
        if (face_of[i] < 0)
            return fail_col(err, 1, "%s: the corners give no colour scheme (no pair of opposite colours)",
                            "facelets");
    return GT_OK;
}

/* The string in U R F D L B letters, whatever its six symbols. */
static int to_face_letters(int n, const char *text, char *out, gt_puzdef_error *err)
{
    char sym[6];
    int face_of[6], total = 6 * n * n;
    int rc = scheme_symbols(n, text, sym, err);
    if (rc == GT_OK)
        rc = scheme_faces(n, text, sym, face_of, err);
    for (int f = 0; rc == GT_OK && f < total; f++)
        out[f] = gt_face_letters[face_of[(const char *)memchr(sym, text[f], 6) - sym]];
    out[total] = 0;
    return rc;
}

int gt_cubegroup_facelet_position(const gt_cubegroup_map *map, const char *text, gt_point *perm,
                             gt_puzdef_error *err)
{
    int n = map->n, total = 6 * n * n;
    if (n < 2 || n > 3)
        return GT_ERR_INVAL;
    char buf[6 * 3 * 3 + 1];
    if ((int)strlen(text) != total)
        return fail_col(err, 1, "a facelet string has %s letters", n == 2 ? "24" : "54");
    if (to_face_letters(n, text, buf, err) != GT_OK)
        return GT_ERR_PARSE;
    int colour[6 * 3 * 3];
    for (int f = 0; f < total; f++)
        colour[f] = (int)(strchr(gt_face_letters, buf[f]) - gt_face_letters);
    pieces P;
    pieces_init(n, &P);
    int used[PIECES_MAX] = {0};
    uint16_t pos[6 * 3 * 3];
    for (int s = 0; s < P.count; s++) {
        /* The piece in slot s is the home piece with the same set of colours. */
        int home = -1;
        for (int h = 0; h < P.count && home < 0; h++) {
            if (P.nf[h] != P.nf[s])
                continue;
            int match = 1;
            for (int i = 0; i < P.nf[s] && match; i++) {
                int found = 0;
                for (int j = 0; j < P.nf[h]; j++)
                    found |= P.facelet[h][j] / (n * n) == colour[P.facelet[s][i]];
                match = found;
            }
            for (int i = 0; i < P.nf[h] && match; i++) {
                int found = 0;
                for (int j = 0; j < P.nf[s]; j++)
                    found |= P.facelet[h][i] / (n * n) == colour[P.facelet[s][j]];
                match = found;
            }
            if (match)
                home = h;
        }
        if (home < 0 || used[home])
            return fail_col(err, P.facelet[s][0] + 1,
                            home < 0 ? "the stickers at this piece form no piece of the cube%s"
                                     : "the same piece appears twice%s",
                            "");
        if (P.nf[s] == 1 && home != s)
            return fail_col(err, P.facelet[s][0] + 1, "a centre of the wrong colour%s", "");
        used[home] = 1;
        for (int i = 0; i < P.nf[s]; i++)
            for (int j = 0; j < P.nf[home]; j++)
                if (P.facelet[home][j] / (n * n) == colour[P.facelet[s][i]])
                    pos[P.facelet[home][j]] = (uint16_t)P.facelet[s][i];
    }
    gt_cubegroup_to_points(map, pos, perm);
    return GT_OK;
}

int gt_cubegroup_format_word(const gt_cubegroup_map *map, int len, const int *gens, const int *powers, char *buf,
                        int cap)
{
    int used = 0;
    if (cap < 1)
        return GT_ERR_RANGE;
    buf[0] = 0;
    for (int k = 0; k < len; k++) {
        gt_turn t = map->gen_turn[gens[k]];
        int q = ((t.quarters * powers[k]) % 4 + 4) % 4;
        if (!q)
            continue;
        t.quarters = (uint8_t)q;
        char move[8];
        gt_notation_format(map->n, t, move);
        int w = snprintf(buf + used, (size_t)(cap - used), "%s%s", used ? " " : "", move);
        if (w < 0 || used + w >= cap)
            return GT_ERR_RANGE;
        used += w;
    }
    return GT_OK;
}

/* ---- seed 003: assemblies and invariants ---------------------------------- */

/* The 24 rotations of the cube as signed permutation matrices of det +1. */
static int rotations(int R[24][3][3])
{
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    static const int parity[6] = {1, -1, -1, 1, 1, -1};
    int count = 0;
    for (int p = 0; p < 6; p++)
        for (int s = 0; s < 8; s++) {
            int sg[3] = {s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1};
            if (parity[p] * sg[0] * sg[1] * sg[2] != 1)
                continue;
            memset(R[count], 0, sizeof R[count]);
            for (int i = 0; i < 3; i++)
                R[count][i][perms[p][i]] = sg[i];
            count++;
        }
    return count;
}

static void row_times(const int v[3], const int R[3][3], int out[3])
{
    for (int j = 0; j < 3; j++)
        out[j] = v[0] * R[0][j] + v[1] * R[1][j] + v[2] * R[2][j];
}

int gt_cubegroup_random_assembly(int n, gt_rng *rng, uint16_t *facelet_perm)
{
    int R[24][3][3], nrot = rotations(R);
    pieces P;
    if (n < 2 || n > GT_CUBEGROUP_MATCH_NMAX)
        return GT_ERR_INVAL;
    pieces_init(n, &P);
    for (int f = 0; f < 6 * n * n; f++)
        facelet_perm[f] = (uint16_t)f;
    /* Pieces of one kind (same sorted |coordinates|) form one orbit of the
     * rotation group: shuffle each kind. */
    int done[PIECES_MAX] = {0};
    for (int a = 0; a < P.count; a++) {
        if (done[a] || (n % 2 == 1 && piece_kind(n, P.key[a]) == 1))
            continue;
        int members[PIECES_MAX], cnt = 0;
        for (int b = 0; b < P.count; b++) {
            int sa[3], sb[3];
            for (int i = 0; i < 3; i++) {
                sa[i] = abs(P.key[a][i]);
                sb[i] = abs(P.key[b][i]);
            }
            /* sort three values */
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2 - i; j++) {
                    if (sa[j] > sa[j + 1]) { int t = sa[j]; sa[j] = sa[j + 1]; sa[j + 1] = t; }
                    if (sb[j] > sb[j + 1]) { int t = sb[j]; sb[j] = sb[j + 1]; sb[j + 1] = t; }
                }
            if (!memcmp(sa, sb, sizeof sa)) {
                members[cnt++] = b;
                done[b] = 1;
            }
        }
        int target[PIECES_MAX];
        memcpy(target, members, (size_t)cnt * sizeof *target);
        for (int i = cnt - 1; i > 0; i--) {
            int j = (int)gt_rng_below(rng, (uint64_t)(i + 1)), t = target[i];
            target[i] = target[j];
            target[j] = t;
        }
        for (int i = 0; i < cnt; i++) {
            int c = members[i], dst = target[i], options[24], no = 0;
            for (int r = 0; r < nrot; r++) {
                int img[3];
                row_times(P.key[c], R[r], img);
                if (!memcmp(img, P.key[dst], sizeof img))
                    options[no++] = r;
            }
            int r = options[gt_rng_below(rng, (uint64_t)no)];
            for (int j = 0; j < P.nf[c]; j++) {
                int f = P.facelet[c][j], xyz[3], e[3], eR[3], to[3];
                gt_facecube_coords(n, f, xyz);
                for (int k = 0; k < 3; k++)
                    e[k] = xyz[k] - P.key[c][k];
                row_times(e, R[r], eR);
                for (int k = 0; k < 3; k++)
                    to[k] = P.key[dst][k] + eR[k];
                facelet_perm[f] = (uint16_t)gt_facecube_facelet_at(n, to);
            }
        }
    }
    return GT_OK;
}

static int det3(const int a[3], const int b[3], const int c[3])
{
    return a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
           a[2] * (b[0] * c[1] - b[1] * c[0]);
}

/* The sign of the permutation of the pieces of one kind. */
static int piece_sign(const pieces *P, const uint16_t *pos, int kind_n, int kind)
{
    int slot_of[PIECES_MAX], list[PIECES_MAX], cnt = 0;
    for (int a = 0; a < P->count; a++)
        if (piece_kind(kind_n, P->key[a]) == kind)
            list[cnt++] = a;
    gt_point p[PIECES_MAX];
    for (int i = 0; i < cnt; i++)
        slot_of[list[i]] = i;
    for (int i = 0; i < cnt; i++)
        p[i] = (gt_point)slot_of[P->piece_of_facelet[pos[P->facelet[list[i]][0]]]];
    return gt_perm_sign(cnt, p);
}

int gt_cubegroup_invariants_of(int n, const uint16_t *pos, gt_cubegroup_invariants *inv)
{
    pieces P;
    memset(inv, 0, sizeof *inv);
    if (n < 2 || n > GT_CUBEGROUP_MATCH_NMAX)
        return GT_ERR_INVAL;
    pieces_init(n, &P);
    for (int a = 0; a < P.count; a++) {
        int kind = piece_kind(n, P.key[a]);
        if (kind == 3) {
            /* Twist: where the piece's U/D sticker is, counted around the
             * slot from the slot's U/D facelet in one fixed rotational sense
             * (det of the normals > 0), as in seed 003's marks (0, 0, z). */
            int home_ud = -1;
            for (int j = 0; j < 3; j++)
                if (normal_axis(n, P.facelet[a][j], NULL) == 1)
                    home_ud = P.facelet[a][j];
            int to = pos[home_ud], slot = P.piece_of_facelet[to];
            int order[3], nrm[3][3];
            for (int j = 0; j < 3; j++) {
                int f = P.facelet[slot][j], s = 1, ax = normal_axis(n, f, &s);
                memset(nrm[j], 0, sizeof nrm[j]);
                nrm[j][ax] = s;
            }
            int ud = 0;
            while (normal_axis(n, P.facelet[slot][ud], NULL) != 1)
                ud++;
            int o1 = (ud + 1) % 3, o2 = (ud + 2) % 3;
            if (det3(nrm[ud], nrm[o1], nrm[o2]) < 0) {
                int t = o1;
                o1 = o2;
                o2 = t;
            }
            order[0] = P.facelet[slot][ud];
            order[1] = P.facelet[slot][o1];
            order[2] = P.facelet[slot][o2];
            for (int j = 0; j < 3; j++)
                if (order[j] == to)
                    inv->corner_twist += j;
        } else if (kind == 2 && n == 3) {
            /* Flip: the reference sticker (U/D, else F/B) off the slot's reference facelet. */
            int ref = -1, best = 99;
            for (int j = 0; j < 2; j++) {
                int ax = normal_axis(n, P.facelet[a][j], NULL), rank = ax == 1 ? 0 : ax == 2 ? 1 : 2;
                if (rank < best) {
                    best = rank;
                    ref = P.facelet[a][j];
                }
            }
            int to = pos[ref], ax = normal_axis(n, to, NULL), other_ax;
            int slot = P.piece_of_facelet[to];
            int other = P.facelet[slot][0] == to ? P.facelet[slot][1] : P.facelet[slot][0];
            other_ax = normal_axis(n, other, NULL);
            int rank_to = ax == 1 ? 0 : ax == 2 ? 1 : 2, rank_other = other_ax == 1 ? 0 : other_ax == 2 ? 1 : 2;
            inv->edge_flip += rank_to > rank_other;
        }
    }
    inv->corner_twist %= 3;
    inv->edge_flip %= 2;
    inv->corner_sign = piece_sign(&P, pos, n, 3);
    inv->edge_sign = n >= 3 ? piece_sign(&P, pos, n, 2) : 1;
    inv->centre_sign = n >= 4 ? piece_sign(&P, pos, n, 1) : 1;
    return GT_OK;
}

int gt_cubegroup_piece_facelets(int n, int facelet, int *out)
{
    int key[3], count = 1;
    piece_of(n, facelet, key);
    out[0] = facelet;
    for (int f = 0; f < 6 * n * n; f++) {
        int k2[3];
        piece_of(n, f, k2);
        if (f != facelet && !memcmp(key, k2, sizeof key))
            out[count++] = f;
    }
    if (count == 3) {
        int nrm[3][3] = {{0}};
        for (int j = 0; j < 3; j++) {
            int s = 1, ax = normal_axis(n, out[j], &s);
            nrm[j][ax] = s;
        }
        if (det3(nrm[0], nrm[1], nrm[2]) < 0) {
            int t = out[1];
            out[1] = out[2];
            out[2] = t;
        }
    }
    return count;
}

int gt_cubegroup_is_legal(int n, const gt_cubegroup_invariants *inv)
{
    if (inv->corner_twist)
        return 0;
    if (n == 3)
        return inv->edge_flip == 0 && inv->corner_sign == inv->edge_sign;
    if (n == 4)
        return inv->centre_sign == inv->corner_sign;
    return 1;
}

/* ---- definitions from the geometry ------------------------------------------ */

/* One generator line: the quarter turn of `layer` of face letter c, on the
 * definition's points (index_of: facelet -> point or -1). */
static int append_turn(int n, char c, int layer, const int *moving, const int *index_of, int d, uint16_t *perm,
                       gt_point *p, char *buf, int cap, int *lenp)
{
    int len = *lenp;
    const char *fp = strchr(gt_face_letters, c);
    if (!c || !fp)
        return GT_ERR_INVAL;
    gt_facecube_turn(n, (int)(fp - gt_face_letters), layer, layer, 1, perm);
    for (int i = 0; i < d; i++)
        p[i] = (gt_point)index_of[perm[moving[i]]];
    /* SiGN names: U, 2U, 3U, ... (the layer counted from the face) */
    if (layer)
        GT_APPENDI("%d%c =", layer + 1, c);
    else
        GT_APPENDI("%c =", c);
    /* four cycles a line, continued under the first, keeps the turns readable */
    int rc = gt_perm_append_cycles(d, p, " ", 4, layer ? "\n    " : "\n   ", buf, cap, &len);
    if (rc < 0)
        return rc;
    GT_APPENDI("\n");
    *lenp = len;
    return GT_OK;
}

int gt_cubegroup_definition_text(int n, const char *faces, int inner, char *buf, int cap)
{
    int len = 0, rc = GT_OK;
    if (n < 2 || n > GT_CUBEGROUP_DEF_NMAX || (inner && n < 4))
        return GT_ERR_INVAL;
    /* sized by n, not GT_FACELETS_MAX, which may be large */
    size_t nf = (size_t)6 * n * n;
    int *moving = malloc(nf * sizeof *moving), *index_of = malloc(nf * sizeof *index_of);
    uint16_t *perm = malloc(nf * sizeof *perm);
    gt_point *p = malloc(nf * sizeof *p);
    if (!moving || !index_of || !perm || !p) {
        rc = GT_ERR_NOMEM;
        goto free_scratch;
    }
    int d = gt_cubegroup_moving_facelets(n, moving);
    for (size_t f = 0; f < nf; f++)
        index_of[f] = -1;
    for (int i = 0; i < d; i++)
        index_of[moving[i]] = i;
    if (gt_textbuf_appendi(buf, cap, &len, "points %d\n", d)) {
        rc = GT_ERR_RANGE;
        goto free_scratch;
    }
    /* inner: every layer short of the middle, so odd n keeps its fixed
     * centres (and the orientation) while even n turns every layer */
    for (int layer = 0; layer < (inner ? n / 2 : 1) && rc == GT_OK; layer++)
        for (const char *c = faces; *c && rc == GT_OK; c++)
            rc = append_turn(n, *c, layer, moving, index_of, d, perm, p, buf, cap, &len);
    if (!*faces)
        rc = GT_ERR_INVAL;
free_scratch:
    free(moving);
    free(index_of);
    free(perm);
    free(p);
    return rc;
}
