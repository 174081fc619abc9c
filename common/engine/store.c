/* The only module that touches LMDB and zstd, with store_check.c (see
 * store.h for the layout, store_internal.h for the catalogue). */
#include "store.h"
#include "gt_error.h"
#include "store_db_internal.h"
#include "store_guard.h"

#include <errno.h>
#include <pthread.h>
#include <lmdb.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>
#include <zstd_errors.h>

#define DEFAULT_CHUNK_BYTES (16u << 20)
/* Address space reserved for the map; the file grows only as data is written. */
#define MAP_SIZE ((size_t)1 << 38)
#define META_CAP 8192

/* The message of the last failed gt_db_open in this thread (no db to hold it). */
static _Thread_local char open_error[256];

/* The source tree a program runs from: the folder one or two levels above
 * its executable's (bin/, build/tests/, build-fuzz/bin/) that holds a
 * godtab tree (common/godtab.h and tables/), found at run time so that no
 * build path is compiled in. An installed program has none, and must not
 * write into a tree that may be gone. */
static char tree_db[4096];

static int is_tree(const char *dir)
{
    char path[4200];
    struct stat st;
    snprintf(path, sizeof path, "%s/tables", dir);
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return 0;
    snprintf(path, sizeof path, "%s/common/godtab.h", dir);
    return access(path, F_OK) == 0;
}

static void find_tree(void)
{
    char dir[4000]; /* leaves room for "/tables/godtab.lmdb" in tree_db */
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    if (n <= 0)
        return;
    dir[n] = 0;
    for (int up = 0; up < 3; up++) { /* the exe's folder, then its parents */
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir)
            return;
        *slash = 0;
        if (up > 0 && is_tree(dir)) {
            snprintf(tree_db, sizeof tree_db, "%s/tables/godtab.lmdb", dir);
            return;
        }
    }
}

static char xdg_path[4096];
static pthread_once_t xdg_once = PTHREAD_ONCE_INIT;

/* $XDG_DATA_HOME/godtab/godtab.lmdb, $XDG_DATA_HOME defaulting to
 * ~/.local/share (the XDG base directory specification). */
static void xdg_default(void)
{
    const char *data = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (data && *data == '/')
        snprintf(xdg_path, sizeof xdg_path, "%s/godtab/godtab.lmdb", data);
    else if (home && *home)
        snprintf(xdg_path, sizeof xdg_path, "%s/.local/share/godtab/godtab.lmdb", home);
    else
        snprintf(xdg_path, sizeof xdg_path, "%s", "godtab.lmdb");
}

const char *gt_db_default_path(const char *explicit_path)
{
    static pthread_once_t tree_once = PTHREAD_ONCE_INIT;
    if (explicit_path && *explicit_path)
        return explicit_path;
    const char *env = getenv("GODTAB_DB");
    if (env && *env)
        return env;
    pthread_once(&tree_once, find_tree);
    if (*tree_db)
        return tree_db;
    pthread_once(&xdg_once, xdg_default);
    return xdg_path;
}

void gt_store_versions(char *buf, size_t cap)
{
    int major, minor, patch;
    mdb_version(&major, &minor, &patch);
    snprintf(buf, cap, "LMDB %d.%d.%d, zstd %s", major, minor, patch, ZSTD_versionString());
}

int gt_store_fail(gt_db *db, int code, const char *fmt, ...)
{
    if (db) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(db->last_error, sizeof db->last_error, fmt, ap);
        va_end(ap);
    }
    return code;
}

static unsigned reader_slots(const gt_db *db)
{
    unsigned n = 0;
    if (db && db->env)
        mdb_env_get_maxreaders(db->env, &n);
    return n;
}

