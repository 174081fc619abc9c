/* Where the database is and how big its map may grow: the policy the
 * programs choose (gt_db_options, store.h). The library reads no environment
 * variable; a program passes $GODTAB_DB, $XDG_DATA_HOME, $HOME and
 * $GODTAB_MAP_SIZE in with gt_db_set_options. The bottom of the store:
 * calls nothing of it. */
#include "store.h"
#include "store_db_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Address space reserved for the map; the file grows only as data is written. */
#define MAP_SIZE ((size_t)1 << 38)

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
static void xdg_default(void);

/* The program's choices (gt_db_set_options), copied: a program sets them
 * once, at its start, before any thread or any gt_db_open. */
static struct {
    char godtab_db[4096], xdg_data_home[4000], home[4000]; /* room for the suffixes in xdg_path */
    size_t map_size;
} options;

static void copy_option(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
}

/* A map size in bytes: decimal digits only and at least 64 KiB, else 0
 * (the default), as GODTAB_MAP_SIZE always was read. */
static size_t parse_map_size(const char *text)
{
    char *end;
    unsigned long long v = text && *text ? strtoull(text, &end, 10) : 0;
    return text && *text && !*end && v >= 65536 ? (size_t)v : 0;
}

void gt_db_set_options(const gt_db_options *o)
{
    copy_option(options.godtab_db, sizeof options.godtab_db, o ? o->godtab_db : NULL);
    copy_option(options.xdg_data_home, sizeof options.xdg_data_home, o ? o->xdg_data_home : NULL);
    copy_option(options.home, sizeof options.home, o ? o->home : NULL);
    options.map_size = o ? parse_map_size(o->map_size) : 0;
    pthread_once(&xdg_once, xdg_default); /* spent, then recomputed from the new options */
    xdg_default();
}

size_t gt_store_map_size(void)
{
    return options.map_size ? options.map_size : MAP_SIZE;
}

/* $XDG_DATA_HOME/godtab/godtab.lmdb, $XDG_DATA_HOME defaulting to
 * ~/.local/share (the XDG base directory specification). */
static void xdg_default(void)
{
    const char *data = options.xdg_data_home, *home = options.home;
    if (*data == '/')
        snprintf(xdg_path, sizeof xdg_path, "%s/godtab/godtab.lmdb", data);
    else if (*home)
        snprintf(xdg_path, sizeof xdg_path, "%s/.local/share/godtab/godtab.lmdb", home);
    else
        snprintf(xdg_path, sizeof xdg_path, "%s", "godtab.lmdb");
}

const char *gt_db_default_path(const char *explicit_path)
{
    static pthread_once_t tree_once = PTHREAD_ONCE_INIT;
    if (explicit_path && *explicit_path)
        return explicit_path;
    if (*options.godtab_db)
        return options.godtab_db;
    pthread_once(&tree_once, find_tree);
    if (*tree_db)
        return tree_db;
    pthread_once(&xdg_once, xdg_default);
    return xdg_path;
}

const char *gt_store_xdg_path(void)
{
    pthread_once(&xdg_once, xdg_default);
    return xdg_path;
}
