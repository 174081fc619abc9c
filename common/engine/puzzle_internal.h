/* The walk's inner helpers over a gt_puzzle's move tables: private to the
 * library (not installed: their compound literals are not C++). */
#ifndef GODTAB_PUZZLE_INTERNAL_H
#define GODTAB_PUZZLE_INTERNAL_H

#include "puzzle.h"

/* A state split once into its coordinates' move-table rows, so that its
 * neighbours cost no division: gt_puzzle_at(p, &rows, m) is the neighbour by m. */
typedef struct gt_puzzle_rows {
    const uint32_t *row0, *row1; /* row1 NULL for one coordinate */
    uint32_t size1;
} gt_puzzle_rows;

static inline gt_puzzle_rows gt_puzzle_split(const gt_puzzle *p, uint64_t index)
{
    const uint64_t n_moves = (uint64_t)p->n_moves;
    if (p->n_coords == 1)
        return (gt_puzzle_rows){p->coord[0].move + index * n_moves, NULL, 1};
    uint32_t size1 = p->coord[1].size;
    return (gt_puzzle_rows){p->coord[0].move + index / size1 * n_moves,
                            p->coord[1].move + index % size1 * n_moves, size1};
}

static inline uint64_t gt_puzzle_at(const gt_puzzle_rows *r, int m)
{
    return r->row1 ? (uint64_t)r->row0[m] * r->size1 + r->row1[m] : r->row0[m];
}

#endif
