/* godtab-group: permutation puzzles given by generators.
 *
 *   godtab-group order [...] FILE        exact order, base, orbit lengths
 *   godtab-group member [...] FILE PERM  membership, a word for PERM, shortened
 *   godtab-group cube-def N [...]        print the definition of an n×n×n cube
 *   godtab-group count N [--json]        exact number of positions of the n×n×n cube
 *
 * order and member take --timeout SECONDS (exit 10 when it runs out) and
 * --progress (a line on stderr every second, from the library's callback).
 *
 * This file holds the usage text, main() and what the subcommands share
 * (group_cli.h); each subcommand is in group/cmd_*.c. Only group/ prints or
 * exits; the engine is in common/ (permgroup, puzdef, group_words,
 * cubegroup). Exit codes: docs/groups.md. */
#include "catalog.h"
#include "group_cli.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: godtab-group order [--deterministic] [--timeout SECONDS] [--progress] [--json] FILE\n"
    "       godtab-group member [--timeout SECONDS] [--progress] FILE PERM\n"
    "       godtab-group cube-def N [--faces LETTERS] [--inner]\n"
    "       godtab-group count N [--json]\n"
    "       godtab-group -h|--help, -V|--version\n"
    "\n"
    "FILE is a puzzle definition (docs/groups.md; examples in puzzles/); - reads\n"
    "it from standard input.\n"
    "  order    prints the exact order of the group, its base and the orbit\n"
    "           lengths of the stabiliser chain. The alternating and symmetric\n"
    "           groups are recognised first (Jordan's theorem); other groups get\n"
    "           random Schreier-Sims, then a deterministic check unless the order\n"
    "           reached a proven bound (--deterministic: no randomness at all).\n"
    "           --json: one object {\"name\",\"points\",\"generators\",\"order\",\n"
    "           \"base\",\"orbit_lengths\",...} (docs/json.md).\n"
    "  member   says whether PERM is in the group. PERM is written in cycle\n"
    "           notation \"(1,2,3)(4,5)\" or as the list of the images of 1..n;\n"
    "           for a definition that is a 2x2x2, 3x3x3 or 4x4x4 cube (such as\n"
    "           puzzles/cube3_seed48.def) it may also be a scramble \"R U R' U'\"\n"
    "           (WCA/SiGN) or, for n = 2 and 3, a facelet string: 6n^2 stickers\n"
    "           in any six symbols (as godtab-solve reads them: the centres, or\n"
    "           the 2x2x2's DBL corner, give the scheme), faces in the order\n"
    "           U R F D L B, each row by row as seen from outside (README.md).\n"
    "           A member is written as a word in the generators, then shortened\n"
    "           (near the identity: a shortest word, by meet in the middle); for\n"
    "           a cube position the solution (the inverse word) is printed.\n"
    "  cube-def prints the definition of the n×n×n cube (n = 2..26) on its 6n^2\n"
    "           facelets (fixed centres of odd n left out), from common/cube/facecube.c:\n"
    "           --faces LETTERS keeps only these outer turns (default URFDLB),\n"
    "           --inner (n >= 4) adds the inner layer turns 2U..kU of each face,\n"
    "           k = n/2 rounded down (middle slices of odd n left out).\n"
    "  count    prints the exact number of positions of the n×n×n cube\n"
    "           (n = 2..1024; OEIS A075152: orientation fixed, same-coloured\n"
    "           centres alike), digits only; --json: {\"n\":N,\"digits\":D,\n"
    "           \"positions\":\"...\"}. Exit 1 for an N that is not 2..1024.\n"
    "  --timeout SECONDS  give up after this much time (decimals allowed), exit 10\n"
    "  --progress         report what is being done on stderr every second\n"
    "\n"
    "exit status: 0 success (member: PERM is in the group), 1 usage (an unknown\n"
    "command or option),\n"
    "2 malformed definition or PERM (the message gives line and column),\n"
    "3 PERM is not in the group, 6 FILE cannot be read, 9 internal error,\n"
    "10 stopped by --timeout.\n";

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"order", group_cmd_order},
    {"member", group_cmd_member},
    {"cube-def", group_cmd_cube_def},
    {"count", group_cmd_count},
};


static int is_help(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h") || !strcmp(arg, "help");
}

/* --help or -h anywhere after a subcommand's name ("order --help"). */
static int asks_help(int argc, char **argv)
{
    for (int k = 2; k < argc; k++)
        if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h"))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (is_help(argv[1]) || asks_help(argc, argv))) {
        fputs(usage_text, stdout);
        return GT_EXIT_OK;
    }
    if (argc >= 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))) {
        char v[192];
        gt_version_text(v, sizeof v);
        printf("godtab-group: %s\n", v);
        return GT_EXIT_OK;
    }
    if (argc < 2)
        return group_cli_usage_error("missing command");
    for (size_t k = 0; k < sizeof commands / sizeof *commands; k++)
        if (!strcmp(argv[1], commands[k].name))
            return commands[k].run(argc, argv);
    char msg[160];
    snprintf(msg, sizeof msg, "unknown %s '%.100s'", argv[1][0] == '-' ? "option" : "command", argv[1]);
    return group_cli_usage_error(msg);
}
