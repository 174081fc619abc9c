/* godtab-solve nnn: the N×N×N cube, N = 2..1024 (docs/nnn.md): reading a
 * scramble or facelets, the legality verdict (--check), the net (--show),
 * uniformly random positions (--random) and the solver (seed 002's reduction,
 * common/models/nnn/nnn_solve.h). The program is the glue between the
 * models: the nnn solver's 3x3x3 stage is cube3's two-phase, passed as a
 * callback (a model may not include another), and a 2x2x2 is answered
 * optimally from the stored pocket-htm table when the database has it. */
#include "answer_json.h"
#include "cli.h"
#include "cube3.h"
#include "cube3_twophase.h"
#include "facecube.h"
#include "gt_error.h"
#include "nnn.h"
#include "nnn_solve.h"
#include "nnn4.h"
#include "solve.h"
#include "solve_commands.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SHOW_MAX 32 /* --show draws nets up to 32x32x32 (a 64-column face) */

#define NNN_SCRAMBLE_MAX 7 /* --random prints a scramble up to this size (the N <= 7) */
#define BATCH_CAP (1 << 24) /* one batch answer: 16 MB (about N <= 150) */

/* The 2x2x2's optimal table. HTM, because for N = 2 a half-turn count is
 * what OBTM and STM both count: every block holds an outer layer, and
 * whole-cube rotations (all the pocket's fixed DBL corner leaves out)
 * count 0. */
#define POCKET_TABLE "pocket-htm"
#define POSITION_MAX 256 /* bytes of the pocket query hooks' position */

enum { OPT_SIZE = 256, OPT_CHECK, OPT_STAGES, OPT_METHOD, OPT_AXES };
/* --method: the tables when built (auto), only them, or seed 002's commutators. */
enum { NNN_METHOD_AUTO, NNN_METHOD_TABLES, NNN_METHOD_COMMUTATORS };

typedef struct nnn_args {
    int size; /* 0: from the facelets */
    int check;
    int stages;
    int method; /* NNN_METHOD_* */
    int axes;   /* --axes: the tables' reduction from 1..3 axes (0: 1) */
} nnn_args;

static const struct option nnn_options[] = {{"size", required_argument, NULL, OPT_SIZE},
                                            {"check", no_argument, NULL, OPT_CHECK},
                                            {"stages", no_argument, NULL, OPT_STAGES},
                                            {"method", required_argument, NULL, OPT_METHOD},
                                            {"axes", required_argument, NULL, OPT_AXES},
                                            {NULL, 0, NULL, 0}};

static void nnn_usage(FILE *out, const void *ctx)
{
    (void)ctx;
    fprintf(out,
            "usage: godtab-solve nnn [--size N] [--metric M] [--check] [--show] [--stages] [--json] [--db PATH]\n"
            "                        (SCRAMBLE | --facelets S)\n"
            "       godtab-solve nnn [--size N] [--metric M] [--check] [--stages] [--json] [--db PATH]\n"
            "                        < queries (one a line)\n"
            "       godtab-solve nnn --size N --random K [--seed S] [--json] [--db PATH]\n"
            "  --size N      the cube, N from 2 to %d (a scramble needs it; facelets give it by\n"
            "                their length)\n"
            "  SCRAMBLE      WCA/SiGN moves: R, Rw, 3Rw, 3R (layer 3 alone), r, M E S (odd N only),\n"
            "                x y z, with ' 2 2'\n"
            "  --facelets S  6·N² stickers, faces U R F D L B, each read row by row as seen from\n"
            "                outside (Kociemba's order); any six letters (odd N: the centres give\n"
            "                the scheme, even N: the corners); '-' reads them from standard input\n"
            "  --check       the legality verdict: 'legal' (exit 0) or the broken condition (exit 3)\n"
            "  --show        the net (N <= %d)\n"
            "  --random K [--seed S]  K uniformly random reachable positions as facelets; up to\n"
            "                N = 7 then a tab and a scramble (the inverse of a solution, replayed)\n"
            "  --stages      the solution split by stage (contours = edges, interieur =\n"
            "                centres, cube3 = the reduced cube), with each stage's counts\n"
            "  --metric M    obtm (default) or stm: what the short search minimises\n"
            "  --json        size, solution, OBTM, STM, optimal, method, seconds (total and per stage)\n"
            "  --method M    auto (default): a 4x4x4 by the reduction tables when the database\n"
            "                has them (godtab-gen nnn), else by the commutators; tables: only\n"
            "                the tables (a 4x4x4; exit 4 when not built, 5 when damaged);\n"
            "                commutators: seed 002's method for every N\n"
            "  --axes K      the tables' reduction from K = 1 (default), 2 or 3 axes, one a\n"
            "                thread, the shortest kept: ~1 (2) or ~1.5 (3) turns shorter\n"
            "  --db PATH     where a 2x2x2 looks for the pocket-htm table and a 4x4x4 for the\n"
            "                reduction tables (default: $GODTAB_DB, else the built-in path)\n"
            "Otherwise the query is solved: the moves in WCA/SiGN notation, then (OBTM n, STM m),\n"
            "'optimal' when proven shortest, and 'by' the method: 'search' (a position within\n"
            "5 moves, N <= 7 in OBTM, N <= 5 in STM: a shortest answer in --metric, found\n"
            "exactly), 'pocket-table' (a 2x2x2 when the database holds pocket-htm:\n"
            "godtab-gen pocket), 'tables' (a 4x4x4 by the reduction tables: godtab-gen nnn),\n"
            "else 'commutators' (seed 002's reduction, then cube3's two-phase; not optimal).\n"
            "Past 5 moves a 3x3x3 is the two-phase alone (at most 20 moves); for proven\n"
            "optimal answers use godtab-solve cube3.\n"
            "With no query, standard input is read one query a line: facelets (one word of\n"
            "6·N² letters) or a scramble (needs --size); answers up to 16 MB a line.\n"
            "Exit codes: 0 ok, 1 usage (a size outside 2..%d, a --metric not obtm or stm),\n"
            "2 malformed input (length not 6·N², a layer past N, M on an even N, an unknown\n"
            "move, not an assembly), 3 illegal position (the condition and the piece type\n"
            "named), 8 some batch lines failed,\n"
            "9 internal error (an answer that failed its replay is never printed).\n",
            GT_NNN_MAX, SHOW_MAX, GT_NNN_MAX);
}

