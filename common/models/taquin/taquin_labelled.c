/* The labelled board (article 2.3.3.2.2 - 2.5.5): tiles carry a letter and a
 * face number, so the 18 faces of the 3x3 are all distinct and the move group
 * H acts freely on labelled states: |H| is the number of labelled states
 * reachable from the goal. Each h in H then acts on visible configurations,
 * and the stabiliser of x is {h : h(x) = x}. */
#include "taquin.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

void gt_taquin_labelled_goal(const gt_taquin_board *b, gt_taquin_labelled *s)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < b->cells; c++)
        s->tile[c] = (uint8_t)c;
}

void gt_taquin_labelled_move(const gt_taquin_board *b, gt_taquin_labelled *s, int move)
{
    gt_taquin_labelled next = *s;
    for (int c = 0; c < b->cells; c++) {
        if (!(b->move_strip[move] >> c & 1))
            continue;
        int to = b->move_dest[move][c];
        next.tile[to] = s->tile[c];
        next.back[to] = (uint8_t)!s->back[c];
    }
    *s = next;
}

/* 5 bits a cell (tile < 16, side): at most 12 cells in 60 bits. */
static uint64_t pack(const gt_taquin_board *b, const gt_taquin_labelled *s)
{
    uint64_t key = 0;
    for (int c = 0; c < b->cells; c++)
        key |= (uint64_t)(s->tile[c] | s->back[c] << 4) << (5 * c);
    return key;
}

static void unpack(const gt_taquin_board *b, uint64_t key, gt_taquin_labelled *s)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < b->cells; c++) {
        s->tile[c] = (uint8_t)(key >> (5 * c) & 15u);
        s->back[c] = (uint8_t)(key >> (5 * c + 4) & 1u);
    }
}

/* The visible configuration h(x): the tile now on cell c came from cell
 * tile[c], turned over if back[c]. */
static uint64_t act(const gt_taquin_board *b, uint64_t key, uint64_t code)
{
    uint64_t out = 0;
    for (int c = 0; c < b->cells; c++) {
        uint64_t tile = key >> (5 * c) & 15u, back = key >> (5 * c + 4) & 1u;
        out |= (((code >> tile) & 1u) ^ back) << c;
    }
    return out;
}

/* Open-addressing set of packed states (key + 1 stored, 0 = empty). */
typedef struct key_set {
    uint64_t *slot;
    uint64_t mask;
} key_set;

static int set_insert(key_set *set, uint64_t key)
{
    uint64_t h = (key + 1) * 0x9e3779b97f4a7c15ull;
    for (uint64_t i = h >> 20 & set->mask;; i = (i + 1) & set->mask) {
        if (set->slot[i] == key + 1)
            return 0;
        if (!set->slot[i]) {
            set->slot[i] = key + 1;
            return 1;
        }
    }
}

/* The group H(b) by a breadth-first walk from the goal over labelled
 * states: queue[0 .. *order) its elements, each once (set). Return values:
 * GT_OK, GT_ERR_RANGE (more than GT_TAQUIN_LABELLED_MAX_STATES). */
static int group_walk(const gt_taquin_board *b, key_set *set, uint64_t *queue, uint64_t *order)
{
    const uint64_t capacity = GT_TAQUIN_LABELLED_MAX_STATES;
    gt_taquin_labelled state;
    uint64_t head = 0, tail = 0;
    gt_taquin_labelled_goal(b, &state);
    queue[tail++] = pack(b, &state);
    set_insert(set, queue[0]);
    while (head < tail) {
        unpack(b, queue[head++], &state);
        for (int m = 0; m < b->n_moves; m++) {
            gt_taquin_labelled next = state;
            gt_taquin_labelled_move(b, &next, m);
            uint64_t key = pack(b, &next);
            if (!set_insert(set, key))
                continue;
            if (tail == capacity)
                return GT_ERR_RANGE;
            queue[tail++] = key;
        }
    }
    *order = tail;
    return GT_OK;
}

