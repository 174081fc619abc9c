/* The one version line of every program's --version (catalog.h). */
#include "catalog.h"
#include "gt_version.h"
#include "store.h"
#include "table.h"

#include <gmp.h>
#include <stdio.h>

void gt_version_text(char *buf, size_t cap)
{
    char storage[96];
    gt_store_versions(storage, sizeof storage);
    snprintf(buf, cap, "godtab %s (table formats %d and %d, mapped; %s, GMP %s)", GT_VERSION,
             GT_TABLE_FORMAT_VERSION, GT_TABLE_FORMAT_MAPPED, storage,
             gmp_version);
}