static int nnn_option(void *ctx, int opt, const char *arg)
{
    nnn_args *a = ctx;
    long v;
    switch (opt) {
    case OPT_SIZE:
        if ((v = gt_cli_parse_count("--size", arg, GT_NNN_MIN, GT_NNN_MAX)) < 0)
            return GT_EXIT_USAGE;
        a->size = (int)v;
        return 0;
    case OPT_CHECK: a->check = 1; return 0;
    case OPT_STAGES: a->stages = 1; return 0;
    case OPT_AXES:
        if ((v = gt_cli_parse_count("--axes", arg, 1, GT_NNN4_AXES_MAX)) < 0)
            return GT_EXIT_USAGE;
        a->axes = (int)v;
        return 0;
    case OPT_METHOD:
        if (strcmp(arg, "auto") == 0 || strcmp(arg, "tables") == 0 || strcmp(arg, "commutators") == 0) {
            a->method = arg[0] == 'a' ? NNN_METHOD_AUTO : arg[0] == 't' ? NNN_METHOD_TABLES : NNN_METHOD_COMMUTATORS;
            return 0;
        }
        fprintf(stderr, "godtab-solve: nnn: --method '%s': expected auto, tables or commutators\n", arg);
        return GT_EXIT_USAGE;
    default: return GT_EXIT_USAGE;
    }
}

static const gt_cli_command nnn_command = {
    .name = "nnn",
    .shared = GT_CLI_DB | GT_CLI_JSON | GT_CLI_SHOW | GT_CLI_STATE | GT_CLI_RANDOM | GT_CLI_METRIC,
    .metrics = "obtm stm",
    .state_option = "facelets",
    .own = nnn_options,
    .own_short = "",
    .own_option = nnn_option,
    .usage = nnn_usage,
};

/* The words of argv from first on, joined by spaces (malloc'd). */
static char *join_words(int argc, char **argv, int first)
{
    size_t cap = 1;
    for (int i = first; i < argc; i++)
        cap += strlen(argv[i]) + 1;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    s[0] = 0;
    for (int i = first; i < argc; i++) {
        if (i > first)
            strcat(s, " ");
        strcat(s, argv[i]);
    }
    return s;
}

/* Standard input for --facelets -, bounded (6·1024² facelets and some
 * whitespace). */
static char *read_stdin(void)
{
    size_t cap = (size_t)GT_NNN_FACELETS_MAX * 2 + 2, len = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    len = fread(s, 1, cap - 1, stdin);
    s[len] = 0;
    if (strlen(s) != len) {
        free(s);
        return NULL;
    }
    return s;
}

static void print_net(const gt_nnn *c, const char *letters)
{
    int n = c->n, cap = 3 * n * (8 * n + 2) + 1;
    char *buf = malloc((size_t)cap);
    if (buf && gt_facecube_net(n, c->f, letters, buf, cap) == GT_OK)
        fputs(buf, stdout);
    free(buf);
}

static void print_json_text(const char *key, const char *value)
{
    size_t cap = strlen(value) * 6 + 3, len = 0;
    char *buf = malloc(cap);
    if (buf && gt_cli_json_string(buf, cap, &len, value) == 0)
        printf(",\"%s\":%s", key, buf);
    free(buf);
}

static const char *const piece_names[] = {"", "corner", "middle edge", "wing", "centre"};

/* --check: the verdict, on stdout ("legal") or as the error (exit 3). */
static int print_verdict(const gt_nnn *c, const gt_nnn_verdict *v, int json)
{
    if (json) {
        printf("{\"puzzle\":\"nnn\",\"size\":%d,\"legal\":%s", c->n, v->code ? "false" : "true");
        if (v->code)
            printf(",\"piece\":\"%s\"", piece_names[v->piece]);
        print_json_text("verdict", v->reason);
        printf("}\n");
    } else if (!v->code) {
        printf("legal\n");
    }
    if (v->code)
        fprintf(stderr, "godtab-solve: nnn: illegal %dx%dx%d (%s): %s\n", c->n, c->n, c->n, piece_names[v->piece],
                v->reason);
    return v->code ? GT_EXIT_ILLEGAL : GT_EXIT_OK;
}

