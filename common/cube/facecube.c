#include "facecube.h"
#include "gt_error.h"
#include "textbuf.h"

#include <stdio.h>
#include <string.h>

const char gt_face_letters[GT_FACES + 1] = "URFDLB";

/* Per face: outward normal, and the in-face "right" and "down" directions as
 * seen from outside (see facecube.h for the reading convention). */
static const int face_normal[GT_FACES][3] = {
    {0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};
static const int face_right[GT_FACES][3] = {
    {1, 0, 0}, {0, 0, -1}, {1, 0, 0}, {1, 0, 0}, {0, 0, 1}, {-1, 0, 0}};
static const int face_down[GT_FACES][3] = {
    {0, 0, 1}, {0, -1, 0}, {0, -1, 0}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};

void gt_facecube_coords(int n, int facelet, int xyz[3])
{
    int face = facelet / (n * n), row = facelet / n % n, col = facelet % n;
    int r = 2 * col - (n - 1), d = 2 * row - (n - 1);
    for (int a = 0; a < 3; a++)
        xyz[a] = n * face_normal[face][a] + r * face_right[face][a] + d * face_down[face][a];
}

int gt_facecube_facelet_at(int n, const int xyz[3])
{
    for (int face = 0; face < GT_FACES; face++) {
        int along = 0, r = 0, d = 0;
        for (int a = 0; a < 3; a++) {
            along += xyz[a] * face_normal[face][a];
            r += xyz[a] * face_right[face][a];
            d += xyz[a] * face_down[face][a];
        }
        if (along != n)
            continue;
        int col = (r + n - 1) / 2, row = (d + n - 1) / 2;
        if ((r + n - 1) % 2 || (d + n - 1) % 2 || col < 0 || col >= n || row < 0 || row >= n)
            return GT_NONE;
        return face * n * n + row * n + col;
    }
    return GT_NONE;
}

/* A clockwise quarter turn seen from outside the face is a rotation by -90
 * degrees about the outward normal a: v' = a(a.v) - a x v. */
static void rotate_cw(const int a[3], const int v[3], int out[3])
{
    int dot = a[0] * v[0] + a[1] * v[1] + a[2] * v[2];
    int cross[3] = {a[1] * v[2] - a[2] * v[1], a[2] * v[0] - a[0] * v[2], a[0] * v[1] - a[1] * v[0]};
    for (int i = 0; i < 3; i++)
        out[i] = a[i] * dot - cross[i];
}

int gt_facecube_turn(int n, int face, int lo, int hi, int quarters, uint16_t *perm)
{
    if (n < 2 || n > GT_FACECUBE_NMAX || face < 0 || face >= GT_FACES || lo < 0 || hi >= n ||
        lo > hi || quarters < 0)
        return GT_ERR_INVAL;
    const int *a = face_normal[face];
    int count = 6 * n * n;
    for (int f = 0; f < count; f++) {
        int v[3];
        gt_facecube_coords(n, f, v);
        int along = v[0] * a[0] + v[1] * a[1] + v[2] * a[2];
        /* Layer k (0 = this face) holds coordinates n-1-2k along the normal;
         * stickers on the face itself sit at n and belong to layer 0. */
        int layer = along >= n - 1 ? 0 : along <= -(n - 1) ? n - 1 : (n - 1 - along) / 2;
        if (layer >= lo && layer <= hi) {
            for (int q = 0; q < quarters % 4; q++) {
                int w[3];
                rotate_cw(a, v, w);
                memcpy(v, w, sizeof w);
            }
        }
        perm[f] = (uint16_t)gt_facecube_facelet_at(n, v);
    }
    return GT_OK;
}

void gt_facecube_apply(int n, const uint16_t *perm, const uint8_t *colours_in, uint8_t *colours_out)
{
    for (int f = 0; f < 6 * n * n; f++)
        colours_out[perm[f]] = colours_in[f];
}

void gt_facecube_solved(int n, uint8_t *colours)
{
    for (int f = 0; f < 6 * n * n; f++)
        colours[f] = (uint8_t)(f / (n * n));
}

int gt_facecube_net(int n, const uint8_t *colours, const char *letters, char *buf, int cap)
{
    /* Rows: n rows of U, n rows of L F R B, n rows of D; each sticker is
     * printed as "X " so a face takes 2n columns. */
    static const int middle[4] = {GT_FACE_L, GT_FACE_F, GT_FACE_R, GT_FACE_B};
    int len = 0;
    for (int band = 0; band < 3; band++) {
        for (int row = 0; row < n; row++) {
            if (band == 1) {
                for (int k = 0; k < 4; k++)
                    for (int col = 0; col < n; col++)
                        GT_APPENDI("%c%s", letters[colours[middle[k] * n * n + row * n + col]],
                            (k == 3 && col == n - 1) ? "" : " ");
            } else {
                int face = band == 0 ? GT_FACE_U : GT_FACE_D;
                GT_APPENDI("%*s", 2 * n, "");
                for (int col = 0; col < n; col++)
                    GT_APPENDI("%c%s", letters[colours[face * n * n + row * n + col]], col == n - 1 ? "" : " ");
            }
            GT_APPENDI("\n");
        }
    }
    return GT_OK;
}
