/* godtab-gen: builds, stores and verifies the distance tables of the catalog.
 * A thin program over the library: all computation is in common/. */
#include "bfs.h"
#include "catalog.h"
#include "gen_def.h"
#include "gen_export.h"
#include "gt_error.h"
#include "json_quote.h"
#include "store.h"
#include "table.h"

#include <getopt.h>
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out,
            "usage: godtab-gen [--db PATH] [--threads N] [--verify] [--quiet] [TABLE|FAMILY ...]\n"
            "       godtab-gen --list [--json]\n"
            "       godtab-gen --def FILE [--moves R,U] [--metric htm|qtm] [--name NAME] [--max-memory BYTES]\n"
            "                  [--pdb auto|file|PROJECTION ...]\n"
            "       godtab-gen --export TABLE [--format raw|csv|npy] -o FILE\n"
            "       godtab-gen -h|--help, -V|--version\n"
            "Builds the named tables (default: every default table) into the LMDB at PATH\n"
            "(default $GODTAB_DB or %s); --verify re-reads stored tables and\n"
            "checks checksum, distribution, metadata and published counts instead.\n"
            "--def builds the table of a .tws definition file (docs/definitions.md); with --pdb,\n"
            "pattern databases NAME-pdb0, NAME-pdb1, ... instead: projections chosen to fit\n"
            "--max-memory (auto), named by the file's '# @pdb' lines (file), or given (\"CORNERS\",\n"
            "\"EDGES=1-6\", \"EDGES:ori\"; --pdb repeated).\n"
            "--export writes every state's distance (255: unreached) of a stored table: raw\n"
            "bytes, csv lines 'index,distance', or npy (numpy.load); default raw; -o - is\n"
            "standard output. --list --json prints one JSON object (docs/json.md).\n"
            "Exit codes: 0 ok, 1 usage, 2 malformed definition, 4 table missing, 5 corrupted, 6 storage, 7 mismatch, 9 internal.\n",
            gt_db_default_path(NULL));
}


static void write_stdout(void *user, const char *text, size_t length)
{
    fwrite(text, 1, length, user);
}

/* A family's report, its lines on standard output. */
static int run_report(const gt_family *family, gt_db *db, const options *o)
{
    gt_report_env env;
    gt_catalog_report_env(db, o->threads, &env);
    env.out = (gt_out){write_stdout, stdout};
    return family->report(&env);
}

/* Is spec selected by the command-line names (a table or a family name)? */
static int selected(const gt_table_spec *spec, char **names, int n_names, int verify)
{
    if (n_names == 0)
        return spec->in_default || verify;
    for (int i = 0; i < n_names; i++)
        if (gt_catalog_selects(spec, names[i])) /* the rule godtab-gen-mpi shares */
            return 1;
    return 0;
}

/* s as a JSON string on standard output (json_quote.h). */
static void put_json(const char *s)
{
    char buf[4096];
    size_t len = 0;
    fputs(gt_json_quote(buf, sizeof buf, &len, s) == 0 ? buf : "\"\"", stdout);
}

/* The names of the stored tables no family defines (built by godtab-gen
 * --def): *names (malloc'd, NULL if none) and *count. */
static int other_tables(gt_db *db, char (**names)[GT_NAME_MAX], int *count)
{
    char(*all)[GT_NAME_MAX] = NULL;
    int n, kept = 0, rc = gt_db_list(db, NULL, 0, &n);
    if (rc == GT_OK && !(all = malloc((size_t)(n ? n : 1) * sizeof *all)))
        rc = GT_ERR_NOMEM;
    if (rc == GT_OK)
        rc = gt_db_list(db, all, n, &n);
    for (int i = 0; rc == GT_OK && i < n; i++)
        if (!gt_catalog_find(all[i]))
            memmove(all[kept++], all[i], GT_NAME_MAX);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s\n", gt_strerror(rc), gt_db_last_error(db));
        free(all);
        all = NULL;
    }
    *names = all;
    *count = rc ? 0 : kept;
    return rc ? gt_exit_code(rc) : 0;
}

/* One table of --list: its name, family and metadata when stored. */
typedef struct list_row {
    const char *name, *family, *summary; /* summary NULL: a --def table */
    int in_default, stored;
    gt_table_meta meta;
} list_row;

/* The widths of the name and family columns: their longest entries, so
 * that no name runs into the next column (--list text). */
static void column_widths(const list_row *rows, int n, int *width, int *fwidth)
{
    *width = *fwidth = 6;
    for (int i = 0; i < n; i++) {
        if ((int)strlen(rows[i].name) > *width)
            *width = (int)strlen(rows[i].name);
        if ((int)strlen(rows[i].family) > *fwidth)
            *fwidth = (int)strlen(rows[i].family);
    }
}

