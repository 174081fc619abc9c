/* Fuzz target: the one-permutation parser (gt_perm_parse, common/groups/puzdef.h)
 * and the positions godtab-group member reads for a cube definition
 * (gt_cubegroup_scramble_position, gt_cubegroup_facelet_position,
 * common/groups/cubegroup.h) on the repository's 2x2x2, 3x3x3 and 4x4x4
 * definitions (the .def files of puzzles/, found through GODTAB_ROOT).
 *
 * Input: byte 0 picks the parser (% 3: permutation, scramble, facelets) and
 * the cube (/ 3 % 3: cube2, cube3_seed48, cube4); for a permutation bytes 1
 * and 2 give the degree (1..128 mostly, up to GT_PERM_MAX_DEGREE when byte 2
 * has its top bit); the rest is the text.
 *
 * Invariants: documented return values; an error is on line 1 at a column
 * inside the text (or at its end); a parsed permutation is one, and both its
 * cycles and its image list parse back to it; a scramble gives a member of
 * the cube's group; a facelet string gives a permutation. */
#include "cubegroup.h"
#include "fuzz_util.h"
#include "permgroup.h"
#include "puzdef.h"

#ifndef GODTAB_ROOT
#define GODTAB_ROOT "."
#endif

enum { CUBES = 3 };

static const char *const cube_file[CUBES] = {"cube2.def", "cube3_seed48.def", "cube4.def"};

typedef struct cube {
    gt_puzdef *def;
    gt_cubegroup_map map;
    gt_group *grp;
} cube;

/* Loaded once per process: the definitions, their maps and their groups
 * (kept to the end: the process is the fuzzer's). */
static cube *cube_get(int i)
{
    static cube cubes[CUBES];
    cube *c = &cubes[i];
    if (c->grp)
        return c;
    char path[4096];
    gt_puzdef_error err;
    snprintf(path, sizeof path, "%s/puzzles/%s", GODTAB_ROOT, cube_file[i]);
    if (gt_puzdef_load(path, &c->def, &err) != GT_OK) {
        fprintf(stderr, "fuzz_perm: cannot load %s: %s\n", path, err.message);
        abort();
    }
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
    gt_puzdef_gen_ptrs(c->def, ptrs);
    FZ_CHECK(gt_cubegroup_match(c->def, &c->map) == GT_OK);
    FZ_CHECK(gt_group_create(c->def->degree, c->def->ngens, ptrs, NULL, &c->grp) == GT_OK);
    return c;
}

static void check_error(const gt_puzdef_error *err, const char *text)
{
    FZ_CHECK(err->line == 1 && err->column >= 1 && (size_t)err->column <= strlen(text) + 1);
    FZ_CHECK(memchr(err->message, 0, sizeof err->message) && err->message[0]);
}

/* The permutation as "[a b c ...]", 1-based images. */
static void write_images(int n, const gt_point *p, char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "[");
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%d", i ? " " : "", p[i] + 1);
    snprintf(buf + len, cap - len, "]");
}

static void perm_text(const uint8_t *data, size_t size)
{
    static gt_point p[GT_PERM_MAX_DEGREE], back[GT_PERM_MAX_DEGREE];
    static char out[6 * GT_PERM_MAX_DEGREE + 16];
    unsigned lo = fz_byte(&data, &size), hi = fz_byte(&data, &size);
    int n = hi & 128 ? 1 + (int)(((hi & 127) << 8 | lo) % GT_PERM_MAX_DEGREE) : 1 + (int)(lo % 128);
    char *text = fz_text(data, size);
    gt_puzdef_error err = {.line = -1, .column = -1};
    int rc = gt_perm_parse(n, text, p, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE);
    if (rc == GT_ERR_PARSE)
        check_error(&err, text);
    if (rc == GT_OK) {
        FZ_CHECK(gt_perm_is_valid(n, p));
        FZ_CHECK(gt_perm_format_cycles(n, p, out, (int)sizeof out) == GT_OK);
        FZ_CHECK(gt_perm_parse(n, out, back, NULL) == GT_OK && gt_perm_equal(n, p, back));
        write_images(n, p, out, sizeof out);
        FZ_CHECK(gt_perm_parse(n, out, back, NULL) == GT_OK && gt_perm_equal(n, p, back));
    }
    free(text);
}

static void cube_position(const uint8_t *data, size_t size, int facelets, cube *c)
{
    static gt_point p[GT_FACELETS_MAX];
    char *text = fz_text(data, size);
    gt_puzdef_error err = {.line = -1, .column = -1};
    int rc = facelets ? gt_cubegroup_facelet_position(&c->map, text, p, &err)
                      : gt_cubegroup_scramble_position(&c->map, text, p, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || (rc == GT_ERR_ILLEGAL && !facelets) ||
             (rc == GT_ERR_INVAL && facelets && c->map.n > 3));
    if (rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL)
        check_error(&err, text);
    if (rc == GT_OK) {
        FZ_CHECK(gt_perm_is_valid(c->def->degree, p));
        if (!facelets)
            FZ_CHECK(gt_group_contains(c->grp, p, NULL));
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned which = fz_byte(&data, &size);
    if (which % 3 == 0)
        perm_text(data, size);
    else
        cube_position(data, size, which % 3 == 2, cube_get((int)(which / 3 % CUBES)));
    return 0;
}
