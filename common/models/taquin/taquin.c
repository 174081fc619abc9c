/* The flip taquin model: board geometry, legality, ranking by orbits, the
 * puzzle descriptor and the catalog specs. taquin.h and docs/taquin.md give
 * the mathematics. */
#include "taquin.h"
#include "gt_error.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An orbit's tiles a b c d read as the 4-bit pattern a + 2b + 4c + 8d. The
 * legal patterns (x_a + x_d = x_b + x_c) in increasing order are digits 0..5. */
static const uint8_t legal_pattern[6] = {0, 3, 5, 10, 12, 15};
static const int8_t pattern_digit[16] = {0, -1, -1, 1, -1, 2, -1, -1,
                                         -1, -1, 3, -1, 4, -1, -1, 5};

static int cell_of(const gt_taquin_board *b, int r, int c) { return r * b->cols + c; }

static int orbit_pattern(const gt_taquin_board *b, int orbit, uint64_t code)
{
    int v = 0;
    for (int k = 0; k < 4; k++)
        v |= (int)((code >> b->orbit_cell[orbit][k]) & 1u) << k;
    return v;
}

static uint64_t pattern_code(const gt_taquin_board *b, int orbit, int pattern)
{
    uint64_t code = 0;
    for (int k = 0; k < 4; k++)
        if (pattern >> k & 1)
            code |= 1ull << b->orbit_cell[orbit][k];
    return code;
}

static uint64_t permute_cells(const uint8_t *dest, int cells, uint64_t code)
{
    uint64_t out = 0;
    for (int c = 0; c < cells; c++)
        out |= ((code >> c) & 1u) << dest[c];
    return out;
}

uint64_t gt_taquin_apply_move(const gt_taquin_board *b, uint64_t code, int move)
{
    uint64_t strip = b->move_strip[move];
    uint64_t turned = permute_cells(b->move_dest[move], b->cells, code & strip) ^ strip;
    return (code & ~strip) | turned;
}

uint64_t gt_taquin_apply_sym(const gt_taquin_board *b, uint64_t code, int sym)
{
    return permute_cells(b->sym_dest[sym], b->cells, code);
}

/* Image cell of (r, c) under symmetry k: for squares the article's D4, for
 * rectangles i, s_h, s_v, r2. */
static int sym_cell(const gt_taquin_board *b, int k, int r, int c)
{
    int n = b->rows, m = b->cols;
    if (n != m) {
        static const int rect_to_square[4] = {GT_TAQUIN_SYM_I, GT_TAQUIN_SYM_SH, GT_TAQUIN_SYM_SV,
                                              GT_TAQUIN_SYM_R2};
        k = rect_to_square[k];
    }
    switch (k) {
    case GT_TAQUIN_SYM_R: return cell_of(b, n - 1 - c, r); /* +90°: top-left goes bottom-left */
    case GT_TAQUIN_SYM_R2: return cell_of(b, n - 1 - r, m - 1 - c);
    case GT_TAQUIN_SYM_R3: return cell_of(b, c, n - 1 - r);
    case GT_TAQUIN_SYM_SH: return cell_of(b, n - 1 - r, c);
    case GT_TAQUIN_SYM_SV: return cell_of(b, r, m - 1 - c);
    case GT_TAQUIN_SYM_SD: return cell_of(b, c, r);
    case GT_TAQUIN_SYM_SM: return cell_of(b, n - 1 - c, n - 1 - r);
    default: return cell_of(b, r, c);
    }
}

static void init_moves(gt_taquin_board *b)
{
    int n = b->rows, m = b->cols;
    b->n_moves = n + m;
    for (int mv = 0; mv < b->n_moves; mv++) {
        int is_row = mv < n, line = is_row ? mv : mv - n;
        snprintf(b->move_name[mv], sizeof b->move_name[mv], "%c%d", is_row ? 'L' : 'C', line + 1);
        b->move_strip[mv] = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < m; c++) {
                int cell = cell_of(b, r, c);
                if (is_row && r == line) {
                    b->move_dest[mv][cell] = (uint8_t)cell_of(b, r, m - 1 - c);
                    b->move_strip[mv] |= 1ull << cell;
                } else if (!is_row && c == line) {
                    b->move_dest[mv][cell] = (uint8_t)cell_of(b, n - 1 - r, c);
                    b->move_strip[mv] |= 1ull << cell;
                } else {
                    b->move_dest[mv][cell] = (uint8_t)cell;
                }
            }
    }
}

