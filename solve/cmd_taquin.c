/* godtab-solve taquin: optimal flip-taquin solutions by walking the stored
 * table of the board (taquin-NxM), with the configuration's type and its
 * neighbour types on request. */
#include "answer_json.h"
#include "cli.h"
#include "draw.h"
#include "gt_error.h"
#include "solve.h"
#include "solve_commands.h"
#include "taquin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

typedef struct taquin_cli {
    int json, show;
    const gt_puzzle *puzzle;
    const gt_table *table;
    const gt_taquin_board *board;
    gt_taquin_anatomy *anatomy; /* with --show on boards small enough: the (d;k) numbers */
} taquin_cli;

#define ANSWER_CAP 4096

static void taquin_usage(FILE *out, const void *ctx)
{
    (void)ctx;
    fprintf(out,
            "usage: godtab-solve taquin [--board NxM] [--json] [--show] [--db PATH] [--threads N]\n"
            "                           [CONFIG | --random N [--seed S]]\n"
            "  CONFIG     N·M tiles 0/1 row by row (I accepted for 1), rows optionally\n"
            "             separated by '/': 110/101/100 or 110101100 (default board 3x3)\n"
            "  --board    NxM, 2 <= N, M <= 6 (table taquin-NxM, built by godtab-gen taquin)\n"
            "  --svg FILE also write the board of a single CONFIG, with its solution, as SVG\n"
            "             (FILE -: standard output, as for --graph)\n"
            "  --graph F  write the board's quotient graph (types on circles by distance, niches,\n"
            "             a smallest beacon set for radius 2) as SVG, or Graphviz if F ends in .dot\n"
            "  --random N N uniformly random configurations: the board, a tab, an optimal scramble\n"
            "             (--json: the shape of every family's --random, docs/json.md)\n"
            "  --show     also draw the board and give its type under the board's symmetries\n"
            "             with its closer and farther neighbour types\n"
            "With no CONFIG, reads one configuration a line from standard input.\n"
            "Prints one optimal sequence of moves (L1.. rows, C1.. columns), then (distance).\n"
            "Exit codes: 0 ok, 1 usage, 2 malformed configuration, 3 illegal configuration,\n"
            "4 table missing, 5 table corrupted, 8 some batch lines failed.\n");
}

/* The table as the library's board answers (taquin.h) see it. */
static gt_taquin_tables taquin_of(const taquin_cli *c)
{
    gt_taquin_tables t = {c->puzzle, c->table, c->board, c->anatomy};
    return t;
}

static void append(char *out, size_t cap, size_t *len, const char *text)
{
    size_t k = strlen(text);
    if (*len + k + 1 < cap) {
        memcpy(out + *len, text, k + 1);
        *len += k;
    }
}

/* --json: the library's answer fields as the shared answer module
 * (answer_json.h) writes them, one line in out. */
static int answer_json(const taquin_cli *c, const char *query, char *out, size_t cap, char *err, size_t errcap)
{
    gt_taquin_tables t = taquin_of(c);
    gt_parse_error pe = {0};
    gt_answer *a = malloc(sizeof *a);
    int rc = a ? gt_taquin_answer(&t, query, c->show, a, &pe) : GT_ERR_NOMEM;
    json_t *o = rc ? NULL : gt_answer_json(a, GT_OK);
    char *text = o ? gt_answer_dump(o) : NULL;
    if (!rc && !text)
        rc = GT_ERR_NOMEM;
    if (!rc && strlen(text) >= cap)
        rc = GT_ERR_RANGE;
    if (rc)
        snprintf(err, errcap, "%s", a && a->message[0] ? a->message : gt_strerror(rc));
    else
        memcpy(out, text, strlen(text) + 1);
    free(text);
    json_decref(o);
    free(a);
    return rc;
}

