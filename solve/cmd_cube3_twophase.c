/* godtab-solve cube3 --max-length L / --near / --random N: short (not
 * necessarily optimal) solutions by Kociemba's two-phase algorithm
 * (common/models/cube3/cube3_twophase.h). Its tables are read in place from
 * the stored table cube3-twophase (mapped: a few milliseconds to start);
 * when that is not built, the small tables are built in memory (0.1 s) and
 * the search is slower. The query is checked before anything is opened. */
#include "answer_json.h"
#include "cli.h"
#include "cube3.h"
#include "cube3_family.h"
#include "cube3_twophase.h"
#include "gt_error.h"
#include "rng.h"
#include "solve_commands.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define TP_ANSWER_CAP 1024
#define TP_BUILD_HINT "godtab-gen cube3-twophase"

typedef struct tp_ctx {
    const gt_cube3_twophase_cli *cli;
    const gt_cube3_twophase_tables *tables;
    const gt_table *table; /* the stored table, or NULL */
} tp_ctx;

/* The text or JSON line of an answer (a solution of a->distance moves);
 * the JSON is the shared answer module's (answer_json.h), as godtab-serve's. */
static void format_answer(const tp_ctx *c, const gt_answer *a, int rc, char *out, size_t cap)
{
    if (!c->cli->json) {
        snprintf(out, cap, "%s%s(%d, at most %d: not proven optimal)", a->solution, a->distance ? " " : "",
                 a->distance, c->cli->max_length);
        return;
    }
    json_t *o = gt_answer_json(a, GT_OK);
    char *text = o ? gt_answer_dump(o) : NULL;
    snprintf(out, cap, "%s", text ? text : "");
    free(text);
    json_decref(o);
    (void)rc;
}

/* Solves pos; the answer (or the best found before a limit) in out, the
 * reason of a failure in err, the solution in r. */
static int solve_position(const tp_ctx *c, const gt_cube3 *pos, char *out, size_t cap, char *err, size_t errcap,
                          gt_cube3_twophase_result *r)
{
    gt_answer *a = malloc(sizeof *a);
    if (!a) {
        snprintf(err, errcap, "out of memory");
        return GT_ERR_NOMEM;
    }
    gt_answer_clear(a);
    int rc = gt_cube3_twophase_answer(c->tables, c->table, pos, c->cli->max_length,
                                      c->cli->timeout, r, a);
    if (a->n_fields)
        format_answer(c, a, rc, out, cap);
    if (rc)
        snprintf(err, errcap, "%s", a->message);
    free(a);
    return rc;
}

static int answer_query(void *ctx, const char *line, char *out, size_t cap, char *err, size_t errcap)
{
    const tp_ctx *c = ctx;
    gt_cube3 pos;
    gt_cube3_twophase_result r;
    int rc = gt_cube3_cli_parse(line, c->cli->format, &pos, err, errcap);
    return rc ? rc : solve_position(c, &pos, out, cap, err, errcap, &r);
}

/* One random state: its facelets and a scramble reaching it (the inverse of
 * its two-phase solution), checked by applying the scramble. */
static int random_state(const tp_ctx *c, gt_rng *rng, char *out, size_t cap, char *err, size_t errcap)
{
    gt_cube3 pos, check;
    gt_cube3_twophase_result r;
    uint8_t inverse[GT_CUBE3_TWOPHASE_MAX];
    char facelets[GT_CUBE3_FACELETS + 1], scramble[GT_CUBE3_TWOPHASE_MAX * 4 + 1], answer[TP_ANSWER_CAP];
    gt_cube3_random_state(rng, &pos);
    int rc = solve_position(c, &pos, answer, sizeof answer, err, errcap, &r);
    if (rc != GT_OK)
        return rc;
    for (int k = 0; k < r.length; k++)
        inverse[k] = (uint8_t)gt_cube3_move_inverse[r.moves[r.length - 1 - k]];
    gt_cube3_identity(&check);
    gt_cube3_apply_moves(&check, inverse, r.length);
    if (!gt_cube3_equal(&check, &pos)) {
        snprintf(err, errcap, "internal error: the scramble does not give the position");
        return GT_ERR_CORRUPT;
    }
    gt_cube3_to_facelets(&pos, NULL, facelets);
    gt_cube3_format_moves(inverse, r.length, scramble, sizeof scramble);
    /* the shape of every family's --random (docs/json.md) */
    if (!c->cli->json) {
        snprintf(out, cap, "%s\t%s", facelets, scramble);
        return GT_OK;
    }
    size_t len = (size_t)snprintf(out, cap, "{\"puzzle\":\"cube3\",\"metric\":\"htm\",\"state\":\"%s\",\"scramble\":",
                                  facelets);
    gt_cli_json_string(out, cap, &len, scramble);
    snprintf(out + len, cap - len, ",\"length\":%d,\"max_length\":%d}", r.length, c->cli->max_length);
    return GT_OK;
}

