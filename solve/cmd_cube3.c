/* godtab-solve cube3: optimal 3x3x3 solutions by IDA* over the stored
 * pattern databases (common/cube3_search.h). */
#include "cli.h"
#include "cube3.h"
#include "cube3_search.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "gt_error.h"
#include "solve_commands.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BUILD_HINT "godtab-gen cube3"
#define ANSWER_CAP 1024
#define ALL_ANSWER_CAP (1 << 16) /* per batch line; a single query gets more */

enum { FORMAT_AUTO, FORMAT_SCRAMBLE, FORMAT_FACELETS };

typedef struct cube3_cli {
    gt_cube3_search_options search;
    int json, format, quiet, tty;
    const gt_cube3_solver *solver;
} cube3_cli;

static void cube3_usage(FILE *out)
{
    fprintf(out,
            "usage: godtab-solve cube3 [--metric htm|qtm] [--all] [--json] [--threads N]\n"
            "                          [--max-depth D] [--timeout S] [--db PATH] [--corners-only]\n"
            "                          [--quiet] [--format auto|scramble|facelets]\n"
            "                          (SCRAMBLE | --facelets S)\n"
            "  SCRAMBLE      WCA/SiGN moves: U D R L F B, wide Rw/r, slices M E S, rotations x y z,\n"
            "                with ' 2 2' (one or more words); solved in the final orientation\n"
            "  --facelets S  54 stickers, faces U R F D L B, each read left to right, top to\n"
            "                bottom (Kociemba's order); any six letters, the centres give the scheme\n"
            "  --all         every optimal solution (canonical: U before D, R before L, F before B\n"
            "                for commuting turns)\n"
            "  --max-depth D, --timeout S   stop there; exit 10 with the best lower bound proven\n"
            "  --corners-only  use only the corner table (slow; for shallow positions)\n"
            "  --no-inverse, --no-axis-masks, --no-symmetry   turn one pruning off (to measure\n"
            "                what it brings; the answers stay optimal)\n"
            "With no query, reads one query a line from standard input (auto format: a single\n"
            "54-character word is a facelet string, anything else a scramble).\n"
            "Prints one optimal solution in face turns, then (distance). Needs the tables built by\n"
            "'" BUILD_HINT "'. Exit codes: 0 ok, 1 usage, 2 malformed input, 3 unsolvable\n"
            "position, 4 table missing, 5 corrupted, 8 some batch lines failed, 10 limit reached.\n");
}

static void progress_line(void *user, int bound, uint64_t nodes, double seconds)
{
    const cube3_cli *c = user;
    fprintf(stderr, "cube3: searching depth %d, %.3g nodes, %.3g nodes/s, %.0f s%s", bound,
            (double)nodes, seconds > 0 ? (double)nodes / seconds : 0.0, seconds, c->tty ? "   \r" : "\n");
}

static int looks_like_facelets(const char *q)
{
    size_t n = strlen(q);
    while (n > 0 && (q[n - 1] == ' ' || q[n - 1] == '\t'))
        n--;
    return n == GT_CUBE3_FACELETS && strcspn(q, " \t") == n;
}

static int parse_query(const cube3_cli *c, const char *query, int format, gt_cube3 *pos, char *err,
                       size_t errcap)
{
    gt_parse_error pe = {0, 0, ""};
    gt_cube3_verdict v;
    if (format == FORMAT_AUTO)
        format = looks_like_facelets(query) ? FORMAT_FACELETS : FORMAT_SCRAMBLE;
    int rc = format == FORMAT_FACELETS ? gt_cube3_from_facelets(query, pos, NULL, &v, &pe)
                                       : gt_cube3_from_scramble(query, pos, &pe);
    if (rc)
        snprintf(err, errcap, "%s", pe.message[0] ? pe.message : gt_strerror(rc));
    (void)c;
    return rc;
}

/* Appends text; returns -1 when out of room. */
static int append(char *out, size_t cap, size_t *len, const char *text)
{
    size_t k = strlen(text);
    if (*len + k + 1 >= cap)
        return -1;
    memcpy(out + *len, text, k + 1);
    *len += k;
    return 0;
}

