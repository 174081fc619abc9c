/* godtab-group count N [--json]: the exact number of positions of the
 * n×n×n cube, n = 2..1024 (common/groups/cubecount.h; the derivation is in
 * docs/nnn.md, "Counts"). Plain output is the decimal number alone on one
 * line; --json adds the size and the number of digits. */
#include "cubecount.h"
#include "group_cli.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* N as written: digits only (no sign, blank or exponent), 2..1024. Returns
 * the size, or 0 if the text is not one. */
static int parse_size(const char *text)
{
    size_t len = strlen(text);
    if (len == 0 || len > 4 || strspn(text, "0123456789") != len)
        return 0;
    int n = atoi(text);
    return n >= GT_CUBECOUNT_NMIN && n <= GT_CUBECOUNT_NMAX ? n : 0;
}

int group_cmd_count(int argc, char **argv)
{
    const char *size = NULL;
    int json = 0;
    for (int k = 2; k < argc; k++) {
        if (!strcmp(argv[k], "--json"))
            json = 1;
        else if (!strncmp(argv[k], "--", 2))
            return group_cli_usage_error("count: unknown option");
        else if (size)
            return group_cli_usage_error("count takes one N");
        else
            size = argv[k];
    }
    if (!size)
        return group_cli_usage_error("count takes N, the cube size");
    int n = parse_size(size);
    if (!n) {
        char msg[120];
        snprintf(msg, sizeof msg, "count: N must be a whole number from 2 to 1024, not \"%.40s\"", size);
        return group_cli_usage_error(msg);
    }
    mpz_t count;
    mpz_init(count);
    gt_cubecount_positions(n, count);
    char *digits = mpz_get_str(NULL, 10, count);
    if (json)
        printf("{\"n\":%d,\"digits\":%zu,\"positions\":\"%s\"}\n", n, strlen(digits), digits);
    else
        printf("%s\n", digits);
    /* mpz_get_str allocates with GMP's allocator: free it the same way */
    void (*gmp_free)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &gmp_free);
    gmp_free(digits, strlen(digits) + 1);
    mpz_clear(count);
    return GT_EXIT_OK;
}
