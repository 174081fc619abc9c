/* godtab-solve taquin: optimal flip-taquin solutions by walking the stored
 * table of the board (taquin-NxM), with the configuration's type and its
 * neighbour types on request. */
#include "cli.h"
#include "gt_error.h"
#include "solve.h"
#include "solve_commands.h"
#include "taquin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
            "                           [CONFIG]\n"
            "  CONFIG     N·M tiles 0/1 row by row (I accepted for 1), rows optionally\n"
            "             separated by '/': 110/101/100 or 110101100 (default board 3x3)\n"
            "  --board    NxM, 2 <= N, M <= 6 (table taquin-NxM, built by godtab-gen taquin)\n"
            "  --show     also draw the board and give its type under the board's symmetries\n"
            "             with its closer and farther neighbour types\n"
            "With no CONFIG, reads one configuration a line from standard input.\n"
            "Prints one optimal sequence of moves (L1.. rows, C1.. columns), then (distance).\n"
            "Exit codes: 0 ok, 1 usage, 2 malformed configuration, 3 illegal configuration,\n"
            "4 table missing, 5 table corrupted, 8 some batch lines failed.\n");
}

/* The distance of a rank, read from the table. */
static int distance_of(const taquin_cli *c, uint64_t rank)
{
    return gt_table_residue(c->table, c->puzzle, rank);
}

/* "(2;1)" when the anatomy numbers types, else the representative. */
static void type_label(const taquin_cli *c, uint64_t rank, char *buf, size_t cap)
{
    uint64_t rep = 0, code = 0;
    gt_taquin_type_of(c->puzzle, rank, &rep, NULL, NULL);
    gt_taquin_unrank(c->board, rep, &code);
    char text[64];
    gt_taquin_format(c->board, code, text, sizeof text);
    if (c->anatomy) {
        const gt_taquin_type *t = &c->anatomy->types[c->anatomy->type_of[rank]];
        snprintf(buf, cap, "(%d;%d) %s", t->distance, t->number, text);
    } else {
        snprintf(buf, cap, "%s", text);
    }
}

/* The neighbour types of a configuration grouped by closer / farther / same
 * distance, each with the moves leading there. */
typedef struct neighbour {
    uint64_t rep_rank, any_rank;
    int distance;
    char moves[64];
} neighbour;

static int collect_neighbours(const taquin_cli *c, uint64_t code, neighbour *list)
{
    int n = 0;
    for (int m = 0; m < c->board->n_moves; m++) {
        uint64_t next = gt_taquin_apply_move(c->board, code, m), rank = 0, rep = 0;
        gt_taquin_rank(c->board, next, &rank);
        gt_taquin_type_of(c->puzzle, rank, &rep, NULL, NULL);
        int k = 0;
        while (k < n && list[k].rep_rank != rep)
            k++;
        if (k == n) {
            list[n].rep_rank = rep;
            list[n].any_rank = rank;
            list[n].distance = distance_of(c, rank);
            list[n].moves[0] = 0;
            n++;
        }
        size_t used = strlen(list[k].moves);
        snprintf(list[k].moves + used, sizeof list[k].moves - used, "%s%s", used ? " " : "",
                 c->board->move_name[m]);
    }
    return n;
}

static void append(char *out, size_t cap, size_t *len, const char *text)
{
    size_t k = strlen(text);
    if (*len + k + 1 < cap) {
        memcpy(out + *len, text, k + 1);
        *len += k;
    }
}