static int format_answer(const cube3_cli *c, const gt_cube3_search_result *r, char *out, size_t cap)
{
    const char *metric = c->search.metric == GT_CUBE3_QTM ? "qtm" : "htm";
    char solution[GT_CUBE3_MAX_SOLUTION * 4 + 1], head[256];
    size_t len = 0;
    gt_cube3_format_moves(r->moves, r->length, solution);
    if (c->json) {
        snprintf(head, sizeof head, "{\"puzzle\":\"cube3\",\"metric\":\"%s\",\"distance\":%d,\"solution\":",
                 metric, r->distance);
        if (append(out, cap, &len, head) || gt_cli_json_string(out, cap, &len, solution))
            return GT_ERR_RANGE;
        if (c->search.all) {
            if (append(out, cap, &len, ",\"solutions\":["))
                return GT_ERR_RANGE;
            for (uint64_t i = 0; i < r->n_solutions; i++) {
                gt_cube3_format_moves(r->solutions + i * (uint64_t)r->distance, r->distance, solution);
                if ((i && append(out, cap, &len, ",")) || gt_cli_json_string(out, cap, &len, solution))
                    return GT_ERR_RANGE;
            }
            snprintf(head, sizeof head, "],\"count\":%llu", (unsigned long long)r->n_solutions);
            if (append(out, cap, &len, head))
                return GT_ERR_RANGE;
        }
        snprintf(head, sizeof head, ",\"nodes\":%llu,\"seconds\":%.3f}", (unsigned long long)r->nodes,
                 r->seconds);
        return append(out, cap, &len, head) ? GT_ERR_RANGE : GT_OK;
    }
    if (c->search.all) {
        for (uint64_t i = 0; i < r->n_solutions; i++) {
            gt_cube3_format_moves(r->solutions + i * (uint64_t)r->distance, r->distance, solution);
            if (append(out, cap, &len, r->distance ? solution : "(solved)") || append(out, cap, &len, "\n"))
                return GT_ERR_RANGE;
        }
        snprintf(head, sizeof head, "%llu optimal solution%s of length %d", (unsigned long long)r->n_solutions,
                 r->n_solutions == 1 ? "" : "s", r->distance);
        return append(out, cap, &len, head) ? GT_ERR_RANGE : GT_OK;
    }
    snprintf(out, cap, "%s%s(%d)", solution, r->length ? " " : "", r->distance);
    return GT_OK;
}

static int answer_query(const cube3_cli *c, const char *query, int format, char *out, size_t cap,
                        char *err, size_t errcap)
{
    gt_cube3 pos;
    gt_cube3_search_result r;
    int rc = parse_query(c, query, format, &pos, err, errcap);
    if (rc)
        return rc;
    rc = gt_cube3_search(c->solver, &pos, &c->search, &r);
    if (!c->quiet && c->tty && c->search.progress)
        fprintf(stderr, "%60s\r", "");
    if (rc == GT_ERR_TIMEOUT || rc == GT_ERR_INTERRUPT) {
        snprintf(err, errcap, "no solution found within the limits; the distance is at least %d "
                 "(%llu nodes, %.1f s)", r.lower_bound, (unsigned long long)r.nodes, r.seconds);
        if (c->json)
            snprintf(out, cap, "{\"puzzle\":\"cube3\",\"metric\":\"%s\",\"distance\":null,\"lower_bound\":%d,"
                     "\"nodes\":%llu,\"seconds\":%.3f}", c->search.metric == GT_CUBE3_QTM ? "qtm" : "htm",
                     r.lower_bound, (unsigned long long)r.nodes, r.seconds);
        goto free_result;
    }
    if (rc) {
        snprintf(err, errcap, "%s", gt_strerror(rc));
        goto free_result;
    }
    /* Belt and braces: the search checked it already; a wrong answer is never printed. */
    gt_cube3 check = pos;
    gt_cube3_apply_moves(&check, r.moves, r.length);
    if (!gt_cube3_is_solved(&check)) {
        rc = GT_ERR_CORRUPT;
        snprintf(err, errcap, "internal error: the solution found does not solve the cube");
        goto free_result;
    }
    if ((rc = format_answer(c, &r, out, cap)) != 0)
        snprintf(err, errcap, "too many optimal solutions to print (%llu)", (unsigned long long)r.n_solutions);
free_result:
    gt_cube3_search_result_free(&r);
    return rc;
}

