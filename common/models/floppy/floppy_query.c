/* The Floppy cube's text in and out: scrambles, the state syntax, the top-view
 * drawing, and the query hooks of the generic solver front end (spec.h). */
#include "floppy.h"

#include <stdio.h>
#include <string.h>

/* Parse error messages quote at most this many bytes of the bad token. */
#define TOKEN_QUOTE_MAX 24

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int parse_error(gt_parse_error *err, int code, int offset, int length, const char *message)
{
    if (err) {
        err->offset = offset;
        err->length = length;
        snprintf(err->message, sizeof err->message, "%s", message);
    }
    return code;
}

/* ---- scrambles ------------------------------------------------------------- */

static const char move_letters[] = "RLFB"; /* in move order */

static int move_of(char c)
{
    const char *p = c ? strchr(move_letters, c) : NULL;
    return p ? (int)(p - move_letters) : -1;
}

/* 2, ' and 2' all name the same half turn (floppy.h); R'2 is not a suffix. */
static int suffix_length(const char *s)
{
    if (s[0] == '2')
        return s[1] == '\'' ? 2 : 1;
    return s[0] == '\'';
}

/* The bad token runs from the bad character to the next whitespace, so that
 * "R X2 F" names 'X2' and "RFQ" names 'Q'. */
static int unknown_move(gt_parse_error *err, const char *text, int offset)
{
    int length = 0;
    while (text[offset + length] && !is_space(text[offset + length]))
        length++;
    char message[sizeof err->message];
    snprintf(message, sizeof message, "unknown move '%.*s%s' at column %d",
             length > TOKEN_QUOTE_MAX ? TOKEN_QUOTE_MAX : length, text + offset,
             length > TOKEN_QUOTE_MAX ? "..." : "", offset + 1);
    return parse_error(err, GT_ERR_PARSE, offset, length, message);
}

int gt_floppy_from_scramble(const char *text, gt_floppy *out, gt_parse_error *err)
{
    gt_floppy pos;
    gt_floppy_solved(&pos);
    for (int i = 0; text[i];) {
        if (is_space(text[i])) {
            i++;
            continue;
        }
        int m = move_of(text[i]);
        if (m < 0)
            return unknown_move(err, text, i);
        i += 1 + suffix_length(text + i + 1);
        gt_floppy_apply_move(&pos, m);
    }
    *out = pos;
    return GT_OK;
}

/* ---- the state syntax ------------------------------------------------------ */

/* A symbol is good at place n if it is a corner digit 1-4 (n < 4) or an edge
 * bit 0/1 (n >= 4); returns its value, or -1. */
static int symbol_value(char c, int n)
{
    if (n < GT_FLOPPY_CORNERS)
        return c >= '1' && c <= '4' ? c - '1' : -1;
    return c == '0' || c == '1' ? c - '0' : -1;
}

static int bad_symbol(gt_parse_error *err, const char *text, int offset, int n)
{
    char message[sizeof err->message], shown[8];
    unsigned char c = (unsigned char)text[offset];
    if (c > 32 && c < 127)
        snprintf(shown, sizeof shown, "'%c'", c);
    else
        snprintf(shown, sizeof shown, "0x%02x", c);
    if (n >= GT_FLOPPY_CORNERS + GT_FLOPPY_EDGES)
        snprintf(message, sizeof message, "state: more than 8 symbols (extra %s at column %d)", shown, offset + 1);
    else
        snprintf(message, sizeof message, "state: unexpected %s at column %d (want %s)", shown, offset + 1,
                 n < GT_FLOPPY_CORNERS ? "a corner digit 1-4" : "an edge bit 0 or 1");
    return parse_error(err, GT_ERR_PARSE, offset, 1, message);
}

/* A well-formed state may still be impossible (a corner twice) or out of the
 * moves' reach (parities differ): GT_ERR_ILLEGAL, as the pocket's facelets. */
static int check_state(const gt_floppy *pos, gt_parse_error *err)
{
    char message[sizeof err->message];
    for (int q = 0; q < GT_FLOPPY_CORNERS; q++)
        for (int r = q + 1; r < GT_FLOPPY_CORNERS; r++)
            if (pos->corner[q] == pos->corner[r]) {
                snprintf(message, sizeof message, "impossible floppy: corner %d appears twice", pos->corner[q] + 1);
                return parse_error(err, GT_ERR_ILLEGAL, 0, 0, message);
            }
    if (!gt_floppy_reachable(pos))
        return parse_error(err, GT_ERR_ILLEGAL, 0, 0,
                           "unreachable floppy: the corner permutation's parity differs from the number "
                           "of flipped edges' (every half turn changes both)");
    return GT_OK;
}

