/* godtab-solve FAMILY | TABLE: the generic front end. Any family with query
 * hooks (spec.h) is answered here by walking its stored table: the family's
 * hooks parse, replay and draw; everything else (options, loading, batch,
 * JSON, --all, --random) is the same for every puzzle. */
#include "answer_json.h"
#include "cli.h"
#include "draw.h"
#include "gt_error.h"
#include "rng.h"
#include "solve.h"
#include "solve_commands.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define ANSWER_CAP 512
#define POSITION_MAX GT_ANSWER_POSITION_MAX /* bytes of a model's position struct */

typedef struct walk_cli {
    const gt_family *family;
    const gt_table_spec *spec; /* the table in use */
    const char *fixed_table;   /* named on the command line, or NULL */
    gt_cli_options o;
    const gt_puzzle *puzzle;
    const gt_table *table;
    int colour; /* --show in ANSI colours (a terminal, no NO_COLOR) */
    int at_depth, antipodes; /* --at-depth D (-1: none), --antipodes */
    long limit;              /* --limit K (0: all) */
} walk_cli;

enum { OPT_ANTIPODES = 256, OPT_AT_DEPTH, OPT_LIMIT };

static const struct option walk_options[] = {{"antipodes", no_argument, NULL, OPT_ANTIPODES},
                                             {"at-depth", required_argument, NULL, OPT_AT_DEPTH},
                                             {"limit", required_argument, NULL, OPT_LIMIT},
                                             {NULL, 0, NULL, 0}};

static int walk_option(void *ctx, int opt, const char *arg)
{
    walk_cli *c = ctx;
    long v = 0;
    if (opt == OPT_ANTIPODES)
        c->antipodes = 1;
    else if (opt == OPT_AT_DEPTH && (v = gt_cli_parse_count("--at-depth", arg, 0, GT_MAX_DEPTH)) >= 0)
        c->at_depth = (int)v;
    else if (opt == OPT_LIMIT && (v = gt_cli_parse_count("--limit", arg, 1, 1L << 40)) >= 0)
        c->limit = v;
    return v < 0 ? GT_EXIT_USAGE : 0;
}

/* A family whose state is a facelet string gets nets: --svg, a coloured --show. */
static int has_net(const gt_family *f)
{
    return f->query->state_key && !strcmp(f->query->state_key, "facelets");
}

/* The cube's size of a facelet string (6·n² letters), or 0. */
static int net_size(const char *facelets)
{
    size_t len = strlen(facelets);
    for (int n = 1; n <= 32; n++)
        if ((size_t)(6 * n * n) == len)
            return n;
    return 0;
}

static void walk_usage(FILE *out, const void *ctx)
{
    const walk_cli *c = ctx;
    const gt_query_hooks *q = c->family->query;
    const char *name = c->fixed_table ? c->fixed_table : c->family->name;
    char metrics[64];
    snprintf(metrics, sizeof metrics, "%s", c->family->metrics ? c->family->metrics : "");
    for (char *m = metrics; (m = strchr(m, ' ')) != NULL;)
        *m = '|';
    fprintf(out, "usage: godtab-solve %s%s%s%s [--all] [--json] [--show] [--db PATH]\n", name,
            c->fixed_table || !metrics[0] ? "" : " [--metric ", c->fixed_table ? "" : metrics,
            c->fixed_table || !metrics[0] ? "" : "]");
    fprintf(out, "%*s[--threads N] (SCRAMBLE%s%s%s | --random N [--seed S])\n", (int)strlen(name) + 21, "",
            q->state_help ? " | --" : "", q->state_help ? q->state_key : "", q->state_help ? " S" : "");
    fprintf(out, "  SCRAMBLE    %s\n", q->moves_help);
    if (q->state_help) {
        fprintf(out, "  --%-9s %s\n", q->state_key, q->state_help);
        fprintf(out, "  --format F  for standard input: 'scramble' (default) or '%s' lines\n", q->state_key);
    }
    if (has_net(c->family))
        fprintf(out, "  --svg FILE  also write the net of a single query, with its solution, as SVG\n"
                     "              (FILE -: standard output)\n"
                     "  --show      draw the net first (in colour on a terminal unless NO_COLOR is set)\n");
    fprintf(out, "  --antipodes, --at-depth D [--limit K]  the table's states at God's number (or at\n"
                 "              distance D), at most K: the state, a scramble reaching it, (distance)\n");
    fprintf(out, "  --random N  N uniformly random states: the state, a tab, an optimal scramble\n"
                 "With no query, reads one query a line from standard input.\n"
                 "Prints %s, then (distance).\n", q->answer_help ? q->answer_help : "one optimal solution");
}

