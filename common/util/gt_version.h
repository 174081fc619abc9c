/* godtab's version: the library, the programs' --version and the
 * `generator` line of every stored table. MAJOR is the shared library's
 * soname (libgodtab.so.MAJOR): it changes when the public API breaks. */
#ifndef GODTAB_VERSION_H
#define GODTAB_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

#define GT_VERSION_MAJOR 0
#define GT_VERSION_MINOR 2
#define GT_VERSION_PATCH 0
#define GT_VERSION "0.2.0"

#ifdef __cplusplus
}
#endif

#endif
