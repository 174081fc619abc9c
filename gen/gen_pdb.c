/* godtab-gen --def FILE --pdb auto|PROJECTION: the pattern databases of a
 * definition (issue 28; docs/search.md). Each is
 * the distance table of a projection, built by the one BFS and stored as a
 * mapped table NAME-pdbI with two sections: the definition (as a full
 * table stores it, so that godtab-solve finds them from the file) and the
 * projection's text. */
#include "catalog_def.h"
#include "def.h"
#include "def_pdb.h"
#include "gen_def.h"
#include "gt_error.h"
#include "table.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The automatic choice keeps each database's BFS under this many
 * neighbours (images x moves: about 45 s on 2 cores at the measured
 * 2.1e8 a second), whatever the memory allows: 3x3x3.tws gets seven-edge
 * databases, the megaminx (48 moves) four-piece ones. */
#define PDB_AUTO_WORK 10000000000ull

/* One database's spec->arg: the request (first), its record and text. */
typedef struct pdb_stored {
    gt_def_pdb_request req;
    const char *record;
    size_t record_len;
    const char *text;
} pdb_stored;

static int pdb_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const pdb_stored *d = spec->arg;
    (void)p;
    out[0] = (gt_section_data){GT_CATALOG_DEF_SECTION, d->record, d->record_len};
    out[1] = (gt_section_data){GT_DEF_PROJ_SECTION, d->text, strlen(d->text)};
    *n = 2;
    return GT_OK;
}

/* Bytes a database of `states` images needs to be built: the BFS's byte a
 * state and the 2-bit table; or, with the BFS at 2 bits a state
 * (gt_bfs_run_mod3), the table built in place and one part of it in
 * flight to LMDB. */
static uint64_t build_bytes(uint64_t states, int mod3)
{
    const uint64_t table = states / 4 + 1;
    return mod3 ? table + gt_table_put_in_flight(table) : states + table;
}

/* 1 when a database of `states` images fits the limit at 2 bits a state
 * only: its BFS then keeps 2 bits a state. */
static int needs_mod3(const options *o, uint64_t states)
{
    uint64_t limit = gen_def_memory_limit(o);
    return build_bytes(states, 0) > limit && build_bytes(states, 1) <= limit;
}

/* The largest image a build may have under the limit (at 2 bits a state:
 * twice the limit's bytes while the table is one record, four times what
 * one part leaves above). */
static uint64_t max_images(const options *o, const gt_def_model *m, int automatic)
{
    uint64_t limit = gen_def_memory_limit(o), work = PDB_AUTO_WORK / (uint64_t)gt_def_model_n_moves(m);
    uint64_t room = limit / 2 <= GT_TABLE_SINGLE_MAX ? limit / 2 : limit - GT_TABLE_PART_BYTES; /* for S/4 bytes */
    uint64_t fit = room > UINT64_MAX / 32 ? UINT64_MAX / 8 : room * 4;  /* (UINT64_MAX: the machine's, unknown) */
    return automatic && fit > work ? work : fit;
}

/* The projections the definition file names ("# @pdb PROJECTION" lines,
 * --pdb file). Returns an exit code: 2 for one that does not read (at
 * FILE:LINE), 1 when there is none. */
static int from_file(const options *o, const gt_def_model *m, gt_def_proj *pr, int *n)
{
    const gt_def *def = gt_def_model_def(m);
    gt_def_error err = {0};
    if (def->n_pdb == 0) {
        fprintf(stderr, "godtab-gen: %s: --pdb file: the file names no projection (a '# @pdb PROJECTION' line)\n",
                o->def_path);
        return GT_EXIT_USAGE;
    }
    for (*n = 0; *n < def->n_pdb; (*n)++)
        if (gt_def_proj_parse(m, def->pdb[*n], &pr[*n], &err) != GT_OK) {
            fprintf(stderr, "godtab-gen: %s:%d: @pdb %s: column %d: %s\n", o->def_path, def->pdb_line[*n],
                    def->pdb[*n], err.column, err.message);
            return GT_EXIT_PARSE;
        }
    return 0;
}

/* The projections: chosen, or read from each --pdb. Returns an exit code. */
static int choose(const options *o, const gt_def_model *m, gt_def_proj *pr, int *n)
{
    gt_def_error err = {0};
    int automatic = o->n_pdb == 1 && !strcmp(o->pdb[0], "auto");
    if (automatic) {
        int rc = gt_def_proj_auto(m, max_images(o, m, 1), gen_def_memory_limit(o) / 2 * 4, pr, n, &err);
        if (rc)
            fprintf(stderr, "godtab-gen: %s: %s\n", o->def_path, rc == GT_ERR_NOMEM ? gt_strerror(rc) : err.message);
        return rc == GT_ERR_RANGE ? GT_EXIT_INTERNAL : gt_exit_code(rc);
    }
    if (o->n_pdb == 1 && !strcmp(o->pdb[0], "file")) /* the file's "# @pdb" lines */
        return from_file(o, m, pr, n);
    for (*n = 0; *n < o->n_pdb; (*n)++) {
        int rc = gt_def_proj_parse(m, o->pdb[*n], &pr[*n], &err);
        if (rc) {
            fprintf(stderr, "godtab-gen: --pdb '%s': column %d: %s\n", o->pdb[*n], err.column, err.message);
            return GT_EXIT_USAGE;
        }
    }
    return 0;
}