/* The answer to one query, without a trailing newline. */
static int answer_query(const taquin_cli *c, const char *query, char *out, size_t cap, char *err,
                        size_t errcap)
{
    if (c->json)
        return answer_json(c, query, out, cap, err, errcap);
    gt_taquin_tables t = taquin_of(c);
    gt_parse_error e = {0};
    uint64_t code, rank;
    uint8_t moves[GT_MAX_DEPTH];
    int len, rc = gt_taquin_solve_config(&t, query, &code, &rank, moves, &len, &e);
    if (rc) {
        snprintf(err, errcap, "%s", e.message);
        return rc;
    }
    char solution[256];
    gt_taquin_format_moves(c->board, moves, len, solution, sizeof solution);
    size_t n = 0;
    out[0] = 0;
    if (c->show)
        gt_taquin_show_text(&t, code, rank, len, out, cap, &n);
    char tail[300];
    snprintf(tail, sizeof tail, "%s%s(%d)", solution, len ? " " : "", len);
    append(out, cap, &n, tail);
    return GT_OK;
}

static int batch_answer(void *ctx, const char *line, char *out, size_t cap, char *err,
                        size_t errcap)
{
    return answer_query(ctx, line, out, cap, err, errcap);
}

typedef struct taquin_args {
    int rows, cols;
    const char *graph; /* --graph FILE (.svg or .dot), or NULL */
} taquin_args;

enum { OPT_GRAPH = 256 };

static int taquin_option(void *ctx, int opt, const char *arg)
{
    taquin_args *a = ctx;
    if (opt == OPT_GRAPH) {
        a->graph = arg;
        return *arg ? 0 : (fprintf(stderr, "godtab-solve: --graph wants a file name\n"), GT_EXIT_USAGE);
    }
    if (opt != 'b' || gt_taquin_parse_size(arg, &a->rows, &a->cols) != 0) {
        fprintf(stderr, "godtab-solve: --board wants NxM with 2 <= N, M <= 6, not '%s'\n", arg);
        return GT_EXIT_USAGE;
    }
    return 0;
}

static const struct option taquin_options[] = {
    {"board", required_argument, NULL, 'b'}, {"graph", required_argument, NULL, OPT_GRAPH}, {NULL, 0, NULL, 0}};

/* The quotient graph's nodes ("d;k", niches, a smallest beacon set for
 * radius 2 with the niches exempt) and edges (closer and as-far links). */
static int graph_parts(const gt_taquin_anatomy *a, gt_draw_node *nodes, char (*labels)[16], int (*edges)[2],
                       int *n_edges)
{
    gt_taquin_beacon_set set = {0};
    if (a->n_types <= GT_TAQUIN_BEACON_MAX_TYPES && gt_taquin_beacon_search(a, 2, 1, &set) != GT_OK)
        set.beacons = 0;
    *n_edges = 0;
    for (int i = 0; i < a->n_types; i++) {
        const gt_taquin_type *t = &a->types[i];
        snprintf(labels[i], sizeof labels[i], "%d;%d", t->distance, t->number);
        nodes[i] = (gt_draw_node){t->distance, labels[i],
                                  (t->distance > 0 && t->n_down == 0 ? GT_DRAW_NICHE : 0u) |
                                      (i < 64 && (set.beacons >> i & 1) ? GT_DRAW_BEACON : 0u)};
        for (int k = 0; k < t->n_up; k++)
            edges[(*n_edges)++][0] = i, edges[*n_edges - 1][1] = t->up[k].type;
        for (int k = 0; k < t->n_level; k++)
            if (t->level[k].type > i)
                edges[(*n_edges)++][0] = i, edges[*n_edges - 1][1] = t->level[k].type;
    }
    return GT_OK;
}

/* Graphviz: one node a type, ranked by distance. */
static int write_dot(const char *path, const gt_draw_node *nodes, int n, const int (*edges)[2], int n_edges)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "godtab-solve: cannot write %s\n", path);
        return GT_EXIT_STORAGE;
    }
    fprintf(f, "graph taquin {\n  node [shape=circle fontsize=9];\n");
    for (int i = 0; i < n; i++)
        fprintf(f, "  t%d [label=\"%s\"%s%s];\n", i, nodes[i].label, nodes[i].marks & GT_DRAW_NICHE ? " color=red" : "",
                nodes[i].marks & GT_DRAW_BEACON ? " style=filled fillcolor=lightblue" : "");
    for (int e = 0; e < n_edges; e++)
        fprintf(f, "  t%d -- t%d;\n", edges[e][0], edges[e][1]);
    fprintf(f, "}\n");
    return fclose(f) ? GT_EXIT_STORAGE : GT_EXIT_OK;
}

