/* Table specs and puzzle families: what a model declares so that the one
 * registry (catalog/catalog.c) can build, store, verify, report and answer
 * queries for it, with no edit to gen/ or solve/.
 *
 * A model exports one gt_family (designated initializers, counts from
 * sizeof) holding its table specs, the query hooks the generic solver front
 * end uses, and an optional report. Nothing here touches the store: a spec
 * makes a descriptor, the engine's BFS computes the distances, godtab-gen
 * stores them. */
#ifndef GODTAB_SPEC_H
#define GODTAB_SPEC_H

#include "bfs.h"
#include "gt_error.h"
#include "puzzle.h"
#include "table.h"
#include "textbuf.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gt_table_spec {
    const char *name;    /* database key and command-line name: "pocket-htm" */
    const char *family;  /* "pocket": `godtab-gen pocket` builds the whole family */
    const char *summary; /* one line for --list */
    gt_encoding encoding;
    int zstd_level;
    /* Published counts per depth (terminated by 0 after the last depth), or
     * NULL when the literature has none: the build then only stores. */
    const uint64_t *published;
    int in_default; /* built by a plain `godtab-gen` (and `make run`) */
    /* 1 for a table too big to build with its family (`godtab-gen cube3`):
     * built only when named. */
    int explicit_only;
    /* Builds the puzzle descriptor (with move tables, or with BFS level hooks
     * for a state space that is not a product of coordinates); *out stays
     * valid until free_puzzle. */
    int (*make_puzzle)(const struct gt_table_spec *spec, gt_puzzle **out);
    void (*free_puzzle)(gt_puzzle *p);
    const void *arg; /* the model's parameter (board size, metric, ...) */
    /* Uncompressed bytes per stored chunk (0: the store's default, 16 MiB).
     * Smaller chunks decompress in parallel when a one-shot query loads a
     * small table. */
    uint32_t chunk_bytes;
    /* 1 for a table that takes minutes to rebuild: --verify checks its
     * checksum and recounts its distribution from the data instead. */
    int verify_by_recount;
    /* GT_STORAGE_ZSTD (the default) or GT_STORAGE_MAPPED: stored as the
     * searched bytes and read in place (docs/table-format.md says which
     * tables are, and why). */
    gt_storage storage;
    /* Mapped tables only, optional: the auxiliary arrays a reader needs
     * besides the distances, taken from the built descriptor (their data
     * stay valid until free_puzzle). Fills out[0..*n-1], at most
     * GT_TABLE_SECTIONS_MAX. Return values: GT_OK, GT_ERR_NOMEM. */
    int (*sections)(const struct gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n);
} gt_table_spec;

/* ---- queries: the hooks of the generic solver front end ---- */

enum {
    GT_QUERY_MOVES = 0, /* a scramble in the puzzle's move notation */
    GT_QUERY_STATE = 1, /* a state written out (facelets, a board) */
};

/* How the generic front end (`godtab-solve NAME QUERY`) reads, replays and
 * draws a position of a family's tables. A position is the model's own
 * struct of position_bytes bytes, opaque to the front end. Every hook gets
 * the spec of the table in use (its metric is in spec->arg). */