int gt_store_lmdb_error(gt_db *db, int rc)
{
    switch (rc) {
    case 0: return GT_OK;
    case MDB_NOTFOUND: return GT_ERR_NOTFOUND;
    case MDB_READERS_FULL:
        return gt_store_fail(db, GT_ERR_STORAGE, "every reader slot of lock.mdb is in use (%u processes or "
                                                 "threads reading at once)", reader_slots(db));
    case MDB_CORRUPTED:
    case MDB_PAGE_NOTFOUND:
    case MDB_INVALID:
    case MDB_VERSION_MISMATCH: return gt_store_fail(db, GT_ERR_CORRUPT, "%s", mdb_strerror(rc));
    case ENOMEM: return gt_store_fail(db, GT_ERR_NOMEM, "%s", mdb_strerror(rc));
    default: return gt_store_fail(db, GT_ERR_STORAGE, "%s", mdb_strerror(rc));
    }
}

const char *gt_db_last_error(const gt_db *db)
{
    return db ? db->last_error : open_error;
}

int gt_store_run(gt_db *db, unsigned flags, gt_store_body body, void *arg)
{
    MDB_txn *txn;
    sigjmp_buf jb, *outer;
    volatile int rc = mdb_txn_begin(db->env, NULL, flags, &txn);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    if (GT_GUARD_ENTER(jb, outer)) {
        mdb_txn_abort(txn);
        return gt_store_fail(db, GT_ERR_CORRUPT, "damaged file: a page or record lies past the end of data.mdb");
    }
    rc = body(db, txn, arg);
    if (rc != GT_OK || (flags & MDB_RDONLY)) {
        mdb_txn_abort(txn);
    } else if ((rc = mdb_txn_commit(txn)) != 0) { /* frees txn whatever the outcome */
        rc = gt_store_lmdb_error(db, rc);
    }
    gt_guard_leave(outer);
    return rc;
}

/* Creates the folders of the XDG default (the specification asks for
 * them); fails naming the first one that cannot be made. */
static int make_xdg_dirs(gt_db *db, const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return gt_store_fail(db, GT_ERR_STORAGE, "cannot create %s: %s", buf, strerror(errno));
        *p = '/';
    }
    return GT_OK;
}

/* The database is a folder: it is created if missing, but none of its
 * parents is (a mistyped --db must not leave folders behind, under / or
 * anywhere), except those of the XDG default. */
static int make_db_dir(gt_db *db, const char *path)
{
    if (strlen(path) >= 4096)
        return gt_store_fail(db, GT_ERR_STORAGE, "cannot create %.64s...: path too long", path);
    pthread_once(&xdg_once, xdg_default);
    if (!strcmp(path, xdg_path) && make_xdg_dirs(db, path) != GT_OK)
        return GT_ERR_STORAGE;
    if (mkdir(path, 0777) == 0 || errno == EEXIST)
        return GT_OK;
    if (errno != ENOENT)
        return gt_store_fail(db, GT_ERR_STORAGE, "cannot create %s: %s", path, strerror(errno));
    char parent[4096];
    snprintf(parent, sizeof parent, "%s", path);
    char *slash = strrchr(parent, '/');
    while (slash && slash > parent && slash[1] == 0) { /* "a/b/" names b */
        *slash = 0;
        slash = strrchr(parent, '/');
    }
    if (slash && slash > parent)
        *slash = 0;
    return gt_store_fail(db, GT_ERR_STORAGE, "cannot create %s: its folder %s does not exist (only the database's "
                                             "own folder is created)", path, slash && slash > parent ? parent : ".");
}

/* GODTAB_MAP_SIZE (bytes) caps the database's growth; a write that would
 * pass it fails like a full disk (the tests use it to exercise that path). */
static size_t map_size(void)
{
    const char *env = getenv("GODTAB_MAP_SIZE");
    char *end;
    unsigned long long v = env ? strtoull(env, &end, 10) : 0;
    return env && *env && !*end && v >= 65536 ? (size_t)v : MAP_SIZE;
}

/* Creates and opens db->env with open_flags; returns LMDB's code (the
 * handle is closed again on failure). */
