/* Short words by meet in the middle.
 *
 * The factorisation table (group_words.h) writes any member as a word, but
 * its words are long (about 100 letters on the 3x3x3) even for a position
 * two moves from solved. For positions near the identity this finds a
 * shortest word outright: every reduced word of up to D letters is hashed by
 * its permutation (D as large as a budget of entries allows: 5 for the
 * 3x3x3's 12 letters), and p is looked for as a·b with a, b in that set, so
 * any word of up to 2D letters is found, and the shortest one (counted in
 * letters, a generator or an inverse being one letter). */
#ifndef GODTAB_GROUP_SHORT_H
#define GODTAB_GROUP_SHORT_H

#include "permgroup.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gt_short_words gt_short_words;

/* Enumerates the words of the generators gens[0..ngens-1] (degree n) up to
 * the largest length whose count stays within max_entries (0 = 250,000).
 * Returns 0, GT_ERR_INVAL or GT_ERR_NOMEM. */
GT_API int gt_short_create(int n, int ngens, const gt_point *const *gens, long max_entries, gt_short_words **out);
GT_API void gt_short_free(gt_short_words *s);

/* D, the length of the stored words (words up to 2D are found). */
int gt_short_depth(const gt_short_words *s);

/* Looks for a word of at most 2D letters with product p (letters as in
 * group_words.h: 2k = generator k, 2k+1 its inverse). Returns 1 with the
 * shortest such word in letters (*len <= cap), 0 if there is none that short,
 * GT_ERR_RANGE if cap < 2D. The word is checked against p before it is
 * returned, so a hash collision can only cost a miss, never a wrong word. */
GT_API int gt_short_find(const gt_short_words *s, const gt_point *p, int *letters, int cap, int *len);

#ifdef __cplusplus
}
#endif

#endif
