/* godtab-gen --def FILE: the table of a puzzle definition (.tws, issue 13;
 * docs/definitions.md). The program reads the file; the library parses it,
 * plans the index, and the one BFS builds the table through the same
 * build / verify path as every catalog table. */
#include "bfs.h"
#include "catalog_def.h"
#include "def.h"
#include "def_pdb.h"
#include "gen_def.h"
#include "gt_error.h"
#include "size.h"
#include "store.h"
#include "catalog.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEF_FILE_MAX (16u << 20)
#define ANTIPODES_SHOWN 3
#define DEF_ENUMERATE_MAX (1u << 26) /* coordinate values enumerated to refine the estimate */

int gen_def_option(options *o, int c, const char *arg)
{
    switch (c) {
    case 'D': o->def_path = arg; return 0;
    case 'M': o->def_moves = arg; break;
    case 'N': o->def_name = arg; break;
    case 'T':
        if (strcmp(arg, "htm") && strcmp(arg, "qtm")) {
            fprintf(stderr, "godtab-gen: --metric wants htm or qtm, not '%s'\n", arg);
            return GT_EXIT_USAGE;
        }
        o->def_metric = arg;
        break;
    case 'P':
        if (o->n_pdb == (int)(sizeof o->pdb / sizeof o->pdb[0])) {
            fprintf(stderr, "godtab-gen: at most %d --pdb\n", o->n_pdb);
            return GT_EXIT_USAGE;
        }
        o->pdb[o->n_pdb++] = arg;
        break;
    case 'X':
        if (gt_size_parse(arg, &o->max_memory)) {
            fprintf(stderr, "godtab-gen: --max-memory wants a size in bytes (suffix K, M, G or T), not '%s'\n", arg);
            return GT_EXIT_USAGE;
        }
        break;
    }
    o->def_given = 1;
    return 0;
}

/* A godtab cycle-notation file (.def) rather than a .tws one. */
static int cycle_notation(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcmp(path + n - 4, ".def");
}

/* The whole file (NUL-terminated, length in *len). GT_ERR_STORAGE if it
 * cannot be read, GT_ERR_RANGE past DEF_FILE_MAX. */
static int read_file(const char *path, char **text, size_t *len)
{
    FILE *f = fopen(path, "rb");
    int rc = GT_OK;
    *text = NULL;
    if (!f)
        return GT_ERR_STORAGE;
    char *buf = malloc(DEF_FILE_MAX + 1);
    size_t n = buf ? fread(buf, 1, DEF_FILE_MAX + 1, f) : 0;
    if (!buf)
        rc = GT_ERR_NOMEM;
    else if (ferror(f))
        rc = GT_ERR_STORAGE;
    else if (n > DEF_FILE_MAX)
        rc = GT_ERR_RANGE;
    fclose(f);
    if (rc) {
        free(buf);
        return rc;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return GT_OK;
}

/* The antipodes (up to ANTIPODES_SHOWN), written in the definition's syntax. */
static void show_antipodes(const gt_table_spec *spec, const gt_puzzle *p, const uint8_t *dist,
                           const gt_distribution *d)
{
    const gt_def_request *req = spec->arg;
    uint8_t *perm = malloc((size_t)req->def->total), *ori = malloc((size_t)req->def->total);
    char *text = malloc(1 << 16);
    int shown = 0;
    for (uint64_t i = 0; perm && ori && text && i < p->n_states && shown < ANTIPODES_SHOWN; i++) {
        if (dist[i] != d->max_depth || gt_def_model_state(p->ctx, i, perm, ori) != GT_OK ||
            gt_def_state_text(req->def, perm, ori, text, 1 << 16) != GT_OK)
            continue;
        printf("  antipode %d of %" PRIu64 " (index %" PRIu64 "):\n", ++shown, d->count[d->max_depth], i);
        for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
            printf("    %s\n", line);
    }
    free(perm);
    free(ori);
    free(text);
}


/* "def-2x2x2-htm", "def-3x3x3-R.U-qtm": the file's base name, the move list. */
static int default_name(const options *o, char *name, size_t cap)
{
    const char *base = strrchr(o->def_path, '/');
    base = base ? base + 1 : o->def_path;
    size_t n = strcspn(base, ".");
    char moves[64] = "";
    if (o->def_moves) {
        snprintf(moves, sizeof moves, "-%s", o->def_moves);
        for (char *c = moves; *c; c++)
            *c = *c == ',' ? '.' : *c;
    }
    int w = snprintf(name, cap, "def-%.*s%s-%s", (int)n, base, moves, o->def_metric ? o->def_metric : "htm");
    return w > 0 && (size_t)w < cap ? 0 : -1;
}

/* A table name: letters, digits, '-', '_', '.', at most GT_NAME_MAX - 1, and
 * no catalog table's name (its spec would not match the stored table). */
static int check_name(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= GT_NAME_MAX || strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") != n) {
        fprintf(stderr, "godtab-gen: --name wants 1 to %d letters, digits, '-', '_' or '.', not '%s'\n",
                GT_NAME_MAX - 1, name);
        return GT_EXIT_USAGE;
    }
    if (gt_catalog_find(name) || gt_catalog_find_family(name)) {
        fprintf(stderr, "godtab-gen: --name '%s' is a catalog table or family; choose another name\n", name);
        return GT_EXIT_USAGE;
    }
    return 0;
}

