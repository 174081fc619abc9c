/* godtab-gen-mpi: godtab-gen's tables built by a BFS split over MPI ranks
 * (docs/distributed.md).
 *
 *   mpirun -n K godtab-gen-mpi [--db PATH] [--threads N] [--batch STATES] [--quiet] [--stats] NAME ...
 *
 * A NAME is a table or a family, as for godtab-gen (gt_catalog_selects): a
 * family stands for its tables but those built only when named; they are
 * built in catalog order. A NAME may also be a table of the database built
 * from a definition file (godtab-gen --def FILE --name NAME): rank 0 reads
 * its stored definition and sends the bytes to the other ranks, which make
 * the same spec from them (gt_catalog_def_table_from_record); it is
 * rebuilt after the catalog's, as godtab-gen --def stored it.
 *
 * --stats prints each level's figures on rank 0: new states, seconds, the
 * states sent between ranks (8 bytes each; a pulled level's bitmap counted
 * in the same 8-byte units) and rounds, and the peak memory. --push-only
 * expands every level forwards (no N/8-byte bitmap on each rank). 
 *
 * Every rank runs the engine's BFS on its slice of the states
 * (gt_bfs_run_ranked), exchanging neighbours with MPI_Alltoallv in bounded
 * rounds; rank 0 then gathers the slices and stores the table exactly as
 * godtab-gen does (gt_catalog_store_dist), so the stored data and checksum
 * are the single-process build's. Only rank 0 opens the database: no shared
 * filesystem is needed. A rank that fails, or dies, ends the whole job
 * (MPI_Abort / mpirun), before rank 0 has written anything: the database
 * keeps its previous tables. */
#include "bfs.h"
#include "catalog.h"
#include "catalog_def.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

#include <inttypes.h>
#include <limits.h>
#include <mpi.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct options {
    const char *db_path;
    int threads, quiet, stats, push_only;
    int help, version; /* -h/--help, -V/--version: print, exit 0 */
    uint64_t batch;
    char **names;
    int n_names;
} options;

typedef struct mpi_ctx {
    int rank, ranks;
    int *scount, *rcount, *sdisp, *rdisp;
    uint64_t *sendbuf, send_cap;
    int die_level; /* tests: this rank kills itself after that level (0: never) */
    int stats;     /* --stats: per-level exchange figures on rank 0 */
    uint64_t sent, rounds; /* this level so far: states sent to other ranks, exchange rounds */
    uint64_t reached;      /* states reached before this level */
    int node_threads;      /* default threads a rank: the node's cores shared by its ranks */
    double level_start;
} mpi_ctx;

/* ---- the communicator ---- */

static int mpi_exchange(void *ctx, uint64_t *const *send, const uint64_t *nsend, uint64_t **recv, uint64_t *nrecv,
                        uint64_t *recv_cap)
{
    mpi_ctx *c = ctx;
    uint64_t total = 0, in = 0;
    for (int k = 0; k < c->ranks; k++) {
        if (nsend[k] > INT_MAX || total + nsend[k] > INT_MAX)
            return GT_ERR_RANGE; /* a round holds batch × moves states: far below */
        c->sdisp[k] = (int)total;
        c->scount[k] = (int)nsend[k];
        total += nsend[k];
    }
    if (total > c->send_cap) {
        uint64_t *grown = realloc(c->sendbuf, total * sizeof *grown);
        if (!grown)
            return GT_ERR_NOMEM;
        c->sendbuf = grown;
        c->send_cap = total;
    }
    for (int k = 0; k < c->ranks; k++)
        if (nsend[k]) /* (an empty outbox may have no buffer yet) */
            memcpy(c->sendbuf + c->sdisp[k], send[k], nsend[k] * sizeof *c->sendbuf);
    MPI_Alltoall(c->scount, 1, MPI_INT, c->rcount, 1, MPI_INT, MPI_COMM_WORLD);
    for (int k = 0; k < c->ranks; k++) {
        c->rdisp[k] = (int)in;
        in += (uint64_t)c->rcount[k];
    }
    if (in > *recv_cap) {
        uint64_t *grown = realloc(*recv, in * sizeof *grown);
        if (!grown)
            return GT_ERR_NOMEM;
        *recv = grown;
        *recv_cap = in;
    }
    MPI_Alltoallv(c->sendbuf, c->scount, c->sdisp, MPI_UINT64_T, *recv, c->rcount, c->rdisp, MPI_UINT64_T,
                  MPI_COMM_WORLD);
    *nrecv = in;
    c->sent += total;
    c->rounds++;
    return GT_OK;
}