/* H(b) = X_l: the legal configurations the group makes of the goal (seen
 * marks them). Return values: GT_OK, GT_ERR_CORRUPT (an element made an
 * illegal configuration). */
static int group_images(const gt_taquin_board *b, const uint64_t *queue, uint8_t *seen, gt_taquin_group_report *out)
{
    for (uint64_t i = 0; i < out->group_order; i++) {
        uint64_t rank;
        if (gt_taquin_rank(b, act(b, queue[i], 0), &rank) != 0)
            return GT_ERR_CORRUPT;
        out->legal += !seen[rank];
        seen[rank] = 1;
    }
    return GT_OK;
}

/* Each configuration's stabiliser, their extremes, and whether every
 * orbit-stabiliser product is the group's order. */
static void group_stabilisers(const gt_taquin_board *b, const uint64_t *queue, uint32_t *stabiliser,
                              gt_taquin_group_report *out)
{
    for (uint64_t r = 0; r < b->n_states; r++) {
        uint64_t code;
        gt_taquin_unrank(b, r, &code);
        for (uint64_t i = 0; i < out->group_order; i++)
            stabiliser[r] += act(b, queue[i], code) == code;
    }
    out->stabiliser_min = UINT64_MAX;
    out->orbit_stabiliser_ok = 1;
    for (uint64_t r = 0; r < b->n_states; r++) {
        if (stabiliser[r] < out->stabiliser_min)
            out->stabiliser_min = stabiliser[r];
        if (stabiliser[r] > out->stabiliser_max)
            out->stabiliser_max = stabiliser[r];
        if ((uint64_t)stabiliser[r] * out->legal != out->group_order)
            out->orbit_stabiliser_ok = 0;
    }
}

int gt_taquin_group(const gt_taquin_board *b, gt_taquin_group_report *out)
{
    int rc = GT_OK;
    if (!b || !out)
        return GT_ERR_INVAL;
    if (b->cells > GT_TAQUIN_LABELLED_MAX_CELLS)
        return GT_ERR_RANGE;
    const uint64_t capacity = GT_TAQUIN_LABELLED_MAX_STATES;
    key_set set = {calloc(2 * capacity, sizeof(uint64_t)), 2 * capacity - 1};
    uint64_t *queue = malloc(capacity * sizeof *queue), order;
    uint32_t *stabiliser = calloc(b->n_states, sizeof *stabiliser);
    uint8_t *seen = calloc(b->n_states, 1);
    if (!set.slot || !queue || !stabiliser || !seen) {
        rc = GT_ERR_NOMEM;
        goto free_buffers;
    }
    if ((rc = group_walk(b, &set, queue, &order)) != GT_OK)
        goto free_buffers;
    memset(out, 0, sizeof *out);
    out->group_order = order;
    if ((rc = group_images(b, queue, seen, out)) != GT_OK)
        goto free_buffers;
    group_stabilisers(b, queue, stabiliser, out);
free_buffers:
    free(seen);
    free(stabiliser);
    free(queue);
    free(set.slot);
    return rc;
}

int gt_taquin_labelled_format(const gt_taquin_board *b, const gt_taquin_labelled *s, char *buf,
                              size_t cap)
{
    /* The article's letters for the 3x3 (2.3.3.2.2): corners A B C D, middle
     * row edges E F, middle column edges G H, centre I. */
    static const char article_letters[9] = {'A', 'G', 'B', 'E', 'I', 'F', 'C', 'H', 'D'};
    if (cap < (size_t)(4 * b->cells + 1))
        return GT_ERR_RANGE;
    size_t at = 0;
    for (int c = 0; c < b->cells; c++) {
        if (c)
            buf[at++] = c % b->cols ? ' ' : '/';
        int tile = s->tile[c];
        buf[at++] = b->cells == 9 && b->rows == 3 ? article_letters[tile] : (char)('A' + tile);
        buf[at++] = ',';
        buf[at++] = (char)('0' + s->back[c]);
    }
    buf[at] = 0;
    return GT_OK;
}