static int create_env(gt_db *db, const char *path, unsigned open_flags)
{
    int rc = mdb_env_create(&db->env);
    if (rc)
        return rc;
    sigjmp_buf jb, *outer;
    if ((rc = mdb_env_set_mapsize(db->env, map_size())) == 0 &&
        (rc = mdb_env_set_maxreaders(db->env, GT_STORE_MAX_READERS)) == 0) {
        if (GT_GUARD_ENTER(jb, outer)) { /* LMDB read a meta page through the map */
            rc = MDB_CORRUPTED;
        } else {
            rc = mdb_env_open(db->env, path, open_flags, 0664);
            gt_guard_leave(outer);
        }
    }
    if (rc) {
        mdb_env_close(db->env);
        db->env = NULL;
    }
    return rc;
}

static int permission_denied(int rc)
{
    return rc == EACCES || rc == EPERM || rc == EROFS;
}

/* Opens the environment. A reader that may not write the lock file (a
 * shared, read-only install) opens without it, MDB_NOLOCK: see store.h. */
static int open_env(gt_db *db, const char *path)
{
    /* MDB_NOTLS: a mapped table holds its read transaction until it is
     * freed, so one thread may hold several at once. */
    int rc = create_env(db, path, db->writable ? MDB_NOTLS : MDB_RDONLY | MDB_NOTLS);
    if (rc && !db->writable && permission_denied(rc)) {
        rc = create_env(db, path, MDB_RDONLY | MDB_NOLOCK | MDB_NOTLS);
        db->no_lock = rc == 0;
    }
    if (permission_denied(rc))
        return gt_store_fail(db, GT_ERR_STORAGE, "cannot open %s: %s", path, strerror(rc));
    return gt_store_lmdb_error(db, rc);
}

static int empty_file(const char *path)
{
    char data_file[4200];
    struct stat st;
    snprintf(data_file, sizeof data_file, "%s/data.mdb", path);
    return stat(data_file, &st) == 0 && st.st_size == 0;
}

static int open_check(gt_db *db, MDB_txn *txn, void *arg)
{
    (void)arg;
    int rc = mdb_dbi_open(txn, NULL, 0, &db->dbi);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    if ((rc = gt_store_check_open(db, txn)) != 0)
        return rc;
    gt_catalogue c;
    rc = gt_store_read_catalogue(db, txn, &c);
    gt_catalogue_free(&c);
    return rc;
}

int gt_db_open(gt_db **out, const char *path, int flags)
{
    int rc;
    gt_db *db = calloc(1, sizeof *db);
    if (!db)
        return GT_ERR_NOMEM;
    db->writable = flags & GT_DB_WRITE;
    if ((rc = gt_guard_install()) != 0) {
        gt_store_fail(db, rc, "cannot install the SIGBUS guard: %s", strerror(errno));
        goto free_db;
    }
    if (db->writable && (rc = make_db_dir(db, path)) != GT_OK)
        goto free_db;
    /* A writer may create the file, or fill an empty one (a first build
     * killed before LMDB wrote its meta pages); a reader wants it sound. */
    rc = gt_store_check_file(db, path);
    if (rc == GT_ERR_NOTFOUND && db->writable)
        rc = GT_OK;
    else if (rc == GT_ERR_CORRUPT && db->writable && empty_file(path))
        rc = GT_OK;
    if (rc)
        goto free_db;
    if ((rc = open_env(db, path)) != 0)
        goto free_db;
    if ((rc = gt_store_run(db, MDB_RDONLY, open_check, NULL)) != 0)
        goto close_env;
    *out = db;
    return GT_OK;

close_env:
    mdb_env_close(db->env);
free_db:
    snprintf(open_error, sizeof open_error, "%s", db->last_error);
    free(db);
    return rc;
}

void gt_db_close(gt_db *db)
{
    if (!db)
        return;
    mdb_env_close(db->env);
    free(db);
}

static void meta_key(const char *name, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/meta", name);
}

void gt_store_chunk_key(const char *name, uint32_t chunk, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/data/%08u", name, chunk);
}