/* A definition table's spec->arg: the request, and the record of the file
 * stored with the table (its GT_CATALOG_DEF_SECTION section). */
typedef struct def_stored {
    gt_def_request req; /* first: gt_def_make_puzzle reads spec->arg as a gt_def_request */
    char *record;
    size_t record_len;
} def_stored;

static int def_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const def_stored *d = spec->arg;
    (void)p;
    out[0] = (gt_section_data){GT_CATALOG_DEF_SECTION, d->record, d->record_len};
    *n = 1;
    return GT_OK;
}

/* Parses the file and the move selection into st->req, and records the
 * file with the selection in st->record. Returns an exit code. */
static int load_definition(const options *o, gt_def **def, def_stored *st)
{
    gt_def_request *req = &st->req;
    gt_def_error err;
    char *text;
    size_t len;
    int rc = read_file(o->def_path, &text, &len);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s\n", o->def_path,
                rc == GT_ERR_RANGE ? "definition file larger than 16 MiB" : rc == GT_ERR_STORAGE ? strerror(errno)
                                                                                                 : gt_strerror(rc));
        return rc == GT_ERR_RANGE ? GT_EXIT_PARSE : gt_exit_code(rc);
    }
    rc = gt_catalog_def_parse(text, len, cycle_notation(o->def_path), def, &err);
    if (rc) {
        free(text);
        fprintf(stderr, "godtab-gen: %s:%d:%d: %s\n", o->def_path, err.line, err.column,
                rc == GT_ERR_PARSE ? err.message : gt_strerror(rc));
        return gt_exit_code(rc);
    }
    req->def = *def;
    req->options.metric = o->def_metric && !strcmp(o->def_metric, "qtm") ? GT_DEF_QTM : GT_DEF_HTM;
    if (gt_def_moves_mask(*def, o->def_moves ? o->def_moves : "all", &req->options.move_mask, &err)) {
        fprintf(stderr, "godtab-gen: --moves %s: column %d: %s in %s\n", o->def_moves, err.column, err.message,
                o->def_path);
        free(text);
        return GT_EXIT_USAGE;
    }
    rc = gt_catalog_def_record(*def, text, len, cycle_notation(o->def_path), req->options.metric,
                               req->options.move_mask, &st->record, &st->record_len);
    free(text);
    if (rc)
        fprintf(stderr, "godtab-gen: %s: %s\n", o->def_path, gt_strerror(rc));
    return gt_exit_code(rc);
}

/* Plans the model and compares its memory estimate with the limit.
 * Returns an exit code; prints the plan unless quiet. */
static int plan_and_estimate(options *o, const gt_def_request *req)
{
    gt_def_model *m;
    gt_def_error err;
    gt_def_plan_info info;
    int rc = gt_def_model_plan(req->def, &req->options, &m, &err);
    if (rc) {
        char fit[GT_DEF_PROJ_TEXT_MAX + 128] = "";
        if (rc == GT_ERR_RANGE)
            gen_pdb_suggest(o, req, fit, sizeof fit);
        /* past the memory, the library's message gives the figure needed and
         * the budget (planning stops there: docs/definitions.md) */
        fprintf(stderr, "godtab-gen: %s: %s%s%s%s\n", o->def_path, rc == GT_ERR_RANGE ? "too big: " : "",
                rc == GT_ERR_NOMEM ? gt_strerror(rc) : err.message, rc == GT_ERR_RANGE ? "; not built" : "", fit);
        return rc == GT_ERR_INVAL ? GT_EXIT_PARSE : GT_EXIT_INTERNAL;
    }
    gt_def_model_info(m, &info);
    uint64_t limit = gen_def_memory_limit(o);
    const gt_puzzle *p;
    /* The factor products can be far above the reachable coordinates (a
     * whole-puzzle rotation ties sets together): when the bound does not fit,
     * enumerate the coordinates (small next to the table) and look again. */
    if (info.bytes > limit && info.coord_size[0] <= DEF_ENUMERATE_MAX && gt_def_model_build(m, &p) == GT_OK)
        gt_def_model_info(m, &info);
    gt_def_model_free(m);
    /* Past the memory at a byte a state, the BFS keeps 2 bits a state */
    o->bfs_mod3 = info.bytes > limit && info.bytes_mod3 && info.bytes_mod3 <= limit;
    if (info.bytes > limit && info.bytes_mod3 && info.bytes_mod3 < info.bytes)
        info.bytes = info.bytes_mod3; /* the least it needs, built or refused */
    if (info.bytes > limit) {
        char fit[GT_DEF_PROJ_TEXT_MAX + 128] = "";
        gen_pdb_suggest(o, req, fit, sizeof fit);
        fprintf(stderr,
                "godtab-gen: %s: too big: the table needs about %.1f MiB (%" PRIu64 " bytes for %" PRIu64
                " index states), more than the %.1f MiB allowed%s; not built%s\n",
                o->def_path, (double)info.bytes / 1048576.0, info.bytes, info.states, (double)limit / 1048576.0,
                o->max_memory ? " by --max-memory" : " (physical memory)", fit);
        return GT_EXIT_INTERNAL;
    }
    if (!o->quiet && !o->verify)
        printf("%s: %d moves; index at most %" PRIu64 " states (%" PRIu64 " x %" PRIu64 "); memory estimate %.1f MiB%s\n",
               o->def_path, info.n_moves, info.states, info.coord_size[0],
               info.coord_size[1] ? info.coord_size[1] : 1, (double)info.bytes / 1048576.0,
               o->bfs_mod3 ? " (the BFS at 2 bits a state)" : "");
    return 0;
}