static void print_row_text(const list_row *r, int width, int fwidth)
{
    const gt_table_meta *m = &r->meta;
    if (!r->summary) {
        printf("%-*s %-*s stored (%" PRIu64 " bytes, built %s)\n    %" PRIu64 " states, %s, God's number %d "
               "(not in the catalog: godtab-gen --def)\n",
               width, r->name, fwidth, "def", m->stored_bytes, m->built_at, m->n_states, m->metric,
               m->distribution.max_depth);
        return;
    }
    printf("%-*s %-*s %s%s", width, r->name, fwidth, r->family, r->in_default ? "default " : "on demand",
           r->stored ? "  stored" : "");
    if (r->stored)
        printf(" (%" PRIu64 " bytes, built %s)", m->stored_bytes, m->built_at);
    printf("\n    %s\n", r->summary);
}

/* {"name","family","summary","default","catalog","stored"[,"stored_bytes",
 * "built_at","states","metric","gods_number"]} (docs/json.md). */
static void print_row_json(const list_row *r, int first)
{
    printf("%s{\"name\":", first ? "" : ",");
    put_json(r->name);
    printf(",\"family\":");
    put_json(r->family);
    printf(",\"summary\":");
    put_json(r->summary ? r->summary : "");
    printf(",\"default\":%s,\"catalog\":%s,\"stored\":%s", r->in_default ? "true" : "false",
           r->summary ? "true" : "false", r->stored ? "true" : "false");
    if (r->stored) {
        printf(",\"stored_bytes\":%" PRIu64 ",\"built_at\":", r->meta.stored_bytes);
        put_json(r->meta.built_at);
        printf(",\"states\":%" PRIu64 ",\"metric\":", r->meta.n_states);
        put_json(r->meta.metric);
        printf(",\"gods_number\":%d", r->meta.distribution.max_depth);
    }
    printf("}");
}

static void print_rows(const list_row *rows, int n, int json)
{
    int width, fwidth;
    column_widths(rows, n, &width, &fwidth);
    if (json)
        printf("{\"tables\":[");
    for (int i = 0; i < n; i++) {
        if (json)
            print_row_json(&rows[i], i == 0);
        else
            print_row_text(&rows[i], width, fwidth);
    }
    if (json)
        printf("]}\n");
}

/* The catalog's tables, then the stored ones it does not define, into
 * *rows; 0 or the exit code (a damaged database must not read as "nothing
 * stored"). */
static int collect_rows(gt_db *db, list_row **rows, int *n)
{
    char(*others)[GT_NAME_MAX] = NULL;
    int n_others = 0, rc = db ? other_tables(db, &others, &n_others) : 0;
    *n = 0;
    *rows = rc ? NULL : calloc((size_t)(gt_catalog_count() + n_others), sizeof **rows);
    if (!rc && !*rows) {
        fprintf(stderr, "godtab-gen: out of memory\n");
        rc = GT_EXIT_INTERNAL;
    }
    for (int i = 0; !rc && i < gt_catalog_count(); i++) {
        const gt_table_spec *s = gt_catalog_get(i);
        list_row *r = &(*rows)[(*n)++];
        *r = (list_row){s->name, s->family, s->summary, s->in_default, 0, {0}};
        int got = db ? gt_db_get_meta(db, s->name, &r->meta) : GT_ERR_NOTFOUND;
        r->stored = got == GT_OK;
        if (got != GT_OK && got != GT_ERR_NOTFOUND) {
            fprintf(stderr, "godtab-gen: %s: %s: %s\n", s->name, gt_strerror(got), gt_db_last_error(db));
            rc = gt_exit_code(got);
        }
    }
    for (int i = 0; !rc && i < n_others; i++) {
        list_row *r = &(*rows)[*n];
        *r = (list_row){NULL, "def", NULL, 0, 1, {0}};
        if (gt_db_get_meta(db, others[i], &r->meta) == GT_OK) {
            r->name = r->meta.name; /* the row's own copy: others is freed below */
            (*n)++;
        }
    }
    free(others);
    return rc;
}

static int list_tables(const options *o)
{
    gt_db *db = NULL;
    list_row *rows = NULL;
    int n = 0;
    const char *path = gt_db_default_path(o->db_path);
    int rc = gt_db_open(&db, path, GT_DB_READONLY);
    if (rc && rc != GT_ERR_NOTFOUND) { /* a damaged database must not read as "nothing stored" */
        fprintf(stderr, "godtab-gen: %s: %s: %s\n", path, gt_strerror(rc), gt_db_last_error(NULL));
        return gt_exit_code(rc);
    }
    rc = collect_rows(rc == GT_OK ? db : NULL, &rows, &n);
    if (!rc)
        print_rows(rows, n, o->json);
    free(rows);
    gt_db_close(db);
    return rc;
}

