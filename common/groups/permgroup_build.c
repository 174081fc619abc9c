/* Building a group (permgroup.h): the chain of permgroup_schreier.c, with
 * the order bound of permgroup_bound.c when the check would be long. The
 * top of the permutation-group files. */
#include "gt_error.h"
#include "permgroup_internal.h"

#include <stdlib.h>

int gt_group_create(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                    gt_group **out)
{
    return gt_group_create_limited(n, ngens, gens, opt, NULL, out);
}

int gt_group_create_limited(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                            const gt_group_limits *lim, gt_group **out)
{
    int rc = GT_ERR_INVAL;
    gt_group *g = NULL;
    build_ctl ctl;
    if (n < 1 || n > GT_PERM_MAX_DEGREE || ngens < 0 || (ngens > 0 && !gens) || !out)
        return rc;
    for (int k = 0; k < ngens; k++)
        if (!gt_perm_is_valid(n, gens[k]))
            return rc;
    if (!(g = gt_group_alloc(n, opt)))
        return GT_ERR_NOMEM;
    gt_build_ctl_init(&ctl, lim);
    if ((rc = gt_group_build_chain(g, ngens, gens, opt, &ctl, 0, gt_group_order_bound)) < 0) {
        gt_group_free(g);
        return rc;
    }
    *out = g;
    return GT_OK;
}
