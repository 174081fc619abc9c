/* godtab-serve: the stored tables answered over HTTP/JSON (docs/serve.md).
 *
 *   godtab-serve.c   options, signals, start and drain
 *   serve_tables.c   the database opened once, each table loaded once (lazily)
 *   serve_api.c      the endpoints: a request's parameters in, a JSON value out
 *   serve_view.c     a family's views: /api/FAMILY/VIEW (the taquin's quotient graph)
 *   serve_http.c     libmicrohttpd: bodies, routing, the long-job pool, static files
 *
 * The JSON of an answer is built by solve/answer_json.c, the module
 * godtab-solve --json uses too: the two programs emit the same objects. */
#ifndef GODTAB_SERVE_H
#define GODTAB_SERVE_H

#include "answer_json.h"
#include "catalog.h"
#include "query.h"

#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* ---- configuration (godtab-serve's options) ---- */
typedef struct gt_serve_config {
    const char *db_path;    /* NULL: GODTAB_DB or the default database */
    const char *address;    /* "127.0.0.1" */
    int port;               /* 8080; 0: any free port (printed) */
    int threads;            /* libmicrohttpd's thread pool */
    int long_jobs;          /* batches running at once (the long-job pool) */
    int long_queue;         /* batches waiting at most; more: 503 */
    size_t max_body;        /* bytes of a request body */
    int max_batch;          /* queries in one batch */
    int max_random;         /* n of /api/random */
    double max_timeout;     /* seconds: the cap of a request's `timeout` */
    const char *static_dir; /* files of the web page */
    int quiet;
    int preload;            /* load every table at start */
} gt_serve_config;

/* ---- the tables (serve_tables.c) ---- */
typedef struct gt_serve_tables gt_serve_tables;

/* Opens the database read-only once. GT_OK or the store's error, with a
 * one-line message in err. */
int gt_serve_tables_open(const char *db_path, gt_serve_tables **out, gt_answer_error *err);
void gt_serve_tables_close(gt_serve_tables *t);

/* The loaded table of a family with query hooks ("pocket" with metric, or a
 * table name with metric NULL), loaded on first use. GT_OK, or an error
 * with its message (unknown puzzle: GT_ERR_INVAL; not built: NOTFOUND). */
int gt_serve_tables_walk(gt_serve_tables *t, const char *puzzle, const char *metric, gt_answer_walk *out,
                         gt_answer_error *err);

/* The query of a searched puzzle (a family with solver hooks, or a
 * definition table of the database: gt_query_open_with), with the tables
 * variant picks (the value of the solver's variant_key parameter, or
 * NULL: its default), opened once on first use and kept. GT_OK;
 * GT_ERR_NOTFOUND when the name is none of those (err not filled: the
 * caller says which name is unknown); else the error with its message
 * (GT_ERR_NOTFOUND too, err filled: tables not built). */
int gt_serve_tables_search(gt_serve_tables *t, const char *puzzle, const char *variant, const gt_query **out,
                           gt_answer_error *err);

/* /api/tables: every stored table of the catalog with its metadata. */
json_t *gt_serve_tables_json(gt_serve_tables *t, gt_answer_error *err);

/* Loads every stored table an endpoint answers from now rather than on its
 * first query (--preload). GT_OK, or the first failure. */
int gt_serve_tables_preload(gt_serve_tables *t, gt_answer_error *err);

/* How many tables are loaded (for /api/health). */
int gt_serve_tables_loaded(gt_serve_tables *t);

/* ---- the endpoints (serve_api.c) ---- */
typedef struct gt_serve_stats {
    _Atomic uint64_t requests, errors;
    double started;                     /* monotonic seconds */
} gt_serve_stats;

typedef struct gt_serve_ctx {
    const gt_serve_config *config;
    gt_serve_tables *tables;
    gt_serve_stats stats;
    atomic_int searches; /* long searches running: at most config->long_jobs */
} gt_serve_ctx;

/* The parameters of a request: URL arguments merged under a JSON body
 * object (the body wins). */
typedef struct gt_serve_reply {
    int status; /* HTTP status */
    json_t *body;
} gt_serve_reply;

/* Each fills reply (status and a new JSON value). params is an object. */
void gt_serve_health(gt_serve_ctx *s, gt_serve_reply *r);
void gt_serve_tables_reply(gt_serve_ctx *s, gt_serve_reply *r);
void gt_serve_solve(gt_serve_ctx *s, json_t *params, gt_serve_reply *r);
void gt_serve_random(gt_serve_ctx *s, json_t *params, gt_serve_reply *r);
/* body: a JSON array, NDJSON (one object a line) or plain query lines
 * (read with params as defaults). */
void gt_serve_batch(gt_serve_ctx *s, json_t *params, const char *body, size_t len, gt_serve_reply *r);

/* GET /api/FAMILY/VIEW?...: a view of a searched family's tables as its
 * solver writes it (gt_query_view; e.g. /api/taquin/graph?board=3x3&radius=2,
 * the quotient graph), the tables picked as /api/solve picks them
 * (serve_view.c). 404 when the family has no such view. */
void gt_serve_view(gt_serve_ctx *s, const char *family, const char *view, json_t *params, gt_serve_reply *r);

/* 1 if url is /api/FAMILY/VIEW of a family with views. */
int gt_serve_is_view(const char *url);

/* GET /api/svg: the picture (malloc'd SVG text), or NULL with an error in
 * reply. */
char *gt_serve_svg(gt_serve_ctx *s, json_t *params, gt_serve_reply *r);

/* An error reply: exit code, kind, message, HTTP status. */
void gt_serve_fail(gt_serve_reply *r, int status, int code, const char *kind, const char *message);
/* An error reply of a GT_ERR_* code, its status chosen by its kind. */
void gt_serve_fail_rc(gt_serve_reply *r, int rc, const char *message);

/* jansson's reason a text is not JSON, in the server's words when it is a
 * \u0000 escape (refused, as every NUL is); buf holds the rewording. */
const char *gt_serve_json_why(const json_error_t *je, char *buf, size_t cap);

/* Monotonic seconds. */
double gt_serve_now(void);

/* ---- HTTP (serve_http.c) ---- */
typedef struct gt_serve_http gt_serve_http;

/* Starts the daemon and the long-job pool; *port gets the bound port. */
int gt_serve_http_start(gt_serve_ctx *s, gt_serve_http **out, int *port, char *err, size_t errcap);
/* Stops accepting, waits for in-flight requests (at most drain_seconds),
 * stops the daemon and the pool. */
void gt_serve_http_stop(gt_serve_http *h, double drain_seconds);

#endif
