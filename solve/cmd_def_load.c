/* godtab-solve def: which table answers (cmd_def.h). A table godtab-gen
 * --def built carries its definition (catalog_def.h): with --def FILE the
 * table is the one named by --name, else the default name, else any table
 * whose stored definition has the file's bytes and selection (the
 * section's checksum, read from the metadata alone); with a name only, the
 * model is rebuilt from the stored definition. */
#include "cli.h"
#include "cmd_def.h"
#include "gt_error.h"
#include "table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEF_FILE_MAX (16u << 20)

/* A godtab cycle-notation file (.def) rather than a .tws one. */
static int cycle_notation(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcmp(path + n - 4, ".def");
}

/* The definition file's bytes (malloc'd). Returns an exit code. */
static int read_file(const char *path, char **text, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "godtab-solve: %s: %s\n", path, strerror(errno));
        return GT_EXIT_STORAGE;
    }
    char *buf = malloc(DEF_FILE_MAX + 1);
    size_t n = buf ? fread(buf, 1, DEF_FILE_MAX + 1, f) : 0;
    int bad = !buf || ferror(f) || n > DEF_FILE_MAX;
    fclose(f);
    if (bad) {
        fprintf(stderr, "godtab-solve: %s: %s\n", path, !buf ? "out of memory" : n > DEF_FILE_MAX
                                                                 ? "definition file larger than 16 MiB"
                                                                 : "read error");
        free(buf);
        return !buf ? GT_EXIT_INTERNAL : n > DEF_FILE_MAX ? GT_EXIT_PARSE : GT_EXIT_STORAGE;
    }
    *text = buf;
    *len = n;
    return 0;
}

/* The parsed definition, its move mask and metric. where names it in messages. */
typedef struct def_source {
    const char *where; /* the file's path, or "table NAME" */
    const char *text;
    size_t len;
    int cycle_notation, metric;
    const char *moves; /* NULL: all */
    uint64_t mask;
} def_source;

static int parse_source(def_source *src, gt_def **def)
{
    gt_def_error err;
    int rc = gt_catalog_def_parse(src->text, src->len, src->cycle_notation, def, &err);
    if (rc) {
        fprintf(stderr, "godtab-solve: %s:%d:%d: %s\n", src->where, err.line, err.column,
                rc == GT_ERR_PARSE ? err.message : gt_strerror(rc));
        return gt_exit_code(rc);
    }
    if (gt_def_moves_mask(*def, src->moves ? src->moves : "all", &src->mask, &err)) {
        fprintf(stderr, "godtab-solve: --moves %s: column %d: %s\n", src->moves, err.column, err.message);
        return GT_EXIT_USAGE;
    }
    return 0;
}

/* godtab-gen's default name for the file (gen_def.c). */
static void default_name(const def_cli *c, char *name, size_t cap)
{
    const char *base = strrchr(c->path, '/');
    base = base ? base + 1 : c->path;
    snprintf(name, cap, "def-%.*s%s%s-%s", (int)strcspn(base, "."), base, c->moves ? "-" : "",
             c->moves ? c->moves : "", c->metric ? c->metric : "htm");
    for (char *p = name + 4; *p; p++)
        *p = *p == ',' ? '.' : *p;
}

/* The section of the stored definition in a table's metadata, or NULL. */
static const gt_section_meta *stored_section(const gt_table_meta *m)
{
    for (int i = 0; m->storage == GT_STORAGE_MAPPED && i < m->n_sections; i++)
        if (!strcmp(m->sections[i].name, GT_CATALOG_DEF_SECTION))
            return &m->sections[i];
    return NULL;
}

/* 1 if the table is a pattern database (it carries a projection) or a
 * near table: a part of a set NAME-pdb0, ..., NAME-near. */
static int is_pdb(const gt_table_meta *m)
{
    for (int i = 0; m->storage == GT_STORAGE_MAPPED && i < m->n_sections; i++)
        if (!strcmp(m->sections[i].name, GT_DEF_PROJ_SECTION) || !strcmp(m->sections[i].name, GT_DEF_NEAR_SECTION))
            return 1;
    return 0;
}

/* The first stored table whose definition record is `record`: its name in
 * name, or "" when none; when only pattern databases have it, the name of
 * their set (NAME for NAME-pdb0). */