typedef struct batch_ctx {
    const cube3_cli *cli;
} batch_ctx;

static int batch_answer(void *ctx, const char *line, char *out, size_t cap, char *err, size_t errcap)
{
    const batch_ctx *b = ctx;
    /* A line that fails (a timeout too) gets its one stderr line only. */
    return answer_query(b->cli, line, b->cli->format, out, cap, err, errcap);
}

/* Loads the tables into a solver: the corners, and the strongest edge table
 * present (cube3-fss16-twist, else cube3-flipslice-twist). Prints the reason
 * and returns the exit code on failure. tables[0..2]: corners, fst, fss. */
static int load_solver(const char *db_path, int corners_only, gt_db **db, gt_puzzle **puzzles,
                       gt_table **tables, gt_cube3_solver **solver)
{
    const char *path = gt_db_default_path(db_path);
    int code = gt_cli_load_table(db_path, GT_CUBE3_CORNERS_TABLE, BUILD_HINT, db, &puzzles[0], &tables[0]);
    if (code)
        return code;
    if (!corners_only) {
        int rc = gt_db_get_table(*db, GT_CUBE3_FSS_TABLE, 0, &tables[2]);
        if (rc == GT_ERR_NOTFOUND)
            rc = gt_catalog_load(*db, GT_CUBE3_FST_TABLE, &puzzles[1], &tables[1]);
        if (rc == GT_ERR_NOTFOUND) {
            fprintf(stderr, "godtab-solve: tables %s and %s are not in %s; build them with: %s "
                    "(or use --corners-only for shallow positions)\n", GT_CUBE3_FSS_TABLE, GT_CUBE3_FST_TABLE,
                    path, BUILD_HINT);
            return gt_exit_code(rc);
        }
        if (rc) {
            fprintf(stderr, "godtab-solve: cube3 edge table in %s: %s; rebuild it with: %s\n", path,
                    gt_strerror(rc), BUILD_HINT);
            return gt_exit_code(rc);
        }
    }
    int rc = gt_cube3_solver_new(tables[0], tables[1], tables[2], solver);
    if (rc == GT_ERR_INVAL) {
        fprintf(stderr, "godtab-solve: the cube3 tables in %s do not fit this program; rebuild them with: %s\n",
                path, BUILD_HINT);
        return GT_EXIT_CORRUPT;
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: cannot set up the solver: %s\n", gt_strerror(rc));
        return gt_exit_code(rc);
    }
    for (int i = 0; i < 3; i++) { /* the solver has its own copies */
        gt_table_free(tables[i]);
        tables[i] = NULL;
    }
    return GT_EXIT_OK;
}

