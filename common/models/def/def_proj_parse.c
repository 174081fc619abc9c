/* A projection's text (def_pdb.h, gt_def_proj_parse): "CORNER;EDGE=1-6",
 * "EDGE=1+2,3:perm", "EDGE:ori". Each part names a set and the pieces it
 * keeps by their numbers in the Solved block; the parts become the parts of
 * the orbits of those sets. */
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_error.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define NO_GROUP 255

/* One part of the text being read. */
typedef struct part_text {
    int set;
    int keep_ori;
    int whole;                       /* no '=' list: the set's own pieces */
    int n_groups;
    uint8_t group_of_label[256];     /* piece number - 1 -> group */
} part_text;

typedef struct reader {
    const char *text;
    size_t at;
    gt_def_error *err;
} reader;

static int fail(reader *r, const char *what)
{
    return gt_error_set(r->err, GT_ERR_PARSE, 1, (int)r->at + 1, "projection: %s", what);
}

/* An error at an earlier column: the start of the number it is about. */
static int fail_at(reader *r, size_t at, const char *what)
{
    r->at = at;
    return fail(r, what);
}

static void skip_blanks(reader *r)
{
    while (r->text[r->at] == ' ' || r->text[r->at] == '\t')
        r->at++;
}

static int read_number(reader *r, int *out, size_t *start)
{
    int v = 0, digits = 0;
    *start = r->at;
    while (isdigit((unsigned char)r->text[r->at]) && digits < 4) {
        v = v * 10 + (r->text[r->at++] - '0');
        digits++;
    }
    if (!digits || v < 1 || v > 255)
        return fail_at(r, *start, "a piece number (1 to 255) expected");
    *out = v;
    return GT_OK;
}

static int label_in_set(const gt_def *def, int s, int label)
{
    for (int j = 0; j < def->set[s].n; j++)
        if (def->solved_perm[def->set[s].offset + j] == label)
            return 1;
    return 0;
}

/* "a", "a-b" (singletons) or "a+b+c" (one group); errors point at the
 * number they are about. */
static int read_item(reader *r, const gt_def *def, part_text *pt)
{
    int a, b, rc, first = pt->n_groups;
    size_t at_a, at_b;
    if ((rc = read_number(r, &a, &at_a)) != 0)
        return rc;
    b = a;
    at_b = at_a;
    if (r->text[r->at] == '-') {
        r->at++;
        if ((rc = read_number(r, &b, &at_b)) != 0)
            return rc;
        if (b < a)
            return fail_at(r, at_b, "a range goes upwards");
    }
    for (int v = a; v <= b; v++) {
        if (!label_in_set(def, pt->set, v - 1))
            return fail_at(r, v == a ? at_a : at_b, "no such piece in the set's Solved block");
        if (pt->group_of_label[v - 1] != NO_GROUP)
            return fail_at(r, v == a ? at_a : at_b, "a piece kept twice");
        pt->group_of_label[v - 1] = (uint8_t)pt->n_groups++;
    }
    const int single = a == b;
    while (single && r->text[r->at] == '+') {
        int c;
        size_t at_c;
        r->at++;
        if ((rc = read_number(r, &c, &at_c)) != 0)
            return rc;
        if (!label_in_set(def, pt->set, c - 1))
            return fail_at(r, at_c, "no such piece in the set's Solved block");
        if (pt->group_of_label[c - 1] != NO_GROUP)
            return fail_at(r, at_c, "a piece kept twice");
        pt->group_of_label[c - 1] = (uint8_t)first;
    }
    if (pt->n_groups > GT_DEF_PROJ_K_MAX)
        return fail(r, "too many groups");
    return GT_OK;
}

static int read_set(reader *r, const gt_def *def, part_text *pt, const int *seen)
{
    size_t start = r->at;
    while (isalnum((unsigned char)r->text[r->at]) || r->text[r->at] == '_' || r->text[r->at] == '-')
        r->at++;
    size_t n = r->at - start;
    for (int s = 0; s < def->n_sets; s++)
        if (strlen(def->set[s].name) == n && !strncmp(def->set[s].name, r->text + start, n)) {
            if (seen[s]) {
                r->at = start;
                return fail(r, "a set named twice");
            }
            pt->set = s;
            return GT_OK;
        }
    r->at = start;
    return fail(r, n ? "no such set" : "a set name expected");
}

static int read_suffix(reader *r, part_text *pt)
{
    if (r->text[r->at] != ':')
        return GT_OK;
    r->at++;
    if (!strncmp(r->text + r->at, "perm", 4)) {
        pt->keep_ori = 0;
        r->at += 4;
    } else if (!strncmp(r->text + r->at, "ori", 3)) {
        if (!pt->whole)
            return fail(r, ":ori keeps every piece: no list with it");
        pt->whole = 2;
        r->at += 3;
    } else {
        return fail(r, "':perm' or ':ori' expected");
    }
    return GT_OK;
}

