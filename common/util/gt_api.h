/* GT_API marks the declarations that form libgodtab's public API: the shared
 * library is compiled with -fvisibility=hidden (Makefile), so only these are
 * exported from libgodtab.so; everything else stays inside the library. The
 * static library and the programs are unaffected. tests/install/run.sh keeps
 * the exported count at most 150 and checks that python/godtab.py's calls
 * are all exported (docs/install.md, "What the shared library exports"). */
#ifndef GODTAB_API_H
#define GODTAB_API_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define GT_API __attribute__((visibility("default")))
#else
#define GT_API
#endif

#ifdef __cplusplus
}
#endif

#endif
