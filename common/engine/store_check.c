/* The store's consistency checks: the cheap ones run on every opening, the
 * full walk behind gt_db_check (godtab-gen --verify). See docs/reliability.md.
 *
 * LMDB itself trusts its file: it bounds page numbers by the meta page's last
 * page, but not the file's length, the meta pages' agreement, or node sizes.
 * These checks read only what the public API exposes (stats, the free-page
 * tree, key and value pointers into the map) and the two meta pages. */
#include "store.h"
#include "gt_error.h"
#include "store_db_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <lmdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define META_PAGES 2
#define PAGE_HEADER 16            /* LMDB's page header on 64-bit builds */
#define META_MAGIC 0xBEEFC0DEu
/* In a meta page, after the page header: magic and version (4 bytes each),
 * fixed address and map size (8 each), the free and main trees (48 each,
 * the free tree's first word holding the page size), the last page (8),
 * the transaction id (8). */
#define META_PSIZE_OFFSET (PAGE_HEADER + 24)
#define META_TXNID_OFFSET (PAGE_HEADER + 24 + 2 * 48 + 8)
#define FREE_DBI 0                /* LMDB's tree of free pages */

/* The file against the newest meta page's last page: a shorter file would
 * make LMDB read past its end (SIGBUS). */
static int check_file_size(gt_db *db, uint64_t *file_bytes, MDB_envinfo *info, MDB_stat *env_stat)
{
    int fd, rc;
    struct stat st;
    if ((rc = mdb_env_info(db->env, info)) != 0 || (rc = mdb_env_stat(db->env, env_stat)) != 0 ||
        (rc = mdb_env_get_fd(db->env, &fd)) != 0)
        return gt_store_lmdb_error(db, rc);
    if (fstat(fd, &st) != 0)
        return gt_store_fail(db, GT_ERR_STORAGE, "cannot stat data.mdb: %s", strerror(errno));
    uint64_t need = ((uint64_t)info->me_last_pgno + 1) * env_stat->ms_psize;
    *file_bytes = (uint64_t)st.st_size;
    if (*file_bytes < need)
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb is truncated: %" PRIu64 " bytes, its pages need %" PRIu64,
                             *file_bytes, need);
    return GT_OK;
}

/* Reads meta page i's magic, page size and transaction id. */
static int read_meta_page(gt_db *db, int fd, int i, uint32_t psize, uint32_t *page_size, uint64_t *last_page,
                          uint64_t *txnid)
{
    uint8_t head[META_TXNID_OFFSET + 8];
    uint32_t magic, version;
    if (pread(fd, head, sizeof head, (off_t)i * psize) != (ssize_t)sizeof head)
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb is truncated: meta page %d is missing", i);
    memcpy(&magic, head + PAGE_HEADER, 4);
    memcpy(&version, head + PAGE_HEADER + 4, 4);
    memcpy(page_size, head + META_PSIZE_OFFSET, 4);
    memcpy(last_page, head + META_TXNID_OFFSET - 8, 8);
    memcpy(txnid, head + META_TXNID_OFFSET, 8);
    if (magic != META_MAGIC || version != 1)
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: meta page %d is damaged (not an LMDB file)", i);
    return GT_OK;
}

/* The two meta pages, read before LMDB maps the file (LMDB reads the second
 * at the page size the first names, through the map).
 *
 * Both name the same power-of-two page size. LMDB writes transaction t's
 * meta to page t & 1, so the pages hold consecutive ids (both 0 before any
 * commit; 0 and 1 in a compacted copy): a damaged id would let LMDB pick a
 * stale page and show an older tree, perhaps an empty one. */
static int check_meta_pages(gt_db *db, int fd, uint64_t file_bytes)
{
    uint32_t psize[META_PAGES];
    uint64_t txnid[META_PAGES], last[META_PAGES];
    int rc = read_meta_page(db, fd, 0, 0, &psize[0], &last[0], &txnid[0]);
    if (rc)
        return rc;
    if (psize[0] < 512 || psize[0] > 65536 || (psize[0] & (psize[0] - 1)) || file_bytes < META_PAGES * psize[0])
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: meta page 0 is damaged (page size %u)", psize[0]);
    if ((rc = read_meta_page(db, fd, 1, psize[0], &psize[1], &last[1], &txnid[1])) != 0)
        return rc;
    for (int i = 0; i < META_PAGES; i++) {
        if (psize[i] != psize[0] || (txnid[i] != 0 && (txnid[i] & 1) != (uint64_t)i))
            return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: meta page %d is damaged", i);
        /* LMDB maps at least the pages a meta names: a damaged count would
         * ask for terabytes, and a shorter file would fault */
        if (last[i] >= file_bytes / psize[0])
            return gt_store_fail(db, GT_ERR_CORRUPT,
                                 "data.mdb is truncated or damaged: %" PRIu64 " bytes, meta page %d names page %" PRIu64,
                                 file_bytes, i, last[i]);
    }
    uint64_t hi = txnid[0] > txnid[1] ? txnid[0] : txnid[1], lo = txnid[0] ^ txnid[1] ^ hi;
    if (hi - lo != 1 && hi != 0)
        return gt_store_fail(db, GT_ERR_CORRUPT,
                             "data.mdb: the meta pages disagree (transactions %" PRIu64 " and %" PRIu64 ")", lo, hi);
    return GT_OK;
}

