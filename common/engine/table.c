#include "table.h"
#include "gt_version.h"
#include "gt_error.h"
#include "store_guard.h"
#include "textbuf.h"

#include <inttypes.h>
#include <stddef.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GT_GENERATOR "godtab " GT_VERSION

static const char *const encoding_names[] = {"byte", "nibble", "mod3", "parity1", "top2"};

const char *gt_encoding_name(gt_encoding enc)
{
    return (unsigned)enc < sizeof encoding_names / sizeof *encoding_names ? encoding_names[enc] : "unknown";
}

int gt_encoding_parse(const char *name, gt_encoding *out)
{
    for (int e = 0; e < (int)(sizeof encoding_names / sizeof *encoding_names); e++)
        if (strcmp(name, encoding_names[e]) == 0) {
            *out = (gt_encoding)e;
            return GT_OK;
        }
    return GT_ERR_PARSE;
}

uint64_t gt_encoding_bytes(gt_encoding enc, uint64_t n)
{
    switch (enc) {
    case GT_ENC_BYTE: return n;
    case GT_ENC_NIBBLE: return (n + 1) / 2;
    case GT_ENC_MOD3:
    case GT_ENC_TOP2: return (n + 3) / 4;
    default: return (n + 7) / 8;
    }
}

void gt_table_top2_fold(const gt_distribution *d, uint64_t codes[4])
{
    int b = gt_table_top2_base(d->max_depth);
    codes[0] = codes[1] = codes[2] = codes[3] = 0;
    for (int k = 0; k <= d->max_depth && k <= GT_MAX_DEPTH; k++)
        codes[k <= b ? 0 : k - b > 3 ? 3 : k - b] += d->count[k];
}

/* The deepest distance in dist (GT_ENC_TOP2 encodes relative to it). */
static int deepest(const uint8_t *dist, uint64_t n, int threads)
{
    int max = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(max : max)
    for (int64_t i = 0; i < (int64_t)n; i++)
        if (dist[i] != GT_UNREACHED && dist[i] > max)
            max = dist[i];
    return max;
}

/* The stored value of one distance under an encoding (base: GT_ENC_TOP2's b). */
static unsigned encode_value(gt_encoding enc, uint8_t d, int base)
{
    int unreached = d == GT_UNREACHED;
    switch (enc) {
    case GT_ENC_TOP2: return unreached || d <= base ? 0u : d - base > 3 ? 3u : (unsigned)(d - base);
    case GT_ENC_BYTE: return d;
    case GT_ENC_NIBBLE: return unreached || d > 14 ? 15u : d;
    case GT_ENC_MOD3: return unreached ? 3u : d % 3u;
    default: return unreached ? 0u : (d >> 1) & 1u;
    }
}

int gt_table_encode(const uint8_t *dist, uint64_t n, gt_encoding enc, int threads, uint8_t **out,
                    uint64_t *bytes)
{
    if (enc > GT_ENC_TOP2)
        return GT_ERR_INVAL;
    if (threads <= 0)
        threads = omp_get_max_threads();
    uint64_t size = gt_encoding_bytes(enc, n);
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf)
        return GT_ERR_NOMEM;
    if (enc == GT_ENC_BYTE) {
        memcpy(buf, dist, n);
    } else {
        const int per_byte = enc == GT_ENC_NIBBLE ? 2 : enc == GT_ENC_MOD3 || enc == GT_ENC_TOP2 ? 4 : 8;
        const int bits = 8 / per_byte;
        const int base = enc == GT_ENC_TOP2 ? gt_table_top2_base(deepest(dist, n, threads)) : 0;
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int64_t b = 0; b < (int64_t)size; b++) {
            unsigned v = 0;
            for (int k = 0; k < per_byte; k++) {
                uint64_t i = (uint64_t)b * per_byte + k;
                if (i < n)
                    v |= encode_value(enc, dist[i], base) << (k * bits);
            }
            buf[b] = (uint8_t)v;
        }
    }
    *out = buf;
    *bytes = size;
    return GT_OK;
}

int gt_table_modulus(const gt_table *t)
{
    switch (t->meta.encoding) {
    case GT_ENC_BYTE: return 256;
    case GT_ENC_NIBBLE: return 16;
    case GT_ENC_MOD3: return 3;
    default: return 4;
    }
}

