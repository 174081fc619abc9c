/* godtab-serve's HTTP side on libmicrohttpd: request bodies (capped), the
 * routes, static files from the one static directory, and the long-job
 * pool. A batch is a long job: its connection is suspended and the batch
 * runs on one of --long-jobs threads of its own, so the daemon's threads
 * stay free for the short queries that arrive meanwhile. */
#include "serve.h"
#include "gt_error.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { ROUTE_NONE, ROUTE_HEALTH, ROUTE_TABLES, ROUTE_SOLVE, ROUTE_BATCH, ROUTE_RANDOM, ROUTE_SVG, ROUTE_GRAPH, ROUTE_STATIC };

typedef struct request {
    char *body;
    size_t len, cap;
    int too_large;
    atomic_int job; /* 0 none, 1 queued or running, 2 done */
    json_t *params;
    gt_serve_reply reply;
    struct MHD_Connection *conn;
    struct request *next;
} request;

struct gt_serve_http {
    struct MHD_Daemon *daemon;
    gt_serve_ctx *s;
    char static_real[PATH_MAX];
    atomic_int in_flight;
    pthread_t *workers;
    int n_workers;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    request *head, *tail; /* waiting batches */
    int queued, stopping;
};

/* ---- replies ---- */

static enum MHD_Result send_json(struct MHD_Connection *c, gt_serve_http *h, gt_serve_reply *r)
{
    char *text = r->body ? gt_answer_dump(r->body) : NULL;
    size_t n = text ? strlen(text) : 0;
    if (!text) { /* out of memory: still a JSON error */
        static const char oom[] = "{\"error\":{\"code\":9,\"kind\":\"internal\",\"message\":\"out of memory\"}}\n";
        r->status = 500;
        text = strdup(oom);
        n = text ? strlen(text) : 0;
    } else {
        char *grown = realloc(text, n + 2); /* a newline, as the CLI ends its lines */
        if (grown) {
            text = grown;
            text[n++] = '\n';
            text[n] = 0;
        }
    }
    if (r->status >= 400)
        atomic_fetch_add(&h->s->stats.errors, 1);
    struct MHD_Response *resp = MHD_create_response_from_buffer(n, text, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ret;
}

static enum MHD_Result send_error(struct MHD_Connection *c, gt_serve_http *h, int status, int code, const char *kind,
                                  const char *message)
{
    gt_serve_reply r;
    gt_serve_fail(&r, status, code, kind, message);
    enum MHD_Result ret = send_json(c, h, &r);
    json_decref(r.body);
    return ret;
}

/* The picture of /api/svg, or its JSON error. */
static enum MHD_Result send_svg(struct MHD_Connection *c, gt_serve_http *h, request *r)
{
    char *svg = gt_serve_svg(h->s, r->params, &r->reply);
    if (!svg)
        return send_json(c, h, &r->reply);
    struct MHD_Response *resp = MHD_create_response_from_buffer(strlen(svg), svg, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(svg);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", "image/svg+xml");
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* ---- static files ---- */

static const char *content_type(const char *path)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
        {".ico", "image/x-icon"},              {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i][0]))
            return types[i][1];
    return "application/octet-stream";
}

/* A path is served only if it has no "..", backslash, '%' (what is left of
 * a double encoding) or control byte after libmicrohttpd's decoding, and
 * resolves (symbolic links followed) inside the static directory. */
static int safe_path(const gt_serve_http *h, const char *url, char *real)
{
    char path[PATH_MAX];
    if (strstr(url, "..") || strchr(url, '\\') || strchr(url, '%'))
        return 0;
    for (const char *p = url; *p; p++)
        if ((unsigned char)*p < 0x20)
            return 0;
    if (snprintf(path, sizeof path, "%s%s", h->static_real, !strcmp(url, "/") ? "/index.html" : url) >=
        (int)sizeof path)
        return 0;
    if (!realpath(path, real))
        return -1; /* not there */
    size_t n = strlen(h->static_real);
    return !strncmp(real, h->static_real, n) && real[n] == '/' ? 1 : 0;
}