/* check_meta_pages on the open environment's file. */
static int check_meta_pages_of(gt_db *db, uint64_t file_bytes)
{
    int fd, rc = mdb_env_get_fd(db->env, &fd);
    return rc ? gt_store_lmdb_error(db, rc) : check_meta_pages(db, fd, file_bytes);
}

int gt_store_check_file(gt_db *db, const char *path)
{
    char data_file[4200];
    struct stat st;
    snprintf(data_file, sizeof data_file, "%s/data.mdb", path);
    int fd = open(data_file, O_RDONLY | O_CLOEXEC);
    if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
        return gt_store_fail(db, GT_ERR_NOTFOUND, "no database at %s", path);
    if (fd < 0)
        return gt_store_fail(db, GT_ERR_STORAGE, "cannot read %s: %s", data_file, strerror(errno));
    int rc = GT_OK;
    if (fstat(fd, &st) != 0)
        rc = gt_store_fail(db, GT_ERR_STORAGE, "cannot stat %s: %s", data_file, strerror(errno));
    else if (st.st_size == 0)
        rc = gt_store_fail(db, GT_ERR_CORRUPT, "%s is empty (truncated)", data_file);
    else
        rc = check_meta_pages(db, fd, (uint64_t)st.st_size);
    close(fd);
    return rc;
}

/* Pages listed free, summed over the free-page tree (each value is a list
 * of page numbers, its first word the count). With pages not NULL, *pages
 * (malloc'd, the caller frees it) collects the numbers. */
static int count_free_pages(gt_db *db, MDB_txn *txn, uint64_t *count, uint64_t **pages)
{
    MDB_cursor *cur;
    MDB_val k, v;
    MDB_cursor_op op = MDB_FIRST;
    uint64_t n = 0, list_len;
    int rc = mdb_cursor_open(txn, FREE_DBI, &cur);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    for (; (rc = mdb_cursor_get(cur, &k, &v, op)) == 0; op = MDB_NEXT) {
        if (v.mv_size < 8 || v.mv_size % 8 || (memcpy(&list_len, v.mv_data, 8), list_len != v.mv_size / 8 - 1)) {
            rc = gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: the free-page list is damaged");
            goto close_cursor;
        }
        if (pages) {
            uint64_t *grown = realloc(*pages, (n + list_len + 1) * sizeof **pages);
            if (!grown) {
                rc = GT_ERR_NOMEM;
                goto close_cursor;
            }
            *pages = grown;
            memcpy(*pages + n, (const uint64_t *)v.mv_data + 1, list_len * 8);
        }
        n += list_len;
    }
    rc = rc == MDB_NOTFOUND ? GT_OK : gt_store_lmdb_error(db, rc);
    *count = n;
close_cursor:
    mdb_cursor_close(cur);
    return rc;
}

static uint64_t tree_pages(const MDB_stat *s)
{
    return (uint64_t)s->ms_branch_pages + s->ms_leaf_pages + s->ms_overflow_pages;
}

/* Every page of the file up to the last one is a meta page, a page of one
 * of the two trees, or listed free. Only comparable when txn sees the
 * newest commit (info describes the newest). */
static int check_page_accounting(gt_db *db, MDB_txn *txn, const MDB_envinfo *info, uint64_t free_pages)
{
    MDB_stat main_stat, free_stat;
    int rc;
    if ((rc = mdb_stat(txn, db->dbi, &main_stat)) != 0 || (rc = mdb_stat(txn, FREE_DBI, &free_stat)) != 0)
        return gt_store_lmdb_error(db, rc);
    if (mdb_txn_id(txn) != info->me_last_txnid)
        return GT_OK; /* a newer commit: info's last page is not this snapshot's */
    uint64_t accounted = META_PAGES + tree_pages(&main_stat) + tree_pages(&free_stat) + free_pages;
    if (accounted != (uint64_t)info->me_last_pgno + 1)
        return gt_store_fail(db, GT_ERR_CORRUPT,
                             "data.mdb: %" PRIu64 " pages in use but %" PRIu64 " accounted for by the trees",
                             (uint64_t)info->me_last_pgno + 1, accounted);
    return GT_OK;
}