uint64_t gt_checksum64(const uint8_t *data, uint64_t len)
{
    /* Four independent lanes so the multiply chains overlap; each 8-byte word
     * is mixed with a multiply and an xorshift, the lanes are folded at the
     * end together with the length. */
    const uint64_t k = 0x9E3779B97F4A7C15ull;
    uint64_t lane[4] = {k, k ^ 1, k ^ 2, k ^ 3};
    uint64_t i = 0;
    for (; i + 32 <= len; i += 32)
        for (int j = 0; j < 4; j++) {
            uint64_t w;
            memcpy(&w, data + i + 8 * j, 8);
            lane[j] = (lane[j] ^ w) * 0xBF58476D1CE4E5B9ull;
            lane[j] ^= lane[j] >> 31;
        }
    uint64_t h = len * k;
    for (int j = 0; j < 4; j++)
        h = (h ^ lane[j]) * 0x94D049BB133111EBull, h ^= h >> 29;
    for (; i < len; i++)
        h = (h ^ data[i]) * 0x100000001B3ull;
    h ^= h >> 32;
    return h;
}

void gt_table_meta_init(gt_table_meta *m, const char *name, const gt_puzzle *p, gt_encoding enc,
                        const gt_distribution *dist, const uint8_t *data, uint64_t bytes)
{
    memset(m, 0, sizeof *m);
    m->format_version = GT_TABLE_FORMAT_VERSION;
    snprintf(m->name, sizeof m->name, "%s", name);
    snprintf(m->puzzle, sizeof m->puzzle, "%s", p->name);
    snprintf(m->metric, sizeof m->metric, "%s", p->metric);
    m->n_states = p->n_states;
    m->encoding = enc;
    m->distribution = *dist;
    m->checksum = gt_checksum64(data, bytes);
    m->raw_bytes = bytes;
    snprintf(m->generator, sizeof m->generator, "%s", GT_GENERATOR);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(m->built_at, sizeof m->built_at, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int gt_table_meta_format(const gt_table_meta *m, char *buf, size_t cap, size_t *length)
{
    size_t len = 0;
    GT_APPEND("format_version=%" PRIu32 "\n", m->format_version);
    GT_APPEND("name=%s\npuzzle=%s\nmetric=%s\n", m->name, m->puzzle, m->metric);
    GT_APPEND("states=%" PRIu64 "\n", m->n_states);
    GT_APPEND("encoding=%s\n", gt_encoding_name(m->encoding));
    GT_APPEND("gods_number=%d\n", m->distribution.max_depth);
    GT_APPEND("reached=%" PRIu64 "\n", m->distribution.reached);
    GT_APPEND("counts=");
    for (int d = 0; d <= m->distribution.max_depth; d++)
        GT_APPEND("%s%" PRIu64, d ? "," : "", m->distribution.count[d]);
    GT_APPEND("\nchecksum=%016" PRIx64 "\n", m->checksum);
    GT_APPEND("raw_bytes=%" PRIu64 "\nstored_bytes=%" PRIu64 "\nchunk_bytes=%" PRIu32 "\n", m->raw_bytes,
         m->stored_bytes, m->chunk_bytes);
    GT_APPEND("generator=%s\nthreads=%d\nbuild_seconds=%.6f\nbuilt_at=%s\n", m->generator, m->threads,
         m->build_seconds, m->built_at);
    if (m->storage == GT_STORAGE_MAPPED) {
        GT_APPEND("storage=mapped\nsums_checksum=%016" PRIx64 "\n", m->sums_checksum);
        for (int i = 0; i < m->n_sections; i++)
            GT_APPEND("section=%s %" PRIu64 " %016" PRIx64 "\n", m->sections[i].name, m->sections[i].bytes,
                 m->sections[i].checksum);
    }
    *length = len;
    return GT_OK;
}

static int copy_field(char *dst, size_t cap, const char *value)
{
    if (strlen(value) >= cap)
        return GT_ERR_CORRUPT;
    strcpy(dst, value);
    return GT_OK;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!*s)
        return GT_ERR_CORRUPT;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end)
        return GT_ERR_CORRUPT;
    *out = v;
    return GT_OK;
}

static int parse_hex(const char *s, uint64_t *out)
{
    char *end;
    *out = strtoull(s, &end, 16);
    return *s && !*end ? GT_OK : GT_ERR_CORRUPT;
}

static int section_name_ok(const char *name)
{
    size_t n = strlen(name);
    return n > 0 && n < GT_SECTION_NAME_MAX && strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") == n;
}

/* Parses "section=NAME BYTES CHECKSUM" (names unique, at most
 * GT_TABLE_SECTIONS_MAX of them). */
