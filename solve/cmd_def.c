/* godtab-solve def --def FILE: optimal solutions from the table godtab-gen
 * --def built for a definition file (docs/definitions.md). The model is
 * rebuilt from the file (the same index as the stored table, checked by its
 * state count); a query is a scramble in the definition's move names or a
 * state in its .tws syntax (gt_def_parse_state), or a random reachable
 * state; every answer is replayed on the definition's permutations before
 * it is printed. */
#include "cli.h"
#include "cmd_def.h"
#include "gt_error.h"
#include "rng.h"
#include "solve.h"
#include "solve_commands.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define DEF_STATE_FILE_MAX (1u << 20)
#define DEF_ANSWER_CAP (1u << 16)  /* one answer (a JSON line, a solution) */
#define DEF_ALL_CAP (1u << 22)     /* --all: every optimal solution of one query */

static void usage(FILE *out)
{
    fprintf(out, "usage: godtab-solve def (--def FILE [--moves LIST] [--metric htm|qtm] [--name TABLE] | --name TABLE)\n"
                 "                        [--db PATH] [--json] [--all] [SCRAMBLE | --state STATE | --state-file FILE |\n"
                 "                         --random N [--seed S] | --format scramble|state]\n"
                 "       godtab-solve TABLE [options] [QUERY]   (a table godtab-gen --def built, by its name)\n"
                 "Answers from the table 'godtab-gen --def FILE' built: the one named by --name, else its\n"
                 "default name, else the table built from the same file bytes and --moves/--metric\n"
                 "(whatever its name). With --name alone, or the table's name as the puzzle, the\n"
                 "definition stored with the table is used (its moves and metric too).\n"
                 "SCRAMBLE uses the definition's move names with amounts (R R2 R' R3, taken modulo the\n"
                 "move's order) in the cubes' alg syntax: (R U)2, (R U)', [R, U], [R: U], // comments.\n"
                 "STATE is a state in the file's syntax, set names each followed by their pieces and\n"
                 "optional orientations (\"CORNERS 2 1 3 4 5 6 7 8 0 0 0 0 0 0 0 0\"; sets not given are\n"
                 "solved). With none of them, one query a line from standard input (--format: scrambles\n"
                 "or states); blank and '#' lines are skipped, a bad line prints 'error: MESSAGE' (with\n"
                 "--json an error object) in its place and the exit code is 8.\n"
                 "Prints an optimal solution, then (distance); in QTM two equal quarter turns are written\n"
                 "R2 (counted 2). --random: the state, a tab, an optimal scramble reaching it;\n"
                 "--all: every optimal solution (each written once), one a line, then how many.\n");
}

/* --format, --random and --seed values. Returns an exit code. */
static int parse_value(int ch, const char *arg, def_cli *c)
{
    char *end;
    errno = 0;
    if (ch == 't' || ch == 'o') {
        double v = strtod(arg, &end);
        if (errno || end == arg || *end || !(v > 0) || v > (ch == 't' ? 1024 : 1e9) || (ch == 't' && v != (int)v)) {
            fprintf(stderr, "godtab-solve: def: %s wants %s, not '%s'\n", ch == 't' ? "--threads" : "--timeout",
                    ch == 't' ? "a number from 1 to 1024" : "a positive number of seconds", arg);
            return GT_EXIT_USAGE;
        }
        if (ch == 't')
            c->threads = (int)v;
        else
            c->timeout = v;
        return 0;
    }
    if (ch == 'F') {
        if (strcmp(arg, "scramble") && strcmp(arg, "state")) {
            fprintf(stderr, "godtab-solve: def: --format wants scramble or state, not '%s'\n", arg);
            return GT_EXIT_USAGE;
        }
        c->state_format = !strcmp(arg, "state");
        return 0;
    }
    unsigned long long v = strtoull(arg, &end, 10);
    if (errno || end == arg || *end || arg[0] == '-' || (ch == 'r' && v > 1000000000ull)) {
        fprintf(stderr, "godtab-solve: def: %s wants %s, not '%s'\n", ch == 'r' ? "--random" : "--seed",
                ch == 'r' ? "a count from 0 to 1000000000" : "a non-negative integer below 2^64", arg);
        return GT_EXIT_USAGE;
    }
    if (ch == 'r')
        c->random = (long)v;
    else {
        c->seed = v;
        c->have_seed = 1;
    }
    return 0;
}

