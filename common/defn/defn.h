/* Puzzle definitions: the one grammar of godtab's definition files and the
 * one in-memory definition it produces (docs/definitions.md). Two notations
 * of one idea, a puzzle as named moves permuting positions:
 *
 * The twsearch / ksolve `.tws` notation (gt_def_parse):
 *
 *     Name 2x2x2                    # a comment runs to the end of the line
 *     Set CORNERS 8 3               # a set: 8 positions, 3 orientations each
 *     Solved                        # the goal; a repeated number marks
 *     CORNERS                       # pieces that cannot be told apart
 *     1 2 3 4 5 6 7 8
 *     0 0 0 0 0 0 0 0               # (the orientation line is optional)
 *     End
 *     Move U                        # position j receives the piece at perm[j],
 *     CORNERS                       # its orientation plus ori[j] (mod 3)
 *     3 1 2 4 5 6 7 8
 *     0 0 0 0 0 0 0 0
 *     End
 *
 * A set a move does not list is left alone. `StartState` blocks are read
 * like `Solved` (and kept as the definition's start position). A line
 * `MoveSequence S A B2 A'` (twsearch) adds the move S, its steps applied
 * left to right; twsearch's other keywords (Illegal, MoveAlias, '?'
 * orientation wildcards, scramble files...) are refused by name.
 *
 * The cycle notation of `.def` files (gt_def_parse_cycles):
 *
 *     # a comment runs to the end of the line
 *     name  Rubik's cube, seed 001 numbering      (optional, free text)
 *     points 48                                   (the degree: points 1..48)
 *     colours 1 1 1 1 2 2 2 2 ...                 (optional: equal numbers mark
 *                                                  points that cannot be told apart)
 *     A = (1,3,8,6)(2,5,7,4)(9,48,15,12)
 *         (10,47,16,13)(11,46,17,14)              (a line starting with '(' continues)
 *
 * Generators are written in 1-based cycle notation, (a,b,c) sending a to b, b
 * to c and c to a; commas or blanks separate points; "()" is the identity.
 * Names are letters, digits, '_' (at least one letter, at most 15 chars).
 * Such a file is one set "POINTS" of `points` positions without orientation,
 * its generators the moves.
 *
 * Every error carries the line and column of the offending character. This
 * layer includes util only; the groups (permutation generators, puzdef.h)
 * and the definition model (models/def) read what it produces. */
#ifndef GODTAB_DEFN_H
#define GODTAB_DEFN_H

#include "gt_api.h"
#include "gt_error.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_DEF_NAME_MAX 32
#define GT_DEF_MAX_SETS 128   /* twsearch's 20x20x20 has 91 */
#define GT_DEF_MAX_MOVES 64    /* moves of a .tws definition (and of a model) */
#define GT_DEF_MAX_PIECES 255  /* positions of one .tws set */
#define GT_DEF_MAX_POSITIONS 8160 /* positions of all sets (32 sets of 255 before sets were 128) */
#define GT_DEF_MAX_GENS 256    /* generators of a cycle-notation definition */
#define GT_DEF_MAX_POINTS 4096 /* points of a cycle-notation definition */
#define GT_DEF_GEN_NAME_MAX 16 /* a generator's name, NUL included */
#define GT_DEF_MAX_PUBLISHED 4
#define GT_DEF_MAX_DEPTH 64    /* the deepest published count (the engine's GT_MAX_DEPTH) */
#define GT_DEF_MAX_PDB 8       /* "# @pdb" projections of a .tws file */

/* Where and why parsing failed (1-based line and column; line 0 when the
 * error belongs to no line): the library's one error detail (gt_error.h). */
typedef gt_error_detail gt_def_error;

typedef struct gt_def_set {
    char name[GT_DEF_NAME_MAX];
    int n;      /* positions */
    int omod;   /* orientations (1: none) */
    int offset; /* first position of the set in the flat arrays below */
} gt_def_set;

enum { GT_DEF_HTM = 0, GT_DEF_QTM = 1 };

