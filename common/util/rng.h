/* The one random generator of godtab: splitmix64, seeded explicitly so every
 * --random output is reproducible from its seed, with unbiased draws below a
 * bound (rejection, no modulo bias). Not cryptographic. */
#ifndef GODTAB_RNG_H
#define GODTAB_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gt_rng {
    uint64_t state;
} gt_rng;

static inline void gt_rng_seed(gt_rng *r, uint64_t seed)
{
    r->state = seed;
}

static inline uint64_t gt_rng_next(gt_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. */
static inline uint64_t gt_rng_below(gt_rng *r, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do
        x = gt_rng_next(r);
    while (x >= limit);
    return x % n;
}

#ifdef __cplusplus
}
#endif

#endif
