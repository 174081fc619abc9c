/* The text of `godtab-solve taquin --show` (taquin.h): the board, its type
 * under the board's symmetries, and its closer, farther and as-far
 * neighbour types, written into a buffer (the library never prints). */
#include "taquin.h"

#include <stdio.h>
#include <string.h>

/* Appends text when it fits (a line that would not is left out). */
static void append(char *out, size_t cap, size_t *len, const char *text)
{
    size_t k = strlen(text);
    if (*len + k + 1 < cap) {
        memcpy(out + *len, text, k + 1);
        *len += k;
    }
}

/* "(2;1) 110/..." when the anatomy numbers types, else the representative. */
static void type_label(const gt_taquin_tables *t, uint64_t rank, char *buf, size_t cap)
{
    uint64_t rep = 0, code = 0;
    char text[64];
    gt_taquin_type_of(t->puzzle, rank, &rep, NULL, NULL);
    gt_taquin_unrank(t->board, rep, &code);
    gt_taquin_format(t->board, code, text, sizeof text);
    if (t->anatomy) {
        const gt_taquin_type *ty = &t->anatomy->types[t->anatomy->type_of[rank]];
        snprintf(buf, cap, "(%d;%d) %s", ty->distance, ty->number, text);
    } else {
        snprintf(buf, cap, "%s", text);
    }
}

/* The board, one row a line. */
static void board_lines(const gt_taquin_board *b, uint64_t code, char *out, size_t cap, size_t *len)
{
    char line[512];
    for (int r = 0; r < b->rows; r++) {
        size_t k = 0;
        for (int col = 0; col < b->cols; col++) {
            line[k++] = (char)('0' + ((code >> (r * b->cols + col)) & 1u));
            line[k++] = col + 1 < b->cols ? ' ' : '\n';
        }
        line[k] = 0;
        append(out, cap, len, line);
    }
}

/* "type ... at distance d: n configurations, stabiliser {...}". */
static void type_line(const gt_taquin_tables *t, uint64_t rank, int distance, char *out, size_t cap, size_t *len)
{
    const gt_taquin_board *b = t->board;
    char line[512], label[96], syms[64] = "";
    int orbit;
    unsigned stab;
    uint64_t rep;
    gt_taquin_type_of(t->puzzle, rank, &rep, &orbit, &stab);
    for (int k = 0; k < b->n_syms; k++)
        if (stab >> k & 1) {
            size_t used = strlen(syms);
            snprintf(syms + used, sizeof syms - used, "%s%s", used ? ", " : "", b->sym_name[k]);
        }
    type_label(t, rank, label, sizeof label);
    snprintf(line, sizeof line, "type %s at distance %d: %d configuration%s, stabiliser {%s}\n", label, distance,
             orbit, orbit == 1 ? "" : "s", syms);
    append(out, cap, len, line);
}

void gt_taquin_show_text(const gt_taquin_tables *t, uint64_t code, uint64_t rank, int distance, char *out,
                         size_t cap, size_t *len)
{
    char line[512], label[96];
    board_lines(t->board, code, out, cap, len);
    type_line(t, rank, distance, out, cap, len);
    gt_taquin_neighbour list[GT_TAQUIN_MAX_MOVES];
    int n = gt_taquin_neighbours(t, code, list);
    static const char *const heading[3] = {"closer", "farther", "as far"};
    static const int offset[3] = {-1, 1, 0};
    for (int kind = 0; kind < 3; kind++) {
        size_t mark = *len;
        snprintf(line, sizeof line, "%s (%d):", heading[kind], distance + offset[kind]);
        append(out, cap, len, line);
        int any = 0;
        for (int i = 0; i < n; i++) {
            if (list[i].distance != distance + offset[kind])
                continue;
            type_label(t, list[i].any_rank, label, sizeof label);
            snprintf(line, sizeof line, "%s %s by %s", any ? ";" : "", label, list[i].moves);
            append(out, cap, len, line);
            any = 1;
        }
        if (!any && kind != 1) { /* the goal has nothing closer; most boards nothing as far */
            *len = mark;
            out[mark] = 0;
            continue;
        }
        append(out, cap, len, any ? "\n" : " none\n");
    }
}
