#include "pocket.h"
#include "pocket_internal.h"
#include "facecube.h"
#include "gt_error.h"
#include "lehmer.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

const uint8_t gt_pocket_corner_facelets[GT_CORNERS][3] = {
    {3, 4, 9},    /* URF */
    {2, 8, 17},   /* UFL */
    {0, 16, 21},  /* ULB */
    {1, 20, 5},   /* UBR */
    {13, 11, 6},  /* DFR */
    {12, 19, 10}, /* DLF */
    {15, 7, 22},  /* DRB */
    {14, 23, 18}, /* DBL */
};

static const char *const corner_names[GT_CORNERS] = {"URF", "UFL", "ULB", "UBR",
                                                     "DFR", "DLF", "DRB", "DBL"};

/* Cubie form: position i holds corner cp[i] with twist co[i] (0..2: where its
 * U/D sticker sits among the position's facelets). */
typedef struct cubie {
    uint8_t cp[GT_CORNERS], co[GT_CORNERS];
} cubie;

/* ---- coordinates --------------------------------------------------------- */

uint32_t gt_pocket_perm_rank(const uint8_t cp[GT_CORNERS])
{
    return gt_lehmer_rank(7, cp); /* cp[7] is DBL */
}

void gt_pocket_perm_unrank(uint32_t rank, uint8_t cp[GT_CORNERS])
{
    gt_lehmer_unrank(7, rank, cp);
    cp[GT_DBL] = GT_DBL;
}

uint32_t gt_pocket_twist_rank(const uint8_t co[GT_CORNERS])
{
    uint32_t rank = 0;
    for (int i = 0; i < 6; i++)
        rank = rank * 3 + co[i];
    return rank;
}

void gt_pocket_twist_unrank(uint32_t rank, uint8_t co[GT_CORNERS])
{
    int sum = 0;
    for (int i = 5; i >= 0; i--) {
        co[i] = (uint8_t)(rank % 3);
        sum += co[i];
        rank /= 3;
    }
    co[6] = (uint8_t)((3 - sum % 3) % 3);
    co[GT_DBL] = 0;
}

static uint64_t cubie_index(const cubie *c)
{
    return (uint64_t)gt_pocket_perm_rank(c->cp) * GT_POCKET_TWISTS + gt_pocket_twist_rank(c->co);
}

static void cubie_from_index(uint64_t index, cubie *c)
{
    gt_pocket_perm_unrank((uint32_t)(index / GT_POCKET_TWISTS), c->cp);
    gt_pocket_twist_unrank((uint32_t)(index % GT_POCKET_TWISTS), c->co);
}

/* a then b, in the "position i receives the cubie from position b.cp[i]" form. */
static void cubie_multiply(const cubie *a, const cubie *b, cubie *out)
{
    for (int i = 0; i < GT_CORNERS; i++) {
        out->cp[i] = a->cp[b->cp[i]];
        out->co[i] = (uint8_t)((a->co[b->cp[i]] + b->co[i]) % 3);
    }
}

static void cubie_to_colours(const cubie *c, uint8_t colours[GT_POCKET_FACELETS])
{
    for (int i = 0; i < GT_CORNERS; i++)
        for (int k = 0; k < 3; k++)
            colours[gt_pocket_corner_facelets[i][(k + c->co[i]) % 3]] =
                (uint8_t)(gt_pocket_corner_facelets[c->cp[i]][k] / 4);
}

/* ---- stickers to cubies ---------------------------------------------------- */

static int illegal(gt_parse_error *err, const char *fmt, const char *a, const char *b)
{
    if (err) {
        err->offset = 0;
        err->length = 0;
        snprintf(err->message, sizeof err->message, fmt, a, b);
    }
    return GT_ERR_ILLEGAL;
}

/* corner_by_faces[a][b][c]: the corner whose clockwise faces are a, b, c
 * (U/D face first), or -1. */
static int8_t corner_by_faces[6][6][6];
static pthread_once_t corner_lookup_once = PTHREAD_ONCE_INIT;

static void build_corner_lookup(void)
{
    memset(corner_by_faces, -1, sizeof corner_by_faces);
    for (int c = 0; c < GT_CORNERS; c++) {
        const uint8_t *f = gt_pocket_corner_facelets[c];
        corner_by_faces[f[0] / 4][f[1] / 4][f[2] / 4] = (int8_t)c;
    }
}