static enum MHD_Result send_file(struct MHD_Connection *c, gt_serve_http *h, const char *url)
{
    char real[PATH_MAX];
    int safe = safe_path(h, url, real);
    if (safe == 0)
        return send_error(c, h, 403, 1, "forbidden", "no file outside the static directory is served");
    int fd = safe > 0 ? open(real, O_RDONLY | O_CLOEXEC) : -1;
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0)
            close(fd);
        return send_error(c, h, 404, 4, "missing", "no such page");
    }
    struct MHD_Response *resp = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
    if (!resp) {
        close(fd);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", content_type(real));
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* ---- the long-job pool ---- */

static void *worker(void *arg)
{
    gt_serve_http *h = arg;
    pthread_mutex_lock(&h->lock);
    for (;;) {
        while (!h->head && !h->stopping)
            pthread_cond_wait(&h->wake, &h->lock);
        if (!h->head)
            break;
        request *r = h->head;
        h->head = r->next;
        if (!h->head)
            h->tail = NULL;
        h->queued--;
        pthread_mutex_unlock(&h->lock);
        gt_serve_batch(h->s, r->params, r->body ? r->body : "", r->len, &r->reply);
        atomic_store(&r->job, 2);
        MHD_resume_connection(r->conn);
        pthread_mutex_lock(&h->lock);
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* Queues a batch; 0, or -1 when the queue is full. */
static int enqueue(gt_serve_http *h, request *r, struct MHD_Connection *c)
{
    pthread_mutex_lock(&h->lock);
    int full = h->queued >= h->s->config->long_queue || h->stopping;
    if (!full) {
        r->conn = c;
        r->next = NULL;
        atomic_store(&r->job, 1);
        if (h->tail)
            h->tail->next = r;
        else
            h->head = r;
        h->tail = r;
        h->queued++;
        MHD_suspend_connection(c); /* before a worker can resume it */
        pthread_cond_signal(&h->wake);
    }
    pthread_mutex_unlock(&h->lock);
    return full ? -1 : 0;
}

/* ---- routing ---- */

static enum MHD_Result add_arg(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    json_object_set_new(cls, key, json_string(value ? value : ""));
    return MHD_YES;
}

static int route_of(const char *url)
{
    static const struct {
        const char *url;
        int route;
    } routes[] = {{"/api/health", ROUTE_HEALTH}, {"/api/tables", ROUTE_TABLES}, {"/api/solve", ROUTE_SOLVE},
                  {"/api/solve/batch", ROUTE_BATCH}, {"/api/random", ROUTE_RANDOM}, {"/api/svg", ROUTE_SVG}, {"/api/taquin/graph", ROUTE_GRAPH}};
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (!strcmp(url, routes[i].url))
            return routes[i].route;
    return strncmp(url, "/api/", 5) && strcmp(url, "/api") ? ROUTE_STATIC : ROUTE_NONE;
}

/* The parameters: URL arguments, overridden by a JSON object body (solve). */
static int read_params(struct MHD_Connection *c, request *r, int route, char *err, size_t errcap)
{
    if (!(r->params = json_object()))
        return GT_ERR_NOMEM;
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, add_arg, r->params);
    if (route != ROUTE_SOLVE || !r->len)
        return GT_OK;
    json_error_t je;
    json_t *body = json_loadb(r->body, r->len, 0, &je);
    if (!json_is_object(body)) {
        snprintf(err, errcap, "the body is not a JSON object: %s", body ? "another JSON value" : je.text);
        json_decref(body);
        return GT_ERR_PARSE;
    }
    json_object_update(r->params, body);
    json_decref(body);
    return GT_OK;
}

static enum MHD_Result dispatch(gt_serve_http *h, struct MHD_Connection *c, request *r, const char *url,
                                const char *method)
{
    int route = route_of(url), get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    int post = !strcmp(method, "POST");
    char err[256];
    if (route == ROUTE_NONE)
        return send_error(c, h, 404, 1, "usage", "no such endpoint (see docs/serve.md)");
    if (route == ROUTE_STATIC)
        return get ? send_file(c, h, url) : send_error(c, h, 405, 1, "usage", "files are only read (GET)");
    if (!(route == ROUTE_BATCH ? post : route == ROUTE_SOLVE ? get || post : get))
        return send_error(c, h, 405, 1, "usage",
                          route == ROUTE_BATCH ? "a batch is POSTed" : "this endpoint answers GET");
    if (r->too_large) {
        snprintf(err, sizeof err, "the body is larger than %zu bytes (--max-body)", h->s->config->max_body);
        return send_error(c, h, 413, 1, "limit", err);
    }
    int rc = read_params(c, r, route, err, sizeof err);
    if (rc)
        return send_error(c, h, rc == GT_ERR_PARSE ? 400 : 500, gt_exit_code(rc), gt_answer_kind(rc),
                          rc == GT_ERR_PARSE ? err : "out of memory");
    if (route == ROUTE_BATCH) {
        if (enqueue(h, r, c) == 0)
            return MHD_YES;
        return send_error(c, h, 503, 6, "busy", "too many batches waiting (--long-queue); try again");
    }
    if (route == ROUTE_SVG)
        return send_svg(c, h, r);
    if (route == ROUTE_HEALTH)
        gt_serve_health(h->s, &r->reply);
    else if (route == ROUTE_TABLES)
        gt_serve_tables_reply(h->s, &r->reply);
    else if (route == ROUTE_SOLVE)
        gt_serve_solve(h->s, r->params, &r->reply);
    else if (route == ROUTE_GRAPH)
        gt_serve_taquin_graph(h->s, r->params, &r->reply);
    else
        gt_serve_random(h->s, r->params, &r->reply);
    return send_json(c, h, &r->reply);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    gt_serve_http *h = cls;
    request *r = *con_cls;
    (void)version;
    if (!r) { /* the headers: the request starts */
        if (!(r = calloc(1, sizeof *r)))
            return MHD_NO;
        *con_cls = r;
        atomic_fetch_add(&h->in_flight, 1);
        atomic_fetch_add(&h->s->stats.requests, 1);
        return MHD_YES;
    }
    if (*upload_size) { /* a piece of the body: kept up to the cap, the rest dropped */
        size_t n = *upload_size;
        *upload_size = 0;
        if (r->too_large || r->len + n > h->s->config->max_body) {
            r->too_large = 1;
            return MHD_YES;
        }
        if (r->len + n + 1 > r->cap) {
            size_t cap = (r->len + n + 1) * 2;
            char *grown = realloc(r->body, cap < h->s->config->max_body + 1 ? cap : h->s->config->max_body + 1);
            if (!grown)
                return MHD_NO;
            r->body = grown;
            r->cap = cap < h->s->config->max_body + 1 ? cap : h->s->config->max_body + 1;
        }
        memcpy(r->body + r->len, upload, n);
        r->len += n;
        r->body[r->len] = 0;
        return MHD_YES;
    }
    if (atomic_load(&r->job) == 2) /* a batch done, its connection resumed */
        return send_json(c, h, &r->reply);
    if (atomic_load(&r->job) == 1)
        return MHD_YES;
    return dispatch(h, c, r, url, method);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
    gt_serve_http *h = cls;
    request *r = *con_cls;
    (void)c;
    (void)why;
    if (!r)
        return;
    json_decref(r->params);
    json_decref(r->reply.body);
    free(r->body);
    free(r);
    *con_cls = NULL;
    atomic_fetch_sub(&h->in_flight, 1);
}

/* ---- start and stop ---- */

static int bind_address(const gt_serve_config *cfg, struct sockaddr_in *a, char *err, size_t errcap)
{
    memset(a, 0, sizeof *a);
    a->sin_family = AF_INET;
    a->sin_port = htons((uint16_t)cfg->port);
    if (inet_pton(AF_INET, cfg->address, &a->sin_addr) != 1) {
        snprintf(err, errcap, "--listen wants an IPv4 address and a port (127.0.0.1:8080), not '%s'", cfg->address);
        return -1;
    }
    return 0;
}

int gt_serve_http_start(gt_serve_ctx *s, gt_serve_http **out, int *port, char *err, size_t errcap)
{
    gt_serve_http *h = calloc(1, sizeof *h);
    struct sockaddr_in addr;
    if (!h || bind_address(s->config, &addr, err, errcap) != 0) {
        if (!h)
            snprintf(err, errcap, "out of memory");
        free(h);
        return h ? GT_EXIT_USAGE : GT_EXIT_INTERNAL;
    }
    h->s = s;
    if (!realpath(s->config->static_dir, h->static_real)) {
        snprintf(err, errcap, "no static directory %s", s->config->static_dir);
        free(h);
        return GT_EXIT_USAGE;
    }
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->wake, NULL);
    h->workers = calloc((size_t)s->config->long_jobs, sizeof *h->workers);
    for (int i = 0; h->workers && i < s->config->long_jobs; i++)
        if (pthread_create(&h->workers[i], NULL, worker, h) == 0)
            h->n_workers++;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    h->daemon = MHD_start_daemon(flags, 0, NULL, NULL, on_request, h, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                                 MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(s->config->threads > 1 ? s->config->threads : 0),
                                 MHD_OPTION_NOTIFY_COMPLETED, on_completed, h, MHD_OPTION_CONNECTION_TIMEOUT,
                                 (unsigned)30, MHD_OPTION_CONNECTION_LIMIT, (unsigned)1000, MHD_OPTION_END);
    if (!h->daemon || h->n_workers != s->config->long_jobs) {
        snprintf(err, errcap, "cannot listen on %s:%d (in use, or not an address of this machine)", s->config->address,
                 s->config->port);
        gt_serve_http_stop(h, 0);
        return GT_EXIT_STORAGE;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->daemon, MHD_DAEMON_INFO_BIND_PORT);
    *port = info ? info->port : s->config->port;
    *out = h;
    return GT_EXIT_OK;
}

void gt_serve_http_stop(gt_serve_http *h, double drain_seconds)
{
    if (!h)
        return;
    if (h->daemon) { /* no new connection; the requests under way finish */
        MHD_socket listen = MHD_quiesce_daemon(h->daemon);
        if (listen != MHD_INVALID_SOCKET)
            close(listen);
        double until = gt_serve_now() + drain_seconds;
        while (atomic_load(&h->in_flight) > 0 && gt_serve_now() < until)
            usleep(2000);
    }
    pthread_mutex_lock(&h->lock);
    h->stopping = 1;
    pthread_cond_broadcast(&h->wake);
    pthread_mutex_unlock(&h->lock);
    for (int i = 0; i < h->n_workers; i++)
        pthread_join(h->workers[i], NULL);
    if (h->daemon)
        MHD_stop_daemon(h->daemon);
    pthread_mutex_destroy(&h->lock);
    pthread_cond_destroy(&h->wake);
    free(h->workers);
    free(h);
}