static int random_states(const tp_ctx *c)
{
    gt_rng rng;
    uint64_t seed = c->cli->seed;
    if (!c->cli->have_seed && getrandom(&seed, sizeof seed, 0) != sizeof seed)
        seed = (uint64_t)time(NULL);
    gt_rng_seed(&rng, seed);
    char out[TP_ANSWER_CAP], err[256];
    for (long i = 0; i < c->cli->random; i++) {
        int rc = random_state(c, &rng, out, sizeof out, err, sizeof err);
        if (rc) {
            fprintf(stderr, "godtab-solve: %s\n", err);
            return gt_exit_code(rc);
        }
        puts(out);
    }
    return GT_EXIT_OK;
}

static int answer_one(const tp_ctx *c, const char *query)
{
    char out[TP_ANSWER_CAP] = "", err[256];
    int rc = answer_query((void *)c, query, out, sizeof out, err, sizeof err);
    if (out[0])
        puts(out);
    if (rc)
        fprintf(stderr, "godtab-solve: %s\n", err);
    return gt_exit_code(rc);
}

/* The database and the stored table, while the tables point into them. */
typedef struct tp_store {
    gt_db *db;
    gt_table *table;
} tp_store;

static void store_close(tp_store *st)
{
    gt_table_free(st->table); /* before the database it is mapped from */
    if (st->db)
        gt_db_close(st->db);
    *st = (tp_store){0};
}

/* The stored table mapped from the database; exit code 0 with *tables NULL
 * when it is not built (no database, or no such table: not an error). */
static int open_stored(const gt_cube3_twophase_cli *cli, tp_store *st, gt_cube3_twophase_tables **tables)
{
    const char *path = gt_db_default_path(cli->db_path);
    int rc = gt_db_open(&st->db, path, GT_DB_READONLY);
    *tables = NULL;
    if (rc == GT_ERR_NOTFOUND)
        return GT_EXIT_OK;
    if (rc) { /* the usual message and exit code */
        st->db = NULL;
        int code = gt_cli_open_db(cli->db_path, TP_BUILD_HINT, &st->db);
        store_close(st);
        return code ? code : gt_exit_code(rc);
    }
    rc = gt_db_map_table(st->db, GT_CUBE3_TWOPHASE_TABLE, &st->table);
    if (rc == GT_OK && (rc = gt_cube3_twophase_tables_from_table(st->table, tables)) == GT_ERR_INVAL)
        rc = GT_ERR_CORRUPT; /* stored, but not the layout this version reads */
    if (rc == GT_ERR_NOTFOUND) {
        store_close(st);
        return GT_EXIT_OK;
    }
    if (rc) {
        gt_cli_table_error(st->db, cli->db_path, GT_CUBE3_TWOPHASE_TABLE, TP_BUILD_HINT, rc);
        store_close(st);
        return gt_exit_code(rc);
    }
    return GT_EXIT_OK;
}

int gt_cmd_cube3_twophase(const gt_cube3_twophase_cli *cli, const char *query)
{
    gt_cube3_twophase_tables *tables;
    if (query) { /* a malformed or unsolvable query answers before any table is built */
        gt_cube3 pos;
        char err[256];
        int rc = gt_cube3_cli_parse(query, cli->format, &pos, err, sizeof err);
        if (rc) {
            fprintf(stderr, "godtab-solve: %s\n", err);
            return gt_exit_code(rc);
        }
    }
    tp_store st = {0};
    int open_code = open_stored(cli, &st, &tables);
    if (open_code)
        return open_code;
    if (!tables && gt_cube3_twophase_tables_build(&tables) != GT_OK) {
        fprintf(stderr, "godtab-solve: out of memory building the two-phase tables\n");
        return GT_EXIT_INTERNAL;
    }
    tp_ctx c = {cli, tables, st.table};
    int code;
    if (cli->random >= 0)
        code = random_states(&c);
    else if (query)
        code = answer_one(&c, query);
    else
        code = gt_cli_batch(stdin, answer_query, &c, TP_ANSWER_CAP, 1, cli->threads);
    gt_cube3_twophase_tables_free(tables);
    store_close(&st);
    return code;
}