/* At most one query source; --seed only with --random. Returns an exit code. */
static int check_sources(int argc, const def_cli *c)
{
    int sources = (argc - optind > 0) + !!c->state + !!c->state_file + (c->random >= 0);
    if (!c->path && !c->name) {
        fprintf(stderr, "godtab-solve: def: --def FILE (or the --name of a table built from one) is required\n");
        return GT_EXIT_USAGE;
    }
    if (argc - optind > 1) {
        fprintf(stderr, "godtab-solve: def: one SCRAMBLE (quote it)\n");
        return GT_EXIT_USAGE;
    }
    if (sources > 1) {
        fprintf(stderr, "godtab-solve: def: give one of SCRAMBLE, --state, --state-file and --random\n");
        return GT_EXIT_USAGE;
    }
    if (c->all && c->random >= 0) { /* --random prints one shape: state, scramble */
        fprintf(stderr, "godtab-solve: def: --all goes with a query, not --random\n");
        return GT_EXIT_USAGE;
    }
    if (c->have_seed && c->random < 0) {
        fprintf(stderr, "godtab-solve: def: --seed goes with --random\n");
        return GT_EXIT_USAGE;
    }
    return 0;
}

static int parse_cli(int argc, char **argv, def_cli *c)
{
    static const struct option longopts[] = {
        {"def", required_argument, NULL, 'D'},        {"moves", required_argument, NULL, 'M'},
        {"metric", required_argument, NULL, 'T'},     {"name", required_argument, NULL, 'N'},
        {"db", required_argument, NULL, 'd'},         {"json", no_argument, NULL, 'j'},
        {"state", required_argument, NULL, 's'},      {"state-file", required_argument, NULL, 'f'},
        {"format", required_argument, NULL, 'F'},     {"random", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 'S'},       {"all", no_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},          {"threads", required_argument, NULL, 't'},
        {"timeout", required_argument, NULL, 'o'},    {"progress", no_argument, NULL, 'p'},
        {NULL, 0, NULL, 0}};
    int ch, rc;
    opterr = 0;
    c->random = -1;
    while ((ch = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
        switch (ch) {
        case 'D': c->path = optarg; break;
        case 'M': c->moves = optarg; break;
        case 'N': c->name = optarg; break;
        case 'd': c->db_path = optarg; break;
        case 'j': c->json = 1; break;
        case 'a': c->all = 1; break;
        case 's': c->state = optarg; break;
        case 'f': c->state_file = optarg; break;
        case 'p': c->progress = 1; break;
        case 'F':
        case 'r':
        case 'S':
        case 't':
        case 'o':
            if ((rc = parse_value(ch, optarg, c)) != 0)
                return rc;
            break;
        case 'T':
            if (strcmp(optarg, "htm") && strcmp(optarg, "qtm")) {
                fprintf(stderr, "godtab-solve: def: --metric wants htm or qtm, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            c->metric = optarg;
            break;
        case 'h': usage(stdout); return -1;
        default:
            fprintf(stderr, "godtab-solve: def: unknown option or missing value '%s'\n", argv[optind - 1]);
            return GT_EXIT_USAGE;
        }
    }
    return check_sources(argc, c);
}

/* An answer being written: text appended, overflow remembered. */
typedef struct def_out {
    char *buf;
    size_t cap, len;
    int over;
} def_out;

static void out_add(def_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = o->len < o->cap ? vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap) : 0;
    va_end(ap);
    if (n < 0 || o->len + (size_t)n >= o->cap)
        o->over = 1;
    else
        o->len += (size_t)n;
}

/* s as a JSON string. */
static void out_json(def_out *o, const char *s)
{
    size_t len = o->len;
    if (o->over || gt_cli_json_string(o->buf, o->cap, &len, s) != 0)
        o->over = 1;
    else
        o->len = len;
}

/* A move list "R U'" into buf: in QTM two equal quarter turns are one
 * "R2" (gt_def_model_format_moves), as every family writes them. */
static void format_moves(const def_session *s, const uint8_t *moves, int length, char *buf, size_t cap)
{
    gt_def_model_format_moves(s->model, moves, length, buf, cap);
}

/* Does the move list take the state (a copy) to the solved one? */
static int solves(const def_session *s, const uint8_t *perm, const uint8_t *ori, const uint8_t *moves, int length)
{
    uint8_t p[GT_DEF_MAX_POSITIONS], o[GT_DEF_MAX_POSITIONS];
    memcpy(p, perm, (size_t)s->def->total);
    memcpy(o, ori, (size_t)s->def->total);
    for (int i = 0; i < length; i++)
        gt_def_model_apply(s->model, moves[i], p, o);
    return gt_def_is_solved(s->def, p, o);
}

/* --all: each optimal solution, replayed on the state, appended. */
typedef struct def_all {
    const def_cli *c;
    const def_session *s;
    const uint8_t *perm, *ori;
    def_out *out;
    uint64_t printed;
    int wrong; /* a solution that does not solve the state */
} def_all;

static int def_all_solution(void *user, const uint8_t *moves, int length)
{
    def_all *a = user;
    char line[GT_MAX_DEPTH * (GT_DEF_NAME_MAX + 4)];
    if (!solves(a->s, a->perm, a->ori, moves, length)) {
        a->wrong = 1;
        return 1;
    }
    if (!gt_def_model_written_once(a->s->model, moves, length))
        return 0; /* "R' R'" is written "R2" as "R R" is: listed once */
    format_moves(a->s, moves, length, line, sizeof line);
    if (a->c->json) {
        out_add(a->out, "%s", a->printed ? "," : "");
        out_json(a->out, line);
    } else {
        out_add(a->out, "%s\n", length ? line : "(solved)");
    }
    a->printed++;
    return a->out->over; /* no room: stop */
}

/* The answer object or line of a solved state; with --all, every optimal
 * solution. Returns GT_OK or a GT_ERR_* with its message in err. */
static int write_answer(const def_cli *c, const def_session *s, const uint8_t *perm, const uint8_t *ori,
                        uint64_t index, const uint8_t *moves, int length, const gt_def_search_result *sr, def_out *o,
                        char *err, size_t errcap)
{
    char solution[GT_MAX_DEPTH * (GT_DEF_NAME_MAX + 4)];
    format_moves(s, moves, length, solution, sizeof solution);
    if (c->json) {
        out_add(o, "{\"puzzle\":\"%s\",\"metric\":\"%s\",\"distance\":%d,\"solution\":", s->name, s->metric,
                length);
        out_json(o, solution);
    }
    if (c->all) { /* each solution is replayed from the state itself */
        def_all a = {c, s, perm, ori, o, 0, 0};
        uint64_t count = 0;
        if (c->json)
            out_add(o, ",\"solutions\":[");
        gt_def_search_result again;
        int rc = s->search ? gt_def_pdb_solve(c, s, perm, ori, def_all_solution, &a, &again, err, errcap)
                           : gt_solve_all(s->p, s->table, index, def_all_solution, &a, &count);
        if (s->search && rc && !o->over)
            return rc; /* err says why */
        if (a.wrong || (rc && !o->over)) {
            snprintf(err, errcap, "%s", a.wrong ? "a solution of the table does not solve the position: table corrupted"
                                                : gt_strerror(rc));
            return a.wrong ? GT_ERR_CORRUPT : rc;
        }
        if (c->json) /* the walks written once (gt_def_model_written_once) */
            out_add(o, "],\"count\":%" PRIu64 "}", a.printed);
        else
            out_add(o, "%" PRIu64 " optimal solution%s of length %d", a.printed, a.printed == 1 ? "" : "s", length);
    } else if (c->json) {
        if (sr) /* the search's own figures (docs/json.md) */
            out_add(o, ",\"nodes\":%" PRIu64 ",\"seconds\":%.6f", sr->nodes, sr->seconds);
        out_add(o, "}");
    } else {
        out_add(o, "%s%s(%d)", solution, length ? " " : "", length);
    }
    if (o->over) {
        snprintf(err, errcap, "%s", c->all ? "too many optimal solutions to print" : "the answer is too long to print");
        return GT_ERR_RANGE;
    }
    return GT_OK;
}

/* Walks the table from a state and replays the answer on the definition
 * (never printed otherwise). Returns GT_OK or a GT_ERR_* with its message
 * in err. */
static int walk_state(const def_session *s, const uint8_t *perm, const uint8_t *ori, uint64_t *index,
                      uint8_t *moves, int *length, char *err, size_t errcap)
{
    int rc;
    if (gt_def_model_index(s->model, perm, ori, index) != GT_OK ||
        (rc = gt_solve_walk(s->p, s->table, *index, moves, GT_MAX_DEPTH, length)) == GT_ERR_ILLEGAL) {
        snprintf(err, errcap, "the position is outside this table (not reachable with its moves)");
        return GT_ERR_ILLEGAL;
    }
    if (rc) {
        snprintf(err, errcap, "%s", gt_strerror(rc));
        return rc;
    }
    if (!solves(s, perm, ori, moves, *length)) {
        snprintf(err, errcap, "the table's answer does not solve the position: table corrupted");
        return GT_ERR_CORRUPT;
    }
    return GT_OK;
}

/* Walks the table from a state, then writes the answer. */
static int solve_state(const def_cli *c, const def_session *s, const uint8_t *perm, const uint8_t *ori, def_out *o,
                       char *err, size_t errcap)
{
    uint8_t moves[GT_MAX_DEPTH];
    uint64_t index = 0;
    int length, rc;
    gt_def_search_result sr;
    if (s->search) { /* pattern databases: the search, its answer replayed as the walk's is */
        rc = gt_def_pdb_solve(c, s, perm, ori, NULL, NULL, &sr, err, errcap);
        length = sr.length;
        memcpy(moves, sr.moves, sizeof moves);
        if (rc == GT_OK && !solves(s, perm, ori, moves, length)) {
            snprintf(err, errcap, "the search's answer does not solve the position: a pattern database is corrupted");
            rc = GT_ERR_CORRUPT;
        }
    } else {
        rc = walk_state(s, perm, ori, &index, moves, &length, err, errcap);
    }
    return rc ? rc : write_answer(c, s, perm, ori, index, moves, length, s->search ? &sr : NULL, o, err, errcap);
}

/* What a query is answered with (gt_cli_answer_fn's ctx). */
typedef struct def_query {
    const def_cli *c;
    const def_session *s;
    int is_state;
    int file; /* --state-file: a multi-line block, its errors name the line */
} def_query;

/* One query, a scramble or a state: parse, then solve_state
 * (gt_cli_answer_fn: the batch reader and the single query). */
static int answer(void *ctx, const char *query, char *out, size_t cap, char *err, size_t errcap)
{
    const def_query *q = ctx;
    const def_session *s = q->s;
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS];
    gt_def_error e = {0};
    int rc;
    if (q->is_state) {
        rc = gt_def_parse_state(s->def, query, perm, ori, &e);
        if (rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL) {
            if (q->file && e.line > 1) /* a multi-line --state-file block */
                snprintf(err, errcap, "line %d: column %d: %s", e.line, e.column, e.message);
            else
                snprintf(err, errcap, "column %d: %s", e.column, e.message);
            return rc;
        }
    } else {
        memcpy(perm, s->def->solved_perm, (size_t)s->def->total);
        memcpy(ori, s->def->solved_ori, (size_t)s->def->total);
        rc = gt_def_apply_scramble(s->def, query, perm, ori, &e);
        if (rc == GT_ERR_PARSE) {
            snprintf(err, errcap, "%s", e.message);
            return rc;
        }
    }
    if (rc) {
        snprintf(err, errcap, "%s", gt_strerror(rc));
        return rc;
    }
    def_out o = {out, cap, 0, 0};
    out[0] = 0;
    return solve_state(q->c, s, perm, ori, &o, err, errcap);
}

/* --state-file FILE: one state, possibly a multi-line block. */
static int answer_file(const def_cli *c, def_session *s)
{
    /* on the heap: a static MiB costs every sanitized run its scan at exit */
    char *text = malloc(DEF_STATE_FILE_MAX + 1);
    if (!text) {
        fprintf(stderr, "godtab-solve: out of memory\n");
        return GT_EXIT_INTERNAL;
    }
    int code = GT_EXIT_STORAGE;
    FILE *f = fopen(c->state_file, "rb");
    if (!f) {
        fprintf(stderr, "godtab-solve: %s: %s\n", c->state_file, strerror(errno));
        goto free_text;
    }
    size_t n = fread(text, 1, DEF_STATE_FILE_MAX + 1, f);
    fclose(f);
    code = GT_EXIT_PARSE;
    if (n > DEF_STATE_FILE_MAX || memchr(text, 0, n)) {
        fprintf(stderr, "godtab-solve: %s: not a state (larger than 1 MiB or binary)\n", c->state_file);
        goto free_text;
    }
    text[n] = 0;
    def_query q = {c, s, 1, 1};
    code = gt_cli_answer_one(answer, &q, text, c->all ? DEF_ALL_CAP : DEF_ANSWER_CAP);
free_text:
    free(text);
    return code;
}

/* One random state's line, the shape of every family's --random
 * (docs/json.md): the state, a tab, the scramble (the optimal solution
 * undone); with --json puzzle, metric, state, scramble, length, then the
 * table families' distance and solution. */
static void write_random(const def_cli *c, const def_session *s, const char *state, const uint8_t *moves,
                         int length, def_out *o)
{
    char scramble[GT_MAX_DEPTH * (GT_DEF_NAME_MAX + 4)], solution[sizeof scramble];
    uint8_t inverse[GT_MAX_DEPTH];
    for (int k = 0; k < length; k++)
        inverse[k] = (uint8_t)s->p->move_inverse[moves[length - 1 - k]];
    format_moves(s, inverse, length, scramble, sizeof scramble);
    format_moves(s, moves, length, solution, sizeof solution);
    if (!c->json) {
        out_add(o, "%s\t%s", state, scramble);
        return;
    }
    out_add(o, "{\"puzzle\":\"%s\",\"metric\":\"%s\",\"state\":", s->name, s->metric);
    out_json(o, state);
    out_add(o, ",\"scramble\":");
    out_json(o, scramble);
    out_add(o, ",\"length\":%d,\"distance\":%d,\"solution\":", length, length);
    out_json(o, solution);
    out_add(o, "}");
}

/* A reachable state drawn uniformly: index values drawn uniformly, redrawn
 * when the table has not reached them (an index space larger than the
 * reachable set), written on one line in the file's syntax. */
static int draw_state(const def_session *s, gt_rng *rng, uint8_t *perm, uint8_t *ori, char *text, size_t cap)
{
    uint64_t index;
    int tries = 0;
    do
        index = gt_rng_below(rng, s->p->n_states);
    while (gt_table_residue(s->table, s->p, index) < 0 && ++tries < 1000000);
    if (gt_def_model_state(s->model, index, perm, ori) != GT_OK ||
        gt_def_state_text(s->def, perm, ori, text, cap) != GT_OK) {
        fprintf(stderr, "godtab-solve: state %" PRIu64 " cannot be written\n", index);
        return GT_EXIT_INTERNAL;
    }
    size_t len = strlen(text);
    for (char *p = text; *p; p++) /* one line: the syntax reads line breaks as blanks */
        *p = *p == '\n' ? ' ' : *p;
    while (len > 0 && text[len - 1] == ' ')
        text[--len] = 0;
    return 0;
}

/* --random N: N uniformly random reachable states, each with its scramble. */
static int answer_random(const def_cli *c, def_session *s)
{
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS], moves[GT_MAX_DEPTH];
    static char text[1 << 16], line[1 << 18];
    char err[256];
    uint64_t seed = c->seed, index;
    gt_rng rng;
    if (!c->have_seed && getrandom(&seed, sizeof seed, 0) != sizeof seed)
        seed = (uint64_t)time(NULL);
    gt_rng_seed(&rng, seed);
    for (long i = 0; i < c->random; i++) {
        int length, rc = draw_state(s, &rng, perm, ori, text, sizeof text);
        if (rc)
            return rc;
        def_out o = {line, sizeof line, 0, 0};
        if ((rc = walk_state(s, perm, ori, &index, moves, &length, err, sizeof err)) == 0) {
            write_random(c, s, text, moves, length, &o);
            if (o.over)
                snprintf(err, sizeof err, "%s", gt_strerror(rc = GT_ERR_RANGE));
        }
        if (rc) {
            fprintf(stderr, "godtab-solve: %s\n", err);
            return gt_exit_code(rc);
        }
        puts(line);
    }
    return 0;
}

