// A C++ program against the installed library (tests/install/run.sh): it
// compiles with g++ -std=c++11 -pedantic -Werror from <godtab/godtab.h>
// alone (no GNU C in the installed headers) and links, because every
// installed header declares its functions extern "C". Prints pocket-htm's
// God's number from the database at gt_db_default_path: the library reads no
// environment variable, so the program passes GODTAB_DB and the XDG folders.
#include <godtab/godtab.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main()
{
    char version[256];
    gt_version_text(version, sizeof version);
    std::printf("%s\n", version);
    gt_db_options options = {std::getenv("GODTAB_DB"), std::getenv("XDG_DATA_HOME"), std::getenv("HOME"), nullptr};
    gt_db_set_options(&options);
    gt_db *db = nullptr;
    gt_puzzle *p = nullptr;
    gt_table *t = nullptr;
    int rc = gt_db_open(&db, gt_db_default_path(nullptr), GT_DB_READONLY);
    if (rc == GT_OK)
        rc = gt_catalog_load(db, "pocket-htm", &p, &t);
    std::vector<uint8_t> dist;
    if (rc == GT_OK) {
        dist.resize(p->n_states);
        rc = gt_solve_distances(p, t, 0, p->n_states, dist.data(), 0);
    }
    int gods = 0;
    for (uint8_t d : dist)
        if (d != GT_UNREACHED && d > gods)
            gods = d;
    if (rc == GT_OK)
        std::printf("pocket-htm: God's number %d\n", gods);
    else
        std::fprintf(stderr, "cxx_example: %s (%s)\n", gt_strerror(rc), gt_db_last_error(db));
    gt_catalog_unload("pocket-htm", p, t);
    if (db)
        gt_db_close(db);
    return rc == GT_OK ? 0 : gt_exit_code(rc);
}
