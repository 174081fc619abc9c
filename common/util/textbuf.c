#include "textbuf.h"

void gt_out_printf(const gt_out *out, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (w < 0)
        return;
    out->write(out->user, text, (size_t)w < sizeof text ? (size_t)w : sizeof text - 1);
}