/* Colours are any 0..5 labels. The frame is chosen so that the corner sitting
 * at DBL is solved: its three stickers name the D, B and L colours, and each
 * opposite colour (the one sharing no corner with it) names U, F and R. */
static int colours_to_cubie(const uint8_t in[GT_POCKET_FACELETS], cubie *c, uint8_t face_of[6],
                            gt_parse_error *err)
{
    unsigned adjacent[6] = {0};
    pthread_once(&corner_lookup_once, build_corner_lookup);
    for (int i = 0; i < GT_CORNERS; i++) {
        const uint8_t *f = gt_pocket_corner_facelets[i];
        uint8_t x = in[f[0]], y = in[f[1]], z = in[f[2]];
        if (x == y || y == z || x == z)
            return illegal(err, "impossible cube: the corner at %s shows one colour twice%s",
                           corner_names[i], "");
        unsigned on_corner = 1u << x | 1u << y | 1u << z;
        adjacent[x] |= on_corner;
        adjacent[y] |= on_corner;
        adjacent[z] |= on_corner;
    }
    memset(face_of, 0xFF, 6);
    const uint8_t *dbl = gt_pocket_corner_facelets[GT_DBL];
    static const uint8_t frame[3][2] = {{GT_FACE_D, GT_FACE_U}, {GT_FACE_B, GT_FACE_F}, {GT_FACE_L, GT_FACE_R}};
    for (int k = 0; k < 3; k++) {
        uint8_t colour = in[dbl[k]];
        unsigned others = 0x3Fu & ~adjacent[colour];
        if (others == 0 || (others & (others - 1)) != 0) /* not exactly one */
            return illegal(err, "impossible cube: the colours do not pair into opposite faces%s%s", "", "");
        uint8_t opposite = (uint8_t)__builtin_ctz(others);
        if (face_of[colour] != 0xFF || face_of[opposite] != 0xFF)
            return illegal(err, "impossible cube: the colours do not pair into opposite faces%s%s", "", "");
        face_of[colour] = frame[k][0];
        face_of[opposite] = frame[k][1];
    }
    unsigned seen = 0;
    int twist_sum = 0;
    for (int i = 0; i < GT_CORNERS; i++) {
        const uint8_t *f = gt_pocket_corner_facelets[i];
        uint8_t face[3] = {face_of[in[f[0]]], face_of[in[f[1]]], face_of[in[f[2]]]};
        int ori = -1;
        for (int k = 0; k < 3; k++)
            if (face[k] == GT_FACE_U || face[k] == GT_FACE_D)
                ori = ori < 0 ? k : 3;
        int corner = ori >= 0 && ori < 3
                         ? corner_by_faces[face[ori]][face[(ori + 1) % 3]][face[(ori + 2) % 3]]
                         : -1;
        if (corner < 0)
            return illegal(err, "impossible cube: the corner at %s has colours no corner has%s",
                           corner_names[i], "");
        if (seen & (1u << corner))
            return illegal(err, "impossible cube: corner %s appears twice (second at %s)",
                           corner_names[corner], corner_names[i]);
        seen |= 1u << corner;
        c->cp[i] = (uint8_t)corner;
        c->co[i] = (uint8_t)ori;
        twist_sum += ori;
    }
    if (twist_sum % 3)
        return illegal(err, "impossible cube: a twisted corner (twist sum %s mod 3 instead of 0)%s",
                       twist_sum % 3 == 1 ? "1" : "2", "");
    return GT_OK;
}

int gt_pocket_from_colours(const uint8_t colours[GT_POCKET_FACELETS], gt_pocket *out,
                           gt_parse_error *err)
{
    cubie c;
    uint8_t face_of[6];
    int rc = colours_to_cubie(colours, &c, face_of, err);
    if (rc)
        return rc;
    cubie_to_colours(&c, out->colours);
    out->index = cubie_index(&c);
    return GT_OK;
}

static int parse_error(gt_parse_error *err, int offset, const char *fmt, int a, int b)
{
    if (err) {
        err->offset = offset;
        err->length = 1;
        snprintf(err->message, sizeof err->message, fmt, a, b);
    }
    return GT_ERR_PARSE;
}