/* The query of the command line, the state file, --random, or standard
 * input a line a query (the batch reader every family uses). */
static int run(const def_cli *c, def_session *s, int argc, char **argv)
{
    def_query q = {c, s, c->state != NULL, 0};
    if (optind < argc || c->state)
        return gt_cli_answer_one(answer, &q, c->state ? c->state : argv[optind], c->all ? DEF_ALL_CAP : DEF_ANSWER_CAP);
    if (c->state_file)
        return answer_file(c, s);
    if (c->random >= 0 && s->search) {
        fprintf(stderr, "godtab-solve: def: --random draws from a full table; %s has pattern databases only\n",
                s->name);
        return GT_EXIT_USAGE;
    }
    if (c->random >= 0)
        return answer_random(c, s);
    q.is_state = c->state_format;
    gt_cli_batch_json(c->json);
    return gt_cli_batch(stdin, answer, &q, c->all ? 1u << 20 : DEF_ANSWER_CAP, 0, 1);
}

static int run_def(def_cli *c, int argc, char **argv)
{
    def_session s = {0};
    int rc = parse_cli(argc, argv, c);
    if (rc)
        return rc < 0 ? 0 : rc;
    c->one_query = optind < argc || c->state || c->state_file;
    if ((rc = gt_def_session_open(c, &s)) == 0)
        rc = run(c, &s, argc, argv);
    gt_def_session_close(&s);
    return rc;
}

int gt_cmd_def(int argc, char **argv)
{
    def_cli c = {0};
    return run_def(&c, argc, argv);
}

int gt_cmd_def_table(const char *name, int argc, char **argv)
{
    def_cli c = {0};
    c.name = name;
    c.by_name = 1;
    return run_def(&c, argc, argv);
}
