/* godtab-gen --def FILE --pdb auto: after the pattern databases, the near
 * table NAME-near in the memory they leave (def_pdb.h, "the near table";
 * docs/search.md). It is filled by walking move sequences from the
 * goal, not by the BFS: its slots are hashes of whole states, so no
 * level of it can be expanded from the one before. Stored as a mapped
 * table of 2-bit slots with the definition and its depth, filled in the
 * database's own record (gt_db_put_mapped_fill), so that it is in memory
 * once while it is built. */
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

/* The sequences one fill may walk: about 45 s on 2 cores at the measured
 * 3.6e7 a second (the writes by region, def_near.c). 3x3x3.tws then fills
 * depth 8 (1.48e9) and builds in 65-79 s, within its two minutes, and its
 * searches take 1.4 times less than at depth 7; the megaminx fills depth
 * 6, the FTO depth 8, the 4x4x4 depth 6 (the next are 10 to 30 times more). */
#define NEAR_WORK 1.6e9
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

/* The fill, run by the store into the table's own record (one copy of
 * the table in memory, not the fill's and LMDB's both). */
typedef struct near_job {
    const options *o;
    const gt_def_model *m;
    const gt_def_near_plan *p;
    gt_distribution d;
    double seconds;
} near_job;

static int fill_record(void *user, uint8_t *data, gt_table_meta *meta)
{
    near_job *j = user;
    char name[GT_NAME_MAX];
    gt_puzzle puzzle = {.name = "def-near", .metric = "htm", .n_states = j->p->entries};
    const double t0 = seconds_now();
    snprintf(name, sizeof name, "%s", meta->name);
    int rc = gt_def_near_fill(j->m, j->p, j->o->threads, NULL, data, &j->d);
    if (rc)
        return rc;
    j->seconds = seconds_now() - t0;
    gt_table_meta_init(meta, name, &puzzle, j->p->bits == 2 ? GT_ENC_TOP2 : GT_ENC_NIBBLE, &j->d, data,
                       j->p->entries * (unsigned)j->p->bits / 8);
    meta->threads = j->o->threads;
    meta->build_seconds = j->seconds;
    return GT_OK;
}

static int fill_and_store(near_job *j, const char *name, const char *record, size_t record_len)
{
    char text[64];
    const char *path = gt_db_default_path(j->o->db_path);
    gt_table_meta meta = {.raw_bytes = j->p->entries * (unsigned)j->p->bits / 8};
    gt_db *db = NULL;
    snprintf(meta.name, sizeof meta.name, "%s", name);
    snprintf(text, sizeof text, "near %d depth %d", GT_DEF_NEAR_VERSION, j->p->depth);
    gt_section_data sec[2] = {{GT_CATALOG_DEF_SECTION, record, record_len}, {GT_DEF_NEAR_SECTION, text, strlen(text)}};
    int rc = gt_db_open(&db, path, GT_DB_WRITE);
    if (rc == GT_OK) {
        rc = gt_db_put_mapped_fill(db, &meta, fill_record, j, sec, 2);
        const char *why = gt_db_last_error(db); /* empty when the fill failed, not the store */
        if (rc)
            fprintf(stderr, "godtab-gen: %s: %s%s%s\n", name, gt_strerror(rc), *why ? ": " : "", why);
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
    if (!o->quiet)
        printf("%s: the states within %d moves hashed into %" PRIu64 " slots (%.1f MiB; %.3g sequences)\n", name,
               p.depth, p.entries, (double)p.entries * p.bits / 8 / 1048576.0, p.sequences);
    near_job j = {o, m, &p, {0}, 0};
    int rc = fill_and_store(&j, name, record, record_len);
    if (rc == 0 && !o->quiet) {
        printf("%s: filled in %.2f s; slots of each value:", name, j.seconds);
        for (int v = 0; v <= j.d.max_depth; v++)
            printf(" %" PRIu64, j.d.count[v]);
        printf(" (empty)\n");
    }
    return rc;
}