/* A projection past the memory limit: exit 9 with its figure and the
 * largest automatic projection that fits. */
static int too_big(const options *o, const gt_def_model *m, const gt_def_proj *pr)
{
    gt_def_proj fit[GT_DEF_PDB_MAX];
    gt_def_error err = {0};
    int n = 0;
    uint64_t limit = gen_def_memory_limit(o);
    gt_def_proj_auto(m, max_images(o, m, 0), UINT64_MAX / 8, fit, &n, &err);
    fprintf(stderr,
            "godtab-gen: %s: too big: projection '%s' has %" PRIu64 " images, %.1f MiB to build, more than the "
            "%.1f MiB allowed; the largest that fits: %s\n",
            o->def_path, pr->text, pr->states, (double)build_bytes(pr->states, 1) / 1048576.0, (double)limit / 1048576.0,
            n ? fit[0].text : "none");
    return GT_EXIT_INTERNAL;
}

static int build_one(const options *o, const gt_def_request *req, const char *base, int i, const gt_def_proj *pr,
                     const char *record, size_t record_len)
{
    char name[GT_NAME_MAX], summary[GT_DEF_PROJ_TEXT_MAX + 96];
    gt_table_spec spec;
    if (snprintf(name, sizeof name, "%s-pdb%d", base, i) >= (int)sizeof name) {
        fprintf(stderr, "godtab-gen: %s: the name %s-pdb%d is too long; give a shorter one with --name\n", o->def_path,
                base, i);
        return GT_EXIT_USAGE;
    }
    snprintf(summary, sizeof summary, "pattern database of %s: projection %s", base, pr->text);
    pdb_stored st = {{*req, pr->text}, record, record_len, pr->text};
    gt_def_pdb_spec_init(&spec, name, summary, &st.req);
    spec.arg = &st;
    spec.sections = pdb_sections;
    options one = *o;
    one.bfs_mod3 = needs_mod3(o, pr->states);
    if (!o->quiet)
        printf("%s: projection %s, %" PRIu64 " images%s\n", name, pr->text, pr->states,
               one.bfs_mod3 ? " (the BFS at 2 bits an image)" : "");
    return gen_def_run_spec(&one, &spec);
}

int gen_pdb_run(const options *o, const gt_def_request *req, const char *base, const char *record, size_t record_len)
{
    gt_def_model *m = NULL;
    gt_def_error err = {0};
    gt_def_proj *pr = calloc(GT_DEF_PDB_MAX, sizeof *pr);
    int n = 0, rc = pr ? gt_def_model_plan_orbits(req->def, &req->options, &m, &err) : GT_ERR_NOMEM;
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s\n", o->def_path, rc == GT_ERR_NOMEM ? gt_strerror(rc) : err.message);
        rc = rc == GT_ERR_INVAL ? GT_EXIT_PARSE : GT_EXIT_INTERNAL;
        goto free_all;
    }
    if ((rc = choose(o, m, pr, &n)) != 0)
        goto free_all;
    for (int i = 0; i < n && !o->verify; i++)
        if (build_bytes(pr[i].states, 1) > gen_def_memory_limit(o)) {
            rc = too_big(o, m, &pr[i]);
            goto free_all;
        }
    uint64_t pdb_bytes = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        rc = build_one(o, req, base, i, &pr[i], record, record_len);
        pdb_bytes += pr[i].states / 4 + 1;
    }
    if (rc == 0 && !o->verify && o->n_pdb == 1 && !strcmp(o->pdb[0], "auto"))
        rc = gen_near_run(o, m, base, pdb_bytes, record, record_len);
free_all:
    gt_def_model_free(m);
    free(pr);
    return rc;
}

void gen_pdb_suggest(const options *o, const gt_def_request *req, char *buf, size_t cap)
{
    gt_def_model *m = NULL;
    gt_def_proj *pr = calloc(GT_DEF_PDB_MAX, sizeof *pr);
    gt_def_error err = {0};
    int n = 0;
    buf[0] = 0;
    if (pr && gt_def_model_plan_orbits(req->def, &req->options, &m, &err) == GT_OK &&
        gt_def_proj_auto(m, max_images(o, m, 0), UINT64_MAX / 8, pr, &n, &err) == GT_OK && n > 0)
        snprintf(buf, cap, "; the largest projection that fits: %s (godtab-gen --def %s --pdb auto builds pattern "
                           "databases)",
                 pr[0].text, o->def_path);
    gt_def_model_free(m);
    free(pr);
}
