/* godtab-solve def --def FILE: optimal solutions from the table godtab-gen
 * --def built for a definition file (docs/definitions.md). The model is
 * rebuilt from the file (the same index as the stored table, checked by its
 * state count); a query is a scramble in the definition's move names or a
 * state in its .tws syntax (gt_def_parse_state), or a random reachable
 * state; every answer is replayed on the definition's permutations before
 * it is printed. */
#include "catalog_def.h"
#include "def.h"
#include "gt_error.h"
#include "rng.h"
#include "solve.h"
#include "solve_commands.h"
#include "store.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define DEF_STATE_FILE_MAX (1u << 20)

typedef struct def_cli {
    const char *path, *moves, *metric, *name, *db_path;
    const char *state, *state_file; /* --state TEXT, --state-file FILE */
    int json, state_format;          /* --format state: standard input holds states */
    int all;                         /* --all: every optimal solution */
    long random;                     /* --random N, or -1 */
    uint64_t seed;
    int have_seed;
} def_cli;

typedef struct def_session {
    gt_def *def;
    gt_def_model *model;
    const gt_puzzle *p;
    gt_db *db;
    gt_table *table;
    char name[GT_NAME_MAX];
} def_session;

static void usage(FILE *out)
{
    fprintf(out, "usage: godtab-solve def --def FILE [--moves LIST] [--metric htm|qtm] [--name TABLE] [--db PATH]\n"
                 "                        [--json] [--all] [SCRAMBLE | --state STATE | --state-file FILE |\n"
                 "                         --random N [--seed S] | --format scramble|state]\n"
                 "Answers from the table 'godtab-gen --def FILE' built (same --moves/--metric/--name).\n"
                 "SCRAMBLE uses the definition's move names with powers (R R2 R'); STATE is a state in\n"
                 "the file's syntax, set names each followed by their pieces and optional orientations\n"
                 "(\"CORNERS 2 1 3 4 5 6 7 8 0 0 0 0 0 0 0 0\"; sets not given are solved). With none of\n"
                 "them, one query a line from standard input (--format: scrambles or states).\n"
                 "Prints an optimal solution, then (distance); --random: the state, a tab, the answer;\n"
                 "--all: every optimal solution, one a line, then how many.\n");
}

