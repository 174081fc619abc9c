#include "alloc.h"
#include "gt_error.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_PAGE ((size_t)2 << 20)

void gt_advise_huge(void *p, size_t bytes)
{
    const uintptr_t from = ((uintptr_t)p + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    const uintptr_t to = ((uintptr_t)p + bytes) / HUGE_PAGE * HUGE_PAGE;
    if (to > from)
        madvise((void *)from, to - from, MADV_HUGEPAGE); /* advice only: failure is harmless */
}

void gt_release_pages(void *p, size_t bytes)
{
    const long got = sysconf(_SC_PAGESIZE);
    const size_t page = got > 0 ? (size_t)got : 4096; /* huge pages are split by the kernel */
    const uintptr_t from = ((uintptr_t)p + page - 1) / page * page, to = ((uintptr_t)p + bytes) / page * page;
    if (to > from)
        madvise((void *)from, to - from, MADV_DONTNEED); /* a failure only keeps the pages */
}

void *gt_alloc_huge(size_t bytes)
{
    size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, rounded ? rounded : HUGE_PAGE);
    if (p)
        gt_advise_huge(p, rounded ? rounded : HUGE_PAGE);
    return p;
}

int gt_array_reserve(void **items, size_t *cap, size_t need, size_t item_bytes, size_t min_cap)
{
    if (need <= *cap)
        return GT_OK;
    size_t grown = *cap > SIZE_MAX / 2 ? need : 2 * *cap;
    if (grown < need)
        grown = need;
    if (grown < min_cap)
        grown = min_cap;
    if (item_bytes && grown > SIZE_MAX / item_bytes)
        return GT_ERR_NOMEM;
    void *p = realloc(*items, grown * item_bytes);
    if (!p)
        return GT_ERR_NOMEM;
    *items = p;
    *cap = grown;
    return GT_OK;
}
