/* Processor features the hot loops may use where the machine has them. */
#ifndef GODTAB_GT_CPU_H
#define GODTAB_GT_CPU_H

/* A function whose loop counts bits: compiled twice, with the popcount
 * instruction and without (x86-64 before it has none, and Debian builds
 * for that baseline), the clone chosen once at load time. Without it,
 * __builtin_popcount is a library call in the inner loop. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define GT_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
/* The same, with a third clone for x86-64-v3 (AVX2, BMI: blsr, tzcnt, shlx
 * for the bit loops of the ranks), where the definition files' BFS spends
 * its time. For static functions only: an extern clone's resolver is
 * exported from the shared library whatever -fvisibility says (its count
 * of exports is checked). */
#define GT_V3_CLONES __attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
#else
#define GT_POPCNT_CLONES
#define GT_V3_CLONES
#endif

#endif
