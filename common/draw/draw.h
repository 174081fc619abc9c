/* Pictures: the one SVG writer of godtab (cube nets, taquin boards,
 * distribution charts) and the terminal net in ANSI colours, all written
 * into a caller's buffer (GT_ERR_RANGE rather than a cut picture), used by
 * godtab-solve (--svg, --show) and godtab-serve (/api/svg). The layer sits
 * beside the cube layer and includes only util: a picture is drawn from
 * text (facelet letters, a board, counts), never from a model. */
#ifndef GODTAB_DRAW_H
#define GODTAB_DRAW_H

#include <stddef.h>
#include <stdint.h>

/* The face (0..5 = U R F D L B, 6: none) of each sticker's colour: a string
 * of the letters U R F D L B only (what the solvers print) is read letter by
 * letter; any other six letters by the face whose centre (odd n) or first
 * sticker (even n) carries the letter. The faces' colours are the usual
 * scheme (U white, R red, F green, D yellow, L orange, B blue).
 * Return values: GT_OK, GT_ERR_PARSE (not 6·n² letters, n outside 1..32). */
int gt_draw_faces(int n, const char *facelets, uint8_t *faces);

/* The net of an n×n×n cube (facelets: 6·n² letters in godtab's facelet
 * order: U R F D L B, each left to right, top to bottom as seen from
 * outside) as an SVG document, with caption (may be NULL) underneath.
 * Return values: GT_OK, GT_ERR_PARSE (as gt_draw_faces), GT_ERR_RANGE. */
int gt_draw_net_svg(int n, const char *facelets, const char *caption, char *buf, size_t cap);

/* The same net for a terminal, one line a sticker row: two spaces on an
 * ANSI background colour a sticker when colour is 1, its face letter
 * (U R F D L B) when 0. Ends in a newline.
 * Return values: as gt_draw_net_svg. */
int gt_draw_net_ansi(int n, const char *facelets, int colour, char *buf, size_t cap);

/* A rows×cols board of two-faced tiles (tiles: row by row, '0' or '1'/'I';
 * '/' and blanks skipped) as an SVG document, with caption underneath.
 * Return values: GT_OK, GT_ERR_PARSE (wrong count, other characters, a
 * size outside 1..16), GT_ERR_RANGE. */
int gt_draw_board_svg(int rows, int cols, const char *tiles, const char *caption, char *buf, size_t cap);

/* A distribution (count[0..n-1], states at each depth) as an SVG bar
 * chart titled title, on a log scale when log_scale.
 * Return values: GT_OK, GT_ERR_INVAL (n outside 1..256), GT_ERR_RANGE. */
int gt_draw_bars_svg(const uint64_t *count, int n, int log_scale, const char *title, char *buf, size_t cap);

/* A node of a ring drawing: its ring (0 = the centre), a label, and marks. */
enum { GT_DRAW_NICHE = 1, GT_DRAW_BEACON = 2, GT_DRAW_CURRENT = 4 };
typedef struct gt_draw_node {
    int ring;
    const char *label;
    unsigned marks; /* GT_DRAW_* */
} gt_draw_node;

/* A graph laid out as the seed article draws its taquin quotient graph:
 * nodes on concentric circles by ring (their order kept around each
 * circle), edges (pairs of node indices) as lines, niches ringed in red,
 * beacons filled in blue, titled title.
 * Return values: GT_OK, GT_ERR_INVAL (n outside 1..4096, a ring outside
 * 0..64, an edge naming no node), GT_ERR_RANGE, GT_ERR_NOMEM. */
int gt_draw_rings_svg(const gt_draw_node *nodes, int n, const int (*edges)[2], int n_edges, const char *title,
                      char *buf, size_t cap);

#endif