/* Reads the query into c: 0, or the exit code after printing why. */
static int read_query(const nnn_args *a, const char *scramble, const char *facelets, gt_nnn *c, char letters[7],
                      gt_nnn_verdict *v)
{
    memset(v, 0, sizeof *v);
    strcpy(letters, gt_face_letters);
    if (facelets) {
        int rc = gt_nnn_from_facelets(facelets, a->size, c, letters, v);
        if (rc == GT_ERR_PARSE)
            fprintf(stderr, "godtab-solve: nnn: not a cube: %s\n", v->reason);
        if (rc == GT_ERR_NOMEM)
            fprintf(stderr, "godtab-solve: nnn: out of memory\n");
        return rc == GT_ERR_PARSE || rc == GT_ERR_NOMEM ? gt_exit_code(rc) : 0;
    }
    if (!a->size) {
        fprintf(stderr, "godtab-solve: nnn: a scramble needs --size N (2..%d)\n", GT_NNN_MAX);
        return GT_EXIT_USAGE;
    }
    if (gt_nnn_init(c, a->size) != GT_OK)
        return GT_EXIT_INTERNAL;
    gt_parse_error err;
    int rc = gt_nnn_scramble(c, scramble, &err);
    if (rc) {
        fprintf(stderr, "godtab-solve: nnn: %s%s\n", rc == GT_ERR_PARSE ? err.message : gt_strerror(rc),
                rc == GT_ERR_PARSE && strstr(err.message, "too many layers") ? " (more layers than the cube has)" : "");
        gt_nnn_free(c);
        return gt_exit_code(rc);
    }
    gt_nnn_verdict_of(c, v);
    return 0;
}

/* ---- solving ---- */

/* The pocket table, looked for once, on the first 2x2x2 to solve. */
typedef struct pocket_route {
    int tried;
    const gt_table_spec *spec;
    const gt_query_hooks *hooks; /* the pocket family's: parse a facelet string, replay */
    gt_db *db;
    gt_puzzle *puzzle;
    gt_table *table; /* NULL: not usable, the reduction answers */
} pocket_route;

/* The 4x4x4 reduction's tables (godtab-gen nnn), looked for once, on the
 * first 4x4x4 to solve; NULL tables: the commutators answer. */
typedef struct nnn4_route {
    int tried;
    gt_db *db;
    gt_nnn4_tables *tables;
    int failed; /* the tables' error, when opened and unusable */
    gt_table *tp_table; /* cube3-twophase when stored: the 3x3x3 stage at <= 19 in ~25 ms, not ~110 */
    gt_cube3_twophase_tables *tp;
} nnn4_route;

/* Built once per process, on the first query to solve. */
typedef struct nnn_ctx {
    const nnn_args *a;
    const gt_cli_options *o;
    gt_cube3_twophase_tables *tables;
    gt_nnn_solver *solver;
    pocket_route pocket;
    nnn4_route nnn4;
} nnn_ctx;

/* After the commutators: at most 20 moves (~1 ms). */
static int cube3_stage(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    return gt_cube3_twophase_turns(ctx, colours, 20, 1.0, out, cap);
}

/* After the 4x4x4 tables' reduction, whose answers are meant to be short:
 * at most 19 (~25 ms). */
static int cube3_stage_short(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    return gt_cube3_twophase_turns(ctx, colours, 19, 1.0, out, cap);
}

/* Builds what the reduction needs, once: the small two-phase tables, and
 * the commutator solver when need_solver (the 4x4x4 tables' answer does
 * without it: 12% of a one-shot answer). Batch lines are answered in
 * parallel, and a 2x2x2 batch answered by the pocket table builds it only if
 * a line falls back to the reduction: hence the critical section. */
static int ctx_ready(nnn_ctx *x, int need_solver)
{
    int rc = GT_OK;
#pragma omp critical(nnn_ctx)
    {
        if (!x->tables && gt_cube3_twophase_tables_build(&x->tables) != GT_OK)
            rc = GT_ERR_NOMEM;
        else if (need_solver && !x->solver && gt_nnn_solver_new(&x->solver) != GT_OK)
            rc = GT_ERR_NOMEM;
    }
    return rc;
}

/* ---- the 2x2x2 by the pocket table ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Opens the database and loads pocket-htm through the catalog (its query
 * hooks parse and replay, so no pocket header is named here). A database or
 * table that is not there is today's case: silently the reduction. One that
 * is there but unreadable is said once on stderr, and the reduction still
 * answers: the table can only shorten an answer, never give one. */
static void pocket_open(nnn_ctx *x, pocket_route *p)
{
    const char *path = gt_db_default_path(x->o->db_path);
    const gt_family *family;
    p->spec = gt_catalog_find(POCKET_TABLE);
    family = p->spec ? gt_catalog_family_of(p->spec) : NULL;
    p->hooks = family ? family->query : NULL;
    if (!p->hooks || p->hooks->position_bytes > POSITION_MAX)
        return;
    int rc = gt_db_open(&p->db, path, GT_DB_READONLY);
    if (rc == GT_OK && (rc = gt_catalog_load(p->db, POCKET_TABLE, &p->puzzle, &p->table)) != GT_OK) {
        const char *why = gt_db_last_error(p->db);
        char hint[2048];
        gt_cli_gen_hint(x->o->db_path, "godtab-gen pocket", hint, sizeof hint);
        if (rc != GT_ERR_NOTFOUND)
            fprintf(stderr, "godtab-solve: nnn: table %s in %s cannot be used (%s%s%s); 2x2x2 answers "
                    "are not optimal (rebuild it with: %s)\n", POCKET_TABLE, path,
                    gt_strerror(rc), *why ? ": " : "", why, hint);
        gt_db_close(p->db);
        p->db = NULL;
        p->puzzle = NULL;
        p->table = NULL;
    } else if (rc != GT_OK && rc != GT_ERR_NOTFOUND) {
        fprintf(stderr, "godtab-solve: nnn: the database at %s cannot be read (%s); 2x2x2 answers are not "
                "optimal\n", path, gt_db_last_error(NULL));
    }
}

