/* The annexe of the article (2.11, seed text from line 2341): the 48 types of
 * the 3x3 flip taquin numbered (d;k), with their "voisins montants" (closer
 * types) and "voisins descendants" (farther types) in that numbering. The
 * boards of distances 4-7 are lost in the text (empty table cells), so the
 * numbering there is recovered from the lists: a search over bijections,
 * distance by distance from the boards of distances 0-3, for the labellings
 * under which the fewest lists differ from the quotient graph; then the text's
 * examples of 2.8.1 choose among them. */
#include "taquin.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

static const int annexe_count[GT_TAQUIN_ANNEXE_DEPTH] = {1, 2, 6, 11, 13, 9, 4, 2};

/* The lists as printed, one string per distance, types separated by '|',
 * "-" for \emptyset. Seed lines in the comments (the distance-3, -4 and -5
 * tables are printed in two halves). */
static const char *const up_text[GT_TAQUIN_ANNEXE_DEPTH] = {
    "-",                                    /* 2347 */
    "1|1",                                  /* 2359 "BUT noté 1" */
    "1|1|1,2|1|2|2",                        /* 2375 */
    "2|3,4|4,5|2|1|1,2,3|"                  /* 2407 */
    "4,5,6|5|1|1,2,3|5",                    /* 2437 */
    "4,6|4,8|1,6,8|5,11|5,10|9,10|4,7,8,11|" /* 2465 */
    "9|9,11|9|5|5|7,8,11",                  /* 2473 */
    "3,7|4,5,8,10,13|4,6,8,12|5,8,9,12|5,9,10,11|6,9,11,12,13|" /* 2483 */
    "4,6,10,11|8,11|10,12",                 /* 2491 */
    "8,9|8,9|3,5,8|4,7,8,9",                /* 2501 */
    "1,3,4|2,3,4",                          /* 2511 */
};
static const char *const down_text[GT_TAQUIN_ANNEXE_DEPTH] = {
    "1,2",                                  /* 2355 */
    "1,2,3,4|3,5,6",                        /* 2371 */
    "5,6,9,10|1,4,6,10|2,6,10|2,3,7|3,7,8,11|7", /* 2403 */
    "3|-|-|1,7,2|4,5,11,12|1,3|"            /* 2435 */
    "7,13|2,3,7,13|6,8,9,10|5,6|4,7,9,13",  /* 2461 */
    "-|-|1|2,3,7|2,4,5|3,6,7|1|"            /* 2471 */
    "2,3,4,8|4,5,6|2,5,7,9|5,6,7,8|3,4,6,9|2,6", /* 2479 */
    "-|-|3|4|3|-|"                          /* 2489 */
    "4|1,2,3,4|1,2,3,4",                    /* 2497 */
    "1|2|1,2|1,2",                          /* 2507 */
    "-|-",                                  /* 2517 */
};
/* Seed line of each list: [farther][distance][second half]; the halves split
 * after the 6th type (distance 3), 7th (4), 6th (5). */
static const int list_line[2][GT_TAQUIN_ANNEXE_DEPTH][2] = {
    {{2347, 2347}, {2359, 2359}, {2375, 2375}, {2407, 2437}, {2465, 2473}, {2483, 2491},
     {2501, 2501}, {2511, 2511}},
    {{2355, 2355}, {2371, 2371}, {2403, 2403}, {2435, 2461}, {2471, 2479}, {2489, 2497},
     {2507, 2507}, {2517, 2517}}};
static const int first_half[GT_TAQUIN_ANNEXE_DEPTH] = {1, 2, 6, 6, 7, 6, 4, 2};

/* The boards of distances 0-3 (annexe, lines 2351-2459). */
static const char *const annexe_boards[4][11] = {
    {"000/000/000"},
    {"111/000/000", "000/111/000"},
    {"110/100/100", "100/110/100", "110/110/110", "101/101/101", "010/010/101", "010/101/010"},
    {"000/010/000", "111/111/111", "101/010/101", "111/010/111", "010/000/000", "111/101/000",
     "010/101/101", "010/000/101", "101/101/111", "111/110/000", "110/011/100"}};

