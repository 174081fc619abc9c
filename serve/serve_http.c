/* godtab-serve's HTTP side on libmicrohttpd: request bodies (capped), the
 * routes, static files from the one static directory, and the long-job
 * pool. A batch is a long job: its connection is suspended and the batch
 * runs on one of --long-jobs threads of its own, so the daemon's threads
 * stay free for the short queries that arrive meanwhile. */
#include "serve.h"
#include "gt_error.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <microhttpd.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

enum { ROUTE_NONE, ROUTE_HEALTH, ROUTE_TABLES, ROUTE_SOLVE, ROUTE_BATCH, ROUTE_RANDOM, ROUTE_SVG, ROUTE_VIEW, ROUTE_STATIC };

typedef struct request {
    char *body;
    size_t len, cap;
    int too_large;
    int url_nul; /* a %00 was decoded somewhere in the URL */
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
    atomic_int starting;     /* libmicrohttpd's messages are kept, not printed */
    char start_message[256]; /* the last one while starting */
};

/* ---- replies ---- */

/* The reply as JSON; header/value: one more response header, or NULL. */
static enum MHD_Result send_json_with(struct MHD_Connection *c, gt_serve_http *h, gt_serve_reply *r,
                                      const char *header, const char *value)
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
    if (header)
        MHD_add_response_header(resp, header, value);
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ret;
}

static enum MHD_Result send_json(struct MHD_Connection *c, gt_serve_http *h, gt_serve_reply *r)
{
    return send_json_with(c, h, r, NULL, NULL);
}

static enum MHD_Result send_error_with(struct MHD_Connection *c, gt_serve_http *h, int status, int code,
                                       const char *kind, const char *message, const char *header, const char *value)
{
    gt_serve_reply r;
    gt_serve_fail(&r, status, code, kind, message);
    enum MHD_Result ret = send_json_with(c, h, &r, header, value);
    json_decref(r.body);
    return ret;
}

static enum MHD_Result send_error(struct MHD_Connection *c, gt_serve_http *h, int status, int code, const char *kind,
                                  const char *message)
{
    return send_error_with(c, h, status, code, kind, message, NULL, NULL);
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

/* The URL arguments as parameters, or the first one refused. */
typedef struct url_args {
    json_t *params;
    int index;
    char refused[200];
} url_args;

/* How a message names an argument: its name when short printable ASCII,
 * else its rank (a message must stay valid UTF-8 and one line). */
static void arg_label(char *out, size_t cap, const char *key, size_t n, int index)
{
    int plain = n > 0 && n <= 40;
    for (size_t i = 0; plain && i < n; i++)
        plain = (unsigned char)key[i] >= 0x20 && (unsigned char)key[i] < 0x7f && key[i] != '\'';
    if (plain)
        snprintf(out, cap, "'%.*s'", (int)n, key);
    else
        snprintf(out, cap, "number %d", index);
}

/* Each argument with its length: a NUL (%00) in a name or a value, or text
 * that is not UTF-8, is refused rather than read up to it. */
static enum MHD_Result add_arg(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                               const char *value, size_t value_size)
{
    url_args *a = cls;
    char who[64];
    const char *nul_name = memchr(key, 0, key_size), *nul_value;
    (void)kind;
    a->index++;
    if (!value)
        value = "", value_size = 0;
    nul_value = memchr(value, 0, value_size);
    arg_label(who, sizeof who, key, nul_name ? (size_t)(nul_name - key) : key_size, a->index);
    if (nul_name || nul_value) {
        snprintf(a->refused, sizeof a->refused,
                 "the %s of URL argument %s holds a NUL byte (%%00) at byte %zu: refused, not cut short",
                 nul_name ? "name" : "value", who, nul_name ? (size_t)(nul_name - key) : (size_t)(nul_value - value));
        return MHD_NO;
    }
    json_t *v = json_stringn(value, value_size);
    if (!v || json_object_set_new(a->params, key, v) != 0) {
        snprintf(a->refused, sizeof a->refused, "URL argument %s is not UTF-8 text", who);
        return MHD_NO;
    }
    return MHD_YES;
}

static int route_of(const char *url)
{
    static const struct {
        const char *url;
        int route;
    } routes[] = {{"/api/health", ROUTE_HEALTH}, {"/api/tables", ROUTE_TABLES}, {"/api/solve", ROUTE_SOLVE},
                  {"/api/solve/batch", ROUTE_BATCH}, {"/api/random", ROUTE_RANDOM},
                  {"/api/svg", ROUTE_SVG}};
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (!strcmp(url, routes[i].url))
            return routes[i].route;
    if (gt_serve_is_view(url)) /* /api/FAMILY/VIEW */
        return ROUTE_VIEW;
    return strncmp(url, "/api/", 5) && strcmp(url, "/api") ? ROUTE_STATIC : ROUTE_NONE;
}

/* The URL arguments into r->params, and the request refused (-1, the
 * message in err) when its URL or its body holds a NUL byte anywhere: a
 * query is answered as written or not at all. */
static int read_args(struct MHD_Connection *c, request *r, char *err, size_t errcap)
{
    url_args a = {json_object(), 0, ""};
    const char *nul = r->len && !r->too_large ? memchr(r->body, 0, r->len) : NULL;
    if (!(r->params = a.params)) {
        snprintf(err, errcap, "out of memory");
        return GT_ERR_NOMEM;
    }
    MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, add_arg, &a);
    if (*a.refused)
        snprintf(err, errcap, "%s", a.refused);
    else if (r->url_nul)
        snprintf(err, errcap, "the URL's path holds a NUL byte (%%00): refused, not cut short");
    else if (nul) {
        size_t line = 1;
        for (const char *p = r->body; p < nul; p++)
            line += *p == '\n';
        snprintf(err, errcap, "the body holds a NUL byte at byte %zu (line %zu): refused, not cut short",
                 (size_t)(nul - r->body), line);
    } else
        return GT_OK;
    return GT_ERR_PARSE;
}

