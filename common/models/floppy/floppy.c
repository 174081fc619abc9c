/* The Floppy cube model: pieces, index, move tables, the catalog's table spec
 * and family. The model is in floppy.h's header comment. */
#include "floppy.h"
#include "lehmer.h"

#include <pthread.h>
#include <string.h>

const char *const gt_floppy_move_names[GT_FLOPPY_MOVES] = {"R", "L", "F", "B"};
static const int move_inverse[GT_FLOPPY_MOVES] = {0, 1, 2, 3}; /* half turns */

/* The two corner positions each move swaps; the edge it flips is the move's
 * own number (floppy.h). */
static const uint8_t move_corners[GT_FLOPPY_MOVES][2] = {
    {GT_FLOPPY_FR, GT_FLOPPY_BR}, /* R */
    {GT_FLOPPY_FL, GT_FLOPPY_BL}, /* L */
    {GT_FLOPPY_FR, GT_FLOPPY_FL}, /* F */
    {GT_FLOPPY_BL, GT_FLOPPY_BR}, /* B */
};

/* ---- pieces ---------------------------------------------------------------- */

void gt_floppy_solved(gt_floppy *pos)
{
    for (int i = 0; i < GT_FLOPPY_CORNERS; i++)
        pos->corner[i] = (uint8_t)i;
    memset(pos->flip, 0, sizeof pos->flip);
}

int gt_floppy_is_solved(const gt_floppy *pos)
{
    for (int i = 0; i < GT_FLOPPY_CORNERS; i++)
        if (pos->corner[i] != i)
            return 0;
    for (int e = 0; e < GT_FLOPPY_EDGES; e++)
        if (pos->flip[e])
            return 0;
    return 1;
}

static int perm_parity(const uint8_t corner[GT_FLOPPY_CORNERS])
{
    int inversions = 0;
    for (int i = 0; i < GT_FLOPPY_CORNERS; i++)
        for (int j = i + 1; j < GT_FLOPPY_CORNERS; j++)
            inversions += corner[i] > corner[j];
    return inversions & 1;
}

int gt_floppy_reachable(const gt_floppy *pos)
{
    unsigned seen = 0;
    int flips = 0;
    for (int i = 0; i < GT_FLOPPY_CORNERS; i++)
        seen |= pos->corner[i] < GT_FLOPPY_CORNERS ? 1u << pos->corner[i] : 0x100u;
    for (int e = 0; e < GT_FLOPPY_EDGES; e++)
        flips += pos->flip[e] != 0;
    return seen == 0xFu && perm_parity(pos->corner) == (flips & 1);
}

int gt_floppy_corner_up(int p, int q)
{
    /* Same parity: home, or diagonally opposite (the vertical half turn). */
    return ((p ^ q) & 1) == 0;
}

int gt_floppy_apply_move(gt_floppy *pos, int m)
{
    if (m < 0 || m >= GT_FLOPPY_MOVES)
        return GT_ERR_INVAL;
    uint8_t a = move_corners[m][0], b = move_corners[m][1], t = pos->corner[a];
    pos->corner[a] = pos->corner[b];
    pos->corner[b] = t;
    pos->flip[m] ^= 1;
    return GT_OK;
}

int gt_floppy_solves(const gt_floppy *pos, const uint8_t *moves, int n)
{
    gt_floppy a = *pos;
    for (int i = 0; i < n; i++)
        if (gt_floppy_apply_move(&a, moves[i]) != GT_OK)
            return 0;
    return gt_floppy_is_solved(&a);
}

/* ---- index ----------------------------------------------------------------- */

uint32_t gt_floppy_perm_rank(const uint8_t corner[GT_FLOPPY_CORNERS])
{
    return gt_lehmer_rank(GT_FLOPPY_CORNERS, corner); /* the identity ranks 0 */
}

void gt_floppy_perm_unrank(uint32_t rank, uint8_t corner[GT_FLOPPY_CORNERS])
{
    gt_lehmer_unrank(GT_FLOPPY_CORNERS, rank, corner);
}

static uint32_t flip_bits(const gt_floppy *pos)
{
    uint32_t bits = 0;
    for (int e = 0; e < GT_FLOPPY_EDGES; e++)
        bits |= (uint32_t)(pos->flip[e] != 0) << e;
    return bits;
}

uint64_t gt_floppy_index(const gt_floppy *pos)
{
    return (uint64_t)gt_floppy_perm_rank(pos->corner) * GT_FLOPPY_FLIPS + flip_bits(pos);
}

int gt_floppy_from_index(uint64_t index, gt_floppy *out)
{
    if (index >= GT_FLOPPY_STATES)
        return GT_ERR_INVAL;
    gt_floppy_perm_unrank((uint32_t)(index / GT_FLOPPY_FLIPS), out->corner);
    for (int e = 0; e < GT_FLOPPY_EDGES; e++)
        out->flip[e] = (uint8_t)(index >> e & 1);
    return GT_OK;
}

/* ---- descriptor ------------------------------------------------------------ */

static struct {
    uint32_t perm_move[GT_FLOPPY_PERMS * GT_FLOPPY_MOVES];
    uint32_t flip_move[GT_FLOPPY_FLIPS * GT_FLOPPY_MOVES];
    uint8_t perm_parity[GT_FLOPPY_PERMS];
    gt_puzzle puzzle;
} model;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

/* Every move is a corner transposition, so the graph is bipartite and a
 * state's distance parity is its corner permutation's parity. */
static int floppy_distance_parity(const gt_puzzle *p, uint64_t index)
{
    (void)p;
    return model.perm_parity[index / GT_FLOPPY_FLIPS];
}

/* The move tables come from the piece model (gt_floppy_apply_move), not typed
 * in, so the tables and the query hooks' replay cannot disagree. */
static void build_model(void)
{
    for (uint32_t r = 0; r < GT_FLOPPY_PERMS; r++) {
        gt_floppy pos;
        gt_floppy_solved(&pos);
        gt_floppy_perm_unrank(r, pos.corner);
        model.perm_parity[r] = (uint8_t)perm_parity(pos.corner);
        for (int m = 0; m < GT_FLOPPY_MOVES; m++) {
            gt_floppy next = pos;
            gt_floppy_apply_move(&next, m);
            model.perm_move[r * GT_FLOPPY_MOVES + (uint32_t)m] = gt_floppy_perm_rank(next.corner);
        }
    }
    for (uint32_t bits = 0; bits < GT_FLOPPY_FLIPS; bits++)
        for (int m = 0; m < GT_FLOPPY_MOVES; m++)
            model.flip_move[bits * GT_FLOPPY_MOVES + (uint32_t)m] = bits ^ (1u << m);
    model.puzzle = (gt_puzzle){
        .name = "floppy",
        .metric = "htm",
        .n_states = GT_FLOPPY_STATES,
        .n_moves = GT_FLOPPY_MOVES,
        .move_names = gt_floppy_move_names,
        .move_inverse = move_inverse,
        .n_coords = 2,
        .coord = {{"corner permutation", GT_FLOPPY_PERMS, model.perm_move},
                  {"edge flips", GT_FLOPPY_FLIPS, model.flip_move}},
        .solved = 0,
        .distance_parity = floppy_distance_parity,
    };
}

int gt_floppy_puzzle(const gt_puzzle **out)
{
    pthread_once(&model_once, build_model);
    *out = &model.puzzle;
    return GT_OK;
}
