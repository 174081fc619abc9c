/* godtab-gen's shared parts: its options, the build and verification of one
 * table spec (godtab-gen.c), and the --def path (gen_def.c). */
#ifndef GODTAB_GEN_DEF_H
#define GODTAB_GEN_DEF_H

#include "bfs.h"
#include "spec.h"
#include "store.h"

#include <stdint.h>

typedef struct options {
    const char *db_path;
    int threads, verify, quiet, list, json; /* json: --list --json */
    /* --def FILE [--moves LIST] [--metric htm|qtm] [--name NAME] [--max-memory BYTES] */
    const char *def_path, *def_moves, *def_metric, *def_name;
    uint64_t max_memory; /* 0: the machine's physical memory */
    int def_given;       /* a --def-only option was given */
    const char *pdb[8];  /* --pdb auto|PROJECTION, repeated (gen_pdb.c) */
    int n_pdb;
    /* --export NAME --format raw|csv|npy -o FILE (gen_export.h) */
    const char *export_name, *export_format, *export_path;
    /* Called after the distribution is printed (not with --quiet): the
     * antipodes of a definition table. */
    void (*show_extra)(const gt_table_spec *spec, const gt_puzzle *p, const uint8_t *dist,
                       const gt_distribution *d);
    /* The BFS at 2 bits a state (gt_bfs_run_mod3): planning sets it when a
     * definition's table fits the memory that way only. */
    int bfs_mod3;
} options;

/* Build (or verify) one table; the first error, already printed. */
int gen_build_table(const gt_table_spec *spec, gt_db *db, const options *o);
/* Prints "godtab-gen: NAME: ERROR[: DETAIL]" on stderr and returns rc. */
int gen_fail(const char *name, int rc, const char *detail);
int gen_verify_table(const gt_table_spec *spec, gt_db *db, const options *o);

/* Records a --def, --moves, --metric, --name or --max-memory option (c is
 * its getopt letter: D M T N X). Returns 0 or GT_EXIT_USAGE (printed). */
int gen_def_option(options *o, int c, const char *arg);

/* Opens the database and builds or verifies one spec of a definition;
 * returns the exit code. */
int gen_def_run_spec(const options *o, const gt_table_spec *spec);
/* The memory --max-memory allows (else the machine's). */
uint64_t gen_def_memory_limit(const options *o);

/* godtab-gen --def FILE --pdb ...: the pattern databases of the request,
 * named base-pdb0, base-pdb1, ...; record is the definition stored with each
 * (gen_pdb.c). Returns the exit code. */
struct gt_def_request;
int gen_pdb_run(const options *o, const struct gt_def_request *req, const char *base, const char *record,
                size_t record_len);

/* godtab-gen --def FILE --pdb auto, after the databases (pdb_bytes of
 * tables): the near table base-near in the memory left (gen_near.c).
 * Returns the exit code. */
struct gt_def_model;
int gen_near_run(const options *o, const struct gt_def_model *m, const char *base, uint64_t pdb_bytes,
                 const char *record, size_t record_len);

/* "; the largest projection that fits: ..." for a too-big message, or "". */
void gen_pdb_suggest(const options *o, const struct gt_def_request *req, char *buf, size_t cap);

/* godtab-gen --def: parse, plan, estimate, then build or verify the table.
 * n_names: table names also given on the command line (a usage error).
 * Returns the process exit code. */
int gen_def_run(options *o, int n_names);

#endif
