/* godtab-gen's taquin report: the article's part 2 recomputed from the stored
 * tables (numbers, types, labelled board, quotient graph, beacons), then the
 * n×m results table. Every figure is computed by the library; the article's
 * values are only printed beside them for comparison. The lines go to the
 * program through the report's text sink. */
#include "gt_error.h"
#include "taquin.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* The article's figures (part 2), to compare with. */
static const int article_types_per_distance[] = {1, 2, 6, 11, 13, 9, 4, 2};
static const int article_orbit_sizes[9] = {0, 8, 4, 0, 28, 0, 0, 0, 8};
/* 2.8.1.3: the beacons (2;1) (2;2) (2;5) (3;5) (5;9), and the goal. */
static const char *const article_beacons[] = {"110/100/100", "100/110/100", "010/010/101",
                                              "010/000/000", "110/000/100"};
static const char *const article_beacon_names[] = {"(2;1)", "(2;2)", "(2;5)", "(3;5)", "(5;9)"};

typedef struct report {
    const gt_out *out;
    const gt_report_env *env;
    int mismatches; /* numbers of the issue that differ from the article */
} report;

static const char *verdict(report *r, int ok)
{
    if (!ok)
        r->mismatches++;
    return ok ? "ok" : "DIFFERS";
}

static void config_text(const gt_taquin_board *b, uint64_t code, char *buf, size_t cap)
{
    gt_taquin_format(b, code, buf, cap);
}

static void type_text(const gt_taquin_anatomy *a, const gt_taquin_board *b, int t, char *buf,
                      size_t cap)
{
    char cfg[64];
    config_text(b, a->types[t].rep_code, cfg, sizeof cfg);
    snprintf(buf, cap, "(%d;%d) %s", a->types[t].distance, a->types[t].number, cfg);
}

static int code_of(const gt_taquin_board *b, const char *text, uint64_t *code)
{
    gt_parse_error e;
    return gt_taquin_parse(b, text, code, &e);
}

static void print_numbers(report *r, const gt_puzzle *p, const gt_taquin_board *b,
                          const gt_table *t, const gt_taquin_anatomy *a)
{
    const gt_out *out = r->out;
    const gt_distribution *dist = &t->meta.distribution;
    uint64_t agree = 0, codes = 1ull << b->cells;
    for (uint64_t code = 0; code < codes; code++) { /* 2.5.6 vs reachability */
        uint64_t rank;
        int legal = gt_taquin_check(b, code, NULL) == 0;
        int reached = legal && gt_taquin_rank(b, code, &rank) == 0 && t->data[rank] != GT_UNREACHED;
        agree += legal == reached;
    }
    uint64_t reachable = 0;
    for (uint64_t s = 0; s < p->n_states; s++)
        reachable += t->data[s] != GT_UNREACHED;
    gt_out_printf(out, "  legal configurations   %" PRIu64 " (article 192) %s\n", reachable,
            verdict(r, reachable == 192));
    gt_out_printf(out, "  legality test 2.5.6    agrees with reachability on %" PRIu64 " of %" PRIu64
                 " codes %s\n", agree, codes, verdict(r, agree == codes));
    gt_out_printf(out, "  God's number           %d (article 7) %s\n", dist->max_depth,
            verdict(r, dist->max_depth == 7));
    gt_out_printf(out, "  per distance          ");
    for (int d = 0; d <= dist->max_depth; d++)
        gt_out_printf(out, " %" PRIu64, dist->count[d]);
    gt_out_printf(out, " (article 1 6 23 41 48 41 24 8; checked by the build)\n");
    int same = 1;
    gt_out_printf(out, "  types under D4         %d (article 48) %s\n", a->n_types,
            verdict(r, a->n_types == 48));
    for (int s = 1; s <= 8; s++)
        same &= a->by_orbit_size[s] == article_orbit_sizes[s];
    gt_out_printf(out, "  types by orbit size    1: %d, 2: %d, 4: %d, 8: %d (article 8, 4, 28, 8) %s\n",
            a->by_orbit_size[1], a->by_orbit_size[2], a->by_orbit_size[4], a->by_orbit_size[8],
            verdict(r, same));
    same = a->max_depth == 7;
    gt_out_printf(out, "  types per distance    ");
    for (int d = 0; d <= a->max_depth; d++) {
        gt_out_printf(out, " %d", a->types_per_distance[d]);
        same &= d < 8 && a->types_per_distance[d] == article_types_per_distance[d];
    }
    gt_out_printf(out, " (article 1 2 6 11 13 9 4 2) %s\n", verdict(r, same));
}

