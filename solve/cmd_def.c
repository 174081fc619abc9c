/* godtab-solve def --def FILE: optimal solutions from the table godtab-gen
 * --def built for a definition file (docs/definitions.md). The model is
 * rebuilt from the file (the same index as the stored table, checked by its
 * state count); a query is a scramble in the definition's move names; every
 * answer is replayed on the definition's permutations before it is printed. */
#include "catalog_def.h"
#include "def.h"
#include "gt_error.h"
#include "solve.h"
#include "solve_commands.h"
#include "store.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct def_cli {
    const char *path, *moves, *metric, *name, *db_path;
    int json;
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
                 "                        [--json] [SCRAMBLE]\n"
                 "Answers from the table 'godtab-gen --def FILE' built (same --moves/--metric/--name).\n"
                 "SCRAMBLE uses the definition's move names with powers (R R2 R'); without it, one\n"
                 "scramble a line from standard input. Prints an optimal solution, then (distance).\n");
}

static int parse_cli(int argc, char **argv, def_cli *c)
{
    static const struct option longopts[] = {
        {"def", required_argument, NULL, 'D'},    {"moves", required_argument, NULL, 'M'},
        {"metric", required_argument, NULL, 'T'}, {"name", required_argument, NULL, 'N'},
        {"db", required_argument, NULL, 'd'},     {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0}};
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
        switch (ch) {
        case 'D': c->path = optarg; break;
        case 'M': c->moves = optarg; break;
        case 'N': c->name = optarg; break;
        case 'd': c->db_path = optarg; break;
        case 'j': c->json = 1; break;
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
    if (!c->path) {
        fprintf(stderr, "godtab-solve: def: --def FILE is required\n");
        return GT_EXIT_USAGE;
    }
    return argc - optind > 1 ? (fprintf(stderr, "godtab-solve: def: one SCRAMBLE (quote it)\n"), GT_EXIT_USAGE) : 0;
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

/* One query: parse, index, walk, replay, print. Returns an exit code. */
static int answer(const def_cli *c, def_session *s, const char *query, long line)
{
    size_t n = (size_t)s->def->total;
    uint8_t perm[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], ori[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], moves[GT_MAX_DEPTH];
    gt_def_error err;
    uint64_t index;
    int length, rc;
    char where[48] = "";
    if (line > 0)
        snprintf(where, sizeof where, "line %ld: ", line);
    memcpy(perm, s->def->solved_perm, n);
    memcpy(ori, s->def->solved_ori, n);
    if ((rc = gt_def_apply_scramble(s->def, query, perm, ori, &err)) != 0) {
        fprintf(stderr, "godtab-solve: %s%s\n", where, err.message);
        return gt_exit_code(rc);
    }
    if ((rc = gt_def_model_index(s->model, perm, ori, &index)) != 0) {
        fprintf(stderr, "godtab-solve: %sthe position is outside this table (moves it cannot undo)\n", where);
        return GT_EXIT_ILLEGAL;
    }
    if ((rc = gt_solve_walk(s->p, s->table, index, moves, GT_MAX_DEPTH, &length)) != 0) {
        fprintf(stderr, "godtab-solve: %s%s\n", where, gt_strerror(rc));
        return gt_exit_code(rc);
    }
    for (int i = 0; i < length; i++) /* replayed on the permutations before printing */
        gt_def_model_apply(s->model, moves[i], perm, ori);
    if (!gt_def_is_solved(s->def, perm, ori)) {
        fprintf(stderr, "godtab-solve: %sthe table's answer does not solve the position: table corrupted\n", where);
        return GT_EXIT_CORRUPT;
    }
    const char *const *names = gt_def_model_move_names(s->model);
    if (c->json)
        printf("{\"puzzle\":\"%s\",\"metric\":\"%s\",\"distance\":%d,\"solution\":\"", s->name,
               c->metric ? c->metric : "htm", length);
    for (int i = 0; i < length; i++)
        printf("%s%s", i ? " " : "", names[moves[i]]);
    if (c->json)
        printf("\"}\n");
    else
        printf(" (%d)\n", length);
    return 0;
}

static int answer_stdin(const def_cli *c, def_session *s)
{
    char buf[65536];
    long line = 0;
    int failed = 0;
    while (fgets(buf, sizeof buf, stdin)) {
        line++;
        buf[strcspn(buf, "\r\n")] = 0;
        if (answer(c, s, buf, line))
            failed = 1;
        fflush(stdout);
    }
    return failed ? GT_EXIT_PARTIAL : 0;
}

int gt_cmd_def(int argc, char **argv)
{
    def_cli c = {0};
    def_session s = {0};
    int rc = parse_cli(argc, argv, &c);
    if (rc)
        return rc < 0 ? 0 : rc;
    if ((rc = load_model(&c, &s)) == 0 && (rc = load_table(&c, &s)) == 0)
        rc = optind < argc ? answer(&c, &s, argv[optind], 0) : answer_stdin(&c, &s);
    gt_table_free(s.table);
    gt_db_close(s.db);
    gt_def_model_free(s.model);
    gt_def_free(s.def);
    return rc;
}
