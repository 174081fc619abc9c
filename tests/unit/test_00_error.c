/* The library's one error detail and its formatter (common/util/gt_error.h):
 * the code comes back, every field is set, a long message is cut but stays
 * NUL-terminated, a NULL detail is allowed, and the former names (the query
 * parsers' gt_parse_error, the definitions' gt_def_error) are the same type. */
#include "test_util.h"

#include "defn.h"
#include "gt_error.h"

#include <string.h>

static void test_code_and_fields(void **state)
{
    (void)state;
    gt_error_detail d;
    memset(&d, 0x55, sizeof d);
    assert_int_equal(gt_error_set(&d, GT_ERR_PARSE, 3, 7, "unknown move '%s'", "Q"), GT_ERR_PARSE);
    assert_int_equal(d.code, GT_ERR_PARSE);
    assert_int_equal(d.line, 3);
    assert_int_equal(d.column, 7);
    assert_int_equal(d.offset, 0);
    assert_int_equal(d.length, 0);
    assert_string_equal(d.message, "unknown move 'Q'");
    /* any code passes through, GT_OK included */
    assert_int_equal(gt_error_set(&d, GT_ERR_STORAGE, 0, 0, "disk %d", 1), GT_ERR_STORAGE);
    assert_int_equal(d.code, GT_ERR_STORAGE);
    assert_int_equal(gt_error_set(&d, GT_OK, 0, 0, "%s", ""), GT_OK);
    assert_string_equal(d.message, "");
}

static void test_null_detail(void **state)
{
    (void)state;
    assert_int_equal(gt_error_set(NULL, GT_ERR_ILLEGAL, 1, 1, "ignored %d", 1), GT_ERR_ILLEGAL);
    assert_int_equal(gt_error_set(NULL, GT_ERR_NOMEM, 0, 0, "x"), GT_ERR_NOMEM);
}

static void test_truncation(void **state)
{
    (void)state;
    char long_text[3 * GT_ERROR_MESSAGE_MAX];
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = 0;
    gt_error_detail d;
    memset(&d, 0x55, sizeof d);
    assert_int_equal(gt_error_set(&d, GT_ERR_PARSE, 1, 2, "<%s>", long_text), GT_ERR_PARSE);
    assert_int_equal(strlen(d.message), GT_ERROR_MESSAGE_MAX - 1);
    assert_int_equal(d.message[0], '<');
    assert_int_equal(d.message[GT_ERROR_MESSAGE_MAX - 2], 'a');
    assert_int_equal(d.message[GT_ERROR_MESSAGE_MAX - 1], 0);
    /* the fields next to the message are untouched by the cut */
    assert_int_equal(d.line, 1);
    assert_int_equal(d.column, 2);
}

/* Wrappers that add their own position pass a va_list (the store, a token). */
static int wrapped(gt_error_detail *d, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = gt_error_vset(d, GT_ERR_CORRUPT, line, 0, fmt, ap);
    va_end(ap);
    return rc;
}

static void test_vset(void **state)
{
    (void)state;
    gt_error_detail d = {0};
    assert_int_equal(wrapped(&d, 9, "chunk %d of %s", 4, "cube3"), GT_ERR_CORRUPT);
    assert_int_equal(d.line, 9);
    assert_string_equal(d.message, "chunk 4 of cube3");
    assert_int_equal(wrapped(NULL, 9, "x"), GT_ERR_CORRUPT);
}

static void test_former_names(void **state)
{
    (void)state;
    gt_parse_error pe = {0};
    gt_def_error de = {0};
    gt_error_detail *p = &pe, *q = &de; /* the same type: no cast needed */
    gt_error_set(p, GT_ERR_PARSE, 0, 0, "bad");
    p->offset = 4;
    p->length = 2;
    gt_error_set(q, GT_ERR_PARSE, 2, 5, "bad");
    assert_int_equal(pe.offset, 4);
    assert_int_equal(pe.length, 2);
    assert_int_equal(de.line, 2);
    assert_int_equal(de.column, 5);
    assert_string_equal(pe.message, de.message);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_code_and_fields), cmocka_unit_test(test_null_detail),
        cmocka_unit_test(test_truncation),      cmocka_unit_test(test_vset),
        cmocka_unit_test(test_former_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