/* Is the main tree empty (no key at all)? Sets *empty. */
static int tree_is_empty(gt_db *db, MDB_txn *txn, int *empty)
{
    MDB_cursor *cur;
    MDB_val k, v;
    int rc = mdb_cursor_open(txn, db->dbi, &cur);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST);
    mdb_cursor_close(cur);
    *empty = rc == MDB_NOTFOUND;
    return rc == 0 || rc == MDB_NOTFOUND ? GT_OK : gt_store_lmdb_error(db, rc);
}

int gt_store_read_catalogue(gt_db *db, MDB_txn *txn, gt_catalogue *c)
{
    MDB_val k = {sizeof GT_CATALOGUE_KEY - 1, GT_CATALOGUE_KEY}, v;
    int empty = 0, rc = mdb_get(txn, db->dbi, &k, &v);
    memset(c, 0, sizeof *c);
    if (rc == MDB_NOTFOUND) {
        if ((rc = tree_is_empty(db, txn, &empty)) != 0)
            return rc;
        return empty ? GT_OK
                     : gt_store_fail(db, GT_ERR_CORRUPT, "the table catalogue is missing (a damaged database, "
                                                         "or one written before godtab 0.3: move it aside and rebuild)");
    }
    if (rc)
        return gt_store_lmdb_error(db, rc);
    rc = gt_catalogue_parse(v.mv_data, v.mv_size, c);
    if (rc == GT_ERR_CORRUPT)
        return gt_store_fail(db, rc, "the table catalogue is damaged");
    return rc;
}

static int write_catalogue(gt_db *db, MDB_txn *txn, const gt_catalogue *c)
{
    char *text;
    size_t len;
    int rc = gt_catalogue_format(c, &text, &len);
    if (rc)
        return rc;
    MDB_val k = {sizeof GT_CATALOGUE_KEY - 1, GT_CATALOGUE_KEY}, v = {len, text};
    rc = mdb_put(txn, db->dbi, &k, &v, 0);
    free(text);
    return gt_store_lmdb_error(db, rc);
}

/* Deletes every key starting with "NAME/" inside txn. */
static int delete_table_keys(gt_db *db, MDB_txn *txn, const char *name, int *deleted)
{
    MDB_cursor *cur;
    char prefix[GT_NAME_MAX + 2];
    int rc = mdb_cursor_open(txn, db->dbi, &cur);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    size_t plen = (size_t)snprintf(prefix, sizeof prefix, "%s/", name);
    MDB_val key = {plen, prefix}, val;
    *deleted = 0;
    rc = mdb_cursor_get(cur, &key, &val, MDB_SET_RANGE);
    while (rc == 0 && key.mv_size >= plen && memcmp(key.mv_data, prefix, plen) == 0) {
        if ((rc = mdb_cursor_del(cur, 0)) != 0)
            break;
        (*deleted)++;
        rc = mdb_cursor_get(cur, &key, &val, MDB_GET_CURRENT);
        if (rc == MDB_NOTFOUND || rc == EINVAL) /* deleted the last key */
            break;
        if (rc == 0 && !(key.mv_size >= plen && memcmp(key.mv_data, prefix, plen) == 0))
            break;
    }
    mdb_cursor_close(cur);
    return rc == 0 || rc == MDB_NOTFOUND || rc == EINVAL ? GT_OK : gt_store_lmdb_error(db, rc);
}

/* Compresses len bytes at src into a new malloc'd *frame (zstd level, with
 * its content checksum). *result receives the frame's size, or zstd's error
 * code (ZSTD_isError) if zstd failed (0 if an allocation here failed).
 * Return values: GT_OK, GT_ERR_NOMEM (malloc, or zstd, could not allocate),
 * GT_ERR_STORAGE (any other zstd failure). */
static int compress_chunk(const uint8_t *src, size_t len, int level, void **frame, size_t *result)
{
    size_t cap = ZSTD_compressBound(len), z = cap;
    *result = 0;
    if (!ZSTD_isError(z)) {
        ZSTD_CCtx *cctx = ZSTD_createCCtx();
        *frame = malloc(cap ? cap : 1);
        if (!cctx || !*frame) {
            ZSTD_freeCCtx(cctx);
            return GT_ERR_NOMEM;
        }
        if (!ZSTD_isError(z = ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level)) &&
            !ZSTD_isError(z = ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1)))
            z = ZSTD_compress2(cctx, *frame, cap, src, len);
        ZSTD_freeCCtx(cctx);
    }
    *result = z;
    if (!ZSTD_isError(z))
        return GT_OK;
    return ZSTD_getErrorCode(z) == ZSTD_error_memory_allocation ? GT_ERR_NOMEM : GT_ERR_STORAGE;
}