/* --graph FILE: the quotient graph as the article draws it, SVG (the
 * library's writer) or Graphviz (.dot). */
static int write_graph(const taquin_cli *c, const char *path)
{
    gt_taquin_anatomy *a = NULL;
    int rc = gt_taquin_anatomy_build(c->puzzle, c->table->data, &a), code = GT_EXIT_OK;
    if (rc == GT_OK && a->n_types > 4096)
        rc = GT_ERR_RANGE;
    gt_draw_node *nodes = rc ? NULL : calloc((size_t)a->n_types, sizeof *nodes);
    char(*labels)[16] = rc ? NULL : calloc((size_t)a->n_types, sizeof *labels);
    int(*edges)[2] = rc ? NULL : calloc((size_t)a->n_types * GT_TAQUIN_MAX_MOVES, sizeof *edges), n_edges = 0;
    char *svg = rc ? NULL : malloc(1 << 22);
    if (!rc && (!nodes || !labels || !edges || !svg))
        rc = GT_ERR_NOMEM;
    size_t n = strlen(path);
    if (!rc && !(rc = graph_parts(a, nodes, labels, edges, &n_edges))) {
        if (n > 4 && !strcmp(path + n - 4, ".dot"))
            code = write_dot(path, nodes, a->n_types, (const int(*)[2])edges, n_edges);
        else if (!(rc = gt_draw_rings_svg(nodes, a->n_types, (const int(*)[2])edges, n_edges,
                                          "quotient graph: types by distance, niches red, beacons (r = 2) blue", svg,
                                          1 << 22)))
            code = gt_cli_write_file(path, svg);
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: --graph: %s\n", rc == GT_ERR_RANGE ? "the board has too many types to draw"
                                                                         : gt_strerror(rc));
        code = gt_exit_code(rc);
    }
    free(svg);
    free(edges);
    free(labels);
    free(nodes);
    gt_taquin_anatomy_free(a);
    return code;
}

static const gt_cli_command taquin_command = {
    .name = "taquin",
    .shared = GT_CLI_DB | GT_CLI_THREADS | GT_CLI_JSON | GT_CLI_SHOW | GT_CLI_SVG | GT_CLI_RANDOM,
    .own = taquin_options,
    .own_short = "b:",
    .own_option = taquin_option,
    .usage = taquin_usage,
};

/* Type numbers (d;k) need every type of the board: only where that is cheap. */
static int build_anatomy(taquin_cli *c, const char *table, const char *hint)
{
    if (!c->show || c->puzzle->n_states > GT_TAQUIN_ANATOMY_MAX_STATES)
        return GT_EXIT_OK;
    int rc = gt_taquin_anatomy_build(c->puzzle, c->table->data, &c->anatomy);
    if (rc)
        fprintf(stderr, "godtab-solve: table %s: %s (rebuild it with: %s)\n", table, gt_strerror(rc), hint);
    return gt_exit_code(rc);
}

/* --svg: the board of the query, captioned with its solution. */
static int write_svg(const taquin_cli *c, const char *path, const char *query)
{
    gt_taquin_tables t = taquin_of(c);
    gt_parse_error e = {0};
    uint64_t code, rank;
    uint8_t moves[GT_MAX_DEPTH];
    int len, rc = gt_taquin_solve_config(&t, query, &code, &rank, moves, &len, &e);
    char config[64], solution[256], caption[300], svg[1 << 16];
    if (!rc) {
        gt_taquin_format(c->board, code, config, sizeof config);
        gt_taquin_format_moves(c->board, moves, len, solution, sizeof solution);
        snprintf(caption, sizeof caption, "%s (%d)", len ? solution : "solved", len);
        rc = gt_draw_board_svg(c->board->rows, c->board->cols, config, caption, svg, sizeof svg);
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: --svg: %s\n", gt_strerror(rc));
        return gt_exit_code(rc);
    }
    return gt_cli_write_file(path, svg);
}

/* --random N: the lines every family prints (answer_json.h), from the
 * board's table walked as the generic front end walks it. */