static void print_group(report *r, const gt_taquin_board *b)
{
    const gt_out *out = r->out;
    gt_taquin_group_report g;
    int rc = gt_taquin_group(b, &g);
    if (rc) {
        gt_out_printf(out, "  labelled board         not computed: %s\n", gt_strerror(rc));
        r->mismatches++;
        return;
    }
    gt_out_printf(out, "  labelled board |H|     %" PRIu64 " = %" PRIu64 " x %" PRIu64
                 " labelled states (article 768 = 4 x 192) %s\n",
            g.group_order, g.group_order / (g.legal ? g.legal : 1), g.legal,
            verdict(r, g.group_order == 768 && g.legal == 192));
    gt_out_printf(out, "  stabilisers H_x        order %" PRIu64 "..%" PRIu64
                 " over the %" PRIu64 " legal configurations, |H| = |X_l|·|H_x| %s "
                 "(article: all 4) %s\n",
            g.stabiliser_min, g.stabiliser_max, g.legal, g.orbit_stabiliser_ok ? "holds" : "FAILS",
            verdict(r, g.stabiliser_min == 4 && g.stabiliser_max == 4 && g.orbit_stabiliser_ok));
    gt_taquin_labelled s;
    int moves[16], count;
    gt_parse_error e;
    char text[200];
    gt_taquin_labelled_goal(b, &s);
    gt_taquin_parse_moves(b, "L3 C1 L3 C3 L1 C3", moves, 16, &count, &e);
    for (int i = 0; i < count; i++)
        gt_taquin_labelled_move(b, &s, moves[i]);
    gt_taquin_labelled_format(b, &s, text, sizeof text);
    gt_out_printf(out, "  L3 C1 L3 C3 L1 C3      %s (article 2.4.1: A,0 G,1 B,0/E,1 I,0 F,0/C,0 H,0 D,0) %s\n",
            text, verdict(r, !strcmp(text, "A,0 G,1 B,0/E,1 I,0 F,0/C,0 H,0 D,0")));
}

/* 2.6.5: which stabiliser subgroups of D4 occur among the legal configurations. */
static void print_stabilisers(report *r, const gt_puzzle *p, const gt_taquin_board *b)
{
    unsigned seen[256] = {0};
    for (uint64_t s = 0; s < p->n_states; s++) {
        unsigned stab;
        uint64_t rep;
        gt_taquin_type_of(p, s, &rep, NULL, &stab);
        seen[stab & 255]++;
    }
    gt_out_printf(r->out, "  stabilisers in D4      ");
    for (unsigned mask = 0; mask < 256; mask++) {
        if (!seen[mask])
            continue;
        gt_out_printf(r->out, " {");
        for (int k = 0, first = 1; k < b->n_syms; k++)
            if (mask >> k & 1) {
                gt_out_printf(r->out, "%s%s", first ? "" : ",", b->sym_name[k]);
                first = 0;
            }
        gt_out_printf(r->out, "}:%u", seen[mask]);
    }
    /* 2.6.5.2-3: never {i,r2} alone, never <r> or {i,s_d,s_m,r2}. */
    unsigned forbidden[3] = {1u | 1u << GT_TAQUIN_SYM_R2,
                             1u | 1u << GT_TAQUIN_SYM_R | 1u << GT_TAQUIN_SYM_R2 | 1u << GT_TAQUIN_SYM_R3,
                             1u | 1u << GT_TAQUIN_SYM_R2 | 1u << GT_TAQUIN_SYM_SD | 1u << GT_TAQUIN_SYM_SM};
    int ok = !seen[forbidden[0]] && !seen[forbidden[1]] && !seen[forbidden[2]];
    gt_out_printf(r->out, "\n                          (article 2.6.5.2-3: no {i,r2}, <r> or {i,r2,s_d,s_m}) %s\n",
            verdict(r, ok));
}

