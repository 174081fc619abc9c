/* The godtab-solve command-line skeleton: the options every subcommand
 * shares are parsed here once, each with one message; a subcommand adds
 * only its own (gt_cli_command.own). */
#include "cli.h"
#include "gt_error.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_OPTIONS = 32 };

/* The shared options: flag, getopt entry, short letters. */
static const struct {
    unsigned flag;
    struct option opt;
    const char *letters;
} shared_options[] = {
    {GT_CLI_METRIC, {"metric", required_argument, NULL, 'm'}, "m:"},
    {GT_CLI_ALL, {"all", no_argument, NULL, 'a'}, "a"},
    {GT_CLI_JSON, {"json", no_argument, NULL, 'j'}, "j"},
    {GT_CLI_SHOW, {"show", no_argument, NULL, 's'}, "s"},
    {GT_CLI_DB, {"db", required_argument, NULL, 'd'}, "d:"},
    {GT_CLI_STATE, {NULL, required_argument, NULL, 'f'}, "f:"}, /* named by the command */
    {GT_CLI_FORMAT, {"format", required_argument, NULL, 'F'}, "F:"},
    {GT_CLI_RANDOM, {"random", required_argument, NULL, 'r'}, "r:"},
    {GT_CLI_RANDOM, {"seed", required_argument, NULL, 'S'}, "S:"},
    {GT_CLI_THREADS, {"threads", required_argument, NULL, 't'}, "t:"},
    {GT_CLI_SVG, {"svg", required_argument, NULL, 'g'}, "g:"},
};

/* "a", "a or b", "a, b or c" from a space-separated list. */
static void either(const char *list, char *buf, size_t cap)
{
    char words[8][32];
    int n = 0;
    for (const char *p = list; *p && n < 8;) {
        size_t k = strcspn(p, " ");
        snprintf(words[n++], sizeof words[0], "%.*s", (int)k, p);
        p += k + strspn(p + k, " ");
    }
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", words[i]);
}

/* 1 if word is one of the space-separated list. */
static int listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, " ");
        if (k == n && !strncmp(p, word, n))
            return 1;
        p += k + strspn(p + k, " ");
    }
    return 0;
}

/* The long options and short letters of a command, shared ones first. */
static void option_table(const gt_cli_command *cmd, struct option *opts, char *letters, size_t cap)
{
    int n = 0;
    snprintf(letters, cap, "+");
    for (size_t i = 0; i < sizeof shared_options / sizeof shared_options[0]; i++) {
        if (!(cmd->shared & shared_options[i].flag))
            continue;
        opts[n] = shared_options[i].opt;
        if (shared_options[i].flag == GT_CLI_STATE)
            opts[n].name = cmd->state_option;
        n++;
        strncat(letters, shared_options[i].letters, cap - strlen(letters) - 1);
    }
    for (const struct option *o = cmd->own; o && o->name && n < MAX_OPTIONS - 2; o++)
        opts[n++] = *o;
    opts[n++] = (struct option){"help", no_argument, NULL, 'h'};
    opts[n] = (struct option){NULL, 0, NULL, 0};
    strncat(letters, cmd->own_short ? cmd->own_short : "", cap - strlen(letters) - 1);
    strncat(letters, "h", cap - strlen(letters) - 1);
}

static int value_error(const char *option, const char *wants, const char *value)
{
    fprintf(stderr, "godtab-solve: %s wants %s, not '%s'\n", option, wants, value);
    return GT_EXIT_USAGE;
}

static int parse_format(const gt_cli_command *cmd, const char *arg, gt_cli_options *o)
{
    char list[64], wants[96];
    snprintf(list, sizeof list, "%sscramble %s", cmd->format_auto ? "auto " : "", cmd->state_option);
    if (!listed(list, arg)) {
        either(list, wants, sizeof wants);
        return value_error("--format", wants, arg);
    }
    o->format = !strcmp(arg, "auto")       ? GT_CLI_FORMAT_AUTO
                : !strcmp(arg, "scramble") ? GT_CLI_FORMAT_SCRAMBLE
                                           : GT_CLI_FORMAT_STATE;
    return 0;
}

