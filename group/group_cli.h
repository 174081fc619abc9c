/* Pieces shared by the godtab-group subcommands (group/cmd_*.c): the usage
 * error, loading a definition and building its group, and the subcommands
 * themselves, which main() in group/godtab-group.c dispatches to. */
#ifndef GODTAB_GROUP_CLI_H
#define GODTAB_GROUP_CLI_H

#include "permgroup.h"
#include "puzdef.h"

/* Prints "godtab-group: MSG (try --help)" on stderr.
 * Return value: GT_EXIT_USAGE. */
int group_cli_usage_error(const char *msg);

/* The options the long subcommands share: --timeout SECONDS, --progress. */
typedef struct group_cli_limits {
    double timeout;         /* seconds, 0 = none */
    int progress;           /* report on stderr every second */
    gt_group_limits lim;    /* filled by group_cli_start */
} group_cli_limits;

/* If argv[*k] is --timeout SECONDS or --progress, reads it into o and
 * advances *k past it. Returns 1 if it was one of them, 0 if not, or -1
 * after printing the usage error (a bad number of seconds). */
int group_cli_limit_option(int argc, char **argv, int *k, group_cli_limits *o);

/* Starts the clock: o->lim gets the deadline (now + timeout) and the
 * progress printer. */
void group_cli_start(group_cli_limits *o);

/* The one-line message for a construction stopped by --timeout (what is
 * what was being done: "building the group"). Returns GT_EXIT_TIMEOUT. */
int group_cli_timeout_error(const char *path, const group_cli_limits *o, const char *what);

/* Loads the definition at path and builds its group (opt and lim may be
 * NULL). On failure prints the one-line error itself ("FILE:LINE:COL:
 * message" for a malformed definition, the time limit for --timeout) and
 * leaves *def and *grp NULL.
 * Return values: GT_OK, or the negative GT_ERR_* code. */
int group_cli_load(const char *path, const gt_group_options *opt, const group_cli_limits *lim, gt_puzdef **def,
                   gt_group **grp);

/* The subcommands: argv[1] is the subcommand's name, argc >= 2. Each checks
 * its own arguments and returns the exit code (docs/groups.md). */
int group_cmd_order(int argc, char **argv);
int group_cmd_member(int argc, char **argv);
int group_cmd_cube_def(int argc, char **argv);
int group_cmd_count(int argc, char **argv);

#endif