/* The parameters of /api/solve: a JSON object body overrides the URL's. */
static int read_body_params(request *r, char *err, size_t errcap)
{
    json_error_t je;
    char why[160];
    json_t *body = json_loadb(r->body, r->len, 0, &je);
    if (!json_is_object(body)) {
        snprintf(err, errcap, "the body is not a JSON object: %s",
                 body ? "another JSON value" : gt_serve_json_why(&je, why, sizeof why));
        json_decref(body);
        return GT_ERR_PARSE;
    }
    json_object_update(r->params, body);
    json_decref(body);
    return GT_OK;
}

/* The methods a route accepts, as the Allow header lists them. */
static const char *allowed(int route)
{
    return route == ROUTE_BATCH ? "POST" : route == ROUTE_SOLVE ? "GET, HEAD, POST" : "GET, HEAD";
}

/* 405, with the Allow header and a message naming what is accepted. */
static enum MHD_Result send_405(struct MHD_Connection *c, gt_serve_http *h, int route, const char *url)
{
    char message[160];
    if (route == ROUTE_STATIC)
        snprintf(message, sizeof message, "files are only read: GET or HEAD");
    else
        snprintf(message, sizeof message, "%s accepts %s only", url, allowed(route));
    return send_error_with(c, h, 405, 1, "usage", message, MHD_HTTP_HEADER_ALLOW, allowed(route));
}

static int method_ok(int route, const char *method)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD"), post = !strcmp(method, "POST");
    return route == ROUTE_BATCH ? post : route == ROUTE_SOLVE ? get || post : get;
}

/* /api/FAMILY/VIEW split and answered (gt_serve_is_view has checked it). */
static void view(gt_serve_ctx *s, const char *url, json_t *params, gt_serve_reply *reply)
{
    char family[GT_NAME_MAX];
    const char *slash = strchr(url + 5, '/');
    snprintf(family, sizeof family, "%.*s", (int)(slash - url - 5), url + 5);
    gt_serve_view(s, family, slash + 1, params, reply);
}

