#include "cli.h"
#include "alloc.h"
#include "gt_error.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* Appends s to buf at *n, in single quotes unless every byte is safe in a shell. */
static void append_quoted(char *buf, size_t cap, size_t *n, const char *s)
{
    int plain = *s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+,:=@%-") ==
                          strlen(s);
    if (plain) {
        *n += (size_t)snprintf(buf + *n, *n < cap ? cap - *n : 0, "%s", s);
        return;
    }
    *n += (size_t)snprintf(buf + *n, *n < cap ? cap - *n : 0, "'");
    for (; *s; s++)
        *n += (size_t)snprintf(buf + *n, *n < cap ? cap - *n : 0, *s == '\'' ? "'\\''" : "%c", *s);
    *n += (size_t)snprintf(buf + *n, *n < cap ? cap - *n : 0, "'");
}

void gt_cli_gen_hint(const char *db_path, const char *hint, char *buf, size_t cap)
{
    static const char gen[] = "godtab-gen";
    size_t n = 0, g = sizeof gen - 1;
    /* "godtab-gen ARGS" gets the database that was asked for (unless the hint names one) */
    if (!db_path || strncmp(hint, gen, g) || (hint[g] && hint[g] != ' ') || strstr(hint, " --db ")) {
        snprintf(buf, cap, "%s", hint);
        return;
    }
    n += (size_t)snprintf(buf, cap, "%s --db ", gen);
    append_quoted(buf, cap, &n, db_path);
    snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "%s", hint + g);
    if (n >= cap && cap)
        buf[cap - 1] = 0;
}

int gt_cli_open_db(const char *db_path, const char *build_hint, gt_db **db)
{
    const char *path = gt_db_default_path(db_path);
    char hint[2048];
    gt_cli_gen_hint(db_path, build_hint, hint, sizeof hint);
    build_hint = hint;
    int rc = gt_db_open(db, path, GT_DB_READONLY);
    if (rc == GT_ERR_NOTFOUND) {
        /* the store's reason, unless it only says the path again (the hint names it too) */
        const char *why = gt_db_last_error(NULL);
        int says_path = !*why || strstr(why, path) != NULL;
        fprintf(stderr, "godtab-solve: no tables at %s%s%s%s; build them with: %s\n", path, says_path ? "" : " (",
                says_path ? "" : why, says_path ? "" : ")", build_hint);
    }
    else if (rc == GT_ERR_CORRUPT)
        fprintf(stderr, "godtab-solve: the database at %s is damaged (%s); move it aside and rebuild with: %s\n",
                path, gt_db_last_error(NULL), build_hint);
    else if (rc)
        fprintf(stderr, "godtab-solve: cannot open the database at %s: %s\n", path, gt_db_last_error(NULL));
    return gt_exit_code(rc);
}

void gt_cli_table_error(gt_db *db, const char *db_path, const char *table, const char *build_hint, int rc)
{
    const char *path = gt_db_default_path(db_path);
    char hint[2048];
    gt_cli_gen_hint(db_path, build_hint, hint, sizeof hint);
    build_hint = hint;
    if (rc == GT_ERR_NOTFOUND)
        fprintf(stderr, "godtab-solve: table %s is not in %s; build it with: %s\n", table, path, build_hint);
    else if (rc == GT_ERR_CORRUPT || rc == GT_ERR_VERSION)
        fprintf(stderr, "godtab-solve: table %s in %s is corrupted (%s); rebuild it with: %s\n", table, path,
                *gt_db_last_error(db) ? gt_db_last_error(db) : gt_strerror(rc), build_hint);
    else if (rc)
        fprintf(stderr, "godtab-solve: table %s: %s %s\n", table, gt_strerror(rc), gt_db_last_error(db));
}

