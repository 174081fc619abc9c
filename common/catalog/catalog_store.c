/* A finished BFS stored as its spec says (catalog.h): what godtab-gen and
 * godtab-gen-mpi do after their searches, in one place. */
#include "catalog.h"
#include "store.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* data is spent (gt_db_put_mapped_release) when release is set. */
static int put(gt_db *db, const gt_table_spec *spec, const gt_puzzle *p, gt_table_meta *meta, uint8_t *data,
               int threads, int release)
{
    gt_section_data sections[GT_TABLE_SECTIONS_MAX];
    int n = 0, rc;
    if (spec->storage != GT_STORAGE_MAPPED)
        return gt_db_put_table(db, meta, data, spec->zstd_level, spec->chunk_bytes, threads);
    if (spec->sections && (rc = spec->sections(spec, p, sections, &n)) != 0)
        return rc;
    return release ? gt_db_put_mapped_release(db, meta, data, sections, n) : gt_db_put_mapped(db, meta, data, sections, n);
}

/* The metadata of data (bytes, encoded as spec says) and the build. */
static void meta_fill(gt_table_meta *meta, const gt_table_spec *spec, const gt_puzzle *p, const gt_distribution *d,
                      const gt_catalog_build *b, const uint8_t *data, uint64_t bytes)
{
    gt_table_meta_init(meta, spec->name, p, spec->encoding, d, data, bytes);
    meta->threads = b->threads;
    meta->build_seconds = b->seconds;
    size_t used = strlen(meta->generator);
    if (b->generator_note && *b->generator_note && used + 2 < sizeof meta->generator) {
        meta->generator[used] = ' '; /* "godtab 0.2.0 mpi 4 ranks": cut to the field if need be */
        strncpy(meta->generator + used + 1, b->generator_note, sizeof meta->generator - used - 2);
        meta->generator[sizeof meta->generator - 1] = 0;
    }
}

int gt_catalog_store_dist(gt_db *db, const gt_table_spec *spec, const gt_puzzle *p, const uint8_t *dist,
                          const gt_distribution *d, const gt_catalog_build *b, gt_table_meta *meta)
{
    gt_distribution published;
    uint8_t *data = NULL;
    uint64_t bytes;
    if (gt_catalog_published(spec, &published) && !gt_distribution_equal(d, &published))
        return GT_ERR_MISMATCH; /* nothing stored: the previous table stays */
    int rc = gt_table_encode(dist, p->n_states, spec->encoding, b->threads, &data, &bytes);
    if (rc)
        return rc;
    meta_fill(meta, spec, p, d, b, data, bytes);
    rc = put(db, spec, p, meta, data, b->threads, 0);
    free(data);
    return rc;
}

int gt_catalog_store_mod3(gt_db *db, const gt_table_spec *spec, const gt_puzzle *p, uint8_t *codes,
                          const gt_distribution *d, const gt_catalog_build *b, gt_table_meta *meta)
{
    gt_distribution published;
    if (spec->encoding != GT_ENC_MOD3 || spec->storage != GT_STORAGE_MAPPED)
        return GT_ERR_INVAL;
    if (gt_catalog_published(spec, &published) && !gt_distribution_equal(d, &published))
        return GT_ERR_MISMATCH;
    meta_fill(meta, spec, p, d, b, codes, gt_encoding_bytes(GT_ENC_MOD3, p->n_states));
    return put(db, spec, p, meta, codes, b->threads, 1);
}