int gt_store_check_open(gt_db *db, MDB_txn *txn)
{
    MDB_envinfo info;
    MDB_stat env_stat;
    uint64_t file_bytes, free_pages;
    int rc;
    if ((rc = check_file_size(db, &file_bytes, &info, &env_stat)) != 0 ||
        (rc = count_free_pages(db, txn, &free_pages, NULL)) != 0)
        return rc;
    return check_page_accounting(db, txn, &info, free_pages);
}

/* What the walk of the main tree counts. */
typedef struct walk_state {
    gt_db_check_report *report;
    const gt_catalogue *catalogue;
    uint32_t *chunks_seen; /* per catalogue entry */
    uint8_t *meta_seen;
    uintptr_t leaf_page;   /* address of the leaf page of the previous key */
    uintptr_t page_mask;
    size_t psize;
} walk_state;

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Classifies one key: the catalogue, NAME/meta or NAME/data/NNNNNNNN of a
 * catalogued NAME. */
static int walk_key(gt_db *db, walk_state *w, const MDB_val *k, const MDB_val *v)
{
    char key[GT_NAME_MAX + 32];
    if (k->mv_size == sizeof GT_CATALOGUE_KEY - 1 && !memcmp(k->mv_data, GT_CATALOGUE_KEY, k->mv_size))
        return GT_OK;
    if (k->mv_size >= sizeof key || memchr(k->mv_data, 0, k->mv_size))
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: a key is not a table's");
    memcpy(key, k->mv_data, k->mv_size);
    key[k->mv_size] = 0;
    char *slash = strchr(key, '/');
    if (!slash)
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: key '%.80s' is not a table's", key);
    *slash = 0;
    const gt_catalogue_entry *e = gt_catalogue_find(w->catalogue, key);
    if (!e)
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: key '%.80s/%.80s' belongs to no catalogued table", key,
                             slash + 1);
    size_t i = (size_t)(e - w->catalogue->entries);
    unsigned chunk;
    char tail;
    if (!strcmp(slash + 1, "meta") && gt_checksum64(v->mv_data, v->mv_size) != e->meta_hash)
        return gt_store_fail(db, GT_ERR_CORRUPT, "metadata of %s is damaged (hash differs from the catalogue)", key);
    if (!strcmp(slash + 1, "meta"))
        w->meta_seen[i]++;
    else if (sscanf(slash + 1, "data/%8u%c", &chunk, &tail) == 1 && strlen(slash + 1) == 13 && chunk < e->chunks)
        w->chunks_seen[i]++;
    else
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: key '%.80s/%.80s' is not a table's", key, slash + 1);
    return GT_OK;
}

/* Counts the pages a key and its value occupy: a new leaf page when the key
 * leaves the previous one; a value outside its key's page is on overflow
 * pages, starting right after a page header. */
static int walk_pages(gt_db *db, walk_state *w, const MDB_val *k, const MDB_val *v)
{
    uintptr_t kp = (uintptr_t)k->mv_data & w->page_mask, vp = (uintptr_t)v->mv_data & w->page_mask;
    if (kp != w->leaf_page) {
        w->report->leaf_pages++;
        w->leaf_page = kp;
    }
    if (vp == kp)
        return GT_OK;
    if ((uintptr_t)v->mv_data - PAGE_HEADER != vp)
        return gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: a value lies neither in its leaf nor on overflow pages");
    w->report->overflow_pages += (PAGE_HEADER + v->mv_size + w->psize - 1) / w->psize;
    return GT_OK;
}

/* Walks every key of the main tree (LMDB reads every branch and leaf page
 * on the way), then compares the counts with the tree's own. */