/* The route, or NULL. Batch lines are answered in parallel: the first 2x2x2
 * opens the table inside the critical section, which also publishes it to
 * the other threads. */
static const pocket_route *pocket_ready(nnn_ctx *x)
{
    pocket_route *p = &x->pocket;
    int usable;
#pragma omp critical(nnn_pocket)
    {
        if (!p->tried) {
            p->tried = 1;
            pocket_open(x, p);
        }
        usable = p->table != NULL;
    }
    return usable ? p : NULL;
}

static void pocket_close(pocket_route *p)
{
    if (p->table)
        gt_catalog_unload(POCKET_TABLE, p->puzzle, p->table);
    if (p->db)
        gt_db_close(p->db);
}

/* An optimal answer for a 2x2x2 from the pocket table: GT_OK, or an error
 * (no table, or one whose answer failed a replay), after which the caller
 * uses the reduction. */
static int pocket_solve(nnn_ctx *x, const gt_nnn *c, gt_nnn_solution *sol)
{
    const pocket_route *p = c->n == 2 ? pocket_ready(x) : NULL;
    _Alignas(max_align_t) unsigned char pos[POSITION_MAX];
    char facelets[6 * 2 * 2 + 1], names[GT_MAX_DEPTH * 4];
    uint8_t moves[GT_MAX_DEPTH];
    uint64_t index;
    gt_parse_error pe;
    int len = 0, rc;
    double t0 = now();
    memset(sol, 0, sizeof *sol);
    if (!p)
        return GT_ERR_NOTFOUND;
    gt_nnn_to_facelets(c, NULL, facelets);
    rc = p->hooks->parse(p->spec, GT_QUERY_STATE, facelets, pos, &index, &pe);
    if (rc == GT_OK)
        rc = gt_solve_walk(p->puzzle, p->table, index, moves, GT_MAX_DEPTH, &len);
    if (rc == GT_OK && !p->hooks->solves(p->spec, pos, moves, len))
        rc = GT_ERR_CORRUPT;
    if (rc == GT_OK) {
        gt_answer_format_moves(p->puzzle->move_names, moves, len, names, sizeof names);
        rc = gt_nnn_solution_of_names(c, names, sol);
    }
    sol->seconds[GT_NNN_STAGE_CUBE3] = now() - t0;
    if (rc != GT_OK)
        gt_nnn_solution_free(sol);
    return rc;
}

/* ---- the 4x4x4 by the reduction's tables ---- */

static int nnn4_load(void *user, const char *table, gt_puzzle **puzzle, gt_table **t)
{
    return gt_catalog_load(user, table, puzzle, t);
}

static int nnn4_map(void *user, const char *table, gt_table **t)
{
    return gt_catalog_map(user, table, 0, t);
}

static void nnn4_unload(void *user, const char *table, gt_puzzle *puzzle, gt_table *t)
{
    (void)user;
    gt_catalog_unload(table, puzzle, t);
}

/* Tables not built: silently the commutators (as before they existed);
 * built but unreadable: said once, and the commutators answer. */
static void nnn4_open(nnn_ctx *x, nnn4_route *r)
{
    const char *path = gt_db_default_path(x->o->db_path);
    if (x->a->method == NNN_METHOD_COMMUTATORS || gt_db_open(&r->db, path, GT_DB_READONLY) != GT_OK)
        return;
    int rc = gt_nnn4_tables_open(nnn4_load, nnn4_map, nnn4_unload, r->db, &r->tables);
    r->failed = rc;
    /* cube3-twophase is optional here: without it (or unreadable), the small tables serve */
    if (rc == GT_OK && gt_db_map_table(r->db, GT_CUBE3_TWOPHASE_TABLE, &r->tp_table) == GT_OK &&
        gt_cube3_twophase_tables_from_table(r->tp_table, &r->tp) != GT_OK) {
        gt_table_free(r->tp_table);
        r->tp_table = NULL;
    }
    if (rc != GT_OK && rc != GT_ERR_NOTFOUND && x->a->method == NNN_METHOD_AUTO) {
        char hint[2048];
        gt_cli_gen_hint(x->o->db_path, "godtab-gen nnn", hint, sizeof hint);
        fprintf(stderr, "godtab-solve: nnn: the 4x4x4 reduction tables in %s cannot be used (%s); answering by "
                "the commutators (rebuild them with: %s)\n", path, gt_strerror(rc), hint);
    }
}

static const gt_nnn4_tables *nnn4_ready(nnn_ctx *x)
{
    nnn4_route *r = &x->nnn4;
    const gt_nnn4_tables *t;
#pragma omp critical(nnn_nnn4)
    {
        if (!r->tried) {
            r->tried = 1;
            nnn4_open(x, r);
        }
        t = r->tables;
    }
    return t;
}

static void nnn4_close(nnn4_route *r)
{
    gt_nnn4_tables_close(r->tables, nnn4_unload, NULL);
    gt_cube3_twophase_tables_free(r->tp);
    gt_table_free(r->tp_table); /* before the database it is mapped from */
    if (r->db)
        gt_db_close(r->db);
}

