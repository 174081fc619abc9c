/* The SVG writer and the ANSI net (draw.h). Every picture is appended to
 * the caller's buffer with GT_APPEND, which returns GT_ERR_RANGE instead
 * of a cut document. */
#include "draw.h"
#include "gt_error.h"
#include "textbuf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NET_MAX 32 /* stickers on a side: a larger net is no picture */

static const char FACE_LETTERS[] = "URFDLB";
static const char *const FACE_FILL[6] = {"#ffffff", "#c41e3a", "#009e60", "#ffd500", "#ff5800", "#0051ba"};
/* xterm-256 backgrounds of the same colours */
static const int FACE_ANSI[6] = {231, 160, 28, 220, 208, 26};
/* Where each face sits in the cross (columns, rows of faces). */
static const int NET_X[6] = {1, 2, 1, 1, 0, 3}, NET_Y[6] = {0, 1, 1, 2, 1, 1};

int gt_draw_faces(int n, const char *facelets, uint8_t *faces)
{
    if (n < 1 || n > NET_MAX || strlen(facelets) != (size_t)(6 * n * n))
        return GT_ERR_PARSE;
    int per = n * n, mark = n % 2 ? per / 2 : 0; /* the centre, or the first sticker */
    /* The solvers' own strings use the face letters: each is its face. */
    int face_letters = strspn(facelets, FACE_LETTERS) == (size_t)(6 * per);
    for (int i = 0; i < 6 * per; i++) {
        faces[i] = 6; /* grey: a letter no face carries */
        for (int f = 0; f < 6; f++)
            if (face_letters ? facelets[i] == FACE_LETTERS[f] : facelets[i] == facelets[f * per + mark]) {
                faces[i] = (uint8_t)f;
                break;
            }
    }
    return GT_OK;
}

/* Text safe inside an SVG element: <, > and & escaped, control bytes dropped. */
static int append_escaped(char *buf, size_t cap, size_t *plen, const char *text)
{
    size_t len = *plen;
    for (const char *p = text ? text : ""; *p; p++) {
        if (*p == '<')
            GT_APPEND("&lt;");
        else if (*p == '>')
            GT_APPEND("&gt;");
        else if (*p == '&')
            GT_APPEND("&amp;");
        else if ((unsigned char)*p >= 0x20)
            GT_APPEND("%c", *p);
    }
    *plen = len;
    return GT_OK;
}

static int svg_open(char *buf, size_t cap, size_t *plen, double width, double height)
{
    size_t len = *plen;
    GT_APPEND("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
              width, height, width, height);
    GT_APPEND("<rect width=\"100%%\" height=\"100%%\" fill=\"#fafafa\"/>\n");
    *plen = len;
    return GT_OK;
}

static int svg_caption(char *buf, size_t cap, size_t *plen, const char *caption, double x, double y)
{
    size_t len = *plen;
    if (caption && *caption) {
        GT_APPEND("<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"14\">", x, y);
        if (append_escaped(buf, cap, &len, caption))
            return GT_ERR_RANGE;
        GT_APPEND("</text>\n");
    }
    GT_APPEND("</svg>\n");
    *plen = len;
    return GT_OK;
}

int gt_draw_net_svg(int n, const char *facelets, const char *caption, char *buf, size_t cap)
{
    uint8_t faces[6 * NET_MAX * NET_MAX];
    int rc = gt_draw_faces(n, facelets, faces);
    if (rc)
        return rc;
    const double face = 60, cell = face / n, margin = 10;
    size_t len = 0;
    buf[0] = 0;
    if (svg_open(buf, cap, &len, 4 * face + 2 * margin, 3 * face + 2 * margin + 24))
        return GT_ERR_RANGE;
    for (int i = 0; i < 6 * n * n; i++) {
        int f = i / (n * n), row = i % (n * n) / n, col = i % n;
        GT_APPEND("<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" stroke=\"#222\" "
                  "stroke-width=\"1\"/>\n",
                  margin + NET_X[f] * face + col * cell, margin + NET_Y[f] * face + row * cell, cell, cell,
                  faces[i] < 6 ? FACE_FILL[faces[i]] : "#888888");
    }
    return svg_caption(buf, cap, &len, caption, margin, 3 * face + margin + 18);
}

