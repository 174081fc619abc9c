/* Pieces shared by the godtab-solve subcommands: opening a table with a
 * one-line error that says how to fix it, the stdin batch loop, JSON strings. */
#ifndef GODTAB_SOLVE_CLI_H
#define GODTAB_SOLVE_CLI_H

#include "catalog.h"
#include "store.h"

#include <stddef.h>
#include <stdio.h>

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
 * go on. Lines are answered in parallel blocks (threads; 0 = all cores) when
 * parallel_ok, output order is always input order. Returns the exit code: 0,
 * GT_EXIT_PARTIAL if some lines failed, or a fatal code (e.g. table corrupt). */
int gt_cli_batch(FILE *in, gt_cli_answer_fn answer, void *ctx, size_t answer_cap, int parallel_ok,
                 int threads);

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

#endif