static const char *const examples[GT_TAQUIN_ANNEXE_EXAMPLES] = {
    "(5;9) is the board 110/000/100 (2.8.1.1, line 2116; beacon table of 2.8.1.3, line 2160)",
    "L1 takes (5;9) 110/000/100 to (4;12) (2.8.1.2, lines 2145 and 2149)",
    "the path (7;1) -C2- (6;1) -C1- (5;9) -L1- (4;12) -L1- (3;5) -C1- (2;1) -L1- (1;1) -L1- b: "
    "each step by a middle (C2) or outer (C1, L1) move, pivots aside (2.8.1.2, line 2145)",
    "(5;1) is the only type at distance 5 outside the balls B(c,2) of the beacons (2.8.1.3 (i), "
    "line 2165; the claim itself misses (3;2))",
    "type A (5;4) is 100/111/100 and type B (6;4) is 111/011/010 (2.7.5, line 2065)",
};

int gt_taquin_annexe_count(int distance)
{
    return distance >= 0 && distance < GT_TAQUIN_ANNEXE_DEPTH ? annexe_count[distance] : 0;
}

int gt_taquin_annexe_index(int distance, int number)
{
    if (number < 1 || number > gt_taquin_annexe_count(distance))
        return GT_NONE;
    int i = 0;
    for (int d = 0; d < distance; d++)
        i += annexe_count[d];
    return i + number - 1;
}

const char *gt_taquin_annexe_example(int i)
{
    return i >= 0 && i < GT_TAQUIN_ANNEXE_EXAMPLES ? examples[i] : NULL;
}

int gt_taquin_annexe_list(int distance, int number, int farther, unsigned *mask, int *line)
{
    if (number < 1 || number > gt_taquin_annexe_count(distance) || !mask)
        return GT_ERR_INVAL;
    const char *s = (farther ? down_text : up_text)[distance];
    for (int k = 1; k < number; k++) {
        s = strchr(s, '|');
        if (!s)
            return GT_ERR_INVAL;
        s++;
    }
    unsigned m = 0;
    while (*s && *s != '|') {
        if (*s >= '0' && *s <= '9') {
            int v = (int)strtol(s, (char **)&s, 10);
            if (v < 1 || v > 31)
                return GT_ERR_INVAL;
            m |= 1u << (v - 1);
        } else
            s++;
    }
    *mask = m;
    if (line)
        *line = list_line[farther ? 1 : 0][distance][number > first_half[distance]];
    return GT_OK;
}

/* ---- the search ---- */

typedef struct search {
    const gt_taquin_anatomy *a;
    int of_index[GT_TAQUIN_ANNEXE_TYPES][2]; /* article index -> (d, k) */
    unsigned printed[GT_TAQUIN_ANNEXE_TYPES][2];
    uint64_t link[GT_TAQUIN_ANNEXE_TYPES][2]; /* our type -> closer / farther types */
    int ours[GT_TAQUIN_ANNEXE_DEPTH][GT_TAQUIN_ANNEXE_WIDTH]; /* our types by distance */
    int lab[GT_TAQUIN_ANNEXE_TYPES]; /* article index -> our type */
    int inv[GT_TAQUIN_ANNEXE_TYPES]; /* our type -> article index */
    int down_bad[GT_TAQUIN_ANNEXE_TYPES];
    int budget, cost, found, stored;
    int (*label)[GT_TAQUIN_ANNEXE_TYPES];
    uint64_t nodes;
} search;

/* The true list of article type idx under s->lab, in the article numbering
 * (every type of distance d±1 must be labelled). */
static unsigned actual_list(const search *s, int idx, int farther)
{
    uint64_t m = s->link[s->lab[idx]][farther];
    unsigned out = 0;
    int d = s->of_index[idx][0];
    for (int t = 0; t < GT_TAQUIN_ANNEXE_TYPES; t++)
        if (m >> t & 1) {
            int j = s->inv[t];
            if (j < 0 || s->of_index[j][0] != d + (farther ? 1 : -1))
                out |= 1u << 31; /* cannot be named: always a mismatch */
            else
                out |= 1u << (s->of_index[j][1] - 1);
        }
    return out;
}

static void assign(search *s, int d, int k);

static void next_level(search *s, int d)
{
    if (d == GT_TAQUIN_ANNEXE_DEPTH) {
        if (s->stored < GT_TAQUIN_ANNEXE_MAX_LABELLINGS)
            memcpy(s->label[s->stored++], s->lab, sizeof s->lab);
        s->found++;
        return;
    }
    assign(s, d, 1);
}