int gt_draw_net_ansi(int n, const char *facelets, int colour, char *buf, size_t cap)
{
    uint8_t faces[6 * NET_MAX * NET_MAX];
    int rc = gt_draw_faces(n, facelets, faces);
    if (rc)
        return rc;
    size_t len = 0;
    buf[0] = 0;
    for (int y = 0; y < 3 * n; y++) { /* one text line a sticker row of the cross */
        for (int x = 0; x < 4 * n; x++) {
            int f = 0;
            while (f < 6 && !(NET_X[f] == x / n && NET_Y[f] == y / n))
                f++;
            if (f == 6) {
                if (y / n != 1 && x / n > 1)
                    break; /* nothing more on this line */
                GT_APPEND("  ");
                continue;
            }
            int s = faces[f * n * n + (y % n) * n + x % n];
            if (colour)
                GT_APPEND("\x1b[48;5;%dm  \x1b[0m", s < 6 ? FACE_ANSI[s] : 244);
            else
                GT_APPEND("%c ", s < 6 ? FACE_LETTERS[s] : '?');
        }
        while (!colour && len > 0 && buf[len - 1] == ' ')
            buf[--len] = 0;
        GT_APPEND("\n");
    }
    return GT_OK;
}

int gt_draw_board_svg(int rows, int cols, const char *tiles, const char *caption, char *buf, size_t cap)
{
    char cells[256];
    int k = 0;
    if (rows < 1 || cols < 1 || rows > 16 || cols > 16)
        return GT_ERR_PARSE;
    for (const char *p = tiles; *p; p++) {
        if (*p == '/' || *p == ' ')
            continue;
        if ((*p != '0' && *p != '1' && *p != 'I') || k == rows * cols)
            return GT_ERR_PARSE;
        cells[k++] = *p;
    }
    if (k != rows * cols)
        return GT_ERR_PARSE;
    const double side = 40, margin = 10;
    size_t len = 0;
    buf[0] = 0;
    if (svg_open(buf, cap, &len, cols * side + 2 * margin, rows * side + 2 * margin + 24))
        return GT_ERR_RANGE;
    for (int i = 0; i < k; i++)
        GT_APPEND("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\" fill=\"%s\" stroke=\"#333\" "
                  "stroke-width=\"2\"/>\n",
                  margin + (i % cols) * side + 2, margin + (double)(i / cols) * side + 2, side - 4, side - 4,
                  cells[i] == '0' ? "#f4f4f4" : "#333333");
    return svg_caption(buf, cap, &len, caption, margin, rows * side + margin + 18);
}

int gt_draw_bars_svg(const uint64_t *count, int n, int log_scale, const char *title, char *buf, size_t cap)
{
    if (n < 1 || n > 256)
        return GT_ERR_INVAL;
    uint64_t max = 1;
    for (int d = 0; d < n; d++)
        max = count[d] > max ? count[d] : max;
    const double width = 600, height = 220, left = 40, bottom = 190, top = 30, w = (width - left - 10) / n;
    size_t len = 0;
    buf[0] = 0;
    if (svg_open(buf, cap, &len, width, height) || svg_caption(buf, cap, &len, NULL, 0, 0))
        return GT_ERR_RANGE;
    len -= strlen("</svg>\n"); /* the title goes on top, the bars after it */
    GT_APPEND("<text x=\"%.0f\" y=\"18\" font-family=\"sans-serif\" font-size=\"14\">", left);
    if (append_escaped(buf, cap, &len, title))
        return GT_ERR_RANGE;
    GT_APPEND("</text>\n");
    for (int d = 0; d < n; d++) {
        double v = log_scale ? log10((double)count[d] + 1) / log10((double)max + 1) : (double)count[d] / (double)max;
        double h = v * (bottom - top);
        GT_APPEND("<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#4a7fc1\"><title>depth %d: "
                  "%llu</title></rect>\n",
                  left + d * w + w * 0.1, bottom - h, w * 0.8, h, d, (unsigned long long)count[d]);
        GT_APPEND("<text x=\"%.2f\" y=\"%.0f\" font-family=\"sans-serif\" font-size=\"10\" text-anchor=\"middle\">%d"
                  "</text>\n",
                  left + d * w + w * 0.5, bottom + 14, d);
    }
    GT_APPEND("</svg>\n");
    return GT_OK;
}