static int parse_section(const char *s, gt_table_meta *m)
{
    char name[64], bytes[32], sum[32], tail;
    if (m->n_sections >= GT_TABLE_SECTIONS_MAX ||
        sscanf(s, "%63s %31s %31s %c", name, bytes, sum, &tail) != 3 || !section_name_ok(name))
        return GT_ERR_CORRUPT;
    gt_section_meta *sec = &m->sections[m->n_sections];
    for (int i = 0; i < m->n_sections; i++)
        if (!strcmp(m->sections[i].name, name))
            return GT_ERR_CORRUPT;
    if (parse_u64(bytes, &sec->bytes) || parse_hex(sum, &sec->checksum))
        return GT_ERR_CORRUPT;
    strcpy(sec->name, name);
    m->n_sections++;
    return GT_OK;
}

int gt_table_section_name_ok(const char *name)
{
    return section_name_ok(name);
}

/* Parses "counts=a,b,c" into the distribution. */
static int parse_counts(const char *s, gt_distribution *d)
{
    int depth = 0;
    for (;;) {
        char *end;
        if (depth > GT_MAX_DEPTH || !(*s >= '0' && *s <= '9'))
            return GT_ERR_CORRUPT;
        d->count[depth] = strtoull(s, &end, 10);
        if (*end == ',') {
            s = end + 1;
            depth++;
        } else if (*end == 0) {
            d->max_depth = depth;
            return GT_OK;
        } else {
            return GT_ERR_CORRUPT;
        }
    }
}

/* The metadata's fields (gt_table_meta_format writes them): how each
 * value is read, where it goes, and its bit among the required ones
 * (META_REQUIRED). Unknown keys are ignored: later versions may add
 * fields. */
typedef enum {
    META_U64,      /* a decimal number */
    META_U32,      /* a decimal number, kept in 32 bits */
    META_INT,      /* a decimal number, kept in an int */
    META_NUMBER,   /* a decimal number, checked but not kept (the God's number: the counts give it) */
    META_TEXT,     /* text up to the member's size */
    META_ENCODING, /* an encoding's name */
    META_COUNTS,   /* the distribution's counts */
    META_HEX,      /* a 64-bit hexadecimal checksum */
    META_SECONDS,  /* a decimal fraction */
    META_STORAGE,  /* "mapped" */
    META_SECTION,  /* a mapped table's section */
} meta_kind;

typedef struct meta_field {
    const char *key;
    meta_kind kind;
    size_t offset, size;
    unsigned required;
} meta_field;

#define META_FIELD(key, kind, member, required) \
    {key, kind, offsetof(gt_table_meta, member), sizeof ((gt_table_meta *)0)->member, required}
/* a key whose kind alone says where it goes (or that it is not kept) */
#define META_KEY(key, kind, required) {key, kind, 0, 0, required}

static const meta_field meta_fields[] = {
    META_FIELD("format_version", META_U32, format_version, 1),
    META_FIELD("name", META_TEXT, name, 2),
    META_FIELD("puzzle", META_TEXT, puzzle, 0),
    META_FIELD("metric", META_TEXT, metric, 0),
    META_FIELD("states", META_U64, n_states, 4),
    META_KEY("encoding", META_ENCODING, 8),
    META_KEY("gods_number", META_NUMBER, 0),
    META_FIELD("reached", META_U64, distribution.reached, 0),
    META_KEY("counts", META_COUNTS, 16),
    META_FIELD("checksum", META_HEX, checksum, 32),
    META_FIELD("raw_bytes", META_U64, raw_bytes, 64),
    META_FIELD("stored_bytes", META_U64, stored_bytes, 0),
    META_FIELD("chunk_bytes", META_U32, chunk_bytes, 128),
    META_FIELD("generator", META_TEXT, generator, 0),
    META_FIELD("threads", META_INT, threads, 0),
    META_FIELD("build_seconds", META_SECONDS, build_seconds, 0),
    META_FIELD("built_at", META_TEXT, built_at, 0),
    META_KEY("storage", META_STORAGE, 0),
    META_FIELD("sums_checksum", META_HEX, sums_checksum, 0),
    META_KEY("section", META_SECTION, 0),
};

#define META_REQUIRED 255u /* every field with a required bit seen */

/* Reads one field's value into m. Return values: GT_OK, else a malformed
 * value (the caller reports GT_ERR_CORRUPT). */