static int random_configs(const taquin_cli *c, const char *table, const gt_cli_options *o)
{
    gt_answer_walk w = {gt_catalog_find_family("taquin"), gt_catalog_find(table), c->puzzle, c->table};
    gt_answer_error e = {0, "", NULL};
    gt_rng rng;
    uint64_t seed = o->seed;
    if (!o->have_seed && getrandom(&seed, sizeof seed, 0) != sizeof seed)
        seed = (uint64_t)time(NULL);
    gt_rng_seed(&rng, seed);
    char text[ANSWER_CAP];
    for (long i = 0; i < o->random; i++) {
        json_t *j = w.family && w.spec ? gt_answer_walk_random(&w, &rng, text, sizeof text, &e) : NULL;
        char *dump = j && o->json ? gt_answer_dump(j) : NULL;
        json_decref(j);
        if (!j || (o->json && !dump)) {
            fprintf(stderr, "godtab-solve: %s\n", w.spec ? e.message : "internal error: no taquin family");
            return w.spec ? gt_exit_code(e.rc) : GT_EXIT_INTERNAL;
        }
        puts(o->json ? dump : text);
        free(dump);
    }
    return GT_EXIT_OK;
}

static int answer(taquin_cli *c, const gt_cli_options *o, int argc, char **argv)
{
    if (o->first_word == argc)
        return gt_cli_batch(stdin, batch_answer, c, ANSWER_CAP, 1, o->threads);
    int code = gt_cli_answer_one(batch_answer, c, argv[o->first_word], ANSWER_CAP);
    if (!code && o->svg)
        code = write_svg(c, o->svg, argv[o->first_word]);
    return code;
}

int gt_cmd_taquin(int argc, char **argv)
{
    taquin_args args = {3, 3, NULL};
    gt_cli_options o;
    int code = gt_cli_parse(&taquin_command, &args, argc, argv, &o);
    if (code)
        return code == GT_CLI_HELP_SHOWN ? GT_EXIT_OK : code;
    if (argc - o.first_word > 1) {
        fprintf(stderr, "godtab-solve: give one CONFIG (rows may be separated by '/'), not %d "
                        "words\n", argc - o.first_word);
        return GT_EXIT_USAGE;
    }
    if (o.svg && o.first_word == argc) {
        fprintf(stderr, "godtab-solve: --svg draws a single CONFIG\n");
        return GT_EXIT_USAGE;
    }
    if (o.random >= 0 && (o.first_word < argc || o.svg || o.show)) {
        fprintf(stderr, "godtab-solve: --random takes no CONFIG, --svg or --show\n");
        return GT_EXIT_USAGE;
    }
    taquin_cli c = {o.json, o.show, NULL, NULL, NULL, NULL};
    char table[GT_NAME_MAX], hint[GT_NAME_MAX + 16];
    snprintf(table, sizeof table, "taquin-%dx%d", args.rows, args.cols);
    snprintf(hint, sizeof hint, "godtab-gen %s", table);
    gt_db *db = NULL;
    gt_puzzle *puzzle = NULL;
    gt_table *t = NULL;
    if ((code = gt_cli_load_table(o.db_path, table, hint, &db, &puzzle, &t)) != 0)
        return code;
    c.puzzle = puzzle;
    c.table = t;
    if (gt_taquin_board_of(puzzle, &c.board) != 0 || t->meta.encoding != GT_ENC_BYTE) {
        fprintf(stderr, "godtab-solve: table %s is not a taquin byte table\n", table);
        code = GT_EXIT_CORRUPT;
        goto unload;
    }
    if (o.random >= 0) {
        code = random_configs(&c, table, &o);
        goto unload;
    }
    if (args.graph && (code = write_graph(&c, args.graph)) != 0)
        goto unload;
    if (args.graph && o.first_word == argc)
        goto unload; /* the picture was the question */
    if ((code = build_anatomy(&c, table, hint)) == 0)
        code = answer(&c, &o, argc, argv);
    gt_taquin_anatomy_free(c.anatomy);
unload:
    gt_cli_unload_table(table, db, puzzle, t);
    return code;
}