static void print_version(void)
{
    char v[192];
    gt_version_text(v, sizeof v);
    printf("godtab-gen: %s\n", v);
}

/* --export's own checks: a table, a file, and nothing else to do. */
static int check_export(const options *o, int n_names)
{
    if (!o->export_name && !o->export_format && !o->export_path)
        return 0;
    if (!o->export_name || !o->export_path || n_names || o->verify || o->list || o->def_path) {
        fprintf(stderr, "godtab-gen: --export TABLE -o FILE [--format raw|csv|npy] goes alone\n");
        return GT_EXIT_USAGE;
    }
    return 0;
}

/* Parses the options into o; returns 0, GT_EXIT_USAGE, or -1 after --help. */
static int parse_options(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"db", required_argument, NULL, 'd'},      {"threads", required_argument, NULL, 't'},
        {"verify", no_argument, NULL, 'v'},        {"quiet", no_argument, NULL, 'q'},
        {"list", no_argument, NULL, 'l'},          {"help", no_argument, NULL, 'h'},
        {"def", required_argument, NULL, 'D'},     {"moves", required_argument, NULL, 'M'},
        {"metric", required_argument, NULL, 'T'},  {"name", required_argument, NULL, 'N'},
        {"max-memory", required_argument, NULL, 'X'}, {"pdb", required_argument, NULL, 'P'},
        {"export", required_argument, NULL, 'E'},  {"format", required_argument, NULL, 'F'},
        {"output", required_argument, NULL, 'o'},  {"version", no_argument, NULL, 'V'},
        {"json", no_argument, NULL, 'j'},          {NULL, 0, NULL, 0}};
    int c;
    opterr = 0; /* our own one-line message below */
    while ((c = getopt_long(argc, argv, "d:t:vqlho:V", longopts, NULL)) != -1) {
        char *end;
        long v;
        switch (c) {
        case 'd':
            /* the store reads "" as "not given" (GODTAB_DB, then the default):
             * an empty --db would silently build into another database */
            if (!*optarg) {
                fprintf(stderr, "godtab-gen: --db wants a database path, not ''\n");
                return GT_EXIT_USAGE;
            }
            o->db_path = optarg;
            break;
        case 't':
            v = strtol(optarg, &end, 10);
            if (*end || v < 1 || v > 1024) {
                fprintf(stderr, "godtab-gen: --threads wants a number from 1 to 1024, not '%s'\n", optarg);
                return GT_EXIT_USAGE;
            }
            o->threads = (int)v;
            break;
        case 'v': o->verify = 1; break;
        case 'q': o->quiet = 1; break;
        case 'l': o->list = 1; break;
        case 'j': o->json = 1; break;
        case 'h': usage(stdout); return -1;
        case 'V': print_version(); return -1;
        case 'E': o->export_name = optarg; break;
        case 'F': o->export_format = optarg; break;
        case 'o': o->export_path = optarg; break;
        case 'D': case 'M': case 'T': case 'N': case 'X': case 'P':
            if ((v = gen_def_option(o, c, optarg)) != 0)
                return (int)v;
            break;
        default:
            fprintf(stderr, "godtab-gen: unknown option or missing value '%s' (see godtab-gen --help)\n",
                    argv[optind - 1]);
            return GT_EXIT_USAGE;
        }
    }
    return 0;
}

/* Every name on the command line must be a table or a family. */
static int check_names(char **names, int n_names)
{
    for (int i = 0; i < n_names; i++) {
        int known = 0;
        for (int k = 0; k < gt_catalog_count() && !known; k++)
            known = selected(gt_catalog_get(k), names + i, 1, 0);
        if (!known) {
            fprintf(stderr, "godtab-gen: unknown table or family '%s' (see godtab-gen --list)\n", names[i]);
            return GT_EXIT_USAGE;
        }
    }
    return 0;
}

/* Builds (or verifies) every selected table in catalog order, with each
 * family's report after its last table. Returns the first error; *done
 * counts the tables handled. */
static int run_selected(gt_db *db, const options *o, char **names, int n_names, int *done)
{
    int first_error = 0, rc;
    for (int i = 0; i < gt_catalog_count(); i++) {
        const gt_table_spec *spec = gt_catalog_get(i);
        gt_table_meta m;
        if (!selected(spec, names, n_names, o->verify))
            continue;
        if (o->verify && n_names == 0 && gt_db_get_meta(db, spec->name, &m) == GT_ERR_NOTFOUND)
            continue; /* verify what is stored */
        rc = o->verify ? gen_verify_table(spec, db, o) : gen_build_table(spec, db, o);
        (*done)++;
        if (rc && !first_error)
            first_error = rc;
        const gt_family *family = gt_catalog_family_of(spec);
        if (!o->verify && !rc && family->report && spec == &family->specs[family->n_specs - 1]) {
            rc = run_report(family, db, o);
            if (rc && !first_error)
                first_error = rc;
        }
    }
    return first_error;
}