/* Compresses every chunk of data (in parallel) into frames[c], sizes[c]. */
static int compress_all(gt_db *db, const gt_table_meta *meta, const uint8_t *data, int level,
                        uint32_t chunk_bytes, int threads, uint32_t n_chunks, void **frames, size_t *sizes)
{
    uint64_t raw = meta->raw_bytes;
    int failed = 0; /* 1 out of memory, 2 zstd failed */
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(| : failed)
    for (int64_t c = 0; c < (int64_t)n_chunks; c++) {
        uint64_t off = (uint64_t)c * chunk_bytes;
        size_t len = (size_t)(raw - off < chunk_bytes ? raw - off : chunk_bytes);
        int crc = compress_chunk(data + off, len, level, &frames[c], &sizes[c]);
        failed |= crc == GT_ERR_NOMEM ? 1 : crc != GT_OK ? 2 : 0;
    }
    if (!failed)
        return GT_OK;
    for (uint32_t c = 0; c < n_chunks; c++)
        if (ZSTD_isError(sizes[c]))
            return gt_store_fail(db, failed & 1 ? GT_ERR_NOMEM : GT_ERR_STORAGE, "%s: zstd failed on chunk %u: %s",
                                 meta->name, c, ZSTD_getErrorName(sizes[c]));
    return failed & 1 ? GT_ERR_NOMEM : GT_ERR_STORAGE;
}

static int put_records(gt_db *db, MDB_txn *txn, const gt_store_put_job *j)
{
    char key[GT_NAME_MAX + 32];
    int rc, deleted;
    if ((rc = delete_table_keys(db, txn, j->meta->name, &deleted)) != 0)
        return rc;
    meta_key(j->meta->name, key, sizeof key);
    MDB_val k = {strlen(key), key}, v = {j->meta_len, (void *)j->meta_text};
    if ((rc = mdb_put(txn, db->dbi, &k, &v, 0)) != 0)
        return gt_store_lmdb_error(db, rc);
    for (uint32_t c = 0; c < j->n_chunks; c++) {
        gt_store_chunk_key(j->meta->name, c, key, sizeof key);
        k = (MDB_val){strlen(key), key};
        v = (MDB_val){j->sizes[c], j->frames[c]};
        if ((rc = mdb_put(txn, db->dbi, &k, &v, 0)) != 0)
            return gt_store_lmdb_error(db, rc);
    }
    return GT_OK;
}

int gt_store_put_body(gt_db *db, MDB_txn *txn, void *arg)
{
    gt_store_put_job *j = arg;
    int rc = gt_store_read_catalogue(db, txn, &j->catalogue);
    if (rc == GT_OK && (rc = put_records(db, txn, j)) == GT_OK) {
        gt_catalogue_entry e = {"", gt_checksum64((const uint8_t *)j->meta_text, j->meta_len), j->meta->checksum,
                                j->n_chunks};
        snprintf(e.name, sizeof e.name, "%s", j->meta->name);
        if ((rc = gt_catalogue_set(&j->catalogue, &e)) == GT_OK)
            rc = write_catalogue(db, txn, &j->catalogue);
    }
    return rc;
}

