#include "image/canvas.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

namespace slidedb {

namespace {
std::uint8_t clip(double v) { return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L)); }
}  // namespace

Rgb scaled(Rgb c, double f) {
    return {static_cast<int>(c.r * f), static_cast<int>(c.g * f), static_cast<int>(c.b * f)};
}

Rgb mixed(Rgb a, Rgb b, double t) {
    return {static_cast<int>(a.r + (b.r - a.r) * t), static_cast<int>(a.g + (b.g - a.g) * t),
            static_cast<int>(a.b + (b.b - a.b) * t)};
}

void blend_px(Image& im, int x, int y, Rgb c, double alpha) {
    if (x < 0 || y < 0 || x >= im.width || y >= im.height) return;
    std::uint8_t* p = im.px(x, y);
    if (alpha >= 1.0) {
        p[0] = clip(c.r);
        p[1] = clip(c.g);
        p[2] = clip(c.b);
        return;
    }
    p[0] = clip(p[0] + (c.r - p[0]) * alpha);
    p[1] = clip(p[1] + (c.g - p[1]) * alpha);
    p[2] = clip(p[2] + (c.b - p[2]) * alpha);
}

void fill_rect(Image& im, int x0, int y0, int x1, int y1, Rgb c, double alpha) {
    x0 = std::max(x0, 0);
    y0 = std::max(y0, 0);
    x1 = std::min(x1, im.width);
    y1 = std::min(y1, im.height);
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) blend_px(im, x, y, c, alpha);
}

void stroke_rect(Image& im, int x0, int y0, int x1, int y1, Rgb c, int t) {
    fill_rect(im, x0, y0, x1, y0 + t, c);
    fill_rect(im, x0, y1 - t, x1, y1, c);
    fill_rect(im, x0, y0, x0 + t, y1, c);
    fill_rect(im, x1 - t, y0, x1, y1, c);
}

void fill_disc(Image& im, double cx, double cy, double radius, Rgb c, double alpha) {
    const int x0 = static_cast<int>(std::floor(cx - radius - 1)), x1 = static_cast<int>(std::ceil(cx + radius + 1));
    const int y0 = static_cast<int>(std::floor(cy - radius - 1)), y1 = static_cast<int>(std::ceil(cy + radius + 1));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            const double d = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
            const double cover = std::clamp(radius - d + 0.5, 0.0, 1.0);  // anti-aliased rim
            if (cover > 0) blend_px(im, x, y, c, alpha * cover);
        }
}

void draw_line(Image& im, double x0, double y0, double x1, double y1, double thickness, Rgb c, double alpha) {
    const double len = std::hypot(x1 - x0, y1 - y0);
    // Distance of each pixel to the segment; each pixel drawn once so alpha stays even.
    const int bx0 = static_cast<int>(std::min(x0, x1) - thickness - 1), bx1 = static_cast<int>(std::max(x0, x1) + thickness + 1);
    const int by0 = static_cast<int>(std::min(y0, y1) - thickness - 1), by1 = static_cast<int>(std::max(y0, y1) + thickness + 1);
    const double reach = thickness / 2 + 0.5;  // pixels farther than this get nothing
    const double per_len2 = len > 0 ? 1 / (len * len) : 0;
    const auto pixel = [&](int x, int y) {
        const double px = x + 0.5, py = y + 0.5;
        const double t = std::clamp(((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) * per_len2, 0.0, 1.0);
        const double ex = px - (x0 + t * (x1 - x0)), ey = py - (y0 + t * (y1 - y0));
        const double d2 = ex * ex + ey * ey;
        if (d2 > reach * reach * (1 + 1e-9) + 1e-9) return;  // surely outside
        // sqrt, not hypot: the distances are small, and hypot's care for
        // overflow took a quarter of drawing a large graph.
        const double cover = std::clamp(thickness / 2 - std::sqrt(d2) + 0.5, 0.0, 1.0);
        if (cover > 0) blend_px(im, x, y, c, alpha * cover);
    };
    // Only a band along the segment can be reached: along its longer axis,
    // the pixels whose centres lie within the reach over the cosine of the
    // segment's slope (at most sqrt 2, as the axis is the longer) of the
    // point of the segment there (of its end, past it), a hair more for
    // rounding. A long line across a large picture no longer scans its
    // whole bounding box, and a thin one looks at two or three pixels a
    // step.
    const double dx = x1 - x0, dy = y1 - y0;
    const double band = reach * std::min(std::sqrt(2.0), len / std::max(std::abs(dx), std::abs(dy))) + 1e-6;
    // Pixels whose centre (k + 0.5) lies within the band of c.
    const auto first = [&](double c) { return static_cast<int>(std::ceil(c - band - 0.5)); };
    const auto last = [&](double c) { return static_cast<int>(std::floor(c + band - 0.5)); };
    if (std::abs(dx) >= std::abs(dy) && dx != 0) {
        for (int x = bx0; x <= bx1; ++x) {
            const double yc = y0 + std::clamp((x + 0.5 - x0) / dx, 0.0, 1.0) * dy;
            for (int y = std::max(by0, first(yc)), yb = std::min(by1, last(yc)); y <= yb; ++y) pixel(x, y);
        }
    } else if (dy != 0) {
        for (int y = by0; y <= by1; ++y) {
            const double xc = x0 + std::clamp((y + 0.5 - y0) / dy, 0.0, 1.0) * dx;
            for (int x = std::max(bx0, first(xc)), xb = std::min(bx1, last(xc)); x <= xb; ++x) pixel(x, y);
        }
    } else {
        for (int y = by0; y <= by1; ++y)
            for (int x = bx0; x <= bx1; ++x) pixel(x, y);
    }
}

int text_width(std::string_view text, double scale) {
    std::string s(text);
    return static_cast<int>(stb_easy_font_width(s.data()) * scale);
}

void draw_text(Image& im, double x, double y, std::string_view text, double scale, Rgb c) {
    std::string s(text);
    std::vector<char> buf(s.size() * 1200 + 256);  // stb_easy_font needs up to ~1 KB for some glyphs
    const int quads = stb_easy_font_print(0, 0, s.data(), nullptr, buf.data(), static_cast<int>(buf.size()));
    struct Vertex {
        float x, y, z;
        unsigned char color[4];
    };
    const auto* v = reinterpret_cast<const Vertex*>(buf.data());
    for (int q = 0; q < quads; ++q) {
        const Vertex* a = v + q * 4;
        const double qx0 = x + std::min(a[0].x, a[2].x) * scale, qy0 = y + std::min(a[0].y, a[2].y) * scale;
        const double qx1 = x + std::max(a[0].x, a[2].x) * scale, qy1 = y + std::max(a[0].y, a[2].y) * scale;
        // every stroke keeps at least one pixel, whatever the scale
        const int x0 = static_cast<int>(std::lround(qx0)), y0 = static_cast<int>(std::lround(qy0));
        fill_rect(im, x0, y0, std::max(x0 + 1, static_cast<int>(std::lround(qx1))),
                  std::max(y0 + 1, static_cast<int>(std::lround(qy1))), c);
    }
}

}  // namespace slidedb
