/* Test helper: the cube3 corner table built in memory (about 3 s), for the
 * solver tests that need no database. */
#ifndef GODTAB_TEST_CUBE3_UTIL_H
#define GODTAB_TEST_CUBE3_UTIL_H

#include "bfs.h"
#include "catalog.h"
#include "cube3.h"
#include "cube3_tables.h"
#include "table.h"

#include <stdlib.h>
#include <string.h>

/* Fills *t (data malloc'd: free t->data) with the BFS-built corner table.
 * Returns 0, or -1 on failure. */
static inline int tu_cube3_corner_table(gt_table *t)
{
    const gt_table_spec *spec = gt_catalog_find(GT_CUBE3_CORNERS_TABLE);
    gt_puzzle *p;
    uint8_t *dist;
    gt_distribution got;
    if (!spec || spec->make_puzzle(spec, &p))
        return -1;
    int rc = gt_bfs_run(p, NULL, &dist, &got);
    memset(t, 0, sizeof *t);
    if (rc == 0 && (rc = gt_table_encode(dist, p->n_states, GT_ENC_NIBBLE, 0, &t->data, &t->data_bytes)) == 0)
        gt_table_meta_init(&t->meta, spec->name, p, GT_ENC_NIBBLE, &got, t->data, t->data_bytes);
    if (rc == 0)
        free(dist);
    spec->free_puzzle(p);
    return rc ? -1 : 0;
}

/* The position of a scramble; fails the test on a parse error. */
static inline void tu_cube3_scramble(const char *text, gt_cube3 *c)
{
    gt_parse_error err;
    if (gt_cube3_from_scramble(text, c, &err))
        fail_msg("%s: %s", text, err.message);
}

#endif
