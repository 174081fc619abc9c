/* The cells of the BFS at 2 bits a state (bfs.h, gt_bfs_run_mod3), for the
 * engine's level loop and the models' level hooks alike: state i's code
 * (its distance mod 3, 3 unreached) is bits 2*(i%4) of byte i/4. */
#ifndef GODTAB_BFS_MOD3_H
#define GODTAB_BFS_MOD3_H

#include <stdint.h>

#define GT_MOD3_LOW_BITS 0x5555555555555555ull /* the low bit of each of a word's 32 cells */

/* Bit 2k set iff cell k of the 32 in word x holds code (both bits of its
 * XOR with the code clear). */
static inline uint64_t gt_mod3_matches(uint64_t x, unsigned code)
{
    uint64_t y = x ^ (GT_MOD3_LOW_BITS * code);
    return ~(y | (y >> 1)) & GT_MOD3_LOW_BITS;
}

/* Word w of the array (cells 32w .. 32w + 31), read as other threads write. */
static inline uint64_t gt_mod3_word(const uint8_t *codes, uint64_t w)
{
    return __atomic_load_n((const uint64_t *)(const void *)(codes + 8 * w), __ATOMIC_RELAXED);
}

static inline unsigned gt_mod3_code(const uint8_t *codes, uint64_t i)
{
    return (__atomic_load_n(&codes[i >> 2], __ATOMIC_RELAXED) >> ((i & 3) * 2)) & 3u;
}

/* Writes code into cell i if it is unreached; 1 if this call found it
 * unreached. Every writer of a level writes the same code, so a lost race
 * is harmless: the AND then leaves the code as it is. */
static inline int gt_mod3_claim(uint8_t *codes, uint64_t i, unsigned code)
{
    const unsigned shift = (unsigned)(i & 3) * 2;
    if (gt_mod3_code(codes, i) != 3)
        return 0;
    uint8_t old = __atomic_fetch_and(&codes[i >> 2], (uint8_t) ~((3u ^ code) << shift), __ATOMIC_RELAXED);
    return ((old >> shift) & 3u) == 3u;
}

#endif
