/* Byte counts as the programs' --max-memory options read them: "123",
 * "64M", "2G" (K, M, G, T: powers of 1024). One reader, so that
 * godtab-gen and godtab-solve take the same sizes. */
#ifndef GODTAB_SIZE_H
#define GODTAB_SIZE_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

/* Parameters: arg, the text; out, the bytes.
 * Return values: 0, or -1 for anything else than a positive whole number
 * with at most one suffix (nothing written then). */
static inline int gt_size_parse(const char *arg, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : *end == 'T' ? 40 : 0;
    if (shift)
        end++;
    if (errno || end == arg || *end || v == 0 || arg[0] == '-' || (shift && v > (UINT64_MAX >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

#endif
