/* Building and verifying one table of the catalog (gen_def.h): what
 * godtab-gen.c and gen_def.c share, below both. */
#include "bfs.h"
#include "catalog.h"
#include "gen_def.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

static void print_distribution(const gt_distribution *d)
{
    printf("  depth %12s\n", "states");
    for (int i = 0; i <= d->max_depth; i++)
        printf("  %5d %12" PRIu64 "\n", i, d->count[i]);
}

typedef struct progress_state {
    const char *name;
    int shown;
} progress_state;

/* Long builds (over a second) report each level on stderr. */
static void show_progress(void *user, int depth, uint64_t found, uint64_t total, double seconds)
{
    progress_state *ps = user;
    if (seconds < 1.0)
        return;
    /* Early levels are tiny: a linear estimate means something only once a
     * few percent of the states are found. */
    char eta[48] = "time left unknown";
    if (found * 20 >= total)
        snprintf(eta, sizeof eta, "~%.0f s left", seconds * (double)(total - found) / (double)found);
    fprintf(stderr, "%s: depth %d, %" PRIu64 " of %" PRIu64 " states (%.1f%%), %.2g states/s, %s\n", ps->name,
            depth, found, total, 100.0 * (double)found / (double)total, (double)found / seconds, eta);
    ps->shown = 1;
}

int gen_fail(const char *name, int rc, const char *detail)
{
    fprintf(stderr, "godtab-gen: %s: %s%s%s\n", name, gt_strerror(rc), detail && *detail ? ": " : "",
            detail ? detail : "");
    return rc;
}

/* A GT_ENC_TOP2 table keeps codes, not distances: its codes recounted must
 * be the metadata's distribution folded (gt_table_top2_fold); then *out is
 * that distribution. */
static int recount_top2(const gt_table *t, gt_distribution *out)
{
    uint64_t count[4] = {0}, want[4];
#pragma omp parallel for reduction(+ : count[:4])
    for (int64_t i = 0; i < (int64_t)t->meta.n_states; i++)
        count[gt_table_raw(t, (uint64_t)i)]++;
    gt_table_top2_fold(&t->meta.distribution, want);
    *out = t->meta.distribution;
    return memcmp(count, want, sizeof want) == 0 ? GT_OK : GT_ERR_CORRUPT;
}

/* The distribution of a stored byte or nibble table, recounted from its data. */
static int recount(const gt_table *t, gt_distribution *out)
{
    uint64_t count[16] = {0};
    if (t->meta.encoding == GT_ENC_TOP2)
        return recount_top2(t, out);
    if (t->meta.encoding != GT_ENC_NIBBLE && t->meta.encoding != GT_ENC_BYTE)
        return GT_ERR_INVAL;
    memset(out, 0, sizeof *out);
    if (t->meta.encoding == GT_ENC_BYTE) {
        gt_distribution_count(t->data, t->meta.n_states, 0, out);
        return GT_OK;
    }
#pragma omp parallel for reduction(+ : count[:16])
    for (int64_t i = 0; i < (int64_t)t->meta.n_states; i++)
        count[gt_table_raw(t, (uint64_t)i)]++;
    for (int d = 0; d < 15; d++)
        if (count[d]) {
            out->count[d] = count[d];
            out->reached += count[d];
            out->max_depth = d;
        }
    return GT_OK;
}

static const char *storage_text(const gt_table_spec *spec, const gt_table_meta *meta, char *buf, size_t cap)
{
    if (spec->storage == GT_STORAGE_MAPPED)
        snprintf(buf, cap, "mapped, %d section%s", meta->n_sections, meta->n_sections == 1 ? "" : "s");
    else
        snprintf(buf, cap, "zstd %d", spec->zstd_level);
    return buf;
}

/* A mapped table's sections against those of a freshly built descriptor
 * (*p is built here if NULL). GT_OK or GT_ERR_CORRUPT. */
