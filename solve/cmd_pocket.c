/* godtab-solve pocket: optimal 2x2x2 solutions by walking the stored table. */
#include "cli.h"
#include "facecube.h"
#include "gt_error.h"
#include "pocket.h"
#include "solve.h"
#include "solve_commands.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

typedef struct pocket_cli {
    int metric, all, json, show, facelets_input;
    const gt_puzzle *puzzle;
    const gt_table *table;
} pocket_cli;

#define ANSWER_CAP 512

static void pocket_usage(FILE *out)
{
    fprintf(out,
            "usage: godtab-solve pocket [--metric htm|qtm] [--all] [--json] [--show] [--db PATH]\n"
            "                           [--threads N] (SCRAMBLE | --facelets S | --random N [--seed S])\n"
            "  SCRAMBLE    WCA moves: U D R L F B with ' 2 2', rotations x y z (one or more words)\n"
            "  --facelets  24 stickers, faces U R F D L B, each read left-to-right, top-to-bottom\n"
            "  --format F  for standard input: 'scramble' (default) or 'facelets' lines\n"
            "  --random N  N uniformly random states with their optimal solutions\n"
            "With no query, reads one query a line from standard input.\n"
            "Prints one optimal solution in U R F moves (QTM: quarter turns only), then (distance).\n");
}

/* Appends the move names of a walk, space-separated. */
static size_t format_moves(const gt_puzzle *p, const uint8_t *moves, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *name = p->move_names[moves[i]];
        size_t k = strlen(name);
        if (len + k + 2 >= cap)
            break;
        if (i)
            buf[len++] = ' ';
        memcpy(buf + len, name, k);
        len += k;
        buf[len] = 0;
    }
    return len;
}

/* Solves a position, checks the answer by applying it to the stickers, and
 * writes the solution. A failed check means the table lies: never print it. */
static int solve_position(const pocket_cli *c, const gt_pocket *pos, uint8_t *moves, int *len)
{
    int rc = gt_solve_walk(c->puzzle, c->table, pos->index, moves, GT_MAX_DEPTH, len);
    if (rc)
        return rc;
    return gt_pocket_solves(c->metric, pos, moves, *len) ? GT_OK : GT_ERR_CORRUPT;
}

typedef struct collect {
    const gt_puzzle *p;
    char *buf;
    size_t cap, len;
    int json, overflow;
} collect;

static int collect_solution(void *user, const uint8_t *moves, int length)
{
    collect *c = user;
    char line[256];
    format_moves(c->p, moves, length, line, sizeof line);
    size_t need = strlen(line) + 8;
    if (c->len + need >= c->cap) {
        c->overflow = 1;
        return 1;
    }
    if (c->json) {
        if (c->buf[c->len - 1] != '[')
            c->buf[c->len++] = ',';
        gt_cli_json_string(c->buf, c->cap, &c->len, line);
    } else {
        c->len += (size_t)snprintf(c->buf + c->len, c->cap - c->len, "%s\n", length ? line : "(solved)");
    }
    return 0;
}

static int parse_query(const pocket_cli *c, const char *query, int facelets, gt_pocket *pos, char letters[7],
                       char *err, size_t errcap)
{
    gt_parse_error pe = {0, 0, ""};
    int rc = facelets ? gt_pocket_from_facelets(query, pos, letters, &pe)
                      : gt_pocket_from_scramble(query, pos, &pe);
    if (!facelets)
        memcpy(letters, "URFDLB", 7);
    if (rc)
        snprintf(err, errcap, "%s", pe.message[0] ? pe.message : gt_strerror(rc));
    (void)c;
    return rc;
}