static enum MHD_Result dispatch(gt_serve_http *h, struct MHD_Connection *c, request *r, const char *url,
                                const char *method)
{
    int route = route_of(url);
    char err[256];
    int rc = read_args(c, r, err, sizeof err);
    if (rc)
        return send_error(c, h, rc == GT_ERR_PARSE ? 400 : 500, gt_exit_code(rc), gt_answer_kind(rc), err);
    if (route == ROUTE_NONE)
        return send_error(c, h, 404, 1, "usage", "no such endpoint (see docs/serve.md)");
    if (!method_ok(route, method))
        return send_405(c, h, route, url);
    if (route == ROUTE_STATIC)
        return send_file(c, h, url);
    if (r->too_large) {
        snprintf(err, sizeof err, "the body is larger than %zu bytes (--max-body)", h->s->config->max_body);
        return send_error(c, h, 413, 1, "limit", err);
    }
    if (route == ROUTE_SOLVE && r->len && (rc = read_body_params(r, err, sizeof err)) != 0)
        return send_error(c, h, 400, gt_exit_code(rc), gt_answer_kind(rc), err);
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
    else if (route == ROUTE_VIEW)
        view(h->s, url, r->params, &r->reply);
    else
        gt_serve_random(h->s, r->params, &r->reply);
    return send_json(c, h, &r->reply);
}

/* The connection's flag set by unescape() when a %00 was decoded in the URL
 * of the request being read (NULL: none, out of memory). */
static int *url_nul_flag(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* The headers of a request are in: its state, and a body announced past
 * --max-body refused at once (413, the connection closed) rather than read. */
static enum MHD_Result start_request(gt_serve_http *h, struct MHD_Connection *c, void **con_cls)
{
    request *r = calloc(1, sizeof *r);
    int *flag = url_nul_flag(c);
    if (!r)
        return MHD_NO;
    *con_cls = r;
    atomic_fetch_add(&h->in_flight, 1);
    atomic_fetch_add(&h->s->stats.requests, 1);
    if (flag) { /* set while this request's line was parsed */
        r->url_nul = *flag;
        *flag = 0;
    }
    const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    char *end = NULL, err[160];
    unsigned long long announced = length ? strtoull(length, &end, 10) : 0;
    if (!length || end == length || announced <= h->s->config->max_body)
        return MHD_YES;
    r->too_large = 1;
    snprintf(err, sizeof err, "the body announced (Content-Length: %llu) is larger than %zu bytes (--max-body)",
             announced, h->s->config->max_body);
    return send_error_with(c, h, 413, 1, "limit", err, MHD_HTTP_HEADER_CONNECTION, "close");
}

/* A piece of the body: kept up to the cap, the rest dropped. */
static enum MHD_Result take_upload(gt_serve_http *h, request *r, const char *upload, size_t *upload_size)
{
    size_t n = *upload_size, max = h->s->config->max_body;
    *upload_size = 0;
    if (r->too_large || r->len + n > max) {
        r->too_large = 1;
        return MHD_YES;
    }
    if (r->len + n + 1 > r->cap) {
        size_t cap = (r->len + n + 1) * 2 < max + 1 ? (r->len + n + 1) * 2 : max + 1;
        char *grown = realloc(r->body, cap);
        if (!grown)
            return MHD_NO;
        r->body = grown;
        r->cap = cap;
    }
    memcpy(r->body + r->len, upload, n);
    r->len += n;
    r->body[r->len] = 0;
    return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    gt_serve_http *h = cls;
    request *r = *con_cls;
    (void)version;
    if (!r)
        return start_request(h, c, con_cls);
    if (*upload_size)
        return take_upload(h, r, upload, upload_size);
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

/* libmicrohttpd's own messages, through the server's: while starting, the
 * last is kept for the error gt_serve_http_start gives; then each is one
 * line "godtab-serve: libmicrohttpd: ..." (with --quiet too: they are
 * errors, a client's or the server's). */
static void on_log(void *cls, const char *format, va_list ap)
{
    gt_serve_http *h = cls;
    char line[256];
    vsnprintf(line, sizeof line, format, ap);
    for (char *p = line; *p; p++)
        if ((unsigned char)*p < 0x20)
            *p = ' ';
    size_t n = strlen(line);
    while (n && line[n - 1] == ' ')
        line[--n] = 0;
    if (atomic_load(&h->starting))
        snprintf(h->start_message, sizeof h->start_message, "%s", line);
    else
        fprintf(stderr, "godtab-serve: libmicrohttpd: %s\n", line);
}

/* The URL's percent-decoding (libmicrohttpd's own), noting a decoded NUL:
 * the path reaches on_request as a C string, cut at it otherwise unseen. */
static size_t unescape(void *cls, struct MHD_Connection *c, char *s)
{
    size_t n = MHD_http_unescape(s);
    int *flag = url_nul_flag(c);
    (void)cls;
    if (flag && memchr(s, 0, n))
        *flag = 1;
    return n;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    (void)cls;
    (void)c;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        *socket_context = calloc(1, sizeof(int));
    } else {
        free(*socket_context);
        *socket_context = NULL;
    }
}

/* The listening socket, bound here rather than by libmicrohttpd so that a
 * failure names the address and port given and the system's reason. */
static int listen_on(const gt_serve_config *cfg, int *fd, int *port, char *err, size_t errcap)
{
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)cfg->port)};
    socklen_t len = sizeof a;
    int one = 1, s = -1;
    if (inet_pton(AF_INET, cfg->address, &a.sin_addr) != 1) {
        snprintf(err, errcap, "--listen wants an IPv4 address and a port (127.0.0.1:8080), not '%s'", cfg->address);
        return GT_EXIT_USAGE;
    }
    if ((s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0)) < 0 ||
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, SOMAXCONN) != 0 ||
        getsockname(s, (struct sockaddr *)&a, &len) != 0) {
        snprintf(err, errcap, "cannot listen on %s:%d: %s", cfg->address, cfg->port, strerror(errno));
        if (s >= 0)
            close(s);
        return GT_EXIT_STORAGE;
    }
    *fd = s;
    *port = ntohs(a.sin_port);
    return GT_EXIT_OK;
}