int gt_db_put_table(gt_db *db, gt_table_meta *meta, const uint8_t *data, int level,
                    uint32_t chunk_bytes, int threads)
{
    int rc;
    if (!db || !db->writable || !meta || (!data && meta->raw_bytes) || !gt_catalogue_name_ok(meta->name))
        return GT_ERR_INVAL;
    threads = threads > 0 ? threads : omp_get_max_threads();
    chunk_bytes = chunk_bytes ? chunk_bytes : DEFAULT_CHUNK_BYTES;
    meta->storage = GT_STORAGE_ZSTD;
    meta->format_version = GT_TABLE_FORMAT_VERSION;
    meta->n_sections = 0;
    uint64_t n = (meta->raw_bytes + chunk_bytes - 1) / chunk_bytes;
    if (n > 999999999u)
        return gt_store_fail(db, GT_ERR_RANGE, "%s: too many chunks", meta->name);
    gt_store_put_job j = {meta, NULL, 0, n ? (uint32_t)n : 1, NULL, NULL, {NULL, 0, 0}};
    j.frames = calloc(j.n_chunks, sizeof *j.frames);
    j.sizes = calloc(j.n_chunks, sizeof *j.sizes);
    char meta_text[META_CAP];
    if (!j.frames || !j.sizes) {
        rc = GT_ERR_NOMEM;
        goto free_frames;
    }
    if ((rc = compress_all(db, meta, data, level, chunk_bytes, threads, j.n_chunks, j.frames, j.sizes)) != 0)
        goto free_frames;
    meta->chunk_bytes = chunk_bytes;
    meta->stored_bytes = 0;
    for (uint32_t c = 0; c < j.n_chunks; c++)
        meta->stored_bytes += j.sizes[c];
    if ((rc = gt_table_meta_format(meta, meta_text, sizeof meta_text, &j.meta_len)) != 0)
        goto free_frames;
    j.meta_text = meta_text;
    rc = gt_store_run(db, 0, gt_store_put_body, &j);
    gt_catalogue_free(&j.catalogue);
free_frames:
    for (uint32_t c = 0; j.frames && c < j.n_chunks; c++)
        free(j.frames[c]);
    free(j.frames);
    free(j.sizes);
    return rc;
}

int gt_store_read_meta(gt_db *db, MDB_txn *txn, const gt_catalogue *c, const char *name, gt_table_meta *meta)
{
    char key[GT_NAME_MAX + 32];
    const gt_catalogue_entry *e = gt_catalogue_find(c, name);
    meta_key(name, key, sizeof key);
    MDB_val k = {strlen(key), key}, v;
    int rc = mdb_get(txn, db->dbi, &k, &v);
    if (rc == MDB_NOTFOUND && e)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s is in the catalogue but its metadata record is gone", name);
    if (rc == MDB_NOTFOUND)
        return gt_store_fail(db, GT_ERR_NOTFOUND, "%s is not stored", name);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    if (!e)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s is stored but missing from the catalogue", name);
    if (gt_checksum64(v.mv_data, v.mv_size) != e->meta_hash)
        return gt_store_fail(db, GT_ERR_CORRUPT, "metadata of %s is damaged (hash differs from the catalogue)", name);
    rc = gt_table_meta_parse(v.mv_data, v.mv_size, meta);
    if (rc == GT_OK && (strcmp(meta->name, name) != 0 || meta->checksum != e->checksum || meta->chunk_bytes == 0))
        rc = GT_ERR_CORRUPT;
    if (rc == GT_ERR_CORRUPT)
        gt_store_fail(db, rc, "metadata of %s is malformed", name);
    else if (rc == GT_ERR_VERSION)
        gt_store_fail(db, rc, "%s was written by another table format version", name);
    return rc;
}

typedef struct get_job {
    const char *name;
    gt_table_meta *meta;
    gt_table *table;
    int threads;
    gt_catalogue catalogue;
    MDB_val *frames;
} get_job;

static int get_meta_body(gt_db *db, MDB_txn *txn, void *arg)
{
    get_job *j = arg;
    int rc = gt_store_read_catalogue(db, txn, &j->catalogue);
    return rc ? rc : gt_store_read_meta(db, txn, &j->catalogue, j->name, j->meta);
}