int gt_pocket_from_facelets(const char *text, gt_pocket *out, char letters[7], gt_parse_error *err)
{
    char sym[6];
    int n_sym = 0, count[6] = {0}, n = 0;
    uint8_t colours[GT_POCKET_FACELETS];
    for (const char *p = text; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '/' || *p == '\n' || *p == '\r')
            continue;
        if ((unsigned char)*p < 33 || (unsigned char)*p > 126)
            return parse_error(err, (int)(p - text), "facelets: unprintable character at column %d%.0d",
                               (int)(p - text) + 1, 0);
        if (n == GT_POCKET_FACELETS)
            return parse_error(err, (int)(p - text), "facelets: more than 24 stickers (extra at column %d)%.0d",
                               (int)(p - text) + 1, 0);
        int c = 0;
        while (c < n_sym && sym[c] != *p)
            c++;
        if (c == n_sym) {
            if (n_sym == 6)
                return parse_error(err, (int)(p - text), "facelets: a seventh sticker symbol at column %d%.0d",
                                   (int)(p - text) + 1, 0);
            sym[n_sym++] = *p;
        }
        count[c]++;
        colours[n++] = (uint8_t)c;
    }
    if (n != GT_POCKET_FACELETS)
        return parse_error(err, 0, "facelets: %d stickers, a 2x2x2 has 24%.0d", n, 0);
    for (int c = 0; c < 6; c++)
        if (count[c] != 4)
            return parse_error(err, 0, "facelets: a symbol appears %d times, each of 6 must appear 4 times%.0d",
                               c < n_sym ? count[c] : 0, 0);
    int rc = gt_pocket_from_colours(colours, out, err);
    if (rc == GT_OK && letters) {
        /* Recolour to frame colours and report the symbol of each frame colour. */
        cubie c;
        uint8_t face_of[6];
        colours_to_cubie(colours, &c, face_of, NULL);
        for (int s = 0; s < 6; s++)
            letters[face_of[s]] = sym[s];
        letters[6] = 0;
    }
    return rc;
}

int gt_pocket_from_index(uint64_t index, gt_pocket *out)
{
    if (index >= GT_POCKET_STATES)
        return GT_ERR_INVAL;
    cubie c;
    cubie_from_index(index, &c);
    cubie_to_colours(&c, out->colours);
    out->index = index;
    return GT_OK;
}

int gt_pocket_is_solved(const gt_pocket *pos)
{
    for (int f = 0; f < GT_POCKET_FACELETS; f++)
        if (pos->colours[f] != pos->colours[f & ~3])
            return 0;
    return 1;
}

/* ---- moves and descriptors ------------------------------------------------- */

static const char *const htm_names[] = {"U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"};
static const int htm_inverse[] = {2, 1, 0, 5, 4, 3, 8, 7, 6};
static const char *const qtm_names[] = {"U", "U'", "R", "R'", "F", "F'"};
static const int qtm_inverse[] = {1, 0, 3, 2, 5, 4};
static const uint8_t move_face[3] = {GT_FACE_U, GT_FACE_R, GT_FACE_F};

static struct {
    uint32_t perm_move[2][GT_POCKET_PERMS * 9];
    uint32_t twist_move[2][GT_POCKET_TWISTS * 9];
    uint8_t perm_parity[GT_POCKET_PERMS];
    uint16_t facelet_perm[2][9][GT_POCKET_FACELETS];
    gt_puzzle puzzle[2];
    /* Every 2x2x2 turn of the notation: [face][layers: 0 outer, 1 inner, 2 both][quarters-1]. */
    uint16_t turn_perm[GT_FACES][3][3][GT_POCKET_FACELETS];
} model;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

static int qtm_distance_parity(const gt_puzzle *p, uint64_t index)
{
    (void)p;
    return model.perm_parity[index / GT_POCKET_TWISTS];
}

/* Move m of a metric as (face, quarter turns). */
static void move_turn(int metric, int m, int *face, int *quarters)
{
    static const int htm_q[3] = {1, 2, 3}, qtm_q[2] = {1, 3};
    *face = move_face[metric == GT_POCKET_HTM ? m / 3 : m / 2];
    *quarters = metric == GT_POCKET_HTM ? htm_q[m % 3] : qtm_q[m % 2];
}

/* Advances cp[0..6] to the next permutation in lexicographic order. */
static void next_permutation7(uint8_t *cp)
{
    int i = 5;
    while (i >= 0 && cp[i] > cp[i + 1])
        i--;
    if (i < 0)
        return;
    int j = 6;
    while (cp[j] < cp[i])
        j--;
    uint8_t t = cp[i];
    cp[i] = cp[j];
    cp[j] = t;
    for (int lo = i + 1, hi = 6; lo < hi; lo++, hi--) {
        t = cp[lo];
        cp[lo] = cp[hi];
        cp[hi] = t;
    }
}

