/* Fuzz target: puzzle definition files (gt_puzdef_parse, common/groups/puzdef.h),
 * the input of every godtab-group command, and the recognition of a cube
 * in a definition (gt_cubegroup_match), which godtab-group member runs on it.
 *
 * Input: the definition text.
 *
 * Invariants: documented return values; an error names a line and column
 * inside the text; a parsed definition has a degree in range, 1..256
 * generators with distinct names, each a permutation, and written back out
 * ("points N", "NAME = cycles") parses again to the same generators. */
#include "cubegroup.h"
#include "fuzz_util.h"
#include "puzdef.h"

/* The length of line `line` (1-based) of text, or -1 if there is none. */
static long line_length(const char *text, int line)
{
    for (int l = 1; l < line; l++) {
        text = strchr(text, '\n');
        if (!text)
            return -1;
        text++;
    }
    const char *end = strchr(text, '\n');
    return end ? end - text : (long)strlen(text);
}

static void check_error(const gt_puzdef_error *err, const char *text)
{
    long len = line_length(text, err->line);
    FZ_CHECK(err->line >= 1 && len >= 0 && err->column >= 1 && err->column <= len + 1);
    FZ_CHECK(memchr(err->message, 0, sizeof err->message) && err->message[0]);
}

/* Appends to a malloc'd text, growing it. */
static void append(char **text, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > *cap) {
        *cap = 2 * (*len + n + 1);
        *text = realloc(*text, *cap);
        FZ_CHECK(*text != NULL);
    }
    memcpy(*text + *len, s, n + 1);
    *len += n;
}

static void check_round_trip(const gt_puzdef *def)
{
    /* A permutation of the largest degree in cycles: under 6 bytes a point. */
    static char cycles[6 * GT_PERM_MAX_DEGREE + 16];
    char *text = NULL, head[64];
    size_t len = 0, cap = 0;
    snprintf(head, sizeof head, "points %d\n", def->degree);
    append(&text, &len, &cap, head);
    for (int k = 0; k < def->ngens; k++) {
        FZ_CHECK(gt_perm_format_cycles(def->degree, def->gens + (size_t)k * def->degree, cycles,
                                       (int)sizeof cycles) == GT_OK);
        append(&text, &len, &cap, def->names[k]);
        append(&text, &len, &cap, " = ");
        append(&text, &len, &cap, cycles);
        append(&text, &len, &cap, "\n");
    }
    gt_puzdef *back = NULL;
    gt_puzdef_error err;
    int rc = gt_puzdef_parse(text, &back, &err);
    if (rc != GT_OK)
        fprintf(stderr, "written back, line %d column %d: %s\n", err.line, err.column, err.message);
    FZ_CHECK(rc == GT_OK && back->degree == def->degree && back->ngens == def->ngens);
    FZ_CHECK(memcmp(back->gens, def->gens, (size_t)def->ngens * def->degree * sizeof def->gens[0]) == 0);
    gt_puzdef_free(back);
    free(text);
}

static void check_definition(const gt_puzdef *def)
{
    FZ_CHECK(def->degree >= 1 && def->degree <= GT_PERM_MAX_DEGREE);
    FZ_CHECK(def->ngens >= 1 && def->ngens <= GT_PUZDEF_MAX_GENS);
    FZ_CHECK(memchr(def->title, 0, sizeof def->title) != NULL);
    for (int k = 0; k < def->ngens; k++) {
        FZ_CHECK(memchr(def->names[k], 0, GT_PUZDEF_NAME_MAX) && def->names[k][0]);
        FZ_CHECK(gt_puzdef_find(def, def->names[k], (int)strlen(def->names[k])) == k);
        FZ_CHECK(gt_perm_is_valid(def->degree, def->gens + (size_t)k * def->degree));
    }
    check_round_trip(def);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gt_cubegroup_map map;
    char *text = fz_text(data, size);
    gt_puzdef *def = NULL;
    gt_puzdef_error err = {.line = -1, .column = -1};
    int rc = gt_puzdef_parse(text, &def, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE);
    if (rc == GT_ERR_PARSE)
        check_error(&err, text);
    if (rc == GT_OK) {
        check_definition(def);
        rc = gt_cubegroup_match(def, &map);
        FZ_CHECK(rc == GT_OK || rc == GT_ERR_NOTFOUND);
        if (rc == GT_OK)
            FZ_CHECK(map.degree == def->degree && map.n >= 2 && map.n <= 4);
    }
    gt_puzdef_free(def);
    free(text);
    return 0;
}