int gt_floppy_from_state(const char *text, gt_floppy *out, gt_parse_error *err)
{
    enum { SYMBOLS = GT_FLOPPY_CORNERS + GT_FLOPPY_EDGES };
    gt_floppy pos;
    int n = 0;
    for (int i = 0; text[i]; i++) {
        if (is_space(text[i]) || text[i] == '/')
            continue;
        int v = n < SYMBOLS ? symbol_value(text[i], n) : -1;
        if (v < 0)
            return bad_symbol(err, text, i, n);
        if (n < GT_FLOPPY_CORNERS)
            pos.corner[n] = (uint8_t)v;
        else
            pos.flip[n - GT_FLOPPY_CORNERS] = (uint8_t)v;
        n++;
    }
    if (n != SYMBOLS) {
        char message[sizeof err->message];
        snprintf(message, sizeof message, "state: %d symbols, want 4 corner digits and 4 edge bits (\"1234/0000\")", n);
        return parse_error(err, GT_ERR_PARSE, 0, 0, message);
    }
    int rc = check_state(&pos, err);
    if (rc == GT_OK)
        *out = pos;
    return rc;
}

int gt_floppy_state_text(const gt_floppy *pos, char *buf, size_t cap)
{
    if (cap < 10)
        return GT_ERR_RANGE;
    for (int q = 0; q < GT_FLOPPY_CORNERS; q++)
        buf[q] = (char)('1' + pos->corner[q]);
    buf[4] = '/';
    for (int e = 0; e < GT_FLOPPY_EDGES; e++)
        buf[5 + e] = pos->flip[e] ? '1' : '0';
    buf[9] = 0;
    return GT_OK;
}

/* ---- drawing --------------------------------------------------------------- */

/* A cell of the top view: "3^" (corner piece 3, U sticker up), "Bv" (edge B,
 * D sticker up), or blank for the centre. */
static void corner_cell(const gt_floppy *pos, int q, char cell[3])
{
    cell[0] = (char)('1' + pos->corner[q]);
    cell[1] = gt_floppy_corner_up(pos->corner[q], q) ? '^' : 'v';
    cell[2] = 0;
}

static void edge_cell(const gt_floppy *pos, int e, char cell[3])
{
    cell[0] = move_letters[e]; /* edge e is flipped by move e */
    cell[1] = pos->flip[e] ? 'v' : '^';
    cell[2] = 0;
}

int gt_floppy_draw(const gt_floppy *pos, char *buf, size_t cap)
{
    static const char rule[] = "+----+----+----+\n";
    char c[9][3];
    corner_cell(pos, GT_FLOPPY_BL, c[0]);
    edge_cell(pos, GT_FLOPPY_B, c[1]);
    corner_cell(pos, GT_FLOPPY_BR, c[2]);
    edge_cell(pos, GT_FLOPPY_L, c[3]);
    memcpy(c[4], "  ", 3);
    edge_cell(pos, GT_FLOPPY_R, c[5]);
    corner_cell(pos, GT_FLOPPY_FL, c[6]);
    edge_cell(pos, GT_FLOPPY_F, c[7]);
    corner_cell(pos, GT_FLOPPY_FR, c[8]);
    int n = snprintf(buf, cap,
                     "top view, F side at the bottom; corners 1 FR 2 FL 3 BL 4 BR by home; ^ U side up, v D side up\n"
                     "%s| %s | %s | %s |\n%s| %s | %s | %s |\n%s| %s | %s | %s |\n%s",
                     rule, c[0], c[1], c[2], rule, c[3], c[4], c[5], rule, c[6], c[7], c[8], rule);
    return n < 0 || (size_t)n >= cap ? GT_ERR_RANGE : GT_OK;
}

/* ---- query hooks ----------------------------------------------------------- */

static int floppy_parse(const gt_table_spec *spec, int format, const char *text, void *position,
                        uint64_t *index, gt_parse_error *err)
{
    gt_floppy *pos = position;
    (void)spec;
    int rc = format == GT_QUERY_STATE ? gt_floppy_from_state(text, pos, err)
                                      : gt_floppy_from_scramble(text, pos, err);
    *index = rc == GT_OK ? gt_floppy_index(pos) : 0;
    return rc;
}

/* Every index below 384 is a piece arrangement; half of them are out of the
 * moves' reach and have no distance in the table. */
static int floppy_from_index(const gt_table_spec *spec, uint64_t index, void *position)
{
    (void)spec;
    return gt_floppy_from_index(index, position);
}

static int floppy_solves(const gt_table_spec *spec, const void *position, const uint8_t *moves, int n)
{
    (void)spec;
    return gt_floppy_solves(position, moves, n);
}

static int floppy_draw(const gt_table_spec *spec, const void *position, char *buf, size_t cap)
{
    (void)spec;
    return gt_floppy_draw(position, buf, cap);
}

static int floppy_state_text(const gt_table_spec *spec, const void *position, char *buf, size_t cap)
{
    (void)spec;
    return gt_floppy_state_text(position, buf, cap);
}

const gt_query_hooks gt_floppy_query_hooks = {
    .position_bytes = sizeof(gt_floppy),
    .moves_help = "half turns R L F B (suffixes 2 ' 2' allowed, all the same turn), spaced or run together",
    .state_help = "4 corner digits (pieces at FR FL BL BR) and 4 edge bits (R L F B, 1 = flipped): 1234/0000",
    .answer_help = "one optimal solution in half turns R L F B",
    .parse = floppy_parse,
    .from_index = floppy_from_index,
    .solves = floppy_solves,
    .draw = floppy_draw,
    .state_text = floppy_state_text,
    .state_key = "state",
};
