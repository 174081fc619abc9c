/* The greatest common divisor, shared by the permutation groups (orders as
 * least common multiples of cycle lengths) and the definitions' move
 * orders. */
#ifndef GODTAB_GCD_H
#define GODTAB_GCD_H

#include <stdint.h>

/* gcd(a, b); gcd(a, 0) = a. */
static inline uint64_t gt_gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

#endif