/* Each node's place: evenly around its ring, odd rings turned half a step
 * so that edges between neighbouring rings do not all run radially. */
static void ring_layout(const gt_draw_node *nodes, int n, double radius, double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        int count = 0, rank = 0;
        for (int j = 0; j < n; j++)
            if (nodes[j].ring == nodes[i].ring) {
                rank += j < i;
                count++;
            }
        double a = 2 * M_PI * (rank + 0.5 * (nodes[i].ring % 2)) / count - M_PI / 2;
        /* + 0.0 turns the centre's -0 into 0: "-0.0" is no coordinate to print */
        x[i] = nodes[i].ring * radius * cos(a) + 0.0;
        y[i] = nodes[i].ring * radius * sin(a) + 0.0;
    }
}

/* The drawing of gt_draw_rings_svg, nodes placed at (x, y). */
static int rings_body(const gt_draw_node *nodes, int n, const int (*edges)[2], int n_edges, int rings,
                      const double *x, const double *y, const char *title, char *buf, size_t cap)
{
    const double radius = 40, half = rings * radius + 20;
    size_t len = 0;
    buf[0] = 0;
    if (svg_open(buf, cap, &len, 2 * half, 2 * half + 24))
        return GT_ERR_RANGE;
    GT_APPEND("<g transform=\"translate(%.0f %.0f)\">\n", half, half + 24);
    for (int r = 1; r <= rings; r++)
        GT_APPEND("<circle r=\"%.0f\" fill=\"none\" stroke=\"#ddd\"/>\n", r * radius);
    for (int e = 0; e < n_edges; e++)
        GT_APPEND("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#9ab\" stroke-width=\"0.6\"/>\n",
                  x[edges[e][0]], y[edges[e][0]], x[edges[e][1]], y[edges[e][1]]);
    for (int i = 0; i < n; i++) {
        unsigned m = nodes[i].marks;
        GT_APPEND("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"10\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n", x[i],
                  y[i], m & GT_DRAW_CURRENT ? "#f90" : m & GT_DRAW_BEACON ? "#8cf" : "#fff",
                  m & GT_DRAW_NICHE ? "#c00" : "#357", m & GT_DRAW_NICHE ? "2.5" : "1");
        GT_APPEND("<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"6\" text-anchor=\"middle\">", x[i],
                  y[i] + 2);
        if (append_escaped(buf, cap, &len, nodes[i].label))
            return GT_ERR_RANGE;
        GT_APPEND("</text>\n");
    }
    GT_APPEND("</g>\n");
    return svg_caption(buf, cap, &len, title, 10, 18);
}

int gt_draw_rings_svg(const gt_draw_node *nodes, int n, const int (*edges)[2], int n_edges, const char *title,
                      char *buf, size_t cap)
{
    int rings = 0;
    if (n < 1 || n > 4096)
        return GT_ERR_INVAL;
    for (int i = 0; i < n; i++) {
        if (nodes[i].ring < 0 || nodes[i].ring > 64)
            return GT_ERR_INVAL;
        rings = nodes[i].ring > rings ? nodes[i].ring : rings;
    }
    for (int e = 0; e < n_edges; e++)
        if (edges[e][0] < 0 || edges[e][0] >= n || edges[e][1] < 0 || edges[e][1] >= n)
            return GT_ERR_INVAL;
    double *x = malloc(2 * (size_t)n * sizeof *x);
    if (!x)
        return GT_ERR_NOMEM;
    ring_layout(nodes, n, 40, x, x + n);
    int rc = rings_body(nodes, n, edges, n_edges, rings, x, x + n, title, buf, cap);
    free(x);
    return rc ? rc : GT_OK;
}