/* Golden cases for the text parsers (tests/golden/README.md has the format):
 * notation.txt (gt_notation_parse / gt_notation_format), facelets.txt
 * (gt_pocket_from_facelets, gt_cube3_from_facelets) and puzdef.txt
 * (gt_puzdef_parse, gt_puzdef_load, gt_perm_parse).
 *
 *   test_10_golden_parsers                   checks every case
 *   test_10_golden_parsers --print FILE      prints FILE with each expectation
 *                                            replaced by what the code does now
 *                                            (review before committing it) */
#include "test_util.h"

#include "cube3.h"
#include "gt_error.h"
#include "notation.h"
#include "permgroup.h"
#include "pocket.h"
#include "puzdef.h"

#include <ctype.h>

#define GOLDEN GODTAB_ROOT "/tests/golden/"

/* ---- the case files ---- */

typedef struct golden_case {
    int line;        /* of the '>' line */
    char *params;    /* the '>' line after "> ", undecoded */
    char *input;     /* the '|' lines, decoded, each ending in '\n' */
    size_t input_len;
    int expect_line; /* of the '=' / '!' line, 0 if none */
    char *expect;    /* that line, "= ..." or "! ..." */
} golden_case;

typedef struct golden_file {
    char **lines;
    int n_lines;
    golden_case *cases;
    int n_cases;
} golden_file;

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    size_t cap = 1 << 16, len = 0, got;
    char *text = malloc(cap);
    assert_non_null(text);
    while ((got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2) {
            text = realloc(text, cap *= 2);
            assert_non_null(text);
        }
    }
    text[len] = 0;
    fclose(f);
    return text;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Appends s decoded (\\ \t \n \r \xHH) to buf; returns the new length. */
static size_t decode(const char *s, char *buf, size_t len)
{
    while (*s) {
        if (s[0] == '\\' && s[1]) {
            char c = s[1];
            if (c == 'x' && hex_digit(s[2]) >= 0 && hex_digit(s[3]) >= 0) {
                buf[len++] = (char)(hex_digit(s[2]) * 16 + hex_digit(s[3]));
                s += 4;
                continue;
            }
            buf[len++] = c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c;
            s += 2;
            continue;
        }
        buf[len++] = *s++;
    }
    buf[len] = 0;
    return len;
}

static void load_golden(const char *path, golden_file *g)
{
    char *text = read_text(path);
    memset(g, 0, sizeof *g);
    int cap = 16;
    g->lines = malloc((size_t)cap * sizeof *g->lines);
    for (char *p = text; *p;) {
        char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (g->n_lines == cap)
            g->lines = realloc(g->lines, (size_t)(cap *= 2) * sizeof *g->lines);
        g->lines[g->n_lines++] = strndup(p, n);
        p += n + (end != NULL);
    }
    free(text);
    g->cases = calloc((size_t)g->n_lines + 1, sizeof *g->cases);
    assert_non_null(g->cases);
    golden_case *c = NULL;
    for (int i = 0; i < g->n_lines; i++) {
        const char *l = g->lines[i];
        if (l[0] == '>') {
            c = &g->cases[g->n_cases++];
            c->line = i + 1;
            c->params = strdup(l[1] == ' ' ? l + 2 : l + 1);
            c->input = calloc(1, 1);
        } else if (l[0] == '|') {
            if (!c || c->expect_line)
                fail_msg("%s:%d: '|' outside a case", path, i + 1);
            const char *t = l[1] == ' ' ? l + 2 : l + 1;
            c->input = realloc(c->input, c->input_len + strlen(t) + 2);
            c->input_len = decode(t, c->input, c->input_len);
            c->input[c->input_len++] = '\n';
            c->input[c->input_len] = 0;
        } else if (l[0] == '=' || l[0] == '!') {
            if (!c || c->expect_line)
                fail_msg("%s:%d: an expectation outside a case", path, i + 1);
            c->expect_line = i + 1;
            c->expect = g->lines[i];
        } else if (l[0] && l[0] != '#') {
            fail_msg("%s:%d: not a golden line: %s", path, i + 1, l);
        }
    }
}

static void free_golden(golden_file *g)
{
    for (int i = 0; i < g->n_cases; i++) {
        free(g->cases[i].params);
        free(g->cases[i].input);
    }
    for (int i = 0; i < g->n_lines; i++)
        free(g->lines[i]);
    free(g->cases);
    free(g->lines);
}

/* ---- what a case does ---- */

/* The result of a case: rc (0 or GT_ERR_*), and out: the success output, or
 * the error message (gt_strerror when the parser gave none). check holds a
 * consistency failure the golden line cannot show (empty if none). */