/* A published distribution carried by the file itself, in a comment line
 * other readers skip:   # @published htm R,U 1 6 18 ...   (or "all" moves).
 * godtab-gen checks a table against it like a catalog table's counts. */
typedef struct gt_def_published {
    int metric;                         /* GT_DEF_HTM or GT_DEF_QTM */
    char moves[GT_DEF_NAME_MAX * 4];    /* "all" or a comma list */
    int line;
    uint64_t count[GT_DEF_MAX_DEPTH + 2]; /* terminated by 0 */
} gt_def_published;

enum { GT_DEF_TWS = 0, GT_DEF_CYCLES = 1 };

/* A parsed definition. States and moves are flat arrays of `total`
 * positions, set after set. A state's perm holds 0-based piece labels of
 * its set; a move's perm holds flat positions (set offset + 0-based).
 * Labels are bytes: a cycle-notation definition of more than 256 points
 * without colours has labels modulo 256 (only the permutation groups read
 * it; the model refuses sets of more than GT_DEF_MAX_PIECES). */
typedef struct gt_def {
    int notation; /* GT_DEF_TWS or GT_DEF_CYCLES: the notation it was read from */
    char title[128];
    int n_sets;
    gt_def_set set[GT_DEF_MAX_SETS];
    int total;
    uint8_t *solved_perm, *solved_ori; /* piece labels (repeated: identical pieces) */
    int has_colours;                   /* cycle notation: solved_perm came from a colours line */
    int has_start;
    uint8_t *start_perm, *start_ori;
    int n_moves;
    char move_name[GT_DEF_MAX_GENS][GT_DEF_NAME_MAX];
    int move_line[GT_DEF_MAX_GENS];
    uint16_t *move_perm; /* n_moves x total: the flat position whose piece comes here */
    uint8_t *move_ori;   /* n_moves x total */
    /* move_order[b]: the least p >= 1 with move b to the power p the
     * identity, 0 if above 255 (set by the parsers: each scramble read
     * needs them, and working them out each time cost more than an FTO
     * search) */
    uint8_t move_order[GT_DEF_MAX_GENS];
    int n_published;
    gt_def_published published[GT_DEF_MAX_PUBLISHED];
    /* "# @pdb PROJECTION" lines (.tws): projections named in the file
     * (godtab-gen --def FILE --pdb file; def_pdb.h reads them). */
    int n_pdb;
    char pdb[GT_DEF_MAX_PDB][256];
    int pdb_line[GT_DEF_MAX_PDB];
} gt_def;

/* Parses a .tws text of len bytes (NUL bytes are refused).
 * Return values: GT_OK (*out to free with gt_def_free), GT_ERR_PARSE (err
 * filled in), GT_ERR_NOMEM. err may be NULL. */
GT_API int gt_def_parse(const char *text, size_t len, gt_def **out, gt_def_error *err);

/* Parses a cycle-notation (.def) text of len bytes (NUL bytes are refused).
 * Return values: as gt_def_parse. */
int gt_def_parse_cycles(const char *text, size_t len, gt_def **out, gt_def_error *err);

GT_API void gt_def_free(gt_def *def);

/* The index of the move called name[0..len-1], or GT_NONE. */
int gt_def_find_move(const gt_def *def, const char *name, size_t len);

/* Where move m sends each position (images[i]: the position the piece at i
 * goes to; the inverse of move_perm), total values. */
void gt_def_move_images(const gt_def *def, int m, uint16_t *images);

/* Parses one permutation of degree n (1..GT_DEF_MAX_POINTS) written either
 * in cycle notation "(1,2,3)(4,5)" or as the list of the n images "2 3 1 5
 * 4" (optionally in brackets, commas allowed) into images (0-based).
 * Return values: GT_OK, GT_ERR_INVAL (n out of range), GT_ERR_PARSE (err:
 * line 1, the column): unbalanced parentheses, a point out of range, a point
 * repeated, a wrong number of images. */
int gt_def_parse_perm(int n, const char *text, uint16_t *images, gt_def_error *err);

#ifdef __cplusplus
}
#endif

#endif
