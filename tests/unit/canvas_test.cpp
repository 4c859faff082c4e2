// The canvas's lines: drawn over a band along the segment, they must touch
// exactly the pixels, with exactly the values, that scanning the segment's
// whole bounding box gives.
#include <algorithm>
#include <cmath>
#include <random>
#include <variant>

#include <gtest/gtest.h>

#include "image/canvas.h"
#include "image/encode.h"
#include "image/image.h"
#include "image/png_decode.h"

namespace slidedb {
namespace {

// Every pixel of the bounding box, each tested against the segment.
void line_by_box(Image& im, double x0, double y0, double x1, double y1, double thickness, Rgb c, double alpha) {
    const double len = std::hypot(x1 - x0, y1 - y0);
    const int bx0 = static_cast<int>(std::min(x0, x1) - thickness - 1), bx1 = static_cast<int>(std::max(x0, x1) + thickness + 1);
    const int by0 = static_cast<int>(std::min(y0, y1) - thickness - 1), by1 = static_cast<int>(std::max(y0, y1) + thickness + 1);
    for (int y = by0; y <= by1; ++y)
        for (int x = bx0; x <= bx1; ++x) {
            const double px = x + 0.5, py = y + 0.5;
            const double per_len2 = len > 0 ? 1 / (len * len) : 0;
            const double t = std::clamp(((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) * per_len2, 0.0, 1.0);
            const double ex = px - (x0 + t * (x1 - x0)), ey = py - (y0 + t * (y1 - y0));
            const double d = std::sqrt(ex * ex + ey * ey);
            const double cover = std::clamp(thickness / 2 - d + 0.5, 0.0, 1.0);
            if (cover > 0) blend_px(im, x, y, c, alpha * cover);
        }
}

TEST(Canvas, ALineTouchesWhatItsBoundingBoxWouldGive) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> at(-20.0, 220.0), width(0.3, 9.0), unit(0.0, 1.0);
    int drawn = 0;
    for (int k = 0; k < 400; ++k) {
        double x0 = at(random), y0 = at(random), x1 = at(random), y1 = at(random);
        if (k % 8 == 1) y1 = y0;                    // level
        if (k % 8 == 2) x1 = x0;                    // upright
        if (k % 8 == 3) x1 = x0, y1 = y0;           // a point
        if (k % 8 == 4) x1 = x0 + (y1 - y0);        // at 45 degrees
        if (k % 8 == 5) x1 = x0 + 0.01 * (y1 - y0); // nearly upright
        const double thickness = width(random), alpha = unit(random);
        Image band(200, 200, 250, 250, 250), box(200, 200, 250, 250, 250);
        draw_line(band, x0, y0, x1, y1, thickness, {20, 90, 200}, alpha);
        line_by_box(box, x0, y0, x1, y1, thickness, {20, 90, 200}, alpha);
        ASSERT_EQ(band.rgb, box.rgb) << k << ": " << x0 << "," << y0 << " to " << x1 << "," << y1 << " width "
                                     << thickness;
        drawn += band.rgb != Image(200, 200, 250, 250, 250).rgb;
    }
    EXPECT_GT(drawn, 300);  // most lines cross the picture
}

// A written PNG reads back to the same pixels, whatever deflates it.
TEST(Canvas, APngWrittenReadsBackToItsPixels) {
    Image im(301, 77, 255, 255, 255);
    for (int k = 0; k < 40; ++k) draw_line(im, 3 * k, 0, 300 - 5 * k, 76, 1 + k % 4, {k * 6, 255 - k * 5, 90}, 0.7);
    const std::string png = encode_png(im);
    ASSERT_GT(png.size(), 8u);
    EXPECT_EQ(png.substr(1, 3), "PNG");
    const auto read = decode_png(png);
    ASSERT_TRUE(std::holds_alternative<Image>(read));
    const Image& back = std::get<Image>(read);
    EXPECT_EQ(back.width, 301);
    EXPECT_EQ(back.height, 77);
    EXPECT_EQ(back.rgb, im.rgb);
}

}  // namespace
}  // namespace slidedb