/* A 4x4x4 from the tables: GT_OK, or an error after which the commutators
 * answer (said on stderr when the tables failed, not when they are absent). */
static int nnn4_solve(nnn_ctx *x, const gt_nnn *c, gt_nnn_solution *sol)
{
    if (c->n != 4)
        return GT_ERR_INVAL;
    const gt_nnn4_tables *t = nnn4_ready(x);
    if (!t)
        return x->nnn4.failed ? x->nnn4.failed : GT_ERR_NOTFOUND;
    int rc = x->nnn4.tp ? GT_OK : ctx_ready(x, 0); /* the small tables: ~0.4 s to build */
    if (rc == GT_OK)
        rc = gt_nnn_solve_tables(t, c, x->a->axes ? x->a->axes : 1, cube3_stage_short,
                                 x->nnn4.tp ? x->nnn4.tp : x->tables, sol);
    if ((rc == GT_ERR_CORRUPT || rc == GT_ERR_TIMEOUT) && x->a->method == NNN_METHOD_AUTO)
        fprintf(stderr, "godtab-solve: nnn: the 4x4x4 reduction tables gave no answer (%s; rebuild them with: "
                "godtab-gen nnn); answering by the commutators\n", gt_strerror(rc));
    return rc;
}

/* --metric: what the short search minimises (OBTM by default). */
static int metric_of(const gt_cli_options *o)
{
    return o->metric && !strcmp(o->metric, "stm") ? GT_NNN_STM : GT_NNN_OBTM;
}

/* The answer for c: the pocket table's for a 2x2x2 when it is there, else
 * the short search's when there is one of at most 5 moves (both
 * *optimal = 1), else the reduction tables' for a 4x4x4, else the
 * commutators'. */
static int solve_position(nnn_ctx *x, const gt_nnn *c, gt_nnn_solution *sol, int *optimal)
{
    int rc = pocket_solve(x, c, sol);
    if (rc == GT_ERR_CORRUPT) /* the table lied: say so, and answer without it */
        fprintf(stderr, "godtab-solve: nnn: table %s gave an answer that failed its replay (rebuild it with: "
                "godtab-gen pocket); answering by the short search or the reduction\n", POCKET_TABLE);
    if (rc != GT_OK && gt_nnn_short_covers(c->n, metric_of(x->o))) {
        rc = gt_nnn_short_solve(c, metric_of(x->o), GT_NNN_SHORT_DEPTH, sol);
        if (rc == GT_ERR_NOMEM || rc == GT_ERR_CORRUPT)
            return rc;
    }
    *optimal = rc == GT_OK;
    if (*optimal)
        return GT_OK;
    if ((rc = nnn4_solve(x, c, sol)) == GT_OK || x->a->method == NNN_METHOD_TABLES)
        return rc;
    rc = ctx_ready(x, 1);
    return rc == GT_OK ? gt_nnn_solve(x->solver, c, cube3_stage, x->tables, sol) : rc;
}

/* A growing text buffer (the answer of a large cube runs to many MB). */
typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf;

static int sb_reserve(sbuf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return 0;
    size_t cap = (b->len + more + 1) * 2;
    char *p = realloc(b->p, cap);
    if (!p)
        return -1;
    b->p = p;
    b->cap = cap;
    return 0;
}

static int sb_add(sbuf *b, const char *text)
{
    size_t n = strlen(text);
    if (sb_reserve(b, n))
        return -1;
    memcpy(b->p + b->len, text, n + 1);
    b->len += n;
    return 0;
}

static int sb_moves(sbuf *b, int n, const gt_turn *m, long count)
{
    size_t cap = (size_t)count * GT_NOTATION_TOKEN_MAX + 1;
    if (sb_reserve(b, cap) || gt_nnn_format(n, m, count, b->p + b->len, cap) != GT_OK)
        return -1;
    b->len += strlen(b->p + b->len);
    return 0;
}

/* The answer: text, --stages lines or JSON; an optimal one (the pocket
 * table's) says so. */
/* The tables' reduction is one stage (in the edges' place, the centres'
 * empty): "reduction", "-", "cube3". */
static const char *stage_name(const gt_nnn_solution *sol, int s)
{
    if (sol->method == GT_NNN_METHOD_TABLES && s < GT_NNN_STAGE_CUBE3)
        return s == GT_NNN_STAGE_EDGES ? "reduction" : "-";
    return gt_nnn_stage_names[s];
}

