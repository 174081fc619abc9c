/* godtab-gen --def FILE --pdb auto: after the pattern databases, the near
 * table NAME-near in the memory they leave (def_pdb.h, "the near table";
 * docs/search.md). It is filled by walking move sequences from the
 * goal, not by the BFS: its slots are hashes of whole states, so no
 * level of it can be expanded from the one before. Stored as a mapped
 * nibble table with the definition and its depth. */
#include "catalog_def.h"
#include "def_pdb.h"
#include "gen_def.h"
#include "gt_error.h"
#include "store.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The sequences one fill may walk: about a minute on 2 cores at the
 * measured 2.2e7 a second, as long as one of the largest databases' BFS
 * (3x3x3.tws then fills depth 7 and builds within its two minutes; the
 * megaminx fills depth 6, the FTO depth 8). */
#define NEAR_WORK 1.2e9
/* Mapped data past 2 GiB - 1 MiB is stored in parts and copied when read:
 * the near table stays under that, read in place. */
#define NEAR_BYTES_MAX ((2ull << 30) - (2ull << 20))
/* Slots of 2 bits, relative to the depth (def_pdb.h): twice the slots of
 * nibbles in the same memory; the search reads the lowest code through a
 * small table of its own. */
#define NEAR_BITS 2
/* Below this the table bounds nothing the databases do not: not built. */
#define NEAR_BYTES_MIN (1ull << 20)

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The table's size: what the databases leave of the limit, at most
 * NEAR_BYTES_MAX, and no more than sixteen slots a state of the last level
 * (a megaminx table of depth 6 with 18% of its slots filled visited 46
 * nodes a query, with 9% 32; more would only lower collisions already
 * rare). NULL, or why there is no near table. */
static const char *plan(const options *o, const gt_def_model *m, uint64_t pdb_bytes, gt_def_near_plan *p)
{
    const uint64_t limit = gen_def_memory_limit(o);
    uint64_t bytes = limit > pdb_bytes ? limit - pdb_bytes : 0;
    bytes = bytes > NEAR_BYTES_MAX ? NEAR_BYTES_MAX : bytes;
    if (bytes < NEAR_BYTES_MIN)
        return "the databases leave less than 1 MiB";
    int rc = gt_def_near_choose(m, bytes, NEAR_BITS, NEAR_WORK, p);
    if (rc == GT_ERR_INVAL)
        return "a set has more than 64 pieces or orientations past 4 (a state is hashed a byte a position)";
    if (rc == GT_ERR_RANGE)
        return "the canonical move sequences have too many states to count (more than 2048 sets of bases)";
    if (rc)
        return gt_strerror(rc);
    gt_def_near_plan q = *p;
    while (q.entries > (1u << 22) && (double)q.entries > 16 * q.sequences) {
        if (gt_def_near_choose(m, q.entries * NEAR_BITS / 8 / 2, NEAR_BITS, NEAR_WORK, &q) != GT_OK ||
            q.depth < p->depth)
            break;
        *p = q;
    }
    return NULL;
}

static int store(const options *o, const char *name, const gt_def_near_plan *p, const uint8_t *data,
                 const gt_distribution *d, double seconds, const char *record, size_t record_len)
{
    char text[64];
    const char *path = gt_db_default_path(o->db_path);
    gt_puzzle puzzle = {.name = "def-near", .metric = "htm", .n_states = p->entries};
    gt_table_meta meta;
    gt_db *db = NULL;
    snprintf(text, sizeof text, "near %d depth %d", GT_DEF_NEAR_VERSION, p->depth);
    gt_section_data sec[2] = {{GT_CATALOG_DEF_SECTION, record, record_len}, {GT_DEF_NEAR_SECTION, text, strlen(text)}};
    gt_table_meta_init(&meta, name, &puzzle, p->bits == 2 ? GT_ENC_TOP2 : GT_ENC_NIBBLE, d, data,
                       p->entries * (unsigned)p->bits / 8);
    meta.threads = o->threads;
    meta.build_seconds = seconds;
    int rc = gt_db_open(&db, path, GT_DB_WRITE);
    if (rc == GT_OK) {
        rc = gt_db_put_mapped(db, &meta, data, sec, 2);
        if (rc)
            fprintf(stderr, "godtab-gen: %s: %s: %s\n", name, gt_strerror(rc), gt_db_last_error(db));
        gt_db_close(db);
    } else
        fprintf(stderr, "godtab-gen: %s: %s: %s\n", path, gt_strerror(rc), gt_db_last_error(NULL));
    return gt_exit_code(rc);
}

int gen_near_run(const options *o, const gt_def_model *m, const char *base, uint64_t pdb_bytes, const char *record,
                 size_t record_len)
{
    char name[GT_NAME_MAX];
    gt_def_near_plan p;
    gt_distribution d;
    if (snprintf(name, sizeof name, "%s-near", base) >= (int)sizeof name) {
        fprintf(stderr, "godtab-gen: %s: the name %s-near is too long; give a shorter one with --name\n", o->def_path,
                base);
        return GT_EXIT_USAGE;
    }
    const char *why = plan(o, m, pdb_bytes, &p);
    if (why) {
        if (!o->quiet)
            printf("%s: no near table: %s\n", name, why);
        return 0;
    }
    uint8_t *data = gt_def_near_alloc(p.entries * (unsigned)p.bits / 8);
    if (!data) {
        fprintf(stderr, "godtab-gen: %s: %s\n", name, gt_strerror(GT_ERR_NOMEM));
        return GT_EXIT_INTERNAL;
    }
    if (!o->quiet)
        printf("%s: the states within %d moves hashed into %" PRIu64 " slots (%.1f MiB; %.3g sequences)\n", name,
               p.depth, p.entries, (double)p.entries * p.bits / 8 / 1048576.0, p.sequences);
    const double t0 = seconds_now();
    int rc = gt_def_near_fill(m, &p, o->threads, NULL, data, &d);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s\n", name, gt_strerror(rc));
        free(data);
        return gt_exit_code(rc);
    }
    const double seconds = seconds_now() - t0;
    if (!o->quiet) {
        printf("%s: filled in %.2f s; slots of each value:", name, seconds);
        for (int v = 0; v <= d.max_depth; v++)
            printf(" %" PRIu64, d.count[v]);
        printf(" (empty)\n");
    }
    rc = store(o, name, &p, data, &d, seconds, record, record_len);
    free(data);
    return rc;
}