typedef struct gt_query_hooks {
    size_t position_bytes;
    const char *moves_help; /* one line for --help: what a scramble is */
    const char *state_help; /* one line for --help, or NULL: no state input */
    const char *answer_help; /* for --help: "Prints <answer_help>, then (distance)." */
    /* Parses a query (GT_QUERY_MOVES or GT_QUERY_STATE) into a position and
     * its state index in the spec's table.
     * Return values: GT_OK, GT_ERR_PARSE or GT_ERR_ILLEGAL with err filled. */
    int (*parse)(const gt_table_spec *spec, int format, const char *text, void *position,
                 uint64_t *index, gt_parse_error *err);
    /* The position of a state index (for --random). GT_OK or GT_ERR_INVAL. */
    int (*from_index)(const gt_table_spec *spec, uint64_t index, void *position);
    /* 1 if the moves (indices of the spec's descriptor) solve the position,
     * replayed on the model itself: the check before any answer is printed. */
    int (*solves)(const gt_table_spec *spec, const void *position, const uint8_t *moves, int n);
    /* Optional: a text drawing for --show, ending in a newline.
     * Return values: GT_OK, GT_ERR_RANGE. */
    int (*draw)(const gt_table_spec *spec, const void *position, char *buf, size_t cap);
    /* Optional: the state as query text (GT_QUERY_STATE syntax), for JSON.
     * Return values: GT_OK, GT_ERR_RANGE. */
    int (*state_text)(const gt_table_spec *spec, const void *position, char *buf, size_t cap);
    /* The JSON key of state_text ("facelets"). */
    const char *state_key;
} gt_query_hooks;

/* ---- reports ---- */

/* What a family's report may use: a text sink for its lines, and a loader of
 * stored tables (GT_ERR_NOTFOUND when a table is not built) with its
 * matching release. The loader is the catalog's; a model never opens the
 * store itself. */
typedef struct gt_report_env {
    gt_out out;
    int (*load)(void *user, const char *table, gt_puzzle **puzzle, gt_table **t);
    void (*unload)(void *user, const char *table, gt_puzzle *puzzle, gt_table *t);
    void *user;
    int threads;
} gt_report_env;

/* A report printed by godtab-gen after the family's tables are built.
 * Return values: GT_OK, GT_ERR_MISMATCH (a figure differs from the
 * literature), or the loader's errors. */
typedef int (*gt_report_fn)(const gt_report_env *env);

/* ---- searched answers: the solver hooks of a family ---- */

typedef struct gt_solve_options gt_solve_options;
typedef struct gt_answer gt_answer;

/* How a solver reads the store: the catalog's loader (gt_catalog_loader),
 * so that a model never opens the store itself. Every call returns GT_OK or
 * a GT_ERR_* code (GT_ERR_NOTFOUND: not built). */
#define GT_LOAD_CHECKED 1
#define GT_LOAD_IN_PARTS 2

typedef struct gt_loader {
    /* A catalog table with its descriptor, checked (gt_catalog_load). */
    int (*load)(void *user, const char *table, gt_puzzle **puzzle, gt_table **t);
    void (*unload)(void *user, const char *table, gt_puzzle *puzzle, gt_table *t);
    /* A stored table read in place (no copy for a mapped table); flags:
     * GT_LOAD_CHECKED, also against its catalog spec (gt_catalog_map);
     * GT_LOAD_IN_PARTS, data over 2 GiB read in place in its parts too
     * (gt_view_at). Free with gt_table_free. */
    int (*map)(void *user, const char *table, int flags, gt_table **t);
    /* The uncompressed bytes of a stored table and whether map with these
     * flags reads it in place (1) or copies it (0). */
    int (*stat)(void *user, const char *table, int flags, uint64_t *raw_bytes, int *in_place);
    /* Another name's answers (a family, a table: as gt_query_open_with and
     * gt_query_answer), for a solver built on other families' answers
     * without naming their code (nnn's 3x3x3 stage is cube3's two-phase,
     * its 2x2x2 the pocket table). NULL when the loader has none. */
    int (*open_query)(void *user, const char *name, const gt_solve_options *o, void **query);
    int (*answer)(const void *query, int format, const char *text, const gt_solve_options *o, gt_answer *a,
                  gt_parse_error *err);
    void (*close_query)(void *query);
    void *user;
} gt_loader;

