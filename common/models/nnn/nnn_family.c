/* The N×N×N cube in the registry: a family with no tables (its answers are
 * computed, not stored: seed 002's reduction), answered through its solver
 * hooks (nnn_solver.c). */
#include "nnn_solve.h"

const gt_family gt_nnn_family = {
    .name = "nnn",
    .summary = "N×N×N cubes, N = 2..1024: seed 002's reduction by commutators, legality, nets",
    .solver = &gt_nnn_solver_hooks,
};