static void init_orbits(gt_taquin_board *b)
{
    int n = b->rows, m = b->cols;
    b->n_orbits = 0;
    for (int i = 0; i < n / 2; i++)
        for (int j = 0; j < m / 2; j++) {
            uint8_t *o = b->orbit_cell[b->n_orbits++];
            o[0] = (uint8_t)cell_of(b, i, j);
            o[1] = (uint8_t)cell_of(b, i, m - 1 - j);
            o[2] = (uint8_t)cell_of(b, n - 1 - i, j);
            o[3] = (uint8_t)cell_of(b, n - 1 - i, m - 1 - j);
        }
    b->n_axis = 0;
    if (n % 2)
        for (int c = 0; c < m; c++)
            b->axis_cell[b->n_axis++] = (uint8_t)cell_of(b, n / 2, c);
    if (m % 2)
        for (int r = 0; r < n; r++)
            if (!(n % 2 && r == n / 2))
                b->axis_cell[b->n_axis++] = (uint8_t)cell_of(b, r, m / 2);

    /* Coordinate 0 takes the first k orbits, k chosen so the larger of the
     * two coordinates (and so the larger move table) is as small as can be. */
    uint64_t best = UINT64_MAX;
    for (int k = 1; k <= b->n_orbits; k++) {
        uint64_t s0 = 1, s1 = 1ull << b->n_axis;
        for (int i = 0; i < b->n_orbits; i++) {
            if (i < k) s0 *= 6;
            else s1 *= 6;
        }
        uint64_t worst = s0 > s1 ? s0 : s1;
        if (worst < best) {
            best = worst;
            b->coord0_orbits = k;
            b->coord_size[0] = (uint32_t)s0;
            b->coord_size[1] = (uint32_t)s1;
        }
    }
    b->n_states = (uint64_t)b->coord_size[0] * b->coord_size[1];
    uint64_t w = 1ull << b->n_axis;
    for (int i = b->n_orbits - 1; i >= b->coord0_orbits; i--, w *= 6)
        b->orbit_weight[i] = w;
    w = b->coord_size[1];
    for (int i = b->coord0_orbits - 1; i >= 0; i--, w *= 6)
        b->orbit_weight[i] = w;
}

static int orbit_of_cell(const gt_taquin_board *b, int cell, int *corner)
{
    for (int i = 0; i < b->n_orbits; i++)
        for (int k = 0; k < 4; k++)
            if (b->orbit_cell[i][k] == cell) {
                *corner = k;
                return i;
            }
    return -1;
}

static int axis_position(const gt_taquin_board *b, int cell)
{
    for (int j = 0; j < b->n_axis; j++)
        if (b->axis_cell[j] == cell)
            return j;
    return -1;
}

