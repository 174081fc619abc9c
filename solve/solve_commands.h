/* The godtab-solve front ends: each takes argv starting at its own name. */
#ifndef GODTAB_SOLVE_COMMANDS_H
#define GODTAB_SOLVE_COMMANDS_H

#include "spec.h"

/* The generic front end: any family with query hooks, by family name or by
 * one of its table names (fixed_table; NULL for the family's metrics). */
int gt_cmd_walk(const gt_family *family, const char *fixed_table, int argc, char **argv);

/* Front ends of their own, for what a table walk does not give: the taquin's
 * boards and types, the 3x3x3's IDA* over pattern databases. */
int gt_cmd_taquin(int argc, char **argv);
int gt_cmd_cube3(int argc, char **argv);

#endif