static int find_by_record(gt_db *db, const char *record, size_t len, char *name, size_t cap)
{
    uint64_t sum = gt_checksum64((const uint8_t *)record, len);
    char (*names)[GT_NAME_MAX] = NULL;
    int count = 0, rc = gt_db_list(db, NULL, 0, &count);
    name[0] = 0;
    if (rc == GT_OK && count > 0 && !(names = malloc((size_t)count * sizeof *names)))
        rc = GT_ERR_NOMEM;
    if (rc == GT_OK && count > 0)
        rc = gt_db_list(db, names, count, &count);
    char pdb_base[GT_NAME_MAX] = "";
    for (int i = 0; rc == GT_OK && i < count && !name[0]; i++) {
        gt_table_meta m;
        const gt_section_meta *sec;
        if (gt_db_get_meta(db, names[i], &m) != GT_OK || (sec = stored_section(&m)) == NULL || sec->bytes != len ||
            sec->checksum != sum)
            continue;
        if (!is_pdb(&m))
            snprintf(name, cap, "%s", names[i]);
        else if (!pdb_base[0]) /* a pattern database: its set's name, unless a full table is found */
            gt_def_pdb_base(names[i], pdb_base, sizeof pdb_base);
    }
    if (!name[0] && pdb_base[0])
        snprintf(name, cap, "%s", pdb_base);
    free(names);
    return rc;
}

/* "godtab-gen [--db PATH] --def FILE [--moves M] [--metric T] [--name N]". */
static void build_hint(const def_cli *c, char *hint, size_t cap)
{
    char args[1024];
    snprintf(args, sizeof args, "godtab-gen --def %s%s%s%s%s%s%s", c->path ? c->path : "FILE", c->moves ? " --moves " : "",
             c->moves ? c->moves : "", c->metric ? " --metric " : "", c->metric ? c->metric : "",
             c->name ? " --name " : "", c->name ? c->name : "");
    gt_cli_gen_hint(c->db_path, args, hint, cap);
}

/* The table's name: --name, the default name, or the one whose stored
 * definition is the file's. Returns an exit code. */
static int resolve_name(const def_cli *c, def_session *s, const def_source *file)
{
    gt_table_meta m;
    if (c->name) {
        snprintf(s->name, sizeof s->name, "%s", c->name);
        return 0;
    }
    default_name(c, s->name, sizeof s->name);
    int rc = gt_db_get_meta(s->db, s->name, &m);
    if (rc != GT_ERR_NOTFOUND)
        return 0; /* found, or an error load_table reports */
    char *record, found[GT_NAME_MAX];
    size_t len;
    if ((rc = gt_catalog_def_record(s->def, file->text, file->len, file->cycle_notation, file->metric, file->mask,
                                    &record, &len)) == GT_OK) {
        rc = find_by_record(s->db, record, len, found, sizeof found);
        free(record);
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: %s: %s\n", gt_db_default_path(c->db_path), gt_strerror(rc));
        return gt_exit_code(rc);
    }
    if (found[0])
        snprintf(s->name, sizeof s->name, "%s", found);
    return 0;
}

/* "godtab-solve NAME" where NAME is no stored table either. */
static int unknown_puzzle(const def_cli *c)
{
    fprintf(stderr, "godtab-solve: unknown puzzle '%s': not a family, a catalog table or a table in %s (see "
                    "godtab-solve --help and godtab-gen --list)\n",
            c->name, gt_db_default_path(c->db_path));
    return GT_EXIT_USAGE;
}

/* The stored table; its definition record into *stored (NULL if it has
 * none: a table built before godtab stored them). Returns an exit code. */
static int load_table(const def_cli *c, def_session *s, gt_catalog_def_source *stored, int *have_stored)
{
    char hint[1200];
    gt_table_meta meta;
    int rc = gt_db_get_meta(s->db, s->name, &meta);
    if (rc == GT_ERR_NOTFOUND && ((rc = gt_def_pdb_load(c, s, stored, have_stored)) != 0 || s->n_pdb > 0))
        return rc; /* no full table: its pattern databases */
    if (rc == GT_OK && is_pdb(&meta)) {
        fprintf(stderr, "godtab-solve: table %s is a pattern database: name its set instead (godtab-solve def --name "
                        "NAME for NAME-pdb0, NAME-pdb1, ..., NAME-near)\n",
                s->name);
        return GT_EXIT_USAGE;
    }
    rc = gt_db_get_table(s->db, s->name, 0, &s->table);
    *have_stored = 0;
    if ((rc == GT_ERR_NOTFOUND || rc == GT_ERR_INVAL) && c->by_name)
        return unknown_puzzle(c);
    build_hint(c, hint, sizeof hint);
    if (rc) {
        gt_cli_table_error(s->db, c->db_path, s->name, hint, rc);
        return gt_exit_code(rc);
    }
    const gt_view *v = gt_table_section(s->table, GT_CATALOG_DEF_SECTION);
    if (v && gt_catalog_def_read((const char *)v->data, v->bytes, stored) != GT_OK) {
        fprintf(stderr, "godtab-solve: table %s: its stored definition is damaged; rebuild it with: %s\n", s->name,
                hint);
        return GT_EXIT_CORRUPT;
    }
    *have_stored = v != NULL;
    if (!v && !c->path) {
        fprintf(stderr, "godtab-solve: table %s carries no definition (built by an older godtab); give its file: "
                        "godtab-solve def --def FILE --name %s\n",
                s->name, s->name);
        return GT_EXIT_USAGE;
    }
    return 0;
}