static int format_solution(const nnn_ctx *x, int n, const gt_nnn_solution *sol, int optimal, sbuf *b)
{
    char num[256];
    long first = 0;
    int rc = 0, json = x->o->json;
    if (json) {
        double total = 0;
        for (int s = 0; s < GT_NNN_STAGES; s++)
            total += sol->seconds[s];
        /* "solution" and a number of "seconds", as every family's answer
         * (docs/json.md); the stages' times apart */
        snprintf(num, sizeof num, "{\"puzzle\":\"nnn\",\"size\":%d,\"solution\":\"", n);
        rc |= sb_add(b, num) | sb_moves(b, n, sol->moves, sol->count);
        snprintf(num, sizeof num, "\",\"obtm\":%ld,\"stm\":%ld,\"optimal\":%s,\"method\":\"%s\",\"seconds\":%.6f,"
                 "\"stage_seconds\":{", sol->obtm, sol->stm, optimal ? "true" : "false",
                 gt_nnn_method_names[sol->method], total);
        rc |= sb_add(b, num);
        for (int s = 0; s < GT_NNN_STAGES; s++) {
            snprintf(num, sizeof num, "%s\"%s\":%.6f", s ? "," : "", stage_name(sol, s), sol->seconds[s]);
            rc |= sb_add(b, num);
        }
        rc |= sb_add(b, "}");
        if (sol->method == GT_NNN_METHOD_TABLES) {
            snprintf(num, sizeof num, ",\"phases\":[%d,%d,%d]", sol->phase_count[0], sol->phase_count[1],
                     sol->phase_count[2]);
            rc |= sb_add(b, num);
        }
    }
    if (x->a->stages) {
        rc |= sb_add(b, json ? ",\"stages\":[" : "");
        for (int s = 0; s < GT_NNN_STAGES; s++) {
            const gt_turn *m = sol->moves + first;
            long k = sol->stage_count[s];
            long obtm = gt_nnn_count_obtm(n, m, k), stm = gt_nnn_count_stm(n, m, k);
            snprintf(num, sizeof num, json ? "%s{\"name\":\"%s\",\"solution\":\"" : "%s%s: ", s && json ? "," : "",
                     stage_name(sol, s));
            rc |= sb_add(b, num) | sb_moves(b, n, m, k);
            if (json)
                snprintf(num, sizeof num, "\",\"obtm\":%ld,\"stm\":%ld}", obtm, stm);
            else
                snprintf(num, sizeof num, "%s(OBTM %ld, STM %ld)\n", k ? " " : "", obtm, stm);
            rc |= sb_add(b, num);
            first += k;
        }
        rc |= sb_add(b, json ? "]" : "");
    }
    if (json)
        return rc | sb_add(b, "}");
    rc |= sb_moves(b, n, sol->moves, sol->count);
    snprintf(num, sizeof num, "%s(OBTM %ld, STM %ld)%s by %s", sol->count ? " " : "", sol->obtm, sol->stm,
             optimal ? " optimal" : "", gt_nnn_method_names[sol->method]);
    return rc | sb_add(b, num);
}

/* The turns that take the solved cube to the solved cube turned half a
 * turn about axis a (an even cube's reduction may end so: docs/nnn.md):
 * both halves of the cube, each a block of n / 2 layers. */
static void axis_half_turn(int n, int axis, gt_turn out[2])
{
    for (int k = 0; k < 2; k++)
        out[k] = (gt_turn){.face = (uint8_t)(axis + 3 * k), .lo = 0, .hi = (uint16_t)(n / 2 - 1), .quarters = 2};
}

/* The solution's inverse, after the half turn of the cube that makes it
 * give c exactly (none, or one of the three axes'), into *moves. */
static int scramble_turns(const gt_nnn *c, const gt_nnn_solution *sol, gt_nnn *check, gt_turn **moves, long *n)
{
    long count = sol->count;
    gt_turn *m = malloc((size_t)(count + 2) * sizeof *m);
    if (!m)
        return GT_ERR_NOMEM;
    for (long i = 0; i < count; i++) { /* reverse the order, then invert each turn */
        m[2 + i] = sol->moves[count - 1 - i];
        m[2 + i].quarters = (uint8_t)(4 - m[2 + i].quarters);
    }
    for (int axis = -1; axis < (c->n % 2 ? 0 : 3); axis++) {
        long first = axis < 0 ? 2 : 0;
        if (axis >= 0)
            axis_half_turn(c->n, axis, m);
        gt_nnn_reset(check);
        gt_nnn_apply(check, m + first, count + 2 - first);
        if (memcmp(check->f, c->f, (size_t)gt_nnn_facelets(c->n)) == 0) {
            memmove(m, m + first, (size_t)(count + 2 - first) * sizeof *m);
            *moves = m;
            *n = count + 2 - first;
            return GT_OK;
        }
    }
    free(m);
    return GT_ERR_CORRUPT;
}

/* The scramble of a random position (N <= NNN_SCRAMBLE_MAX): the inverse
 * of its solution, as WCA scramblers do, replayed from solved before it is
 * used. Its text into *text (malloc'd). GT_OK, or an error code. */
static int scramble_of(nnn_ctx *x, const gt_nnn *c, gt_nnn *check, char **text, long *obtm, long *stm)
{
    gt_nnn_solution sol;
    gt_turn *m = NULL;
    long n = 0;
    int optimal, rc = solve_position(x, c, &sol, &optimal);
    if (rc != GT_OK)
        return rc;
    rc = scramble_turns(c, &sol, check, &m, &n);
    gt_nnn_solution_free(&sol);
    sbuf b = {0};
    if (rc == GT_OK && sb_moves(&b, c->n, m, n))
        rc = GT_ERR_NOMEM;
    *obtm = rc == GT_OK ? gt_nnn_count_obtm(c->n, m, n) : 0;
    *stm = rc == GT_OK ? gt_nnn_count_stm(c->n, m, n) : 0;
    free(m);
    *text = rc == GT_OK ? b.p : (free(b.p), NULL);
    return rc;
}

/* A --random line: the state, a tab, the scramble (docs/json.md: the shape
 * of every family's --random); no tab and no scramble past N = 7. */
