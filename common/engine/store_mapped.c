/* Mapped tables (store.h, docs/table-format.md): the searched bytes stored
 * as they are, so a reader uses them in place from LMDB's memory map. A
 * mapped table NAME has the usual NAME/meta record and three kinds of chunk:
 *
 *   NAME/data/00000000       the data, exactly meta.raw_bytes bytes
 *   NAME/data/00000001       the block checksums: one 64-bit gt_checksum64
 *                            (little-endian) per 64 KiB block of the data,
 *                            then of each section in order; their own
 *                            checksum is meta.sums_checksum
 *   NAME/data/00000002 + i   section i, exactly meta.sections[i].bytes
 *   NAME/data/00000002 + sections + k - 1
 *                            part k >= 1 of data over 2 GiB (below)
 *
 * A large value is one run of LMDB overflow pages, contiguous in the map, so
 * data up to 2 GiB - 1 MiB is one array read in place. LMDB writes a value
 * with one write(2), which moves at most 2 GiB - 4 KiB (LMDB reports a
 * shorter write as EIO), so bigger data is stored in 1 GiB parts, record 0
 * the first; a reader copies them into one array (in huge pages) and checks
 * it whole. The catalogue counts 2 + sections + parts - 1 chunks. */
#include "store.h"
#include "alloc.h"
#include "gt_error.h"
#include "store_db_internal.h"
#include "store_guard.h"

#include <errno.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define META_CAP 8192
#define CHECK_WHOLE_MAX (4u << 20) /* arrays up to this size are checked whole when mapped */
#define SINGLE_MAX GT_TABLE_SINGLE_MAX /* data in one record */
#define PART_BYTES GT_TABLE_PART_BYTES /* past that: parts, each a multiple of the 64 KiB block */
#define MAX_PARTS 64
#define MAX_RECORDS (2 + GT_TABLE_SECTIONS_MAX + MAX_PARTS - 1)
/* Data records of at least this size are read at random (a search's
 * table), so their pages in the map are advised huge: where the page cache
 * holds the file in 2 MiB folios (it makes them when such a mapping faults
 * the file in), a read costs one TLB entry instead of a page walk (a
 * dependent read of a 2.4 GB file: 230 ns mapped in 2 MiB pages, 340 ns in
 * 4 KiB ones, on this machine). */
#define HUGE_DATA ((uint64_t)64 << 20)

/* How a mapped table's data is cut: `count` parts of `bytes` (the last may
 * be shorter), part 0 in record 0, part k >= 1 in record 1 + sections + k. */
typedef struct parts {
    uint32_t count;
    uint64_t bytes;
} parts;

int gt_db_maps_in_place(const gt_table_meta *m, int flags)
{
    return m->storage == GT_STORAGE_MAPPED && (m->raw_bytes <= SINGLE_MAX || (flags & GT_MAP_IN_PARTS));
}

int gt_store_set_parts(gt_db *db, uint64_t single_max, uint64_t part_bytes)
{
    if (!db || part_bytes == 0 || part_bytes % GT_BLOCK_BYTES || single_max == 0)
        return GT_ERR_INVAL;
    db->single_max = single_max;
    db->part_bytes = part_bytes;
    return GT_OK;
}

/* The writer's cut of raw_bytes of data. */
static parts parts_for(const gt_db *db, uint64_t raw_bytes)
{
    uint64_t single = db->single_max ? db->single_max : SINGLE_MAX;
    uint64_t size = db->part_bytes ? db->part_bytes : PART_BYTES;
    if (raw_bytes <= single)
        return (parts){1, raw_bytes};
    return (parts){(uint32_t)((raw_bytes + size - 1) / size), size};
}

static uint32_t part_record(const gt_table_meta *m, uint32_t k)
{
    return k == 0 ? 0 : (uint32_t)(2 + m->n_sections) + k - 1;
}

