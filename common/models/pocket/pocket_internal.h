/* The pocket cube's coordinates (pocket.c), exposed for the tests only:
 * programs and the rest of the library go through pocket.h. */
#ifndef GODTAB_POCKET_INTERNAL_H
#define GODTAB_POCKET_INTERNAL_H

#include "pocket.h"

#include <stdint.h>

/* The Lehmer rank (0..GT_POCKET_PERMS-1) of a corner permutation (cp[GT_DBL]
 * is GT_DBL), and back. */
uint32_t gt_pocket_perm_rank(const uint8_t cp[GT_CORNERS]);
void gt_pocket_perm_unrank(uint32_t rank, uint8_t cp[GT_CORNERS]);
/* The base-3 rank (0..GT_POCKET_TWISTS-1) of the first six corners' twists,
 * and back (the seventh's follows, DBL's is 0). */
uint32_t gt_pocket_twist_rank(const uint8_t co[GT_CORNERS]);
void gt_pocket_twist_unrank(uint32_t rank, uint8_t co[GT_CORNERS]);

#endif