/* The answer to one query, without a trailing newline. */
static int answer_query(const pocket_cli *c, const char *query, int facelets, char *out, size_t cap,
                        char *err, size_t errcap)
{
    gt_pocket pos;
    char letters[7];
    uint8_t moves[GT_MAX_DEPTH];
    int len, rc = parse_query(c, query, facelets, &pos, letters, err, errcap);
    if (rc)
        return rc;
    if ((rc = solve_position(c, &pos, moves, &len)) != 0) {
        snprintf(err, errcap, "%s", rc == GT_ERR_CORRUPT ? "the table is inconsistent (rebuild it with: godtab-gen pocket)"
                                                        : gt_strerror(rc));
        return rc;
    }
    char solution[256], net[512] = "";
    format_moves(c->puzzle, moves, len, solution, sizeof solution);
    if (c->show && !c->json)
        gt_facecube_net(2, pos.colours, letters, net, sizeof net);
    size_t n = 0;
    if (c->json) {
        n = (size_t)snprintf(out, cap, "{\"puzzle\":\"pocket\",\"metric\":\"%s\",\"distance\":%d,\"solution\":",
                             c->puzzle->metric, len);
        gt_cli_json_string(out, cap, &n, solution);
        if (c->show) {
            char stickers[GT_POCKET_FACELETS + 1];
            for (int f = 0; f < GT_POCKET_FACELETS; f++)
                stickers[f] = letters[pos.colours[f]];
            stickers[GT_POCKET_FACELETS] = 0;
            n += (size_t)snprintf(out + n, cap - n, ",\"facelets\":\"%s\"", stickers);
        }
        if (c->all) {
            uint64_t count = 0;
            collect col = {c->puzzle, out, cap, 0, 1, 0};
            n += (size_t)snprintf(out + n, cap - n, ",\"solutions\":[");
            col.len = n;
            rc = gt_solve_all(c->puzzle, c->table, pos.index, collect_solution, &col, &count);
            n = col.len;
            if (!rc && col.overflow)
                rc = GT_ERR_RANGE;
            n += (size_t)snprintf(out + n, cap > n ? cap - n : 0, "],\"count\":%llu", (unsigned long long)count);
        }
        if (n + 2 >= cap)
            rc = GT_ERR_RANGE;
        else
            snprintf(out + n, cap - n, "}");
    } else if (c->all) {
        uint64_t count = 0;
        n = (size_t)snprintf(out, cap, "%s", net);
        collect col = {c->puzzle, out, cap, n, 0, 0};
        rc = gt_solve_all(c->puzzle, c->table, pos.index, collect_solution, &col, &count);
        if (!rc && col.overflow)
            rc = GT_ERR_RANGE;
        if (!rc)
            snprintf(out + col.len, cap - col.len, "%llu optimal solution%s of length %d",
                     (unsigned long long)count, count == 1 ? "" : "s", len);
    } else {
        /* the hot path of batch mode: no printf */
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
    }
    if (rc)
        snprintf(err, errcap, "%s", rc == GT_ERR_RANGE ? "too many optimal solutions to print" : gt_strerror(rc));
    return rc;
}

typedef struct batch_ctx {
    const pocket_cli *cli;
    int facelets;
} batch_ctx;

static int batch_answer(void *ctx, const char *line, char *out, size_t cap, char *err, size_t errcap)
{
    const batch_ctx *b = ctx;
    return answer_query(b->cli, line, b->facelets, out, cap, err, errcap);
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) without modulo bias (rejection sampling). */
static uint64_t uniform_below(uint64_t *state, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do
        x = splitmix64(state);
    while (x >= limit);
    return x % n;
}

static int random_states(const pocket_cli *c, long count, uint64_t seed)
{
    char *out = malloc(ANSWER_CAP * 64);
    if (!out)
        return GT_EXIT_INTERNAL;
    for (long i = 0; i < count; i++) {
        gt_pocket pos;
        uint8_t moves[GT_MAX_DEPTH], inverse[GT_MAX_DEPTH];
        int len;
        gt_pocket_from_index(uniform_below(&seed, GT_POCKET_STATES), &pos);
        int rc = solve_position(c, &pos, moves, &len);
        if (rc) {
            fprintf(stderr, "godtab-solve: the table is inconsistent (rebuild it with: godtab-gen pocket)\n");
            free(out);
            return gt_exit_code(rc);
        }
        /* The scramble is the solution undone: reversed, each move inverted. */
        for (int k = 0; k < len; k++)
            inverse[k] = (uint8_t)c->puzzle->move_inverse[moves[len - 1 - k]];
        char scramble[256], solution[256];
        format_moves(c->puzzle, inverse, len, scramble, sizeof scramble);
        format_moves(c->puzzle, moves, len, solution, sizeof solution);
        if (c->json) {
            size_t n = (size_t)snprintf(out, ANSWER_CAP, "{\"puzzle\":\"pocket\",\"metric\":\"%s\",\"scramble\":",
                                        c->puzzle->metric);
            gt_cli_json_string(out, ANSWER_CAP, &n, scramble);
            n += (size_t)snprintf(out + n, ANSWER_CAP - n, ",\"distance\":%d,\"solution\":", len);
            gt_cli_json_string(out, ANSWER_CAP, &n, solution);
            printf("%s}\n", out);
        } else {
            printf("scramble: %s   solution: %s (%d)\n", len ? scramble : "(solved)", solution, len);
        }
    }
    free(out);
    return GT_EXIT_OK;
}