/* --seed S: a decimal from 0 to 2^64-1. strtoull alone would take "-5"
 * (as 2^64-5), " 5" and "+5", and saturate past 2^64-1 with only errno to
 * tell, so the first byte must be a digit and errno is checked. */
static int parse_seed(const char *arg, gt_cli_options *o)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (!isdigit((unsigned char)arg[0]) || *end || errno == ERANGE)
        return value_error("--seed", "a non-negative integer below 2^64", arg);
    o->seed = (uint64_t)v;
    o->have_seed = 1;
    return 0;
}

/* One shared option (or the command's own); 0 or an exit code. */
static int take_option(const gt_cli_command *cmd, void *ctx, int opt, const char *arg, gt_cli_options *o)
{
    char wants[96];
    switch (opt) {
    case 'm':
        if (!listed(cmd->metrics, arg)) {
            either(cmd->metrics, wants, sizeof wants);
            return value_error("--metric", wants, arg);
        }
        o->metric = arg;
        return 0;
    case 'a': o->all = 1; return 0;
    case 'j': o->json = 1; gt_cli_batch_json(1); return 0;
    case 's': o->show = 1; return 0;
    case 'd':
        /* the store reads "" as "not given" (GODTAB_DB, then the default):
         * an empty --db would silently use another database */
        if (!*arg)
            return value_error("--db", "a database path", arg);
        o->db_path = arg;
        return 0;
    case 'f': o->state = arg; return 0;
    case 'g':
        if (!*arg)
            return value_error("--svg", "a file name", arg);
        o->svg = arg;
        return 0;
    case 'F': return parse_format(cmd, arg, o);
    case 'r': return (o->random = gt_cli_parse_count("--random", arg, 0, 1000000000L)) < 0 ? GT_EXIT_USAGE : 0;
    case 'S': return parse_seed(arg, o);
    case 't': {
        long t = gt_cli_parse_count("--threads", arg, 1, 1024);
        o->threads = (int)t;
        return t < 0 ? GT_EXIT_USAGE : 0;
    }
    default: return cmd->own_option ? cmd->own_option(ctx, opt, arg) : GT_EXIT_USAGE;
    }
}

int gt_cli_parse(const gt_cli_command *cmd, void *ctx, int argc, char **argv, gt_cli_options *o)
{
    struct option opts[MAX_OPTIONS];
    char letters[96];
    option_table(cmd, opts, letters, sizeof letters);
    *o = (gt_cli_options){.format = cmd->format_auto ? GT_CLI_FORMAT_AUTO : GT_CLI_FORMAT_SCRAMBLE,
                          .random = -1};
    int opt;
    optind = 1;
    opterr = 0; /* our own one-line message below */
    /* '+' stops at the first non-option: scrambles like "R' U" are queries. */
    while ((opt = getopt_long(argc, argv, letters, opts, NULL)) != -1) {
        int code;
        if (opt == 'h') {
            cmd->usage(stdout, ctx);
            return GT_CLI_HELP_SHOWN;
        }
        if (opt == '?' || opt == ':') {
            fprintf(stderr, "godtab-solve %s: unknown option or missing value '%s' (see --help)\n", cmd->name,
                    argv[optind - 1]);
            return GT_EXIT_USAGE;
        }
        if ((code = take_option(cmd, ctx, opt, optarg, o)) != 0)
            return code;
    }
    o->first_word = optind;
    if (o->have_seed && o->random < 0) {
        fprintf(stderr, "godtab-solve: --seed goes with --random\n");
        return GT_EXIT_USAGE;
    }
    return 0;
}

int gt_cli_write_file(const char *path, const char *text)
{
    /* "-" is standard output, as for every file a godtab program names */
    int to_stdout = !strcmp(path, "-");
    FILE *f = to_stdout ? stdout : fopen(path, "w");
    int bad = !f || fputs(text, f) == EOF;
    if (f && (to_stdout ? fflush(f) : fclose(f)) != 0)
        bad = 1;
    if (bad) {
        fprintf(stderr, "godtab-solve: cannot write %s: %s\n", to_stdout ? "standard output" : path,
                strerror(errno));
        return GT_EXIT_STORAGE;
    }
    return GT_EXIT_OK;
}

int gt_cli_colour(void)
{
    const char *no = getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && !(no && *no);
}