static void print_quotient(report *r, const gt_taquin_board *b, const gt_taquin_anatomy *a)
{
    const gt_out *out = r->out;
    char text[96];
    gt_out_printf(out, "  quotient graph (2.7): type (d;k) ours, numbered by representative = the orbit's\n"
                 "  smallest rank; closer / farther neighbour types with the number of moves\n");
    for (int t = 0; t < a->n_types; t++) {
        const gt_taquin_type *ty = &a->types[t];
        type_text(a, b, t, text, sizeof text);
        gt_out_printf(out, "    %-20s orbit %d  closer:", text, ty->orbit_size);
        for (int i = 0; i < ty->n_up; i++)
            gt_out_printf(out, " (%d;%d)x%d", a->types[ty->up[i].type].distance,
                    a->types[ty->up[i].type].number, ty->up[i].moves);
        if (!ty->n_up)
            gt_out_printf(out, " -");
        gt_out_printf(out, "  farther:");
        for (int i = 0; i < ty->n_down; i++)
            gt_out_printf(out, " (%d;%d)x%d", a->types[ty->down[i].type].distance,
                    a->types[ty->down[i].type].number, ty->down[i].moves);
        gt_out_printf(out, "%s\n", ty->n_down ? "" : " -  (upward niche)");
    }
    gt_out_printf(out, "  upward niches          %d (article 9) %s\n", a->upward_niches,
            verdict(r, a->upward_niches == 9));
    gt_out_printf(out, "  downward niches        %d, the goal (article 1) %s\n", a->downward_niches,
            verdict(r, a->downward_niches == 1 && a->types[0].n_up == 0));
    gt_out_printf(out, "  parity (2.7.4)         %" PRIu64 " of %" PRIu64
                 " moves change the distance by exactly one %s\n",
            a->edges - a->parity_violations, a->edges, verdict(r, a->parity_violations == 0));
    uint64_t anais;
    int anais_type;
    code_of(b, "110/101/100", &anais);
    gt_taquin_anatomy_find(a, anais, &anais_type);
    gt_out_printf(out, "  Anais 110/101/100      distance %d, odd: 10 moves impossible (2.7.4.1) %s\n",
            a->types[anais_type].distance, verdict(r, a->types[anais_type].distance % 2 == 1));

    /* 2.7.5: A = (5;4) 100/111/100 to B = (6;4) 111/011/010: L1 or L3; back only C3. */
    uint64_t ca, cb;
    int ta, tb;
    code_of(b, "100/111/100", &ca);
    code_of(b, "111/011/010", &cb);
    gt_taquin_anatomy_find(a, ca, &ta);
    gt_taquin_anatomy_find(a, cb, &tb);
    char forward[64] = "", backward[64] = "";
    for (int m = 0; m < b->n_moves; m++) {
        int u;
        gt_taquin_anatomy_find(a, gt_taquin_apply_move(b, ca, m), &u);
        if (u == tb)
            snprintf(forward + strlen(forward), sizeof forward - strlen(forward), " %s",
                     b->move_name[m]);
        gt_taquin_anatomy_find(a, gt_taquin_apply_move(b, cb, m), &u);
        if (u == ta)
            snprintf(backward + strlen(backward), sizeof backward - strlen(backward), " %s",
                     b->move_name[m]);
    }
    gt_out_printf(out, "  2.7.5 A->B asymmetry   A 100/111/100 at %d, B 111/011/010 at %d: A->B by%s,"
                 " B->A by%s (article L1 L3 / C3) %s\n",
            a->types[ta].distance, a->types[tb].distance, forward, backward,
            verdict(r, !strcmp(forward, " L1 L3") && !strcmp(backward, " C3")));
}

