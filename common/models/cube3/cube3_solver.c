/* The optimal solver's set-up (cube3_search.h): move tables, symmetry
 * classes and the pattern databases, read in place or copied into huge
 * pages. */
#include "cube3_solver_internal.h"
#include "alloc.h"
#include "cube3_tables.h"
#include "cube3_twophase.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

int gt_cube3_solver_damaged(const gt_cube3_solver *s)
{
    const gt_view *v[4] = {&s->corners_v, &s->edges_v, &s->class_v, &s->phase1_v};
    for (int i = 0; i < 4; i++)
        if (v[i]->damaged && __atomic_load_n(v[i]->damaged, __ATOMIC_RELAXED))
            return 1;
    return 0;
}

static int to_u16(const uint32_t *in, uint32_t size, uint16_t **out)
{
    uint16_t *t = malloc((size_t)size * GT_CUBE3_MOVES * sizeof *t);
    if (!t)
        return GT_ERR_NOMEM;
    for (size_t i = 0; i < (size_t)size * GT_CUBE3_MOVES; i++)
        t[i] = (uint16_t)in[i];
    *out = t;
    return GT_OK;
}

/* A section of `count` elements of `size` bytes, or NULL if the table has
 * none of that name (stored before tables carried them). */
static const void *section(const gt_table *t, const char *name, uint64_t count, size_t size, int *rc)
{
    const gt_view *v = t ? gt_table_section(t, name) : NULL;
    if (v && v->bytes != count * size)
        *rc = GT_ERR_INVAL;
    return v && v->bytes == count * size ? v->data : NULL;
}

/* The coordinate move tables: the corner table's sections, else built. */
static int move_tables(gt_cube3_solver *s, const gt_table *corners, int fss)
{
    int rc = GT_OK;
    const uint32_t *cp = section(corners, "cperm_move", GT_CUBE3_CPERMS * GT_CUBE3_MOVES, 4, &rc),
                   *tw = section(corners, "twist_move", GT_CUBE3_TWISTS * GT_CUBE3_MOVES, 4, &rc),
                   *fl = section(corners, "flip_move", GT_CUBE3_FLIPS * GT_CUBE3_MOVES, 4, &rc),
                   *sl = section(corners, "slice_move", GT_CUBE3_SLICES * GT_CUBE3_MOVES, 4, &rc);
    gt_cube3_moves *mt = NULL;
    if (rc == GT_OK && !(cp && tw && fl && sl) && (rc = gt_cube3_moves_new(&mt)) == GT_OK) {
        cp = mt->cperm;
        tw = mt->twist;
        fl = mt->flip;
        sl = mt->slice;
    }
    if (rc == GT_OK && (rc = to_u16(cp, GT_CUBE3_CPERMS, &s->cperm_move)) == GT_OK &&
        (rc = to_u16(tw, GT_CUBE3_TWISTS, &s->twist_move)) == GT_OK &&
        (rc = to_u16(fl, GT_CUBE3_FLIPS, &s->flip_move)) == GT_OK && !fss)
        rc = to_u16(sl, GT_CUBE3_SLICES, &s->slice_move);
    gt_cube3_moves_free(mt);
    return rc;
}

/* The table's view (the whole data checked if it is to be copied), and its
 * bytes: in place, or copied into huge pages. */
static int attach_view(const gt_view *from, int how, gt_view *view, const uint8_t **data, uint8_t **own)
{
    *view = *from;
    *data = view->parts ? view->parts[0] : view->data; /* read through the view (gt_view_at) when in parts */
    if (how != GT_CUBE3_TABLES_COPY)
        return GT_OK;
    if (gt_view_check_all(view) != GT_OK)
        return GT_ERR_CORRUPT;
    if (!(*own = gt_alloc_huge(view->bytes)))
        return GT_ERR_NOMEM;
    gt_view_copy(view, 0, view->bytes, *own);
    /* checked and private: nothing to check, and the table may be freed */
    *view = (gt_view){.data = *own, .bytes = view->bytes};
    *data = *own;
    return GT_OK;
}

static int attach(const gt_table *t, int how, gt_view *view, const uint8_t **data, uint8_t **own)
{
    gt_view whole = t->view.data || t->view.parts ? t->view : (gt_view){.data = t->data, .bytes = t->data_bytes};
    return attach_view(&whole, how, view, data, own);
}

/* fsud's symmetry classes and U/D split tables: its sections (a table
 * stored without them is not one this program wrote). */