/* Labels article (d;k) with each unused type of distance d in turn. */
static void assign(search *s, int d, int k)
{
    if (k > annexe_count[d]) {
        next_level(s, d + 1);
        return;
    }
    int idx = gt_taquin_annexe_index(d, k);
    for (int c = 0; c < annexe_count[d]; c++) {
        int t = s->ours[d][c];
        if (s->inv[t] >= 0)
            continue;
        s->nodes++;
        s->lab[idx] = t;
        s->inv[t] = idx;
        int added = 0, flagged[GT_TAQUIN_ANNEXE_WIDTH], n_flagged = 0;
        if (actual_list(s, idx, 0) != s->printed[idx][0])
            added++;
        if (d == GT_TAQUIN_ANNEXE_DEPTH - 1 && s->link[t][1] != 0)
            added++; /* printed \emptyset */
        for (int j = 1; j <= annexe_count[d - 1]; j++) {
            int jdx = gt_taquin_annexe_index(d - 1, j);
            int says = (int)(s->printed[jdx][1] >> (k - 1) & 1);
            int is = (int)(s->link[s->lab[jdx]][1] >> t & 1);
            if (says != is && !s->down_bad[jdx]) {
                s->down_bad[jdx] = 1;
                flagged[n_flagged++] = jdx;
                added++;
            }
        }
        s->cost += added;
        if (s->cost <= s->budget)
            assign(s, d, k + 1);
        s->cost -= added;
        for (int i = 0; i < n_flagged; i++)
            s->down_bad[flagged[i]] = 0;
        s->inv[t] = -1;
        s->lab[idx] = -1;
    }
}

static int find_board(const gt_taquin_anatomy *a, const gt_taquin_board *b, const char *text,
                      int *type)
{
    uint64_t code;
    gt_parse_error e;
    int rc = gt_taquin_parse(b, text, &code, &e);
    return rc ? rc : gt_taquin_anatomy_find(a, code, type);
}

static int example_holds(const gt_taquin_anatomy *a, const gt_taquin_board *b, int i,
                         const int *lab)
{
    int t59 = lab[gt_taquin_annexe_index(5, 9)];
    if (i == 0) {
        int t;
        return !find_board(a, b, "110/000/100", &t) && t == t59;
    }
    if (i == 1) {
        uint64_t code;
        gt_parse_error e;
        int t;
        if (gt_taquin_parse(b, "110/000/100", &code, &e))
            return 0;
        code = gt_taquin_apply_move(b, code, 0); /* L1 */
        return !gt_taquin_anatomy_find(a, code, &t) && t == lab[gt_taquin_annexe_index(4, 12)];
    }
    if (i == 2) {
        /* a move's class under the symmetries: outer (L1 L3 C1 C3) or middle
         * (L2 C2); the pivots of the path keep it */
        static const int path[9][3] = {{7, 1, 0x12}, {6, 1, 0x2d}, {5, 9, 0x2d}, {4, 12, 0x2d},
                                       {3, 5, 0x2d}, {2, 1, 0x2d}, {1, 1, 0x2d}, {0, 1, 0}};
        for (int j = 0; j + 1 < 8; j++) {
            const gt_taquin_type *t = &a->types[lab[gt_taquin_annexe_index(path[j][0], path[j][1])]];
            int u = lab[gt_taquin_annexe_index(path[j + 1][0], path[j + 1][1])], ok = 0;
            for (int l = 0; l < t->n_up; l++)
                ok |= t->up[l].type == u && (t->up[l].move_mask & path[j][2]);
            if (!ok)
                return 0;
        }
        return 1;
    }
    if (i == 3) {
        static const int beacons[6][2] = {{0, 1}, {2, 1}, {2, 2}, {2, 5}, {3, 5}, {5, 9}};
        int n = 0, t51 = lab[gt_taquin_annexe_index(5, 1)], t51_uncovered = 0;
        for (int t = 0; t < a->n_types; t++) {
            int covered = 0;
            for (int c = 0; c < 6; c++)
                covered |= gt_taquin_qdist(a, lab[gt_taquin_annexe_index(beacons[c][0],
                                                                         beacons[c][1])], t) <= 2;
            if (!covered && a->types[t].distance == 5)
                n++, t51_uncovered |= t == t51;
        }
        return n == 1 && t51_uncovered;
    }
    if (i == 4) {
        int ta, tb;
        return !find_board(a, b, "100/111/100", &ta) && !find_board(a, b, "111/011/010", &tb) &&
               ta == lab[gt_taquin_annexe_index(5, 4)] && tb == lab[gt_taquin_annexe_index(6, 4)];
    }
    return 0;
}

