/* godtab-solve: optimal answers from the stored tables. The puzzles are the
 * catalog's families; a family is answered by its own front end when it has
 * one, otherwise by the generic one through its query hooks. A table name
 * ("pocket-qtm") is answered by the generic front end too, and the name of
 * a stored definition table ("skewb", godtab-gen --def FILE --name skewb) by
 * the def front end with the definition stored in the table. */
#include "catalog.h"
#include "gt_error.h"
#include "solve_commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Front ends of their own, by family name. */
static const struct {
    const char *family;
    int (*run)(int argc, char **argv);
} own_front_ends[] = {
    {"taquin", gt_cmd_taquin},
    {"cube3", gt_cmd_cube3},
    {"nnn", gt_cmd_nnn}, /* a family without tables */
    {"def", gt_cmd_def}, /* tables of definition files: godtab-gen --def */
};

static int (*own_front_end(const char *family))(int, char **)
{
    for (size_t i = 0; i < sizeof own_front_ends / sizeof own_front_ends[0]; i++)
        if (!strcmp(own_front_ends[i].family, family))
            return own_front_ends[i].run;
    return NULL;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: godtab-solve PUZZLE [options] [QUERY]\n       godtab-solve -h|--help, -V|--version\n\npuzzles:\n");
    for (int i = 0; i < gt_catalog_family_count(); i++) {
        const gt_family *f = gt_catalog_family(i);
        if (f->query || own_front_end(f->name))
            fprintf(out, "  %-8s %s\n", f->name, f->summary);
    }
    fprintf(out, "  %-8s %s\n", "def", "any puzzle from a .tws definition file (godtab-gen --def): optimal solutions");
    fprintf(out, "\n'godtab-solve PUZZLE --help' describes each; a table name (see godtab-gen --list)\n"
                 "may stand for PUZZLE. With no QUERY, queries are read from standard input, one a\n"
                 "line. Exit codes: 0 ok, 1 usage, 2 malformed input, 3 impossible state, 4 table\n"
                 "missing, 5 table corrupted, 6 storage error, 8 some batch lines failed, 9 internal\n"
                 "error, 10 search limit reached.\n");
}

int main(int argc, char **argv)
{
    gt_db_options db_options = {getenv("GODTAB_DB"), getenv("XDG_DATA_HOME"), getenv("HOME"),
                                getenv("GODTAB_MAP_SIZE")};
    gt_db_set_options(&db_options); /* the library reads no environment variable */
    if (argc < 2) {
        usage(stderr);
        return GT_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return GT_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        char v[192];
        gt_version_text(v, sizeof v);
        printf("godtab-solve: %s\n", v);
        return GT_EXIT_OK;
    }
    const gt_family *family = gt_catalog_find_family(argv[1]);
    if (!family && own_front_end(argv[1]))
        return own_front_end(argv[1])(argc - 1, argv + 1);
    const gt_table_spec *spec = family ? NULL : gt_catalog_find(argv[1]);
    if (family && own_front_end(family->name))
        return own_front_end(family->name)(argc - 1, argv + 1);
    if (spec)
        family = gt_catalog_family_of(spec);
    if (family && family->query)
        return gt_cmd_walk(family, spec ? spec->name : NULL, argc - 1, argv + 1);
    if (family) {
        fprintf(stderr, "godtab-solve: %s tables have no query front end; use godtab-solve %s\n", argv[1],
                family->name);
        return GT_EXIT_USAGE;
    }
    if (argv[1][0] == '-') {
        fprintf(stderr, "godtab-solve: unknown option '%s' (see godtab-solve --help)\n", argv[1]);
        return GT_EXIT_USAGE;
    }
    /* a table of the database, built from a definition file (godtab-gen
     * --def FILE --name NAME): answered with the definition stored in it */
    return gt_cmd_def_table(argv[1], argc - 1, argv + 1);
}