static int verify_sections(const gt_table_spec *spec, const gt_table *t, gt_puzzle **p)
{
    gt_section_data fresh[GT_TABLE_SECTIONS_MAX];
    int n = 0, rc = *p ? GT_OK : spec->make_puzzle(spec, p);
    if (rc == GT_OK && spec->sections)
        rc = spec->sections(spec, *p, fresh, &n);
    if (rc)
        return rc;
    if (n != t->meta.n_sections)
        return GT_ERR_CORRUPT;
    for (int i = 0; i < n; i++) {
        const gt_view *v = gt_table_section(t, fresh[i].name);
        if (!v || v->bytes != fresh[i].bytes || memcmp(v->data, fresh[i].data, v->bytes) != 0)
            return GT_ERR_CORRUPT;
    }
    return GT_OK;
}

int gen_build_table(const gt_table_spec *spec, gt_db *db, const options *o)
{
    gt_puzzle *p = NULL;
    uint8_t *dist = NULL;
    gt_distribution got, published;
    gt_table_meta meta;
    progress_state ps = {spec->name, 0};
    gt_bfs_options bo = {o->threads, show_progress, &ps, NULL};
    int rc;
    if ((rc = spec->make_puzzle(spec, &p)) != 0)
        return gen_fail(spec->name, rc, "cannot build the puzzle model");
    double t0 = omp_get_wtime();
    if ((rc = o->bfs_mod3 ? gt_bfs_run_mod3(p, &bo, &dist, &got) : gt_bfs_run(p, &bo, &dist, &got)) != 0) {
        gen_fail(spec->name, rc, "breadth-first search failed");
        goto free_puzzle;
    }
    double t_bfs = omp_get_wtime() - t0;
    int has_published = gt_catalog_published(spec, &published);
    if (!o->quiet) {
        printf("%s: %s\n", spec->name, spec->summary);
        print_distribution(&got);
        printf("  God's number %d; %" PRIu64 " states reached of %" PRIu64 "; %s\n", got.max_depth,
               got.reached, p->n_states,
               !has_published                          ? "no published counts to compare"
               : gt_distribution_equal(&got, &published) ? "matches the published counts"
                                                       : "DIFFERS from the published counts");
        if (o->show_extra && !o->bfs_mod3) /* (its dist is a byte a state) */
            o->show_extra(spec, p, dist, &got);
    }
    if (has_published && !gt_distribution_equal(&got, &published)) {
        rc = gen_fail(spec->name, GT_ERR_MISMATCH, "not stored; the previous table is kept");
        goto free_dist;
    }
    gt_catalog_build b = {o->threads > 0 ? o->threads : omp_get_max_threads(), omp_get_wtime() - t0, NULL};
    rc = o->bfs_mod3 ? gt_catalog_store_mod3(db, spec, p, dist, &got, &b, &meta)
                     : gt_catalog_store_dist(db, spec, p, dist, &got, &b, &meta);
    if (rc != 0) {
        gen_fail(spec->name, rc, rc == GT_ERR_STORAGE || rc == GT_ERR_CORRUPT ? gt_db_last_error(db)
                                                                         : "cannot encode or store the table");
        goto free_dist;
    }
    if (!o->quiet)
        printf("  BFS %.1f ms on %d threads; %s encoding %" PRIu64 " bytes; stored %" PRIu64 " bytes (%s); "
               "total %.1f ms\n",
               t_bfs * 1e3, meta.threads, gt_encoding_name(spec->encoding), meta.raw_bytes, meta.stored_bytes,
               storage_text(spec, &meta, (char[64]){0}, 64), (omp_get_wtime() - t0) * 1e3);
free_dist:
    free(dist);
free_puzzle:
    spec->free_puzzle(p);
    return rc;
}

/* Opens the stored table to verify. With the BFS at 2 bits a state
 * (*mod3), a MOD3 table is compared in place (a copy of it next to the
 * fresh one may not fit); a table of another encoding was built at a byte
 * a state, so it is verified that way (*mod3 cleared). */
static int open_to_verify(const gt_table_spec *spec, gt_db *db, const options *o, gt_table **t, int *mod3)
{
    int rc = *mod3 ? gt_db_map_table_flags(db, spec->name, GT_MAP_IN_PARTS, t)
                   : gt_db_get_table(db, spec->name, o->threads, t);
    if (rc == GT_OK && *mod3 && (*t)->meta.encoding != GT_ENC_MOD3) {
        gt_table_free(*t);
        *t = NULL;
        *mod3 = 0;
        rc = gt_db_get_table(db, spec->name, o->threads, t);
    }
    if (rc != GT_OK) {
        char hint[GT_NAME_MAX + 40];
        snprintf(hint, sizeof hint, "build it with: godtab-gen %s", spec->name);
        gen_fail(spec->name, rc, rc == GT_ERR_NOTFOUND ? hint : gt_db_last_error(db));
    }
    return rc;
}

