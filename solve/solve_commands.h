/* The godtab-solve front ends: each takes argv starting at its own name. */
#ifndef GODTAB_SOLVE_COMMANDS_H
#define GODTAB_SOLVE_COMMANDS_H

#include "spec.h"

#include <stddef.h>
#include <stdint.h>

/* The generic front end: any family with query hooks, by family name or by
 * one of its table names (fixed_table; NULL for the family's metrics). */
int gt_cmd_walk(const gt_family *family, const char *fixed_table, int argc, char **argv);

/* --antipodes / --at-depth D [--limit K] of the generic front end
 * (cmd_walk_depth.c): the table's states at one distance, a line each. */
typedef struct gt_walk_depth_args {
    const char *db_path, *table, *build_hint, *state_key;
    int depth, antipodes, json;
    uint64_t limit; /* 0: all */
} gt_walk_depth_args;
int gt_walk_list_depth(const gt_walk_depth_args *a);

/* Front ends of their own, for what a table walk does not give: the taquin's
 * boards and types, the 3x3x3's IDA* over pattern databases. */
int gt_cmd_taquin(int argc, char **argv);
int gt_cmd_cube3(int argc, char **argv);
/* The N×N×N cube (cmd_nnn.c): verdicts, nets, random positions. */
int gt_cmd_nnn(int argc, char **argv);
/* Tables built from definition files (cmd_def.c, docs/definitions.md). */
int gt_cmd_def(int argc, char **argv);
/* A table built by godtab-gen --def, by its name ("godtab-solve skewb"):
 * the def front end over the definition stored with the table. An unknown
 * name gets "unknown puzzle" and exit 1. */
int gt_cmd_def_table(const char *name, int argc, char **argv);

/* cube3's two-phase mode (cmd_cube3_twophase.c), reached from gt_cmd_cube3
 * by --max-length, --near or --random. */
typedef struct gt_cube3_twophase_cli {
    int max_length;   /* stop at the first solution of at most this many moves */
    double timeout;   /* seconds a query; 0 = none */
    int json, format, threads;
    long random;      /* --random N, or -1 */
    uint64_t seed;
    int have_seed;
    const char *db_path; /* NULL: the default database (cube3-twophase, if built) */
} gt_cube3_twophase_cli;

/* Answers query (NULL: --random, or standard input a line a query).
 * Returns the exit code. */
int gt_cmd_cube3_twophase(const gt_cube3_twophase_cli *cli, const char *query);

/* Reads a cube3 query (scramble or facelets, format GT_CLI_FORMAT_*) into
 * pos; GT_ERR_PARSE or GT_ERR_ILLEGAL with a one-line message in err. */
struct gt_cube3;
int gt_cube3_cli_parse(const char *query, int format, struct gt_cube3 *pos, char *err, size_t errcap);

#endif
