/* Permutation ranks by Lehmer code, shared by the models' coordinates: the
 * rank of a permutation of 0..n-1, most significant digit first, so the
 * identity ranks 0 and ranks follow lexicographic order. Inline: a model's
 * index computation calls them per position, with n a constant. */
#ifndef GODTAB_LEHMER_H
#define GODTAB_LEHMER_H

#include <stdint.h>

#define GT_LEHMER_MAX 16

/* The rank (0 .. n!-1) of perm[0..n-1], a permutation of 0..n-1, n <= 12. */
static inline uint32_t gt_lehmer_rank(int n, const uint8_t *perm)
{
    uint32_t rank = 0;
    for (int i = 0; i < n; i++) {
        uint32_t smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += perm[j] < perm[i];
        rank = rank * (uint32_t)(n - i) + smaller;
    }
    return rank;
}

/* The permutation perm[0..n-1] of a rank below n!, n <= GT_LEHMER_MAX. */
static inline void gt_lehmer_unrank(int n, uint32_t rank, uint8_t *perm)
{
    uint8_t digit[GT_LEHMER_MAX], used[GT_LEHMER_MAX] = {0};
    for (int i = n - 1; i >= 0; i--) {
        digit[i] = (uint8_t)(rank % (uint32_t)(n - i));
        rank /= (uint32_t)(n - i);
    }
    for (int i = 0; i < n; i++) {
        int k = digit[i], v = 0;
        for (;; v++)
            if (!used[v] && k-- == 0)
                break;
        used[v] = 1;
        perm[i] = (uint8_t)v;
    }
}

#endif
