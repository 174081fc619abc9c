#include "notation.h"
#include "notation_internal.h"
#include "facecube.h"
#include "gt_error.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int face_index(char c)
{
    switch (c) {
    case 'U': return GT_FACE_U;
    case 'R': return GT_FACE_R;
    case 'F': return GT_FACE_F;
    case 'D': return GT_FACE_D;
    case 'L': return GT_FACE_L;
    case 'B': return GT_FACE_B;
    default: return -1;
    }
}

/* May c follow a move directly? (Tokens may be written together, "RU2",
 * and the alg syntax's brackets, separators, pauses and comments too.) */
static int may_follow(char c)
{
    switch (c) {
    case 'U': case 'R': case 'F': case 'D': case 'L': case 'B':
    case 'u': case 'r': case 'f': case 'd': case 'l': case 'b':
    case 'M': case 'E': case 'S': case 'x': case 'y': case 'z':
    case '(': case ')': case '[': case ']': case ',': case ':': case '.': case '/':
        return 1;
    default:
        return c >= '0' && c <= '9';
    }
}

/* A bad token is quoted up to this many bytes, so that a long run of junk
 * (a 4,000-digit "layer count") still gives a one-line message that names
 * its column. */
#define QUOTE_MAX 24

int gt_alg_fail(gt_parse_error *err, const char *text, const char *start, int length, const char *why)
{
    if (err) {
        err->offset = (int)(start - text);
        err->length = length;
        snprintf(err->message, sizeof err->message, "%s '%.*s%s' at column %d", why,
                 length > QUOTE_MAX ? QUOTE_MAX : length, start, length > QUOTE_MAX ? "..." : "",
                 (int)(start - text) + 1);
    }
    return GT_ERR_PARSE;
}

/* The length of the word at start (up to the next whitespace). */
static int word_length(const char *start, int from)
{
    int len = from;
    while (start[len] && !isspace((unsigned char)start[len]))
        len++;
    return len;
}

/* A SiGN layer-count prefix ("3" of 3Rw). Digits past NUMBER_CAP are still
 * consumed, so the error names the whole token, but no longer accumulated:
 * no signed overflow on "R29999999999", and nothing wraps when the count is
 * stored in a gt_turn's uint16_t fields ("1025R" is not R). */
#define NUMBER_CAP 100000

typedef struct layer_prefix {
    int digits;       /* 0: no prefix */
    int value;        /* saturates above NUMBER_CAP */
    int leading_zero; /* "01R", "00R" */
} layer_prefix;

static const char *read_prefix(const char *p, layer_prefix *x)
{
    *x = (layer_prefix){0, 0, *p == '0' && isdigit((unsigned char)p[1])};
    for (; isdigit((unsigned char)*p); p++, x->digits++)
        if (x->value <= NUMBER_CAP)
            x->value = x->value * 10 + (*p - '0');
    return p;
}

static int is_prime(const char *s)
{
    return *s == '\'' || ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 && (unsigned char)s[2] == 0x99);
}

const char *gt_alg_read_amount(const char *p, long *amount, const char **why)
{
    layer_prefix x;
    p = read_prefix(p, &x);
    *why = NULL;
    *amount = x.digits ? x.value : 1;
    if (x.leading_zero)
        *why = "leading zero in the amount of";
    else if (x.value > NUMBER_CAP)
        *why = "amount too large in";
    if (is_prime(p)) {
        *amount = -*amount;
        p += *p == '\'' ? 1 : 3;
    }
    return p;
}

/* The layers of a face token on an n-cube (notation.h): R, kR (the k-th
 * layer alone, 1 <= k < n), Rw and kRw (the k outer layers, 1 <= k <= n).
 * Returns NULL, or why the layer count is refused. */
static const char *face_layers(int n, const layer_prefix *x, int wide, gt_turn *t, unsigned *kind)
{
    *kind = wide || x->digits ? GT_NOTATION_WIDE : GT_NOTATION_FACES;
    if (!x->digits) {
        t->lo = 0;
        t->hi = (uint16_t)(wide ? 1 : 0);
        return NULL;
    }
    if (x->leading_zero)
        return "leading zero in the layer count of";
    if (x->value == 0)
        return "no layer 0 in";
    if (x->value > n)
        return "too many layers in";
    if (!wide && x->value == n) /* the opposite face, which has its own letter */
        return "the opposite face has its own letter, not";
    t->lo = (uint16_t)(wide ? 0 : x->value - 1);
    t->hi = (uint16_t)(x->value - 1);
    return NULL;
}

/* A range block "a-bRw" or "a-br" (layers a..b from the face, 1 <= a <= b <= n),
 * as cubing.js writes a block of inner layers: one STM move however many
 * layers it holds. x holds a; s points after the '-'. Returns NULL (t set,
 * *s advanced past the face letter and its 'w'), or why it is refused;
 * *s == NULL when it is no range at all. */
static const char *range_layers(int n, const layer_prefix *x, const char **s, gt_turn *t)
{
    layer_prefix y;
    const char *p = read_prefix(*s, &y);
    int lower = *p && strchr("urfdlb", *p), face = face_index(lower ? (char)toupper((unsigned char)*p) : *p);
    if (!y.digits || face < 0 || (!lower && p[1] != 'w')) {
        *s = NULL;
        return NULL;
    }
    *s = p + (lower ? 1 : 2);
    t->face = (uint8_t)face;
    if (x->leading_zero || y.leading_zero)
        return "leading zero in the layer range of";
    if (x->value == 0 || y.value > n || x->value > y.value)
        return "layer range out of 1..n in";
    t->lo = (uint16_t)(x->value - 1);
    t->hi = (uint16_t)(y.value - 1);
    return NULL;
}