/* Applies moves to a configuration; 1 if each move brings it one closer and it
 * ends on the type of `target`. */
static int straight_hop(const gt_taquin_board *b, const gt_taquin_anatomy *a, const char *from,
                        const char *moves_text, const char *target)
{
    uint64_t code, goal_code;
    int moves[8], count, t, u;
    gt_parse_error e;
    code_of(b, from, &code);
    code_of(b, target, &goal_code);
    gt_taquin_parse_moves(b, moves_text, moves, 8, &count, &e);
    gt_taquin_anatomy_find(a, code, &t);
    for (int i = 0; i < count; i++) {
        code = gt_taquin_apply_move(b, code, moves[i]);
        gt_taquin_anatomy_find(a, code, &u);
        if (a->types[u].distance != a->types[t].distance - 1)
            return 0;
        t = u;
    }
    gt_taquin_anatomy_find(a, goal_code, &u);
    return t == u;
}

/* The annexe (2.11) prints the types of distances 0-3; the article's (5;1) is
 * the distance-5 type with no farther neighbour and two closer types (3, 7). */
static const char *const annexe_types[4][11] = {
    {"000/000/000"},
    {"111/000/000", "000/111/000"},
    {"110/100/100", "100/110/100", "110/110/110", "101/101/101", "010/010/101", "010/101/010"},
    {"000/010/000", "111/111/111", "101/010/101", "111/010/111", "010/000/000", "111/101/000",
     "010/101/101", "010/000/101", "101/101/111", "111/110/000", "110/011/100"}};

/* The article's name of type t, when the article identifies it; "" otherwise. */
static void article_name(const gt_taquin_board *b, const gt_taquin_anatomy *a, int t, char *buf,
                         size_t cap)
{
    buf[0] = 0;
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 11 && annexe_types[d][k]; k++) {
            uint64_t code;
            int u;
            code_of(b, annexe_types[d][k], &code);
            gt_taquin_anatomy_find(a, code, &u);
            if (u == t)
                snprintf(buf, cap, "article (%d;%d)", d, k + 1);
        }
    const gt_taquin_type *ty = &a->types[t];
    if (ty->distance == 5 && ty->n_down == 0 && ty->n_up == 2)
        snprintf(buf, cap, "article (5;1)");
}

static void print_mask(const gt_out *out, const gt_taquin_board *b, const gt_taquin_anatomy *a,
                       uint64_t mask)
{
    char text[96];
    for (int t = 0; t < a->n_types; t++)
        if (mask >> t & 1) {
            type_text(a, b, t, text, sizeof text);
            gt_out_printf(out, " %s", text);
        }
}

/* The article's five beacons and its annexe's numbering (distances 0-3)
 * as our types; returns the beacons' mask. */
static uint64_t print_article_types(const gt_out *out, const gt_taquin_board *b, const gt_taquin_anatomy *a)
{
    uint64_t mask = 0;
    gt_out_printf(out, "  beacons of 2.8.1.3, radius 2 (article name = our type):\n   ");
    for (int i = 0; i < 5; i++) {
        uint64_t code;
        int t;
        code_of(b, article_beacons[i], &code);
        gt_taquin_anatomy_find(a, code, &t);
        mask |= 1ull << t;
        gt_out_printf(out, " %s %s = (%d;%d)", article_beacon_names[i], article_beacons[i],
                a->types[t].distance, a->types[t].number);
    }
    gt_out_printf(out, ", and the goal\n    article numbering of the annexe (distances 0-3) -> ours:");
    for (int d = 0, shown = 0; d < 4; d++)
        for (int k = 0; k < 11 && annexe_types[d][k]; k++, shown++) {
            uint64_t code;
            int t;
            code_of(b, annexe_types[d][k], &code);
            gt_taquin_anatomy_find(a, code, &t);
            gt_out_printf(out, "%s (%d;%d)=(%d;%d)", shown % 10 == 9 ? "\n     " : "", d, k + 1,
                    a->types[t].distance, a->types[t].number);
        }
    gt_out_printf(out, "\n");
    return mask;
}