/* --verify's first step: the whole database's structure (gt_db_check). */
static int check_database(gt_db *db, const char *path, const options *o)
{
    gt_db_check_report r;
    int rc = gt_db_check(db, &r);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s: %s\n", path, gt_strerror(rc), gt_db_last_error(db));
        return rc;
    }
    if (!o->quiet)
        printf("database: ok (%d tables catalogued and complete, %" PRIu64 " keys, %" PRIu64 " leaf + %" PRIu64
               " overflow + %" PRIu64 " branch pages walked, %" PRIu64 " free pages, %" PRIu64 " bytes)\n",
               r.tables, r.keys, r.leaf_pages, r.overflow_pages, r.branch_pages, r.free_pages, r.file_bytes);
    return GT_OK;
}

/* Catalogued tables no family defines (a custom build): their checksums. */
static int verify_unknown_tables(gt_db *db, const options *o, int *done)
{
    char(*names)[GT_NAME_MAX] = NULL;
    int count, first_error = 0, rc = gt_db_list(db, NULL, 0, &count);
    if (rc == GT_OK && !(names = malloc((size_t)(count ? count : 1) * sizeof *names)))
        rc = GT_ERR_NOMEM;
    if (rc == GT_OK)
        rc = gt_db_list(db, names, count, &count);
    if (rc) {
        free(names);
        return gen_fail("catalogue", rc, gt_db_last_error(db));
    }
    for (int i = 0; i < count; i++) {
        gt_table *t;
        if (gt_catalog_find(names[i]))
            continue;
        (*done)++;
        if ((rc = gt_db_get_table(db, names[i], o->threads, &t)) != 0) {
            gen_fail(names[i], rc, gt_db_last_error(db));
            first_error = first_error ? first_error : rc;
            continue;
        }
        if (!o->quiet)
            printf("%s: ok (checksum %016" PRIx64 "; no family defines it: data checked, not recomputed)\n",
                   names[i], t->meta.checksum);
        gt_table_free(t);
    }
    free(names);
    return first_error;
}

static int run_export(const options *o)
{
    const char *path = gt_db_default_path(o->db_path);
    gt_db *db = NULL;
    int rc = gt_db_open(&db, path, GT_DB_READONLY);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s: %s\n", path, gt_strerror(rc), gt_db_last_error(NULL));
        return gt_exit_code(rc);
    }
    int code = gen_export(db, o->export_name, o->export_format ? o->export_format : "raw", o->export_path,
                          o->threads);
    gt_db_close(db);
    return code;
}

int main(int argc, char **argv)
{
    gt_db_options db_options = {getenv("GODTAB_DB"), getenv("XDG_DATA_HOME"), getenv("HOME"),
                                getenv("GODTAB_MAP_SIZE")};
    gt_db_set_options(&db_options); /* the library reads no environment variable */
    options o = {0};
    int rc = parse_options(argc, argv, &o), done = 0;
    if (rc)
        return rc < 0 ? GT_EXIT_OK : rc;
    if (o.list)
        return list_tables(&o);
    char **names = argv + optind;
    int n_names = argc - optind;
    if ((rc = check_export(&o, n_names)) != 0)
        return rc;
    if (o.export_name)
        return run_export(&o);
    if (o.def_path || o.def_given)
        return gen_def_run(&o, n_names);
    if ((rc = check_names(names, n_names)) != 0)
        return rc;
    const char *path = gt_db_default_path(o.db_path);
    gt_db *db = NULL;
    if ((rc = gt_db_open(&db, path, o.verify ? GT_DB_READONLY : GT_DB_WRITE)) != 0) {
        fprintf(stderr, "godtab-gen: %s: %s: %s%s\n", path, gt_strerror(rc), gt_db_last_error(NULL),
                rc == GT_ERR_NOTFOUND ? " (build the tables with: godtab-gen)" : "");
        return gt_exit_code(rc);
    }
    if (o.verify && (rc = check_database(db, path, &o)) != 0) {
        gt_db_close(db);
        return gt_exit_code(rc);
    }
    rc = run_selected(db, &o, names, n_names, &done);
    if (o.verify && n_names == 0) {
        int unknown_rc = verify_unknown_tables(db, &o, &done);
        rc = rc ? rc : unknown_rc;
    }
    gt_db_close(db);
    if (o.verify && done == 0) {
        fprintf(stderr, "godtab-gen: %s holds no tables to verify (build them with: godtab-gen)\n", path);
        return GT_EXIT_NOTABLE;
    }
    return gt_exit_code(rc);
}