/* How a front end asks (every field optional: zero is the default). */
struct gt_solve_options {
    double timeout; /* seconds a query; 0: none */
    int bounded;    /* 1: a short solution of at most max_length moves, not optimal */
    int max_length; /* with bounded: 0.. or GT_SOLVE_NEAR (the family's "near optimal" bound) */
    int threads;    /* 0: all cores */
    int load;       /* GT_SOLVE_LOAD_*: which tables open reads */
    /* open: which of the family's tables ("4x4": a taquin board), read from
     * the query parameter the solver names (variant_key); NULL: the
     * family's default. */
    const char *variant;
    int show; /* open and solve: also the fields of --show (a taquin's type) */
    int size; /* solve: the size of a family of many (nnn's N) a scramble needs; 0: none given */
    int metric; /* solve: the family's metric to minimise, its index (nnn: 0 OBTM, 1 STM); 0: the default */
};

enum {
    GT_SOLVE_NEAR = -1,         /* max_length: the family's "near optimal" bound */
    GT_SOLVE_MAX_LENGTH = 1000, /* the largest max_length a front end passes on */
    GT_SOLVE_LOAD_DEFAULT = 0,  /* the strongest tables read in place */
    GT_SOLVE_LOAD_MINIMAL = 1,  /* the smallest tables that answer (slow, exact) */
    /* the strongest tables read in place, then checked whole beside the
     * queries, and copied into huge pages there when twice the largest
     * fits half the memory: for a long-lived process (godtab-serve) */
    GT_SOLVE_LOAD_SERVE = 2,
};

/* One answer, for text and JSON alike, filled by a solver with no idea of
 * either: the moves, the distance, and the fields of its JSON object in
 * order ("puzzle", "metric", "distance", "solution", then the family's own:
 * nnn's stage lengths, two-phase's max_length, nodes, seconds ...). */
enum { GT_FIELD_INT, GT_FIELD_REAL, GT_FIELD_TEXT, GT_FIELD_BOOL, GT_FIELD_NULL, GT_FIELD_JSON };
#define GT_ANSWER_FIELDS_MAX 12
/* 2 KB: a taquin type with its twelve neighbours on a 6x6 board fits. */
#define GT_ANSWER_TEXT_MAX 2048

typedef struct gt_answer_field {
    const char *key; /* a string literal */
    int type;        /* GT_FIELD_* */
    int64_t i;       /* INT, BOOL */
    double r;        /* REAL */
    char text[GT_ANSWER_TEXT_MAX]; /* TEXT; JSON: a JSON value written out */
} gt_answer_field;

enum {
    GT_ANSWER_OPTIMAL = 1,     /* the distance is proven */
    GT_ANSWER_LOWER_BOUND = 2, /* no solution: distance is a proven lower bound */
};

struct gt_answer {
    char solution[GT_ANSWER_TEXT_MAX]; /* moves one space apart ("" solved) */
    int distance;                      /* moves, or the lower bound */
    int flags;                         /* GT_ANSWER_* */
    /* Why a solve failed, or why an answer given is short of what was asked
     * (a timeout with a longer solution found: the return code says so). */
    char message[256];
    int n_fields;
    gt_answer_field fields[GT_ANSWER_FIELDS_MAX];
};

/* Empties a (before a solve). */
void gt_answer_clear(gt_answer *a);
/* Appends a field (dropped past GT_ANSWER_FIELDS_MAX; text cut at its cap).
 * key must outlive a (a literal). */
void gt_answer_put_int(gt_answer *a, const char *key, int64_t v);
void gt_answer_put_real(gt_answer *a, const char *key, double v);
void gt_answer_put_text(gt_answer *a, const char *key, const char *v);
void gt_answer_put_bool(gt_answer *a, const char *key, int v);
void gt_answer_put_null(gt_answer *a, const char *key);
/* A nested value (an object, a list) as JSON text; GT_ERR_RANGE (nothing
 * added) when it does not fit GT_ANSWER_TEXT_MAX. */
int gt_answer_put_json(gt_answer *a, const char *key, const char *json);
/* The field of a key, or NULL. */
const gt_answer_field *gt_answer_get(const gt_answer *a, const char *key);

