/* The N×N×N cube in the registry: answered through its solver hooks
 * (nnn_solver.c), by the 4x4x4 reduction from its tables (nnn4.h) when they
 * are built, else computed (seed 002's commutators). */
#include "nnn_solve.h"
#include "nnn4.h"

const gt_family gt_nnn_family = {
    .name = "nnn",
    .summary = "N×N×N cubes, N = 2..1024: seed 002's reduction by commutators, legality, nets",
    .specs = gt_nnn4_specs,
    .n_specs = GT_NNN4_TABLES,
    .solver = &gt_nnn_solver_hooks,
};