/* A token without a layer count: r (Rw), a slice M E S, a rotation x y z.
 * Returns 0, or -1 if c starts no such token. */
static int plain_token(int n, char c, gt_turn *t, unsigned *kind)
{
    if (strchr("urfdlb", c)) {
        *kind = GT_NOTATION_WIDE;
        t->face = (uint8_t)face_index((char)toupper((unsigned char)c));
        t->hi = 1;
    } else if (strchr("MES", c)) {
        *kind = GT_NOTATION_SLICES;
        t->face = c == 'M' ? GT_FACE_L : c == 'E' ? GT_FACE_D : GT_FACE_F;
        t->lo = 1;
        t->hi = (uint16_t)(n - 2);
    } else if (strchr("xyz", c)) {
        *kind = GT_NOTATION_ROTATIONS;
        t->face = c == 'x' ? GT_FACE_R : c == 'y' ? GT_FACE_U : GT_FACE_F;
        t->hi = (uint16_t)(n - 1);
    } else {
        return GT_ERR_PARSE;
    }
    return 0;
}

int gt_notation_read_move(int n, const char *text, const char **p, unsigned allow, gt_turn *t,
                          gt_parse_error *err)
{
    const char *start = *p, *why = NULL;
    layer_prefix x;
    const char *s = read_prefix(start, &x);
    unsigned kind;
    int face = face_index(*s);
    *t = (gt_turn){0, 0, 0, 1};
    if (x.digits && *s == '-') {
        const char *after = s + 1;
        why = range_layers(n, &x, &after, t);
        if (!after)
            return gt_alg_fail(err, text, start, word_length(start, 1), "unknown move");
        s = after;
        kind = GT_NOTATION_WIDE;
    } else if (face >= 0) {
        int wide = s[1] == 'w';
        s += 1 + wide;
        t->face = (uint8_t)face;
        why = face_layers(n, &x, wide, t, &kind);
    } else if (x.digits || !*s || plain_token(n, *s, t, &kind) != 0) {
        /* a layer count is for face letters only: 2x, 2M, 2r are unknown */
        return gt_alg_fail(err, text, start, word_length(start, 1), "unknown move");
    } else {
        s++;
        if (kind == GT_NOTATION_SLICES && n < 3)
            return gt_alg_fail(err, text, start, (int)(s - start), "no slice move on this cube:");
        if (kind == GT_NOTATION_SLICES && n % 2 == 0 && (allow & GT_NOTATION_SLICES_ODD_ONLY))
            return gt_alg_fail(err, text, start, (int)(s - start), "no middle slice on an even cube:");
    }
    long amount;
    const char *bad_amount;
    s = gt_alg_read_amount(s, &amount, &bad_amount);
    t->quarters = (uint8_t)(((amount % 4) + 4) % 4);
    if (*s && !isspace((unsigned char)*s) && !may_follow(*s))
        return gt_alg_fail(err, text, start, word_length(start, (int)(s - start) + 1), "unknown move");
    if (!why)
        why = bad_amount;
    if (why)
        return gt_alg_fail(err, text, start, (int)(s - start), why);
    if (!(allow & kind))
        return gt_alg_fail(err, text, start, (int)(s - start), "move not allowed here:");
    *p = s;
    return GT_OK;
}

void gt_notation_format(int n, gt_turn t, char *buf)
{
    gt_notation_format_cap(n, t, buf, 8);
}

void gt_notation_format_cap(int n, gt_turn t, char *buf, int cap)
{
    static const char *suffix[4] = {"", "", "2", "'"};
    char base[GT_NOTATION_TOKEN_MAX];
    char f = gt_face_letters[t.face];
    if (t.lo == 0 && t.hi == n - 1) {
        /* the whole cube: x y z turn as R U F, so a turn seen from L, D or B
         * is the inverse rotation */
        int opposite = t.face == GT_FACE_L || t.face == GT_FACE_D || t.face == GT_FACE_B;
        char axis = t.face == GT_FACE_R || t.face == GT_FACE_L ? 'x' : t.face == GT_FACE_U || t.face == GT_FACE_D ? 'y' : 'z';
        snprintf(buf, (size_t)cap, "%c%s", axis, suffix[(opposite ? 4 - (t.quarters & 3) : t.quarters) & 3]);
        return;
    } else if (t.lo == 0 && t.hi == 0)
        snprintf(base, sizeof base, "%c", f);
    else if (t.lo == 0)
        snprintf(base, sizeof base, t.hi == 1 ? "%cw" : "%d%cw", t.hi == 1 ? f : t.hi + 1, f);
    else if (t.lo == 1 && t.hi == n - 2 && (t.face == GT_FACE_L || t.face == GT_FACE_D || t.face == GT_FACE_F))
        snprintf(base, sizeof base, "%c", t.face == GT_FACE_L ? 'M' : t.face == GT_FACE_D ? 'E' : 'S');
    else if (t.lo == t.hi)
        snprintf(base, sizeof base, "%d%c", t.lo + 1, f);
    else
        snprintf(base, sizeof base, "%d-%d%cw", t.lo + 1, t.hi + 1, f);
    snprintf(buf, (size_t)cap, "%s%s", base, suffix[t.quarters & 3]);
}

int gt_notation_turn_perm(int n, gt_turn t, uint16_t *perm)
{
    return gt_facecube_turn(n, t.face, t.lo, t.hi, t.quarters, perm);
}