/* The smallest fitting encoding (issue 13): 1 bit a state when the model
 * proves the graph bipartite (def_parity.c) and every index is reached (a
 * 1-bit table cannot mark unreached states); 2 bits, mod 3, otherwise.
 * One coordinate is a perfect index; with two, only a BFS tells whether
 * their product is all reached, so a bipartite puzzle pays one more BFS. */
static gt_encoding choose_encoding(const options *o, const gt_table_spec *spec)
{
    gt_puzzle *p = NULL;
    gt_encoding enc = GT_ENC_MOD3;
    uint8_t *dist = NULL;
    gt_distribution d;
    gt_bfs_options bo = {o->threads, NULL, NULL, NULL};
    if (spec->make_puzzle(spec, &p) != GT_OK)
        return enc; /* the build reports it */
    if (p->distance_parity && (p->n_coords == 1 || (gt_bfs_run(p, &bo, &dist, &d) == GT_OK && d.reached == p->n_states)))
        enc = GT_ENC_PARITY1;
    free(dist);
    spec->free_puzzle(p);
    return enc;
}


int gen_def_run(options *o, int n_names)
{
    gt_def *def = NULL;
    def_stored st = {0};
    gt_def_request *req = &st.req;
    gt_table_spec spec;
    char name[GT_NAME_MAX], summary[256];
    int rc;
    if (!o->def_path || n_names > 0) {
        fprintf(stderr, "godtab-gen: %s\n", !o->def_path ? "--moves, --metric, --name, --max-memory and --pdb go with --def FILE"
                                                          : "--def builds one table: no table names with it");
        return GT_EXIT_USAGE;
    }
    if (o->def_name)
        snprintf(name, sizeof name, "%s", o->def_name);
    else if (default_name(o, name, sizeof name)) {
        fprintf(stderr, "godtab-gen: %s: the default table name is too long; give one with --name\n", o->def_path);
        return GT_EXIT_USAGE;
    }
    if ((rc = check_name(o->def_name ? o->def_name : name)) != 0)
        return rc;
    if ((rc = load_definition(o, &def, &st)) != 0)
        goto free_def;
    /* planning's own tables count against the limit too (docs/definitions.md) */
    req->options.max_bytes = gen_def_memory_limit(o);
    if (o->n_pdb) {
        rc = gen_pdb_run(o, req, name, st.record, st.record_len);
        goto free_def;
    }
    if ((rc = plan_and_estimate(o, req)) != 0)
        goto free_def;
    req->options.bfs_only = o->bfs_mod3; /* the model then drops its lookups once built */
    snprintf(summary, sizeof summary, "%s from %s, %s%s%s", def->title[0] ? def->title : "definition", o->def_path,
             req->options.metric == GT_DEF_QTM ? "quarter-turn metric" : "half-turn metric",
             o->def_moves ? ", moves " : "", o->def_moves ? o->def_moves : "");
    gt_def_spec_init(&spec, name, summary, req);
    /* Mapped, with the definition as a section: godtab-solve rebuilds the
     * model from the table alone (godtab-solve NAME), and finds the table of
     * a file given again by the section's checksum. */
    spec.storage = GT_STORAGE_MAPPED;
    spec.sections = def_sections;
    spec.published = gt_def_find_published(def, req->options.metric, req->options.move_mask);
    if (!o->verify && !o->bfs_mod3) /* a verification decodes the stored table, whatever its encoding */
        spec.encoding = choose_encoding(o, &spec);
    o->show_extra = show_antipodes;
    rc = gen_def_run_spec(o, &spec);
free_def:
    gt_def_free(def);
    free(st.record);
    return rc;
}