static uint64_t part_size(const gt_table_meta *m, parts p, uint32_t k)
{
    uint64_t at = (uint64_t)k * p.bytes;
    return m->raw_bytes - at < p.bytes ? m->raw_bytes - at : p.bytes;
}

static uint64_t blocks_of(uint64_t bytes)
{
    return (bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
}

static uint64_t total_blocks(const gt_table_meta *m)
{
    uint64_t n = blocks_of(m->raw_bytes);
    for (int i = 0; i < m->n_sections; i++)
        n += blocks_of(m->sections[i].bytes);
    return n;
}

/* out[b] = checksum of block b of data. */
static void block_sums(const uint8_t *data, uint64_t bytes, uint64_t *out)
{
    int64_t n = (int64_t)blocks_of(bytes);
#pragma omp parallel for schedule(static)
    for (int64_t b = 0; b < n; b++) {
        uint64_t off = (uint64_t)b << GT_BLOCK_SHIFT;
        out[b] = gt_checksum64(data + off, bytes - off < GT_BLOCK_BYTES ? bytes - off : GT_BLOCK_BYTES);
    }
}

/* Fills the metadata's mapped fields and the block checksums (*sums, malloc'd). */
static int describe(gt_table_meta *meta, const uint8_t *data, const gt_section_data *sec, int n_sec,
                    uint64_t **sums)
{
    meta->storage = GT_STORAGE_MAPPED;
    meta->format_version = GT_TABLE_FORMAT_MAPPED;
    meta->chunk_bytes = GT_BLOCK_BYTES;
    meta->n_sections = n_sec;
    for (int i = 0; i < n_sec; i++) {
        gt_section_meta *m = &meta->sections[i];
        snprintf(m->name, sizeof m->name, "%s", sec[i].name);
        m->bytes = sec[i].bytes;
        m->checksum = gt_checksum64(sec[i].data, sec[i].bytes);
    }
    uint64_t n = total_blocks(meta), at = blocks_of(meta->raw_bytes);
    if (!(*sums = malloc(n ? n * sizeof **sums : 1)))
        return GT_ERR_NOMEM;
    block_sums(data, meta->raw_bytes, *sums);
    for (int i = 0; i < n_sec; i++) {
        block_sums(sec[i].data, sec[i].bytes, *sums + at);
        at += blocks_of(sec[i].bytes);
    }
    meta->sums_checksum = gt_checksum64((const uint8_t *)*sums, n * sizeof **sums);
    return GT_OK;
}

static int sections_ok(const gt_section_data *sec, int n_sec)
{
    if (n_sec < 0 || n_sec > GT_TABLE_SECTIONS_MAX || (n_sec && !sec))
        return 0;
    for (int i = 0; i < n_sec; i++) {
        if (!sec[i].name || !gt_table_section_name_ok(sec[i].name) || (!sec[i].data && sec[i].bytes))
            return 0;
        for (int k = 0; k < i; k++)
            if (!strcmp(sec[k].name, sec[i].name))
                return 0;
    }
    return 1;
}

/* gt_db_put_mapped, and gt_db_put_mapped_release when release is set. */
static int put_mapped(gt_db *db, gt_table_meta *meta, const uint8_t *data, const gt_section_data *sec, int n_sec,
                      int release)
{
    if (!db || !db->writable || !meta || (!data && meta->raw_bytes) || !gt_catalogue_name_ok(meta->name) ||
        !sections_ok(sec, n_sec))
        return GT_ERR_INVAL;
    parts p = parts_for(db, meta->raw_bytes);
    if (p.count > MAX_PARTS)
        return gt_store_fail(db, GT_ERR_RANGE, "%s: data in more than %d parts", meta->name, MAX_PARTS);
    uint64_t *sums = NULL;
    void *frames[MAX_RECORDS];
    size_t sizes[MAX_RECORDS];
    char meta_text[META_CAP];
    int rc = describe(meta, data, sec, n_sec, &sums);
    if (rc)
        goto free_sums;
    uint32_t n_rec = (uint32_t)(2 + n_sec) + p.count - 1;
    frames[1] = sums;
    sizes[1] = total_blocks(meta) * sizeof *sums;
    for (int i = 0; i < n_sec; i++) {
        frames[2 + i] = (void *)sec[i].data;
        sizes[2 + i] = sec[i].bytes;
    }
    for (uint32_t k = 0; k < p.count; k++) {
        frames[part_record(meta, k)] = (void *)(data + (uint64_t)k * p.bytes);
        sizes[part_record(meta, k)] = part_size(meta, p, k);
    }
    meta->stored_bytes = 0;
    for (uint32_t c = 0; c < n_rec; c++)
        meta->stored_bytes += sizes[c];
    gt_store_put_job j = {meta, meta_text, 0, n_rec, frames, sizes, {NULL, 0, 0}, 0, release ? data : NULL,
                          meta->raw_bytes};
    if ((rc = gt_table_meta_format(meta, meta_text, sizeof meta_text, &j.meta_len)) != 0)
        goto free_sums;
    rc = gt_store_run(db, 0, gt_store_put_body, &j);
    gt_catalogue_free(&j.catalogue);
free_sums:
    free(sums);
    return rc;
}

int gt_db_put_mapped(gt_db *db, gt_table_meta *meta, const uint8_t *data, const gt_section_data *sec, int n_sec)
{
    return put_mapped(db, meta, data, sec, n_sec, 0);
}

int gt_db_put_mapped_release(gt_db *db, gt_table_meta *meta, uint8_t *data, const gt_section_data *sec, int n_sec)
{
    return put_mapped(db, meta, data, sec, n_sec, 1);
}

/* gt_db_put_mapped_fill's transaction: the data record reserved in LMDB's
 * own pages and filled there by the caller, then checksummed; then the
 * other records and the catalogue, as gt_db_put_mapped writes them. */
typedef struct fill_job {
    gt_table_meta *meta;
    const gt_section_data *sec;
    int n_sec;
    gt_db_fill_fn fill;
    void *user;
} fill_job;

/* The data reserved and filled (read again before any other write: LMDB
 * keeps the reserved pages only until then), its checksums described. */
static int reserve_and_fill(gt_db *db, MDB_txn *txn, fill_job *j, uint64_t **sums)
{
    char key[GT_NAME_MAX + 32];
    const uint64_t bytes = j->meta->raw_bytes;
    gt_store_chunk_key(j->meta->name, 0, key, sizeof key);
    MDB_val k = {strlen(key), key}, v = {(size_t)bytes, NULL};
    int rc = mdb_put(txn, db->dbi, &k, &v, MDB_RESERVE);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    gt_advise_huge(v.mv_data, v.mv_size); /* the fill's writes land anywhere */
    if ((rc = j->fill(j->user, v.mv_data, j->meta)) != 0)
        return rc;
    if (j->meta->raw_bytes != bytes)
        return GT_ERR_INVAL;
    return describe(j->meta, v.mv_data, j->sec, j->n_sec, sums);
}

static int put_filled_body(gt_db *db, MDB_txn *txn, void *arg)
{
    fill_job *j = arg;
    char meta_text[META_CAP];
    void *frames[MAX_RECORDS];
    size_t sizes[MAX_RECORDS];
    uint64_t *sums = NULL;
    int deleted, rc = gt_store_delete_keys(db, txn, j->meta->name, &deleted);
    rc = rc ? rc : reserve_and_fill(db, txn, j, &sums);
    if (rc)
        goto free_sums;
    frames[1] = sums;
    sizes[1] = total_blocks(j->meta) * sizeof *sums;
    j->meta->stored_bytes = j->meta->raw_bytes + sizes[1];
    for (int i = 0; i < j->n_sec; i++) {
        frames[2 + i] = (void *)j->sec[i].data;
        sizes[2 + i] = j->sec[i].bytes;
        j->meta->stored_bytes += sizes[2 + i];
    }
    gt_store_put_job put = {j->meta, meta_text, 0, (uint32_t)(2 + j->n_sec), frames, sizes, {NULL, 0, 0}, 1, NULL, 0};
    if ((rc = gt_table_meta_format(j->meta, meta_text, sizeof meta_text, &put.meta_len)) == GT_OK)
        rc = gt_store_put_body(db, txn, &put); /* the records from 1 on, and the catalogue */
    gt_catalogue_free(&put.catalogue);
free_sums:
    free(sums);
    return rc;
}

int gt_db_put_mapped_fill(gt_db *db, gt_table_meta *meta, gt_db_fill_fn fill, void *user,
                          const gt_section_data *sec, int n_sec)
{
    if (!db || !db->writable || !meta || !fill || !meta->raw_bytes || !gt_catalogue_name_ok(meta->name) ||
        !sections_ok(sec, n_sec))
        return GT_ERR_INVAL;
    if (parts_for(db, meta->raw_bytes).count > 1)
        return gt_store_fail(db, GT_ERR_RANGE, "%s: a filled table is one record: at most %llu bytes", meta->name,
                             (unsigned long long)(db->single_max ? db->single_max : SINGLE_MAX));
    fill_job j = {meta, sec, n_sec, fill, user};
    return gt_store_run(db, 0, put_filled_body, &j);
}

/* The cut of the data the records show (record 0 is part 0: its size is
 * the parts' size), checked against the metadata. */
static int parts_found(const gt_catalogue_entry *e, const gt_table_meta *m, const MDB_val *rec0, parts *out)
{
    uint32_t base = (uint32_t)(2 + m->n_sections);
    if (e->chunks < base || e->chunks - base + 1 > MAX_PARTS)
        return 0;
    *out = (parts){e->chunks - base + 1, rec0->mv_size};
    if (out->count == 1)
        return rec0->mv_size == m->raw_bytes;
    return out->bytes > 0 && out->bytes % GT_BLOCK_BYTES == 0 && (out->count - 1) * out->bytes < m->raw_bytes &&
           m->raw_bytes <= out->count * out->bytes;
}

/* Fetches a mapped table's records (pointers into the map) and checks
 * their count and sizes against the metadata and the catalogue. */
static int fetch_records(gt_db *db, MDB_txn *txn, const gt_catalogue_entry *e, const gt_table_meta *m,
                         MDB_val *rec, parts *p)
{
    uint64_t stored = 0;
    for (uint32_t c = 0; c < e->chunks && c < MAX_RECORDS; c++) {
        char key[GT_NAME_MAX + 32];
        gt_store_chunk_key(m->name, c, key, sizeof key);
        MDB_val k = {strlen(key), key};
        int rc = mdb_get(txn, db->dbi, &k, &rec[c]);
        if (rc == MDB_NOTFOUND)
            return gt_store_fail(db, GT_ERR_CORRUPT, "%s: record %u is missing", m->name, c);
        if (rc)
            return gt_store_lmdb_error(db, rc);
        if (c == 0 && !parts_found(e, m, &rec[0], p))
            return gt_store_fail(db, GT_ERR_CORRUPT, "%s: chunk count or data size differs from the metadata",
                                 m->name);
        uint32_t base = (uint32_t)(2 + m->n_sections);
        uint64_t want = c == 0      ? part_size(m, *p, 0)
                        : c == 1    ? total_blocks(m) * 8
                        : c < base  ? m->sections[c - 2].bytes
                                    : part_size(m, *p, c - base + 1);
        if (rec[c].mv_size != want)
            return gt_store_fail(db, GT_ERR_CORRUPT, "%s: record %u has the wrong size", m->name, c);
        if ((c == 0 || c >= base) && want >= HUGE_DATA)
            gt_advise_huge(rec[c].mv_data, want); /* read at random: see HUGE_DATA */
        stored += want;
    }
    if (stored != m->stored_bytes)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: stored size differs from the metadata", m->name);
    if (gt_checksum64(rec[1].mv_data, rec[1].mv_size) != m->sums_checksum)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: block checksums are damaged", m->name);
    return GT_OK;
}

/* A malloc'd copy of a record (the copy path, or a small record LMDB keeps
 * inside a leaf page at an odd alignment). */
static void *copy_record(const MDB_val *v)
{
    void *p = malloc(v->mv_size ? v->mv_size : 1);
    if (p)
        memcpy(p, v->mv_data, v->mv_size);
    return p;
}

/* The data of one record, copied: in huge pages when it is large (a
 * searched table: random reads, each a TLB miss in 4 KiB pages). */
static uint8_t *copy_data(const MDB_val *v)
{
    if (v->mv_size < ((size_t)2 << 20))
        return copy_record(v);
    uint8_t *p = gt_alloc_huge(v->mv_size);
    if (p)
        memcpy(p, v->mv_data, v->mv_size);
    return p;
}

/* Data in parts, copied into one array in huge pages: NULL if out of memory.
 * A chunk at a time, each forgotten once copied: the process then holds
 * the copy and one chunk of the map at most, not a whole part more. */
static uint8_t *join_parts(const gt_table_meta *m, parts p, const MDB_val *rec)
{
    const size_t chunk = (size_t)64 << 20;
    uint8_t *out = gt_alloc_huge(m->raw_bytes);
    for (uint32_t k = 0; out && k < p.count; k++) {
        const uint8_t *from = rec[part_record(m, k)].mv_data;
        uint64_t size = part_size(m, p, k);
        for (uint64_t at = 0; at < size; at += chunk) {
            size_t n = size - at < chunk ? (size_t)(size - at) : chunk;
            memcpy(out + (uint64_t)k * p.bytes + at, from + at, n);
            gt_release_pages((void *)(from + at), n); /* copied: the page cache keeps them, this process not */
        }
    }
    return out;
}

int gt_store_copy_mapped(gt_db *db, MDB_txn *txn, const gt_catalogue_entry *e, gt_table *t)
{
    MDB_val rec[MAX_RECORDS];
    parts p;
    int rc = fetch_records(db, txn, e, &t->meta, rec, &p);
    if (rc)
        return rc;
    if (!(t->data = p.count > 1 ? join_parts(&t->meta, p, rec) : copy_data(&rec[0])))
        return GT_ERR_NOMEM;
    t->data_bytes = t->meta.raw_bytes;
    t->view = (gt_view){.data = t->data, .bytes = t->data_bytes, .damaged = &t->damaged};
    if (gt_checksum64(t->data, t->data_bytes) != t->meta.checksum)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: checksum mismatch", t->meta.name);
    for (int i = 0; i < t->meta.n_sections; i++) {
        const gt_section_meta *s = &t->meta.sections[i];
        uint8_t *copy = copy_record(&rec[2 + i]);
        t->sections[i] = (gt_view){.data = copy, .bytes = s->bytes, .damaged = &t->damaged};
        if (!copy)
            return GT_ERR_NOMEM;
        if (gt_checksum64(copy, s->bytes) != s->checksum)
            return gt_store_fail(db, GT_ERR_CORRUPT, "%s: section %s fails its checksum", t->meta.name, s->name);
    }
    return GT_OK;
}

/* ---- reading in place ---- */

typedef struct mapping {
    MDB_txn *txn;                    /* held until the table is freed: it pins the pages */
    uint64_t *checked[MAX_RECORDS];  /* per array: one bit a checked block */
    void *copies[MAX_RECORDS];       /* records copied out (misaligned) */
    uint64_t *sums;                  /* the checksums record, or its aligned copy */
    int flags;                       /* GT_MAP_* */
    const uint8_t *parts[MAX_PARTS]; /* data read in place in parts: each part's bytes */
} mapping;

static void release_mapping(gt_table *t)
{
    mapping *m = t->mapping;
    if (!m)
        return;
    if (m->txn)
        mdb_txn_abort(m->txn);
    for (int i = 0; i < MAX_RECORDS; i++) {
        free(m->checked[i]);
        free(m->copies[i]);
    }
    free(m);
    t->mapping = NULL;
}

/* Record c as an 8-byte aligned pointer: in place, or copied. */
static const uint8_t *aligned(mapping *m, int c, const MDB_val *v)
{
    if (((uintptr_t)v->mv_data & 7u) == 0)
        return v->mv_data;
    return m->copies[c] = copy_record(v);
}

/* A view of one array: checked whole now if small (or copied), else block
 * by block on first use against sums. */
static int make_view(gt_table *t, mapping *m, int c, const MDB_val *v, const uint64_t *sums, uint64_t checksum,
                     gt_view *out)
{
    const uint8_t *p = aligned(m, c, v);
    if (!p)
        return GT_ERR_NOMEM;
    *out = (gt_view){.data = p, .bytes = v->mv_size, .damaged = &t->damaged};
    if (v->mv_size <= CHECK_WHOLE_MAX || p != v->mv_data)
        return gt_checksum64(p, v->mv_size) == checksum ? GT_OK : GT_ERR_CORRUPT;
    if (!(m->checked[c] = calloc((blocks_of(v->mv_size) + 63) / 64, sizeof *m->checked[c])))
        return GT_ERR_NOMEM;
    out->sums = sums;
    out->checked = m->checked[c];
    return GT_OK;
}

/* Data in parts: one array, the reader's own, checked whole. */
static int join_view(gt_table *t, mapping *m, parts p, const MDB_val *rec)
{
    uint8_t *data = join_parts(&t->meta, p, rec);
    if (!data)
        return GT_ERR_NOMEM;
    m->copies[0] = data;
    t->view = (gt_view){.data = data, .bytes = t->meta.raw_bytes, .damaged = &t->damaged};
    return gt_checksum64(data, t->meta.raw_bytes) == t->meta.checksum ? GT_OK : GT_ERR_CORRUPT;
}

/* Data in parts read in place: each part's records, as one view (parts
 * of a power-of-two size, so that a byte's part is a shift). Checked
 * block by block like one record's (a block never straddles two parts). */
static int parts_view(gt_table *t, mapping *m, parts p, const MDB_val *rec)
{
    unsigned shift = 0;
    while (((uint64_t)1 << shift) < p.bytes)
        shift++;
    for (uint32_t k = 0; k < p.count; k++)
        m->parts[k] = rec[part_record(&t->meta, k)].mv_data;
    if (!(m->checked[0] = calloc((blocks_of(t->meta.raw_bytes) + 63) / 64, sizeof *m->checked[0])))
        return GT_ERR_NOMEM;
    t->view = (gt_view){.bytes = t->meta.raw_bytes, .sums = m->sums, .checked = m->checked[0], .damaged = &t->damaged,
                        .parts = m->parts, .part_shift = shift};
    return GT_OK;
}

/* Can data in these parts be read in place? */
static int parts_in_place(const mapping *m, parts p)
{
    return (m->flags & GT_MAP_IN_PARTS) && (p.bytes & (p.bytes - 1)) == 0;
}

static int map_views(gt_db *db, gt_table *t, mapping *m, parts p, const MDB_val *rec)
{
    const uint64_t *sums = m->sums;
    int rc = p.count == 1       ? make_view(t, m, 0, &rec[0], sums, t->meta.checksum, &t->view)
             : parts_in_place(m, p) ? parts_view(t, m, p, rec)
                                    : join_view(t, m, p, rec);
    sums += blocks_of(t->meta.raw_bytes);
    for (int i = 0; rc == GT_OK && i < t->meta.n_sections; i++) {
        rc = make_view(t, m, 2 + i, &rec[2 + i], sums, t->meta.sections[i].checksum, &t->sections[i]);
        sums += blocks_of(t->meta.sections[i].bytes);
    }
    if (rc == GT_ERR_CORRUPT)
        return gt_store_fail(db, rc, "%s: data or a section fails its checksum", t->meta.name);
    t->data = (uint8_t *)t->view.data;
    t->data_bytes = t->view.bytes;
    return rc;
}

/* Inside the table's own read transaction: metadata, records, views.
 * Returns a godtab code, or GT_STORE_NOT_MAPPED. */
static int map_body(gt_db *db, gt_table *t, mapping *m, const char *name)
{
    gt_catalogue c;
    MDB_val rec[MAX_RECORDS];
    parts p;
    int rc = gt_store_read_catalogue(db, m->txn, &c);
    if (rc == GT_OK)
        rc = gt_store_read_meta(db, m->txn, &c, name, &t->meta);
    if (rc == GT_OK && t->meta.storage != GT_STORAGE_MAPPED)
        rc = GT_STORE_NOT_MAPPED;
    else if (rc == GT_OK &&
             (rc = fetch_records(db, m->txn, gt_catalogue_find(&c, name), &t->meta, rec, &p)) == GT_OK) {
        m->sums = (uint64_t *)aligned(m, 1, &rec[1]);
        rc = m->sums ? map_views(db, t, m, p, rec) : GT_ERR_NOMEM;
    }
    gt_catalogue_free(&c);
    return rc;
}

/* Data read in place in parts: each part's share of [offset, end). */
static void forget_parts(const gt_view *v, uint64_t offset, uint64_t end)
{
    const uint64_t part = (uint64_t)1 << v->part_shift;
    while (offset < end) {
        const uint64_t in = offset & (part - 1), n = part - in < end - offset ? part - in : end - offset;
        gt_release_pages((void *)(v->parts[offset >> v->part_shift] + in), (size_t)n);
        offset += n;
    }
}

void gt_table_forget_pages(const gt_table *t, uint64_t offset, uint64_t n)
{
    const mapping *m = t->release == release_mapping ? t->mapping : NULL;
    if (m && t->data && t->data != m->copies[0] && offset < t->data_bytes) /* copies[0]: joined or realigned */
        gt_release_pages((void *)(t->data + offset), (size_t)(n < t->data_bytes - offset ? n : t->data_bytes - offset));
    else if (m && !t->data && t->view.parts && offset < t->view.bytes)
        forget_parts(&t->view, offset, n < t->view.bytes - offset ? offset + n : t->view.bytes);
}

/* A new table holding its own read transaction (gt_table_free ends it). */
static int new_mapping(gt_db *db, int flags, gt_table **out)
{
    gt_table *t = calloc(1, sizeof *t);
    mapping *m = calloc(1, sizeof *m);
    int rc = t && m ? mdb_txn_begin(db->env, NULL, MDB_RDONLY, &m->txn) : ENOMEM;
    if (rc) {
        free(m);
        free(t);
        return gt_store_lmdb_error(db, rc);
    }
    m->flags = flags;
    t->mapping = m;
    t->release = release_mapping;
    *out = t;
    return GT_OK;
}

int gt_store_map_in_place(gt_db *db, const char *name, int flags, gt_table **out)
{
    gt_table *t;
    sigjmp_buf jb, *outer;
    volatile int rc;
    if (!db || !name || !out || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    if ((rc = new_mapping(db, flags, &t)) != GT_OK)
        return rc;
    if (GT_GUARD_ENTER(jb, outer))
        rc = gt_store_fail(db, GT_ERR_CORRUPT, "damaged file: a page or record lies past the end of data.mdb");
    else
        rc = map_body(db, t, t->mapping, name);
    gt_guard_leave(outer);
    if (rc != GT_OK)
        gt_table_free(t);
    if (rc == GT_OK)
        *out = t;
    return rc;
}
