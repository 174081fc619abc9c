/* The godtab-solve subcommands: each takes argv starting at its own name. */
#ifndef GODTAB_SOLVE_COMMANDS_H
#define GODTAB_SOLVE_COMMANDS_H

int gt_cmd_pocket(int argc, char **argv);
/* SUBCOMMAND DECLARATIONS */
int gt_cmd_taquin(int argc, char **argv);
int gt_cmd_cube3(int argc, char **argv);

#endif
