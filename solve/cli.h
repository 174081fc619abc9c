/* Pieces shared by the godtab-solve subcommands: opening a table with a
 * one-line error that says how to fix it, the stdin batch loop, JSON strings. */
#ifndef GODTAB_SOLVE_CLI_H
#define GODTAB_SOLVE_CLI_H

#include "catalog.h"
#include "store.h"

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- the command-line skeleton: shared options parsed once ---- */

/* The shared options a command may take (bit mask of gt_cli_command.shared). */
enum {
    GT_CLI_DB = 1 << 0,       /* --db PATH */
    GT_CLI_THREADS = 1 << 1,  /* --threads N */
    GT_CLI_JSON = 1 << 2,     /* --json */
    GT_CLI_SHOW = 1 << 3,     /* --show */
    GT_CLI_ALL = 1 << 4,      /* --all */
    GT_CLI_METRIC = 1 << 5,   /* --metric M (values: the command's metrics) */
    GT_CLI_FORMAT = 1 << 6,   /* --format F (values: the command's formats) */
    GT_CLI_STATE = 1 << 7,    /* --facelets S (the command's state option) */
    GT_CLI_RANDOM = 1 << 8,   /* --random N [--seed S] */
    GT_CLI_SVG = 1 << 9,      /* --svg FILE: the picture of a single query */
};

/* --format values. */
enum { GT_CLI_FORMAT_SCRAMBLE = 0, GT_CLI_FORMAT_STATE = 1, GT_CLI_FORMAT_AUTO = 2 };

typedef struct gt_cli_options {
    const char *db_path;   /* NULL: the default database */
    int threads;           /* 0: all cores */
    int json, show, all;
    const char *metric;    /* NULL: the command's first */
    int format;            /* GT_CLI_FORMAT_*: how standard-input lines are read */
    const char *state;     /* the --facelets (state) query, or NULL */
    long random;           /* --random N, or -1 */
    uint64_t seed;
    int have_seed;
    const char *svg;       /* --svg FILE, or NULL */
    int first_word;        /* argv index of the first query word (== argc: none) */
} gt_cli_options;

/* A godtab-solve subcommand: which shared options it takes, its own options
 * and what it does with them. */
typedef struct gt_cli_command {
    const char *name;          /* "pocket": messages say "godtab-solve pocket: ..." */
    unsigned shared;           /* GT_CLI_* */
    const char *metrics;       /* --metric values, space-separated ("htm qtm") */
    const char *state_option;  /* the state option's name and --format value ("facelets") */
    int format_auto;           /* --format also takes "auto" (the default then) */
    const struct option *own;  /* its own options (val >= 256 for long-only), or NULL */
    const char *own_short;     /* their short letters for getopt ("D:T:cq"), or "" */
    /* Handles one of its own options: 0, or the exit code to stop with. */
    int (*own_option)(void *ctx, int opt, const char *arg);
    void (*usage)(FILE *out, const void *ctx);
} gt_cli_command;

/* Parses argv (argv[0] the subcommand's name) into o, calling
 * cmd->own_option for the command's own options. Prints one line and returns
 * GT_EXIT_USAGE on a bad option, or -1 after printing the usage for --help
 * (the caller then exits 0); 0 when the command should run. */
int gt_cli_parse(const gt_cli_command *cmd, void *ctx, int argc, char **argv, gt_cli_options *o);

/* The godtab-gen command of a hint ("godtab-gen pocket") for the database
 * db_path (NULL: the default one): "godtab-gen --db PATH pocket", the path
 * quoted for a shell when it needs to be; a hint that names a database
 * already, or is no godtab-gen command, is copied as it is. gt_cli_open_db
 * and gt_cli_table_error apply it to their build_hint. */
void gt_cli_gen_hint(const char *db_path, const char *hint, char *buf, size_t cap);

/* Opens the database read-only. On failure prints one line to stderr
 * (naming build_hint when there is no database) and returns the exit code;
 * 0 on success. */
int gt_cli_open_db(const char *db_path, const char *build_hint, gt_db **db);

/* Prints the one-line error for a table that failed to load with rc (not
 * built, corrupted, ...); nothing for rc == 0. */
void gt_cli_table_error(gt_db *db, const char *db_path, const char *table, const char *build_hint, int rc);

/* Opens the database read-only and loads a catalog table. On failure prints
 * one line to stderr ("godtab-solve: ...", naming the godtab-gen command that
 * builds the table) and returns the exit code; 0 on success. */
int gt_cli_load_table(const char *db_path, const char *table, const char *build_hint, gt_db **db,
                      gt_puzzle **puzzle, gt_table **t);

/* Releases what gt_cli_load_table returned. */
void gt_cli_unload_table(const char *table, gt_db *db, gt_puzzle *puzzle, gt_table *t);

/* Answers one query line into out (capacity cap, NUL-terminated, no newline)
 * or returns a negative GT_ERR_* with a one-line message in err. */
typedef int (*gt_cli_answer_fn)(void *ctx, const char *line, char *out, size_t cap, char *err,
                                size_t errcap);

/* Reads queries from `in` one per line (blank lines and lines starting with
 * '#' are skipped but keep their number), answers each in order on stdout; a
 * failing line prints "godtab-solve: line N: message" on stderr and the rest
 * go on. "\n", "\r\n" and a lone "\r" each end a line; a line holding a NUL
 * byte is refused (GT_ERR_PARSE, its column named), never cut there. The
 * answer function gets the whole line, leading blanks included, so that an
 * error's column is the one the same text has on the command line. Lines are answered in parallel blocks (threads; 0 = all cores) when
 * parallel_ok, output order is always input order. Returns the exit code: 0,
 * GT_EXIT_PARTIAL if some lines failed, or a fatal code (e.g. table corrupt). */
int gt_cli_batch(FILE *in, gt_cli_answer_fn answer, void *ctx, size_t answer_cap, int parallel_ok,
                 int threads);

/* Pipe-friendly batches: every non-skipped input line gives exactly one
 * output line, in order. A failed line also prints, in its place on stdout,
 * "error: MESSAGE", or with --json (gt_cli_parse calls this) the object
 * {"line":N,"query":"...","error":{"code":C,"kind":"...","message":"..."}}. */
void gt_cli_batch_json(int on);

/* Answers one query given on the command line: the answer on stdout, or its
 * one-line error on stderr. Returns the exit code. */
int gt_cli_answer_one(gt_cli_answer_fn answer, void *ctx, const char *query, size_t answer_cap);

/* Joins argv[first..argc-1] with single spaces into buf (a scramble may be
 * given as several words). Returns 0, or prints an error and returns
 * GT_EXIT_PARSE if it does not fit. */
int gt_cli_join_words(int argc, char **argv, int first, char *buf, size_t cap);

/* Appends s as a JSON string (with quotes) to buf at *len; returns 0 or -1 if
 * it does not fit. */
int gt_cli_json_string(char *buf, size_t cap, size_t *len, const char *s);

/* Parses a positive integer option value; prints an error and returns -1 if bad. */
long gt_cli_parse_count(const char *option, const char *value, long min, long max);


/* Writes text to path (the --svg picture). Returns 0, or prints one line
 * and returns GT_EXIT_STORAGE. */
int gt_cli_write_file(const char *path, const char *text);

/* 1 when --show may draw in colour: standard output is a terminal and
 * NO_COLOR is unset or empty (https://no-color.org). */
int gt_cli_colour(void);

/* The exit code of a failed --help-style parse: see gt_cli_parse. */
#define GT_CLI_HELP_SHOWN (-1)

#endif