static void print_random(const gt_cli_options *o, int n, long i, const char *facelets, const char *scramble,
                         long obtm, long stm)
{
    if (o->json) {
        printf("{\"puzzle\":\"nnn\",\"metric\":\"obtm\",\"state\":\"%s\"", facelets);
        if (scramble)
            printf(",\"scramble\":\"%s\",\"length\":%ld", scramble, obtm);
        printf(",\"size\":%d,\"seed\":%llu,\"index\":%ld", n, (unsigned long long)o->seed, i);
        if (scramble)
            printf(",\"obtm\":%ld,\"stm\":%ld", obtm, stm);
        printf("}\n");
    } else if (scramble) {
        printf("%s\t%s\n", facelets, scramble);
    } else {
        printf("%s\n", facelets);
    }
}

static int random_positions(nnn_ctx *x)
{
    const nnn_args *a = x->a;
    const gt_cli_options *o = x->o;
    if (!a->size) {
        fprintf(stderr, "godtab-solve: nnn: --random needs --size N (2..%d)\n", GT_NNN_MAX);
        return GT_EXIT_USAGE;
    }
    gt_nnn c, check;
    gt_rng rng;
    int code = GT_EXIT_OK;
    char *text = malloc((size_t)gt_nnn_facelets(a->size) + 1);
    if (!text || gt_nnn_init(&c, a->size) != GT_OK || gt_nnn_init(&check, a->size) != GT_OK) {
        free(text);
        return GT_EXIT_INTERNAL;
    }
    gt_rng_seed(&rng, o->seed);
    for (long i = 0; i < o->random && code == GT_EXIT_OK; i++) {
        char *scramble = NULL;
        long obtm = 0, stm = 0;
        gt_nnn_random(&c, &rng);
        gt_nnn_to_facelets(&c, NULL, text);
        int rc = a->size <= NNN_SCRAMBLE_MAX ? scramble_of(x, &c, &check, &scramble, &obtm, &stm) : GT_OK;
        if (rc != GT_OK) { /* never a scramble that does not give the position */
            fprintf(stderr, "godtab-solve: nnn: internal error: no scramble for a random position (%s)\n",
                    gt_strerror(rc));
            code = GT_EXIT_INTERNAL;
        } else {
            print_random(o, a->size, i, text, scramble, obtm, stm);
        }
        free(scramble);
    }
    gt_nnn_free(&check);
    gt_nnn_free(&c);
    free(text);
    return code;
}

/* Solves a legal c into *text (malloc'd). GT_OK, or an error with err set. */
static int solve_text(nnn_ctx *x, const gt_nnn *c, char **text, char *err, size_t errcap)
{
    gt_nnn_solution sol;
    sbuf b = {0};
    int optimal, rc = solve_position(x, c, &sol, &optimal);
    if (rc == GT_OK) {
        rc = format_solution(x, c->n, &sol, optimal, &b) ? GT_ERR_NOMEM : GT_OK;
        gt_nnn_solution_free(&sol);
    }
    int tables_only = x->a->method == NNN_METHOD_TABLES;
    if (tables_only && rc == GT_ERR_INVAL)
        snprintf(err, errcap, "nnn: --method tables: the reduction tables are the 4x4x4's, not the %dx%dx%d's",
                 c->n, c->n, c->n);
    else if (tables_only && rc == GT_ERR_NOTFOUND)
        snprintf(err, errcap, "nnn: --method tables: the 4x4x4 reduction tables are not built in %s (build them "
                 "with: godtab-gen nnn)", gt_db_default_path(x->o->db_path));
    else if (tables_only && (rc == GT_ERR_CORRUPT || rc == GT_ERR_TIMEOUT || rc == GT_ERR_VERSION)) {
        snprintf(err, errcap, "nnn: --method tables: the 4x4x4 reduction tables are damaged (%s; rebuild them with: "
                 "godtab-gen nnn)", gt_strerror(rc));
        rc = GT_ERR_CORRUPT;
    } else if (rc == GT_ERR_CORRUPT)
        snprintf(err, errcap, "nnn: internal error: the %dx%dx%d answer failed its replay", c->n, c->n, c->n);
    else if (rc == GT_ERR_ILLEGAL)
        snprintf(err, errcap, "nnn: no solution found: the position is illegal");
    else if (rc)
        snprintf(err, errcap, "nnn: %s", gt_strerror(rc));
    if (rc) {
        free(b.p);
        *text = NULL;
        /* a replay failure is an internal error, like running out of memory */
        return rc == GT_ERR_ILLEGAL || (tables_only && rc != GT_ERR_NOMEM) ? rc : GT_ERR_NOMEM;
    }
    *text = b.p;
    return GT_OK;
}

static int answer(nnn_ctx *x, const char *scramble, const char *facelets)
{
    const nnn_args *a = x->a;
    const gt_cli_options *o = x->o;
    gt_nnn c;
    gt_nnn_verdict v;
    char letters[7];
    int code = read_query(a, scramble, facelets, &c, letters, &v);
    if (code)
        return code;
    if (o->show && c.n > SHOW_MAX) {
        fprintf(stderr, "godtab-solve: nnn: --show draws cubes up to %dx%dx%d, not %dx%dx%d\n", SHOW_MAX, SHOW_MAX,
                SHOW_MAX, c.n, c.n, c.n);
        code = GT_EXIT_USAGE;
    } else if (o->show) {
        print_net(&c, letters);
    }
    if (!code && a->check)
        code = print_verdict(&c, &v, o->json);
    else if (!code && v.code)
        code = print_verdict(&c, &v, 0);
    else if (!code && !o->show) {
        char *text, err[256];
        int rc = solve_text(x, &c, &text, err, sizeof err);
        if (rc) {
            fprintf(stderr, "godtab-solve: %s\n", err);
            code = gt_exit_code(rc);
        } else {
            puts(text);
            free(text);
        }
    }
    gt_nnn_free(&c);
    return code;
}

