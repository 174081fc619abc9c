/* godtab-group order [--deterministic] [--timeout S] [--progress] [--json] FILE: the
 * exact order of the group, its base, the orbit lengths of the stabiliser
 * chain, how it was found and, for a cube, which turn each generator is. */
#include "cubegroup.h"
#include "group_cli.h"
#include "gt_error.h"
#include "json_quote.h"
#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s as a JSON string on standard output (json_quote.h). */
static void put_json(const char *s)
{
    char buf[4096];
    size_t len = 0;
    fputs(gt_json_quote(buf, sizeof buf, &len, s) == 0 ? buf : "\"\"", stdout);
}

/* The name, the size of the definition, the order and the stabiliser chain. */
static void print_chain(const gt_puzdef *def, const gt_group *grp, const gt_group_stats *st)
{
    mpz_t order;
    mpz_init(order);
    gt_group_order(grp, order);
    if (def->title[0])
        printf("name: %s\n", def->title);
    printf("points: %d\ngenerators: %d\n", def->degree, def->ngens);
    gmp_printf("order: %Zd\n", order);
    printf("base:");
    for (int i = 0; i < gt_group_base_length(grp); i++)
        printf(" %d", gt_group_base_point(grp, i) + 1);
    printf("\norbit lengths:");
    for (int i = 0; i < gt_group_base_length(grp); i++)
        printf(" %d", gt_group_orbit_length(grp, i));
    if (!st->giant)
        printf("\nstrong generators: %d", st->strong_generators);
    printf("\n");
    mpz_clear(order);
}

/* For a definition that is a cube: which turn each generator is, found from
 * the actions alone. Nothing for other definitions. */
static void print_cube_turns(const gt_puzdef *def)
{
    gt_cubegroup_map *map = malloc(sizeof *map);
    if (!map || gt_cubegroup_match(def, map) != GT_OK)
        goto free_map;
    printf("cube: %dx%dx%d, generators as turns:", map->n, map->n, map->n);
    for (int k = 0; k < def->ngens; k++) {
        char move[GT_NOTATION_TOKEN_MAX];
        gt_notation_format_cap(map->n, map->gen_turn[k], move, (int)sizeof move);
        printf(" %s=%s", def->names[k], move);
    }
    printf("\n");
free_map:
    free(map);
}

/* How the chain was made: the giant test, the random phase, the check. */
static void print_construction(const gt_group_stats *st)
{
    if (st->giant) {
        int m = st->giant_degree, p = st->giant_cycle;
        char who[48];
        if (st->giant_tries)
            snprintf(who, sizeof who, "random element %d", st->giant_tries);
        else
            snprintf(who, sizeof who, "a generator");
        printf("recognised: %s group on its %d points (Jordan's theorem: %s has a %d-cycle, "
               "%d prime, %d/2 < %d < %d-2)\n",
               st->giant == GT_GIANT_SYMMETRIC ? "symmetric" : "alternating", m, who, p, p, m, p, m);
        printf("construction: chain written down (transpositions), no Schreier-Sims\n");
        return;
    }
    if (st->bound_certified) {
        printf("construction: %d random elements sifted; the order reached the proven bound, no check needed\n",
               st->random_elements);
        return;
    }
    printf("construction: %d random elements sifted, %d Schreier generators checked, %d added by the check\n",
           st->random_elements, st->schreier_checked, st->check_additions);
}

/* --json: "cube":{"n":N,"turns":{"GEN":"TURN",...}} or "cube":null. */
static void print_cube_json(const gt_puzdef *def)
{
    gt_cubegroup_map *map = malloc(sizeof *map);
    if (!map || gt_cubegroup_match(def, map) != GT_OK) {
        printf(",\"cube\":null");
        free(map);
        return;
    }
    printf(",\"cube\":{\"n\":%d,\"turns\":{", map->n);
    for (int k = 0; k < def->ngens; k++) {
        char move[GT_NOTATION_TOKEN_MAX];
        gt_notation_format_cap(map->n, map->gen_turn[k], move, (int)sizeof move);
        printf("%s", k ? "," : "");
        put_json(def->names[k]);
        putchar(':');
        put_json(move);
    }
    printf("}}");
    free(map);
}

/* --json: everything the text says, as one object (docs/json.md). The order
 * is a string: it does not fit a double. */
static void print_order_json(const gt_puzdef *def, const gt_group *grp, const gt_group_stats *st)
{
    mpz_t order;
    mpz_init(order);
    gt_group_order(grp, order);
    printf("{\"name\":");
    put_json(def->title);
    gmp_printf(",\"points\":%d,\"generators\":%d,\"order\":\"%Zd\",\"base\":[", def->degree, def->ngens, order);
    for (int i = 0; i < gt_group_base_length(grp); i++)
        printf("%s%d", i ? "," : "", gt_group_base_point(grp, i) + 1);
    printf("],\"orbit_lengths\":[");
    for (int i = 0; i < gt_group_base_length(grp); i++)
        printf("%s%d", i ? "," : "", gt_group_orbit_length(grp, i));
    printf("],\"strong_generators\":");
    if (st->giant)
        printf("null,\"recognised\":\"%s\"", st->giant == GT_GIANT_SYMMETRIC ? "symmetric" : "alternating");
    else
        printf("%d,\"recognised\":null", st->strong_generators);
    print_cube_json(def);
    printf(",\"random_elements\":%d,\"schreier_checked\":%d,\"check_additions\":%d,\"bound_certified\":%s}\n",
           st->random_elements, st->schreier_checked, st->check_additions, st->bound_certified ? "true" : "false");
    mpz_clear(order);
}

/* Loads FILE, builds its group and prints everything `order` says. */
static int answer_order(const char *path, int deterministic, int json, group_cli_limits *lim)
{
    gt_puzdef *def;
    gt_group *grp;
    gt_group_stats st;
    gt_group_options opt = {.random_sifts = deterministic ? -1 : 0};
    group_cli_start(lim);
    int rc = group_cli_load(path, &opt, lim, &def, &grp);
    if (rc < 0)
        goto out;
    gt_group_get_stats(grp, &st);
    if (json) {
        print_order_json(def, grp, &st);
    } else {
        print_chain(def, grp, &st);
        print_cube_turns(def);
        print_construction(&st);
    }
    gt_group_free(grp);
    gt_puzdef_free(def);
out:
    return gt_exit_code(rc);
}

int group_cmd_order(int argc, char **argv)
{
    group_cli_limits lim = {0};
    const char *file = NULL;
    int deterministic = 0, json = 0;
    for (int k = 2; k < argc;) {
        int r = group_cli_limit_option(argc, argv, &k, &lim);
        if (r < 0)
            return GT_EXIT_USAGE;
        if (r > 0)
            continue;
        if (!strcmp(argv[k], "--deterministic"))
            deterministic = 1;
        else if (!strcmp(argv[k], "--json"))
            json = 1;
        else if (argv[k][0] == '-' && argv[k][1])
            return group_cli_usage_error("order: unknown option");
        else if (file)
            return group_cli_usage_error("order takes one FILE");
        else
            file = argv[k];
        k++;
    }
    if (!file)
        return group_cli_usage_error("order takes [--deterministic] [--timeout SECONDS] [--progress] [--json] FILE");
    return answer_order(file, deterministic, json, &lim);
}
