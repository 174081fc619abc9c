/* godtab-solve: optimal answers from the stored tables. Each puzzle is a
 * subcommand implemented in its own file (solve/cmd_*.c). */
#include "gt_error.h"
#include "solve_commands.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    /* SUBCOMMANDS */
    {"taquin", gt_cmd_taquin, "flip taquin NxM (article part 2): optimal row/column flips"},
    {"cube3", gt_cmd_cube3, "3x3x3: optimal solutions (HTM or QTM) by IDA* over the cube3 tables"},
    {"pocket", gt_cmd_pocket, "2x2x2: optimal solutions in HTM or QTM from the pocket tables"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: godtab-solve PUZZLE [options] [QUERY]\n\npuzzles:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'godtab-solve PUZZLE --help' describes each. With no QUERY, queries are read from\n"
                 "standard input, one a line. Exit codes: 0 ok, 1 usage, 2 malformed input,\n"
                 "3 impossible state, 4 table missing, 5 table corrupted, 6 storage error,\n"
                 "8 some batch lines failed, 9 internal error, 10 search limit reached.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return GT_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return GT_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "godtab-solve: unknown puzzle '%s' (see godtab-solve --help)\n", argv[1]);
    return GT_EXIT_USAGE;
}
