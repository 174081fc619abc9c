#include "notation.h"
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

/* Can a token start with c? (Tokens may be written together: "RU2".) */
static int starts_token(char c)
{
    switch (c) {
    case 'U': case 'R': case 'F': case 'D': case 'L': case 'B':
    case 'u': case 'r': case 'f': case 'd': case 'l': case 'b':
    case 'M': case 'E': case 'S': case 'x': case 'y': case 'z':
        return 1;
    default:
        return c >= '0' && c <= '9';
    }
}

static int fail(gt_parse_error *err, const char *text, const char *start, int length, const char *why)
{
    if (err) {
        err->offset = (int)(start - text);
        err->length = length;
        snprintf(err->message, sizeof err->message, "%s '%.*s' at column %d", why, length, start,
                 (int)(start - text) + 1);
    }
    return GT_ERR_PARSE;
}

/* Reads a suffix at *p: returns quarter turns (1, 2, 3) and advances. */
static int read_suffix(const char **p)
{
    const char *s = *p;
    int q = 1;
    if (*s == '2') {
        q = 2;
        s++;
        if (*s == '\'') s++;
        else if ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 && (unsigned char)s[2] == 0x99) s += 3;
    } else if (*s == '\'') {
        q = 3;
        s++;
    } else if ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 && (unsigned char)s[2] == 0x99) {
        q = 3;
        s += 3;
    }
    *p = s;
    return q;
}

int gt_notation_parse(int n, const char *text, unsigned allow, gt_turn *turns, int cap, int *count,
                      gt_parse_error *err)
{
    int k = 0;
    const char *p = text;
    for (;;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        const char *start = p;
        gt_turn t = {0, 0, 0, 1};
        int depth = 0; /* a SiGN layer-count prefix, as in 3Rw */
        while (isdigit((unsigned char)*p))
            depth = depth * 10 + (*p++ - '0');
        char c = *p;
        unsigned kind;
        int face;
        if ((face = face_index(c)) >= 0) {
            p++;
            t.face = (uint8_t)face;
            if (*p == 'w') {
                p++;
                kind = GT_NOTATION_WIDE;
                t.hi = (uint8_t)((depth ? depth : 2) - 1);
            } else {
                kind = GT_NOTATION_FACES;
                if (depth) { /* SiGN "2R": the single layer at that depth */
                    kind = GT_NOTATION_WIDE;
                    t.lo = t.hi = (uint8_t)(depth - 1);
                }
            }
        } else if (c && strchr("urfdlb", c) && !depth) {
            p++;
            kind = GT_NOTATION_WIDE;
            t.face = (uint8_t)face_index((char)toupper((unsigned char)c));
            t.hi = 1;
        } else if (c && strchr("MES", c) && !depth) {
            p++;
            kind = GT_NOTATION_SLICES;
            t.face = c == 'M' ? GT_FACE_L : c == 'E' ? GT_FACE_D : GT_FACE_F;
            t.lo = 1;
            t.hi = (uint8_t)(n - 2);
            if (n < 3)
                return fail(err, text, start, (int)(p - start), "no slice move on this cube:");
        } else if (c && strchr("xyz", c) && !depth) {
            p++;
            kind = GT_NOTATION_ROTATIONS;
            t.face = c == 'x' ? GT_FACE_R : c == 'y' ? GT_FACE_U : GT_FACE_F;
            t.hi = (uint8_t)(n - 1);
        } else {
            int len = 1;
            while (start[len] && !isspace((unsigned char)start[len]))
                len++;
            return fail(err, text, start, len, "unknown move");
        }
        t.quarters = (uint8_t)read_suffix(&p);
        if (t.hi >= n)
            return fail(err, text, start, (int)(p - start), "too many layers in");
        if (!(allow & kind))
            return fail(err, text, start, (int)(p - start), "move not allowed here:");
        if (*p && !isspace((unsigned char)*p) && !starts_token(*p)) {
            int len = (int)(p - start) + 1;
            while (start[len] && !isspace((unsigned char)start[len]))
                len++;
            return fail(err, text, start, len, "unknown move");
        }
        if (k == cap)
            return GT_ERR_RANGE;
        turns[k++] = t;
    }
    *count = k;
    return GT_OK;
}

void gt_notation_format(int n, gt_turn t, char *buf)
{
    static const char *suffix[4] = {"", "", "2", "'"};
    char base[8];
    char f = gt_face_letters[t.face];
    if (t.lo == 0 && t.hi == n - 1) {
        /* the whole cube: x y z turn as R U F, so a turn seen from L, D or B
         * is the inverse rotation */
        int opposite = t.face == GT_FACE_L || t.face == GT_FACE_D || t.face == GT_FACE_B;
        char axis = t.face == GT_FACE_R || t.face == GT_FACE_L ? 'x' : t.face == GT_FACE_U || t.face == GT_FACE_D ? 'y' : 'z';
        snprintf(buf, 8, "%c%s", axis, suffix[(opposite ? 4 - (t.quarters & 3) : t.quarters) & 3]);
        return;
    } else if (t.lo == 0 && t.hi == 0)
        snprintf(base, sizeof base, "%c", f);
    else if (t.lo == 0)
        snprintf(base, sizeof base, t.hi == 1 ? "%cw" : "%d%cw", t.hi == 1 ? f : t.hi + 1, f);
    else if (t.lo == 1 && t.hi == n - 2 && (t.face == GT_FACE_L || t.face == GT_FACE_D || t.face == GT_FACE_F))
        snprintf(base, sizeof base, "%c", t.face == GT_FACE_L ? 'M' : t.face == GT_FACE_D ? 'E' : 'S');
    else
        snprintf(base, sizeof base, "%d%c", t.lo + 1, f);
    snprintf(buf, 8, "%s%s", base, suffix[t.quarters & 3]);
}

int gt_notation_turn_perm(int n, gt_turn t, uint16_t *perm)
{
    return gt_facecube_turn(n, t.face, t.lo, t.hi, t.quarters, perm);
}
