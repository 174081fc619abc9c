/* Cube move notation (WCA / SiGN) for an n×n×n cube.
 *
 *   faces     U D R L F B            one outer layer
 *   wide      Rw (kRw: k layers), r   the outer layers 0..1 (0..k-1)
 *   layers    kR (SiGN)               the k-th layer from R alone
 *   ranges    a-bRw, a-br             layers a..b from R (cubing.js), one block
 *   slices    M E S                   the middle layers, turning as L, D, F
 *   rotations x y z                   the whole cube, turning as R, U, F
 *   amounts   none, ' (or ’), 2, 2'   clockwise, anticlockwise, half turn;
 *             any count k and k' (cubing.js: R3 is R', R4 nothing)
 *
 * Tokens may be separated by whitespace or written together ("RU2R'").
 * The alg syntax of cubing.js (alg.c) is read around them:
 *   (A)k, (A)'     A repeated k times, A inverted (k and ' as amounts)
 *   [A, B]         the commutator A B A' B'
 *   [A: B]         the conjugate A B A'
 *   .              a pause, ignored
 *   // ...         a comment to the end of the line
 * nested up to GT_NOTATION_DEPTH_MAX, expanding to at most
 * GT_NOTATION_EXPAND_MAX turns (past either: GT_ERR_PARSE).
 *
 * The layer count k is a plain decimal without a leading zero:
 *   kRw  1 <= k <= n: the k outer layers; 1Rw is R, and nRw is every layer,
 *        the whole cube (3Rw on the 3x3x3 is x, 4Rw on the 4x4x4 too);
 *   kR   1 <= k <  n: layer k alone (1R is R); k = n is refused, since that
 *        layer is the opposite face and is written with its own letter
 *        (L', not 3R, on the 3x3x3).
 * A count of 0 ("0R"), a leading zero ("01R", "00R"), a count past those
 * bounds ("257R": never cut to 8 bits) and digits before anything but a face
 * letter ("2x", "2M", "2r") are refused. Digits are read with a bound, so a
 * token of any length ("R29999999999", 5,000 digits) is refused as a whole,
 * without overflow. Every token with a layer count is of kind
 * GT_NOTATION_WIDE, nRw included. */
#ifndef GODTAB_NOTATION_H
#define GODTAB_NOTATION_H

#include "gt_error.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One turn: layers lo..hi of `face` (counted inwards from it) by `quarters`
 * clockwise quarter turns (1, 2 or 3). */
typedef struct gt_turn {
    uint8_t face;
    uint16_t lo, hi; /* 16 bits: layer counts up to GT_NOTATION_NMAX */
    uint8_t quarters;
} gt_turn;

/* The largest cube the parser takes (the N×N×N model's GT_NNN_MAX). */
#define GT_NOTATION_NMAX 1024

/* The longest token gt_notation_format_cap writes ("1023-1024Rw2'"), NUL included. */
#define GT_NOTATION_TOKEN_MAX 16

/* Which kinds of token a caller accepts. */
enum {
    GT_NOTATION_FACES = 1,
    GT_NOTATION_WIDE = 2,
    GT_NOTATION_SLICES = 4,
    GT_NOTATION_ROTATIONS = 8,
    GT_NOTATION_ALL = 15,
    /* Opt-in, not in GT_NOTATION_ALL: M E S only on odd n (on even n no
     * layer is the middle one; the N×N×N front end refuses them there). */
    GT_NOTATION_SLICES_ODD_ONLY = 16,
};

/* Bounds of the alg syntax: an alg expanding past this many turns, or
 * brackets nested deeper, is refused (GT_ERR_PARSE, exit 2). */
#define GT_NOTATION_EXPAND_MAX 1000000L
#define GT_NOTATION_EXPAND_MAX_TEXT "1,000,000"
#define GT_NOTATION_DEPTH_MAX 64
#define GT_NOTATION_DEPTH_MAX_TEXT "64"

