/* The pieces the godtab-group subcommands share (group_cli.h): the usage
 * error, --timeout and --progress, loading a definition and building its
 * group. Below main() (godtab-group.c) and the subcommands (cmd_*.c). */
#include "catalog.h"
#include "group_cli.h"
#include "gt_error.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int group_cli_usage_error(const char *msg)
{
    fprintf(stderr, "godtab-group: %s (try --help)\n", msg);
    return GT_EXIT_USAGE;
}

int group_cli_limit_option(int argc, char **argv, int *k, group_cli_limits *o)
{
    if (!strcmp(argv[*k], "--progress")) {
        o->progress = 1;
        (*k)++;
        return 1;
    }
    if (strcmp(argv[*k], "--timeout"))
        return 0;
    char *end = NULL;
    double t = *k + 1 < argc ? strtod(argv[*k + 1], &end) : 0;
    if (!end || end == argv[*k + 1] || *end || !(t > 0) || t > 1e9) {
        group_cli_usage_error("--timeout takes a positive number of seconds");
        return -1;
    }
    o->timeout = t;
    *k += 2;
    return 1;
}

/* --progress: one line on stderr per report. */
static void print_progress(const gt_group_progress *p, void *ctx)
{
    (void)ctx;
    fprintf(stderr, "godtab-group: %.1f s: %s", p->elapsed, p->phase ? p->phase : "");
    if (p->check_level >= 0)
        fprintf(stderr, " (level %d)", p->check_level);
    if (p->base_length > 0)
        fprintf(stderr, ", %d levels, %d strong generators, %d random elements, %d Schreier generators, "
                        "order >= 10^%.1f",
                p->base_length, p->strong_generators, p->random_elements, p->schreier_checked, p->log10_order);
    fprintf(stderr, "\n");
}

void group_cli_start(group_cli_limits *o)
{
    memset(&o->lim, 0, sizeof o->lim);
    if (o->timeout > 0)
        o->lim.deadline = gt_group_clock() + o->timeout;
    if (o->progress)
        o->lim.progress = print_progress;
}

int group_cli_timeout_error(const char *path, const group_cli_limits *o, const char *what)
{
    fprintf(stderr, "godtab-group: %s: stopped by --timeout %g s while %s\n", path, o ? o->timeout : 0.0, what);
    return GT_EXIT_TIMEOUT;
}

/* The one-line error of a definition that gt_puzdef_load refused. */
static void print_load_error(const char *path, const gt_puzdef_error *err, int rc)
{
    if (err->line > 0)
        fprintf(stderr, "godtab-group: %s:%d:%d: %s\n", path, err->line, err->column, err->message);
    else if (rc == GT_ERR_STORAGE || rc == GT_ERR_PARSE)
        fprintf(stderr, "godtab-group: %s: %s\n", path, err->message);
    else
        fprintf(stderr, "godtab-group: %s: %s\n", path, gt_strerror(rc));
}

int group_cli_load(const char *path, const gt_group_options *opt, const group_cli_limits *lim, gt_puzdef **def,
                   gt_group **grp)
{
    gt_puzdef_error err;
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
    *def = NULL;
    *grp = NULL;
    /* "-" is standard input, as for every file a godtab program names */
    int rc = gt_puzdef_load(strcmp(path, "-") ? path : "/dev/stdin", def, &err);
    if (!strcmp(path, "-"))
        path = "standard input";
    if (rc < 0) {
        print_load_error(path, &err, rc);
        goto out;
    }
    gt_puzdef_gen_ptrs(*def, ptrs);
    rc = gt_group_create_limited((*def)->degree, (*def)->ngens, ptrs, opt, lim ? &lim->lim : NULL, grp);
    if (rc == GT_ERR_TIMEOUT) {
        group_cli_timeout_error(path, lim, "building the group");
        goto free_def;
    }
    if (rc < 0) {
        fprintf(stderr, "godtab-group: %s: %s\n", path, gt_strerror(rc));
        goto free_def;
    }
    return GT_OK;
free_def:
    gt_puzdef_free(*def);
    *def = NULL;
out:
    return rc;
}
