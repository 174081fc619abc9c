/* godtab-serve: the stored tables over HTTP/JSON and a web page
 * (docs/serve.md). The database is opened read-only once, each table loaded
 * on its first query and kept; SIGTERM or SIGINT stops accepting, lets the
 * requests under way finish and exits 0. */
#include "serve.h"
#include "gt_error.h"

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef GODTAB_STATIC_DIR
#define GODTAB_STATIC_DIR "/usr/local/share/godtab/static"
#endif

/* Seconds the requests under way get to finish after a stop signal. */
#define DRAIN_SECONDS 30.0

static const char *default_static(void);

static void usage(FILE *out)
{
    fprintf(out,
            "usage: godtab-serve [--listen ADDR:PORT] [--db PATH] [--threads N] [--long-jobs N]\n"
            "                    [--long-queue N] [--max-body BYTES] [--max-batch N] [--max-random N]\n"
            "                    [--max-timeout S] [--static DIR] [--port-file FILE] [--preload] [--quiet]\n"
            "  --listen       address and port (default 127.0.0.1:8080; port 0: any free port)\n"
            "  --db           the database (default: $GODTAB_DB, else the build tree's tables/godtab.lmdb\n"
            "                 when run from it, else $XDG_DATA_HOME/godtab/godtab.lmdb)\n"
            "  --threads      HTTP threads (default 2)\n"
            "  --long-jobs    batches answered at once, on threads of their own (default 1)\n"
            "  --long-queue   batches waiting at most; more get 503 (default 64)\n"
            "  --max-body     request body cap in bytes (default 4194304)\n"
            "  --max-batch    queries in one batch (default 10000)\n"
            "  --max-random   n of /api/random (default 1000)\n"
            "  --max-timeout  cap of a request's timeout, in seconds (default 30)\n"
            "  --static       the web page's directory (default %s)\n"
            "  --port-file    write the port listened on to FILE once ready\n"
            "  --preload      load every stored table at start (default: each on its first query)\n"
            "  -h, --help     this help, on standard output\n"
            "  -V, --version  godtab's version, the table formats, LMDB, zstd and GMP\n"
            "Endpoints: /api/health /api/tables /api/solve /api/solve/batch /api/random, and / (docs/serve.md).\n"
            "Exit codes: 0 stopped by SIGTERM/SIGINT, 1 usage, 4 no database, 5 damaged database,\n"
            "6 cannot listen, 9 internal error.\n",
            default_static());
}

/* A whole number in [min, max], in decimal digits only: "2.5", "1e3",
 * "0x10", " 8" or "+8" are refused rather than read as something else. */
static int whole(const char *option, const char *value, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = value[0] >= '0' && value[0] <= '9' ? strtol(value, &end, 10) : -1;
    if (v < 0 || errno || *end || v < min || v > max) {
        fprintf(stderr, "godtab-serve: %s wants a whole number from %ld to %ld, not '%s'\n", option, min, max, value);
        return GT_EXIT_USAGE;
    }
    *out = v;
    return GT_EXIT_OK;
}

/* Seconds in [min, max], in decimal notation (digits and one point). */
static int seconds(const char *option, const char *value, double min, double max, double *out)
{
    char *end;
    int plain = *value && strspn(value, "0123456789.") == strlen(value);
    double v = plain ? strtod(value, &end) : -1;
    if (!plain || *end || !(v >= min) || v > max) {
        fprintf(stderr, "godtab-serve: %s wants seconds from %g to %g, not '%s'\n", option, min, max, value);
        return GT_EXIT_USAGE;
    }
    *out = v;
    return GT_EXIT_OK;
}

/* ADDR:PORT, both checked now: a bad one is named as given, before any
 * database is opened or socket made. */