/* Claim (i): the types the balls B(c,2) leave uncovered, each with its
 * nearest beacon. */
static void print_uncovered(const gt_out *out, const gt_taquin_board *b, const gt_taquin_anatomy *a,
                            const gt_taquin_beacon_claims *c)
{
    char text[96];
    gt_out_printf(out, "  (i)   the balls B(c,2) cover every type but (5;1): %s;",
            c->claim1_holds ? "HOLDS" : "FALSE");
    gt_out_printf(out, " uncovered:");
    for (int t = 0; t < a->n_types; t++)
        if (c->uncovered >> t & 1) {
            int nearest = 255;
            for (int k = 0; k < a->n_types; k++)
                if (c->beacons >> k & 1 && gt_taquin_qdist(a, k, t) < nearest)
                    nearest = gt_taquin_qdist(a, k, t);
            char name[32];
            type_text(a, b, t, text, sizeof text);
            article_name(b, a, t, name, sizeof name);
            gt_out_printf(out, " %s [%s%s%supward niche, nearest beacon %d moves]", text, name,
                    name[0] ? ", " : "", a->types[t].n_down ? "not an " : "", nearest);
        }
}

/* Claims (ii) and (iii), and the two straight hops the text names. */
static void print_paths(const gt_out *out, const gt_taquin_board *b, const gt_taquin_anatomy *a,
                        const gt_taquin_beacon_claims *c)
{
    gt_out_printf(out, "\n  (ii)  every type but b and (5;1) has a beacon within 2 on a shortest path: %s;"
                 " counterexamples:", c->claim2_holds ? "HOLDS" : "FALSE");
    print_mask(out, b, a, c->off_path);
    gt_out_printf(out, "\n        escape argument (each exception is an upward niche whose every move "
                 "lands on a guided type): %s\n", c->niche_escape_holds ? "holds" : "FAILS");
    gt_out_printf(out, "  (iii) every beacon reaches the goal by straight hops of <= 2 between beacons: %s",
            c->claim3_holds ? "HOLDS" : "FALSE");
    if (!c->claim3_holds) {
        gt_out_printf(out, "; stuck:");
        print_mask(out, b, a, c->stuck);
    }
    int hop1 = straight_hop(b, a, "110/000/100", "L1 C1", "010/000/000");
    int hop2 = straight_hop(b, a, "010/000/000", "C1", "110/100/100");
    gt_out_printf(out, "\n        (5;9) -> (3;5) via L1 C1: %s; (3;5) -> (2;1) via C1: %s\n",
            hop1 ? "holds" : "FALSE", hop2 ? "holds" : "FALSE");
}

/* The smallest beacon sets for radii 1 to 3, strict and with the niches
 * exempt. */
static int print_smallest_sets(const gt_out *out, const gt_taquin_board *b, const gt_taquin_anatomy *a)
{
    gt_out_printf(out, "  smallest beacon sets (exhaustive; every non-goal type, beacons included, has\n"
                 "  another beacon on one of its shortest paths within r; the goal is free):\n");
    for (int radius = 1; radius <= 3; radius++) {
        for (int exempt = 0; exempt <= 1; exempt++) {
            gt_taquin_beacon_set s;
            int rc = gt_taquin_beacon_search(a, radius, exempt, &s);
            if (rc != 0)
                return rc;
            gt_out_printf(out, "    r=%d %-17s %2d beacons (%" PRIu64 " optimal sets), e.g.", radius,
                    exempt ? "niches exempt:" : "strict:", s.size, s.optimal_sets);
            print_mask(out, b, a, s.beacons);
            gt_out_printf(out, "\n");
        }
    }
    return GT_OK;
}

