/* Opening and closing the database, listing and deleting its tables (see
 * store.h for the layout, store_internal.h for the catalogue). The top of the
 * store's open path: calls store_path.c (where, how big), store_check.c (is
 * the file sound) and store_env.c; put and get are store_put.c, store_get.c
 * and store_mapped.c. */
#include "store.h"
#include "gt_error.h"
#include "store_db_internal.h"
#include "store_guard.h"

#include <errno.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    if (!strcmp(path, gt_store_xdg_path()) && make_xdg_dirs(db, path) != GT_OK)
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

/* Creates and opens db->env with open_flags; returns LMDB's code (the
 * handle is closed again on failure). */
static int create_env(gt_db *db, const char *path, unsigned open_flags)
{
    int rc = mdb_env_create(&db->env);
    if (rc)
        return rc;
    sigjmp_buf jb, *outer;
    if ((rc = mdb_env_set_mapsize(db->env, gt_store_map_size())) == 0 &&
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
    gt_store_open_error = db->last_error;
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
    if (rc || (rc = gt_store_delete_keys(db, txn, j->name, &deleted)) != 0)
        return rc;
    if (gt_catalogue_remove(&j->catalogue, j->name) != GT_OK && !deleted)
        return gt_store_fail(db, GT_ERR_NOTFOUND, "%s is not stored", j->name);
    return gt_store_write_catalogue(db, txn, &j->catalogue);
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
