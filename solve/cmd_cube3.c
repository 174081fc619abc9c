/* godtab-solve cube3: optimal 3x3x3 solutions by IDA* over the stored
 * pattern databases (common/cube3_search.h). */
#include "cli.h"
#include "cube3.h"
#include "catalog.h"
#include "cube3_family.h"
#include "cube3_search.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "cube3_twophase.h"
#include "draw.h"
#include "gt_error.h"
#include "size.h"
#include "query.h"
#include "solve_commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BUILD_HINT "godtab-gen cube3"
#define ANSWER_CAP 1024
#define ALL_ANSWER_CAP (1 << 16) /* per batch line; a single query gets more */

typedef struct cube3_cli {
    gt_cube3_search_options search;
    int json, format, quiet, tty;
    const gt_cube3_solver *solver;
    const char *rung, *rung_load; /* --json's "rung": the edge table, map or copy */
} cube3_cli;

static void cube3_usage(FILE *out, const void *ctx)
{
    (void)ctx;
    fprintf(out,
            "usage: godtab-solve cube3 [--metric htm|qtm] [--all] [--json] [--threads N]\n"
            "                          [--max-length L | --near | --random N [--seed S]]\n"
            "                          [--max-depth D] [--timeout S] [--db PATH] [--corners-only]\n"
            "                          [--load map|copy] [--edges TABLE]\n"
            "                          [--quiet] [--format auto|scramble|facelets]\n"
            "                          (SCRAMBLE | --facelets S)\n"
            "  SCRAMBLE      WCA/SiGN moves: U D R L F B, wide Rw/r, slices M E S, rotations x y z,\n"
            "                with ' 2 2' (one or more words); solved in the final orientation\n"
            "  --facelets S  54 stickers, faces U R F D L B, each read left to right, top to\n"
            "                bottom (Kociemba's order); any six letters, the centres give the scheme\n"
            "  --show        draw the net of a single query first (ANSI colours on a terminal,\n"
            "                letters with NO_COLOR or into a file)\n"
            "  --svg FILE    write the net of a single query as SVG, captioned with its answer\n"
            "                (FILE -: standard output)\n"
            "  --all         every optimal solution (canonical: U before D, R before L, F before B\n"
            "                for commuting turns)\n"
            "  --max-depth D, --timeout S   stop there; exit 10 with the best lower bound proven\n"
            "  --max-length L  a solution of at most L moves (0..30), fast, not proven optimal:\n"
            "                Kociemba's two-phase algorithm with the table 'godtab-gen cube3-twophase'\n"
            "                (read in place; without it, slower, small tables built at start) (exit 10\n"
            "                if none found within --timeout, or if none exists)\n"
            "  --near        --max-length 20\n"
            "  --random N [--seed S]  N uniformly random positions: the facelets, a tab, a scramble\n"
            "                (the inverse of a two-phase solution, at most 21 moves or --max-length)\n"
            "  --corners-only  use only the corner table (slow; for shallow positions)\n"
            "  --max-memory SIZE  without --edges and --load: search with the fastest stored rung\n"
            "                within SIZE (512M, 2G; default half the physical memory); exit 9 if none fits\n"
            "  --verbose     one line on stderr: the rung picked and why\n"
            "  --load map|copy  map (the default): read the tables in place from the database\n"
            "                (starts in milliseconds, memory shared with other processes; a single\n"
            "                query past 10^6 nodes copies them beside its search when a core is\n"
            "                free and twice the rung fits --max-memory); copy: check and copy them\n"
            "                into huge pages first (seconds to start, then about 1.1x faster: batches)\n"
            "  --edges TABLE  the edge table to search with: cube3-fsud16-twist (4.9 GB, copied\n"
            "                into memory first, the fewest nodes), cube3-fss16-twist (1.7 GB) or\n"
            "                cube3-flipslice-twist (1.1 GB). By default cube3-fss16-twist, else\n"
            "                cube3-flipslice-twist; with --load copy, cube3-fsud16-twist first if it is\n"
            "                stored and takes at most half the memory\n"
            "  --no-inverse, --no-axis-masks, --no-symmetry, --no-direction, --no-task-order\n"
            "                turn one pruning or ordering off (to measure what it brings; the\n"
            "                answers stay optimal)\n"
            "With no query, reads one query a line from standard input (auto format: a single\n"
            "54-character word is a facelet string, anything else a scramble).\n"
            "Prints one optimal solution in face turns, then (distance); in QTM a half turn prints\n"
            "as U2 and counts 2 quarter turns (as Cube Explorer does). Needs the tables built by\n"
            "'" BUILD_HINT "'. Exit codes: 0 ok, 1 usage, 2 malformed input, 3 unsolvable\n"
            "position, 4 table missing, 5 corrupted, 8 some batch lines failed, 10 limit reached.\n");
}