/* The loaded table as the shared answer module (answer_json.h) sees it. */
static gt_answer_walk walk_of(const walk_cli *c)
{
    gt_answer_walk w = {c->family, c->spec, c->puzzle, c->table};
    return w;
}

typedef struct collect {
    const gt_puzzle *p;
    char *buf;
    size_t cap, len;
    int overflow;
    uint64_t twins; /* walks written as another one ("R' R'" as "R R"): not listed */
} collect;

static int collect_solution(void *user, const uint8_t *moves, int length)
{
    collect *c = user;
    char line[256];
    if (!gt_solve_written_once(c->p, moves, length)) {
        c->twins++;
        return 0;
    }
    gt_solve_format_moves(c->p, moves, length, line, sizeof line);
    if (c->len + strlen(line) + 8 >= c->cap) {
        c->overflow = 1;
        return 1;
    }
    c->len += (size_t)snprintf(c->buf + c->len, c->cap - c->len, "%s\n", length ? line : "(solved)");
    return 0;
}

/* Every optimal solution, appended at out + *n, one a line. */
static int append_all(const walk_cli *c, uint64_t index, char *out, size_t cap, size_t *n, uint64_t *count)
{
    collect col = {c->puzzle, out, cap, *n, 0, 0};
    int rc = gt_solve_all(c->puzzle, c->table, index, collect_solution, &col, count);
    *count -= col.twins;
    *n = col.len;
    return !rc && col.overflow ? GT_ERR_RANGE : rc;
}

/* --json: the object of the shared answer module, as one line in out. */
static int answer_json(const walk_cli *c, const char *query, int format, char *out, size_t cap, char *err,
                       size_t errcap)
{
    gt_answer_walk w = walk_of(c);
    gt_answer_error e = {0, "", NULL};
    /* Each listed solution takes at least 4 bytes ("",): more cannot fit. */
    json_t *o = gt_answer_walk_json(&w, format, query, c->o.show, c->o.all, cap / 4, &e);
    char *text = o ? gt_answer_dump(o) : NULL;
    int rc = o ? (text ? GT_OK : GT_ERR_NOMEM) : e.rc;
    if (!rc && strlen(text) >= cap)
        rc = GT_ERR_RANGE;
    if (rc)
        snprintf(err, errcap, "%s", !o ? e.message
                                       : rc == GT_ERR_RANGE ? "too many optimal solutions to print" : gt_strerror(rc));
    else
        memcpy(out, text, strlen(text) + 1);
    free(text);
    json_decref(o);
    return rc;
}

/* The hot path of batch mode: no printf. */
static int answer_text(const char *net, const char *solution, int len, char *out, size_t cap)
{
    size_t net_len = strlen(net), sol_len = strlen(solution);
    if (net_len + sol_len + 8 > cap)
        return GT_ERR_RANGE;
    char *o = out;
    memcpy(o, net, net_len);
    o += net_len;
    memcpy(o, solution, sol_len);
    o += sol_len;
    if (len)
        *o++ = ' ';
    *o++ = '(';
    if (len >= 10)
        *o++ = (char)('0' + len / 10);
    *o++ = (char)('0' + len % 10);
    *o++ = ')';
    *o = 0;
    return GT_OK;
}

