/* A test-only hook of the store, in a file only the test binaries link
 * (tests/store_corrupt.c): the library itself carries no corruption hook. */
#ifndef GODTAB_TEST_STORE_CORRUPT_H
#define GODTAB_TEST_STORE_CORRUPT_H

#include "store.h"

#include <stdint.h>

/* Overwrites one byte of a stored chunk's compressed data, to let tests check
 * that corruption is detected.
 * Parameters: chunk, the chunk's number; offset, the byte (taken modulo the
 * chunk's compressed size).
 * Return values: GT_OK, GT_ERR_INVAL (db opened read-only), GT_ERR_NOTFOUND
 * (no such table or chunk), GT_ERR_NOMEM, GT_ERR_STORAGE (LMDB could not
 * write or commit), GT_ERR_CORRUPT (LMDB found its file damaged). */
int gt_db_corrupt_for_test(gt_db *db, const char *name, uint32_t chunk, uint64_t offset);
/* The same for the bytes offset, offset + stride, ... of the chunk (each
 * below its size), in one transaction. GT_ERR_INVAL also for stride 0. */
int gt_db_corrupt_every_for_test(gt_db *db, const char *name, uint32_t chunk, uint64_t offset, uint64_t stride);

#endif