int gt_cmd_cube3(int argc, char **argv)
{
    cube3_cli c = {.format = FORMAT_AUTO};
    const char *db_path = NULL, *facelets = NULL;
    int corners_only = 0;
    long v;
    static const struct option longopts[] = {
        {"metric", required_argument, NULL, 'm'},    {"all", no_argument, NULL, 'a'},
        {"json", no_argument, NULL, 'j'},            {"db", required_argument, NULL, 'd'},
        {"facelets", required_argument, NULL, 'f'},  {"format", required_argument, NULL, 'F'},
        {"threads", required_argument, NULL, 't'},   {"max-depth", required_argument, NULL, 'D'},
        {"timeout", required_argument, NULL, 'T'},   {"corners-only", no_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},           {"help", no_argument, NULL, 'h'},
        {"no-inverse", no_argument, NULL, 'I'},      {"no-axis-masks", no_argument, NULL, 'M'},
        {"no-symmetry", no_argument, NULL, 'S'},
        {NULL, 0, NULL, 0}};
    int opt;
    optind = 1;
    /* '+' stops at the first non-option: scrambles like "R' U" are queries. */
    while ((opt = getopt_long(argc, argv, "+m:ajd:f:F:t:D:T:cqh", longopts, NULL)) != -1) {
        switch (opt) {
        case 'm':
            if (!strcmp(optarg, "htm")) c.search.metric = GT_CUBE3_HTM;
            else if (!strcmp(optarg, "qtm")) c.search.metric = GT_CUBE3_QTM;
            else {
                fprintf(stderr, "godtab-solve: --metric wants htm or qtm, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            break;
        case 'a': c.search.all = 1; break;
        case 'j': c.json = 1; break;
        case 'd': db_path = optarg; break;
        case 'f': facelets = optarg; break;
        case 'F':
            if (!strcmp(optarg, "facelets")) c.format = FORMAT_FACELETS;
            else if (!strcmp(optarg, "scramble")) c.format = FORMAT_SCRAMBLE;
            else if (strcmp(optarg, "auto")) {
                fprintf(stderr, "godtab-solve: --format wants auto, scramble or facelets, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            break;
        case 't':
            if ((v = gt_cli_parse_count("--threads", optarg, 1, 1024)) < 0)
                return GT_EXIT_USAGE;
            c.search.threads = (int)v;
            break;
        case 'D':
            if ((v = gt_cli_parse_count("--max-depth", optarg, 1, GT_CUBE3_MAX_SOLUTION - 1)) < 0)
                return GT_EXIT_USAGE;
            c.search.max_depth = (int)v;
            break;
        case 'T': {
            char *end;
            double t = strtod(optarg, &end);
            if (!*optarg || *end || !(t > 0)) {
                fprintf(stderr, "godtab-solve: --timeout wants a positive number of seconds, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            c.search.timeout = t;
            break;
        }
        case 'c': corners_only = 1; break;
        case 'q': c.quiet = 1; break;
        case 'I': c.search.no_inverse = 1; break;
        case 'M': c.search.no_axis_masks = 1; break;
        case 'S': c.search.no_symmetry = 1; break;
        case 'h': cube3_usage(stdout); return GT_EXIT_OK;
        default: cube3_usage(stderr); return GT_EXIT_USAGE;
        }
    }
    char query[4096];
    int joined = gt_cli_join_words(argc, argv, optind, query, sizeof query);
    if (joined)
        return joined;
    if (optind < argc && facelets) {
        fprintf(stderr, "godtab-solve: give either SCRAMBLE or --facelets\n");
        return GT_EXIT_USAGE;
    }
    c.tty = isatty(STDERR_FILENO);
    if (!c.quiet) {
        c.search.progress = progress_line;
        c.search.progress_user = &c;
        c.search.progress_interval = c.tty ? 1.0 : 5.0;
    }

    gt_db *db = NULL;
    gt_puzzle *puzzles[2] = {NULL, NULL};
    gt_table *tables[3] = {NULL, NULL, NULL};
    gt_cube3_solver *solver = NULL;
    int code = load_solver(db_path, corners_only, &db, puzzles, tables, &solver);
    if (code)
        goto unload;
    c.solver = solver;
    if (optind == argc && !facelets) {
        batch_ctx b = {&c};
        code = gt_cli_batch(stdin, batch_answer, &b, c.search.all ? ALL_ANSWER_CAP : ANSWER_CAP, 0,
                            c.search.threads);
    } else {
        size_t cap = c.search.all ? 1 << 24 : ANSWER_CAP;
        char *out = malloc(cap), err[256];
        if (!out) {
            code = GT_EXIT_INTERNAL;
            goto unload;
        }
        out[0] = 0;
        int rc = answer_query(&c, facelets ? facelets : query, facelets ? FORMAT_FACELETS : c.format, out, cap,
                              err, sizeof err);
        if (rc) {
            if (c.json && out[0] == '{')
                puts(out);
            fprintf(stderr, "godtab-solve: %s\n", err);
            code = gt_exit_code(rc);
        } else {
            puts(out);
        }
        free(out);
    }
unload:
    gt_cube3_solver_free(solver);
    if (puzzles[1])
        gt_cube3_puzzle_free(puzzles[1]);
    gt_table_free(tables[1]);
    gt_table_free(tables[2]);
    gt_cli_unload_table(GT_CUBE3_CORNERS_TABLE, db, puzzles[0], tables[0]);
    return code;
}
