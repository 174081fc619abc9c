/* Permutations and permutation groups given by generators (Schreier–Sims).
 *
 * Points are 0-based internally (the definition files and the CLI are
 * 1-based). A permutation of degree n is an array p[0..n-1] of images: the
 * point i goes to p[i]. Products read left to right, as in seed 001:
 * (a·b)[i] = b[a[i]], "first a, then b". With the cube's facelet convention
 * (the sticker at i moves to p[i]) a move sequence M1 M2 ... is the product
 * M1·M2·...
 *
 * gt_group_create() builds a base and strong generating set (a stabiliser
 * chain): level i has a base point b_i, the strong generators fixing
 * b_0..b_{i-1}, the orbit of b_i under them as a Schreier tree (one labelled
 * edge per orbit point), and, within a memory budget, the coset
 * representatives read off the tree.
 * A group that is transitive on the points it moves is first tested for
 * being the alternating or symmetric group on them (Jordan's theorem, a
 * Monte Carlo test whose positive answers are certain); such a "giant" gets
 * its chain written down directly (transpositions as representatives), in
 * O(n) memory. Any other group is built by random Schreier–Sims and then
 * verified (completed if needed) by sifting every non-trivial Schreier
 * generator, unless the chain already reaches a proven upper bound on the
 * order (orbits, blocks and giant constituents); either way the result is
 * exact whatever the random choices. docs/groups.md explains the design. */
#ifndef GODTAB_PERMGROUP_H
#define GODTAB_PERMGROUP_H

#include "gt_api.h"
#include "rng.h"

#include <gmp.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint16_t gt_point;

/* Degree limit: points fit in gt_point and the explicit transversals
 * (sum of orbit lengths × n × 4 bytes) stay small. */
#define GT_PERM_MAX_DEGREE 4096

/* ---- single permutations ------------------------------------------------ */

GT_API void gt_perm_identity(int n, gt_point *p);
/* out = a·b (first a, then b). out may alias a, not b. */
GT_API void gt_perm_mul(int n, const gt_point *a, const gt_point *b, gt_point *out);
/* out = a^-1; out may not alias a. */
GT_API void gt_perm_inverse(int n, const gt_point *a, gt_point *out);
int gt_perm_is_identity(int n, const gt_point *p);
GT_API int gt_perm_equal(int n, const gt_point *a, const gt_point *b);
/* 1 if p is a bijection of 0..n-1, else 0. */
int gt_perm_is_valid(int n, const gt_point *p);
/* +1 for an even permutation, -1 for an odd one. */
GT_API int gt_perm_sign(int n, const gt_point *p);
/* hist[len] = the number of cycles of length len (hist has n + 1 entries). */
void gt_perm_cycle_type(int n, const gt_point *p, int *hist);
/* The order (lcm of the cycle lengths); UINT64_MAX if it overflows. */
GT_API uint64_t gt_perm_order(int n, const gt_point *p);
/* Writes p in 1-based cycle notation "(1,2,3)(4,5)", "()" for the identity.
 * Return values: GT_OK, GT_ERR_RANGE (cap too small). */
GT_API int gt_perm_format_cycles(int n, const gt_point *p, char *buf, int cap);
/* Appends p's cycles in 1-based notation, fixed points left out (nothing
 * for the identity), at buf + *len (capacity cap, kept NUL-terminated): the
 * one cycle writer behind gt_perm_format_cycles and the definition files.
 * Parameters: sep, the text before every cycle ("" or " "); per_line, the
 * cycles a line (0: no limit); line_break, the text put before the sep of
 * the cycle that starts each further line ("\n   ": a newline and indent);
 * *len, the length so far, advanced past what was written on success.
 * Return values: the number of cycles written (>= 0), GT_ERR_RANGE (cap too
 * small; *len is left unchanged). */
int gt_perm_append_cycles(int n, const gt_point *p, const char *sep, int per_line, const char *line_break,
                          char *buf, int cap, int *len);

/* ---- groups --------------------------------------------------------------- */

typedef struct gt_group gt_group;

/* What a long construction reports through gt_group_limits.progress. */
typedef struct gt_group_progress {
    const char *phase;       /* "giant test", "random", "bound", "check" */
    double elapsed;          /* seconds since gt_group_create began */
    int base_length;         /* levels of the chain so far */
    int strong_generators;
    int random_elements;     /* random elements sifted so far */
    int schreier_checked;    /* Schreier generators sifted by the check so far */
    int check_level;         /* "check": the level being checked (counts down to 0); else -1 */
    double log10_order;      /* log10 of the product of the orbit lengths so far: a lower
                                bound on the order, exact once the build ends */
} gt_group_progress;