/* The pulled levels' frontier bitmaps (MPI's counts are ints: slices up
 * to 2^34 states a rank). */
static int mpi_allgather(void *ctx, uint8_t *all, const uint64_t *counts, const uint64_t *displs)
{
    mpi_ctx *c = ctx;
    for (int k = 0; k < c->ranks; k++) {
        if (counts[k] > INT_MAX || displs[k] > INT_MAX)
            return GT_ERR_RANGE;
        c->scount[k] = (int)counts[k];
        c->sdisp[k] = (int)displs[k];
    }
    c->sent += counts[c->rank] * (uint64_t)(c->ranks - 1) / 8; /* bytes to the others, in 8-byte units */
    return MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, c->scount, c->sdisp, MPI_BYTE,
                          MPI_COMM_WORLD) == MPI_SUCCESS ? GT_OK : GT_ERR_STORAGE;
}

static int mpi_sum(void *ctx, uint64_t *v, int n)
{
    (void)ctx;
    return MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS ? GT_OK
                                                                                                 : GT_ERR_STORAGE;
}

/* Peak resident memory of this process, bytes (VmHWM). */
static uint64_t peak_rss(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    uint64_t kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6))
            kb = strtoull(line + 6, NULL, 10);
    if (f)
        fclose(f);
    return kb * 1024;
}

/* After each level (every rank calls it): the level's figures, summed over
 * the ranks, on rank 0's stderr. */