int gt_cli_load_table(const char *db_path, const char *table, const char *build_hint, gt_db **db,
                      gt_puzzle **puzzle, gt_table **t)
{
    int rc = gt_cli_open_db(db_path, build_hint, db);
    if (rc)
        return rc;
    rc = gt_catalog_load(*db, table, puzzle, t);
    gt_cli_table_error(*db, db_path, table, build_hint, rc);
    if (rc) {
        gt_db_close(*db);
        *db = NULL;
    }
    return gt_exit_code(rc);
}

void gt_cli_unload_table(const char *table, gt_db *db, gt_puzzle *puzzle, gt_table *t)
{
    gt_catalog_unload(table, puzzle, t);
    gt_db_close(db);
}

int gt_cli_json_string(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = *len;
#define PUTC(c)                                                                                    \
    do {                                                                                           \
        if (n + 1 >= cap)                                                                          \
            return -1;                                                                             \
        buf[n++] = (c);                                                                            \
    } while (0)
    PUTC('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            PUTC('\\');
            PUTC((char)c);
        } else if (c < 0x20) {
            if (n + 7 >= cap)
                return -1;
            n += (size_t)snprintf(buf + n, cap - n, "\\u%04x", c);
        } else {
            PUTC((char)c);
        }
    }
    PUTC('"');
#undef PUTC
    buf[n] = 0;
    *len = n;
    return 0;
}

int gt_cli_answer_one(gt_cli_answer_fn answer, void *ctx, const char *query, size_t answer_cap)
{
    char err[256];
    char *out = malloc(answer_cap);
    if (!out) {
        fprintf(stderr, "godtab-solve: out of memory\n");
        return GT_EXIT_INTERNAL;
    }
    int rc = answer(ctx, query, out, answer_cap, err, sizeof err);
    if (rc)
        fprintf(stderr, "godtab-solve: %s\n", err);
    else
        puts(out);
    free(out);
    return gt_exit_code(rc);
}

int gt_cli_join_words(int argc, char **argv, int first, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = first; i < argc; i++) {
        size_t len = strlen(argv[i]);
        if (used + len + 2 > cap) {
            fprintf(stderr, "godtab-solve: the query is too long (at most %zu characters)\n", cap - 2);
            return GT_EXIT_PARSE;
        }
        if (used)
            buf[used++] = ' ';
        memcpy(buf + used, argv[i], len + 1);
        used += len;
    }
    return GT_EXIT_OK;
}

long gt_cli_parse_count(const char *option, const char *value, long min, long max)
{
    char *end;
    long v = strtol(value, &end, 10);
    if (!*value || *end || v < min || v > max) {
        fprintf(stderr, "godtab-solve: %s wants a number from %ld to %ld, not '%s'\n", option, min, max, value);
        return -1;
    }
    return v;
}

/* One block of input lines and their answers. */
typedef struct batch_block {
    char **lines;
    size_t *line_cap;
    long *nul_at;  /* per line: the column of its first NUL byte, 0 if none */
    char *answers; /* n * answer_cap */
    char (*errors)[200];
    int *status;
    size_t n, cap, answer_cap;
} batch_block;

/* Lines are answered a block at a time. Blocks are large because waking the
 * other threads for a parallel region costs up to a scheduler tick on a
 * virtual machine; small answers allow 65,536 lines a block, big ones (--all)
 * are limited to 64 MiB of answer buffers. */
enum { MAX_BLOCK_LINES = 65536, BLOCK_ANSWER_BYTES = 64 << 20 };

static int block_new(batch_block *b, size_t answer_cap)
{
    size_t lines = BLOCK_ANSWER_BYTES / answer_cap;
    lines = lines > MAX_BLOCK_LINES ? MAX_BLOCK_LINES : lines < 1 ? 1 : lines;
    *b = (batch_block){.cap = lines, .answer_cap = answer_cap};
    b->lines = calloc(lines, sizeof *b->lines);
    b->line_cap = calloc(lines, sizeof *b->line_cap);
    b->nul_at = calloc(lines, sizeof *b->nul_at);
    b->answers = malloc(lines * answer_cap);
    b->errors = malloc(lines * sizeof *b->errors);
    b->status = malloc(lines * sizeof *b->status);
    return b->lines && b->line_cap && b->nul_at && b->answers && b->errors && b->status ? GT_OK : GT_ERR_NOMEM;
}