static void show_text(const taquin_cli *c, uint64_t code, uint64_t rank, int distance, char *out,
                      size_t cap, size_t *len)
{
    const gt_taquin_board *b = c->board;
    char line[512], label[96];
    for (int r = 0; r < b->rows; r++) {
        size_t k = 0;
        for (int col = 0; col < b->cols; col++) {
            line[k++] = (char)('0' + ((code >> (r * b->cols + col)) & 1u));
            line[k++] = col + 1 < b->cols ? ' ' : '\n';
        }
        line[k] = 0;
        append(out, cap, len, line);
    }
    int orbit;
    unsigned stab;
    uint64_t rep;
    gt_taquin_type_of(c->puzzle, rank, &rep, &orbit, &stab);
    char syms[64] = "";
    for (int k = 0; k < b->n_syms; k++)
        if (stab >> k & 1) {
            size_t used = strlen(syms);
            snprintf(syms + used, sizeof syms - used, "%s%s", used ? ", " : "", b->sym_name[k]);
        }
    type_label(c, rank, label, sizeof label);
    snprintf(line, sizeof line, "type %s at distance %d: %d configuration%s, stabiliser {%s}\n",
             label, distance, orbit, orbit == 1 ? "" : "s", syms);
    append(out, cap, len, line);
    neighbour list[GT_TAQUIN_MAX_MOVES];
    int n = collect_neighbours(c, code, list);
    static const char *heading[3] = {"closer", "farther", "as far"};
    static const int offset[3] = {-1, 1, 0};
    for (int kind = 0; kind < 3; kind++) {
        size_t mark = *len;
        snprintf(line, sizeof line, "%s (%d):", heading[kind], distance + offset[kind]);
        append(out, cap, len, line);
        int any = 0;
        for (int i = 0; i < n; i++) {
            if (list[i].distance != distance + offset[kind])
                continue;
            type_label(c, list[i].any_rank, label, sizeof label);
            snprintf(line, sizeof line, "%s %s by %s", any ? ";" : "", label, list[i].moves);
            append(out, cap, len, line);
            any = 1;
        }
        if (!any && kind != 1) { /* the goal has nothing closer; most boards nothing as far */
            *len = mark;
            out[mark] = 0;
            continue;
        }
        append(out, cap, len, any ? "\n" : " none\n");
    }
}

static void show_json(const taquin_cli *c, uint64_t code, uint64_t rank, char *out, size_t cap,
                      size_t *len)
{
    const gt_taquin_board *b = c->board;
    int orbit;
    unsigned stab;
    uint64_t rep, rep_code;
    char text[64], line[256];
    gt_taquin_type_of(c->puzzle, rank, &rep, &orbit, &stab);
    gt_taquin_unrank(b, rep, &rep_code);
    gt_taquin_format(b, rep_code, text, sizeof text);
    snprintf(line, sizeof line, ",\"type\":{\"representative\":\"%s\",\"orbit_size\":%d", text,
             orbit);
    append(out, cap, len, line);
    if (c->anatomy) {
        const gt_taquin_type *t = &c->anatomy->types[c->anatomy->type_of[rank]];
        snprintf(line, sizeof line, ",\"number\":\"(%d;%d)\"", t->distance, t->number);
        append(out, cap, len, line);
    }
    append(out, cap, len, ",\"stabiliser\":[");
    for (int k = 0, first = 1; k < b->n_syms; k++)
        if (stab >> k & 1) {
            snprintf(line, sizeof line, "%s\"%s\"", first ? "" : ",", b->sym_name[k]);
            append(out, cap, len, line);
            first = 0;
        }
    append(out, cap, len, "],\"neighbours\":[");
    neighbour list[GT_TAQUIN_MAX_MOVES];
    int n = collect_neighbours(c, code, list);
    for (int i = 0; i < n; i++) {
        uint64_t nrep_code;
        gt_taquin_unrank(b, list[i].rep_rank, &nrep_code);
        gt_taquin_format(b, nrep_code, text, sizeof text);
        snprintf(line, sizeof line, "%s{\"representative\":\"%s\",\"distance\":%d,\"moves\":\"%s\"}",
                 i ? "," : "", text, list[i].distance, list[i].moves);
        append(out, cap, len, line);
    }
    append(out, cap, len, "]}");
}

