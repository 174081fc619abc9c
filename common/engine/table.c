#include "table.h"
#include "gt_version.h"
#include "gt_error.h"
#include "store_guard.h"
#include "textbuf.h"

#include <inttypes.h>
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

int gt_table_meta_parse(const char *buf, size_t len, gt_table_meta *m)
{
    memset(m, 0, sizeof *m);
    char line[4096];
    size_t pos = 0;
    unsigned seen = 0; /* bit per required field */
    uint64_t sum = 0;
    while (pos < len) {
        size_t end = pos;
        while (end < len && buf[end] != '\n')
            end++;
        if (end - pos >= sizeof line)
            return GT_ERR_CORRUPT;
        memcpy(line, buf + pos, end - pos);
        line[end - pos] = 0;
        pos = end + 1;
        char *eq = strchr(line, '=');
        if (!eq)
            return GT_ERR_CORRUPT;
        *eq = 0;
        const char *key = line, *val = eq + 1;
        int rc = GT_OK;
        uint64_t u = 0;
        if (!strcmp(key, "format_version")) {
            rc = parse_u64(val, &u);
            m->format_version = (uint32_t)u;
            seen |= 1;
        } else if (!strcmp(key, "name")) {
            rc = copy_field(m->name, sizeof m->name, val);
            seen |= 2;
        } else if (!strcmp(key, "puzzle")) {
            rc = copy_field(m->puzzle, sizeof m->puzzle, val);
        } else if (!strcmp(key, "metric")) {
            rc = copy_field(m->metric, sizeof m->metric, val);
        } else if (!strcmp(key, "states")) {
            rc = parse_u64(val, &m->n_states);
            seen |= 4;
        } else if (!strcmp(key, "encoding")) {
            rc = gt_encoding_parse(val, &m->encoding) ? GT_ERR_CORRUPT : GT_OK;
            seen |= 8;
        } else if (!strcmp(key, "gods_number")) {
            rc = parse_u64(val, &u);
        } else if (!strcmp(key, "reached")) {
            rc = parse_u64(val, &m->distribution.reached);
        } else if (!strcmp(key, "counts")) {
            rc = parse_counts(val, &m->distribution);
            seen |= 16;
        } else if (!strcmp(key, "checksum")) {
            rc = parse_hex(val, &m->checksum);
            seen |= 32;
        } else if (!strcmp(key, "raw_bytes")) {
            rc = parse_u64(val, &m->raw_bytes);
            seen |= 64;
        } else if (!strcmp(key, "stored_bytes")) {
            rc = parse_u64(val, &m->stored_bytes);
        } else if (!strcmp(key, "chunk_bytes")) {
            rc = parse_u64(val, &u);
            m->chunk_bytes = (uint32_t)u;
            seen |= 128;
        } else if (!strcmp(key, "generator")) {
            rc = copy_field(m->generator, sizeof m->generator, val);
        } else if (!strcmp(key, "threads")) {
            rc = parse_u64(val, &u);
            m->threads = (int)u;
        } else if (!strcmp(key, "build_seconds")) {
            m->build_seconds = strtod(val, NULL);
        } else if (!strcmp(key, "built_at")) {
            rc = copy_field(m->built_at, sizeof m->built_at, val);
        } else if (!strcmp(key, "storage")) {
            rc = strcmp(val, "mapped") ? GT_ERR_CORRUPT : GT_OK;
            m->storage = GT_STORAGE_MAPPED;
        } else if (!strcmp(key, "sums_checksum")) {
            rc = parse_hex(val, &m->sums_checksum);
        } else if (!strcmp(key, "section")) {
            rc = parse_section(val, m);
        } /* unknown keys are ignored: later versions may add fields */
        if (rc)
            return GT_ERR_CORRUPT;
    }
    if (seen != 255)
        return GT_ERR_CORRUPT;
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