/* Plans and builds the model of src's selection, checked against the table. */
static int build_model(def_session *s, const def_source *src)
{
    gt_def_options o = {.metric = src->metric, .move_mask = src->mask};
    gt_def_error err;
    int rc;
    if (s->n_pdb)
        return gt_def_pdb_model(s, src->where, src->metric, src->mask);
    if ((rc = gt_def_model_plan(s->def, &o, &s->model, &err)) != 0 || (rc = gt_def_model_build(s->model, &s->p)) != 0) {
        fprintf(stderr, "godtab-solve: %s: %s\n", src->where, rc == GT_ERR_NOMEM ? gt_strerror(rc) : err.message);
        return rc == GT_ERR_INVAL ? GT_EXIT_PARSE : GT_EXIT_INTERNAL;
    }
    s->metric = src->metric == GT_DEF_QTM ? "qtm" : "htm";
    if (s->table->meta.n_states != s->p->n_states) {
        fprintf(stderr, "godtab-solve: table %s was built from another definition (%llu states, not %llu)\n", s->name,
                (unsigned long long)s->table->meta.n_states, (unsigned long long)s->p->n_states);
        return GT_EXIT_CORRUPT;
    }
    return 0;
}

int gt_def_session_open(const def_cli *c, def_session *s)
{
    char *text = NULL, where[GT_NAME_MAX + 8];
    def_source src = {c->path, NULL, 0, c->path && cycle_notation(c->path),
                      c->metric && !strcmp(c->metric, "qtm") ? GT_DEF_QTM : GT_DEF_HTM, c->moves, 0};
    gt_catalog_def_source stored;
    int have_stored, rc = c->path ? read_file(c->path, &text, &src.len) : 0;
    s->in_place = c->one_query;
    src.text = text;
    if (!rc && c->path)
        rc = parse_source(&src, &s->def);
    if (!rc && c->by_name && gt_db_open(&s->db, gt_db_default_path(c->db_path), GT_DB_READONLY) == GT_ERR_NOTFOUND)
        return unknown_puzzle(c); /* no database: no stored table of that name */
    if (!rc && !s->db) {
        char hint[1200];
        build_hint(c, hint, sizeof hint);
        rc = gt_cli_open_db(c->db_path, hint, &s->db);
    }
    if (!rc && c->path)
        rc = resolve_name(c, s, &src);
    else if (!rc)
        snprintf(s->name, sizeof s->name, "%s", c->name);
    if (!rc)
        rc = load_table(c, s, &stored, &have_stored);
    if (!rc && have_stored && (!c->path || !c->moves || !c->metric)) {
        /* the selection the table was built with, unless given */
        if (!c->metric)
            src.metric = stored.metric;
        if (!c->moves)
            src.moves = stored.moves;
        if (!c->path) { /* the stored definition itself */
            snprintf(where, sizeof where, "table %s", s->name);
            src = (def_source){where, stored.text, stored.len, stored.cycle_notation, src.metric, src.moves, 0};
        } else {
            gt_def_free(s->def);
            s->def = NULL;
        }
        rc = parse_source(&src, &s->def);
    }
    if (!rc)
        rc = build_model(s, &src);
    free(text);
    return rc;
}

void gt_def_session_close(def_session *s)
{
    gt_def_search_free(s->search);
    for (int i = 0; i < s->n_pdb; i++)
        gt_table_free(s->pdb[i]);
    gt_table_free(s->near);
    gt_table_free(s->table);
    gt_db_close(s->db);
    gt_def_model_free(s->model);
    gt_def_free(s->def);
}
