/* The 4x4x4 as pieces (nnn4.h): each turn's permutations read off the
 * facelet model by turning a cube whose facelets are labelled, so the piece
 * view cannot disagree with the turns the answers are replayed on. */
#include "nnn4.h"
#include "nnn_internal.h"
#include "gt_error.h"

#include <string.h>

enum { N4 = 4, FACELETS = 96 };

gt_turn gt_nnn4_turn(int move)
{
    return (gt_turn){.face = (uint8_t)(move / 6), .lo = 0, .hi = (uint16_t)(move / 3 % 2),
                     .quarters = (uint8_t)(move % 3 + 1)};
}

/* The phases' groups (nnn4.h): which moves each keeps. */
static int in_phase(int phase, int move)
{
    int face = move / 6, wide = move / 3 % 2, half = move % 3 == 1, ud = face % 3 == 0, rl = face % 3 == 1;
    switch (phase) {
    case 0: return 1;
    case 1: return !wide || rl || half;
    default: return wide ? half && face < 3 : ud || rl || half;
    }
}

/* Where each labelled facelet went: to[label] = facelet. */
static void turn_labels(gt_nnn *c, int move, uint8_t to[FACELETS])
{
    gt_turn t = gt_nnn4_turn(move);
    for (int i = 0; i < FACELETS; i++)
        c->f[i] = (uint8_t)i;
    gt_nnn_turn(c, t.face, t.lo, t.hi, t.quarters);
    for (int i = 0; i < FACELETS; i++)
        to[c->f[i]] = (uint8_t)i;
}

static void read_positions(gt_nnn4_model *m, int8_t centre_at[FACELETS], int8_t wing_at[FACELETS],
                           int8_t corner_at[FACELETS])
{
    long cf[24];
    int row, col;
    memset(centre_at, -1, FACELETS);
    memset(wing_at, -1, FACELETS);
    memset(corner_at, -1, FACELETS);
    gt_nnn_centre_orbit(N4, 0, &row, &col, cf);
    for (int i = 0; i < 24; i++) {
        m->centre_facelet[i] = cf[i];
        m->centre_face[i] = (uint8_t)(cf[i] / 16);
        centre_at[cf[i]] = (int8_t)i;
    }
    for (int e = 0; e < GT_NNN_EDGES; e++)
        for (int k = 0; k < 2; k++) {
            int p = 2 * e + k;
            gt_nnn_edge_facelets(N4, e, k + 1, m->wing_facelet[p]);
            wing_at[m->wing_facelet[p][0]] = wing_at[m->wing_facelet[p][1]] = (int8_t)p;
        }
    for (int k = 0; k < GT_NNN_CORNERS; k++) {
        gt_nnn_corner_facelets(N4, k, m->corner_facelet[k]);
        for (int j = 0; j < 3; j++) {
            corner_at[m->corner_facelet[k][j]] = (int8_t)k;
            m->corner_home[k][j] = (uint8_t)gt_nnn_corner_faces[k][j];
        }
    }
}

static int odd_permutation(const uint8_t *p, int n)
{
    int odd = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            odd ^= p[i] > p[j];
    return odd;
}

static void read_move(gt_nnn4_model *m, gt_nnn *c, int move, const int8_t *centre_at, const int8_t *wing_at,
                      const int8_t *corner_at)
{
    uint8_t to[FACELETS], kp[8];
    turn_labels(c, move, to);
    for (int i = 0; i < 24; i++) {
        m->centre[move][i] = (uint8_t)centre_at[to[m->centre_facelet[i]]];
        m->wing[move][i] = (uint8_t)wing_at[to[m->wing_facelet[i][0]]];
    }
    for (int k = 0; k < 8; k++) {
        long dest = to[m->corner_facelet[k][0]];
        kp[k] = (uint8_t)corner_at[dest];
        m->corner_to[move][k] = kp[k];
        for (int j = 0; j < 3; j++)
            if (m->corner_facelet[kp[k]][j] == dest)
                m->corner_twist[move][k] = (uint8_t)j;
    }
    m->corner_odd[move] = (uint8_t)odd_permutation(kp, 8);
    for (int b = 0; b < 3; b++)
        for (int v = 0; v < 256; v++) {
            uint32_t cm = 0, wm = 0;
            for (int bit = 0; bit < 8; bit++)
                if (v >> bit & 1) {
                    cm |= 1u << m->centre[move][8 * b + bit];
                    wm |= 1u << m->wing[move][8 * b + bit];
                }
            m->cmask[move][b][v] = cm;
            m->wmask[move][b][v] = wm;
        }
}