static int read_part(reader *r, const gt_def *def, part_text *pt, const int *seen)
{
    int rc;
    memset(pt, 0, sizeof *pt);
    memset(pt->group_of_label, NO_GROUP, sizeof pt->group_of_label);
    pt->keep_ori = 1;
    pt->whole = 1;
    skip_blanks(r);
    if ((rc = read_set(r, def, pt, seen)) != 0)
        return rc;
    if (r->text[r->at] == '=') {
        pt->whole = 0;
        do {
            r->at++;
            if ((rc = read_item(r, def, pt)) != 0)
                return rc;
        } while (r->text[r->at] == ',');
    }
    if ((rc = read_suffix(r, pt)) != 0)
        return rc;
    skip_blanks(r);
    if (r->text[r->at] && r->text[r->at] != ';')
        return fail(r, "';' or the end expected");
    return GT_OK;
}

/* The groups of a whole set: one a piece number (identical pieces share
 * theirs), or one in all (":ori"). */
static void whole_groups(const gt_def *def, part_text *pt)
{
    const gt_def_set *set = &def->set[pt->set];
    for (int j = 0; j < set->n; j++) {
        uint8_t *g = &pt->group_of_label[def->solved_perm[set->offset + j]];
        if (*g == NO_GROUP)
            *g = pt->whole == 2 ? 0 : (uint8_t)pt->n_groups++;
    }
    if (pt->whole == 2)
        pt->n_groups = 1;
}

/* The part of orbit o (of the part's set): its groups renumbered to those
 * with pieces in the orbit. Adds it unless it keeps nothing. */
static int add_orbit_part(const gt_def_model *m, int o, const part_text *t, gt_def_proj *pr)
{
    const gt_def_orbit *ob = &m->orbit[o];
    uint8_t renum[256], gop[GT_DEF_MAX_PIECES];
    int n = 0, rc;
    memset(renum, NO_GROUP, sizeof renum);
    for (int g = 0; g < t->n_groups; g++)
        for (int i = 0; i < ob->k; i++)
            if (t->group_of_label[m->def->solved_perm[ob->pos[i]]] == g) {
                renum[g] = (uint8_t)n++;
                break;
            }
    if (n == 0)
        return GT_OK;
    if (ob->k > GT_DEF_PROJ_K_MAX || pr->n_parts == GT_DEF_PROJ_PARTS)
        return GT_ERR_RANGE;
    for (int i = 0; i < ob->k; i++) {
        uint8_t g = t->group_of_label[m->def->solved_perm[ob->pos[i]]];
        gop[i] = g == NO_GROUP ? NO_GROUP : renum[g];
    }
    gt_def_proj_part *pt = &pr->part[pr->n_parts];
    memset(pt, 0, sizeof *pt);
    pt->orbit = o;
    pt->keep_ori = t->keep_ori;
    pt->n_groups = n;
    if ((rc = gt_def_proj_part_finish(m, pt, gop)) != 0)
        return rc;
    if (pt->size > 1)
        pr->n_parts++;
    return GT_OK;
}

static int add_parts(const gt_def_model *m, const part_text *t, gt_def_proj *pr, reader *r)
{
    for (int o = 0; o < m->n_orbits; o++) {
        if (m->orbit[o].set != t->set)
            continue;
        int rc = add_orbit_part(m, o, t, pr);
        if (rc == GT_ERR_RANGE)
            return gt_error_set(r->err, rc, 1, (int)r->at + 1,
                                "projection: set %s: more than %d positions, %d parts or 2^62 images",
                                m->def->set[t->set].name, GT_DEF_PROJ_K_MAX, GT_DEF_PROJ_PARTS);
        if (rc)
            return rc;
    }
    return GT_OK;
}

/* The index space: the parts' sizes multiplied. */
static int proj_states(gt_def_proj *pr, reader *r)
{
    unsigned __int128 states = 1;
    for (int p = 0; p < pr->n_parts; p++)
        if ((states *= pr->part[p].size) >> 62)
            return gt_error_set(r->err, GT_ERR_RANGE, 1, 1, "projection: more than 2^62 images");
    pr->states = (uint64_t)states;
    return GT_OK;
}

int gt_def_proj_parse(const gt_def_model *m, const char *text, gt_def_proj *out, gt_def_error *err)
{
    reader r = {text, 0, err};
    int seen[GT_DEF_MAX_SETS] = {0}, rc;
    part_text t;
    memset(out, 0, sizeof *out);
    if (strlen(text) >= sizeof out->text)
        return gt_error_set(err, GT_ERR_PARSE, 1, 1, "projection: longer than %d characters",
                            GT_DEF_PROJ_TEXT_MAX - 1);
    do {
        if (r.at > 0) /* past the ';' between parts: a leading ';' is an empty part */
            r.at++;
        if ((rc = read_part(&r, m->def, &t, seen)) != 0)
            return rc;
        seen[t.set] = 1;
        if (t.whole)
            whole_groups(m->def, &t);
        if ((rc = add_parts(m, &t, out, &r)) != 0)
            return rc;
    } while (text[r.at] == ';');
    if (out->n_parts == 0)
        return gt_error_set(err, GT_ERR_PARSE, 1, 1, "projection: keeps nothing that moves");
    snprintf(out->text, sizeof out->text, "%s", text);
    return proj_states(out, &r);
}