static int fsud_classes(gt_cube3_solver *s, const gt_table *t, int how)
{
    int rc = GT_OK;
    const gt_view *cv = gt_table_section(t, "class_of");
    const uint16_t *tc = section(t, "twist_conj", GT_CUBE3_TWISTS * GT_CUBE3_SYMS, 2, &rc);
    const uint32_t *um = section(t, "ud_move", GT_CUBE3_UD_SPLITS * GT_CUBE3_MOVES, 4, &rc);
    const uint16_t *uc = section(t, "ud_conj", GT_CUBE3_UD_SPLITS * GT_CUBE3_SYMS, 2, &rc);
    if (rc || !cv || !tc || !um || !uc || cv->bytes != (uint64_t)GT_CUBE3_FS_X * 4 ||
        t->meta.n_states != (uint64_t)GT_CUBE3_FS_CLASSES * GT_CUBE3_TWISTS * GT_CUBE3_UD_SPLITS)
        return GT_ERR_INVAL;
    const uint8_t *classes;
    if ((rc = attach_view(cv, how, &s->class_v, &classes, &s->own_classes)) != 0)
        return rc;
    s->class_of = (const uint32_t *)classes;
    memcpy(s->twist_conj, tc, sizeof s->twist_conj);
    memcpy(s->ud_conj, uc, sizeof s->ud_conj);
    for (int i = 0; i < (int)(GT_CUBE3_UD_SPLITS * GT_CUBE3_MOVES); i++)
        s->ud_move[i] = (uint16_t)um[i];
    s->n_ud = GT_CUBE3_UD_SPLITS;
    s->n_inner = GT_CUBE3_TWISTS * GT_CUBE3_UD_SPLITS;
    return GT_OK;
}

/* The fss symmetry classes: the table's sections (in place or copied),
 * else built (a second or two). */
static int fss_classes(gt_cube3_solver *s, const gt_table *fss, int how)
{
    s->sorted_slice = 1;
    int rc = GT_OK;
    const gt_view *cv = gt_table_section(fss, "class_of");
    const uint16_t *tc = section(fss, "twist_conj", GT_CUBE3_TWISTS * GT_CUBE3_SYMS, 2, &rc);
    const uint32_t *ss = section(fss, "ss_move", GT_CUBE3_SLICE_SORTED * GT_CUBE3_MOVES, 4, &rc);
    if (cv && cv->bytes != (uint64_t)GT_CUBE3_FSS_X * 4)
        rc = GT_ERR_INVAL;
    if (rc == GT_OK && cv && tc && ss) {
        const uint8_t *classes;
        if (fss->meta.n_states != (uint64_t)GT_CUBE3_FSS_CLASSES * GT_CUBE3_TWISTS)
            return GT_ERR_INVAL;
        if ((rc = attach_view(cv, how, &s->class_v, &classes, &s->own_classes)) != 0)
            return rc;
        s->class_of = (const uint32_t *)classes;
        memcpy(s->twist_conj, tc, sizeof s->twist_conj);
        return to_u16(ss, GT_CUBE3_SLICE_SORTED, &s->slice_move);
    }
    if (rc || (rc = gt_cube3_fss_new(&s->classes, 0)) != 0)
        return rc;
    if (fss->meta.n_states != gt_cube3_fss_states(s->classes))
        return GT_ERR_INVAL;
    s->class_of = s->classes->class_of;
    memcpy(s->twist_conj, s->classes->twist_conj, sizeof s->twist_conj);
    s->class_v = (gt_view){.data = (const uint8_t *)s->class_of, .bytes = (uint64_t)GT_CUBE3_FSS_X * 4};
    return to_u16(s->classes->ss_move, GT_CUBE3_SLICE_SORTED, &s->slice_move);
}

static int find_move(const gt_cube3 *c)
{
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        gt_cube3 t;
        gt_cube3_move_cube(m, &t);
        if (gt_cube3_equal(&t, c))
            return m;
    }
    return -1;
}

static int symmetry_tables(gt_cube3_solver *s)
{
    int rc = gt_cube3_sym48_perms(s->sym);
    for (int k = 0; k < GT_CUBE3_SYMS48 && rc == GT_OK; k++)
        for (int m = 0; m < GT_CUBE3_MOVES && rc == GT_OK; m++) {
            gt_cube3 mc, conj;
            gt_cube3_move_cube(m, &mc);
            if ((rc = gt_cube3_conjugate(&mc, s->sym[k], &conj)) != 0)
                break;
            int cm = find_move(&conj);
            rc = cm < 0 ? GT_ERR_INVAL : GT_OK;
            s->sym_move[k][m] = (uint8_t)cm;
        }
    for (int a = 0; a < AXES && rc == GT_OK; a++)
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            int cm = s->sym_move[a * GT_CUBE3_SYMS][m];
            gt_cube3_move_cube(gt_cube3_move_inverse[cm], &s->inverse_turn[a][m]);
        }
    return rc;
}

static int is_fsud(const gt_table *t)
{
    return t && (strcmp(t->meta.name, GT_CUBE3_FSUD_TABLE) == 0 || strcmp(t->meta.name, GT_CUBE3_FSUD2_TABLE) == 0);
}

/* Are two tables' sections of those names the same bytes? */
static int same_section(const gt_table *a, const char *name_a, const gt_table *b, const char *name_b)
{
    const gt_view *x = gt_table_section(a, name_a), *y = gt_table_section(b, name_b);
    return x && y && x->bytes == y->bytes && gt_view_check_all(x) == GT_OK && gt_view_check_all(y) == GT_OK &&
           memcmp(x->data, y->data, x->bytes) == 0;
}

/* The 2-bit rung's fallback: cube3-twophase over the very same classes and
 * twists (its entry is the 2-bit table's / 70), read in place. */
