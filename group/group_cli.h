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

/* Loads the definition at path and builds its group (opt may be NULL). On
 * failure prints the one-line error itself ("FILE:LINE:COL: message" for a
 * malformed definition) and leaves *def and *grp NULL.
 * Return values: GT_OK, or the negative GT_ERR_* code. */
int group_cli_load(const char *path, const gt_group_options *opt, gt_puzdef **def, gt_group **grp);

/* The subcommands: argv[1] is the subcommand's name, argc >= 2. Each checks
 * its own arguments and returns the exit code (docs/groups.md). */
int group_cmd_order(int argc, char **argv);
int group_cmd_member(int argc, char **argv);
int group_cmd_cube_def(int argc, char **argv);

#endif