/* Parses `text` into at most `cap` turns on an n×n×n cube (2 <= n <=
 * GT_NOTATION_NMAX; the facelet permutations of facecube.h stop at
 * GT_FACECUBE_NMAX, the N×N×N model of common/models/nnn goes to 1024). Returns 0 (*count set), GT_ERR_PARSE, GT_ERR_RANGE if
 * more than cap turns (err not filled in), or GT_ERR_INVAL for n out of range,
 * a NULL text or count, cap < 0, or NULL turns with cap > 0. On GT_ERR_PARSE,
 * err (which may be NULL) names the bad token: its byte offset and length in
 * text, and a one-line message "WHY 'TOKEN' at column C" (C = offset + 1;
 * a token longer than 24 bytes is quoted as its first 24 and "..."). */
GT_API int gt_notation_parse(int n, const char *text, unsigned allow, gt_turn *turns, int cap, int *count,
                      gt_parse_error *err);

/* The same into a malloc'd array of the alg's own length (*turns NULL when
 * it has none; free it): GT_OK, GT_ERR_PARSE, GT_ERR_NOMEM, GT_ERR_INVAL. */
GT_API int gt_notation_parse_alloc(int n, const char *text, unsigned allow, gt_turn **turns, long *count,
                            gt_parse_error *err);

/* ---- the alg syntax over any move set (alg.c) ----
 * The grammar above ((A)k, (A)', [A, B], [A: B], ".", "//") around moves
 * read by the caller: a definition file's move names (def_scramble.c) use
 * the same parser as the cubes. A turn's meaning is the reader's: the cube
 * reader fills a face, layers and quarter turns; another may use `face` for
 * its move's index and `quarters` for its power. */
typedef struct gt_alg_moves {
    /* Reads one move at *p (not blank, not a bracket, separator, "." or
     * "//") into t and advances *p; t->quarters 0 means the identity (the
     * turn is dropped). GT_OK, or GT_ERR_PARSE with err filled in
     * (gt_alg_fail). */
    int (*read)(void *ctx, const char *text, const char **p, gt_turn *t, gt_parse_error *err);
    /* The power (`quarters`) of t's inverse. */
    uint8_t (*inverse)(void *ctx, gt_turn t);
    void *ctx;
} gt_alg_moves;

/* gt_notation_parse and gt_notation_parse_alloc over moves m: the same
 * return values (GT_ERR_INVAL for a NULL m or hook). */
GT_API int gt_alg_parse(const gt_alg_moves *m, const char *text, gt_turn *turns, int cap, int *count,
                 gt_parse_error *err);
GT_API int gt_alg_parse_alloc(const gt_alg_moves *m, const char *text, gt_turn **turns, long *count,
                       gt_parse_error *err);

/* Fills err for the token of `length` bytes at start (in text): "WHY
 * 'TOKEN' at column C". Returns GT_ERR_PARSE. */
int gt_alg_fail(gt_parse_error *err, const char *text, const char *start, int length, const char *why);

/* Reads an amount at p: digits (1 if none) then an optional prime (' or
 * U+2019), which negates it. *why is NULL or the reason it is refused (a
 * leading zero, past 100,000). Returns the end. */
const char *gt_alg_read_amount(const char *p, long *amount, const char **why);

/* Writes a turn in notation ("R", "U2", "F'", "x", "Rw", "M'") into buf (>= 8 bytes;
 * enough for n <= 999 except layer ranges past "2-9Rw2'": those need
 * gt_notation_format_cap). */
GT_API void gt_notation_format(int n, gt_turn turn, char *buf);

/* The same into buf of cap bytes (GT_NOTATION_TOKEN_MAX is enough for any n). */
void gt_notation_format_cap(int n, gt_turn turn, char *buf, int cap);

/* The facelet permutation of a turn (see facecube.h). */
int gt_notation_turn_perm(int n, gt_turn turn, uint16_t *perm);

#ifdef __cplusplus
}
#endif

#endif