void gt_taquin_annexe_free(gt_taquin_annexe_result *r)
{
    if (r) {
        free(r->label);
        r->label = NULL;
    }
}

/* The article's numbering (index -> (d, k)) and printed lists. Return
 * values: GT_OK, GT_ERR_INVAL (a list the annexe's text does not give). */
static int search_read_article(search *s)
{
    for (int d = 0, idx = 0; d < GT_TAQUIN_ANNEXE_DEPTH; d++)
        for (int k = 1; k <= annexe_count[d]; k++, idx++) {
            s->of_index[idx][0] = d;
            s->of_index[idx][1] = k;
            for (int f = 0; f < 2; f++)
                if (gt_taquin_annexe_list(d, k, f, &s->printed[idx][f], NULL))
                    return GT_ERR_INVAL;
        }
    return GT_OK;
}

/* Our types by distance, each one's closer and farther types, none
 * labelled yet. */
static void search_read_types(search *s)
{
    const gt_taquin_anatomy *a = s->a;
    int seen[GT_TAQUIN_ANNEXE_DEPTH] = {0};
    for (int t = 0; t < a->n_types; t++) {
        const gt_taquin_type *ty = &a->types[t];
        s->ours[ty->distance][seen[ty->distance]++] = t;
        for (int i = 0; i < ty->n_up; i++)
            s->link[t][0] |= 1ull << ty->up[i].type;
        for (int i = 0; i < ty->n_down; i++)
            s->link[t][1] |= 1ull << ty->down[i].type;
        for (int i = 0; i < ty->n_level; i++) /* never on the 3x3 (bipartite) */
            s->link[t][1] |= 1ull << ty->level[i].type;
        s->inv[t] = -1;
        s->lab[t] = -1;
    }
}

/* Distances 0-3 are labelled by the boards the article prints. Return
 * values: GT_OK, GT_ERR_MISMATCH (a board of another distance, or two
 * boards of one type), a parse error. */
static int search_label_printed(search *s, const gt_taquin_board *b)
{
    for (int d = 0; d < 4; d++)
        for (int k = 1; k <= annexe_count[d]; k++) {
            int t, idx = gt_taquin_annexe_index(d, k);
            int rc = find_board(s->a, b, annexe_boards[d][k - 1], &t);
            if (rc || s->a->types[t].distance != d || s->inv[t] >= 0)
                return rc ? rc : GT_ERR_MISMATCH;
            s->lab[idx] = t;
            s->inv[t] = idx;
        }
    return GT_OK;
}

/* The disagreements the printed labels already cost: distances 0-3's
 * closer lists, and their farther lists but distance 3's (whose farther
 * types are labelled by the search). */
static int search_base_cost(const search *s)
{
    int base = 0;
    for (int idx = 0; idx < gt_taquin_annexe_index(3, 11) + 1; idx++) {
        base += actual_list(s, idx, 0) != s->printed[idx][0];
        if (s->of_index[idx][0] < 3)
            base += actual_list(s, idx, 1) != s->printed[idx][1];
    }
    return base;
}

/* The labellings of fewest disagreements (at most
 * GT_TAQUIN_ANNEXE_MAX_LABELLINGS kept): budgets from the base cost up. */
static void search_run(search *s, gt_taquin_annexe_result *out)
{
    const int base = search_base_cost(s);
    for (s->budget = base; s->budget <= GT_TAQUIN_ANNEXE_ENTRIES && !s->found; s->budget++) {
        s->cost = base;
        assign(s, 4, 1);
    }
    out->disagreements = s->budget - 1;
    out->n_best = s->found;
    out->n_stored = s->stored;
    out->label = s->label;
    out->nodes = s->nodes;
}

/* The text's examples, in order, keep the labellings they hold for (keep[]);
 * one that no labelling kept so far fits is skipped (contradicted). */
