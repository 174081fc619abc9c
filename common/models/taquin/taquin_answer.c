/* A board query answered from a taquin-NxM table (taquin.h): the
 * configuration parsed and checked, the table walked, the flips replayed;
 * the type under the board's symmetries and its neighbour types for
 * --show, as the answer fields godtab-solve --json and godtab-serve print. */
#include "taquin.h"
#include "gt_error.h"
#include "json_quote.h"
#include "solve.h"
#include "textbuf.h"

#include <stdio.h>
#include <string.h>

/* A walk that failed: a table that lies names the command that rebuilds it. */
static int walk_failed(int rc, gt_parse_error *err)
{
    if (rc == GT_ERR_CORRUPT)
        snprintf(err->message, sizeof err->message, "the table is inconsistent (rebuild it with: godtab-gen taquin)");
    else
        snprintf(err->message, sizeof err->message, "%s", gt_strerror(rc));
    return rc;
}

int gt_taquin_solve_config(const gt_taquin_tables *t, const char *query, uint64_t *code, uint64_t *rank,
                           uint8_t *moves, int *len, gt_parse_error *err)
{
    const gt_taquin_board *b = t->board;
    gt_taquin_violation why;
    *err = (gt_parse_error){0};
    int rc = gt_taquin_parse(b, query, code, err);
    if (rc) {
        if (!err->message[0])
            snprintf(err->message, sizeof err->message, "%s", gt_strerror(rc));
        return rc;
    }
    if ((rc = gt_taquin_check(b, *code, &why)) != 0) {
        snprintf(err->message, sizeof err->message, "%.159s", why.message);
        return rc;
    }
    gt_taquin_rank(b, *code, rank);
    if ((rc = gt_solve_walk(t->puzzle, t->table, *rank, moves, GT_MAX_DEPTH, len)) != 0)
        return walk_failed(rc, err);
    /* Replay the solution on the configuration: a table that lies is never believed. */
    uint64_t check = *code;
    for (int i = 0; i < *len; i++)
        check = gt_taquin_apply_move(b, check, moves[i]);
    return check ? walk_failed(GT_ERR_CORRUPT, err) : GT_OK;
}

size_t gt_taquin_format_moves(const gt_taquin_board *b, const uint8_t *moves, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *name = b->move_name[moves[i]];
        size_t k = strlen(name);
        if (len + k + 2 >= cap)
            break; /* a name that would not fit is left out */
        if (i)
            buf[len++] = ' ';
        memcpy(buf + len, name, k + 1);
        len += k;
    }
    return len;
}

int gt_taquin_neighbours(const gt_taquin_tables *t, uint64_t code, gt_taquin_neighbour *list)
{
    const gt_taquin_board *b = t->board;
    int n = 0;
    for (int m = 0; m < b->n_moves; m++) {
        uint64_t next = gt_taquin_apply_move(b, code, m), rank = 0, rep = 0;
        gt_taquin_rank(b, next, &rank);
        gt_taquin_type_of(t->puzzle, rank, &rep, NULL, NULL);
        int k = 0;
        while (k < n && list[k].rep_rank != rep)
            k++;
        if (k == n) {
            list[n].rep_rank = rep;
            list[n].any_rank = rank;
            list[n].distance = gt_table_residue(t->table, t->puzzle, rank);
            list[n].moves[0] = 0;
            n++;
        }
        size_t used = strlen(list[k].moves);
        snprintf(list[k].moves + used, sizeof list[k].moves - used, "%s%s", used ? " " : "", b->move_name[m]);
    }
    return n;
}

/* "<key>":"<the configuration of rank>" appended to buf. */
static int put_config(const gt_taquin_board *b, const char *key, uint64_t rank, char *buf, size_t cap, size_t *len)
{
    uint64_t code = 0;
    char text[64];
    gt_taquin_unrank(b, rank, &code);
    gt_taquin_format(b, code, text, sizeof text);
    if (gt_textbuf_append(buf, cap, len, "\"%s\":", key) != 0)
        return GT_ERR_RANGE;
    return gt_json_quote(buf, cap, len, text) ? GT_ERR_RANGE : GT_OK;
}