static int meta_field_read(const meta_field *f, const char *val, gt_table_meta *m)
{
    char *at = (char *)m + f->offset;
    uint64_t u = 0;
    int rc;
    switch (f->kind) {
    case META_U64: return parse_u64(val, (uint64_t *)(void *)at);
    case META_U32:
        rc = parse_u64(val, &u);
        *(uint32_t *)(void *)at = (uint32_t)u;
        return rc;
    case META_INT:
        rc = parse_u64(val, &u);
        *(int *)(void *)at = (int)u;
        return rc;
    case META_NUMBER: return parse_u64(val, &u);
    case META_TEXT: return copy_field(at, f->size, val);
    case META_ENCODING: return gt_encoding_parse(val, &m->encoding) ? GT_ERR_CORRUPT : GT_OK;
    case META_COUNTS: return parse_counts(val, &m->distribution);
    case META_HEX: return parse_hex(val, (uint64_t *)(void *)at);
    case META_SECONDS: *(double *)(void *)at = strtod(val, NULL); return GT_OK;
    case META_STORAGE: m->storage = GT_STORAGE_MAPPED; return strcmp(val, "mapped") ? GT_ERR_CORRUPT : GT_OK;
    case META_SECTION: return parse_section(val, m);
    }
    return GT_ERR_CORRUPT;
}

/* One "key=value" line (NUL-terminated, changed in place) into m, its
 * required bit added to *seen. Return values: GT_OK, GT_ERR_CORRUPT. */
static int meta_line_read(char *line, gt_table_meta *m, unsigned *seen)
{
    char *eq = strchr(line, '=');
    if (!eq)
        return GT_ERR_CORRUPT;
    *eq = 0;
    for (size_t i = 0; i < sizeof meta_fields / sizeof *meta_fields; i++)
        if (!strcmp(line, meta_fields[i].key)) {
            *seen |= meta_fields[i].required;
            return meta_field_read(&meta_fields[i], eq + 1, m) ? GT_ERR_CORRUPT : GT_OK;
        }
    return GT_OK;
}

/* The fields together: a known version, storage and block size that
 * agree, counts that sum to the states reached, and the encoded size of
 * the states. Return values: GT_OK, GT_ERR_VERSION, GT_ERR_CORRUPT. */
static int meta_check(const gt_table_meta *m)
{
    uint64_t sum = 0;
    if (m->format_version != GT_TABLE_FORMAT_VERSION && m->format_version != GT_TABLE_FORMAT_MAPPED)
        return GT_ERR_VERSION;
    if ((m->format_version == GT_TABLE_FORMAT_MAPPED) != (m->storage == GT_STORAGE_MAPPED) ||
        (m->storage == GT_STORAGE_MAPPED && m->chunk_bytes != GT_BLOCK_BYTES))
        return GT_ERR_CORRUPT;
    for (int d = 0; d <= m->distribution.max_depth; d++)
        sum += m->distribution.count[d];
    if (sum != m->distribution.reached || m->raw_bytes != gt_encoding_bytes(m->encoding, m->n_states) ||
        m->chunk_bytes == 0)
        return GT_ERR_CORRUPT;
    return GT_OK;
}

int gt_table_meta_parse(const char *buf, size_t len, gt_table_meta *m)
{
    char line[4096];
    size_t pos = 0;
    unsigned seen = 0;
    memset(m, 0, sizeof *m);
    while (pos < len) {
        size_t end = pos;
        while (end < len && buf[end] != '\n')
            end++;
        if (end - pos >= sizeof line)
            return GT_ERR_CORRUPT;
        memcpy(line, buf + pos, end - pos);
        line[end - pos] = 0;
        pos = end + 1;
        if (meta_line_read(line, m, &seen) != GT_OK)
            return GT_ERR_CORRUPT;
    }
    return seen == META_REQUIRED ? meta_check(m) : GT_ERR_CORRUPT;
}

/* gt_table_verify's checks before the data: sizes, then the published
 * counts, then the metadata's. */
static int verify_counts(const gt_table *t, const gt_puzzle *p, const gt_distribution *bfs,
                         const gt_distribution *published)
{
    if (t->meta.n_states != p->n_states || t->data_bytes != t->meta.raw_bytes)
        return GT_ERR_CORRUPT;
    if (published && !gt_distribution_equal(bfs, published))
        return GT_ERR_MISMATCH;
    return gt_distribution_equal(bfs, &t->meta.distribution) ? GT_OK : GT_ERR_CORRUPT;
}

/* The table's data against `expected` (bytes of it): GT_OK, GT_ERR_CORRUPT,
 * GT_ERR_NOMEM. Data read in place in parts is compared a slice at a time. */
