/* Single permutations (permgroup.h): products, inverses, cycle types,
 * signs, orders, cycle notation. The bottom of the permutation-group files:
 * calls none of them. */
#include "gcd.h"
#include "gt_error.h"
#include "permgroup.h"
#include "textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gt_perm_identity(int n, gt_point *p)
{
    for (int i = 0; i < n; i++)
        p[i] = (gt_point)i;
}

void gt_perm_mul(int n, const gt_point *a, const gt_point *b, gt_point *out)
{
    for (int i = 0; i < n; i++)
        out[i] = b[a[i]];
}

void gt_perm_inverse(int n, const gt_point *a, gt_point *out)
{
    for (int i = 0; i < n; i++)
        out[a[i]] = (gt_point)i;
}

int gt_perm_is_identity(int n, const gt_point *p)
{
    for (int i = 0; i < n; i++)
        if (p[i] != i)
            return 0;
    return 1;
}

int gt_perm_equal(int n, const gt_point *a, const gt_point *b)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

int gt_perm_is_valid(int n, const gt_point *p)
{
    if (n < 1 || n > GT_PERM_MAX_DEGREE)
        return 0;
    unsigned char seen[GT_PERM_MAX_DEGREE] = {0};
    for (int i = 0; i < n; i++) {
        if (p[i] >= n || seen[p[i]])
            return 0;
        seen[p[i]] = 1;
    }
    return 1;
}

void gt_perm_cycle_type(int n, const gt_point *p, int *hist)
{
    unsigned char seen[GT_PERM_MAX_DEGREE] = {0};
    memset(hist, 0, (size_t)(n + 1) * sizeof *hist);
    for (int i = 0; i < n; i++) {
        if (seen[i])
            continue;
        int len = 0;
        for (int j = i; !seen[j]; j = p[j]) {
            seen[j] = 1;
            len++;
        }
        hist[len]++;
    }
}

int gt_perm_sign(int n, const gt_point *p)
{
    int hist[GT_PERM_MAX_DEGREE + 1], sign = 1;
    gt_perm_cycle_type(n, p, hist);
    for (int len = 2; len <= n; len += 2) /* a cycle of even length is odd */
        if (hist[len] % 2)
            sign = -sign;
    return sign;
}

uint64_t gt_perm_order(int n, const gt_point *p)
{
    int hist[GT_PERM_MAX_DEGREE + 1];
    uint64_t order = 1;
    gt_perm_cycle_type(n, p, hist);
    for (uint64_t len = 2; len <= (uint64_t)n; len++) {
        if (!hist[len])
            continue;
        uint64_t m = len / gt_gcd_u64(order, len);
        if (order > UINT64_MAX / m)
            return UINT64_MAX;
        order *= m;
    }
    return order;
}

int gt_perm_append_cycles(int n, const gt_point *p, const char *sep, int per_line, const char *line_break,
                          char *buf, int cap, int *length)
{
    unsigned char seen[GT_PERM_MAX_DEGREE] = {0};
    int len = *length, cycles = 0;
    for (int i = 0; i < n; i++) {
        if (seen[i] || p[i] == i)
            continue;
        if (per_line > 0 && cycles > 0 && cycles % per_line == 0)
            GT_APPENDI("%s", line_break);
        GT_APPENDI("%s(%d", sep, i + 1);
        seen[i] = 1;
        for (int j = p[i]; j != i; j = p[j]) {
            seen[j] = 1;
            GT_APPENDI(",%d", j + 1);
        }
        GT_APPENDI(")");
        cycles++;
    }
    *length = len;
    return cycles;
}

int gt_perm_format_cycles(int n, const gt_point *p, char *buf, int cap)
{
    int len = 0;
    if (cap < 1)
        return GT_ERR_RANGE;
    buf[0] = 0;
    int cycles = gt_perm_append_cycles(n, p, "", 0, "", buf, cap, &len);
    if (cycles < 0)
        return cycles;
    if (cycles == 0)
        GT_APPENDI("()");
    return GT_OK;
}