int gt_db_get_meta(gt_db *db, const char *name, gt_table_meta *meta)
{
    if (!db || !name || !meta || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    get_job j = {name, meta, NULL, 0, {NULL, 0, 0}, NULL};
    int rc = gt_store_run(db, MDB_RDONLY, get_meta_body, &j);
    gt_catalogue_free(&j.catalogue);
    return rc;
}

/* Decompresses one frame (a pointer into the map) under this thread's own
 * fault guard: the OpenMP workers are not inside the caller's guard.
 * Returns 0 when the frame gives exactly len bytes, -1 otherwise. */
static int decompress_frame(uint8_t *dst, size_t len, const MDB_val *frame)
{
    sigjmp_buf jb, *outer;
    ZSTD_DCtx *dctx = ZSTD_createDCtx(); /* ours, so a fault does not leak zstd's */
    volatile int ok = 0;
    if (!dctx)
        return -1;
    if (!GT_GUARD_ENTER(jb, outer)) {
        size_t z = ZSTD_decompressDCtx(dctx, dst, len, frame->mv_data, frame->mv_size);
        ok = !ZSTD_isError(z) && z == len;
        gt_guard_leave(outer);
    }
    ZSTD_freeDCtx(dctx);
    return ok ? 0 : -1;
}

/* Fetches the chunks' frames (an LMDB transaction belongs to one thread),
 * then decompresses them in parallel. */
static int read_chunks(gt_db *db, MDB_txn *txn, get_job *j, uint32_t n_chunks)
{
    gt_table *t = j->table;
    uint32_t chunk_bytes = t->meta.chunk_bytes;
    uint64_t stored = 0;
    if (!(j->frames = calloc(n_chunks, sizeof *j->frames)))
        return GT_ERR_NOMEM;
    for (uint32_t c = 0; c < n_chunks; c++) {
        char key[GT_NAME_MAX + 32];
        gt_store_chunk_key(j->name, c, key, sizeof key);
        MDB_val k = {strlen(key), key};
        int rc = mdb_get(txn, db->dbi, &k, &j->frames[c]);
        if (rc == MDB_NOTFOUND)
            return gt_store_fail(db, GT_ERR_CORRUPT, "%s: data chunk %u is missing", j->name, c);
        if (rc)
            return gt_store_lmdb_error(db, rc);
        stored += j->frames[c].mv_size;
    }
    if (stored != t->meta.stored_bytes)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: stored size differs from the metadata", j->name);
    int failed = 0;
#pragma omp parallel for num_threads(n_chunks > 1 ? j->threads : 1) schedule(dynamic, 1) reduction(| : failed)
    for (int64_t c = 0; c < (int64_t)n_chunks; c++) {
        uint64_t off = (uint64_t)c * chunk_bytes;
        size_t len = (size_t)(t->data_bytes - off < chunk_bytes ? t->data_bytes - off : chunk_bytes);
        failed |= decompress_frame(t->data + off, len, &j->frames[c]) != 0;
    }
    if (failed)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: a compressed chunk is damaged", j->name);
    return GT_OK;
}

static int get_table_body(gt_db *db, MDB_txn *txn, void *arg)
{
    get_job *j = arg;
    gt_table *t = j->table;
    int rc = get_meta_body(db, txn, arg);
    if (rc)
        return rc;
    if (t->meta.storage == GT_STORAGE_MAPPED)
        return gt_store_copy_mapped(db, txn, gt_catalogue_find(&j->catalogue, j->name), t);
    uint64_t n = (t->meta.raw_bytes + t->meta.chunk_bytes - 1) / t->meta.chunk_bytes;
    uint32_t n_chunks = n ? (uint32_t)n : 1;
    if (n > 999999999u || n_chunks != gt_catalogue_find(&j->catalogue, j->name)->chunks)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: chunk count differs from the catalogue", j->name);
    t->data_bytes = t->meta.raw_bytes;
    if (!(t->data = malloc(t->data_bytes ? t->data_bytes : 1)))
        return GT_ERR_NOMEM;
    if ((rc = read_chunks(db, txn, j, n_chunks)) != 0)
        return rc;
    if (gt_checksum64(t->data, t->data_bytes) != t->meta.checksum)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: checksum mismatch", j->name);
    t->view = (gt_view){t->data, t->data_bytes, NULL, NULL, &t->damaged};
    return GT_OK;
}

int gt_db_get_table(gt_db *db, const char *name, int threads, gt_table **out)
{
    if (!db || !name || !out || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    gt_table *t = calloc(1, sizeof *t);
    if (!t)
        return GT_ERR_NOMEM;
    get_job j = {name, &t->meta, t, threads > 0 ? threads : omp_get_max_threads(), {NULL, 0, 0}, NULL};
    int rc = gt_store_run(db, MDB_RDONLY, get_table_body, &j);
    gt_catalogue_free(&j.catalogue);
    free(j.frames);
    if (rc) {
        gt_table_free(t);
        return rc;
    }
    *out = t;
    return GT_OK;
}

typedef struct list_job {
    gt_catalogue catalogue;
} list_job;

static int list_body(gt_db *db, MDB_txn *txn, void *arg)
{
    return gt_store_read_catalogue(db, txn, &((list_job *)arg)->catalogue);
}

int gt_db_list(gt_db *db, char (*names)[GT_NAME_MAX], int cap, int *count)
{
    if (!db || !count || (cap > 0 && !names))
        return GT_ERR_INVAL;
    list_job j = {{NULL, 0, 0}};
    int rc = gt_store_run(db, MDB_RDONLY, list_body, &j);
    if (rc == GT_OK) {
        for (int i = 0; i < j.catalogue.count && i < cap; i++)
            memcpy(names[i], j.catalogue.entries[i].name, GT_NAME_MAX);
        *count = j.catalogue.count;
    }
    gt_catalogue_free(&j.catalogue);
    return rc;
}

typedef struct delete_job {
    const char *name;
    gt_catalogue catalogue;
} delete_job;

/* Deletes the table's keys and its catalogue entry. A table with either
 * one is deleted (so a damaged table can be removed and rebuilt). */
static int delete_body(gt_db *db, MDB_txn *txn, void *arg)
{
    delete_job *j = arg;
    int deleted, rc = gt_store_read_catalogue(db, txn, &j->catalogue);
    if (rc || (rc = delete_table_keys(db, txn, j->name, &deleted)) != 0)
        return rc;
    if (gt_catalogue_remove(&j->catalogue, j->name) != GT_OK && !deleted)
        return gt_store_fail(db, GT_ERR_NOTFOUND, "%s is not stored", j->name);
    return write_catalogue(db, txn, &j->catalogue);
}

int gt_db_delete_table(gt_db *db, const char *name)
{
    if (!db || !name || !db->writable || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    delete_job j = {name, {NULL, 0, 0}};
    int rc = gt_store_run(db, 0, delete_body, &j);
    gt_catalogue_free(&j.catalogue);
    return rc;
}

typedef struct corrupt_job {
    const char *name;
    uint32_t chunk;
    uint64_t offset;
    uint8_t *copy;
} corrupt_job;

static int corrupt_body(gt_db *db, MDB_txn *txn, void *arg)
{
    corrupt_job *j = arg;
    char key[GT_NAME_MAX + 32];
    gt_store_chunk_key(j->name, j->chunk, key, sizeof key);
    MDB_val k = {strlen(key), key}, v;
    int rc = mdb_get(txn, db->dbi, &k, &v);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    if (!(j->copy = malloc(v.mv_size)))
        return GT_ERR_NOMEM;
    memcpy(j->copy, v.mv_data, v.mv_size);
    j->copy[j->offset % v.mv_size] ^= 0x5A;
    v.mv_data = j->copy;
    return gt_store_lmdb_error(db, mdb_put(txn, db->dbi, &k, &v, 0));
}

int gt_db_corrupt_for_test(gt_db *db, const char *name, uint32_t chunk, uint64_t offset)
{
    if (!db->writable)
        return GT_ERR_INVAL;
    corrupt_job j = {name, chunk, offset, NULL};
    int rc = gt_store_run(db, 0, corrupt_body, &j);
    free(j.copy);
    return rc;
}
