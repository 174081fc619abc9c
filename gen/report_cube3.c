/* godtab-gen cube3, after the catalog's cube3 tables: builds the
 * symmetry-reduced table cube3-fss16-twist (common/cube3_sym.h), which the
 * generic builder cannot (its index is not a product of coordinates), and
 * reports it. It is built when missing; GODTAB_CUBE3_REBUILD=1 forces it. */
#include "cube3_sym.h"
#include "gen_report.h"
#include "gt_error.h"
#include "store.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FSS_ZSTD_LEVEL 3

static void show_progress(void *user, int depth, uint64_t found, uint64_t total, double seconds)
{
    (void)user;
    double rate = seconds > 0 ? (double)found / seconds : 0;
    /* Early levels are tiny but each costs a full scan: a linear estimate
     * only means something once a few percent are found. */
    char eta[48] = "time left unknown";
    if (found * 20 >= total)
        snprintf(eta, sizeof eta, "~%.0f s left", seconds * (double)(total - found) / (double)found);
    fprintf(stderr, "%s: depth %d, %" PRIu64 " of %" PRIu64 " entries (%.1f%%), %.2g entries/s, %s\n",
            GT_CUBE3_FSS_TABLE, depth, found, total, 100.0 * (double)found / (double)total, rate, eta);
}

static void print_meta(FILE *out, const gt_table_meta *m, const char *what)
{
    fprintf(out, "%s: 3x3x3 (UD-slice sorted x flip)/16 symmetries x twist, %" PRIu64
                 " entries, HTM distance to <U,D,R2,L2,F2,B2> with the slice edges in order (%s)\n",
            GT_CUBE3_FSS_TABLE, m->n_states, what);
    fprintf(out, "  depth      entries\n");
    for (int d = 0; d <= m->distribution.max_depth; d++)
        fprintf(out, "  %5d %12" PRIu64 "\n", d, m->distribution.count[d]);
    fprintf(out, "  %s encoding %" PRIu64 " bytes; stored %" PRIu64 " bytes; built in %.1f s on %d threads\n",
            gt_encoding_name(m->encoding), m->raw_bytes, m->stored_bytes, m->build_seconds, m->threads);
}

int gt_report_cube3(FILE *out, gt_db *db, int threads)
{
    gt_table_meta meta;
    const char *force = getenv("GODTAB_CUBE3_REBUILD");
    int rc;
    if (!(force && *force && strcmp(force, "0")) && gt_db_get_meta(db, GT_CUBE3_FSS_TABLE, &meta) == GT_OK) {
        print_meta(out, &meta, "already stored; GODTAB_CUBE3_REBUILD=1 rebuilds it");
        return GT_OK;
    }
    fprintf(stderr, "%s: building (a few minutes, about 5 GB of memory)\n", GT_CUBE3_FSS_TABLE);
    gt_bfs_options bo = {threads, show_progress, NULL, NULL};
    rc = gt_cube3_fss_build(db, &bo, FSS_ZSTD_LEVEL, &meta);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s%s%s\n", GT_CUBE3_FSS_TABLE, gt_strerror(rc),
                *gt_db_last_error(db) ? ": " : "", gt_db_last_error(db));
        return rc;
    }
    print_meta(out, &meta, "built now");
    return GT_OK;
}