static int init_syms(gt_taquin_board *b)
{
    static const char *square_names[8] = {"i", "r", "r2", "r3", "s_h", "s_v", "s_d", "s_m"};
    static const char *rect_names[4] = {"i", "s_h", "s_v", "r2"};
    b->n_syms = b->rows == b->cols ? 8 : 4;
    for (int k = 0; k < b->n_syms; k++) {
        snprintf(b->sym_name[k], sizeof b->sym_name[k], "%s",
                 b->n_syms == 8 ? square_names[k] : rect_names[k]);
        for (int r = 0; r < b->rows; r++)
            for (int c = 0; c < b->cols; c++)
                b->sym_dest[k][cell_of(b, r, c)] = (uint8_t)sym_cell(b, k, r, c);
        for (int i = 0; i < b->n_orbits; i++) {
            int corner;
            b->sym_orbit[k][i] = orbit_of_cell(b, b->sym_dest[k][b->orbit_cell[i][0]], &corner);
            if (b->sym_orbit[k][i] < 0)
                return GT_ERR_INVAL; /* a symmetry must map orbits to orbits */
            for (int d = 0; d < 6; d++) {
                uint64_t image = gt_taquin_apply_sym(b, pattern_code(b, i, legal_pattern[d]), k);
                int digit = pattern_digit[orbit_pattern(b, b->sym_orbit[k][i], image)];
                if (digit < 0)
                    return GT_ERR_INVAL; /* ... and legal patterns to legal ones */
                b->sym_digit[k][i][d] = (uint8_t)digit;
            }
        }
        for (int j = 0; j < b->n_axis; j++) {
            int pos = axis_position(b, b->sym_dest[k][b->axis_cell[j]]);
            if (pos < 0)
                return GT_ERR_INVAL;
            b->sym_axis[k][j] = (uint8_t)pos;
        }
    }
    for (int x = 0; x < b->n_syms; x++)
        for (int y = 0; y < b->n_syms; y++) {
            b->sym_compose[x][y] = -1;
            for (int z = 0; z < b->n_syms; z++) {
                int same = 1;
                for (int c = 0; c < b->cells && same; c++)
                    same = b->sym_dest[x][b->sym_dest[y][c]] == b->sym_dest[z][c];
                if (same)
                    b->sym_compose[x][y] = z;
            }
            if (b->sym_compose[x][y] < 0)
                return GT_ERR_INVAL;
        }
    return GT_OK;
}

int gt_taquin_board_init(gt_taquin_board *b, int rows, int cols)
{
    if (!b || rows < GT_TAQUIN_MIN_SIDE || rows > GT_TAQUIN_MAX_SIDE || cols < GT_TAQUIN_MIN_SIDE ||
        cols > GT_TAQUIN_MAX_SIDE)
        return GT_ERR_INVAL;
    memset(b, 0, sizeof *b);
    b->rows = rows;
    b->cols = cols;
    b->cells = rows * cols;
    init_moves(b);
    init_orbits(b);
    return init_syms(b);
}

int gt_taquin_parse_size(const char *text, int *rows, int *cols)
{
    if (!text || !isdigit((unsigned char)text[0]) || (text[1] != 'x' && text[1] != 'X') ||
        !isdigit((unsigned char)text[2]) || text[3])
        return GT_ERR_PARSE;
    int r = text[0] - '0', c = text[2] - '0';
    if (r < GT_TAQUIN_MIN_SIDE || r > GT_TAQUIN_MAX_SIDE || c < GT_TAQUIN_MIN_SIDE ||
        c > GT_TAQUIN_MAX_SIDE)
        return GT_ERR_INVAL;
    *rows = r;
    *cols = c;
    return GT_OK;
}

/* "(1,3)" for a cell, 1-based as in the article. */
static void cell_label(const gt_taquin_board *b, int cell, char *buf, size_t cap)
{
    snprintf(buf, cap, "(%d,%d)", cell / b->cols + 1, cell % b->cols + 1);
}

static void describe_violation(const gt_taquin_board *b, int orbit, int pattern,
                               gt_taquin_violation *why)
{
    char cell[4][16];
    for (int k = 0; k < 4; k++)
        cell_label(b, b->orbit_cell[orbit][k], cell[k], sizeof cell[k]);
    int corners = orbit == 0; /* orbit 0 is the board's four corners */
    why->orbit = orbit;
    if (__builtin_popcount((unsigned)pattern) % 2) {
        why->invariant = GT_TAQUIN_ORBIT_PARITY;
        snprintf(why->message, sizeof why->message,
                 "illegal configuration: %s sum is odd (tiles %s %s %s %s must hold an even "
                 "number of I; article 2.5.6)",
                 corners ? "corner" : "orbit", cell[0], cell[1], cell[2], cell[3]);
        return;
    }
    /* Even sum but x_a + x_d != x_b + x_c: one diagonal full, the other empty. */
    int ad_full = pattern == 9;
    why->invariant = GT_TAQUIN_ORBIT_DIAGONAL;
    snprintf(why->message, sizeof why->message,
             "illegal configuration: diagonal invariant fails: %s and %s show I while %s and %s "
             "show 0 (a%c%c·a%c%c + a%c%c·a%c%c must be even; article 2.5.6)",
             ad_full ? cell[0] : cell[1], ad_full ? cell[3] : cell[2],
             ad_full ? cell[1] : cell[0], ad_full ? cell[2] : cell[3], cell[0][1], cell[0][3],
             cell[3][1], cell[3][3], cell[1][1], cell[1][3], cell[2][1], cell[2][3]);
}