typedef struct result {
    int rc;
    char out[8192];
    char check[256];
} result;

/* Splits "WORD REST": returns WORD in word (cap 32) and REST (decoded) in rest. */
static const char *split_word(const char *params, char word[32])
{
    size_t n = strcspn(params, " ");
    snprintf(word, 32, "%.*s", (int)n, params);
    return params[n] ? params + n + 1 : params + n;
}

static void set_error(result *r, int rc, const char *message)
{
    r->rc = rc;
    snprintf(r->out, sizeof r->out, "%s", message && *message ? message : gt_strerror(rc));
}

static unsigned allow_of(const char *word)
{
    if (strcmp(word, "all") == 0)
        return GT_NOTATION_ALL;
    unsigned allow = 0;
    char copy[32];
    snprintf(copy, sizeof copy, "%s", word);
    for (char *save = NULL, *t = strtok_r(copy, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        if (strcmp(t, "faces") == 0) allow |= GT_NOTATION_FACES;
        else if (strcmp(t, "wide") == 0) allow |= GT_NOTATION_WIDE;
        else if (strcmp(t, "slices") == 0) allow |= GT_NOTATION_SLICES;
        else if (strcmp(t, "rotations") == 0) allow |= GT_NOTATION_ROTATIONS;
        else fail_msg("unknown notation kind '%s'", t);
    }
    return allow;
}

enum { NOTATION_CAP = 32 };

/* "> N ALLOW TEXT": output the turns formatted, one space apart. Checks that
 * the formatted text parses back to the same turns, and that an error's
 * "at column C" is its offset + 1. */
/* 1 if each turn moves the facelets as its counterpart (x' and a whole-cube
 * L turn are one turn written two ways). */
static int same_turns(int n, const gt_turn *a, const gt_turn *b, int count)
{
    static uint16_t pa[6 * 16 * 16], pb[6 * 16 * 16];
    for (int i = 0; i < count; i++) {
        if (gt_notation_turn_perm(n, a[i], pa) != GT_OK || gt_notation_turn_perm(n, b[i], pb) != GT_OK ||
            memcmp(pa, pb, (size_t)(6 * n * n) * sizeof pa[0]) != 0)
            return 0;
    }
    return 1;
}

/* 1 if the message's quoted token ("WHY 'TOKEN' at column C", cut to a
 * prefix and "..." when long) is the err->length bytes at err->offset. */
static int quotes_token(const char *message, const char *text, const gt_parse_error *err)
{
    const char *open = strchr(message, '\''), *close = strstr(message, "' at column ");
    if (!open || !close || close <= open)
        return 0;
    int quoted = (int)(close - open - 1);
    int cut = quoted >= 3 && !strncmp(close - 3, "...", 3);
    if (cut)
        quoted -= 3;
    if (err->offset < 0 || err->length < quoted || (!cut && err->length != quoted) ||
        (size_t)(err->offset + err->length) > strlen(text))
        return 0;
    return !strncmp(open + 1, text + err->offset, (size_t)quoted);
}

static void run_notation(const golden_case *c, result *r)
{
    char word[32], text[4096];
    const char *rest = split_word(c->params, word);
    int n = atoi(word);
    rest = split_word(rest, word);
    unsigned allow = allow_of(word);
    decode(rest, text, 0);
    gt_turn turns[NOTATION_CAP], back[NOTATION_CAP];
    gt_parse_error err = {0};
    int count = -1, count_back = -1;
    int rc = gt_notation_parse(n, text, allow, turns, NOTATION_CAP, &count, &err);
    if (rc != GT_OK) {
        set_error(r, rc, err.message);
        const char *at = strstr(err.message, "at column ");
        if (at && atoi(at + 10) != err.offset + 1)
            snprintf(r->check, sizeof r->check, "message column %d, offset %d", atoi(at + 10), err.offset);
        else if (at && !quotes_token(err.message, text, &err))
            snprintf(r->check, sizeof r->check, "the quoted token is not the %d bytes at offset %d", err.length,
                     err.offset);
        return;
    }
    size_t len = 0;
    r->rc = GT_OK;
    r->out[0] = 0;
    for (int i = 0; i < count; i++) {
        char buf[GT_NOTATION_TOKEN_MAX];
        gt_notation_format_cap(n, turns[i], buf, (int)sizeof buf);
        len += (size_t)snprintf(r->out + len, sizeof r->out - len, "%s%s", i ? " " : "", buf);
    }
    rc = gt_notation_parse(n, r->out, GT_NOTATION_ALL, back, NOTATION_CAP, &count_back, NULL);
    if (rc != GT_OK || count_back != count || !same_turns(n, turns, back, count))
        snprintf(r->check, sizeof r->check, "'%.200s' does not parse back to the same turns", r->out);
}

/* "> pocket TEXT": index=N scheme=LETTERS (checked against the position of
 * that index); "> cube3 TEXT": the 54 facelets in URFDLB letters and the
 * scheme. */
static void run_facelets(const golden_case *c, result *r)
{
    char word[32], text[4096], letters[7] = {0};
    const char *rest = split_word(c->params, word);
    decode(rest, text, 0);
    gt_parse_error err = {0};
    int rc;
    if (strcmp(word, "pocket") == 0) {
        gt_pocket pos, again;
        if ((rc = gt_pocket_from_facelets(text, &pos, letters, &err)) != GT_OK)
            return set_error(r, rc, err.message);
        snprintf(r->out, sizeof r->out, "index=%llu scheme=%s", (unsigned long long)pos.index, letters);
        if (gt_pocket_from_index(pos.index, &again) != GT_OK ||
            memcmp(again.colours, pos.colours, sizeof pos.colours) != 0)
            snprintf(r->check, sizeof r->check, "the stickers are not those of index %llu",
                     (unsigned long long)pos.index);
    } else if (strcmp(word, "cube3") == 0) {
        gt_cube3 cube;
        gt_cube3_verdict v;
        char facelets[GT_CUBE3_FACELETS + 1];
        if ((rc = gt_cube3_from_facelets(text, &cube, letters, &v, &err)) != GT_OK)
            return set_error(r, rc, err.message);
        gt_cube3_to_facelets(&cube, NULL, facelets);
        snprintf(r->out, sizeof r->out, "%s scheme=%s", facelets, letters);
        if (v.orbit != 0)
            snprintf(r->check, sizeof r->check, "accepted with orbit %d", v.orbit);
    } else {
        fail_msg("line %d: unknown facelet parser '%s'", c->line, word);
    }
    r->rc = GT_OK;
}

static void puzdef_output(const gt_puzdef *def, result *r)
{
    size_t len = (size_t)snprintf(r->out, sizeof r->out, "points=%d gens=%d", def->degree, def->ngens);
    for (int k = 0; k < def->ngens && len < sizeof r->out; k++) {
        char cycles[1024];
        if (gt_perm_format_cycles(def->degree, def->gens + (size_t)k * def->degree, cycles, sizeof cycles))
            snprintf(cycles, sizeof cycles, "...");
        len += (size_t)snprintf(r->out + len, sizeof r->out - len, " %s=%s", def->names[k], cycles);
    }
    if (def->title[0] && len < sizeof r->out)
        snprintf(r->out + len, sizeof r->out - len, " name=\"%s\"", def->title);
}

static void puzdef_error(result *r, int rc, const char *file, const gt_puzdef_error *err)
{
    char message[300];
    if (err->line > 0)
        snprintf(message, sizeof message, "%s:%d:%d: %s", file, err->line, err->column, err->message);
    else
        snprintf(message, sizeof message, "%s: %s", file, err->message[0] ? err->message : gt_strerror(rc));
    set_error(r, rc, message);
}

/* "> def" + '|' lines: gt_puzdef_parse; "> load" + '|' lines: the same text
 * (any bytes) written to a file for gt_puzdef_load; "> load-path PATH";
 * "> perm N TEXT": gt_perm_parse, output in cycles. */
static void run_puzdef(const golden_case *c, result *r)
{
    char word[32], text[4096];
    const char *rest = split_word(c->params, word);
    gt_puzdef_error err = {0};
    gt_puzdef *def = NULL;
    const char *file = word; /* the name errors are reported under */
    int rc = GT_ERR_INVAL;
    if (strcmp(word, "def") == 0) {
        rc = gt_puzdef_parse(c->input, &def, &err);
    } else if (strcmp(word, "load") == 0 || strcmp(word, "load-path") == 0) {
        char *dir = NULL, path[4096];
        if (strcmp(word, "load") == 0) {
            dir = tu_mkdtemp();
            snprintf(path, sizeof path, "%s/golden.def", dir);
            FILE *f = fopen(path, "wb");
            assert_non_null(f);
            assert_int_equal(fwrite(c->input, 1, c->input_len, f), c->input_len);
            fclose(f);
        } else {
            snprintf(path, sizeof path, "%s", rest);
        }
        rc = gt_puzdef_load(path, &def, &err);
        if (dir) {
            tu_rmrf(dir);
            free(dir);
        }
        file = "file";
    } else if (strcmp(word, "perm") == 0) {
        rest = split_word(rest, word);
        int n = atoi(word);
        decode(rest, text, 0);
        gt_point *perm = calloc((size_t)(n > 0 ? n : 1), sizeof *perm);
        assert_non_null(perm);
        if ((rc = gt_perm_parse(n, text, perm, &err)) != GT_OK) {
            puzdef_error(r, rc, "perm", &err);
        } else {
            r->rc = GT_OK;
            if (gt_perm_format_cycles(n, perm, r->out, (int)sizeof r->out) != GT_OK)
                snprintf(r->check, sizeof r->check, "cannot format the permutation");
            if (!gt_perm_is_valid(n, perm))
                snprintf(r->check, sizeof r->check, "not a permutation");
        }
        free(perm);
        return;
    } else {
        fail_msg("line %d: unknown puzdef parser '%s'", c->line, word);
    }
    if (rc != GT_OK) {
        puzdef_error(r, rc, file, &err);
        return;
    }
    r->rc = GT_OK;
    puzdef_output(def, r);
    gt_puzdef_free(def);
}

/* ---- checking and printing ---- */

typedef void (*runner)(const golden_case *c, result *r);

/* The golden line of a result: "= OUT" or "! CODE MESSAGE". */
static void golden_line(const result *r, char *buf, size_t cap)
{
    if (r->rc == GT_OK)
        snprintf(buf, cap, "=%s%s", r->out[0] ? " " : "", r->out);
    else
        snprintf(buf, cap, "! %d %s", gt_exit_code(r->rc), r->out);
}

/* Does the result meet the expectation line? "= OUT" exactly; "! CODE TEXT":
 * the same exit code and TEXT within the message. */
static int meets(const result *r, const char *expect)
{
    if (expect[0] == '=') {
        const char *want = expect[1] == ' ' ? expect + 2 : expect + 1;
        return r->rc == GT_OK && strcmp(r->out, want) == 0;
    }
    char *end;
    long code = strtol(expect + 1, &end, 10);
    while (*end == ' ')
        end++;
    return r->rc != GT_OK && code == gt_exit_code(r->rc) && strstr(r->out, end) != NULL;
}

static void check_file(const char *name, runner run)
{
    char path[4096];
    snprintf(path, sizeof path, GOLDEN "%s", name);
    golden_file g;
    load_golden(path, &g);
    int failures = 0;
    static result r;
    for (int i = 0; i < g.n_cases; i++) {
        golden_case *c = &g.cases[i];
        char got[sizeof r.out + 16];
        memset(&r, 0, sizeof r);
        run(c, &r);
        golden_line(&r, got, sizeof got);
        if (!c->expect_line) {
            print_error("%s:%d: a case without '=' or '!' (it gives: %s)\n", path, c->line, got);
            failures++;
        } else if (!meets(&r, c->expect)) {
            print_error("%s:%d: expected %s\n%*s got      %s\n", path, c->expect_line, c->expect,
                        (int)strlen(path), "", got);
            failures++;
        } else if (r.check[0]) {
            print_error("%s:%d: %s\n", path, c->line, r.check);
            failures++;
        }
    }
    print_message("%s: %d cases, %d failed\n", name, g.n_cases, failures);
    free_golden(&g);
    assert_int_equal(failures, 0);
}

static void test_notation(void **state)
{
    (void)state;
    check_file("notation.txt", run_notation);
}

static void test_facelets(void **state)
{
    (void)state;
    check_file("facelets.txt", run_facelets);
}

static void test_puzdef(void **state)
{
    (void)state;
    check_file("puzdef.txt", run_puzdef);
}

/* --print FILE: the file again, each expectation line replaced by the
 * current result (and a consistency failure as a comment above it). */
static int print_current(const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    runner run = strcmp(base, "notation.txt") == 0   ? run_notation
                 : strcmp(base, "facelets.txt") == 0 ? run_facelets
                 : strcmp(base, "puzdef.txt") == 0   ? run_puzdef
                                                     : NULL;
    if (!run) {
        fprintf(stderr, "--print: notation.txt, facelets.txt or puzdef.txt\n");
        return 1;
    }
    golden_file g;
    load_golden(path, &g);
    static result r;
    for (int i = 0; i < g.n_lines; i++) {
        int k = 0;
        while (k < g.n_cases && g.cases[k].expect_line != i + 1)
            k++;
        if (k < g.n_cases) {
            char got[sizeof r.out + 16];
            memset(&r, 0, sizeof r);
            run(&g.cases[k], &r);
            golden_line(&r, got, sizeof got);
            if (r.check[0])
                printf("# CHECK FAILED: %s\n", r.check);
            printf("%s\n", got);
        } else {
            printf("%s\n", g.lines[i]);
        }
    }
    free_golden(&g);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--print") == 0)
        return print_current(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_facelets),
        cmocka_unit_test(test_puzdef),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