/* Move tables are built from the three quarter turns only: each coordinate
 * value is unranked once, turned by U, R and F, and the half and inverse
 * turns follow by table composition. This keeps the cold start of a one-shot
 * query small. */
/* The quarter turns of U, R and F as cubies (read off the facelet model). */
static void quarter_turns(cubie quarter[3])
{
    for (int f = 0; f < 3; f++) {
        uint16_t perm[GT_POCKET_FACELETS];
        uint8_t solved[GT_POCKET_FACELETS], turned[GT_POCKET_FACELETS], face_of[6];
        gt_facecube_turn(2, move_face[f], 0, 0, 1, perm);
        gt_facecube_solved(2, solved);
        gt_facecube_apply(2, perm, solved, turned);
        colours_to_cubie(turned, &quarter[f], face_of, NULL);
    }
}

/* Each permutation's parity, and its rank after each quarter turn. Lehmer
 * ranks are lexicographic ranks, so each thread steps through its share of
 * the permutations in lexicographic order from one unranking. (Two threads
 * halve the start-up of a one-shot query.) */
static void perm_quarters(const cubie quarter[3], uint32_t (*perm_quarter)[3])
{
#pragma omp parallel num_threads(2)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint32_t lo = GT_POCKET_PERMS * (uint32_t)t / (uint32_t)nt;
        uint32_t hi = GT_POCKET_PERMS * (uint32_t)(t + 1) / (uint32_t)nt;
        cubie perm = {{0}, {0}}, turned;
        gt_pocket_perm_unrank(lo, perm.cp);
        for (uint32_t r = lo; r < hi; r++, next_permutation7(perm.cp)) {
            int inversions = 0;
            for (int i = 0; i < 7; i++)
                for (int j = i + 1; j < 7; j++)
                    inversions += perm.cp[i] > perm.cp[j];
            model.perm_parity[r] = (uint8_t)(inversions & 1);
            for (int f = 0; f < 3; f++) {
                cubie_multiply(&perm, &quarter[f], &turned);
                perm_quarter[r][f] = gt_pocket_perm_rank(turned.cp);
            }
        }
    }
}

/* Each twist's rank after each quarter turn. */
static void twist_quarters(const cubie quarter[3], uint32_t (*twist_quarter)[3])
{
    for (uint32_t r = 0; r < GT_POCKET_TWISTS; r++) {
        cubie a, b;
        for (int i = 0; i < GT_CORNERS; i++)
            a.cp[i] = (uint8_t)i;
        gt_pocket_twist_unrank(r, a.co);
        for (int f = 0; f < 3; f++) {
            cubie_multiply(&a, &quarter[f], &b);
            twist_quarter[r][f] = gt_pocket_twist_rank(b.co);
        }
    }
}

/* The metric's move tables (each move a power of a quarter turn) and its
 * puzzle descriptor. */
static void metric_tables(int metric, const uint32_t (*perm_quarter)[3], const uint32_t (*twist_quarter)[3])
{
    int n_moves = metric == GT_POCKET_HTM ? 9 : 6;
    for (int m = 0; m < n_moves; m++) {
        int face, q;
        move_turn(metric, m, &face, &q);
        gt_facecube_turn(2, face, 0, 0, q, model.facelet_perm[metric][m]);
        int f = face == GT_FACE_U ? 0 : face == GT_FACE_R ? 1 : 2;
#pragma omp parallel for num_threads(2) schedule(static)
        for (uint32_t r = 0; r < GT_POCKET_PERMS; r++) {
            uint32_t v = r;
            for (int k = 0; k < q; k++)
                v = perm_quarter[v][f];
            model.perm_move[metric][r * n_moves + m] = v;
        }
        for (uint32_t r = 0; r < GT_POCKET_TWISTS; r++) {
            uint32_t v = r;
            for (int k = 0; k < q; k++)
                v = twist_quarter[v][f];
            model.twist_move[metric][r * n_moves + m] = v;
        }
    }
    model.puzzle[metric] = (gt_puzzle){
        .name = "pocket",
        .metric = metric == GT_POCKET_HTM ? "htm" : "qtm",
        .n_states = GT_POCKET_STATES,
        .n_moves = n_moves,
        .move_names = metric == GT_POCKET_HTM ? htm_names : qtm_names,
        .move_inverse = metric == GT_POCKET_HTM ? htm_inverse : qtm_inverse,
        .n_coords = 2,
        .coord = {{"corner permutation", GT_POCKET_PERMS, model.perm_move[metric]},
                  {"corner twist", GT_POCKET_TWISTS, model.twist_move[metric]}},
        .solved = 0,
        /* A quarter turn is a 4-cycle of corners, an odd permutation. */
        .distance_parity = metric == GT_POCKET_QTM ? qtm_distance_parity : NULL,
    };
}

