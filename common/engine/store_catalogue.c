/* The table catalogue record: its text form and edits (see store_internal.h).
 * Pure functions: the store reads and writes the record through LMDB. */
#include "store_internal.h"
#include "gt_error.h"
#include "textbuf.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CATALOGUE_HEADER "godtab-catalogue 1\n"

void gt_catalogue_free(gt_catalogue *c)
{
    free(c->entries);
    c->entries = NULL;
    c->count = c->cap = 0;
}

int gt_catalogue_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= GT_NAME_MAX)
        return 0;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("._+-", *p)))
            return 0;
    return 1;
}

/* The index of name, or -(insertion point) - 1 (entries are sorted). */
static int catalogue_search(const gt_catalogue *c, const char *name)
{
    int lo = 0, hi = c->count;
    while (lo < hi) {
        int mid = (lo + hi) / 2, cmp = strcmp(c->entries[mid].name, name);
        if (cmp == 0)
            return mid;
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -lo - 1;
}

const gt_catalogue_entry *gt_catalogue_find(const gt_catalogue *c, const char *name)
{
    int i = catalogue_search(c, name);
    return i >= 0 ? &c->entries[i] : NULL;
}

int gt_catalogue_set(gt_catalogue *c, const gt_catalogue_entry *e)
{
    int i = catalogue_search(c, e->name);
    if (i >= 0) {
        c->entries[i] = *e;
        return GT_OK;
    }
    i = -i - 1;
    if (c->count == c->cap) {
        int cap = c->cap ? 2 * c->cap : 16;
        gt_catalogue_entry *grown = realloc(c->entries, (size_t)cap * sizeof *grown);
        if (!grown)
            return GT_ERR_NOMEM;
        c->entries = grown;
        c->cap = cap;
    }
    memmove(c->entries + i + 1, c->entries + i, (size_t)(c->count - i) * sizeof *c->entries);
    c->entries[i] = *e;
    c->count++;
    return GT_OK;
}

int gt_catalogue_remove(gt_catalogue *c, const char *name)
{
    int i = catalogue_search(c, name);
    if (i < 0)
        return GT_ERR_NOTFOUND;
    memmove(c->entries + i, c->entries + i + 1, (size_t)(c->count - i - 1) * sizeof *c->entries);
    c->count--;
    return GT_OK;
}

int gt_catalogue_format(const gt_catalogue *c, char **text, size_t *length)
{
    size_t cap = sizeof CATALOGUE_HEADER + (size_t)c->count * (GT_NAME_MAX + 64) + 64, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return GT_ERR_NOMEM;
    len += (size_t)snprintf(buf, cap, "%s", CATALOGUE_HEADER);
    for (int i = 0; i < c->count; i++) {
        const gt_catalogue_entry *e = &c->entries[i];
        len += (size_t)snprintf(buf + len, cap - len, "table %s %016" PRIx64 " %016" PRIx64 " %" PRIu32 "\n",
                                e->name, e->meta_hash, e->checksum, e->chunks);
    }
    uint64_t hash = gt_checksum64((const uint8_t *)buf, len);
    len += (size_t)snprintf(buf + len, cap - len, "end %d %016" PRIx64 "\n", c->count, hash);
    *text = buf;
    *length = len;
    return GT_OK;
}

/* Reads exactly `digits` lowercase hex digits at *p. */
static int read_hex64(const char **p, int digits, uint64_t *out)
{
    uint64_t v = 0;
    for (int i = 0; i < digits; i++) {
        char ch = (*p)[i];
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (d < 0)
            return GT_ERR_CORRUPT;
        v = v << 4 | (uint64_t)d;
    }
    *p += digits;
    *out = v;
    return 0;
}

/* Reads a decimal number of 1 to 9 digits, no leading zero, at *p. */
static int read_small(const char **p, uint32_t *out)
{
    const char *s = *p;
    uint32_t v = 0;
    int n = 0;
    while (s[n] >= '0' && s[n] <= '9' && n < 10)
        v = v * 10 + (uint32_t)(s[n++] - '0');
    if (n == 0 || n > 9 || (n > 1 && s[0] == '0'))
        return GT_ERR_CORRUPT;
    *p = s + n;
    *out = v;
    return 0;
}

static int expect(const char **p, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(*p, word, n) != 0)
        return GT_ERR_CORRUPT;
    *p += n;
    return 0;
}

/* One "table NAME META CHECKSUM CHUNKS\n" line at *p. */
static int parse_entry(const char **p, gt_catalogue_entry *e)
{
    const char *s = *p, *name = s + 6;
    if (expect(&s, "table "))
        return GT_ERR_CORRUPT;
    const char *space = strchr(name, ' ');
    if (!space || space - name >= GT_NAME_MAX)
        return GT_ERR_CORRUPT;
    memcpy(e->name, name, (size_t)(space - name));
    e->name[space - name] = 0;
    s = space + 1;
    if (!gt_catalogue_name_ok(e->name) || read_hex64(&s, 16, &e->meta_hash) || expect(&s, " ") ||
        read_hex64(&s, 16, &e->checksum) || expect(&s, " ") || read_small(&s, &e->chunks) ||
        expect(&s, "\n") || e->chunks == 0)
        return GT_ERR_CORRUPT;
    *p = s;
    return 0;
}

/* The entries and the end line of NUL-terminated text. */
static int parse_body(const char *text, gt_catalogue *c)
{
    const char *p = text;
    if (expect(&p, CATALOGUE_HEADER))
        return GT_ERR_CORRUPT;
    while (strncmp(p, "table ", 6) == 0) {
        gt_catalogue_entry e;
        if (parse_entry(&p, &e) != 0)
            return GT_ERR_CORRUPT;
        if (c->count && strcmp(c->entries[c->count - 1].name, e.name) >= 0)
            return GT_ERR_CORRUPT; /* written sorted, each name once */
        int rc = gt_catalogue_set(c, &e);
        if (rc)
            return rc;
    }
    uint64_t hash, expected = gt_checksum64((const uint8_t *)text, (uint64_t)(p - text));
    uint32_t count;
    if (expect(&p, "end ") || read_small(&p, &count) || expect(&p, " ") || read_hex64(&p, 16, &hash) ||
        expect(&p, "\n") || *p || count != (uint32_t)c->count || hash != expected)
        return GT_ERR_CORRUPT;
    return GT_OK;
}

int gt_catalogue_parse(const void *bytes, size_t length, gt_catalogue *out)
{
    memset(out, 0, sizeof *out);
    if (length > GT_CATALOGUE_MAX_BYTES || memchr(bytes, 0, length))
        return GT_ERR_CORRUPT;
    char *text = malloc(length + 1);
    if (!text)
        return GT_ERR_NOMEM;
    memcpy(text, bytes, length);
    text[length] = 0;
    int rc = parse_body(text, out);
    free(text);
    if (rc)
        gt_catalogue_free(out);
    return rc;
}