static int print_beacons(report *r, const gt_taquin_board *b, const gt_taquin_anatomy *a)
{
    const uint64_t mask = print_article_types(r->out, b, a);
    gt_taquin_beacon_claims c;
    int rc = gt_taquin_beacon_check(a, mask, 2, &c);
    if (rc)
        return rc;
    print_uncovered(r->out, b, a, &c);
    print_paths(r->out, b, a, &c);
    return print_smallest_sets(r->out, b, a);
}

static void list_text(unsigned mask, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    for (int j = 0; j < 31 && n < cap; j++)
        if (mask >> j & 1)
            n += (size_t)snprintf(buf + n, cap - n, "%s%d", n ? "," : "", j + 1);
    if (mask >> 31 & 1 && n < cap)
        snprintf(buf + n, cap - n, "%s?", n ? "," : "");
    if (!mask)
        snprintf(buf, cap, "-");
}

/* The annexe's numbering of distances 4-7 recovered from its neighbour lists
 * (taquin_annexe.c), the text's examples, and the lists the annexe gets wrong. */
static int print_annexe(report *r, const gt_taquin_board *b, const gt_taquin_anatomy *a)
{
    const gt_out *out = r->out;
    gt_taquin_annexe_result res;
    int rc = gt_taquin_annexe_solve(a, &res);
    if (rc)
        return rc;
    gt_out_printf(out, "  annexe (2.11) numbering of distances 4-7 from its neighbour lists: %d labelling%s"
                 " with the fewest differing lists (%d of 96), %llu search nodes\n",
            res.n_best, res.n_best == 1 ? "" : "s", res.disagreements,
            (unsigned long long)res.nodes);
    for (int i = 0; i < GT_TAQUIN_ANNEXE_EXAMPLES; i++)
        gt_out_printf(out, "    text example %d, %s: %s, %d left\n", i + 1,
                gt_taquin_annexe_example(i),
                res.example_contradicted[i] ? "fits none (skipped)" : "fits", res.example_left[i]);
    if (res.fixed_by >= 0)
        gt_out_printf(out, "    one labelling remains, fixed by text example %d\n", res.fixed_by + 1);
    else
        gt_out_printf(out, "    %d labelling%s remain%s after the text's examples\n", res.n_kept,
                res.n_kept == 1 ? "" : "s", res.n_kept == 1 ? "s" : "");
    if (res.chosen < 0) {
        gt_taquin_annexe_free(&res);
        return GT_OK;
    }
    gt_out_printf(out, "  article (d;k) = our type, board%s:", res.n_kept > 1 ? " (first labelling)" : "");
    for (int d = 0, shown = 0; d < GT_TAQUIN_ANNEXE_DEPTH; d++)
        for (int k = 1; k <= gt_taquin_annexe_count(d); k++, shown++) {
            int t = res.map[d][k - 1];
            char board[16];
            config_text(b, a->types[t].rep_code, board, sizeof board);
            gt_out_printf(out, "%s (%d;%d)=(%d;%d) %s%s", shown % 4 == 0 ? "\n   " : "", d, k,
                    a->types[t].distance, a->types[t].number, board,
                    res.ambiguous[d] >> (k - 1) & 1 ? "*" : "");
        }
    gt_out_printf(out, "\n");
    int open = 0;
    for (int d = 0; d < GT_TAQUIN_ANNEXE_DEPTH; d++)
        open |= res.ambiguous[d] != 0;
    if (open) {
        gt_out_printf(out, "    * differs among the remaining labellings; the text does not say which:");
        for (int d = 0; d < GT_TAQUIN_ANNEXE_DEPTH; d++)
            for (int k = 1; k <= gt_taquin_annexe_count(d); k++)
                if (res.ambiguous[d] >> (k - 1) & 1)
                    gt_out_printf(out, " (%d;%d)", d, k);
        gt_out_printf(out, "\n");
    }
    if (!res.n_wrong)
        gt_out_printf(out, "  annexe lists: all lists agree\n");
    for (int i = 0; i < res.n_wrong; i++) {
        const gt_taquin_annexe_entry *e = &res.wrong[i];
        char printed[64], actual[64];
        list_text(e->printed, printed, sizeof printed);
        list_text(e->actual, actual, sizeof actual);
        gt_out_printf(out, "  annexe erratum: (%d;%d) voisins %s (line %d) print %s, true %s\n",
                e->distance, e->number, e->farther ? "descendants" : "montants", e->line, printed,
                actual);
    }
    gt_taquin_annexe_free(&res);
    return GT_OK;
}