static void block_free(batch_block *b)
{
    if (b->lines)
        for (size_t i = 0; i < b->cap; i++)
            free(b->lines[i]);
    free(b->lines);
    free(b->line_cap);
    free(b->nul_at);
    free(b->answers);
    free(b->errors);
    free(b->status);
}

static int line_reserve(char **line, size_t *line_cap, size_t need)
{
    void *buf = *line;
    int rc = gt_array_reserve(&buf, line_cap, need, 1, 256);
    *line = buf;
    return rc;
}

enum { LINE_EOF = -1, LINE_NOMEM = -2 }; /* read_line's returns besides a length */

/* Reads one line into *line, NUL-terminated, without its end: "\n", "\r\n"
 * and a lone "\r" all end a line, so a file with old Mac line ends is not
 * read as one merged query. A NUL byte is kept, not taken as the end of the
 * text: *nul_at is the 1-based column of the first one (0 if none), so the
 * caller refuses the line instead of answering its first part. Returns the
 * length, LINE_EOF at the end of the input, or LINE_NOMEM. */
static ssize_t read_line(FILE *in, char **line, size_t *line_cap, long *nul_at)
{
    size_t len = 0;
    int c;
    *nul_at = 0;
    while ((c = getc_unlocked(in)) != EOF && c != '\n') {
        if (c == '\r') {
            int next = getc_unlocked(in);
            if (next != '\n' && next != EOF)
                ungetc(next, in);
            break;
        }
        if (c == 0 && !*nul_at)
            *nul_at = (long)len + 1;
        if (line_reserve(line, line_cap, len + 2) != GT_OK)
            return LINE_NOMEM;
        (*line)[len++] = (char)c;
    }
    if (c == EOF && len == 0)
        return LINE_EOF;
    if (line_reserve(line, line_cap, len + 1) != GT_OK) /* an empty first line has no buffer yet */
        return LINE_NOMEM;
    (*line)[len] = 0;
    return (ssize_t)len;
}

/* Reads up to a block of lines; *eof at the end. Lines are kept in their
 * slots and reused from block to block. */
static int block_read(batch_block *b, FILE *in, char **line, size_t *line_cap, int *eof)
{
    b->n = 0;
    while (b->n < b->cap) {
        ssize_t len = read_line(in, line, line_cap, &b->nul_at[b->n]);
        if (len == LINE_NOMEM)
            return GT_ERR_NOMEM;
        if (len == LINE_EOF) {
            *eof = 1;
            break;
        }
        void *slot = b->lines[b->n];
        if (gt_array_reserve(&slot, &b->line_cap[b->n], (size_t)len + 1, 1, 64) != GT_OK)
            return GT_ERR_NOMEM;
        b->lines[b->n] = slot;
        memcpy(b->lines[b->n], *line, (size_t)len + 1);
        b->n++;
    }
    return GT_OK;
}

static void block_answer(batch_block *b, gt_cli_answer_fn answer, void *ctx, int threads)
{
#pragma omp parallel for num_threads(threads) schedule(dynamic, 64)
    for (int64_t i = 0; i < (int64_t)b->n; i++) {
        const char *q = b->lines[i];
        while (*q == ' ' || *q == '\t')
            q++;
        b->errors[i][0] = 0;
        if (b->nul_at[i]) { /* the text after it would be silently lost */
            snprintf(b->errors[i], sizeof b->errors[i], "a NUL byte at column %ld: a query is text", b->nul_at[i]);
            b->status[i] = GT_ERR_PARSE;
            continue;
        }
        if (!*q || *q == '#') {
            b->status[i] = 1; /* skipped */
            continue;
        }
        /* The whole line, leading blanks included, so that an error's
         * column counts from the start of the line as typed: the same
         * column as the same text given on the command line. */
        b->status[i] = answer(ctx, b->lines[i], b->answers + (size_t)i * b->answer_cap, b->answer_cap,
                              b->errors[i], sizeof b->errors[i]);
    }
}