static void search_examples(const search *s, const gt_taquin_board *b, char *keep, gt_taquin_annexe_result *out)
{
    int kept = s->stored;
    memset(keep, 1, GT_TAQUIN_ANNEXE_MAX_LABELLINGS);
    for (int i = 0; i < GT_TAQUIN_ANNEXE_EXAMPLES; i++) {
        int fit = 0;
        for (int l = 0; l < s->stored; l++)
            fit += keep[l] && example_holds(s->a, b, i, s->label[l]);
        if (!fit) {
            out->example_contradicted[i] = 1;
        } else {
            for (int l = 0; l < s->stored; l++)
                keep[l] = keep[l] && example_holds(s->a, b, i, s->label[l]);
            if (fit == 1 && kept > 1 && out->fixed_by < 0)
                out->fixed_by = i;
            kept = fit;
        }
        out->example_left[i] = kept;
    }
    out->n_kept = kept;
}

/* The first labelling kept is the one chosen; where another kept one
 * differs, the article's type is ambiguous. */
static void search_choose(const search *s, const char *keep, gt_taquin_annexe_result *out)
{
    for (int l = 0; l < s->stored; l++)
        if (keep[l]) {
            if (out->chosen < 0)
                out->chosen = l;
            else
                for (int idx = 0; idx < GT_TAQUIN_ANNEXE_TYPES; idx++)
                    if (s->label[l][idx] != s->label[out->chosen][idx])
                        out->ambiguous[s->of_index[idx][0]] |= 1u << (s->of_index[idx][1] - 1);
        }
}

/* Under the chosen labelling: the map from the article's types to ours,
 * and every printed list that differs from the true one. */
static void search_report(search *s, gt_taquin_annexe_result *out)
{
    memcpy(s->lab, s->label[out->chosen], sizeof s->lab);
    for (int idx = 0; idx < GT_TAQUIN_ANNEXE_TYPES; idx++) {
        s->inv[s->lab[idx]] = idx;
        out->map[s->of_index[idx][0]][s->of_index[idx][1] - 1] = s->lab[idx];
    }
    for (int idx = 0; idx < GT_TAQUIN_ANNEXE_TYPES; idx++)
        for (int f = 0; f < 2; f++) {
            unsigned act = actual_list(s, idx, f);
            if (act == s->printed[idx][f])
                continue;
            gt_taquin_annexe_entry *e = &out->wrong[out->n_wrong++];
            e->distance = s->of_index[idx][0];
            e->number = s->of_index[idx][1];
            e->farther = f;
            e->printed = s->printed[idx][f];
            e->actual = act;
            gt_taquin_annexe_list(e->distance, e->number, f, &e->printed, &e->line);
        }
}

int gt_taquin_annexe_solve(const gt_taquin_anatomy *a, gt_taquin_annexe_result *out)
{
    const gt_taquin_board *b;
    char keep[GT_TAQUIN_ANNEXE_MAX_LABELLINGS];
    int rc;
    if (!a || !out || !a->qdist || a->n_types != GT_TAQUIN_ANNEXE_TYPES ||
        gt_taquin_board_of(a->puzzle, &b) || b->rows != 3 || b->cols != 3)
        return GT_ERR_INVAL;
    for (int d = 0; d < GT_TAQUIN_ANNEXE_DEPTH; d++)
        if (a->types_per_distance[d] != annexe_count[d])
            return GT_ERR_INVAL;
    memset(out, 0, sizeof *out);
    out->chosen = -1;
    out->fixed_by = -1;
    for (int d = 0; d < GT_TAQUIN_ANNEXE_DEPTH; d++)
        for (int k = 0; k < GT_TAQUIN_ANNEXE_WIDTH; k++)
            out->map[d][k] = -1;
    search *s = calloc(1, sizeof *s);
    if (!s)
        return GT_ERR_NOMEM;
    s->a = a;
    if ((rc = search_read_article(s)) != GT_OK)
        goto free_search;
    search_read_types(s);
    if ((rc = search_label_printed(s, b)) != GT_OK)
        goto free_search;
    if (!(s->label = malloc(sizeof *s->label * GT_TAQUIN_ANNEXE_MAX_LABELLINGS))) {
        rc = GT_ERR_NOMEM;
        goto free_search;
    }
    search_run(s, out); /* out->label owns s->label from here */
    search_examples(s, b, keep, out);
    search_choose(s, keep, out);
    if (out->chosen >= 0)
        search_report(s, out);
free_search:
    free(s);
    return rc;
}