static void build_model(void)
{
    static uint32_t perm_quarter[GT_POCKET_PERMS][3], twist_quarter[GT_POCKET_TWISTS][3];
    cubie quarter[3];
    quarter_turns(quarter);
    perm_quarters(quarter, perm_quarter);
    twist_quarters(quarter, twist_quarter);
    for (int metric = 0; metric < 2; metric++)
        metric_tables(metric, (const uint32_t (*)[3])perm_quarter, (const uint32_t (*)[3])twist_quarter);
    for (int face = 0; face < GT_FACES; face++)
        for (int layers = 0; layers < 3; layers++)
            for (int q = 1; q <= 3; q++)
                gt_facecube_turn(2, face, layers == 1, layers == 0 ? 0 : 1, q, model.turn_perm[face][layers][q - 1]);
}

int gt_pocket_puzzle(int metric, const gt_puzzle **out)
{
    if (metric != GT_POCKET_HTM && metric != GT_POCKET_QTM)
        return GT_ERR_INVAL;
    pthread_once(&model_once, build_model);
    *out = &model.puzzle[metric];
    return GT_OK;
}

void gt_pocket_apply_move(int metric, int move, gt_pocket *pos)
{
    const gt_puzzle *p = NULL;
    uint8_t before[GT_POCKET_FACELETS];
    gt_pocket_puzzle(metric, &p);
    memcpy(before, pos->colours, sizeof before);
    const uint16_t *perm = model.facelet_perm[metric][move];
    for (int f = 0; f < GT_POCKET_FACELETS; f++)
        pos->colours[perm[f]] = before[f];
    pos->index = gt_puzzle_move(p, pos->index, move);
}

int gt_pocket_solves(int metric, const gt_pocket *pos, const uint8_t *moves, int n)
{
    const gt_puzzle *p = NULL;
    gt_pocket a = *pos, b;
    gt_pocket_puzzle(metric, &p);
    for (int i = 0; i < n; i++) {
        if (moves[i] >= p->n_moves)
            return 0;
        const uint16_t *perm = model.facelet_perm[metric][moves[i]];
        for (int f = 0; f < GT_POCKET_FACELETS; f++)
            b.colours[perm[f]] = a.colours[f];
        a = b;
    }
    return gt_pocket_is_solved(&a);
}

int gt_pocket_from_scramble(const char *text, gt_pocket *out, gt_parse_error *err)
{
    /* Whole-scramble facelet permutations are composed turn by turn on the
     * stickers; the frame is re-derived at the end (rotations and D L B turns
     * move the DBL corner). */
    gt_turn turns[256];
    int n = 0;
    /* wide turns too: on the 2x2x2 a two-layer turn is a rotation */
    int rc = gt_notation_parse(2, text, GT_NOTATION_FACES | GT_NOTATION_WIDE | GT_NOTATION_ROTATIONS, turns, 256,
                               &n, err);
    if (rc == GT_ERR_RANGE)
        return parse_error(err, 0, "scramble: more than %d moves%.0d", 256, 0);
    if (rc)
        return rc;
    uint8_t a[GT_POCKET_FACELETS], b[GT_POCKET_FACELETS];
    static const uint8_t solved[GT_POCKET_FACELETS] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                                       3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5};
    pthread_once(&model_once, build_model);
    memcpy(a, solved, sizeof a);
    for (int i = 0; i < n; i++) {
        int layers = turns[i].lo == turns[i].hi ? turns[i].lo : 2;
        const uint16_t *perm = model.turn_perm[turns[i].face][layers][turns[i].quarters - 1];
        for (int f = 0; f < GT_POCKET_FACELETS; f++)
            b[perm[f]] = a[f];
        memcpy(a, b, sizeof a);
    }
    return gt_pocket_from_colours(a, out, err);
}
