/* godtab-solve cube3: a query (scramble or 54 facelets) read into a cube,
 * shared by the optimal front end (cmd_cube3.c) and two-phase
 * (cmd_cube3_twophase.c); both call down into this file, never each other. */
#include "cli.h"
#include "cube3.h"
#include "gt_error.h"
#include "solve_commands.h"

#include <stdio.h>
#include <string.h>

static int looks_like_facelets(const char *q)
{
    q += strspn(q, " \t"); /* batch lines keep their leading blanks (columns count from there) */
    size_t n = strlen(q);
    while (n > 0 && (q[n - 1] == ' ' || q[n - 1] == '\t'))
        n--;
    return n == GT_CUBE3_FACELETS && strcspn(q, " \t") == n;
}

int gt_cube3_cli_parse(const char *query, int format, gt_cube3 *pos, char *err, size_t errcap)
{
    gt_parse_error pe = {0};
    gt_cube3_verdict v;
    if (format == GT_CLI_FORMAT_AUTO)
        format = looks_like_facelets(query) ? GT_CLI_FORMAT_STATE : GT_CLI_FORMAT_SCRAMBLE;
    int rc = format == GT_CLI_FORMAT_STATE ? gt_cube3_from_facelets(query, pos, NULL, &v, &pe)
                                       : gt_cube3_from_scramble(query, pos, &pe);
    if (rc)
        snprintf(err, errcap, "%s", pe.message[0] ? pe.message : gt_strerror(rc));
    return rc;
}
