/* The SVG writer and the ANSI net (common/draw): colours read from the
 * solvers' face letters or from any six letters by their centres, every
 * sticker drawn, captions escaped, each error code of draw.h, and no cut
 * document when the buffer is too small. */
#include "test_util.h"

#include "draw.h"
#include "gt_error.h"

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

static void test_faces(void **state)
{
    (void)state;
    uint8_t faces[54];
    /* the solvers' letters: each letter is its face, wherever it is */
    assert_int_equal(gt_draw_faces(2, "UUFFUBRRRRFDDBDBFDLLLLUB", faces), GT_OK);
    assert_int_equal(faces[2], 2);  /* F */
    assert_int_equal(faces[5], 5);  /* B */
    assert_int_equal(faces[11], 3); /* D */
    /* other letters: by the face whose first sticker (even n) carries it */
    assert_int_equal(gt_draw_faces(2, "WWWWRRRRGGGGYYYYOOOOBBBB", faces), GT_OK);
    for (int i = 0; i < 24; i++)
        assert_int_equal(faces[i], i / 4);
    /* odd n: by the centres; a letter no centre carries is grey (6) */
    char f3[55];
    for (int i = 0; i < 54; i++)
        f3[i] = "wrgyob"[i / 9];
    f3[54] = 0;
    f3[0] = 'x';
    assert_int_equal(gt_draw_faces(3, f3, faces), GT_OK);
    assert_int_equal(faces[0], 6);
    assert_int_equal(faces[53], 5);
    assert_int_equal(gt_draw_faces(2, "UUUU", faces), GT_ERR_PARSE);
    assert_int_equal(gt_draw_faces(0, "", faces), GT_ERR_PARSE);
    assert_int_equal(gt_draw_faces(33, "U", faces), GT_ERR_PARSE);
}

static void test_net_svg(void **state)
{
    (void)state;
    char buf[1 << 16];
    assert_int_equal(gt_draw_net_svg(2, "UUFFUBRRRRFDDBDBFDLLLLUB", "U' R' (2) <&>", buf, sizeof buf), GT_OK);
    assert_true(!strncmp(buf, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39));
    assert_int_equal(count_of(buf, "stroke=\"#222\""), 24);
    assert_int_equal(count_of(buf, "fill=\"#009e60\""), 4); /* four green stickers */
    assert_non_null(strstr(buf, ">U' R' (2) &lt;&amp;&gt;</text>"));
    assert_non_null(strstr(buf, "</svg>\n"));
    /* the 3x3x3: 54 stickers; no caption, no text */
    char f3[55];
    for (int i = 0; i < 54; i++)
        f3[i] = "URFDLB"[i / 9];
    f3[54] = 0;
    assert_int_equal(gt_draw_net_svg(3, f3, NULL, buf, sizeof buf), GT_OK);
    assert_int_equal(count_of(buf, "stroke=\"#222\""), 54);
    assert_null(strstr(buf, "<text"));
    assert_int_equal(gt_draw_net_svg(3, "UU", NULL, buf, sizeof buf), GT_ERR_PARSE);
    assert_int_equal(gt_draw_net_svg(3, f3, NULL, buf, 500), GT_ERR_RANGE);
}

static void test_net_ansi(void **state)
{
    (void)state;
    char buf[8192];
    assert_int_equal(gt_draw_net_ansi(2, "UUUURRRRFFFFDDDDLLLLBBBB", 0, buf, sizeof buf), GT_OK);
    assert_string_equal(buf, "    U U\n"
                             "    U U\n"
                             "L L F F R R B B\n"
                             "L L F F R R B B\n"
                             "    D D\n"
                             "    D D\n");
    assert_int_equal(gt_draw_net_ansi(2, "UUUURRRRFFFFDDDDLLLLBBBB", 1, buf, sizeof buf), GT_OK);
    assert_int_equal(count_of(buf, "\x1b[48;5;"), 24);
    assert_int_equal(count_of(buf, "\x1b[48;5;231m"), 4); /* white U */
    assert_int_equal(count_of(buf, "\x1b[0m"), 24);
    assert_int_equal(gt_draw_net_ansi(2, "UUUURRRRFFFFDDDDLLLLBBBB", 1, buf, 100), GT_ERR_RANGE);
    assert_int_equal(gt_draw_net_ansi(2, "UUUURRRRFFFFDDDDLLLLBBB", 0, buf, sizeof buf), GT_ERR_PARSE);
}

