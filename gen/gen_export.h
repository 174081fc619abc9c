/* godtab-gen --export: a stored table written out for other tools. */
#ifndef GODTAB_GEN_EXPORT_H
#define GODTAB_GEN_EXPORT_H

#include "store.h"

/* Writes every state's distance of the catalog table `name` (GT_UNREACHED,
 * 255, for an unreachable state) to `path` as `format`:
 *   raw  one byte a state, state 0 first;
 *   csv  "index,distance" lines after a header line;
 *   npy  a NumPy .npy file (uint8, shape (states,)): numpy.load(path).
 * path "-" is standard output. Prints its one-line error itself. Returns the exit code. */
int gen_export(gt_db *db, const char *name, const char *format, const char *path, int threads);

#endif
