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

#define RECORD_MAGIC "godtab-definition 1\n"

int gt_catalog_def_record(const gt_def *def, const char *text, size_t len, int cycle_notation, int metric,
                          uint64_t move_mask, char **record, size_t *record_len)
{
    uint64_t all = def->n_moves == 64 ? UINT64_MAX : (1ull << def->n_moves) - 1;
    char head[64 * GT_DEF_NAME_MAX + 128];
    size_t n = (size_t)snprintf(head, sizeof head, RECORD_MAGIC "format=%s\nmetric=%s\nmoves=",
                                cycle_notation ? "def" : "tws", metric == GT_DEF_QTM ? "qtm" : "htm");
    if ((move_mask & all) == all || !move_mask)
        n += (size_t)snprintf(head + n, sizeof head - n, "all");
    else
        for (int m = 0, first = 1; m < def->n_moves; m++)
            if (move_mask >> m & 1) {
                n += (size_t)snprintf(head + n, sizeof head - n, "%s%s", first ? "" : ",", def->move_name[m]);
                first = 0;
            }
    n += (size_t)snprintf(head + n, sizeof head - n, "\n\n");
    char *r = malloc(n + len);
    if (!r)
        return GT_ERR_NOMEM;
    memcpy(r, head, n);
    memcpy(r + n, text, len);
    *record = r;
    *record_len = n + len;
    return GT_OK;
}

/* The value of "key=" on the record line at *p (which it passes). */
static int record_field(const char **p, const char *end, const char *key, char *value, size_t cap)
{
    size_t k = strlen(key);
    const char *eol = memchr(*p, '\n', (size_t)(end - *p));
    if (!eol || (size_t)(eol - *p) < k + 1 || memcmp(*p, key, k) || (*p)[k] != '=' ||
        (size_t)(eol - *p) - k - 1 >= cap)
        return GT_ERR_CORRUPT;
    memcpy(value, *p + k + 1, (size_t)(eol - *p) - k - 1);
    value[eol - *p - (long)k - 1] = 0;
    *p = eol + 1;
    return GT_OK;
}

int gt_catalog_def_read(const char *record, size_t len, gt_catalog_def_source *src)
{
    const char *p = record, *end = record + len;
    char format[8], metric[8];
    size_t magic = strlen(RECORD_MAGIC);
    if (len < magic || memcmp(record, RECORD_MAGIC, magic))
        return GT_ERR_CORRUPT;
    p += magic;
    if (record_field(&p, end, "format", format, sizeof format) ||
        record_field(&p, end, "metric", metric, sizeof metric) ||
        record_field(&p, end, "moves", src->moves, sizeof src->moves) || p >= end || *p != '\n')
        return GT_ERR_CORRUPT;
    if ((strcmp(format, "tws") && strcmp(format, "def")) || (strcmp(metric, "htm") && strcmp(metric, "qtm")))
        return GT_ERR_CORRUPT;
    src->cycle_notation = !strcmp(format, "def");
    src->metric = !strcmp(metric, "qtm") ? GT_DEF_QTM : GT_DEF_HTM;
    src->text = p + 1;
    src->len = (size_t)(end - p - 1);
    return GT_OK;
}