static int data_equal(const gt_table *t, const uint8_t *expected, uint64_t bytes)
{
    enum { STEP = 1 << 20 };
    if (bytes != t->data_bytes)
        return GT_ERR_CORRUPT;
    if (t->data)
        return memcmp(expected, t->data, bytes) ? GT_ERR_CORRUPT : GT_OK;
    uint8_t *buf = malloc(STEP);
    int rc = buf ? GT_OK : GT_ERR_NOMEM;
    for (uint64_t at = 0; rc == GT_OK && at < bytes; at += STEP) {
        uint64_t n = bytes - at < STEP ? bytes - at : STEP;
        gt_view_copy(&t->view, at, n, buf);
        rc = memcmp(expected + at, buf, n) ? GT_ERR_CORRUPT : GT_OK;
    }
    free(buf);
    return rc;
}

int gt_table_verify(const gt_table *t, const gt_puzzle *p, const uint8_t *bfs_dist,
                    const gt_distribution *bfs, const gt_distribution *published)
{
    uint8_t *expected = NULL;
    uint64_t bytes = 0;
    int rc = verify_counts(t, p, bfs, published);
    if (rc == GT_OK && (rc = gt_table_encode(bfs_dist, p->n_states, t->meta.encoding, 0, &expected, &bytes)) == GT_OK)
        rc = data_equal(t, expected, bytes);
    free(expected);
    return rc;
}

int gt_table_verify_mod3(const gt_table *t, const gt_puzzle *p, const uint8_t *codes, const gt_distribution *bfs,
                         const gt_distribution *published)
{
    if (t->meta.encoding != GT_ENC_MOD3)
        return GT_ERR_CORRUPT;
    int rc = verify_counts(t, p, bfs, published);
    return rc ? rc : data_equal(t, codes, t->data_bytes);
}

int gt_view_check_block(const gt_view *v, uint64_t block)
{
    uint64_t off = block << GT_BLOCK_SHIFT, len = v->bytes - off < GT_BLOCK_BYTES ? v->bytes - off : GT_BLOCK_BYTES;
    sigjmp_buf jb, *outer;
    volatile int ok = 0;
    if (off >= v->bytes) /* a caller's bug, but never a read past the view */
        return 0;
    if (!GT_GUARD_ENTER(jb, outer)) { /* a truncated file faults here, first */
        ok = gt_checksum64(gt_view_at(v, off), len) == v->sums[block]; /* a block lies in one part */
        gt_guard_leave(outer);
    }
    if (!ok) {
        __atomic_store_n(v->damaged, 1, __ATOMIC_RELAXED);
        return 0;
    }
    __atomic_fetch_or(&v->checked[block >> 6], (uint64_t)1 << (block & 63), __ATOMIC_RELAXED);
    return 1;
}

void gt_view_copy(const gt_view *v, uint64_t from, uint64_t n, uint8_t *out)
{
    const uint64_t part = v->parts ? (uint64_t)1 << v->part_shift : 0;
    while (n > 0) {
        const uint64_t left = part ? part - (from & (part - 1)) : n; /* to the end of from's part */
        const uint64_t k = n < left ? n : left;
        memcpy(out, gt_view_at(v, from), (size_t)k);
        out += k;
        from += k;
        n -= k;
    }
}

int gt_view_check_all(const gt_view *v)
{
    int ok = 1;
    if (!v->sums)
        return GT_OK;
    const int64_t blocks = (int64_t)((v->bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT);
    /* on every core: a rung of 2.47 GB is 38,000 blocks of ~10 us each */
#pragma omp parallel for schedule(dynamic, 64) reduction(& : ok) if (blocks > 256)
    for (int64_t b = 0; b < blocks; b++)
        ok &= gt_view_ok(v, (uint64_t)b << GT_BLOCK_SHIFT);
    return ok ? GT_OK : GT_ERR_CORRUPT;
}

const gt_view *gt_table_section(const gt_table *t, const char *name)
{
    for (int i = 0; i < t->meta.n_sections; i++)
        if (!strcmp(t->meta.sections[i].name, name))
            return &t->sections[i];
    return NULL;
}

void gt_table_free(gt_table *t)
{
    if (!t)
        return;
    if (t->release) {
        t->release(t);
    } else {
        free(t->data);
        for (int i = 0; i < t->meta.n_sections; i++)
            free((void *)t->sections[i].data);
    }
    free(t);
}