static void progress(void *user, int depth, uint64_t reached, uint64_t total, double seconds)
{
    mpi_ctx *c = user;
    uint64_t found = reached - c->reached;
    c->reached = reached;
    if (c->die_level && depth >= c->die_level)
        raise(SIGKILL); /* the test of a rank that dies mid-build */
    uint64_t sent = c->sent;
    MPI_Reduce(c->rank ? &sent : MPI_IN_PLACE, &sent, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    if (c->rank == 0 && c->stats)
        fprintf(stderr, "  level %2d: %10" PRIu64 " states in %8.3f s; %10" PRIu64 " states sent between ranks "
                        "(%" PRIu64 " bytes, %.2f a new state) in %" PRIu64 " rounds; %" PRIu64 " of %" PRIu64 "\n",
                depth, found, seconds - c->level_start, sent, sent * 8, found ? 8.0 * (double)sent / (double)found : 0,
                c->rounds, reached, total);
    else if (c->rank == 0 && !getenv("GODTAB_MPI_QUIET"))
        fprintf(stderr, "depth %d: %" PRIu64 " new states, %.1f s\n", depth, found, seconds);
    c->level_start = seconds;
    c->sent = c->rounds = 0;
}

/* ---- gathering on rank 0, in pieces below MPI's int counts ---- */

#define PIECE (1u << 30)

static void gather(const mpi_ctx *c, uint64_t n, const uint8_t *slice, uint64_t lo, uint64_t hi, uint8_t *whole)
{
    if (c->rank != 0) {
        for (uint64_t off = 0; off < hi - lo; off += PIECE)
            MPI_Send(slice + off, (int)(hi - lo - off < PIECE ? hi - lo - off : PIECE), MPI_BYTE, 0, 1,
                     MPI_COMM_WORLD);
        return;
    }
    memcpy(whole + lo, slice, hi - lo);
    for (int r = 1; r < c->ranks; r++) {
        uint64_t a = gt_bfs_slice_start(n, r, c->ranks), b = gt_bfs_slice_start(n, r + 1, c->ranks);
        for (uint64_t off = 0; off < b - a; off += PIECE)
            MPI_Recv(whole + a + off, (int)(b - a - off < PIECE ? b - a - off : PIECE), MPI_BYTE, r, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

/* ---- one table ---- */

static void print_summary(const gt_table_spec *spec, const gt_table_meta *m, const mpi_ctx *c, double bfs)
{
    printf("%s: %s\n  ", spec->name, spec->summary);
    for (int d = 0; d <= m->distribution.max_depth; d++)
        printf("%s%d:%" PRIu64, d ? " " : "", d, m->distribution.count[d]);
    printf("\n  God's number %d; BFS %.1f ms on %d ranks x %d threads; checksum %016" PRIx64 "; stored %" PRIu64
           " bytes\n",
           m->distribution.max_depth, bfs * 1e3, c->ranks, m->threads / c->ranks, m->checksum, m->stored_bytes);
}

/* Builds one table on every rank; rank 0 stores it. Returns the exit code
 * (the same on every rank). */
static int build(const gt_table_spec *spec, gt_db *db, const options *o, mpi_ctx *c)
{
    gt_puzzle *p = NULL;
    uint8_t *slice = NULL, *whole = NULL;
    uint64_t lo, hi;
    gt_distribution d;
    int threads = o->threads > 0 ? o->threads : c->node_threads, rc = spec->make_puzzle(spec, &p);
    c->reached = 1;
    c->level_start = 0;
    c->sent = c->rounds = 0;
    gt_bfs_options bo = {threads, progress, c, NULL};
    gt_bfs_comm comm = {c->rank, c->ranks, o->batch, mpi_exchange, mpi_sum, o->push_only ? NULL : mpi_allgather, c};
    double t0 = MPI_Wtime();
    if (rc == GT_OK)
        rc = gt_bfs_run_ranked(p, &bo, &comm, &slice, &lo, &hi, &d);
    if (rc != GT_OK) { /* the other ranks may wait in a collective: end them all */
        fprintf(stderr, "godtab-gen-mpi: %s: rank %d: %s\n", spec->name, c->rank, gt_strerror(rc));
        MPI_Abort(MPI_COMM_WORLD, gt_exit_code(rc));
    }
    double bfs = MPI_Wtime() - t0;
    uint64_t rss = peak_rss(), rss_max = rss;
    MPI_Reduce(c->rank ? &rss_max : MPI_IN_PLACE, &rss_max, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
    if (c->rank == 0 && c->stats)
        fprintf(stderr, "  memory: peak resident %.1f MB on the largest rank (its slice: %.1f MB)\n",
                (double)rss_max / 1e6, (double)(hi - lo) / 1e6);
    if (c->rank == 0 && !(whole = malloc(p->n_states)))
        MPI_Abort(MPI_COMM_WORLD, GT_EXIT_INTERNAL);
    gather(c, p->n_states, slice, lo, hi, whole);
    if (c->rank == 0) {
        char note[32];
        gt_table_meta meta;
        snprintf(note, sizeof note, "mpi %d ranks", c->ranks);
        gt_catalog_build b = {threads * c->ranks, MPI_Wtime() - t0, note};
        rc = gt_catalog_store_dist(db, spec, p, whole, &d, &b, &meta);
        if (rc)
            fprintf(stderr, "godtab-gen-mpi: %s: %s (%s); the previous table is kept\n", spec->name, gt_strerror(rc),
                    rc == GT_ERR_MISMATCH ? "the counts differ from the published ones" : gt_db_last_error(db));
        else if (!o->quiet)
            print_summary(spec, &meta, c, bfs);
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(whole);
    free(slice);
    spec->free_puzzle(p);
    return gt_exit_code(rc);
}

/* ---- the command line ---- */

#define USAGE                                                                                                  \
    "usage: mpirun -n K godtab-gen-mpi [--db PATH] [--threads N] [--batch STATES] [--push-only]\n"              \
    "                                  [--quiet] [--stats] NAME ...\n"                                           \
    "       godtab-gen-mpi -h|--help | -V|--version\n"

static int usage(int rank, const char *why)
{
    if (rank == 0)
        fprintf(stderr, "godtab-gen-mpi: %s\n" USAGE, why);
    return GT_EXIT_USAGE;
}

static void help(void)
{
    printf(USAGE "Builds catalog tables with the BFS split over MPI ranks (docs/distributed.md);\n"
                 "the stored table is byte-identical to godtab-gen's. A NAME is a table or a family\n"
                 "(pocket: pocket-htm and pocket-qtm), as for godtab-gen (see godtab-gen --list),\n"
                 "or a table of the database built from a definition file (godtab-gen --def FILE\n"
                 "--name NAME), rebuilt from the definition stored with it.\n"
                 "Exit codes as godtab-gen's.\n");
}

/* An option without a value; 0 if a is none. */
static int flag(const char *a, options *o)
{
    if (!strcmp(a, "-h") || !strcmp(a, "--help"))
        return o->help = 1;
    if (!strcmp(a, "-V") || !strcmp(a, "--version"))
        return o->version = 1;
    if (!strcmp(a, "--quiet") || !strcmp(a, "--stats") || !strcmp(a, "--push-only")) {
        o->quiet |= a[2] == 'q';
        o->stats |= a[2] == 's';
        o->push_only |= a[2] == 'p';
        return 1;
    }
    return 0;
}

static int parse(int argc, char **argv, int rank, options *o)
{
    *o = (options){0};
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (flag(a, o)) {
            if (o->help || o->version)
                return 0; /* whatever follows */
            continue;
        }
        if (i + 1 >= argc)
            return usage(rank, "an option without its value");
        if (!strcmp(a, "--db"))
            o->db_path = argv[++i];
        else if (!strcmp(a, "--threads"))
            o->threads = atoi(argv[++i]);
        else if (!strcmp(a, "--batch"))
            o->batch = strtoull(argv[++i], NULL, 10);
        else
            return usage(rank, "unknown option");
    }
    o->names = argv + i;
    o->n_names = argc - i;
    if (o->threads < 0)
        return usage(rank, "--threads wants a number >= 0");
    return o->n_names > 0 ? 0 : usage(rank, "no table named");
}

/* Is spec named on the command line, by its name or its family's? */
static int selected(const gt_table_spec *spec, const options *o)
{
    for (int i = 0; i < o->n_names; i++)
        if (gt_catalog_selects(spec, o->names[i]))
            return 1;
    return 0;
}

/* Rank 0: the definition table `name` of the database, read-only (closed
 * again before the build opens it for writing). */
static int read_definition(const options *o, const char *name, gt_catalog_def_table **out)
{
    gt_db *db = NULL;
    int rc = gt_db_open(&db, gt_db_default_path(o->db_path), GT_DB_READONLY);
    if (rc == GT_OK)
        rc = gt_catalog_def_table_open(db, name, out);
    else
        rc = GT_ERR_NOTFOUND; /* no database: no definition table either */
    if (db)
        gt_db_close(db);
    return rc;
}

/* A name outside the catalog: a definition table, read on rank 0, its
 * definition bytes broadcast, its spec made on every rank. Returns the exit
 * code (the same on every rank). */
static int share_definition(const options *o, const mpi_ctx *c, const char *name, gt_catalog_def_table **out)
{
    int head[2] = {GT_OK, 0}; /* rank 0's result, the stored encoding */
    uint64_t len = 0;
    const void *bytes = NULL;
    size_t n = 0;
    if (c->rank == 0 && (head[0] = read_definition(o, name, out)) == GT_OK) {
        gt_catalog_def_table_record(*out, &bytes, &n);
        len = n;
        head[1] = (int)gt_catalog_def_table_spec(*out)->encoding;
        if (len > INT_MAX)
            head[0] = GT_ERR_RANGE;
    }
    MPI_Bcast(head, 2, MPI_INT, 0, MPI_COMM_WORLD);
    if (head[0] != GT_OK) {
        if (c->rank == 0 && head[0] == GT_ERR_NOTFOUND)
            fprintf(stderr, "godtab-gen-mpi: unknown table or family '%s' (see godtab-gen --list; a table built "
                            "with godtab-gen --def is named by its --name)\n", name);
        else if (c->rank == 0)
            fprintf(stderr, "godtab-gen-mpi: %s: its stored definition: %s\n", name, gt_strerror(head[0]));
        return head[0] == GT_ERR_NOTFOUND ? GT_EXIT_USAGE : gt_exit_code(head[0]);
    }
    MPI_Bcast(&len, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    void *buf = c->rank == 0 ? (void *)bytes : malloc(len ? len : 1);
    int rc = buf ? GT_OK : GT_ERR_NOMEM, worst;
    if (!buf)
        MPI_Abort(MPI_COMM_WORLD, GT_EXIT_INTERNAL); /* the broadcast below would wait for this rank */
    MPI_Bcast(buf, (int)len, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (c->rank != 0) {
        rc = gt_catalog_def_table_from_record(buf, len, name, (gt_encoding)head[1], out);
        free(buf);
    }
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD); /* errors are negative */
    if (worst != GT_OK && c->rank == 0)
        fprintf(stderr, "godtab-gen-mpi: %s: a rank cannot read its definition: %s\n", name, gt_strerror(worst));
    return gt_exit_code(worst);
}

/* Every name is checked before anything is built: a catalog table or
 * family, or a definition table of the database (defs[i], its spec). */
static int check_names(const options *o, const mpi_ctx *c, gt_catalog_def_table **defs)
{
    for (int i = 0; i < o->n_names; i++) {
        int known = 0, code;
        for (int k = 0; k < gt_catalog_count() && !known; k++)
            known = gt_catalog_selects(gt_catalog_get(k), o->names[i]);
        if (!known && (code = share_definition(o, c, o->names[i], &defs[i])) != 0)
            return code;
    }
    return 0;
}

static int run(const options *o, mpi_ctx *c)
{
    gt_db *db = NULL;
    gt_catalog_def_table **defs = calloc((size_t)o->n_names, sizeof *defs);
    int code = defs ? check_names(o, c, defs) : GT_EXIT_INTERNAL;
    if (!code && c->rank == 0) {
        const char *path = gt_db_default_path(o->db_path);
        int rc = gt_db_open(&db, path, GT_DB_WRITE);
        if (rc) {
            fprintf(stderr, "godtab-gen-mpi: %s: %s: %s\n", path, gt_strerror(rc), gt_db_last_error(NULL));
            code = gt_exit_code(rc);
        }
    }
    MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int k = 0; k < gt_catalog_count() && !code; k++) /* catalog order, as godtab-gen */
        if (selected(gt_catalog_get(k), o))
            code = build(gt_catalog_get(k), db, o, c);
    for (int i = 0; defs && i < o->n_names && !code; i++) /* then the definition tables, in command-line order */
        if (defs[i])
            code = build(gt_catalog_def_table_spec(defs[i]), db, o, c);
    for (int i = 0; defs && i < o->n_names; i++)
        gt_catalog_def_table_free(defs[i]);
    free(defs);
    if (db)
        gt_db_close(db);
    return code;
}

int main(int argc, char **argv)
{
    gt_db_options db_options = {getenv("GODTAB_DB"), getenv("XDG_DATA_HOME"), getenv("HOME"),
                                getenv("GODTAB_MAP_SIZE")};
    gt_db_set_options(&db_options); /* the library reads no environment variable */
    int provided, code;
    options o;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    mpi_ctx c = {0};
    MPI_Comm_rank(MPI_COMM_WORLD, &c.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c.ranks);
    /* ranks on this node share its cores (more threads than cores only thrash) */
    MPI_Comm node;
    int local = 1;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
        MPI_Comm_size(node, &local);
        MPI_Comm_free(&node);
    }
    c.node_threads = omp_get_num_procs() / local > 0 ? omp_get_num_procs() / local : 1;
    const char *die = getenv("GODTAB_MPI_DIE"); /* "RANK:LEVEL", for the tests */
    if (die && atoi(die) == c.rank && strchr(die, ':'))
        c.die_level = atoi(strchr(die, ':') + 1);
    c.scount = calloc((size_t)c.ranks, sizeof(int));
    c.rcount = calloc((size_t)c.ranks, sizeof(int));
    c.sdisp = calloc((size_t)c.ranks, sizeof(int));
    c.rdisp = calloc((size_t)c.ranks, sizeof(int));
    if (!c.scount || !c.rcount || !c.sdisp || !c.rdisp) {
        code = GT_EXIT_INTERNAL;
    } else if ((code = parse(argc, argv, c.rank, &o)) == 0 && (o.help || o.version)) {
        char v[192];
        gt_version_text(v, sizeof v);
        if (c.rank == 0 && o.help)
            help();
        else if (c.rank == 0)
            printf("godtab-gen-mpi: %s\n", v);
    } else if (!code) {
        c.stats = o.stats;
        code = run(&o, &c);
    }
    free(c.scount);
    free(c.rcount);
    free(c.sdisp);
    free(c.rdisp);
    free(c.sendbuf);
    MPI_Finalize();
    return code;
}