int gt_taquin_check(const gt_taquin_board *b, uint64_t code, gt_taquin_violation *why)
{
    if (b->cells < 64 && code >> b->cells)
        return GT_ERR_INVAL;
    for (int i = 0; i < b->n_orbits; i++) {
        int pattern = orbit_pattern(b, i, code);
        if (pattern_digit[pattern] < 0) {
            if (why)
                describe_violation(b, i, pattern, why);
            return GT_ERR_ILLEGAL;
        }
    }
    if (why) {
        why->invariant = GT_TAQUIN_LEGAL;
        why->orbit = -1;
        why->message[0] = 0;
    }
    return GT_OK;
}

int gt_taquin_rank(const gt_taquin_board *b, uint64_t code, uint64_t *rank)
{
    int rc = gt_taquin_check(b, code, NULL);
    if (rc)
        return rc;
    uint64_t r = 0;
    for (int i = 0; i < b->n_orbits; i++)
        r += (uint64_t)pattern_digit[orbit_pattern(b, i, code)] * b->orbit_weight[i];
    for (int j = 0; j < b->n_axis; j++)
        r |= ((code >> b->axis_cell[j]) & 1u) << j;
    *rank = r;
    return GT_OK;
}

int gt_taquin_unrank(const gt_taquin_board *b, uint64_t rank, uint64_t *code)
{
    if (rank >= b->n_states)
        return GT_ERR_INVAL;
    uint64_t out = 0;
    for (int i = 0; i < b->n_orbits; i++)
        out |= pattern_code(b, i, legal_pattern[rank / b->orbit_weight[i] % 6]);
    for (int j = 0; j < b->n_axis; j++)
        out |= ((rank >> j) & 1u) << b->axis_cell[j];
    *code = out;
    return GT_OK;
}

uint64_t gt_taquin_sym_rank(const gt_taquin_board *b, uint64_t rank, int sym)
{
    uint64_t out = 0;
    for (int i = 0; i < b->n_orbits; i++) {
        int digit = (int)(rank / b->orbit_weight[i] % 6);
        int target = b->sym_orbit[sym][i];
        out += (uint64_t)b->sym_digit[sym][i][digit] * b->orbit_weight[target];
    }
    for (int j = 0; j < b->n_axis; j++)
        out |= ((rank >> j) & 1u) << b->sym_axis[sym][j];
    return out;
}

static void set_error(gt_parse_error *err, int offset, int length, const char *message)
{
    if (!err)
        return;
    err->offset = offset;
    err->length = length;
    snprintf(err->message, sizeof err->message, "%s", message);
}