static int parse_listen(gt_serve_config *cfg, const char *value, char *address, size_t cap)
{
    const char *colon = strrchr(value, ':');
    struct in_addr ip;
    long port;
    if (!colon || colon == value || (size_t)(colon - value) >= cap) {
        fprintf(stderr, "godtab-serve: --listen wants ADDR:PORT (127.0.0.1:8080), not '%s'\n", value);
        return GT_EXIT_USAGE;
    }
    memcpy(address, value, (size_t)(colon - value));
    address[colon - value] = 0;
    if (inet_pton(AF_INET, address, &ip) != 1) {
        fprintf(stderr, "godtab-serve: --listen wants an IPv4 address (127.0.0.1:8080), not '%s' in '%s'\n",
                address, value);
        return GT_EXIT_USAGE;
    }
    if (whole("--listen's port", colon + 1, 0, 65535, &port) != 0)
        return GT_EXIT_USAGE;
    cfg->address = address;
    cfg->port = (int)port;
    return GT_EXIT_OK;
}

static const struct option options[] = {
    {"listen", required_argument, NULL, 'l'},     {"db", required_argument, NULL, 'd'},
    {"threads", required_argument, NULL, 't'},    {"long-jobs", required_argument, NULL, 'j'},
    {"long-queue", required_argument, NULL, 'q'}, {"max-body", required_argument, NULL, 'b'},
    {"max-batch", required_argument, NULL, 'n'},  {"max-random", required_argument, NULL, 'r'},
    {"max-timeout", required_argument, NULL, 'T'}, {"static", required_argument, NULL, 's'},
    {"port-file", required_argument, NULL, 'p'},  {"quiet", no_argument, NULL, 'Q'},
    {"preload", no_argument, NULL, 'P'},
    {"help", no_argument, NULL, 'h'},             {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

/* One option into cfg: 0, or the exit code to stop with (-1: --help shown). */
static int take_option(gt_serve_config *cfg, int opt, const char *arg, char *address, const char **port_file)
{
    long v = 0;
    int rc = GT_EXIT_OK;
    switch (opt) {
    case 'l': return parse_listen(cfg, arg, address, 256);
    case 'd':
        if (!*arg) {
            fprintf(stderr, "godtab-serve: --db wants a path, not an empty string\n");
            return GT_EXIT_USAGE;
        }
        cfg->db_path = arg;
        return GT_EXIT_OK;
    case 't': rc = whole("--threads", arg, 1, 256, &v); cfg->threads = (int)v; break;
    case 'j': rc = whole("--long-jobs", arg, 1, 256, &v); cfg->long_jobs = (int)v; break;
    case 'q': rc = whole("--long-queue", arg, 0, 1000000, &v); cfg->long_queue = (int)v; break;
    case 'b': rc = whole("--max-body", arg, 64, 1 << 30, &v); cfg->max_body = (size_t)v; break;
    case 'n': rc = whole("--max-batch", arg, 1, 10000000, &v); cfg->max_batch = (int)v; break;
    case 'r': rc = whole("--max-random", arg, 1, 1000000, &v); cfg->max_random = (int)v; break;
    case 'T': rc = seconds("--max-timeout", arg, 0.001, 86400, &cfg->max_timeout); break;
    case 's': cfg->static_dir = arg; break;
    case 'p': *port_file = arg; break;
    case 'Q': cfg->quiet = 1; break;
    case 'P': cfg->preload = 1; break;
    case 'h': usage(stdout); return -1;
    case 'V': {
        char line[192];
        gt_version_text(line, sizeof line);
        printf("godtab-serve: %s\n", line);
        return -1;
    }
    default: return GT_EXIT_USAGE; /* getopt's complaint, reworded by bad_option */
    }
    return rc;
}

/* An unknown option, or one without its value: one line, exit 1. */
static int bad_option(int opt, const char *arg)
{
    char name[3] = {'-', (char)optopt, 0};
    const char *which = opt == '?' && optopt ? name : arg;
    if (opt == ':')
        fprintf(stderr, "godtab-serve: %s wants a value (see --help)\n", which);
    else
        fprintf(stderr, "godtab-serve: unknown option '%s' (see --help)\n", which);
    return GT_EXIT_USAGE;
}

static int write_port(const char *file, int port)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", file);
    FILE *f = fopen(tmp, "w");
    /* written aside and renamed, so that a reader never sees half a number */
    if (!f || fprintf(f, "%d\n", port) < 0 || fclose(f) != 0 || rename(tmp, file) != 0) {
        fprintf(stderr, "godtab-serve: cannot write --port-file %s\n", file);
        return GT_EXIT_STORAGE;
    }
    return GT_EXIT_OK;
}

/* Serves until SIGTERM or SIGINT (blocked in every thread, taken here). */
static int serve(gt_serve_ctx *ctx, const char *port_file, const sigset_t *stop)
{
    gt_serve_http *http = NULL;
    char err[512];
    int port = 0, sig = 0;
    int code = gt_serve_http_start(ctx, &http, &port, err, sizeof err);
    if (code) {
        fprintf(stderr, "godtab-serve: %s\n", err);
        return code;
    }
    if (port_file && (code = write_port(port_file, port)) != 0) {
        gt_serve_http_stop(http, 0);
        return code;
    }
    if (!ctx->config->quiet)
        fprintf(stderr, "godtab-serve: listening on http://%s:%d/ (%d threads, %.1f ms to start)\n",
                ctx->config->address, port, ctx->config->threads, (gt_serve_now() - ctx->stats.started) * 1e3);
    sigwait(stop, &sig);
    if (!ctx->config->quiet)
        fprintf(stderr, "godtab-serve: %s: finishing the requests under way\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    gt_serve_http_stop(http, DRAIN_SECONDS);
    return GT_EXIT_OK;
}

/* The page's directory: the build tree's serve/static for a godtab-serve
 * run from its tree (found beside its bin/ at run time: no build path is
 * compiled in), else the installed DATADIR/godtab/static (the Makefile's
 * GODTAB_STATIC_DIR). */
static const char *default_static(void)
{
    static char buf[1100];
    char exe[1024];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = 0, strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = 0; /* the program's folder (bin/) */
        slash = strrchr(exe, '/');
    }
    if (slash) {
        *slash = 0; /* the folder holding bin/ */
        snprintf(buf, sizeof buf, "%s/serve/static/index.html", exe);
        if (access(buf, R_OK) == 0) {
            snprintf(buf, sizeof buf, "%s/serve/static", exe);
            return buf;
        }
    }
    return GODTAB_STATIC_DIR;
}

int main(int argc, char **argv)
{
    gt_db_options db_options = {getenv("GODTAB_DB"), getenv("XDG_DATA_HOME"), getenv("HOME"),
                                getenv("GODTAB_MAP_SIZE")};
    gt_db_set_options(&db_options); /* the library reads no environment variable */
    char address[256] = "127.0.0.1";
    const char *port_file = NULL;
    gt_serve_config cfg = {.address = address, .port = 8080, .threads = 2, .long_jobs = 1, .long_queue = 64,
                           .max_body = 4u << 20, .max_batch = 10000, .max_random = 1000, .max_timeout = 30,
                           .static_dir = default_static()};
    gt_serve_ctx ctx = {.config = &cfg};
    ctx.stats.started = gt_serve_now();
    int opt, code;
    opterr = 0; /* its complaints are said in one line of our own */
    while ((opt = getopt_long(argc, argv, ":hV", options, NULL)) != -1) {
        if (opt == '?' || opt == ':')
            return bad_option(opt, argv[optind - 1]);
        if ((code = take_option(&cfg, opt, optarg, address, &port_file)) != 0)
            return code < 0 ? GT_EXIT_OK : code;
    }
    if (optind < argc) {
        fprintf(stderr, "godtab-serve: unexpected argument '%s' (see --help)\n", argv[optind]);
        return GT_EXIT_USAGE;
    }
    /* Blocked before any thread starts, so every thread inherits the mask
     * and the signals reach sigwait; a client hanging up is no signal. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    gt_answer_error err = {0, "", NULL};
    if (gt_serve_tables_open(cfg.db_path, &ctx.tables, &err) != 0) {
        fprintf(stderr, "godtab-serve: %s%s\n", err.message,
                err.rc == GT_ERR_NOTFOUND ? "; build them with: godtab-gen" : "");
        return gt_exit_code(err.rc);
    }
    if (cfg.preload && gt_serve_tables_preload(ctx.tables, &err) != 0) {
        fprintf(stderr, "godtab-serve: %s\n", err.message);
        gt_serve_tables_close(ctx.tables);
        return gt_exit_code(err.rc);
    }
    code = serve(&ctx, port_file, &stop);
    gt_serve_tables_close(ctx.tables);
    return code;
}