static int attach_phase1(gt_cube3_solver *s, const gt_table *fsud2, const gt_table *phase1)
{
    if (!phase1 || strcmp(phase1->meta.name, GT_CUBE3_TWOPHASE_TABLE) != 0 ||
        phase1->meta.encoding != GT_ENC_NIBBLE ||
        phase1->meta.n_states != (uint64_t)GT_CUBE3_FS_CLASSES * GT_CUBE3_TWISTS ||
        !same_section(fsud2, "class_of", phase1, "class") || !same_section(fsud2, "twist_conj", phase1, "twist_conj"))
        return GT_ERR_INVAL;
    s->top2 = 1;
    s->top2_base = gt_table_top2_base(fsud2->meta.distribution.max_depth);
    s->phase1_v = phase1->view;
    s->phase1 = phase1->view.data;
    return GT_OK;
}

/* The fss slot's table: one of the three, in its own encoding. */
static int symmetric_table_fits(const gt_table *t)
{
    const char *name = t->meta.name;
    if (t->meta.encoding == GT_ENC_TOP2)
        return strcmp(name, GT_CUBE3_FSUD2_TABLE) == 0;
    return t->meta.encoding == GT_ENC_NIBBLE &&
           (strcmp(name, GT_CUBE3_FSS_TABLE) == 0 || strcmp(name, GT_CUBE3_FSUD_TABLE) == 0);
}

static int tables_fit(const gt_table *corners, const gt_table *fst, const gt_table *fss)
{
    return corners && corners->meta.encoding == GT_ENC_NIBBLE && corners->meta.n_states == GT_CUBE3_CORNER_STATES &&
           (!fst || (fst->meta.encoding == GT_ENC_NIBBLE && fst->meta.n_states == GT_CUBE3_FST_STATES)) &&
           (!fss || symmetric_table_fits(fss));
}

int gt_cube3_solver_open(const gt_table *corners, const gt_table *fst, const gt_table *fss, int how,
                         gt_cube3_solver **out)
{
    gt_cube3_solver_tables t = {corners, fst, fss, NULL, 0};
    return gt_cube3_solver_open_tables(&t, how, out);
}

int gt_cube3_solver_open_tables(const gt_cube3_solver_tables *tables, int how, gt_cube3_solver **out)
{
    const gt_table *corners = tables->corners, *fst = tables->fst, *fss = tables->fss;
    int rc;
    if (!tables_fit(corners, fst, fss) || how < GT_CUBE3_TABLES_IN_PLACE || how > GT_CUBE3_TABLES_COPY)
        return GT_ERR_INVAL;
    gt_cube3_solver *s = calloc(1, sizeof *s);
    if (!s)
        return GT_ERR_NOMEM;
    const gt_table *edges = fss ? fss : fst;
    /* A child is cut by its corners only when their distance exceeds its
     * moves left. With an fsud rung (10.69 on average, against 8.8 for the
     * corners) the edges already cut nearly every child the corners would
     * with as many moves left as the corners' median or more, so the corner
     * read is skipped there: one random read a child fewer where most are
     * made (docs/cube3.md, "Search"). */
    const gt_distribution *cd = &corners->meta.distribution;
    s->corner_read_below = is_fsud(fss) ? gt_distribution_median(cd) : cd->max_depth;
    s->n_ud = 1; /* ud_move and ud_conj: zeros */
    s->n_inner = GT_CUBE3_TWISTS;
    if (is_fsud(fss) && fss->meta.encoding == GT_ENC_TOP2 && (rc = attach_phase1(s, fss, tables->phase1)) != 0)
        goto free_solver;
    if (is_fsud(fss))
        rc = fsud_classes(s, fss, how);
    else
        rc = fss ? fss_classes(s, fss, how) : GT_OK;
    if (rc || (rc = move_tables(s, corners, fss && !is_fsud(fss))) != 0 ||
        (rc = symmetry_tables(s)) != 0 ||
        (rc = attach(corners, how, &s->corners_v, &s->corners, &s->own_corners)) != 0 ||
        (edges && (rc = attach(edges, tables->edges_private ? GT_CUBE3_TABLES_IN_PLACE : how, &s->edges_v,
                               &s->edges, &s->own_edges)) != 0))
        goto free_solver;
    if (edges && !s->own_edges && !tables->edges_private)
        s->edges_table = edges;
    *out = s;
    return GT_OK;

free_solver:
    gt_cube3_solver_free(s);
    return rc;
}

int gt_cube3_solver_new(const gt_table *corners, const gt_table *fst, const gt_table *fss,
                        gt_cube3_solver **out)
{
    return gt_cube3_solver_open(corners, fst, fss, GT_CUBE3_TABLES_COPY, out);
}

void gt_cube3_solver_free(gt_cube3_solver *s)
{
    if (!s)
        return;
    free(s->cperm_move);
    free(s->twist_move);
    free(s->flip_move);
    free(s->slice_move);
    free(s->own_corners);
    free(s->own_edges);
    free(s->own_classes);
    gt_cube3_fss_free(s->classes);
    free(s);
}