static int walk_main_tree(gt_db *db, MDB_txn *txn, walk_state *w)
{
    MDB_cursor *cur;
    MDB_val k, v;
    MDB_stat st;
    MDB_cursor_op op = MDB_FIRST;
    int rc = mdb_stat(txn, db->dbi, &st);
    if (rc || (rc = mdb_cursor_open(txn, db->dbi, &cur)) != 0)
        return gt_store_lmdb_error(db, rc);
    int walked = GT_OK; /* godtab's code; rc holds LMDB's */
    for (; walked == GT_OK && (rc = mdb_cursor_get(cur, &k, &v, op)) == 0; op = MDB_NEXT) {
        w->report->keys++;
        if ((walked = walk_key(db, w, &k, &v)) == GT_OK)
            walked = walk_pages(db, w, &k, &v);
    }
    mdb_cursor_close(cur);
    if (walked)
        return walked;
    if (rc != MDB_NOTFOUND)
        return gt_store_lmdb_error(db, rc);
    w->report->branch_pages = st.ms_branch_pages;
    if (w->report->keys != st.ms_entries || w->report->leaf_pages != st.ms_leaf_pages ||
        w->report->overflow_pages != st.ms_overflow_pages)
        return gt_store_fail(db, GT_ERR_CORRUPT,
                             "data.mdb: the walk found %" PRIu64 " keys on %" PRIu64 "+%" PRIu64
                             " pages, the tree records %zu on %zu+%zu",
                             w->report->keys, w->report->leaf_pages, w->report->overflow_pages, st.ms_entries,
                             st.ms_leaf_pages, st.ms_overflow_pages);
    return GT_OK;
}

/* Every catalogued table has its metadata record and all its chunks. */
static int check_catalogued(gt_db *db, const walk_state *w)
{
    for (int i = 0; i < w->catalogue->count; i++) {
        const gt_catalogue_entry *e = &w->catalogue->entries[i];
        if (w->meta_seen[i] != 1 || w->chunks_seen[i] != e->chunks)
            return gt_store_fail(db, GT_ERR_CORRUPT, "%s is in the catalogue but %s", e->name,
                                 w->meta_seen[i] != 1 ? "its metadata record is gone" : "some of its chunks are gone");
    }
    w->report->tables = w->catalogue->count;
    return GT_OK;
}

/* Free pages lie past the meta pages, up to the last page, each listed once. */
static int check_free_list(gt_db *db, MDB_txn *txn, const MDB_envinfo *info, gt_db_check_report *r)
{
    uint64_t *pages = NULL, n;
    int rc = count_free_pages(db, txn, &n, &pages);
    if (rc == GT_OK && n) {
        qsort(pages, n, sizeof *pages, compare_u64);
        for (uint64_t i = 0; i < n && rc == GT_OK; i++)
            if (pages[i] < META_PAGES || pages[i] > info->me_last_pgno || (i && pages[i] == pages[i - 1]))
                rc = gt_store_fail(db, GT_ERR_CORRUPT, "data.mdb: the free-page list names page %" PRIu64 " wrongly",
                                   pages[i]);
    }
    r->free_pages = n;
    free(pages);
    return rc;
}

typedef struct check_job {
    gt_db_check_report *report;
    gt_catalogue catalogue;
    uint32_t *chunks_seen;
    uint8_t *meta_seen;
} check_job;

static int check_body(gt_db *db, MDB_txn *txn, void *arg)
{
    check_job *j = arg;
    MDB_envinfo info;
    MDB_stat env_stat;
    int rc;
    if ((rc = check_file_size(db, &j->report->file_bytes, &info, &env_stat)) != 0 ||
        (rc = check_meta_pages_of(db, j->report->file_bytes)) != 0 ||
        (rc = check_free_list(db, txn, &info, j->report)) != 0 ||
        (rc = check_page_accounting(db, txn, &info, j->report->free_pages)) != 0 ||
        (rc = gt_store_read_catalogue(db, txn, &j->catalogue)) != 0)
        return rc;
    size_t n = (size_t)j->catalogue.count + 1;
    if (!(j->chunks_seen = calloc(n, sizeof *j->chunks_seen)) || !(j->meta_seen = calloc(n, 1)))
        return GT_ERR_NOMEM;
    walk_state w = {j->report, &j->catalogue, j->chunks_seen, j->meta_seen, 0,
                    ~(uintptr_t)(env_stat.ms_psize - 1), env_stat.ms_psize};
    if ((rc = walk_main_tree(db, txn, &w)) != 0)
        return rc;
    return check_catalogued(db, &w);
}

int gt_db_check(gt_db *db, gt_db_check_report *report)
{
    if (!db || !report)
        return GT_ERR_INVAL;
    memset(report, 0, sizeof *report);
    check_job j = {report, {NULL, 0, 0}, NULL, NULL};
    int rc = gt_store_run(db, MDB_RDONLY, check_body, &j);
    gt_catalogue_free(&j.catalogue);
    free(j.chunks_seen);
    free(j.meta_seen);
    return rc;
}
