/* Definition files of both kinds (catalog_def.h): the one grammar
 * (defn.h) read into the model's gt_def, and its stored record. */
#include "catalog_def.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gt_catalog_def_parse(const char *text, size_t len, int cycle_notation, gt_def **out, gt_def_error *err)
{
    int rc = cycle_notation ? gt_def_parse_cycles(text, len, out, err) : gt_def_parse(text, len, out, err);
    if (rc == GT_OK && (rc = gt_def_check_model(*out, err)) != GT_OK) {
        gt_def_free(*out);
        *out = NULL;
    }
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