/* --format, --random and --seed values. Returns an exit code. */
static int parse_value(int ch, const char *arg, def_cli *c)
{
    char *end;
    errno = 0;
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
    if (!c->path) {
        fprintf(stderr, "godtab-solve: def: --def FILE is required\n");
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
        {"help", no_argument, NULL, 'h'},
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
        case 'F':
        case 'r':
        case 'S':
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

/* A godtab cycle-notation file (.def) rather than a .tws one. */
static int cycle_notation(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcmp(path + n - 4, ".def");
}

/* The file, parsed, and the model of the selection. Returns an exit code. */
static int load_model(const def_cli *c, def_session *s)
{
    static char text[16u << 20];
    gt_def_options o = {c->metric && !strcmp(c->metric, "qtm") ? GT_DEF_QTM : GT_DEF_HTM, 0};
    gt_def_error err;
    FILE *f = fopen(c->path, "rb");
    if (!f) {
        fprintf(stderr, "godtab-solve: %s: %s\n", c->path, strerror(errno));
        return GT_EXIT_STORAGE;
    }
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    int rc = gt_catalog_def_parse(text, n, cycle_notation(c->path), &s->def, &err);
    if (rc == GT_OK && (rc = gt_def_moves_mask(s->def, c->moves ? c->moves : "all", &o.move_mask, &err)) != 0) {
        fprintf(stderr, "godtab-solve: --moves %s: column %d: %s\n", c->moves, err.column, err.message);
        return GT_EXIT_USAGE;
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: %s:%d:%d: %s\n", c->path, err.line, err.column, err.message);
        return gt_exit_code(rc);
    }
    if ((rc = gt_def_model_plan(s->def, &o, &s->model, &err)) != 0 || (rc = gt_def_model_build(s->model, &s->p)) != 0) {
        fprintf(stderr, "godtab-solve: %s: %s\n", c->path, rc == GT_ERR_NOMEM ? gt_strerror(rc) : err.message);
        return rc == GT_ERR_INVAL ? GT_EXIT_PARSE : GT_EXIT_INTERNAL;
    }
    const char *base = strrchr(c->path, '/');
    base = base ? base + 1 : c->path;
    if (c->name) { /* godtab-gen's default name otherwise (gen_def.c) */
        snprintf(s->name, sizeof s->name, "%s", c->name);
        return 0;
    }
    snprintf(s->name, sizeof s->name, "def-%.*s%s%s-%s", (int)strcspn(base, "."), base, c->moves ? "-" : "",
             c->moves ? c->moves : "", c->metric ? c->metric : "htm");
    for (char *p = s->name + 4; *p; p++)
        *p = *p == ',' ? '.' : *p;
    return 0;
}

/* The stored table, checked against the model's index space. */
static int load_table(const def_cli *c, def_session *s)
{
    const char *path = gt_db_default_path(c->db_path);
    int rc = gt_db_open(&s->db, path, GT_DB_READONLY);
    if (rc == GT_OK)
        rc = gt_db_get_table(s->db, s->name, 0, &s->table);
    if (rc == GT_ERR_NOTFOUND) {
        fprintf(stderr, "godtab-solve: table %s missing (build it with: godtab-gen --def %s%s%s%s%s)\n", s->name,
                c->path, c->moves ? " --moves " : "", c->moves ? c->moves : "", c->metric ? " --metric " : "",
                c->metric ? c->metric : "");
        return GT_EXIT_NOTABLE;
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: %s: %s: %s\n", path, gt_strerror(rc), gt_db_last_error(s->db));
        return gt_exit_code(rc);
    }
    if (s->table->meta.n_states != s->p->n_states) {
        fprintf(stderr, "godtab-solve: table %s was built from another definition (%llu states, not %llu)\n", s->name,
                (unsigned long long)s->table->meta.n_states, (unsigned long long)s->p->n_states);
        return GT_EXIT_CORRUPT;
    }
    return 0;
}

/* --all: each optimal solution, replayed on the state, printed. */
typedef struct def_all {
    const def_cli *c;
    const def_session *s;
    const uint8_t *perm, *ori;
    uint64_t printed;
    int wrong; /* a solution that does not solve the state */
} def_all;

static int def_all_solution(void *user, const uint8_t *moves, int length)
{
    def_all *a = user;
    uint8_t perm[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], ori[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES];
    const char *const *names = gt_def_model_move_names(a->s->model);
    memcpy(perm, a->perm, (size_t)a->s->def->total);
    memcpy(ori, a->ori, (size_t)a->s->def->total);
    for (int i = 0; i < length; i++)
        gt_def_model_apply(a->s->model, moves[i], perm, ori);
    if (!gt_def_is_solved(a->s->def, perm, ori)) {
        a->wrong = 1;
        return 1;
    }
    if (a->c->json)
        printf("%s\"", a->printed ? "," : "");
    for (int i = 0; i < length; i++)
        printf("%s%s", i ? " " : "", names[moves[i]]);
    fputs(a->c->json ? "\"" : length ? "\n" : "(solved)\n", stdout);
    a->printed++;
    return 0;
}

/* Every optimal solution of a state at distance `length`. Returns an exit code. */
static int print_all(const def_cli *c, const def_session *s, uint64_t index, const uint8_t *perm,
                     const uint8_t *ori, int length, const char *where)
{
    def_all a = {c, s, perm, ori, 0, 0};
    uint64_t count = 0;
    if (c->json)
        printf("{\"puzzle\":\"%s\",\"metric\":\"%s\",\"distance\":%d,\"solutions\":[", s->name,
               c->metric ? c->metric : "htm", length);
    int rc = gt_solve_all(s->p, s->table, index, def_all_solution, &a, &count);
    if (c->json)
        printf("],\"count\":%" PRIu64 "}\n", a.printed);
    else if (!rc && !a.wrong)
        printf("%" PRIu64 " optimal solution%s of length %d\n", count, count == 1 ? "" : "s", length);
    if (rc || a.wrong) {
        fprintf(stderr, "godtab-solve: %s%s\n", where,
                a.wrong ? "a solution of the table does not solve the position: table corrupted" : gt_strerror(rc));
        return a.wrong ? GT_EXIT_CORRUPT : gt_exit_code(rc);
    }
    return 0;
}

/* Walks the table from a state, replays the answer on the definition and
 * prints it (after `prefix`, the random state). Returns an exit code. */
static int solve_state(const def_cli *c, def_session *s, uint8_t *perm, uint8_t *ori, const char *where,
                       const char *prefix)
{
    uint8_t moves[GT_MAX_DEPTH];
    uint64_t index;
    int length, rc;
    if (gt_def_model_index(s->model, perm, ori, &index) != GT_OK ||
        (rc = gt_solve_walk(s->p, s->table, index, moves, GT_MAX_DEPTH, &length)) == GT_ERR_ILLEGAL) {
        fprintf(stderr, "godtab-solve: %sthe position is outside this table (not reachable with its moves)\n", where);
        return GT_EXIT_ILLEGAL;
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: %s%s\n", where, gt_strerror(rc));
        return gt_exit_code(rc);
    }
    if (c->all) { /* each solution is replayed from the state itself */
        if (prefix && !c->json) /* (the JSON object has no room for it) */
            printf("%s\n", prefix);
        return print_all(c, s, index, perm, ori, length, where);
    }
    for (int i = 0; i < length; i++) /* replayed on the permutations before printing */
        gt_def_model_apply(s->model, moves[i], perm, ori);
    if (!gt_def_is_solved(s->def, perm, ori)) {
        fprintf(stderr, "godtab-solve: %sthe table's answer does not solve the position: table corrupted\n", where);
        return GT_EXIT_CORRUPT;
    }
    const char *const *names = gt_def_model_move_names(s->model);
    if (c->json)
        printf("{\"puzzle\":\"%s\",\"metric\":\"%s\",%s%s%s\"distance\":%d,\"solution\":\"", s->name,
               c->metric ? c->metric : "htm", prefix ? "\"state\":\"" : "", prefix ? prefix : "", prefix ? "\"," : "",
               length);
    else if (prefix)
        printf("%s\t", prefix);
    for (int i = 0; i < length; i++)
        printf("%s%s", i ? " " : "", names[moves[i]]);
    if (c->json)
        printf("\"}\n");
    else
        printf(" (%d)\n", length);
    return 0;
}

/* One query, a scramble or a state: parse, then solve_state. `line` > 0
 * names the standard-input line in messages. Returns an exit code. */
static int answer(const def_cli *c, def_session *s, const char *query, int is_state, long line)
{
    uint8_t perm[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], ori[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES];
    gt_def_error err;
    int rc;
    char where[48] = "";
    if (line > 0)
        snprintf(where, sizeof where, "line %ld: ", line);
    if (is_state) {
        rc = gt_def_parse_state(s->def, query, perm, ori, &err);
        if (rc && line <= 0 && err.line > 1) /* a multi-line --state-file block */
            snprintf(where, sizeof where, "line %d: ", err.line);
        if (rc && (rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL)) {
            fprintf(stderr, "godtab-solve: %scolumn %d: %s\n", where, err.column, err.message);
            return gt_exit_code(rc);
        }
    } else {
        memcpy(perm, s->def->solved_perm, (size_t)s->def->total);
        memcpy(ori, s->def->solved_ori, (size_t)s->def->total);
        rc = gt_def_apply_scramble(s->def, query, perm, ori, &err);
        if (rc == GT_ERR_PARSE) {
            fprintf(stderr, "godtab-solve: %s%s\n", where, err.message);
            return gt_exit_code(rc);
        }
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: %s%s\n", where, gt_strerror(rc));
        return gt_exit_code(rc);
    }
    return solve_state(c, s, perm, ori, where, NULL);
}

static int answer_stdin(const def_cli *c, def_session *s)
{
    char buf[65536];
    long line = 0;
    int failed = 0;
    while (fgets(buf, sizeof buf, stdin)) {
        line++;
        buf[strcspn(buf, "\r\n")] = 0;
        if (answer(c, s, buf, c->state_format, line))
            failed = 1;
        fflush(stdout);
    }
    return failed ? GT_EXIT_PARTIAL : 0;
}

/* --state-file FILE: one state, possibly a multi-line block. */
static int answer_file(const def_cli *c, def_session *s)
{
    static char text[DEF_STATE_FILE_MAX + 1];
    FILE *f = fopen(c->state_file, "rb");
    if (!f) {
        fprintf(stderr, "godtab-solve: %s: %s\n", c->state_file, strerror(errno));
        return GT_EXIT_STORAGE;
    }
    size_t n = fread(text, 1, DEF_STATE_FILE_MAX + 1, f);
    fclose(f);
    if (n > DEF_STATE_FILE_MAX || memchr(text, 0, n)) {
        fprintf(stderr, "godtab-solve: %s: not a state (larger than 1 MiB or binary)\n", c->state_file);
        return GT_EXIT_PARSE;
    }
    text[n] = 0;
    return answer(c, s, text, 1, 0);
}

/* --random N: index values drawn uniformly, redrawn when the table has
 * not reached them (an index space larger than the reachable set), so the
 * states are uniform over the reachable ones. Each is printed on one line
 * in the file's syntax, then its answer. */
static int answer_random(const def_cli *c, def_session *s)
{
    uint8_t perm[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], ori[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES];
    static char text[1 << 16];
    uint64_t seed = c->seed;
    gt_rng rng;
    if (!c->have_seed && getrandom(&seed, sizeof seed, 0) != sizeof seed)
        seed = (uint64_t)time(NULL);
    gt_rng_seed(&rng, seed);
    for (long i = 0; i < c->random; i++) {
        uint64_t index;
        int tries = 0;
        do
            index = gt_rng_below(&rng, s->p->n_states);
        while (gt_table_residue(s->table, s->p, index) < 0 && ++tries < 1000000);
        if (gt_def_model_state(s->model, index, perm, ori) != GT_OK ||
            gt_def_state_text(s->def, perm, ori, text, sizeof text) != GT_OK) {
            fprintf(stderr, "godtab-solve: state %" PRIu64 " cannot be written\n", index);
            return GT_EXIT_INTERNAL;
        }
        size_t len = strlen(text);
        for (char *p = text; *p; p++) /* one line: the syntax reads line breaks as blanks */
            *p = *p == '\n' ? ' ' : *p;
        while (len > 0 && text[len - 1] == ' ')
            text[--len] = 0;
        int rc = solve_state(c, s, perm, ori, "", text);
        if (rc)
            return rc;
    }
    return 0;
}

int gt_cmd_def(int argc, char **argv)
{
    def_cli c = {0};
    def_session s = {0};
    int rc = parse_cli(argc, argv, &c);
    if (rc)
        return rc < 0 ? 0 : rc;
    if ((rc = load_model(&c, &s)) == 0 && (rc = load_table(&c, &s)) == 0)
        rc = optind < argc   ? answer(&c, &s, argv[optind], 0, 0)
             : c.state      ? answer(&c, &s, c.state, 1, 0)
             : c.state_file ? answer_file(&c, &s)
             : c.random >= 0 ? answer_random(&c, &s)
                             : answer_stdin(&c, &s);
    gt_table_free(s.table);
    gt_db_close(s.db);
    gt_def_model_free(s.model);
    gt_def_free(s.def);
    return rc;
}
