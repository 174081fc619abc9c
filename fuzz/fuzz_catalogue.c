/* Fuzz target: the table catalogue record (gt_catalogue_parse,
 * common/engine/store_internal.h), the "#catalogue" key every read of a
 * table checks first.
 *
 * Input: the record's bytes, as stored (not NUL-terminated: the parser
 * takes a length).
 *
 * Invariants: documented return values; a refused record leaves the
 * catalogue empty; an accepted one has sorted, unique, storable names and
 * chunk counts >= 1, and formats back to exactly the input bytes (the format
 * has one spelling of each record). */
#include "fuzz_util.h"
#include "store_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gt_catalogue c;
    char *record = malloc(size ? size : 1), *text = NULL;
    size_t len = 0;
    FZ_CHECK(record != NULL);
    memcpy(record, data, size); /* exactly size bytes: a read past the end is out of bounds */
    int rc = gt_catalogue_parse(record, size, &c);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_CORRUPT || rc == GT_ERR_NOMEM);
    if (rc != GT_OK)
        FZ_CHECK(c.count == 0 && c.entries == NULL);
    if (rc == GT_OK) {
        for (int i = 0; i < c.count; i++) {
            FZ_CHECK(gt_catalogue_name_ok(c.entries[i].name) && c.entries[i].chunks >= 1);
            FZ_CHECK(i == 0 || strcmp(c.entries[i - 1].name, c.entries[i].name) < 0);
            FZ_CHECK(gt_catalogue_find(&c, c.entries[i].name) == &c.entries[i]);
        }
        FZ_CHECK(gt_catalogue_format(&c, &text, &len) == GT_OK);
        FZ_CHECK(len == size && memcmp(text, data, size) == 0);
        free(text);
    }
    gt_catalogue_free(&c);
    free(record);
    return 0;
}
