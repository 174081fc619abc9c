/* Allocation helpers shared by every layer: huge-page buffers for big,
 * randomly read arrays, and the grow-by-doubling step of growable arrays. */
#ifndef GODTAB_ALLOC_H
#define GODTAB_ALLOC_H

#include <stddef.h>

/* malloc for big randomly-read arrays: 2 MB aligned and advised to use
 * transparent huge pages, which spares most TLB misses (free() it).
 * Parameters: bytes, the size wanted (0 gives one huge page).
 * Return values: the buffer, or NULL if out of memory. */
void *gt_alloc_huge(size_t bytes);

/* Advice: the whole 2 MiB pages of [p, p + bytes), memory not yet touched
 * (say an allocation of someone else's, or a file's map), backed by huge
 * pages where the kernel allows. */
void gt_advise_huge(void *p, size_t bytes);

/* Gives the whole pages of [p, p + bytes) back to the system: a buffer of
 * gt_alloc_huge's whose contents were copied elsewhere (it reads zeros
 * after), or part of a file's map this process is done with (the page
 * cache keeps the file; a read maps it again). */
void gt_release_pages(void *p, size_t bytes);

/* Makes room for at least `need` items in a growable array: if *cap < need,
 * reallocates *items to max(need, 2 * *cap, min_cap) items of item_bytes
 * each and updates *cap. On failure *items and *cap are unchanged.
 * Return values: GT_OK, GT_ERR_NOMEM. */
int gt_array_reserve(void **items, size_t *cap, size_t need, size_t item_bytes, size_t min_cap);

#endif