int gt_taquin_parse(const gt_taquin_board *b, const char *text, uint64_t *code,
                    gt_parse_error *err)
{
    char msg[160];
    if (!text)
        return GT_ERR_INVAL;
    int start = 0, end = (int)strlen(text);
    while (start < end && isspace((unsigned char)text[start]))
        start++;
    while (end > start && isspace((unsigned char)text[end - 1]))
        end--;
    uint64_t out = 0;
    int tiles = 0, row = 0, in_row = 0, slashes = 0;
    for (int i = start; i < end; i++) {
        char ch = text[i];
        if (ch == '/') {
            slashes = 1;
            if (in_row != b->cols) {
                snprintf(msg, sizeof msg,
                         "wrong length: row %d has %d tiles, a %dx%d board needs %d per row",
                         row + 1, in_row, b->rows, b->cols, b->cols);
                set_error(err, i, 1, msg);
                return GT_ERR_PARSE;
            }
            row++;
            in_row = 0;
            continue;
        }
        if (ch != '0' && ch != '1' && ch != 'I') {
            if (isprint((unsigned char)ch))
                snprintf(msg, sizeof msg,
                         "bad character '%c' at position %d (only 0, 1, I and / are allowed)", ch,
                         i - start + 1);
            else
                snprintf(msg, sizeof msg,
                         "bad character 0x%02x at position %d (only 0, 1, I and / are allowed)",
                         (unsigned char)ch, i - start + 1);
            set_error(err, i, 1, msg);
            return GT_ERR_PARSE;
        }
        if (tiles < b->cells && ch != '0')
            out |= 1ull << tiles;
        tiles++;
        in_row++;
    }
    if (slashes && (in_row != b->cols || row + 1 != b->rows)) {
        if (in_row != b->cols)
            snprintf(msg, sizeof msg,
                     "wrong length: row %d has %d tiles, a %dx%d board needs %d per row", row + 1,
                     in_row, b->rows, b->cols, b->cols);
        else
            snprintf(msg, sizeof msg, "wrong length: %d rows, a %dx%d board has %d", row + 1,
                     b->rows, b->cols, b->rows);
        set_error(err, start, end - start, msg);
        return GT_ERR_PARSE;
    }
    if (tiles != b->cells) {
        snprintf(msg, sizeof msg, "wrong length: %d tiles, a %dx%d board has %d", tiles, b->rows,
                 b->cols, b->cells);
        set_error(err, start, end - start, msg);
        return GT_ERR_PARSE;
    }
    *code = out;
    return GT_OK;
}

int gt_taquin_format(const gt_taquin_board *b, uint64_t code, char *buf, size_t cap)
{
    if (cap < (size_t)(b->cells + b->rows))
        return GT_ERR_RANGE;
    size_t at = 0;
    for (int r = 0; r < b->rows; r++) {
        if (r)
            buf[at++] = '/';
        for (int c = 0; c < b->cols; c++)
            buf[at++] = (char)('0' + ((code >> cell_of(b, r, c)) & 1u));
    }
    buf[at] = 0;
    return GT_OK;
}

int gt_taquin_parse_moves(const gt_taquin_board *b, const char *text, int *moves, int cap,
                          int *count, gt_parse_error *err)
{
    char msg[160];
    int n = 0;
    for (int i = 0; text[i];) {
        char ch = text[i];
        if (isspace((unsigned char)ch) || ch == ',' || ch == '-') {
            i++;
            continue;
        }
        char kind = (char)toupper((unsigned char)ch);
        int line = isdigit((unsigned char)text[i + 1]) ? text[i + 1] - '0' : 0;
        int limit = kind == 'L' ? b->rows : b->cols;
        if ((kind != 'L' && kind != 'C') || line < 1 || line > limit ||
            isdigit((unsigned char)text[i + 2])) {
            snprintf(msg, sizeof msg,
                     "unknown move at position %d (moves are L1..L%d and C1..C%d)", i + 1,
                     b->rows, b->cols);
            set_error(err, i, 1, msg);
            return GT_ERR_PARSE;
        }
        if (n == cap) {
            snprintf(msg, sizeof msg, "more than %d moves (move %d at position %d)", cap, n + 1, i + 1);
            set_error(err, i, 2, msg);
            return GT_ERR_RANGE;
        }
        moves[n++] = kind == 'L' ? line - 1 : b->rows + line - 1;
        i += 2;
    }
    *count = n;
    return GT_OK;
}

/* ---- The puzzle descriptor ---- */

#define TAQUIN_MAGIC 0x7461716eu /* "taqn" */

typedef struct taquin_holder {
    uint32_t magic;
    gt_puzzle puzzle;
    gt_taquin_board board;
    char name[16];
    const char *move_names[GT_TAQUIN_MAX_MOVES];
    int move_inverse[GT_TAQUIN_MAX_MOVES];
} taquin_holder;

static uint64_t taquin_sym(const gt_puzzle *p, uint64_t index, int k)
{
    return gt_taquin_sym_rank(&((const taquin_holder *)p->ctx)->board, index, k);
}