/* The answer to one query, without a trailing newline. */
static int answer_query(const taquin_cli *c, const char *query, char *out, size_t cap, char *err,
                        size_t errcap)
{
    const gt_taquin_board *b = c->board;
    gt_parse_error pe = {0, 0, ""};
    gt_taquin_violation why;
    uint64_t code, rank, check;
    uint8_t moves[GT_MAX_DEPTH];
    int len, rc = gt_taquin_parse(b, query, &code, &pe);
    if (rc) {
        snprintf(err, errcap, "%s", pe.message);
        return rc;
    }
    if ((rc = gt_taquin_check(b, code, &why)) != 0) {
        snprintf(err, errcap, "%s", why.message);
        return rc;
    }
    gt_taquin_rank(b, code, &rank);
    if ((rc = gt_solve_walk(c->puzzle, c->table, rank, moves, GT_MAX_DEPTH, &len)) != 0) {
        snprintf(err, errcap, "%s", rc == GT_ERR_CORRUPT
                                        ? "the table is inconsistent (rebuild it with: godtab-gen taquin)"
                                        : gt_strerror(rc));
        return rc;
    }
    /* Replay the solution on the configuration: a table that lies is never believed. */
    check = code;
    for (int i = 0; i < len; i++)
        check = gt_taquin_apply_move(b, check, moves[i]);
    if (check != 0) {
        snprintf(err, errcap, "the table is inconsistent (rebuild it with: godtab-gen taquin)");
        return GT_ERR_CORRUPT;
    }
    char solution[256], config[64];
    const char *names[GT_TAQUIN_MAX_MOVES];
    for (int m = 0; m < b->n_moves; m++)
        names[m] = b->move_name[m];
    gt_cli_format_moves(names, moves, len, solution, sizeof solution);
    gt_taquin_format(b, code, config, sizeof config);
    size_t n = 0;
    out[0] = 0;
    if (c->json) {
        char head[512];
        snprintf(head, sizeof head,
                 "{\"puzzle\":\"taquin\",\"board\":\"%dx%d\",\"config\":\"%s\",\"distance\":%d,"
                 "\"solution\":\"%s\"",
                 b->rows, b->cols, config, len, solution);
        append(out, cap, &n, head);
        if (c->show)
            show_json(c, code, rank, out, cap, &n);
        append(out, cap, &n, "}");
    } else {
        if (c->show)
            show_text(c, code, rank, len, out, cap, &n);
        char tail[300];
        snprintf(tail, sizeof tail, "%s%s(%d)", solution, len ? " " : "", len);
        append(out, cap, &n, tail);
    }
    return GT_OK;
}

static int batch_answer(void *ctx, const char *line, char *out, size_t cap, char *err,
                        size_t errcap)
{
    return answer_query(ctx, line, out, cap, err, errcap);
}

typedef struct taquin_args {
    int rows, cols;
} taquin_args;

static int taquin_option(void *ctx, int opt, const char *arg)
{
    taquin_args *a = ctx;
    if (opt != 'b' || gt_taquin_parse_size(arg, &a->rows, &a->cols) != 0) {
        fprintf(stderr, "godtab-solve: --board wants NxM with 2 <= N, M <= 6, not '%s'\n", arg);
        return GT_EXIT_USAGE;
    }
    return 0;
}

static const struct option taquin_options[] = {{"board", required_argument, NULL, 'b'}, {NULL, 0, NULL, 0}};

static const gt_cli_command taquin_command = {
    .name = "taquin",
    .shared = GT_CLI_DB | GT_CLI_THREADS | GT_CLI_JSON | GT_CLI_SHOW,
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

static int answer(taquin_cli *c, const gt_cli_options *o, int argc, char **argv)
{
    if (o->first_word == argc)
        return gt_cli_batch(stdin, batch_answer, c, ANSWER_CAP, 1, o->threads);
    return gt_cli_answer_one(batch_answer, c, argv[o->first_word], ANSWER_CAP);
}

int gt_cmd_taquin(int argc, char **argv)
{
    taquin_args args = {3, 3};
    gt_cli_options o;
    int code = gt_cli_parse(&taquin_command, &args, argc, argv, &o);
    if (code)
        return code == GT_CLI_HELP_SHOWN ? GT_EXIT_OK : code;
    if (argc - o.first_word > 1) {
        fprintf(stderr, "godtab-solve: give one CONFIG (rows may be separated by '/'), not %d "
                        "words\n", argc - o.first_word);
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
    if ((code = build_anatomy(&c, table, hint)) == 0)
        code = answer(&c, &o, argc, argv);
    gt_taquin_anatomy_free(c.anatomy);
unload:
    gt_cli_unload_table(table, db, puzzle, t);
    return code;
}