static struct MHD_Daemon *start_daemon(gt_serve_http *h, int fd)
{
    const gt_serve_config *cfg = h->s->config;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    return MHD_start_daemon(flags, 0, NULL, NULL, on_request, h, MHD_OPTION_EXTERNAL_LOGGER, on_log, h,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd, MHD_OPTION_UNESCAPE_CALLBACK, unescape, h,
                            MHD_OPTION_NOTIFY_CONNECTION, on_connection, h, MHD_OPTION_THREAD_POOL_SIZE,
                            (unsigned)(cfg->threads > 1 ? cfg->threads : 0), MHD_OPTION_NOTIFY_COMPLETED,
                            on_completed, h, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)1000, MHD_OPTION_END);
}

int gt_serve_http_start(gt_serve_ctx *s, gt_serve_http **out, int *port, char *err, size_t errcap)
{
    gt_serve_http *h = calloc(1, sizeof *h);
    int fd = -1, code;
    if (!h) {
        snprintf(err, errcap, "out of memory");
        return GT_EXIT_INTERNAL;
    }
    h->s = s;
    if (!realpath(s->config->static_dir, h->static_real)) {
        snprintf(err, errcap, "no static directory %s", s->config->static_dir);
        free(h);
        return GT_EXIT_USAGE;
    }
    if ((code = listen_on(s->config, &fd, port, err, errcap)) != 0) {
        free(h);
        return code;
    }
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->wake, NULL);
    h->workers = calloc((size_t)s->config->long_jobs, sizeof *h->workers);
    for (int i = 0; h->workers && i < s->config->long_jobs; i++)
        if (pthread_create(&h->workers[i], NULL, worker, h) == 0)
            h->n_workers++;
    atomic_store(&h->starting, 1);
    h->daemon = h->n_workers == s->config->long_jobs ? start_daemon(h, fd) : NULL;
    atomic_store(&h->starting, 0);
    if (!h->daemon) {
        snprintf(err, errcap, "cannot start serving on %s:%d: %s", s->config->address, *port,
                 *h->start_message ? h->start_message : "no threads (out of memory or a system limit)");
        close(fd);
        gt_serve_http_stop(h, 0);
        return GT_EXIT_INTERNAL;
    }
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