int gt_cmd_pocket(int argc, char **argv)
{
    pocket_cli c = {GT_POCKET_HTM, 0, 0, 0, 0, NULL, NULL};
    const char *db_path = NULL, *facelets = NULL;
    long random_count = -1, threads = 0;
    uint64_t seed = 0;
    int have_seed = 0;
    static const struct option longopts[] = {
        {"metric", required_argument, NULL, 'm'}, {"all", no_argument, NULL, 'a'},
        {"json", no_argument, NULL, 'j'},         {"show", no_argument, NULL, 's'},
        {"db", required_argument, NULL, 'd'},     {"facelets", required_argument, NULL, 'f'},
        {"format", required_argument, NULL, 'F'}, {"random", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 'S'},   {"threads", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0}};
    int opt;
    optind = 1;
    opterr = 0; /* our own one-line message below */
    /* '+' stops at the first non-option: scrambles like "R' U" are queries. */
    while ((opt = getopt_long(argc, argv, "+m:ajsd:f:F:r:S:t:h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'm':
            if (!strcmp(optarg, "htm")) c.metric = GT_POCKET_HTM;
            else if (!strcmp(optarg, "qtm")) c.metric = GT_POCKET_QTM;
            else {
                fprintf(stderr, "godtab-solve: --metric wants htm or qtm, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            break;
        case 'a': c.all = 1; break;
        case 'j': c.json = 1; break;
        case 's': c.show = 1; break;
        case 'd': db_path = optarg; break;
        case 'f': facelets = optarg; break;
        case 'F':
            if (!strcmp(optarg, "facelets")) c.facelets_input = 1;
            else if (strcmp(optarg, "scramble")) {
                fprintf(stderr, "godtab-solve: --format wants scramble or facelets, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            break;
        case 'r':
            if ((random_count = gt_cli_parse_count("--random", optarg, 0, 1000000000L)) < 0)
                return GT_EXIT_USAGE;
            break;
        case 'S': {
            char *end;
            seed = strtoull(optarg, &end, 10);
            if (!*optarg || *end) {
                fprintf(stderr, "godtab-solve: --seed wants a non-negative integer, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            have_seed = 1;
            break;
        }
        case 't':
            if ((threads = gt_cli_parse_count("--threads", optarg, 1, 1024)) < 0)
                return GT_EXIT_USAGE;
            break;
        case 'h': pocket_usage(stdout); return GT_EXIT_OK;
        default:
            fprintf(stderr, "godtab-solve pocket: unknown option or missing value '%s' (see --help)\n",
                    argv[optind - 1]);
            return GT_EXIT_USAGE;
        }
    }
    char query[4096];
    int code = gt_cli_join_words(argc, argv, optind, query, sizeof query);
    if (code)
        return code;
    int n_sources = (optind < argc) + (facelets != NULL) + (random_count >= 0);
    if (n_sources > 1) {
        fprintf(stderr, "godtab-solve: give one of SCRAMBLE, --facelets or --random\n");
        return GT_EXIT_USAGE;
    }
    if (have_seed && random_count < 0) {
        fprintf(stderr, "godtab-solve: --seed goes with --random\n");
        return GT_EXIT_USAGE;
    }

    const char *table = c.metric == GT_POCKET_HTM ? "pocket-htm" : "pocket-qtm";
    gt_db *db = NULL;
    gt_puzzle *puzzle = NULL;
    gt_table *t = NULL;
    code = gt_cli_load_table(db_path, table, "godtab-gen pocket", &db, &puzzle, &t);
    if (code)
        return code;
    c.puzzle = puzzle;
    c.table = t;

    if (random_count >= 0) {
        if (!have_seed && getrandom(&seed, sizeof seed, 0) != sizeof seed)
            seed = (uint64_t)time(NULL);
        code = random_states(&c, random_count, seed);
    } else if (n_sources == 0) {
        batch_ctx b = {&c, c.facelets_input};
        code = gt_cli_batch(stdin, batch_answer, &b, c.all ? 1 << 20 : ANSWER_CAP, 1, (int)threads);
    } else {
        batch_ctx b = {&c, facelets != NULL};
        code = gt_cli_answer_one(batch_answer, &b, facelets ? facelets : query, c.all ? 1 << 22 : ANSWER_CAP * 4);
    }
    gt_cli_unload_table(table, db, puzzle, t);
    return code;
}
