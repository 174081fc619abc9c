/* Processor features the hot loops may use where the machine has them. */
#ifndef GODTAB_GT_CPU_H
#define GODTAB_GT_CPU_H

/* A function whose loop counts bits: compiled twice, with the popcount
 * instruction and without (x86-64 before it has none, and Debian builds
 * for that baseline), the clone chosen once at load time. Without it,
 * __builtin_popcount is a library call in the inner loop. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define GT_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define GT_POPCNT_CLONES
#endif

#endif