/* Which piece shows which colours where: a wing cannot flip, so at a given
 * position its two colours in order name it. Read by walking the labelled
 * cube until every (position, piece) pair was seen. */
static int read_wing_pieces(gt_nnn4_model *m, gt_nnn *c, const int8_t *wing_at)
{
    memset(m->wing_of, 255, sizeof m->wing_of);
    for (int i = 0; i < FACELETS; i++)
        c->f[i] = (uint8_t)i;
    uint32_t seed = 12345, seen = 0;
    for (int step = 0; step < 200000 && seen < 24 * 24; step++) {
        seed = seed * 1103515245u + 12345u;
        gt_turn t = gt_nnn4_turn((int)(seed >> 16) % GT_NNN4_MOVES);
        gt_nnn_turn(c, t.face, t.lo, t.hi, t.quarters);
        for (int p = 0; p < 24; p++) {
            uint8_t a = c->f[m->wing_facelet[p][0]], b = c->f[m->wing_facelet[p][1]];
            uint8_t *slot = &m->wing_of[p][a / 16][b / 16];
            if (*slot == 255) {
                *slot = (uint8_t)wing_at[a];
                seen++;
            }
        }
    }
    return seen == 24 * 24 ? GT_OK : GT_ERR_INVAL; /* the walk missed a pair: a bug */
}

int gt_nnn4_model_init(gt_nnn4_model *m)
{
    gt_nnn c;
    int8_t centre_at[FACELETS], wing_at[FACELETS], corner_at[FACELETS];
    memset(m, 0, sizeof *m);
    if (gt_nnn_init(&c, N4) != GT_OK)
        return GT_ERR_NOMEM;
    read_positions(m, centre_at, wing_at, corner_at);
    for (int move = 0; move < GT_NNN4_MOVES; move++)
        read_move(m, &c, move, centre_at, wing_at, corner_at);
    int rc = read_wing_pieces(m, &c, wing_at);
    gt_nnn_free(&c);
    if (rc)
        return rc;
    for (int ph = 0; ph < GT_NNN4_PHASES; ph++)
        for (int move = 0; move < GT_NNN4_MOVES; move++)
            if (in_phase(ph, move))
                m->moves[ph][m->n_moves[ph]++] = (uint8_t)move;
    return GT_OK;
}

/* The corner piece with these three colours (in any rotation), or -1. */
static int corner_piece(const gt_nnn4_model *m, const uint8_t col[3])
{
    for (int k = 0; k < 8; k++)
        for (int r = 0; r < 3; r++)
            if (col[0] == m->corner_home[k][r] && col[1] == m->corner_home[k][(r + 1) % 3] &&
                col[2] == m->corner_home[k][(r + 2) % 3])
                return k;
    return -1;
}

int gt_nnn4_cube_of(const gt_nnn4_model *m, const gt_nnn *c, gt_nnn4_cube *out)
{
    if (c->n != N4)
        return GT_ERR_INVAL;
    for (int i = 0; i < 24; i++) {
        out->centre[i] = c->f[m->centre_facelet[i]];
        uint8_t a = c->f[m->wing_facelet[i][0]], b = c->f[m->wing_facelet[i][1]];
        if (a > 5 || b > 5 || m->wing_of[i][a][b] == 255)
            return GT_ERR_ILLEGAL;
        out->wing[i] = m->wing_of[i][a][b];
    }
    for (int k = 0; k < 8; k++) {
        uint8_t col[3];
        for (int j = 0; j < 3; j++)
            col[j] = c->f[m->corner_facelet[k][j]];
        int piece = corner_piece(m, col);
        if (piece < 0)
            return GT_ERR_ILLEGAL;
        out->corner[k] = (uint8_t)piece;
        out->twist[k] = col[1] % 3 == 0 ? 1 : col[2] % 3 == 0 ? 2 : 0; /* U = 0, D = 3 */
    }
    return GT_OK;
}

void gt_nnn4_cube_move(const gt_nnn4_model *m, gt_nnn4_cube *c, int move)
{
    gt_nnn4_cube was = *c;
    for (int i = 0; i < 24; i++) {
        c->centre[m->centre[move][i]] = was.centre[i];
        c->wing[m->wing[move][i]] = was.wing[i];
    }
    for (int k = 0; k < 8; k++)
        c->twist[m->corner_to[move][k]] = (uint8_t)((was.twist[k] + m->corner_twist[move][k]) % 3);
    /* corners: only their permutation's parity is read (P3), kept as the
     * parity of the array by swapping the first two on an odd turn */
    if (m->corner_odd[move]) {
        uint8_t t = c->corner[0];
        c->corner[0] = c->corner[1];
        c->corner[1] = t;
    }
}
