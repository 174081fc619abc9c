/* Fuzz target: stored table metadata (gt_table_meta_parse,
 * common/engine/table.h), the "NAME/meta" record every table load reads
 * first.
 *
 * Input: the record's bytes, as stored (not NUL-terminated: the parser
 * takes a length).
 *
 * Invariants: documented return values; accepted metadata is consistent
 * (the counts add up to reached, raw_bytes is the encoding's size, God's
 * number within GT_MAX_DEPTH, strings terminated) and formats to a record
 * that parses back and formats to the same text. */
#include "fuzz_util.h"
#include "table.h"

enum { META_CAP = 8192 }; /* the store's limit on a metadata record */

static void check_meta(const gt_table_meta *m)
{
    uint64_t sum = 0;
    FZ_CHECK(m->format_version == (m->storage == GT_STORAGE_MAPPED ? GT_TABLE_FORMAT_MAPPED
                                                                   : GT_TABLE_FORMAT_VERSION));
    FZ_CHECK(m->storage != GT_STORAGE_MAPPED || m->chunk_bytes == GT_BLOCK_BYTES);
    FZ_CHECK(m->n_sections >= 0 && m->n_sections <= GT_TABLE_SECTIONS_MAX);
    for (int i = 0; i < m->n_sections; i++)
        FZ_CHECK(gt_table_section_name_ok(m->sections[i].name));
    FZ_CHECK(memchr(m->name, 0, sizeof m->name) && memchr(m->puzzle, 0, sizeof m->puzzle) &&
             memchr(m->metric, 0, sizeof m->metric) && memchr(m->generator, 0, sizeof m->generator) &&
             memchr(m->built_at, 0, sizeof m->built_at));
    FZ_CHECK(m->distribution.max_depth >= 0 && m->distribution.max_depth <= GT_MAX_DEPTH);
    for (int d = 0; d <= m->distribution.max_depth; d++)
        sum += m->distribution.count[d];
    FZ_CHECK(sum == m->distribution.reached);
    FZ_CHECK(m->raw_bytes == gt_encoding_bytes(m->encoding, m->n_states) && m->chunk_bytes > 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[META_CAP], again[META_CAP];
    gt_table_meta m, back;
    size_t len = 0, len_again = 0;
    /* The input is passed as it is: a copy of exactly size bytes, so a read
     * past the record's end is out of bounds. */
    char *record = malloc(size ? size : 1);
    FZ_CHECK(record != NULL);
    memcpy(record, data, size);
    int rc = gt_table_meta_parse(record, size, &m);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_CORRUPT || rc == GT_ERR_VERSION);
    if (rc == GT_OK) {
        check_meta(&m);
        FZ_CHECK(gt_table_meta_format(&m, text, sizeof text, &len) == GT_OK);
        FZ_CHECK(gt_table_meta_parse(text, len, &back) == GT_OK);
        FZ_CHECK(gt_table_meta_format(&back, again, sizeof again, &len_again) == GT_OK);
        FZ_CHECK(len == len_again && memcmp(text, again, len) == 0);
    }
    free(record);
    return 0;
}