static int taquin_parity(const gt_puzzle *p, uint64_t index)
{
    uint64_t code = 0;
    gt_taquin_unrank(&((const taquin_holder *)p->ctx)->board, index, &code);
    return __builtin_popcountll(code) & 1;
}

/* Move table of one coordinate: each value's cells, moved, re-ranked. The
 * coordinate's cells are closed under the moves (orbits, and the axis whole). */
static int build_coord_table(const gt_taquin_board *b, int part, uint32_t **out)
{
    uint32_t size = b->coord_size[part];
    uint32_t *table = malloc((size_t)size * (size_t)b->n_moves * sizeof *table);
    if (!table)
        return GT_ERR_NOMEM;
    /* A full rank with this coordinate's value and the other coordinate 0. */
    uint64_t scale = part == 0 ? b->coord_size[1] : 1;
    for (uint32_t v = 0; v < size; v++) {
        uint64_t code = 0, moved_rank = 0;
        gt_taquin_unrank(b, (uint64_t)v * scale, &code);
        for (int m = 0; m < b->n_moves; m++) {
            gt_taquin_rank(b, gt_taquin_apply_move(b, code, m), &moved_rank);
            /* The other coordinate's cells were all 0 before the move; the
             * move may have set them, so keep only this coordinate's share. */
            table[(size_t)v * (size_t)b->n_moves + (size_t)m] =
                (uint32_t)(part == 0 ? moved_rank / b->coord_size[1]
                                     : moved_rank % b->coord_size[1]);
        }
    }
    *out = table;
    return GT_OK;
}

int gt_taquin_puzzle_new(int rows, int cols, gt_puzzle **out)
{
    int rc;
    taquin_holder *h = calloc(1, sizeof *h);
    if (!h)
        return GT_ERR_NOMEM;
    if ((rc = gt_taquin_board_init(&h->board, rows, cols)) != 0)
        goto free_holder;
    const gt_taquin_board *b = &h->board;
    h->magic = TAQUIN_MAGIC;
    snprintf(h->name, sizeof h->name, "taquin-%dx%d", rows, cols);
    for (int m = 0; m < b->n_moves; m++) {
        h->move_names[m] = b->move_name[m];
        h->move_inverse[m] = m; /* turning a strip over twice restores it */
    }
    gt_puzzle *p = &h->puzzle;
    p->name = h->name;
    p->metric = "flip";
    p->n_states = b->n_states;
    p->n_moves = b->n_moves;
    p->move_names = h->move_names;
    p->move_inverse = h->move_inverse;
    p->n_coords = b->coord_size[1] > 1 ? 2 : 1;
    p->solved = 0; /* the all-0 board: every digit 0 */
    p->distance_parity = rows % 2 && cols % 2 ? taquin_parity : NULL;
    p->n_syms = b->n_syms;
    p->sym = taquin_sym;
    p->ctx = h;
    static const char *coord_names[2] = {"orbits", "orbits+axis"};
    for (int part = 0; part < p->n_coords; part++) {
        uint32_t *table = NULL;
        if ((rc = build_coord_table(b, part, &table)) != 0)
            goto free_tables;
        p->coord[part].name = coord_names[part];
        p->coord[part].size = b->coord_size[part];
        p->coord[part].move = table;
    }
    *out = p;
    return GT_OK;

free_tables:
    for (int part = 0; part < GT_MAX_COORDS; part++)
        free((void *)p->coord[part].move);
free_holder:
    free(h);
    return rc;
}

void gt_taquin_puzzle_free(gt_puzzle *p)
{
    if (!p)
        return;
    taquin_holder *h = p->ctx;
    for (int part = 0; part < GT_MAX_COORDS; part++)
        free((void *)p->coord[part].move);
    free(h);
}

int gt_taquin_board_of(const gt_puzzle *p, const gt_taquin_board **out)
{
    if (!p || !p->ctx || ((const taquin_holder *)p->ctx)->magic != TAQUIN_MAGIC)
        return GT_ERR_INVAL;
    *out = &((const taquin_holder *)p->ctx)->board;
    return GT_OK;
}
