// Small drawing helpers on an Image: rectangles, discs, blending, text.
// Enough for game-like screenshots and the scanner's debug pictures.
#pragma once

#include <cstdint>
#include <string_view>

#include "image/image.h"

namespace slidedb {

struct Rgb {
    int r = 0, g = 0, b = 0;
};

Rgb scaled(Rgb c, double f);
Rgb mixed(Rgb a, Rgb b, double t);  // a*(1-t) + b*t

// Blend `c` over the pixel with opacity alpha (0..1); clipped to the image.
void blend_px(Image& im, int x, int y, Rgb c, double alpha = 1.0);
void fill_rect(Image& im, int x0, int y0, int x1, int y1, Rgb c, double alpha = 1.0);  // [x0,x1) x [y0,y1)
void stroke_rect(Image& im, int x0, int y0, int x1, int y1, Rgb c, int thickness = 1);
void fill_disc(Image& im, double cx, double cy, double radius, Rgb c, double alpha = 1.0);
void draw_line(Image& im, double x0, double y0, double x1, double y1, double thickness, Rgb c,
               double alpha = 1.0);
// Text through stb_easy_font; `scale` 1 makes capitals about 7 px tall.
void draw_text(Image& im, double x, double y, std::string_view text, double scale, Rgb c);
int text_width(std::string_view text, double scale);

}  // namespace slidedb