static int report_3x3(report *r)
{
    gt_puzzle *p = NULL;
    gt_table *t = NULL;
    const gt_taquin_board *b;
    gt_taquin_anatomy *a = NULL;
    int rc = r->env->load(r->env->user, "taquin-3x3", &p, &t);
    if (rc)
        return rc;
    if ((rc = gt_taquin_board_of(p, &b)) != 0 || t->meta.encoding != GT_ENC_BYTE) {
        rc = GT_ERR_CORRUPT;
        goto free_table;
    }
    if ((rc = gt_taquin_anatomy_build(p, t->data, &a)) != 0)
        goto free_table;
    gt_out_printf(r->out, "\ntaquin 3x3, the article's part 2 recomputed from the stored table taquin-3x3\n");
    print_numbers(r, p, b, t, a);
    print_group(r, b);
    print_stabilisers(r, p, b);
    print_quotient(r, b, a);
    rc = print_beacons(r, b, a);
    if (!rc)
        rc = print_annexe(r, b, a);
    gt_taquin_anatomy_free(a);
free_table:
    r->env->unload(r->env->user, "taquin-3x3", p, t);
    return rc;
}

static int report_boards(report *r)
{
    const gt_out *out = r->out;
    gt_out_printf(out, "\ntaquin n x m (flip any row or column): from the stored tables\n");
    gt_out_printf(out, "  board   legal       God  types      bipartite  configurations per distance 0, 1, ...\n");
    for (int i = 0; i < 25; i++) { /* 2x2, 2x3, ... 6x6 */
        char name[GT_NAME_MAX];
        snprintf(name, sizeof name, "taquin-%dx%d", 2 + i / 5, 2 + i % 5);
        gt_puzzle *p = NULL;
        gt_table *t = NULL;
        int rc = r->env->load(r->env->user, name, &p, &t);
        if (rc == GT_ERR_NOTFOUND) {
            gt_out_printf(out, "  %-7s not built (godtab-gen %s)\n", name + 7, name);
            continue;
        }
        if (rc)
            return rc;
        gt_taquin_type_counts counts;
        rc = t->meta.encoding == GT_ENC_BYTE ? gt_taquin_count_types(p, t->data, r->env->threads, &counts)
                                             : GT_ERR_CORRUPT;
        if (!rc) {
            const gt_distribution *d = &t->meta.distribution;
            gt_out_printf(out, "  %-7s %-11" PRIu64 " %-4d %-10" PRIu64 " %-10s", name + 7,
                    d->reached, d->max_depth, counts.types, counts.bipartite ? "yes" : "no");
            for (int k = 0; k <= d->max_depth; k++)
                gt_out_printf(out, "%s%" PRIu64, k ? ", " : " ", d->count[k]);
            gt_out_printf(out, "\n");
        }
        r->env->unload(r->env->user, name, p, t);
        if (rc)
            return rc;
    }
    return GT_OK;
}

int gt_taquin_report(const gt_report_env *env)
{
    const gt_out *out = &env->out;
    report r = {out, env, 0};
    int rc = report_3x3(&r);
    if (rc == GT_ERR_NOTFOUND)
        gt_out_printf(out, "\ntaquin 3x3: table taquin-3x3 not built (godtab-gen taquin-3x3)\n");
    else if (rc)
        return rc;
    if ((rc = report_boards(&r)) != 0)
        return rc;
    if (r.mismatches) {
        gt_out_printf(out, "taquin: %d figure%s of the issue differ from the article (marked DIFFERS)\n",
                r.mismatches, r.mismatches == 1 ? "" : "s");
        rc = GT_ERR_MISMATCH;
    }
    return rc;
}