/* ---- standard-input batch ---- */

/* A facelet line: one word whose length is 6·k² (k = 2..1024). */
static int is_facelet_line(const char *line)
{
    size_t len = 0;
    while (*line == ' ' || *line == '\t')
        line++;
    for (; line[len] && line[len] != ' ' && line[len] != '\t'; len++)
        ;
    for (const char *p = line + len; *p; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            return 0;
    if (len % 6)
        return 0;
    for (long k = GT_NNN_MIN; k * k * 6 <= (long)len; k++)
        if (k * k * 6 == (long)len)
            return 1;
    return 0;
}

static int batch_answer(void *ctx, const char *line, char *out, size_t cap, char *err, size_t errcap)
{
    nnn_ctx *x = ctx;
    gt_nnn c;
    gt_nnn_verdict v;
    gt_parse_error perr;
    char letters[7];
    int facelets = is_facelet_line(line), rc;
    if (facelets) {
        rc = gt_nnn_from_facelets(line, x->a->size, &c, letters, &v);
        if (rc == GT_ERR_PARSE)
            snprintf(err, errcap, "nnn: not a cube: %s", v.reason);
        if (rc == GT_ERR_PARSE || rc == GT_ERR_NOMEM)
            return rc;
    } else {
        if (!x->a->size) {
            snprintf(err, errcap, "nnn: a scramble needs --size N (2..%d)", GT_NNN_MAX);
            return GT_ERR_INVAL;
        }
        if (gt_nnn_init(&c, x->a->size) != GT_OK)
            return GT_ERR_NOMEM;
        if ((rc = gt_nnn_scramble(&c, line, &perr)) != GT_OK) {
            snprintf(err, errcap, "nnn: %s", rc == GT_ERR_PARSE ? perr.message : gt_strerror(rc));
            gt_nnn_free(&c);
            return rc;
        }
        gt_nnn_verdict_of(&c, &v);
    }
    rc = v.code;
    if (rc)
        snprintf(err, errcap, "nnn: illegal %dx%dx%d: %s", c.n, c.n, c.n, v.reason);
    else if (x->a->check)
        snprintf(out, cap, "legal");
    else {
        char *text;
        if ((rc = solve_text(x, &c, &text, err, errcap)) == GT_OK) {
            if (strlen(text) >= cap) {
                snprintf(err, errcap, "nnn: the answer is longer than %zu bytes (solve it alone)", cap - 1);
                rc = GT_ERR_RANGE;
            } else {
                strcpy(out, text);
            }
            free(text);
        }
    }
    gt_nnn_free(&c);
    return rc;
}

int gt_cmd_nnn(int argc, char **argv)
{
    nnn_args a = {0};
    gt_cli_options o;
    int code = gt_cli_parse(&nnn_command, &a, argc, argv, &o);
    if (code)
        return code == GT_CLI_HELP_SHOWN ? GT_EXIT_OK : code;
    int words = o.first_word < argc;
    if (o.random >= 0) {
        if (words || o.state || a.check || o.show) {
            fprintf(stderr, "godtab-solve: nnn: --random takes no query, --check or --show\n");
            return GT_EXIT_USAGE;
        }
    }
    nnn_ctx x = {.a = &a, .o = &o};
    if (words && o.state) {
        fprintf(stderr, "godtab-solve: nnn: give either SCRAMBLE or --facelets S (see --help)\n");
        return GT_EXIT_USAGE;
    }
    if (o.random >= 0) {
        code = random_positions(&x);
    } else if (!words && !o.state) {
        if (o.show) {
            fprintf(stderr, "godtab-solve: nnn: --show needs a query (SCRAMBLE or --facelets S)\n");
            return GT_EXIT_USAGE;
        }
        /* the reduction's tables are built before the threads start (out
         * of memory is said once), unless a 2x2x2 batch has the pocket's */
        if (!a.check && !(a.size == 2 && pocket_ready(&x)) && ctx_ready(&x, 1) != GT_OK) {
            fprintf(stderr, "godtab-solve: nnn: out of memory\n");
            return GT_EXIT_INTERNAL;
        }
        code = gt_cli_batch(stdin, batch_answer, &x, BATCH_CAP, 1, 0);
    } else {
        char *text = words ? join_words(argc, argv, o.first_word) : !strcmp(o.state, "-") ? read_stdin() : NULL;
        if ((words || !strcmp(o.state, "-")) && !text) {
            fprintf(stderr, "godtab-solve: nnn: cannot read the query (out of memory, or a NUL byte)\n");
            return GT_EXIT_PARSE;
        }
        code = answer(&x, words ? text : NULL, words ? NULL : text ? text : o.state);
        free(text);
    }
    gt_nnn_solver_free(x.solver);
    if (x.tables)
        gt_cube3_twophase_tables_free(x.tables);
    pocket_close(&x.pocket);
    nnn4_close(&x.nnn4);
    return code;
}