/* The solver of a family whose queries are searched rather than read from
 * one table walk (cube3's IDA* and two-phase, definition tables rebuilt from
 * the store): the one query path of gt_query_open / gt_query_answer. */
typedef struct gt_solver_hooks {
    /* The largest max_length of a short (bounded) query, or 0: optimal
     * answers only (a front end refuses max_length then). */
    int max_length_max;
    const char *state_key; /* the JSON key of a GT_QUERY_STATE query ("facelets"), or NULL: none */
    int long_search; /* 1: a query can take seconds (servers bound how many run) */
    /* 1: queries are states only (GT_QUERY_STATE), no scrambles; state_help
     * then says what a state is ("a config (...)"), for the refusal. */
    int state_only;
    const char *state_help;
    /* The query parameter that picks the tables (gt_solve_options.variant:
     * "board"), what it wants ("NxM with 2 <= N, M <= 6") and its default
     * ("3x3"); the table opened is "<family>-<variant>". NULL: none. */
    const char *variant_key, *variant_help, *variant_default;
    /* The query parameter of gt_solve_options.size ("size"), its range
     * 2..size_max; NULL: none. */
    const char *size_key;
    int size_max;
    /* The values of the query parameter "metric" the solver minimises,
     * space-separated, the first the default (gt_solve_options.metric: the
     * index; nnn: "obtm stm"); NULL: none taken. */
    const char *metrics;
    /* Opens the tables of `name` (the family's name, or a table of it)
     * through ld; *handle is the solver's. Return values: GT_OK,
     * GT_ERR_NOTFOUND, GT_ERR_CORRUPT, GT_ERR_VERSION, GT_ERR_STORAGE,
     * GT_ERR_NOMEM. */
    int (*open)(const gt_loader *ld, const char *name, const gt_solve_options *o, void **handle);
    /* Solves one query (GT_QUERY_MOVES or GT_QUERY_STATE, NUL-terminated)
     * into a (cleared by the caller), replayed before it is returned.
     * Thread-safe on one handle. Return values: GT_OK; GT_ERR_PARSE or
     * GT_ERR_ILLEGAL with err filled; GT_ERR_TIMEOUT (a->message says why;
     * a->n_fields > 0: the best found is still given); GT_ERR_CORRUPT,
     * GT_ERR_RANGE, GT_ERR_NOMEM with a->message. */
    int (*solve)(const void *handle, int format, const char *text, const gt_solve_options *o, gt_answer *a,
                 gt_parse_error *err);
    void (*close)(void *handle);
    /* Optional: a named view of the opened tables as JSON text (the
     * taquin's "graph": its quotient graph), its parameters read through
     * param (NULL when absent). Return values: GT_OK; GT_ERR_NOTFOUND (no
     * such view); GT_ERR_INVAL (a parameter, or tables the view cannot
     * draw) with message; GT_ERR_RANGE, GT_ERR_NOMEM. */
    int (*view)(const void *handle, const char *view, const char *(*param)(void *user, const char *key), void *user,
                char *json, size_t cap, char *message, size_t message_cap);
} gt_solver_hooks;

/* ---- families ---- */

typedef struct gt_family {
    const char *name;    /* "pocket": godtab-gen FAMILY, godtab-solve FAMILY */
    const char *summary; /* one line for godtab-solve --help */
    const gt_table_spec *specs;
    int n_specs;
    /* The table a query uses when none is named: "<name>-<metric>" with the
     * first metric listed here ("htm" or "htm qtm"), or NULL for the first
     * spec. */
    const char *metrics;
    const gt_query_hooks *query; /* NULL: no generic queries */
    const gt_solver_hooks *solver; /* NULL: queries are table walks (query) only */
    gt_report_fn report;         /* NULL: no report */
} gt_family;

/* The number of elements of a static array, for n_specs and the like. */
#define GT_COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

#ifdef __cplusplus
}
#endif

#endif
