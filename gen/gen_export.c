/* godtab-gen --export (gen_export.h). */
#include "gen_export.h"
#include "catalog.h"
#include "gt_error.h"
#include "solve.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 1 << 22 }; /* states decoded at a time: memory stays flat */

/* The .npy header (format version 1.0): magic, version, header length, a
 * Python dict literal padded with spaces to a multiple of 64 bytes. */
static int write_npy_header(FILE *f, uint64_t n)
{
    char dict[128];
    int len = snprintf(dict, sizeof dict, "{'descr': '|u1', 'fortran_order': False, 'shape': (%" PRIu64 ",), }", n);
    int total = 10 + len + 1, pad = (64 - total % 64) % 64;
    unsigned short hlen = (unsigned short)(len + pad + 1);
    unsigned char head[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hlen & 255),
                              (unsigned char)(hlen >> 8)};
    return fwrite(head, 1, 10, f) == 10 && fprintf(f, "%s%*s\n", dict, pad, "") == len + pad + 1 ? 0 : -1;
}

static int write_chunk(FILE *f, const char *format, uint64_t first, const uint8_t *d, uint64_t n)
{
    if (strcmp(format, "csv"))
        return fwrite(d, 1, n, f) == n ? 0 : -1;
    for (uint64_t i = 0; i < n; i++)
        if (fprintf(f, "%" PRIu64 ",%u\n", first + i, (unsigned)d[i]) < 0)
            return -1;
    return 0;
}

static int write_all(FILE *f, const char *format, const gt_puzzle *p, const gt_table *t, int threads, int *rc)
{
    uint8_t *buf = malloc(CHUNK);
    int bad = !buf;
    if (!bad && !strcmp(format, "npy"))
        bad = write_npy_header(f, p->n_states);
    if (!bad && !strcmp(format, "csv"))
        bad = fprintf(f, "index,distance\n") < 0;
    for (uint64_t at = 0; !bad && *rc == GT_OK && at < p->n_states; at += CHUNK) {
        uint64_t n = p->n_states - at < CHUNK ? p->n_states - at : CHUNK;
        *rc = gt_solve_distances(p, t, at, n, buf, threads);
        if (*rc == GT_OK)
            bad = write_chunk(f, format, at, buf, n);
    }
    free(buf);
    return bad;
}

int gen_export(gt_db *db, const char *name, const char *format, const char *path, int threads)
{
    gt_puzzle *p = NULL;
    gt_table *t = NULL;
    if (strcmp(format, "raw") && strcmp(format, "csv") && strcmp(format, "npy")) {
        fprintf(stderr, "godtab-gen: --format wants raw, csv or npy, not '%s'\n", format);
        return GT_EXIT_USAGE;
    }
    int rc = gt_catalog_load(db, name, &p, &t);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s%s%s\n", name, gt_strerror(rc),
                rc == GT_ERR_NOTFOUND ? "; build it with: godtab-gen " : "", rc == GT_ERR_NOTFOUND ? name : "");
        return gt_exit_code(rc);
    }
    if (t->meta.encoding == GT_ENC_TOP2) { /* (gt_solve_distances refuses it too) */
        fprintf(stderr, "godtab-gen: %s keeps 2-bit codes, not distances (top2 encoding): nothing to export\n",
                name);
        gt_catalog_unload(name, p, t);
        return GT_EXIT_USAGE;
    }
    /* "-" is standard output, as for every file a godtab program names */
    int to_stdout = !strcmp(path, "-");
    const char *where = to_stdout ? "standard output" : path;
    FILE *f = to_stdout ? stdout : fopen(path, "wb");
    int bad = !f || write_all(f, format, p, t, threads, &rc);
    if (f && (to_stdout ? fflush(f) : fclose(f)) != 0)
        bad = 1;
    gt_catalog_unload(name, p, t);
    if (rc) {
        fprintf(stderr, "godtab-gen: %s: %s (nothing usable written to %s)\n", name, gt_strerror(rc), where);
        if (!to_stdout)
            remove(path);
        return gt_exit_code(rc);
    }
    if (bad) {
        fprintf(stderr, "godtab-gen: cannot write %s\n", where);
        if (!to_stdout)
            remove(path);
        return GT_EXIT_STORAGE;
    }
    return GT_EXIT_OK;
}
