/* godtab-solve nnn: the N×N×N cube, N = 2..1024 (docs/nnn.md). What exists
 * so far: reading a scramble or facelets, the legality verdict (--check), the
 * net (--show) and uniformly random positions (--random). The solver (issue
 * 12) is not built yet: a query without those options says so (exit 1). */
#include "cli.h"
#include "facecube.h"
#include "gt_error.h"
#include "nnn.h"
#include "solve_commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHOW_MAX 32 /* --show draws nets up to 32x32x32 (a 64-column face) */

enum { OPT_SIZE = 256, OPT_CHECK };

typedef struct nnn_args {
    int size; /* 0: from the facelets */
    int check;
} nnn_args;

static const struct option nnn_options[] = {
    {"size", required_argument, NULL, OPT_SIZE}, {"check", no_argument, NULL, OPT_CHECK}, {NULL, 0, NULL, 0}};

static void nnn_usage(FILE *out, const void *ctx)
{
    (void)ctx;
    fprintf(out,
            "usage: godtab-solve nnn [--size N] [--check] [--show] [--json] (SCRAMBLE | --facelets S)\n"
            "       godtab-solve nnn --size N --random K [--seed S] [--json]\n"
            "  --size N      the cube, N from 2 to %d (a scramble needs it; facelets give it by\n"
            "                their length)\n"
            "  SCRAMBLE      WCA/SiGN moves: R, Rw, 3Rw, 3R (layer 3 alone), r, M E S (odd N only),\n"
            "                x y z, with ' 2 2'\n"
            "  --facelets S  6·N² stickers, faces U R F D L B, each read row by row as seen from\n"
            "                outside (Kociemba's order); any six letters (odd N: the centres give\n"
            "                the scheme, even N: the corners); '-' reads them from standard input\n"
            "  --check       the legality verdict: 'legal' (exit 0) or the broken condition (exit 3)\n"
            "  --show        the net (N <= %d)\n"
            "  --random K [--seed S]  K uniformly random reachable positions, as facelets only\n"
            "                (no scramble: that needs the solver)\n"
            "The solver is not built yet (issue 12): without --check, --show or --random a\n"
            "query is read and checked, then refused with exit 1.\n"
            "Exit codes: 0 ok, 1 usage (a size outside 2..%d, no solver yet), 2 malformed input\n"
            "(length not 6·N², a layer past N, M on an even N, an unknown move, not an assembly),\n"
            "3 illegal position (the condition and the piece type named).\n",
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
    default: return GT_EXIT_USAGE;
    }
}

static const gt_cli_command nnn_command = {
    .name = "nnn",
    .shared = GT_CLI_JSON | GT_CLI_SHOW | GT_CLI_STATE | GT_CLI_RANDOM,
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

static int random_positions(const nnn_args *a, const gt_cli_options *o)
{
    if (!a->size) {
        fprintf(stderr, "godtab-solve: nnn: --random needs --size N (2..%d)\n", GT_NNN_MAX);
        return GT_EXIT_USAGE;
    }
    gt_nnn c;
    gt_rng rng;
    char *text = malloc((size_t)gt_nnn_facelets(a->size) + 1);
    if (!text || gt_nnn_init(&c, a->size) != GT_OK) {
        free(text);
        return GT_EXIT_INTERNAL;
    }
    gt_rng_seed(&rng, o->seed);
    for (long i = 0; i < o->random; i++) {
        gt_nnn_random(&c, &rng);
        gt_nnn_to_facelets(&c, NULL, text);
        if (o->json)
            printf("{\"puzzle\":\"nnn\",\"size\":%d,\"seed\":%llu,\"index\":%ld,\"facelets\":\"%s\"}\n", a->size,
                   (unsigned long long)o->seed, i, text);
        else
            printf("%s\n", text);
    }
    gt_nnn_free(&c);
    free(text);
    return GT_EXIT_OK;
}

static int answer(const nnn_args *a, const gt_cli_options *o, const char *scramble, const char *facelets)
{
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
        fprintf(stderr, "godtab-solve: nnn: the N×N×N solver is not built yet; available now: --check, --show, "
                        "--random K (see --help)\n");
        code = GT_EXIT_USAGE;
    }
    gt_nnn_free(&c);
    return code;
}

int gt_cmd_nnn(int argc, char **argv)
{
    nnn_args a = {0, 0};
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
        return random_positions(&a, &o);
    }
    if (words == !!o.state) {
        fprintf(stderr, "godtab-solve: nnn: give either SCRAMBLE or --facelets S (see --help)\n");
        return GT_EXIT_USAGE;
    }
    char *text = words ? join_words(argc, argv, o.first_word) : !strcmp(o.state, "-") ? read_stdin() : NULL;
    if ((words || !strcmp(o.state, "-")) && !text) {
        fprintf(stderr, "godtab-solve: nnn: cannot read the query (out of memory, or a NUL byte)\n");
        return GT_EXIT_PARSE;
    }
    code = answer(&a, &o, words ? text : NULL, words ? NULL : text ? text : o.state);
    free(text);
    return code;
}