static void test_board_and_bars(void **state)
{
    (void)state;
    char buf[1 << 16];
    assert_int_equal(gt_draw_board_svg(3, 3, "110/101/100", "L1 C1 L1 C3 L1 (5)", buf, sizeof buf), GT_OK);
    assert_int_equal(count_of(buf, "fill=\"#333333\""), 5);
    assert_int_equal(count_of(buf, "fill=\"#f4f4f4\""), 4);
    assert_int_equal(gt_draw_board_svg(3, 3, "I0I/000/I0I", NULL, buf, sizeof buf), GT_OK);
    assert_int_equal(count_of(buf, "fill=\"#333333\""), 4);
    assert_int_equal(gt_draw_board_svg(3, 3, "110/101/10", NULL, buf, sizeof buf), GT_ERR_PARSE);
    assert_int_equal(gt_draw_board_svg(3, 3, "110/101/1002", NULL, buf, sizeof buf), GT_ERR_PARSE);
    assert_int_equal(gt_draw_board_svg(3, 3, "110/1x1/100", NULL, buf, sizeof buf), GT_ERR_PARSE);
    assert_int_equal(gt_draw_board_svg(0, 3, "", NULL, buf, sizeof buf), GT_ERR_PARSE);
    assert_int_equal(gt_draw_board_svg(3, 3, "110/101/100", NULL, buf, 200), GT_ERR_RANGE);

    static const uint64_t taquin[] = {1, 6, 23, 41, 48, 41, 24, 8};
    assert_int_equal(gt_draw_bars_svg(taquin, 8, 0, "taquin-3x3", buf, sizeof buf), GT_OK);
    assert_int_equal(count_of(buf, "fill=\"#4a7fc1\""), 8);
    assert_non_null(strstr(buf, "<title>depth 4: 48</title>"));
    assert_non_null(strstr(buf, "height=\"160.00\"")); /* the tallest bar, linear: full height */
    assert_non_null(strstr(buf, ">taquin-3x3</text>"));
    assert_int_equal(gt_draw_bars_svg(taquin, 8, 1, "log", buf, sizeof buf), GT_OK);
    assert_non_null(strstr(buf, "height=\"160.00\""));
    assert_int_equal(gt_draw_bars_svg(taquin, 0, 0, "x", buf, sizeof buf), GT_ERR_INVAL);
    assert_int_equal(gt_draw_bars_svg(taquin, 8, 0, "x", buf, 300), GT_ERR_RANGE);
}

static void test_rings(void **state)
{
    (void)state;
    static char buf[1 << 16];
    const gt_draw_node nodes[] = {{0, "0;1", 0}, {1, "1;1", GT_DRAW_BEACON}, {1, "1;2", 0}, {2, "2<1", GT_DRAW_NICHE}};
    const int edges[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
    assert_int_equal(gt_draw_rings_svg(nodes, 4, edges, 4, "g", buf, sizeof buf), GT_OK);
    assert_int_equal(count_of(buf, "<circle cx="), 4);
    assert_int_equal(count_of(buf, "<line "), 4);
    assert_int_equal(count_of(buf, "<circle r="), 2); /* the two rings */
    assert_int_equal(count_of(buf, "fill=\"#8cf\""), 1);
    assert_int_equal(count_of(buf, "stroke=\"#c00\""), 1);
    assert_non_null(strstr(buf, ">2&lt;1</text>"));
    /* the centre node sits at the centre; ring 1's two nodes face each other */
    assert_non_null(strstr(buf, "<circle cx=\"0.0\" cy=\"0.0\""));
    const int bad_edge[][2] = {{0, 4}};
    assert_int_equal(gt_draw_rings_svg(nodes, 4, bad_edge, 1, "g", buf, sizeof buf), GT_ERR_INVAL);
    const gt_draw_node bad_ring[] = {{-1, "x", 0}};
    assert_int_equal(gt_draw_rings_svg(bad_ring, 1, edges, 0, "g", buf, sizeof buf), GT_ERR_INVAL);
    assert_int_equal(gt_draw_rings_svg(nodes, 0, edges, 0, "g", buf, sizeof buf), GT_ERR_INVAL);
    assert_int_equal(gt_draw_rings_svg(nodes, 4, edges, 4, "g", buf, 400), GT_ERR_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_faces),
        cmocka_unit_test(test_net_svg),
        cmocka_unit_test(test_net_ansi),
        cmocka_unit_test(test_board_and_bars),
        cmocka_unit_test(test_rings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