int gen_verify_table(const gt_table_spec *spec, gt_db *db, const options *o)
{
    gt_table *t = NULL;
    gt_puzzle *p = NULL;
    uint8_t *dist = NULL;
    gt_distribution got, published;
    gt_bfs_options bo = {o->threads, NULL, NULL, NULL};
    int mod3 = o->bfs_mod3, rc;
    if ((rc = open_to_verify(spec, db, o, &t, &mod3)) != 0)
        return rc;
    /* (a table stored before it carried sections has none to compare) */
    if (t->meta.storage == GT_STORAGE_MAPPED && (rc = verify_sections(spec, t, &p)) != 0) {
        gen_fail(spec->name, rc, "stored sections differ from a fresh computation");
        goto free_puzzle;
    }
    if (spec->verify_by_recount) { /* too costly to rebuild: checksum (on load) and a recount */
        rc = recount(t, &got);
        if (!rc && (!gt_distribution_equal(&got, &t->meta.distribution) || got.reached != t->meta.n_states))
            rc = GT_ERR_CORRUPT;
        if (rc)
            gen_fail(spec->name, rc, "the recounted distribution differs from the metadata");
        else if (!o->quiet)
            printf("%s: ok (checksum %016" PRIx64 ", %" PRIu64 " entries, God's number %d, distribution "
                   "recounted from the data)\n",
                   spec->name, t->meta.checksum, t->meta.n_states, t->meta.distribution.max_depth);
        goto free_puzzle;
    }
    if (!p && (rc = spec->make_puzzle(spec, &p)) != 0) {
        gen_fail(spec->name, rc, "cannot build the puzzle model");
        goto free_table;
    }
    if ((rc = mod3 ? gt_bfs_run_mod3(p, &bo, &dist, &got) : gt_bfs_run(p, &bo, &dist, &got)) != 0) {
        gen_fail(spec->name, rc, "breadth-first search failed");
        goto free_puzzle;
    }
    int has_published = gt_catalog_published(spec, &published);
    rc = mod3 ? gt_table_verify_mod3(t, p, dist, &got, has_published ? &published : NULL)
              : gt_table_verify(t, p, dist, &got, has_published ? &published : NULL);
    if (rc)
        gen_fail(spec->name, rc,
             rc == GT_ERR_MISMATCH ? "recomputed distribution differs from the published counts"
                                   : "stored data or metadata differ from a fresh computation");
    else if (!o->quiet)
        printf("%s: ok (checksum %016" PRIx64 ", %" PRIu64 " states, God's number %d, %s%s)\n",
               spec->name, t->meta.checksum, t->meta.n_states, t->meta.distribution.max_depth,
               has_published ? "published counts match" : "no published counts",
               ", data identical to a fresh build");
    free(dist);
free_puzzle:
    if (p)
        spec->free_puzzle(p);
free_table:
    gt_table_free(t);
    return rc;
}

/* The memory --max-memory allows (else the machine's): godtab-gen --def's
 * limit, full tables and pattern databases alike. */
uint64_t gen_def_memory_limit(const options *o)
{
    if (o->max_memory)
        return o->max_memory;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : UINT64_MAX;
}

/* Opens the database and builds or verifies the spec. */
int gen_def_run_spec(const options *o, const gt_table_spec *spec)
{
    const char *path = gt_db_default_path(o->db_path);
    gt_db *db = NULL;
    int rc = gt_db_open(&db, path, o->verify ? GT_DB_READONLY : GT_DB_WRITE);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s: %s\n", path, gt_strerror(rc), gt_db_last_error(NULL));
        return gt_exit_code(rc);
    }
    rc = o->verify ? gen_verify_table(spec, db, o) : gen_build_table(spec, db, o);
    gt_db_close(db);
    return gt_exit_code(rc);
}
