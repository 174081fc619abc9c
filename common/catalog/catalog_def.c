/* Definition files of both kinds (catalog_def.h): the .def parser of the
 * groups layer turned into the model's gt_def. */
#include "catalog_def.h"
#include "gt_error.h"
#include "puzdef.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Finds the `colours` line, reads its numbers and blanks it (so that the
 * .def parser, which does not know it, sees a comment). Returns GT_OK (with
 * *n_labels 0 if there is none) or GT_ERR_PARSE. */
static int take_colours(char *text, uint8_t *labels, int *n_labels, gt_def_error *err)
{
    int line = 1;
    *n_labels = 0;
    for (char *p = text; *p; line++) {
        char *end = p + strcspn(p, "\n"), *q = p + strspn(p, " \t");
        if (!strncmp(q, "colours", 7) && (q[7] == ' ' || q[7] == '\t')) {
            for (char *r = q + 7; r < end;) {
                r += strspn(r, " \t,");
                if (r >= end || *r == '#')
                    break;
                char *after;
                long v = strtol(r, &after, 10);
                if (after == r || v < 1 || v > GT_DEF_MAX_PIECES || *n_labels == GT_DEF_MAX_PIECES) {
                    err->line = line;
                    err->column = (int)(r - p) + 1;
                    snprintf(err->message, sizeof err->message, "colours: a colour number 1..%d expected",
                             GT_DEF_MAX_PIECES);
                    return GT_ERR_PARSE;
                }
                labels[(*n_labels)++] = (uint8_t)(v - 1);
                r = after;
            }
            *q = '#'; /* a comment for gt_puzdef_parse */
        }
        p = *end ? end + 1 : end;
    }
    return GT_OK;
}

int gt_catalog_def_parse(const char *text, size_t len, int cycle_notation, gt_def **out, gt_def_error *err)
{
    gt_puzdef *pd = NULL;
    gt_puzdef_error perr;
    uint8_t labels[GT_DEF_MAX_PIECES];
    const char *names[GT_PUZDEF_MAX_GENS];
    int n_labels, rc;
    char *copy;
    if (!cycle_notation)
        return gt_def_parse(text, len, out, err);
    *out = NULL;
    if (memchr(text, 0, len)) { /* the .def parser reads a C string */
        snprintf(err->message, sizeof err->message, "NUL byte");
        err->line = err->column = 1;
        return GT_ERR_PARSE;
    }
    if (!(copy = malloc(len + 1)))
        return GT_ERR_NOMEM;
    memcpy(copy, text, len);
    copy[len] = '\0';
    if ((rc = take_colours(copy, labels, &n_labels, err)) != 0)
        goto free_copy;
    if ((rc = gt_puzdef_parse(copy, &pd, &perr)) != 0) {
        err->line = perr.line;
        err->column = perr.column;
        snprintf(err->message, sizeof err->message, "%s", perr.message);
        goto free_copy;
    }
    if (n_labels && n_labels != pd->degree) {
        err->line = err->column = 1;
        snprintf(err->message, sizeof err->message, "colours: %d colours for %d points", n_labels, pd->degree);
        rc = GT_ERR_PARSE;
        goto free_puzdef;
    }
    for (int g = 0; g < pd->ngens; g++)
        names[g] = pd->names[g];
    rc = gt_def_from_generators(pd->title, pd->degree, n_labels ? labels : NULL, pd->ngens, names, pd->gens, out, err);
free_puzdef:
    gt_puzdef_free(pd);
free_copy:
    free(copy);
    return rc;
}