static void progress_line(void *user, int bound, uint64_t nodes, double seconds)
{
    const cube3_cli *c = user;
    fprintf(stderr, "cube3: searching depth %d, %.3g nodes, %.3g nodes/s, %.0f s%s", bound,
            (double)nodes, seconds > 0 ? (double)nodes / seconds : 0.0, seconds, c->tty ? "   \r" : "\n");
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

/* Solution i in face turns (in QTM a half turn is U2, counted 2 in the
 * distance, as Cube Explorer prints it). */
static int format_solution(const gt_cube3_search_result *r, uint64_t i, char *buf, size_t cap)
{
    int n;
    const uint8_t *moves = gt_cube3_search_solution(r, i, &n);
    return gt_cube3_format_moves(moves, n, buf, cap);
}

/* Does every solution of r (U2 as a half turn) solve pos, in the metric's
 * count? */
static int all_solve(const cube3_cli *c, const gt_cube3 *pos, const gt_cube3_search_result *r)
{
    uint64_t n = r->solutions ? r->n_solutions : 1;
    for (uint64_t i = 0; i < n; i++) {
        int k;
        const uint8_t *moves = gt_cube3_search_solution(r, i, &k);
        gt_cube3 check = *pos;
        gt_cube3_apply_moves(&check, moves, k);
        int count = c->search.metric == GT_CUBE3_QTM ? gt_cube3_qtm_length(moves, k) : k;
        if (!gt_cube3_is_solved(&check) || count != r->distance)
            return 0;
    }
    return 1;
}

static int format_answer(const cube3_cli *c, const gt_cube3_search_result *r, char *out, size_t cap)
{
    const char *metric = c->search.metric == GT_CUBE3_QTM ? "qtm" : "htm";
    char solution[GT_CUBE3_MAX_SOLUTION * 4 + 1], head[256];
    size_t len = 0;
    if (gt_cube3_format_moves(r->moves, r->length, solution, sizeof solution) != GT_OK)
        return GT_ERR_RANGE;
    if (c->json) {
        snprintf(head, sizeof head, "{\"puzzle\":\"cube3\",\"metric\":\"%s\",\"distance\":%d,\"solution\":",
                 metric, r->distance);
        if (append(out, cap, &len, head) || gt_cli_json_string(out, cap, &len, solution))
            return GT_ERR_RANGE;
        if (c->search.all) {
            if (append(out, cap, &len, ",\"solutions\":["))
                return GT_ERR_RANGE;
            for (uint64_t i = 0; i < r->n_solutions; i++) {
                if (format_solution(r, i, solution, sizeof solution) != GT_OK ||
                    (i && append(out, cap, &len, ",")) || gt_cli_json_string(out, cap, &len, solution))
                    return GT_ERR_RANGE;
            }
            snprintf(head, sizeof head, "],\"count\":%llu", (unsigned long long)r->n_solutions);
            if (append(out, cap, &len, head))
                return GT_ERR_RANGE;
        }
        /* "rung" last: the fields before keep their order */
        snprintf(head, sizeof head, ",\"nodes\":%llu,\"seconds\":%.3f", (unsigned long long)r->nodes, r->seconds);
        if (append(out, cap, &len, head))
            return GT_ERR_RANGE;
        if (c->rung)
            snprintf(head, sizeof head, ",\"rung\":{\"table\":\"%s\",\"load\":\"%s\"}}", c->rung, c->rung_load);
        else
            snprintf(head, sizeof head, "}");
        return append(out, cap, &len, head) ? GT_ERR_RANGE : GT_OK;
    }
    if (c->search.all) {
        for (uint64_t i = 0; i < r->n_solutions; i++) {
            if (format_solution(r, i, solution, sizeof solution) != GT_OK ||
                append(out, cap, &len, r->distance ? solution : "(solved)") || append(out, cap, &len, "\n"))
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
    int rc = gt_cube3_cli_parse(query, format, &pos, err, errcap);
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
    if (rc == GT_ERR_CORRUPT) {
        snprintf(err, errcap, "a cube3 table is damaged (a block the search read fails its checksum); "
                 "rebuild it with: " BUILD_HINT);
        goto free_result;
    }
    if (rc) {
        snprintf(err, errcap, "%s", gt_strerror(rc));
        goto free_result;
    }
    /* Belt and braces: the search checked them already; a wrong answer is never printed. */
    if (!all_solve(c, &pos, &r)) {
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

/* The tables a solver reads, kept open (read in place) while it runs. */
typedef struct cube3_tables {
    gt_db *db;
    gt_cube3_solver_tables t;
} cube3_tables;

static void close_tables(cube3_tables *ct)
{
    gt_cube3_solver_tables_free(&ct->t);
    gt_db_close(ct->db);
}

/* The default --max-memory: half the physical memory (the search reads its
 * table at random: paged out, it would crawl). */
static uint64_t default_max_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page / 2 : UINT64_MAX;
}

/* How the rung is picked without --edges and --load: max_memory 0 turns
 * the picking off; copy_ok lets it pick a rung that is copied before the
 * search (a batch, or --max-memory given): a single query keeps to the rungs
 * read in place, so a shallow one is answered in milliseconds, as before. */
typedef struct rung_choice {
    uint64_t max_memory;
    int verbose, copy_ok;
} rung_choice;

/* Without --edges and --load: the fastest stored rung within the limit
 * (gt_cube3_pick_rung). Sets *edges and *how; exit 9 when rungs are stored
 * but none fits. A rung in one record is read in place; one stored in
 * parts (over 2 GiB) is read in place in them for a single query, and
 * copied into huge pages for a batch (copy_ok), whose deep searches pay
 * the copy back. */
static int pick_rung(const gt_loader *ld, const rung_choice *choice, const char **edges, int *how)
{
    uint64_t max_memory = choice->max_memory;
    uint64_t bytes[8] = {0}, tp = 0, smallest = 0;
    int in_place[8] = {0}, ignored;
    size_t n = gt_cube3_rung_count();
    int tp_ok = ld->stat(ld->user, GT_CUBE3_TWOPHASE_TABLE, 0, &tp, &ignored) == GT_OK;
    for (size_t i = 0; i < n && i < 8; i++) {
        const char *name = gt_cube3_rung_name(i);
        int whole = 0;
        if (ld->stat(ld->user, name, GT_LOAD_IN_PARTS, &bytes[i], &in_place[i]) != GT_OK || bytes[i] == 0 ||
            ld->stat(ld->user, name, 0, &bytes[i], &whole) != GT_OK || (!in_place[i] && !choice->copy_ok))
            bytes[i] = 0;
        else if (!strcmp(name, GT_CUBE3_FSUD2_TABLE))
            bytes[i] = tp_ok ? bytes[i] + tp : 0; /* the 2-bit rung needs cube3-twophase */
        in_place[i] = whole || (in_place[i] && !choice->copy_ok);
        if (bytes[i] && (!smallest || bytes[i] < smallest))
            smallest = bytes[i];
    }
    int i = gt_cube3_pick_rung(bytes, n, max_memory);
    if (i < 0 && smallest) {
        fprintf(stderr, "godtab-solve: --max-memory %.1f MiB is too small for any stored cube3 rung "
                "(the smallest takes %.1f MiB)\n", (double)max_memory / 1048576.0, (double)smallest / 1048576.0);
        return GT_EXIT_INTERNAL;
    }
    if (i < 0)
        return GT_EXIT_OK; /* none stored: gt_cube3_map_edges reports it */
    *edges = gt_cube3_rung_name((size_t)i);
    *how = in_place[i] ? GT_CUBE3_TABLES_IN_PLACE : GT_CUBE3_TABLES_COPY;
    if (choice->verbose)
        fprintf(stderr, "godtab-solve: rung %s (%s, %.1f MiB): the fastest stored within --max-memory %.1f MiB%s\n",
                *edges, in_place[i] ? "map" : "copy", (double)bytes[i] / 1048576.0, (double)max_memory / 1048576.0,
                choice->copy_ok ? "" : " read in place (a single query; a batch or --max-memory may copy one)");
    return GT_EXIT_OK;
}

/* Opens the corners and the edge table `edges` names, or with NULL the
 * strongest stored that suits `how` (gt_cube3_map_edges), read in
 * place. Prints the reason and returns the exit code on failure. */
static int open_tables(const char *db_path, int corners_only, const char *edges, int *how,
                       const rung_choice *choice, cube3_tables *ct)
{
    const char *path = gt_db_default_path(db_path);
    char hint[2048], edges_hint[2048], edges_cmd[128];
    gt_cli_gen_hint(db_path, BUILD_HINT, hint, sizeof hint); /* the hints name the --db asked for */
    int code = gt_cli_open_db(db_path, BUILD_HINT, &ct->db), rc;
    if (code)
        return code;
    gt_table *corners = NULL;
    rc = gt_catalog_map(ct->db, GT_CUBE3_CORNERS_TABLE, 0, &corners);
    ct->t.corners = corners;
    if (rc) {
        gt_cli_table_error(ct->db, db_path, GT_CUBE3_CORNERS_TABLE, BUILD_HINT, rc);
        return gt_exit_code(rc);
    }
    if (corners_only)
        return GT_EXIT_OK;
    gt_loader ld;
    gt_catalog_loader(ct->db, &ld);
    if (!edges && choice->max_memory && (code = pick_rung(&ld, choice, &edges, how)))
        return code;
    rc = gt_cube3_map_edges(&ld, edges, *how, &ct->t);
    if (rc == GT_ERR_NOTFOUND && edges) {
        snprintf(edges_cmd, sizeof edges_cmd, "godtab-gen %s%s", edges,
                 strcmp(edges, GT_CUBE3_FSUD2_TABLE) ? "" : " " GT_CUBE3_TWOPHASE_TABLE);
        gt_cli_gen_hint(db_path, edges_cmd, edges_hint, sizeof edges_hint);
        fprintf(stderr, "godtab-solve: table %s is not in %s; build it with: %s\n", edges, path, edges_hint);
        return gt_exit_code(rc);
    }
    if (rc == GT_ERR_NOTFOUND) {
        fprintf(stderr, "godtab-solve: tables %s and %s are not in %s; build them with: %s "
                "(or use --corners-only for shallow positions)\n", GT_CUBE3_FSS_TABLE, GT_CUBE3_FST_TABLE,
                path, hint);
        return gt_exit_code(rc);
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: cube3 edge table in %s: %s (%s); rebuild it with: %s\n", path,
                gt_strerror(rc), gt_db_last_error(ct->db), hint);
        return gt_exit_code(rc);
    }
    return GT_EXIT_OK;
}

/* The rung the tables in t are, for --json: the slot it fills tells it (the
 * 2-bit rung alone brings phase1, the 4-bit one alone is always copied). */
static void rung_of(const gt_cube3_solver_tables *t, int how, cube3_cli *c)
{
    c->rung = t->fst ? GT_CUBE3_FST_TABLE : t->phase1 ? GT_CUBE3_FSUD2_TABLE
            : !t->fss ? GT_CUBE3_CORNERS_TABLE : t->edges_private ? GT_CUBE3_FSUD_TABLE : GT_CUBE3_FSS_TABLE;
    c->rung_load = how == GT_CUBE3_TABLES_COPY || t->edges_private ? "copy" : "map";
}

/* A single query on a rung read in place: once its search goes deep, the
 * rung is copied into huge pages beside it and the search goes on there
 * (gt_cube3_search_options.copy_after_nodes), when twice the rung fits the
 * memory allowed. A batch copies before (pick_rung) or reads in place:
 * beside 2 search threads the copy slowed it (docs/cube3.md). */
#define COPY_AFTER_NODES 1000000ull
static void copy_when_deep(cube3_cli *c, const gt_cube3_solver_tables *t, int how, uint64_t max_memory)
{
    uint64_t bytes = gt_cube3_solver_tables_edge_bytes(t);
    if (how == GT_CUBE3_TABLES_IN_PLACE && bytes && !t->edges_private && bytes <= max_memory / 2)
        c->search.copy_after_nodes = COPY_AFTER_NODES;
}

/* Opens the tables and sets up a solver over them (in place, or copied
 * into huge pages with --load copy). Prints the reason and returns the
 * exit code on failure. */
static int load_solver(const char *db_path, int corners_only, const char *edges, int *how,
                       const rung_choice *choice, cube3_tables *ct, gt_cube3_solver **solver)
{
    const char *path = gt_db_default_path(db_path);
    char hint[2048];
    gt_cli_gen_hint(db_path, BUILD_HINT, hint, sizeof hint);
    int code = open_tables(db_path, corners_only, edges, how, choice, ct);
    if (code)
        return code;
    int rc = gt_cube3_solver_open_tables(&ct->t, *how, solver);
    if (rc == GT_ERR_INVAL) {
        fprintf(stderr, "godtab-solve: the cube3 tables in %s do not fit this program; rebuild them with: %s\n",
                path, hint);
        return GT_EXIT_CORRUPT;
    }
    if (rc == GT_ERR_CORRUPT) {
        fprintf(stderr, "godtab-solve: a cube3 table in %s is damaged (a block fails its checksum); rebuild it "
                "with: %s\n", path, hint);
        return GT_EXIT_CORRUPT;
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: cannot set up the solver: %s\n", gt_strerror(rc));
        return gt_exit_code(rc);
    }
    return GT_EXIT_OK;
}

/* cube3's own options; the shared ones are parsed by gt_cli_parse. */
enum { OPT_NO_INVERSE = 256, OPT_NO_AXIS_MASKS, OPT_NO_SYMMETRY, OPT_NO_DIRECTION, OPT_NO_TASK_ORDER, OPT_MAX_LENGTH, OPT_NEAR, OPT_LOAD, OPT_EDGES, OPT_MAX_MEMORY, OPT_VERBOSE };

typedef struct cube3_args {
    cube3_cli *cli;
    int corners_only;
    int load; /* GT_CUBE3_TABLES_IN_PLACE (the default) or _COPY: --load */
    const char *edges; /* --edges: the edge table, or NULL for the strongest that fits */
    int max_length, two_phase; /* --max-length, --near, --random: the two-phase solver */
    int load_given;      /* --load given: no rung picking */
    int verbose;         /* --verbose: the rung picked, on stderr */
    uint64_t max_memory; /* --max-memory, or half the physical memory */
} cube3_args;

static const struct option cube3_options[] = {
    {"max-depth", required_argument, NULL, 'D'},    {"timeout", required_argument, NULL, 'T'},
    {"corners-only", no_argument, NULL, 'c'},       {"quiet", no_argument, NULL, 'q'},
    {"no-inverse", no_argument, NULL, OPT_NO_INVERSE}, {"no-axis-masks", no_argument, NULL, OPT_NO_AXIS_MASKS},
    {"no-symmetry", no_argument, NULL, OPT_NO_SYMMETRY}, {"max-length", required_argument, NULL, OPT_MAX_LENGTH},
    {"near", no_argument, NULL, OPT_NEAR},           {"load", required_argument, NULL, OPT_LOAD},
    {"edges", required_argument, NULL, OPT_EDGES},   {"no-direction", no_argument, NULL, OPT_NO_DIRECTION},
    {"no-task-order", no_argument, NULL, OPT_NO_TASK_ORDER}, {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
    {"verbose", no_argument, NULL, OPT_VERBOSE},
    {NULL, 0, NULL, 0}};

static int parse_timeout(const char *arg, double *out)
{
    char *end;
    double t = strtod(arg, &end);
    if (!*arg || *end || !(t > 0)) {
        fprintf(stderr, "godtab-solve: --timeout wants a positive number of seconds, not '%s'\n", arg);
        return GT_EXIT_USAGE;
    }
    *out = t;
    return 0;
}

static int cube3_option(void *ctx, int opt, const char *arg)
{
    cube3_args *a = ctx;
    gt_cube3_search_options *s = &a->cli->search;
    long v;
    switch (opt) {
    case 'D':
        if ((v = gt_cli_parse_count("--max-depth", arg, 1, GT_CUBE3_MAX_SOLUTION - 1)) < 0)
            return GT_EXIT_USAGE;
        s->max_depth = (int)v;
        return 0;
    case 'T': return parse_timeout(arg, &s->timeout);
    case 'c': a->corners_only = 1; return 0;
    case 'q': a->cli->quiet = 1; return 0;
    case OPT_NO_INVERSE: s->no_inverse = 1; return 0;
    case OPT_NO_AXIS_MASKS: s->no_axis_masks = 1; return 0;
    case OPT_NO_SYMMETRY: s->no_symmetry = 1; return 0;
    case OPT_NO_DIRECTION: s->no_direction = 1; return 0;
    case OPT_NO_TASK_ORDER: s->no_task_order = 1; return 0;
    case OPT_MAX_LENGTH:
        if ((v = gt_cli_parse_count("--max-length", arg, 0, GT_CUBE3_TWOPHASE_MAX)) < 0)
            return GT_EXIT_USAGE;
        a->max_length = (int)v;
        a->two_phase = 1;
        return 0;
    case OPT_NEAR: a->max_length = 20; a->two_phase = 1; return 0;
    case OPT_VERBOSE: a->verbose = 1; return 0;
    case OPT_MAX_MEMORY:
        if (gt_size_parse(arg, &a->max_memory)) {
            fprintf(stderr, "godtab-solve: --max-memory wants a size in bytes (suffix K, M, G or T), not '%s'\n",
                    arg);
            return GT_EXIT_USAGE;
        }
        return 0;
    case OPT_LOAD:
        a->load_given = 1;
        if (!strcmp(arg, "map"))
            a->load = GT_CUBE3_TABLES_IN_PLACE;
        else if (!strcmp(arg, "copy"))
            a->load = GT_CUBE3_TABLES_COPY;
        else {
            fprintf(stderr, "godtab-solve: --load wants map or copy, not '%s'\n", arg);
            return GT_EXIT_USAGE;
        }
        return 0;
    case OPT_EDGES:
        if (strcmp(arg, GT_CUBE3_FSUD2_TABLE) && strcmp(arg, GT_CUBE3_FSUD_TABLE) && strcmp(arg, GT_CUBE3_FSS_TABLE) &&
            strcmp(arg, GT_CUBE3_FST_TABLE)) {
            fprintf(stderr, "godtab-solve: --edges wants %s, %s, %s or %s, not '%s'\n", GT_CUBE3_FSUD2_TABLE,
                    GT_CUBE3_FSUD_TABLE, GT_CUBE3_FSS_TABLE, GT_CUBE3_FST_TABLE, arg);
            return GT_EXIT_USAGE;
        }
        a->edges = arg;
        return 0;
    default: return GT_EXIT_USAGE;
    }
}

static const gt_cli_command cube3_command = {
    .name = "cube3",
    .shared = GT_CLI_DB | GT_CLI_THREADS | GT_CLI_JSON | GT_CLI_ALL | GT_CLI_METRIC | GT_CLI_FORMAT | GT_CLI_STATE |
              GT_CLI_RANDOM | GT_CLI_SHOW | GT_CLI_SVG,
    .metrics = "htm qtm",
    .state_option = "facelets",
    .format_auto = 1,
    .own = cube3_options,
    .own_short = "D:T:cq",
    .own_option = cube3_option,
    .usage = cube3_usage,
};

/* The shared options into the search settings; progress on stderr unless --quiet. */
static void apply_options(cube3_cli *c, const gt_cli_options *o)
{
    c->search.metric = o->metric && !strcmp(o->metric, "qtm") ? GT_CUBE3_QTM : GT_CUBE3_HTM;
    c->search.all = o->all;
    c->search.threads = o->threads;
    c->json = o->json;
    c->format = o->format;
    c->tty = isatty(STDERR_FILENO);
    if (!c->quiet) {
        c->search.progress = progress_line;
        c->search.progress_user = c;
        c->search.progress_interval = c->tty ? 1.0 : 5.0;
    }
}

/* Checks a command-line query before any table is opened (they are
 * gigabytes, and a typo or an unsolvable string must not be reported as a
 * missing table): its one-line error and exit code (2 malformed, 3
 * unsolvable), or 0. */
static int parse_first(const cube3_cli *c, const char *query, int format)
{
    gt_cube3 pos;
    char err[256];
    int rc = gt_cube3_cli_parse(query, format, &pos, err, sizeof err);
    (void)c;
    if (rc)
        fprintf(stderr, "godtab-solve: %s\n", err);
    return gt_exit_code(rc);
}

/* --svg: the net of the query, captioned (its answer, or the query). */
static int write_svg(const char *path, const char *facelets, const char *caption)
{
    char svg[1 << 16];
    int rc = gt_draw_net_svg(3, facelets, caption, svg, sizeof svg);
    if (rc) {
        fprintf(stderr, "godtab-solve: --svg: %s\n", gt_strerror(rc));
        return gt_exit_code(rc);
    }
    return gt_cli_write_file(path, svg);
}

/* --show and --svg of a single query: the net printed first; the picture's
 * facelets in facelets ("" when the query does not parse: the solver then
 * reports it). */
static int draw_query(const gt_cli_options *o, const char *query, int format, char *facelets)
{
    gt_cube3 pos;
    char err[256], net[8192];
    facelets[0] = 0;
    if (gt_cube3_cli_parse(query, format, &pos, err, sizeof err) != GT_OK)
        return GT_EXIT_OK;
    gt_cube3_to_facelets(&pos, NULL, facelets);
    if (o->show && gt_draw_net_ansi(3, facelets, gt_cli_colour(), net, sizeof net) == GT_OK)
        fputs(net, stdout);
    return GT_EXIT_OK;
}

/* One query from the command line: the answer, or its error (and with
 * --json the lower-bound object of a search that ran out); with svg, its
 * net captioned with the answer. */
static int answer_one(const cube3_cli *c, const char *query, int format, const char *svg, const char *facelets)
{
    size_t cap = c->search.all ? 1 << 24 : ANSWER_CAP;
    char *out = malloc(cap), err[256];
    if (!out)
        return GT_EXIT_INTERNAL;
    out[0] = 0;
    int rc = answer_query(c, query, format, out, cap, err, sizeof err);
    if (rc) {
        if (c->json && out[0] == '{')
            puts(out);
        fprintf(stderr, "godtab-solve: %s\n", err);
    } else {
        puts(out);
    }
    int code = gt_exit_code(rc);
    if (!rc && svg && *facelets)
        code = write_svg(svg, facelets, c->json ? query : out);
    free(out);
    return code;
}

/* --max-length, --near, --random: the two-phase solver, with its stored
 * table if built (cmd_cube3_twophase.c). */
static int two_phase(const cube3_cli *c, const cube3_args *a, const gt_cli_options *o, const char *query)
{
    if (o->all || (o->metric && strcmp(o->metric, "htm") != 0)) {
        fprintf(stderr, "godtab-solve: --max-length, --near and --random solve in HTM and give one solution "
                "(no --all, no --metric qtm)\n");
        return GT_EXIT_USAGE;
    }
    if (o->random >= 0 && query) {
        fprintf(stderr, "godtab-solve: --random takes no query\n");
        return GT_EXIT_USAGE;
    }
    gt_cube3_twophase_cli t = {.max_length = a->two_phase ? a->max_length : 21, .timeout = c->search.timeout,
                               .json = o->json, .format = c->format, .threads = o->threads, .random = o->random,
                               .seed = o->seed, .have_seed = o->have_seed, .db_path = o->db_path};
    return gt_cmd_cube3_twophase(&t, query);
}

int gt_cmd_cube3(int argc, char **argv)
{
    cube3_cli c = {.format = GT_CLI_FORMAT_AUTO};
    cube3_args args = {.cli = &c, .load = GT_CUBE3_TABLES_IN_PLACE};
    gt_cli_options o;
    int code = gt_cli_parse(&cube3_command, &args, argc, argv, &o);
    if (code)
        return code == GT_CLI_HELP_SHOWN ? GT_EXIT_OK : code;
    char query[4096];
    if ((code = gt_cli_join_words(argc, argv, o.first_word, query, sizeof query)) != 0)
        return code;
    if (o.first_word < argc && o.state) {
        fprintf(stderr, "godtab-solve: give either SCRAMBLE or --facelets\n");
        return GT_EXIT_USAGE;
    }
    apply_options(&c, &o);
    int one = o.first_word < argc || o.state;
    const char *query_text = o.state ? o.state : query;
    int query_format = o.state ? GT_CLI_FORMAT_STATE : c.format;
    char facelets[GT_CUBE3_FACELETS + 1] = "";
    if ((o.show || o.svg) && (!one || o.random >= 0)) {
        fprintf(stderr, "godtab-solve: --show and --svg draw a single query (SCRAMBLE or --facelets)\n");
        return GT_EXIT_USAGE;
    }
    if (o.show || o.svg)
        draw_query(&o, query_text, query_format, facelets);
    if (args.two_phase && o.svg && *facelets && (code = write_svg(o.svg, facelets, query_text)) != 0)
        return code;
    if (o.random >= 0 || args.two_phase) {
        c.format = query_format;
        return two_phase(&c, &args, &o, one ? query_text : NULL);
    }
    if (one && (code = parse_first(&c, query_text, query_format)) != 0)
        return code;
    cube3_tables tables = {NULL, {NULL, NULL, NULL, NULL, 0}};
    gt_cube3_solver *solver = NULL;
    rung_choice choice = {args.load_given ? 0 : args.max_memory ? args.max_memory : default_max_memory(),
                          args.verbose, !one || args.max_memory};
    if ((code = load_solver(o.db_path, args.corners_only, args.edges, &args.load, &choice, &tables, &solver)) != 0)
        goto unload;
    c.solver = solver;
    rung_of(&tables.t, args.load, &c);
    if (one)
        copy_when_deep(&c, &tables.t, args.load, args.max_memory ? args.max_memory : default_max_memory());
    if (!one) {
        batch_ctx b = {&c};
        code = gt_cli_batch(stdin, batch_answer, &b, c.search.all ? ALL_ANSWER_CAP : ANSWER_CAP, 0,
                            c.search.threads);
    } else {
        code = answer_one(&c, query_text, query_format, o.svg, facelets);
    }
unload:
    gt_cube3_solver_free(solver);
    close_tables(&tables);
    return code;
}