static int answer_query(const walk_cli *c, const char *query, int format, char *out, size_t cap, char *err,
                        size_t errcap)
{
    if (c->o.json)
        return answer_json(c, query, format, out, cap, err, errcap);
    const gt_query_hooks *q = c->family->query;
    gt_answer_walk w = walk_of(c);
    gt_answer_error e = {0, "", NULL};
    uint8_t moves[GT_MAX_DEPTH];
    uint64_t index;
    _Alignas(max_align_t) unsigned char pos[POSITION_MAX];
    int len, rc = gt_answer_walk_solve(&w, format, query, pos, &index, moves, &len, &e);
    if (rc) {
        snprintf(err, errcap, "%s", e.message);
        return rc;
    }
    char solution[256], net[4096] = "";
    gt_solve_format_moves(c->puzzle, moves, len, solution, sizeof solution);
    if (c->o.show && q->draw)
        q->draw(c->spec, pos, net, sizeof net);
    char facelets[512];
    if (c->o.show && c->colour && q->state_text && q->state_text(c->spec, pos, facelets, sizeof facelets) == GT_OK &&
        gt_draw_net_ansi(net_size(facelets), facelets, 1, net, sizeof net) != GT_OK)
        q->draw(c->spec, pos, net, sizeof net); /* no room for colours: the letters */
    if (c->o.all) {
        uint64_t count = 0;
        size_t n = (size_t)snprintf(out, cap, "%s", net);
        if (!(rc = append_all(c, index, out, cap, &n, &count)))
            snprintf(out + n, cap - n, "%llu optimal solution%s of length %d", (unsigned long long)count,
                     count == 1 ? "" : "s", len);
    } else if ((rc = answer_text(net, solution, len, out, cap)) != 0) {
        snprintf(err, errcap, "%s", gt_strerror(rc));
        return rc;
    }
    if (rc)
        snprintf(err, errcap, "%s", rc == GT_ERR_RANGE ? "too many optimal solutions to print" : gt_strerror(rc));
    return rc;
}

typedef struct batch_ctx {
    const walk_cli *cli;
    int format;
} batch_ctx;

static int batch_answer(void *ctx, const char *line, char *out, size_t cap, char *err, size_t errcap)
{
    const batch_ctx *b = ctx;
    return answer_query(b->cli, line, b->format, out, cap, err, errcap);
}

/* One random reachable state, its scramble (the solution undone) and
 * solution: the shared answer module draws it, the same for the server. */
static int random_state(const walk_cli *c, gt_rng *rng, char *out, size_t cap, char *err, size_t errcap)
{
    gt_answer_walk w = walk_of(c);
    gt_answer_error e = {0, "", NULL};
    json_t *o = gt_answer_walk_random(&w, rng, c->o.json ? NULL : out, cap, &e);
    if (!o) {
        snprintf(err, errcap, "%.255s", e.message);
        return e.rc;
    }
    int rc = GT_OK;
    if (c->o.json) {
        char *text = gt_answer_dump(o);
        if (text)
            snprintf(out, cap, "%s", text);
        else
            snprintf(err, errcap, "%s", gt_strerror(rc = GT_ERR_NOMEM));
        free(text);
    }
    json_decref(o);
    return rc;
}

static int random_states(const walk_cli *c)
{
    gt_rng rng;
    uint64_t seed = c->o.seed;
    if (!c->o.have_seed && getrandom(&seed, sizeof seed, 0) != sizeof seed)
        seed = (uint64_t)time(NULL);
    gt_rng_seed(&rng, seed);
    char out[ANSWER_CAP * 2], err[256];
    for (long i = 0; i < c->o.random; i++) {
        int rc = random_state(c, &rng, out, sizeof out, err, sizeof err);
        if (rc) {
            fprintf(stderr, "godtab-solve: %s\n", err);
            return gt_exit_code(rc);
        }
        puts(out);
    }
    return GT_EXIT_OK;
}

