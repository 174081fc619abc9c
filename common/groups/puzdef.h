/* Puzzle definition files as permutation groups: the one definition
 * grammar (common/defn/defn.h, docs/groups.md and docs/definitions.md) read
 * into generators. A cycle-notation .def file:
 *
 *     # a comment runs to the end of the line
 *     name  Rubik's cube, seed 001 numbering      (optional, free text)
 *     points 48                                   (the degree: points 1..48)
 *     A = (1,3,8,6)(2,5,7,4)(9,48,15,12)
 *         (10,47,16,13)(11,46,17,14)              (a line starting with '(' continues)
 *     B = ...
 *
 * (a `colours` line is read and has no bearing on the group). Every error
 * carries the line and column of the offending character. */
#ifndef GODTAB_PUZDEF_H
#define GODTAB_PUZDEF_H

#include "defn.h"
#include "permgroup.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GT_PUZDEF_NAME_MAX GT_DEF_GEN_NAME_MAX
#define GT_PUZDEF_MAX_GENS GT_DEF_MAX_GENS

typedef struct gt_puzdef {
    char title[128];          /* the "name" line, or "" */
    int degree;               /* number of points */
    int ngens;
    char names[GT_PUZDEF_MAX_GENS][GT_PUZDEF_NAME_MAX];
    int gen_line[GT_PUZDEF_MAX_GENS];  /* where each generator was defined */
    gt_point *gens;           /* ngens × degree images, 0-based */
} gt_puzdef;

/* Where and why parsing failed (line and column are 1-based; line 1 for a
 * one-line text such as a permutation on the command line): the grammar's. */
typedef gt_def_error gt_puzdef_error;

/* Parses a definition text. Returns 0 (*out to free with gt_puzdef_free),
 * GT_ERR_PARSE (err filled in) or GT_ERR_NOMEM. err may be NULL. */
GT_API int gt_puzdef_parse(const char *text, gt_puzdef **out, gt_puzdef_error *err);

/* Reads and parses a file; GT_ERR_STORAGE if it cannot be read (err->message
 * says why, line 0). */
GT_API int gt_puzdef_load(const char *path, gt_puzdef **out, gt_puzdef_error *err);

GT_API void gt_puzdef_free(gt_puzdef *def);

/* The index of the generator called name[0..len-1], or GT_NONE. */
GT_API int gt_puzdef_find(const gt_puzdef *def, const char *name, int len);

/* The generators as an array of pointers (for gt_group_create); the pointers
 * live in def. ptrs must hold def->ngens entries. */
void gt_puzdef_gen_ptrs(const gt_puzdef *def, const gt_point **ptrs);

/* Parses one permutation of degree n written either in cycle notation
 * "(1,2,3)(4,5)" or as the list of the n images "2 3 1 5 4" (optionally in
 * brackets, commas allowed). Returns 0 or GT_ERR_PARSE with err (line 1,
 * column) filled in: unbalanced parentheses, a point out of range, a point
 * repeated, a wrong number of images. */
GT_API int gt_perm_parse(int n, const char *text, gt_point *out, gt_puzdef_error *err);

#ifdef __cplusplus
}
#endif

#endif