/* The neighbour types, a JSON list appended to buf. */
static int put_neighbours(const gt_taquin_tables *t, uint64_t code, char *buf, size_t cap, size_t *len)
{
    gt_taquin_neighbour list[GT_TAQUIN_MAX_MOVES];
    int n = gt_taquin_neighbours(t, code, list), rc = GT_OK;
    if (gt_textbuf_append(buf, cap, len, "\"neighbours\":[") != 0)
        return GT_ERR_RANGE;
    for (int i = 0; rc == GT_OK && i < n; i++) {
        rc = gt_textbuf_append(buf, cap, len, "%s{", i ? "," : "") ? GT_ERR_RANGE : GT_OK;
        if (rc == GT_OK)
            rc = put_config(t->board, "representative", list[i].rep_rank, buf, cap, len);
        if (rc == GT_OK && gt_textbuf_append(buf, cap, len, ",\"distance\":%d,\"moves\":", list[i].distance) != 0)
            rc = GT_ERR_RANGE;
        if (rc == GT_OK && (gt_json_quote(buf, cap, len, list[i].moves) || gt_textbuf_append(buf, cap, len, "}")))
            rc = GT_ERR_RANGE;
    }
    if (rc == GT_OK && gt_textbuf_append(buf, cap, len, "]") != 0)
        rc = GT_ERR_RANGE;
    return rc;
}

/* The "type" object: representative, orbit size, (d;k) number, stabiliser,
 * neighbours. */
static int type_json(const gt_taquin_tables *t, uint64_t code, uint64_t rank, char *buf, size_t cap)
{
    const gt_taquin_board *b = t->board;
    int orbit;
    unsigned stab;
    uint64_t rep;
    size_t len = 0;
    gt_taquin_type_of(t->puzzle, rank, &rep, &orbit, &stab);
    buf[0] = 0;
    int rc = gt_textbuf_append(buf, cap, &len, "{") ? GT_ERR_RANGE : put_config(b, "representative", rep, buf, cap, &len);
    if (rc == GT_OK && gt_textbuf_append(buf, cap, &len, ",\"orbit_size\":%d", orbit) != 0)
        rc = GT_ERR_RANGE;
    if (rc == GT_OK && t->anatomy) {
        const gt_taquin_type *ty = &t->anatomy->types[t->anatomy->type_of[rank]];
        if (gt_textbuf_append(buf, cap, &len, ",\"number\":\"(%d;%d)\"", ty->distance, ty->number) != 0)
            rc = GT_ERR_RANGE;
    }
    if (rc == GT_OK && gt_textbuf_append(buf, cap, &len, ",\"stabiliser\":[") != 0)
        rc = GT_ERR_RANGE;
    for (int k = 0, first = 1; rc == GT_OK && k < b->n_syms; k++)
        if (stab >> k & 1) {
            if ((!first && gt_textbuf_append(buf, cap, &len, ",")) || gt_json_quote(buf, cap, &len, b->sym_name[k]))
                rc = GT_ERR_RANGE;
            first = 0;
        }
    if (rc == GT_OK && gt_textbuf_append(buf, cap, &len, "],") != 0)
        rc = GT_ERR_RANGE;
    if (rc == GT_OK)
        rc = put_neighbours(t, code, buf, cap, &len);
    if (rc == GT_OK && gt_textbuf_append(buf, cap, &len, "}") != 0)
        rc = GT_ERR_RANGE;
    return rc;
}

int gt_taquin_answer(const gt_taquin_tables *t, const char *query, int show, gt_answer *a, gt_parse_error *err)
{
    const gt_taquin_board *b = t->board;
    uint64_t code, rank;
    uint8_t moves[GT_MAX_DEPTH];
    int len;
    char config[64], size[16], type[GT_ANSWER_TEXT_MAX];
    gt_answer_clear(a);
    int rc = gt_taquin_solve_config(t, query, &code, &rank, moves, &len, err);
    if (rc) {
        snprintf(a->message, sizeof a->message, "%s", err->message);
        return rc;
    }
    gt_taquin_format_moves(b, moves, len, a->solution, sizeof a->solution);
    a->distance = len;
    a->flags = GT_ANSWER_OPTIMAL;
    gt_taquin_format(b, code, config, sizeof config);
    snprintf(size, sizeof size, "%dx%d", b->rows, b->cols);
    gt_answer_put_text(a, "puzzle", "taquin");
    gt_answer_put_text(a, "board", size);
    gt_answer_put_text(a, "config", config);
    gt_answer_put_int(a, "distance", len);
    gt_answer_put_text(a, "solution", a->solution);
    if (show && ((rc = type_json(t, code, rank, type, sizeof type)) != GT_OK ||
                 (rc = gt_answer_put_json(a, "type", type)) != GT_OK))
        snprintf(a->message, sizeof a->message, "%s", gt_strerror(rc));
    return rc;
}