/* The table of the chosen metric: "<family>-<metric>", or the one named. */
static int choose_table(walk_cli *c, char *table, size_t cap)
{
    if (c->fixed_table)
        snprintf(table, cap, "%s", c->fixed_table);
    else if (c->o.metric || c->family->metrics)
        snprintf(table, cap, "%s-%.*s", c->family->name,
                 c->o.metric ? (int)strlen(c->o.metric) : (int)strcspn(c->family->metrics, " "),
                 c->o.metric ? c->o.metric : c->family->metrics);
    else
        snprintf(table, cap, "%s", c->family->specs[0].name);
    c->spec = gt_catalog_find(table);
    if (!c->spec) {
        fprintf(stderr, "godtab-solve: %s has no table %s\n", c->family->name, table);
        return GT_EXIT_USAGE;
    }
    return GT_EXIT_OK;
}

/* Which query the command line gives: 0 none (stdin), else one of them. */
static int check_sources(const walk_cli *c, int argc)
{
    int n = (c->o.first_word < argc) + (c->o.state != NULL) + (c->o.random >= 0);
    if (n > 1) {
        fprintf(stderr, "godtab-solve: give one of SCRAMBLE, --%s or --random\n", c->family->query->state_key);
        return -1;
    }
    return n;
}

/* --svg: the net of the query's position, captioned with its solution. */
static int write_svg(const walk_cli *c, const char *query, int format)
{
    gt_answer_walk w = walk_of(c);
    gt_answer_error e = {0, "", NULL};
    json_t *o = gt_answer_walk_json(&w, format, query, 1, 0, 0, &e);
    const char *facelets = json_string_value(json_object_get(o, "facelets"));
    char caption[320], svg[1 << 16];
    int rc = facelets ? GT_OK : GT_ERR_INVAL;
    if (!rc) {
        const char *solution = json_string_value(json_object_get(o, "solution"));
        snprintf(caption, sizeof caption, "%s (%d)", *solution ? solution : "solved",
                 (int)json_integer_value(json_object_get(o, "distance")));
        rc = gt_draw_net_svg(net_size(facelets), facelets, caption, svg, sizeof svg);
    }
    json_decref(o);
    if (rc) {
        fprintf(stderr, "godtab-solve: --svg: %s\n", gt_strerror(rc));
        return gt_exit_code(rc);
    }
    return gt_cli_write_file(c->o.svg, svg);
}

static int run(walk_cli *c, int n_sources, const char *query)
{
    if (c->o.random >= 0)
        return random_states(c);
    if (n_sources == 0) {
        batch_ctx b = {c, c->o.format == GT_CLI_FORMAT_STATE ? GT_QUERY_STATE : GT_QUERY_MOVES};
        return gt_cli_batch(stdin, batch_answer, &b, c->o.all ? 1 << 20 : ANSWER_CAP, 1, c->o.threads);
    }
    batch_ctx b = {c, c->o.state ? GT_QUERY_STATE : GT_QUERY_MOVES};
    int code = gt_cli_answer_one(batch_answer, &b, c->o.state ? c->o.state : query,
                                 c->o.all ? 1 << 22 : ANSWER_CAP * 4);
    if (!code && c->o.svg)
        code = write_svg(c, c->o.state ? c->o.state : query, b.format);
    return code;
}

/* --antipodes / --at-depth: alone (no query, --random, --all or --svg). */
static int list_depth(const walk_cli *c, int n_sources, const char *table, const char *hint)
{
    if (n_sources || c->o.all || c->o.svg || c->o.show || (c->antipodes && c->at_depth >= 0) ||
        (!c->antipodes && c->at_depth < 0)) {
        fprintf(stderr, "godtab-solve: give --antipodes or --at-depth D (with --limit K, --json), and no query\n");
        return GT_EXIT_USAGE;
    }
    gt_walk_depth_args a = {c->o.db_path, table, hint, c->family->query->state_key ? c->family->query->state_key
                                                                                    : "state",
                            c->at_depth, c->antipodes, c->o.json, (uint64_t)c->limit};
    return gt_walk_list_depth(&a);
}

