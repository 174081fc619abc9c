/* godtab-solve FAMILY|TABLE --antipodes | --at-depth D [--limit K]: the
 * states of a stored table at one distance (query.h's gt_query_at_depth),
 * one line each: the state in the family's own syntax, then a scramble that
 * reaches it, then (distance); with --json one object a line. */
#include "catalog.h"
#include "cli.h"
#include "gt_error.h"
#include "query.h"
#include "solve_commands.h"
#include "store.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct depth_out {
    const char *table, *state_key;
    int depth, json;
} depth_out;

static int print_state(void *user, uint64_t index, const char *state, const char *scramble)
{
    const depth_out *d = user;
    if (!d->json) {
        printf("%s%s%s (%d)\n", state, *state ? "  " : "", *scramble ? scramble : "(solved)", d->depth);
        return 0;
    }
    char buf[4096];
    size_t len = (size_t)snprintf(buf, sizeof buf, "{\"table\":\"%s\",\"index\":%" PRIu64 ",\"%s\":", d->table, index,
                                  d->state_key);
    if (gt_cli_json_string(buf, sizeof buf - 64, &len, state) == 0) {
        len += (size_t)snprintf(buf + len, sizeof buf - len, ",\"scramble\":");
        if (gt_cli_json_string(buf, sizeof buf - 32, &len, scramble) == 0)
            printf("%s,\"distance\":%d}\n", buf, d->depth);
    }
    return 0;
}

int gt_walk_list_depth(const gt_walk_depth_args *a)
{
    gt_db *db = NULL;
    gt_query *q = NULL;
    uint64_t count = 0;
    int code = gt_cli_open_db(a->db_path, a->build_hint, &db), rc;
    if (code)
        return code;
    if ((rc = gt_query_open(db, a->table, &q)) != GT_OK) {
        gt_cli_table_error(db, a->db_path, a->table, a->build_hint, rc);
        gt_db_close(db);
        return gt_exit_code(rc);
    }
    depth_out d = {a->table, a->state_key, a->antipodes ? gt_query_gods_number(q) : a->depth, a->json};
    rc = gt_query_at_depth(q, d.depth, a->limit, print_state, &d, &count);
    fflush(stdout);
    if (rc)
        fprintf(stderr, "godtab-solve: %s: %s\n", a->table, gt_strerror(rc));
    else
        fprintf(stderr, "godtab-solve: %s: %" PRIu64 " state%s at distance %d (God's number %d)%s\n", a->table, count,
                count == 1 ? "" : "s", d.depth, gt_query_gods_number(q), a->limit && count == a->limit ? ", --limit reached" : "");
    gt_query_close(q);
    gt_db_close(db);
    return gt_exit_code(rc);
}
