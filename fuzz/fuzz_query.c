/* Fuzz target: the query parsers of every family with query hooks (the
 * generic front end of godtab-solve: gt_catalog_family, gt_query_hooks.parse
 * in common/engine/spec.h), for each of its tables: pocket, taquin (every
 * board), floppy, and whatever family is registered later.
 *
 * Input: byte 0 picks the table (% the number of tables with hooks), byte 1
 * the format (bit 0: GT_QUERY_MOVES or GT_QUERY_STATE); the rest is the
 * query text.
 *
 * Invariants: the return value is a documented one; a parse error points
 * inside the text, an illegal position has a message; a parsed position's
 * state text parses back to the same index; the position of that index
 * (from_index) writes a state text that parses back to it too; the drawing
 * fits a generous buffer. */
#include "catalog.h"
#include "fuzz_util.h"

enum { POSITION_MAX = 4096, TEXT_MAX = 4096 };

/* The i-th table whose family has query hooks, or NULL past the end. */
static const gt_table_spec *query_spec(int i)
{
    for (int k = 0; k < gt_catalog_count(); k++) {
        const gt_table_spec *spec = gt_catalog_get(k);
        if (gt_catalog_family_of(spec)->query && i-- == 0)
            return spec;
    }
    return NULL;
}

static int query_spec_count(void)
{
    int n = 0;
    while (query_spec(n))
        n++;
    return n;
}

/* state_text, then parse it back as GT_QUERY_STATE: the same index. */
static void check_state_text(const gt_table_spec *spec, const gt_query_hooks *q, const void *position,
                             uint64_t index)
{
    static _Alignas(max_align_t) unsigned char back[POSITION_MAX];
    char text[TEXT_MAX];
    uint64_t index_back = UINT64_MAX;
    if (!q->state_text)
        return;
    FZ_CHECK(q->state_text(spec, position, text, sizeof text) == GT_OK);
    FZ_CHECK(memchr(text, 0, sizeof text) != NULL);
    gt_parse_error err = fz_unset_error();
    int rc = q->parse(spec, GT_QUERY_STATE, text, back, &index_back, &err);
    if (rc != GT_OK)
        fprintf(stderr, "%s: state text '%s' does not parse back: %s\n", spec->name, text, err.message);
    FZ_CHECK(rc == GT_OK && index_back == index);
}

static void check_position(const gt_table_spec *spec, const gt_query_hooks *q, const void *position,
                           uint64_t index)
{
    static _Alignas(max_align_t) unsigned char at_index[POSITION_MAX];
    static char drawing[1 << 16];
    check_state_text(spec, q, position, index);
    if (q->draw)
        FZ_CHECK(q->draw(spec, position, drawing, sizeof drawing) == GT_OK);
    FZ_CHECK(q->from_index(spec, index, at_index) == GT_OK);
    check_state_text(spec, q, at_index, index);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static _Alignas(max_align_t) unsigned char position[POSITION_MAX];
    static int n_specs = -1;
    if (n_specs < 0)
        n_specs = query_spec_count();
    if (n_specs == 0)
        return 0;
    const gt_table_spec *spec = query_spec((int)(fz_byte(&data, &size) % (unsigned)n_specs));
    int format = fz_byte(&data, &size) & 1 ? GT_QUERY_STATE : GT_QUERY_MOVES;
    const gt_query_hooks *q = gt_catalog_family_of(spec)->query;
    FZ_CHECK(q->position_bytes <= POSITION_MAX);
    if (format == GT_QUERY_STATE && !q->state_help)
        return 0; /* the family reads no state: the front end refuses --format state */
    char *text = fz_text(data, size);
    uint64_t index = UINT64_MAX;
    gt_parse_error err = fz_unset_error();
    int rc = q->parse(spec, format, text, position, &index, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL);
    /* An illegal position has no bad token: the front end prints only the
     * message (the taquin hook leaves offset and length as they were). */
    if (rc == GT_ERR_PARSE)
        fz_check_parse_error(&err, text);
    else if (rc == GT_ERR_ILLEGAL)
        FZ_CHECK(fz_message_ok(err.message, sizeof err.message));
    else
        check_position(spec, q, position, index);
    free(text);
    return 0;
}