static int batch_json;

void gt_cli_batch_json(int on)
{
    batch_json = on;
}

/* A failed line's place in the output, so that output line k still answers
 * input line k: {"line","query","error":{"code","kind","message"}} with
 * --json, else "error: MESSAGE". */
static void print_failed_line(long line_no, const char *query, int status, const char *message)
{
    int code = gt_exit_code(status);
    if (!batch_json) {
        printf("error: %s\n", message);
        return;
    }
    char buf[8192];
    size_t len = (size_t)snprintf(buf, sizeof buf, "{\"line\":%ld,\"query\":", line_no);
    if (gt_cli_json_string(buf, sizeof buf - 256, &len, query) != 0)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "\"%.64s...\"", ""); /* too long to quote */
    len += (size_t)snprintf(buf + len, sizeof buf - len, ",\"error\":{\"code\":%d,\"kind\":\"%s\",\"message\":",
                            code, gt_exit_kind(code));
    if (gt_cli_json_string(buf, sizeof buf - 3, &len, message) == 0)
        printf("%s}}\n", buf);
}

/* Prints a block's answers in order, failing lines on stderr and in their
 * place on stdout. Returns the exit code so far; a fatal one (the table,
 * not the line) stops the batch. */
static int block_print(const batch_block *b, long first_line, int exit_code, int *fatal)
{
    for (size_t i = 0; i < b->n; i++) {
        if (b->status[i] == 1)
            continue;
        if (b->status[i] == GT_OK) {
            const char *a = b->answers + i * b->answer_cap;
            fwrite(a, 1, strlen(a), stdout);
            putchar_unlocked('\n');
            continue;
        }
        print_failed_line(first_line + (long)i, b->nul_at[i] ? "" : b->lines[i], b->status[i], b->errors[i]);
        fflush(stdout);
        fprintf(stderr, "godtab-solve: line %ld: %s\n", first_line + (long)i, b->errors[i]);
        int code = gt_exit_code(b->status[i]);
        if (code == GT_EXIT_CORRUPT || code == GT_EXIT_INTERNAL) {
            *fatal = 1;
            return code;
        }
        exit_code = GT_EXIT_PARTIAL;
    }
    return exit_code;
}

int gt_cli_batch(FILE *in, gt_cli_answer_fn answer, void *ctx, size_t answer_cap, int parallel_ok,
                 int threads)
{
    /* 64 KiB: a write a block of answers is plenty, and a larger static
     * buffer costs every sanitized process its scan at exit (tests/README.md) */
    static char out_buffer[1 << 16];
    batch_block b;
    int exit_code = GT_EXIT_OK, eof = 0, fatal = 0;
    long line_no = 0;
    char *line = NULL;
    size_t line_cap = 0;
    if (threads <= 0)
        threads = omp_get_max_threads();
    if (block_new(&b, answer_cap) != GT_OK)
        goto out_of_memory;
    setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    while (!eof && !fatal) {
        if (block_read(&b, in, &line, &line_cap, &eof) != GT_OK)
            goto out_of_memory;
        block_answer(&b, answer, ctx, parallel_ok ? threads : 1);
        exit_code = block_print(&b, line_no + 1, exit_code, &fatal);
        line_no += (long)b.n;
    }
    goto free_block;
out_of_memory:
    fprintf(stderr, "godtab-solve: out of memory\n");
    exit_code = GT_EXIT_INTERNAL;
free_block:
    fflush(stdout);
    block_free(&b);
    free(line);
    return exit_code;
}