typedef void (*gt_group_progress_fn)(const gt_group_progress *p, void *ctx);

typedef struct gt_group_options {
    uint64_t seed;         /* random stream (0 = a fixed default) */
    int random_sifts;      /* stop the random phase after this many successful sifts in a row
                              (0 = default 12; < 0 = no randomness at all: no giant test, no
                              random phase, no bound; plain deterministic Schreier–Sims) */
    long cache_bytes;      /* memory for explicit coset representatives (0 = 256 MiB; < 0 =
                              none: every sift walks the Schreier trees) */
} gt_group_options;

/* Limits and progress of a construction (gt_group_create_limited). */
typedef struct gt_group_limits {
    double deadline;       /* gt_group_clock() time at which to give up with GT_ERR_TIMEOUT
                              (0 = no limit) */
    const volatile int *cancel; /* if not NULL: give up with GT_ERR_INTERRUPT once *cancel != 0
                                   (set from a signal handler or another thread) */
    gt_group_progress_fn progress; /* if not NULL: called every progress_every seconds */
    void *progress_ctx;    /* passed to progress */
    double progress_every; /* seconds between progress calls (0 = 1 s) */
} gt_group_limits;

/* How the group was recognised (gt_group_stats.giant). */
enum { GT_GIANT_NONE = 0, GT_GIANT_SYMMETRIC = 1, GT_GIANT_ALTERNATING = 2 };

typedef struct gt_group_stats {
    int strong_generators;   /* size of the strong generating set (0 for a giant: implicit) */
    int random_elements;     /* random elements sifted in the random phase */
    int schreier_checked;    /* non-trivial Schreier generators sifted by the check */
    int check_additions;     /* strong generators the deterministic check had to add */
    int giant;               /* GT_GIANT_*: the symmetric / alternating group on its support */
    int giant_degree;        /* giant: the number of points it moves */
    int giant_cycle;         /* giant: the prime p (n/2 < p < n-2) of the p-cycle that proved it */
    int giant_tries;         /* random elements the giant test looked at (0: no test) */
    int bound_certified;     /* 1: the order reached the proven upper bound, no Schreier
                                generator needed checking */
} gt_group_stats;

/* The monotonic clock in seconds (for gt_group_limits.deadline). */
double gt_group_clock(void);

/* Builds the stabiliser chain of <gens[0..ngens-1]> (degree n, 1 <= n <=
 * GT_PERM_MAX_DEGREE). opt may be NULL.
 * Return values: GT_OK (*out to free with gt_group_free), GT_ERR_INVAL (bad
 * degree, ngens < 0, gens or out NULL, or a generator that is not a
 * permutation), GT_ERR_NOMEM. */
GT_API int gt_group_create(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                    gt_group **out);
/* The same within limits (lim may be NULL: none), reporting progress
 * through lim->progress. Return values: those of gt_group_create, and
 * GT_ERR_TIMEOUT (lim->deadline passed), GT_ERR_INTERRUPT (*lim->cancel
 * set); *out is left unchanged on failure. */
GT_API int gt_group_create_limited(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                            const gt_group_limits *lim, gt_group **out);
GT_API void gt_group_free(gt_group *g);

GT_API int gt_group_degree(const gt_group *g);
int gt_group_base_length(const gt_group *g);
int gt_group_base_point(const gt_group *g, int level);
int gt_group_orbit_length(const gt_group *g, int level);
void gt_group_get_stats(const gt_group *g, gt_group_stats *stats);

/* The order, the product of the orbit lengths (rop must be mpz_init'ed). */
GT_API void gt_group_order(const gt_group *g, mpz_t rop);

/* Sifts p through the chain: residue (may be NULL) receives p·u_0^-1·u_1^-1·...
 * as far as the sift gets. Returns 1 if p is in the group (the residue is the
 * identity), 0 if not. */
GT_API int gt_group_contains(const gt_group *g, const gt_point *p, gt_point *residue);

/* Returns 1 if point is in the orbit of the level's base point, and then
 * writes (if out != NULL) the coset representative u with u[b_level] = point,
 * read off the Schreier tree; 0 otherwise. */
int gt_group_transversal(const gt_group *g, int level, int point, gt_point *out);

/* A uniformly random element of the group (from the chain: a product of one
 * random representative per level), drawn from rng (rng.h, the one
 * generator of godtab: unbiased draws). */
void gt_group_random_element(const gt_group *g, gt_rng *rng, gt_point *out);

#ifdef __cplusplus
}
#endif

#endif