/* Checks a command-line query before any table is opened: its one-line
 * error and exit code, or 0. */
static int parse_first(const walk_cli *c, const char *query)
{
    _Alignas(max_align_t) unsigned char pos[POSITION_MAX];
    gt_parse_error pe = {0};
    uint64_t index;
    int rc = c->family->query->parse(c->spec, c->o.state ? GT_QUERY_STATE : GT_QUERY_MOVES,
                                     c->o.state ? c->o.state : query, pos, &index, &pe);
    if (rc)
        fprintf(stderr, "godtab-solve: %s\n", pe.message[0] ? pe.message : gt_strerror(rc));
    return gt_exit_code(rc);
}

int gt_cmd_walk(const gt_family *family, const char *fixed_table, int argc, char **argv)
{
    walk_cli c = {.family = family, .fixed_table = fixed_table};
    const gt_query_hooks *q = family->query;
    gt_cli_command cmd = {
        .name = argv[0],
        .shared = GT_CLI_DB | GT_CLI_THREADS | GT_CLI_JSON | GT_CLI_SHOW | GT_CLI_ALL | GT_CLI_RANDOM |
                  (fixed_table ? 0 : GT_CLI_METRIC) | (q->state_help ? GT_CLI_STATE | GT_CLI_FORMAT : 0) |
                  (has_net(family) ? GT_CLI_SVG : 0),
        .metrics = family->metrics ? family->metrics : "",
        .state_option = q->state_key ? q->state_key : "state",
        .own = walk_options,
        .own_short = "",
        .own_option = walk_option,
        .usage = walk_usage,
    };
    c.at_depth = -1;
    int code = gt_cli_parse(&cmd, &c, argc, argv, &c.o);
    if (code)
        return code == GT_CLI_HELP_SHOWN ? GT_EXIT_OK : code;
    if (q->position_bytes > POSITION_MAX) {
        fprintf(stderr, "godtab-solve: internal error: %s positions are too large\n", family->name);
        return GT_EXIT_INTERNAL;
    }
    char query[4096], table[GT_NAME_MAX], hint[GT_NAME_MAX + 16];
    int n_sources;
    if ((code = gt_cli_join_words(argc, argv, c.o.first_word, query, sizeof query)) != 0)
        return code;
    if ((n_sources = check_sources(&c, argc)) < 0)
        return GT_EXIT_USAGE;
    if (c.o.svg && (n_sources != 1 || c.o.random >= 0)) {
        fprintf(stderr, "godtab-solve: --svg draws a single query (SCRAMBLE or --%s)\n", q->state_key);
        return GT_EXIT_USAGE;
    }
    c.colour = gt_cli_colour();
    if ((code = choose_table(&c, table, sizeof table)) != 0)
        return code;
    snprintf(hint, sizeof hint, "godtab-gen %s", fixed_table ? fixed_table : family->name);
    if (c.antipodes || c.at_depth >= 0 || c.limit)
        return list_depth(&c, n_sources, table, hint);
    if (n_sources == 1 && c.o.random < 0 && (code = parse_first(&c, query)) != 0)
        return code; /* a malformed or impossible query needs no table */
    gt_db *db = NULL;
    gt_puzzle *puzzle = NULL;
    gt_table *t = NULL;
    if ((code = gt_cli_load_table(c.o.db_path, table, hint, &db, &puzzle, &t)) != 0)
        return code;
    c.puzzle = puzzle;
    c.table = t;
    code = run(&c, n_sources, query);
    gt_cli_unload_table(table, db, puzzle, t);
    return code;
}
