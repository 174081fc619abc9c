/* Helpers of the godtab-serve tests (test_90_serve.c, test_92_serve_browser.c):
 * the server started on a free loopback port over the database of
 * test_util.h's tu_db_setup, stopped by a signal, and a minimal HTTP/1.1
 * client. Header-only, like test_util.h. */
#ifndef GODTAB_TEST_SERVE_UTIL_H
#define GODTAB_TEST_SERVE_UTIL_H

#include "test_util.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <time.h>

typedef struct server {
    pid_t pid;
    int port;
} server;

static server srv; /* the server of the current test group */

/* ---- a minimal HTTP/1.1 client ---- */

static inline int connect_to(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

static inline int send_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Sends one request on fd and reads its response (Content-Length framed).
 * Returns the status, the body malloc'd in *body; -1 on a broken connection. */
static inline int exchange(int fd, const char *method, const char *path, const char *body, size_t len, char **out)
{
    char head[8192];
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %zu\r\nContent-Type: text/plain\r\n\r\n",
                     method, path, len);
    if (send_all(fd, head, (size_t)n) || (len && send_all(fd, body, len)))
        return -1;
    size_t cap = 1 << 16, got = 0;
    char *buf = malloc(cap);
    char *end = NULL;
    long length = -1;
    for (;;) {
        if (got + 4096 > cap)
            buf = realloc(buf, cap *= 2);
        ssize_t k = recv(fd, buf + got, cap - got - 1, 0);
        if (k <= 0)
            break;
        got += (size_t)k;
        buf[got] = 0;
        if (!end && (end = strstr(buf, "\r\n\r\n")) != NULL) {
            const char *cl = strcasestr(buf, "\r\nContent-Length:");
            length = cl && cl < end ? strtol(cl + 17, NULL, 10) : -1;
        }
        if (end && length >= 0 && got >= (size_t)(end - buf) + 4 + (size_t)length)
            break;
    }
    buf[got] = 0;
    int status = -1;
    if (!end || sscanf(buf, "HTTP/1.1 %d", &status) != 1) {
        free(buf);
        return -1;
    }
    size_t skip = (size_t)(end - buf) + 4;
    memmove(buf, buf + skip, got - skip + 1);
    *out = buf;
    return status;
}

/* One request on a connection of its own. */
static inline int http(const char *method, const char *path, const char *body, char **out)
{
    int fd = connect_to(srv.port);
    assert_true(fd >= 0);
    int status = exchange(fd, method, path, body, body ? strlen(body) : 0, out);
    close(fd);
    assert_true(status > 0);
    return status;
}

/* Sends raw bytes on a connection of its own and reads until the server
 * closes it or `seconds` pass: the whole response, headers included,
 * malloc'd; *closed tells whether the server closed the connection, *took
 * the seconds it all took. */
static inline char *raw_request(int port, const char *bytes, size_t n, double seconds, int *closed, double *took)
{
    struct timespec t0, t1;
    struct timeval tv = {.tv_sec = (time_t)seconds, .tv_usec = (long)((seconds - (double)(time_t)seconds) * 1e6)};
    int fd = connect_to(port);
    size_t cap = 1 << 16, got = 0;
    char *buf = malloc(cap);
    assert_true(fd >= 0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    assert_int_equal(send_all(fd, bytes, n), 0);
    ssize_t k = -1;
    while (got + 1 < cap && (k = recv(fd, buf + got, cap - got - 1, 0)) > 0)
        got += (size_t)k;
    *closed = k == 0;
    buf[got] = 0;
    close(fd);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *took = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
    return buf;
}

/* Checks an error reply: status, "code":N, "kind":"K" and a fragment. */
static inline void expect_error(const char *method, const char *path, const char *body, int status, int code,
                         const char *kind, const char *fragment)
{
    char *out, want[128];
    int got = http(method, path, body, &out);
    if (got != status || !strstr(out, fragment))
        fprintf(stderr, "%s %s: %d %s\n", method, path, got, out);
    assert_int_equal(got, status);
    snprintf(want, sizeof want, "{\"error\":{\"code\":%d,\"kind\":\"%s\",\"message\":", code, kind);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, fragment));
    free(out);
}

/* ---- the server process ---- */

static inline int start_server(server *s, const char *extra)
{
    char cmd[8192], port_file[4300];
    snprintf(port_file, sizeof port_file, "%s/port", tu_db_dir);
    unlink(port_file);
    snprintf(cmd, sizeof cmd,
             "exec %s/godtab-serve --db %s --listen 127.0.0.1:0 --port-file %s --quiet --threads 4 %s",
             GODTAB_BIN, tu_db_path, port_file, extra);
    s->pid = fork();
    if (s->pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 500; i++) { /* up to 5 s */
        FILE *f = fopen(port_file, "r");
        if (f) {
            int ok = fscanf(f, "%d", &s->port) == 1;
            fclose(f);
            if (ok)
                return 0;
        }
        if (waitpid(s->pid, NULL, WNOHANG) == s->pid)
            return -1;
        usleep(10000);
    }
    return -1;
}

/* Sends sig and returns the exit status (-1: killed or hung). */
static inline int stop_server(server *s, int sig)
{
    int status;
    kill(s->pid, sig);
    for (int i = 0; i < 1000; i++) {
        if (waitpid(s->pid, &status, WNOHANG) == s->pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        usleep(10000);
    }
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &status, 0);
    return -1;
}

#endif
