#include "families/unblock/draw/render.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "image/canvas.h"

namespace slidedb {

std::string_view theme_name(Theme t) {
    switch (t) {
        case Theme::Pale: return "pale";
        case Theme::Orange: return "orange";
        case Theme::Cherry: return "cherry";
        case Theme::Current: return "current";
    }
    return "orange";
}

std::optional<Theme> theme_from_name(std::string_view name) {
    if (name == "pale") return Theme::Pale;
    if (name == "orange") return Theme::Orange;
    if (name == "cherry") return Theme::Cherry;
    if (name == "current") return Theme::Current;
    return std::nullopt;
}

namespace {

struct Palette {
    Rgb frame, wood, floor;
};

Palette palette(Theme t) {
    const Rgb floor{104, 70, 30};
    switch (t) {
        case Theme::Pale: return {{172, 128, 56}, {226, 178, 118}, floor};
        case Theme::Orange: return {{165, 121, 41}, {230, 126, 14}, floor};
        case Theme::Cherry: return {{196, 140, 84}, {185, 88, 56}, floor};
        case Theme::Current: return {{170, 130, 58}, {232, 128, 10}, {106, 73, 30}};
    }
    return {{165, 121, 41}, {230, 126, 14}, floor};
}

// Smooth 1-D noise in [-1, 1]: a few sines of random frequency and phase.
// `scale` is the length (in pixels) of the coarsest wave.
std::vector<float> grain_table(int n, double scale, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    struct Wave {
        double f, ph, a;
    };
    Wave w[4];
    double total = 0;
    for (int i = 0; i < 4; ++i) {
        w[i] = {(1 + i * 1.7 + u(rng)) * 2 * M_PI / scale, u(rng) * 2 * M_PI, 1.0 / (1 + i)};
        total += w[i].a;
    }
    std::vector<float> t(static_cast<size_t>(std::max(n, 1)));
    for (int k = 0; k < n; ++k) {
        double v = 0;
        for (const Wave& x : w) v += x.a * std::sin(x.f * k + x.ph);
        t[static_cast<size_t>(k)] = static_cast<float>(v / total);
    }
    return t;
}

// Is (x, y) inside the rectangle [x0,x1) x [y0,y1) with rounded corners?
bool inside_rounded(double x, double y, double x0, double y0, double x1, double y1, double rad) {
    if (x < x0 || x >= x1 || y < y0 || y >= y1) return false;
    const double cx = std::clamp(x, x0 + rad, x1 - rad), cy = std::clamp(y, y0 + rad, y1 - rad);
    return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= rad * rad;
}

void fill_rounded(Image& im, double x0, double y0, double x1, double y1, double rad, Rgb c, double alpha) {
    for (int y = static_cast<int>(std::floor(y0)); y < static_cast<int>(std::ceil(y1)); ++y)
        for (int x = static_cast<int>(std::floor(x0)); x < static_cast<int>(std::ceil(x1)); ++x)
            if (inside_rounded(x + 0.5, y + 0.5, x0, y0, x1, y1, rad)) blend_px(im, x, y, c, alpha);
}

// The whole picture starts as the frame's wood, grain running down.
void draw_background(Image& im, Rgb wood, std::mt19937& rng) {
    const auto gx = grain_table(im.width, 40, rng);
    const auto gy = grain_table(im.height + im.width, 300, rng);
    for (int y = 0; y < im.height; ++y) {
        for (int x = 0; x < im.width; ++x) {
            const double shade = 1 + 0.05 * gx[static_cast<size_t>(x)] + 0.03 * gy[static_cast<size_t>(y + x / 4)];
            std::uint8_t* p = im.px(x, y);
            p[0] = static_cast<std::uint8_t>(std::clamp(wood.r * shade, 0.0, 255.0));
            p[1] = static_cast<std::uint8_t>(std::clamp(wood.g * shade, 0.0, 255.0));
            p[2] = static_cast<std::uint8_t>(std::clamp(wood.b * shade, 0.0, 255.0));
        }
    }
}

struct Geometry {
    double box_x, box_y, px, py;  // board floor origin and cell size
    double gap;                   // in pixels
};

// One block (or fixed cell) covering cells [c0, c1) x [r0, r1).
// Shadows first (shadow_only), then faces, so no shadow falls on a face.
void draw_block(Image& im, const Geometry& g, int c0, int r0, int c1, int r1, Rgb base, bool riveted,
                std::mt19937& rng, bool shadow_only) {
    const double p = std::min(g.px, g.py);
    const double x0 = g.box_x + c0 * g.px + g.gap / 2, x1 = g.box_x + c1 * g.px - g.gap / 2;
    const double y0 = g.box_y + r0 * g.py + g.gap / 2, y1 = g.box_y + r1 * g.py - g.gap / 2;
    const double rad = 0.07 * p;
    // Drop shadow, down and to the right.
    if (shadow_only) {
        fill_rounded(im, x0 + 0.03 * p, y0 + 0.05 * p, x1 + 0.03 * p, y1 + 0.05 * p, rad, {40, 25, 10}, 0.55);
        return;
    }

    const bool horizontal = (c1 - c0) >= (r1 - r0);
    std::uniform_real_distribution<double> u(0, 1);
    const int along = static_cast<int>(std::ceil(horizontal ? x1 - x0 : y1 - y0)) + 2;
    const int across = static_cast<int>(std::ceil(horizontal ? y1 - y0 : x1 - x0)) + 2;
    const auto stripes = grain_table(across + 64, std::max(6.0, 0.4 * p), rng);
    const auto wobble = grain_table(along, std::max(20.0, 1.5 * p), rng);
    const double tint = 0.95 + 0.1 * u(rng);
    const double bevel = std::max(1.0, 0.06 * p), outline = std::max(1.0, 0.022 * p);
    for (int y = static_cast<int>(std::floor(y0)); y < static_cast<int>(std::ceil(y1)); ++y) {
        for (int x = static_cast<int>(std::floor(x0)); x < static_cast<int>(std::ceil(x1)); ++x) {
            const double fx = x + 0.5, fy = y + 0.5;
            if (!inside_rounded(fx, fy, x0, y0, x1, y1, rad)) continue;
            const int a = static_cast<int>(horizontal ? fx - x0 : fy - y0);
            const int c = static_cast<int>(horizontal ? fy - y0 : fx - x0);
            const int k = std::clamp(c + static_cast<int>(16 + 6 * wobble[static_cast<size_t>(std::clamp(a, 0, along - 1))]), 0,
                                     across + 63);
            double shade = tint * (1 + 0.07 * stripes[static_cast<size_t>(k)]);
            const double dt = fy - y0, db = y1 - fy, dl = fx - x0, dr = x1 - fx;
            if (dt < bevel) shade *= 1.12;
            if (dl < bevel) shade *= 1.05;
            if (db < bevel) shade *= 0.78;
            if (dr < bevel) shade *= 0.88;
            // The dark rim, a little wider at the rounded corners.
            const bool rim = std::min({dt, db, dl, dr}) < outline ||
                             !inside_rounded(fx, fy, x0 + outline, y0 + outline, x1 - outline, y1 - outline,
                                             std::max(0.0, rad - outline));
            if (rim) shade = 0.45;
            blend_px(im, x, y, scaled(base, shade));
        }
    }
    if (riveted) {
        for (int corner = 0; corner < 4; ++corner) {
            const double cx = g.box_x + (c0 + (corner % 2 ? 0.8 : 0.2)) * g.px;
            const double cy = g.box_y + (r0 + (corner / 2 ? 0.8 : 0.2)) * g.py;
            fill_disc(im, cx, cy, 0.08 * p, {58, 54, 50});
            fill_disc(im, cx - 0.04 * p, cy - 0.04 * p, 0.018 * p, {150, 146, 140});
        }
    }
}

void draw_notch(Image& im, const Geometry& g, int cols, int row, Side side, Rgb floor) {
    const double p = std::min(g.px, g.py);
    const double depth = 0.45 * p;
    const double y0 = g.box_y + row * g.py + 0.08 * g.py, y1 = g.box_y + (row + 1) * g.py - 0.08 * g.py;
    const double xe = side == Side::Right ? g.box_x + cols * g.px : g.box_x;
    const double x0 = side == Side::Right ? xe - 1 : xe - depth, x1 = side == Side::Right ? xe + depth : xe + 1;
    fill_rect(im, static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(std::ceil(x1)), static_cast<int>(std::ceil(y1)), floor);
    // Three small arrows pointing out of the board.
    const Rgb arrow{78, 50, 20};
    for (int k = 0; k < 3; ++k) {
        const double cy = y0 + (y1 - y0) * (k + 0.5) / 3, hh = (y1 - y0) / 9;
        const double ax = side == Side::Right ? xe + 0.1 * p : xe - 0.1 * p;
        const double dir = side == Side::Right ? 1 : -1;
        for (int y = static_cast<int>(cy - hh); y <= static_cast<int>(cy + hh); ++y) {
            const double w = (hh - std::abs(y + 0.5 - cy)) * 1.2;
            for (int x = 0; x < static_cast<int>(w); ++x)
                blend_px(im, static_cast<int>(ax + dir * x), y, arrow);
        }
    }
}

void draw_chrome(Image& im, double top_h, double bottom_y, double p, const Palette& pal, std::mt19937& rng) {
    const int w = im.width;
    const double m = 0.03 * w;
    const Rgb panel = pal.floor, white{250, 250, 245};
    // Two header panels: puzzle number and moves.
    const double split = 0.67 * w;
    const double py0 = std::max(m, top_h * 0.2), py1 = top_h - m;
    if (py1 - py0 > 20) {
        fill_rounded(im, m, py0, split - m / 2, py1, 0.03 * w, scaled(panel, 0.8), 1.0);
        fill_rounded(im, m + 2, py0 + 2, split - m / 2 - 2, py1 - 2, 0.03 * w, panel, 1.0);
        fill_rounded(im, split + m / 2, py0, w - m, py1, 0.03 * w, scaled(panel, 0.8), 1.0);
        fill_rounded(im, split + m / 2 + 2, py0 + 2, w - m - 2, py1 - 2, 0.03 * w, panel, 1.0);
        const double ts = std::max(1.0, (py1 - py0) / 40);
        std::uniform_int_distribution<int> num(1, 999);
        const std::string puzzle = "Puzzle", number = fmt::format("{}", num(rng));
        draw_text(im, (m + split) / 2 - text_width(puzzle, ts) / 2.0, py0 + (py1 - py0) * 0.1, puzzle, ts, white);
        draw_text(im, (m + split) / 2 - text_width(number, ts * 1.8) / 2.0, py0 + (py1 - py0) * 0.38, number, ts * 1.8, white);
        draw_text(im, split + m, py0 + (py1 - py0) * 0.1, "Moves", ts, white);
        draw_text(im, split + m * 2, py0 + (py1 - py0) * 0.4, "0", ts * 1.8, white);
    }
    // Four buttons below the board.
    const double by0 = bottom_y + 0.25 * p, by1 = std::min<double>(im.height - m, by0 + 0.8 * p);
    if (by1 - by0 > 10) {
        const double bw = (w - 5 * m) / 4;
        for (int k = 0; k < 4; ++k) {
            const double bx0 = m + k * (bw + m);
            fill_rounded(im, bx0, by0, bx0 + bw, by1, 0.02 * w, scaled(pal.frame, 0.55), 1.0);
            fill_rounded(im, bx0 + 2, by0 + 2, bx0 + bw - 2, by1 - 2, 0.02 * w, scaled(pal.frame, 1.05), 1.0);
            fill_disc(im, bx0 + bw / 2, (by0 + by1) / 2, (by1 - by0) * 0.25, k == 0 ? white : scaled(pal.frame, 0.7));
        }
    }
}


void draw_blocks(Image& im, const Geometry& g, const Board& board, const Palette& pal, Rgb prisoner,
                 std::mt19937& rng) {
    for (const bool shadow : {true, false}) {
        for (const Cell& f : board.fixed)
            draw_block(im, g, f.col, f.row, f.col + 1, f.row + 1, pal.wood, true, rng, shadow);
        for (size_t i = 0; i < board.blocks.size(); ++i) {
            const Block& b = board.blocks[i];
            const int c1 = b.axis == Axis::Horizontal ? b.col + b.length : b.col + 1;
            const int r1 = b.axis == Axis::Vertical ? b.row + b.length : b.row + 1;
            draw_block(im, g, b.col, b.row, c1, r1, i == 0 ? prisoner : pal.wood, false, rng, shadow);
        }
    }
}

// A rounded panel with a darker outline.
void panel(Image& im, double x0, double y0, double x1, double y1, double rad, Rgb fill, double edge) {
    fill_rounded(im, x0, y0, x1, y1, rad, scaled(fill, 0.7), 1.0);
    fill_rounded(im, x0 + edge, y0 + edge, x1 - edge, y1 - edge, std::max(0.0, rad - edge), fill, 1.0);
}

void centred_text(Image& im, double cx, double y, const std::string& text, double scale, Rgb c) {
    draw_text(im, cx - text_width(text, scale) / 2.0, y, text, scale, c);
}

// An arrow in a white ring (the header's previous/next buttons).
void ring_arrow(Image& im, double cx, double cy, double r, bool right) {
    const Rgb white{250, 250, 245};
    fill_disc(im, cx, cy, r, white);
    fill_disc(im, cx, cy, r * 0.82, {106, 73, 30});
    const double d = right ? 1 : -1;
    draw_line(im, cx - d * r * 0.2, cy - r * 0.4, cx + d * r * 0.25, cy, std::max(1.0, r * 0.18), white);
    draw_line(im, cx + d * r * 0.25, cy, cx - d * r * 0.2, cy + r * 0.4, std::max(1.0, r * 0.18), white);
}

// The game since about 2014: a dark tray with a thin rim, the header panel
// of the floor's colour just above it (parted by a strip of the
// background's wood), arrow heads cut into the frame at the exit, four
// buttons below, and whatever the device adds around it.
Image render_current(const Board& board, const RenderOptions& opt, int width, int height, BoardBox* layout) {
    std::mt19937 rng(opt.seed);
    std::uniform_real_distribution<double> u(0, 1);
    const Palette pal = palette(Theme::Current);
    const Rgb prisoner = mixed({236, 40, 20}, {200, 20, 24}, std::clamp(opt.prisoner_shade, 0.0, 1.0));
    const Rgb white{250, 250, 245}, black{0, 0, 0};
    Image im(width, height);
    draw_background(im, pal.frame, rng);
    const int nx = board.width, ny = board.height;
    const double bar_top = (opt.status_bar || opt.title_bar) ? std::max(12.0, 0.035 * height) : 0;
    const double bar_bottom = opt.nav_bar ? std::max(16.0, 0.065 * height) : 0;
    const double area = height - bar_top - bar_bottom;
    // header 1.7 cells, strip, tray, gap, buttons 0.8 cells, margins
    const double strip_cells = 0.12 + 0.12 * u(rng);
    const double p = std::min(width * (0.90 + 0.04 * u(rng)) / nx, area / (ny + 1.7 + strip_cells + 1.6));
    const double tray_w = nx * p, tray_h = ny * p;
    const double header_h = 1.7 * p, strip = strip_cells * p;
    const double total = header_h + strip + tray_h + 0.25 * p + 0.8 * p;
    const double top = bar_top + (area - total) * (0.35 + 0.3 * u(rng));
    Geometry g{};
    g.px = g.py = p;
    g.box_x = std::round((width - tray_w) / 2);
    g.box_y = std::round(top + header_h + strip);
    g.gap = std::max(1.5, std::clamp(opt.gap, 0.02, 0.2) * p);
    const double bx0 = g.box_x, by0 = g.box_y, bx1 = bx0 + tray_w, by1 = by0 + tray_h;

    // Header panel (and the Moves box), just above the strip.
    const double hy0 = by0 - strip - header_h, hy1 = by0 - strip;
    const double hx1 = opt.moves_box ? bx0 + 0.68 * tray_w : bx1;
    const double rad = 0.12 * p, edge = std::max(1.0, 0.03 * p);
    panel(im, bx0, hy0, hx1, hy1, rad, pal.floor, edge);
    const double ts = std::max(0.6, p / 40);
    std::uniform_int_distribution<int> num(1, 2000);
    const char* modes[] = {"Beginner", "Intermediate", "Advanced", "Expert"};
    centred_text(im, (bx0 + hx1) / 2, hy0 + 0.1 * header_h, "Puzzle", 1.6 * ts, white);
    centred_text(im, (bx0 + hx1) / 2, hy0 + 0.32 * header_h, std::to_string(num(rng)), 2.8 * ts, white);
    centred_text(im, (bx0 + hx1) / 2, hy0 + 0.75 * header_h, modes[rng() % 4], 1.1 * ts, white);
    ring_arrow(im, bx0 + 0.12 * (hx1 - bx0), (hy0 + hy1) / 2, 0.28 * p, false);
    ring_arrow(im, hx1 - 0.12 * (hx1 - bx0), (hy0 + hy1) / 2, 0.28 * p, true);
    if (opt.moves_box) {
        panel(im, hx1 + 0.1 * p, hy0, bx1, hy1, rad, pal.floor, edge);
        const double cx = (hx1 + 0.1 * p + bx1) / 2;
        centred_text(im, cx, hy0 + 0.1 * header_h, "Moves", 1.6 * ts, white);
        centred_text(im, cx, hy0 + 0.32 * header_h, std::to_string(rng() % 40), 2.8 * ts, white);
        centred_text(im, cx, hy0 + 0.75 * header_h, "Record: --/36", 0.8 * ts, white);
    }
    if (opt.message_panel) {
        // A tutorial's message, of another colour, where the header was.
        const Rgb c = rng() % 2 ? Rgb{58, 120, 160} : Rgb{226, 206, 150};
        panel(im, bx0 - 0.05 * p, hy0 - 0.1 * p, bx1 + 0.05 * p, hy1, rad, c, edge);
        const Rgb ink = c.r > 150 ? Rgb{60, 40, 20} : white;
        centred_text(im, (bx0 + bx1) / 2, hy0 + 0.2 * header_h, "Slide the blocks to", 1.2 * ts, ink);
        centred_text(im, (bx0 + bx1) / 2, hy0 + 0.5 * header_h, "free the red block", 1.2 * ts, ink);
    }
    if (opt.tutorial_banner) {
        // A tutorial's banner across the screen, over the header.
        std::mt19937 brng(opt.seed ^ 0x7f4a7c15u);
        const Rgb fills[] = {{38, 38, 44}, {24, 92, 140}, {246, 236, 200}};
        const Rgb c = fills[brng() % 3];
        const Rgb ink = c.r > 150 ? Rgb{50, 36, 20} : white;
        const double y0 = std::max(bar_top, hy0 - 0.25 * p), y1 = hy1 + 0.05 * p;
        panel(im, 0.02 * width, y0, 0.98 * width, y1, rad, c, edge);
        const std::string line = "The Goal Block is the most important block";
        const double fit = 0.9 * 0.96 * width / std::max(1, text_width(line, 1.0));
        const double s = std::min(1.2 * ts, fit);
        centred_text(im, width / 2.0, y0 + 0.12 * (y1 - y0), "Goal", std::min(2.4 * ts, 2 * s), ink);
        centred_text(im, width / 2.0, y0 + 0.48 * (y1 - y0), line, s, ink);
        centred_text(im, width / 2.0, y0 + 0.74 * (y1 - y0), "Tap to continue", s, scaled(ink, 0.8));
    }
    // The strip: the background's wood, lit along its top edge.
    fill_rect(im, static_cast<int>(bx0), static_cast<int>(hy1), static_cast<int>(bx1), static_cast<int>(hy1 + std::max(1.0, 0.03 * p)),
              {210, 186, 149});

    // The tray: floor, a dark rim, the exit cut into the frame beside the
    // prisoner's row with three arrow heads.
    const int rim = std::max(1, static_cast<int>(0.03 * p));
    fill_rect(im, static_cast<int>(bx0) - rim, static_cast<int>(by0) - rim, static_cast<int>(std::ceil(bx1)) + rim,
              static_cast<int>(std::ceil(by1)) + rim, {44, 27, 8});
    fill_rect(im, static_cast<int>(bx0), static_cast<int>(by0), static_cast<int>(std::ceil(bx1)),
              static_cast<int>(std::ceil(by1)), pal.floor);
    fill_rect(im, static_cast<int>(bx0), static_cast<int>(by0), static_cast<int>(std::ceil(bx1)),
              static_cast<int>(by0 + 0.04 * p), {30, 20, 8}, 0.3);
    {
        const int row = board.exit_row();
        const bool right = board.exit == Side::Right;
        const double ey0 = by0 + row * p + 0.02 * p, ey1 = by0 + (row + 1) * p - 0.02 * p;
        const double depth = std::min(0.4 * p, right ? width - bx1 : bx0);
        const double ex0 = right ? bx1 : bx0 - depth, ex1 = right ? bx1 + depth : bx0;
        fill_rect(im, static_cast<int>(ex0), static_cast<int>(ey0), static_cast<int>(std::ceil(ex1)),
                  static_cast<int>(std::ceil(ey1)), scaled(pal.floor, 0.85));
        const int heads = 2 + static_cast<int>(rng() % 2);
        for (int k = 0; k < heads; ++k) {
            const double cy = ey0 + (ey1 - ey0) * (k + 0.5) / heads, hh = (ey1 - ey0) / (2.6 * heads);
            const double ax = right ? bx1 + 0.04 * p : bx0 - 0.04 * p, dir = right ? 1 : -1;
            for (int y = static_cast<int>(cy - hh); y <= static_cast<int>(cy + hh); ++y) {
                const double w = (hh - std::abs(y + 0.5 - cy)) * 1.3;
                for (int x = 0; x < static_cast<int>(w); ++x)
                    blend_px(im, static_cast<int>(ax + dir * x), y, {124, 86, 44});
            }
        }
    }
    draw_blocks(im, g, board, pal, prisoner, rng);

    // Four buttons below the tray.
    const double by_0 = by1 + 0.25 * p, by_1 = by_0 + 0.8 * p;
    const double bw = (tray_w - 3 * 0.3 * p) / 4;
    for (int k = 0; k < 4; ++k) {
        const double x0 = bx0 + k * (bw + 0.3 * p);
        panel(im, x0, by_0, x0 + bw, by_1, 0.1 * p, scaled(pal.frame, 1.05), std::max(1.0, 0.03 * p));
        fill_disc(im, x0 + bw / 2, (by_0 + by_1) / 2, 0.22 * p, k < 2 ? white : scaled(pal.frame, 0.7));
    }
    if (opt.hint_bubble) {
        const double x0 = bx0 + bw * 0.6, y0 = by_0 + 0.1 * p;
        panel(im, x0, y0, x0 + 2.6 * p, y0 + 0.75 * p, 0.15 * p, {252, 250, 235}, std::max(1.0, 0.02 * p));
        draw_text(im, x0 + 0.15 * p, y0 + 0.2 * p, "Need a hint?", 1.0 * ts, {40, 40, 40});
    }
    // What the device adds.
    if (opt.status_bar) {
        fill_rect(im, 0, 0, width, static_cast<int>(bar_top), black);
        draw_text(im, 6, bar_top * 0.25, "12:34", bar_top / 14, white);
    }
    if (opt.title_bar) {
        fill_rect(im, 0, 0, width, static_cast<int>(bar_top), {255, 255, 255});
        draw_text(im, bar_top * 1.5, bar_top * 0.3, "Unblock Me Free", bar_top / 16, black);
    }
    if (opt.nav_bar) {
        fill_rect(im, 0, static_cast<int>(height - bar_bottom), width, height, black);
        for (int k = 0; k < 3; ++k)
            fill_disc(im, width * (k + 1) / 4.0, height - bar_bottom / 2, bar_bottom / 5, {220, 220, 220});
    }
    if (opt.touch_button) {
        const double r = 0.35 * p;
        const double cx = rng() % 2 ? r * 1.2 : width - r * 1.2;
        const double cy = rng() % 2 ? hy0 + 0.5 * header_h : by_1 + r * 1.5;
        fill_disc(im, cx, std::min(cy, height - r * 1.2), r, {90, 90, 90}, 0.55);
        fill_disc(im, cx, std::min(cy, height - r * 1.2), r * 0.55, {255, 255, 255}, 0.5);
    }
    // Marks a user added before sharing the picture.
    const Rgb inks[] = {{230, 30, 30}, {20, 160, 60}, {30, 80, 230}};
    const Rgb ink = inks[rng() % 3];
    if (opt.annotation == 1) {
        const int t = std::max(2, static_cast<int>(0.08 * p));
        const double m = 0.22 * p;  // clear of the exit's arrow heads; the sides may fall off the picture
        stroke_rect(im, static_cast<int>(bx0 - m - t), static_cast<int>(by0 - m - t), static_cast<int>(bx1 + m + t),
                    static_cast<int>(by1 + m + t), ink, t);
    } else if (opt.annotation == 2) {
        draw_text(im, bx0, by1 + 0.05 * p, "look at this one!", std::max(1.0, p / 45), ink);
        draw_text(im, bx0 + 0.5 * p, hy0 - 0.35 * p, "stuck here", std::max(1.0, p / 40), ink);
    } else if (opt.annotation == 3) {
        const Block& a = board.blocks.front();
        draw_text(im, bx0 + (a.col + 0.3) * p, by0 + (a.row + 0.35) * p, "me", std::max(1.0, p / 35), white);
    }
    if (layout) {
        layout->x = static_cast<int>(bx0);
        layout->y = static_cast<int>(by0);
        layout->w = static_cast<int>(std::lround(tray_w));
        layout->h = static_cast<int>(std::lround(tray_h));
        layout->cell_px = p;
    }
    return im;
}

}  // namespace

Image render_board(const Board& board, Theme theme, int width, int height) {
    RenderOptions o;
    o.theme = theme;
    return render_board(board, o, width, height);
}

namespace {

// The first look: a wooden frame all round the board.
Image render_first(const Board& board, const RenderOptions& opt, int width, int height, BoardBox* layout) {
    std::mt19937 rng(opt.seed);
    const Palette pal = palette(opt.theme);
    const Rgb prisoner = mixed({236, 58, 20}, {170, 42, 30}, std::clamp(opt.prisoner_shade, 0.0, 1.0));
    Image im(width, height);
    const int nx = board.width, ny = board.height;

    Geometry g{};
    bool chrome = false;
    double top_h = 0, bottom_h = 0;
    if (opt.frame) {
        chrome = opt.chrome && height >= 1.25 * width;
        top_h = chrome ? 0.24 * height : 0;
        bottom_h = chrome ? 0.12 * height : 0;
        const double avail_h = height - top_h - bottom_h;
        const double p = std::min(width / (nx + 0.9), avail_h / (ny + 0.9));
        g.px = g.py = p;
        g.box_x = std::round((width - nx * p) / 2);
        g.box_y = std::round(top_h + (avail_h - ny * p) / 2);
    } else {
        g.px = static_cast<double>(width) / nx;
        g.py = static_cast<double>(height) / ny;
        g.box_x = g.box_y = 0;
    }
    const double p = std::min(g.px, g.py);
    g.gap = std::max(1.5, std::clamp(opt.gap, 0.02, 0.2) * p);

    draw_background(im, pal.frame, rng);
    const double bx0 = g.box_x, by0 = g.box_y, bx1 = g.box_x + nx * g.px, by1 = g.box_y + ny * g.py;
    if (opt.frame) {
        // A groove around the board: dark inside, light outside.
        const int t = std::max(1, static_cast<int>(0.03 * p));
        fill_rect(im, static_cast<int>(bx0) - 2 * t, static_cast<int>(by0) - 2 * t, static_cast<int>(bx1) + 2 * t,
                  static_cast<int>(by1) + 2 * t, scaled(pal.frame, 1.15));
        fill_rect(im, static_cast<int>(bx0) - t, static_cast<int>(by0) - t, static_cast<int>(bx1) + t,
                  static_cast<int>(by1) + t, scaled(pal.frame, 0.6));
        if (chrome) draw_chrome(im, top_h, by1, p, pal, rng);
    }
    // The floor, with the frame's shadow along its top and left.
    fill_rect(im, static_cast<int>(bx0), static_cast<int>(by0), static_cast<int>(std::ceil(bx1)),
              static_cast<int>(std::ceil(by1)), pal.floor);
    fill_rect(im, static_cast<int>(bx0), static_cast<int>(by0), static_cast<int>(std::ceil(bx1)),
              static_cast<int>(by0 + 0.04 * p), {30, 20, 8}, 0.35);
    fill_rect(im, static_cast<int>(bx0), static_cast<int>(by0), static_cast<int>(bx0 + 0.03 * p),
              static_cast<int>(std::ceil(by1)), {30, 20, 8}, 0.25);
    if (opt.frame) draw_notch(im, g, nx, board.exit_row(), board.exit, pal.floor);
    draw_blocks(im, g, board, pal, prisoner, rng);
    if (layout) {
        layout->x = static_cast<int>(bx0);
        layout->y = static_cast<int>(by0);
        layout->w = static_cast<int>(std::lround(nx * g.px));
        layout->h = static_cast<int>(std::lround(ny * g.py));
        layout->cell_px = (g.px + g.py) / 2;
    }
    return im;
}

// Thin red lines along every line of the cell grid, the tray's edges
// included, as another solver draws what it found: 1 or 2 px whatever the
// picture's size.
void draw_grid_lines(Image& im, const BoardBox& lay, int cols, int rows, std::mt19937& rng) {
    const int t = 1 + static_cast<int>(rng() % 2);
    const Rgb reds[] = {{255, 0, 0}, {235, 30, 30}, {250, 20, 60}};
    const Rgb c = reds[rng() % 3];
    const double q = lay.cell_px;
    const int x0 = lay.x, y0 = lay.y;
    const int x1 = static_cast<int>(std::lround(lay.x + cols * q)), y1 = static_cast<int>(std::lround(lay.y + rows * q));
    for (int k = 0; k <= cols; ++k) {
        const int x = static_cast<int>(std::lround(lay.x + k * q)) - t / 2;
        fill_rect(im, x, y0, x + t, y1 + 1, c);
    }
    for (int k = 0; k <= rows; ++k) {
        const int y = static_cast<int>(std::lround(lay.y + k * q)) - t / 2;
        fill_rect(im, x0, y, x1 + 1, y + t, c);
    }
}

void paste(Image& dst, const Image& src, int ox, int oy) {
    for (int y = 0; y < src.height; ++y)
        std::copy(src.px(0, y), src.px(0, y) + 3 * src.width, dst.px(ox, oy + y));
}

void arrow_to(Image& im, double x0, double y0, double x1, double y1, double thick, Rgb c) {
    draw_line(im, x0, y0, x1, y1, thick, c);
    const double a = std::atan2(y1 - y0, x1 - x0), head = std::max(4.0, 3 * thick);
    for (const double s : {-1.0, 1.0})
        draw_line(im, x1, y1, x1 - head * std::cos(a + s * 0.5), y1 - head * std::sin(a + s * 0.5), thick, c);
}

Image render_screen(const Board& board, const RenderOptions& opt, int width, int height, BoardBox* layout);

// A guide's figure: the game on a white page, a white tag on every cell
// saying what it is, the prisoner named, the board and its exit pointed
// at from the margins, a caption below.
Image render_figure(const Board& board, const RenderOptions& opt, int width, int height, BoardBox* layout) {
    std::mt19937 rng(opt.seed ^ 0x51ed270bu);
    std::uniform_real_distribution<double> u(0, 1);
    const Rgb page{static_cast<int>(246 + rng() % 10), static_cast<int>(246 + rng() % 10), 250};
    Image im(width, height, static_cast<std::uint8_t>(page.r), static_cast<std::uint8_t>(page.g),
             static_cast<std::uint8_t>(page.b));
    const int gw = static_cast<int>(width * (0.66 + 0.14 * u(rng)));
    const int caption_h = std::max(12, static_cast<int>(height * (0.07 + 0.04 * u(rng))));
    const int gh = static_cast<int>((height - caption_h) * (0.88 + 0.08 * u(rng)));
    if (gw < 64 || gh < 64) throw std::invalid_argument(fmt::format("picture size {}x{} is too small for a figure", width, height));
    RenderOptions inner = opt;
    inner.cell_tags = false;
    BoardBox lay;
    const Image game = render_screen(board, inner, gw, gh, &lay);
    const int ox = (width - gw) / 2 + static_cast<int>((u(rng) - 0.5) * 0.2 * (width - gw));
    const int oy = std::max(0, static_cast<int>((height - caption_h - gh) * u(rng)));
    paste(im, game, ox, oy);
    lay.x += ox;
    lay.y += oy;
    const double q = lay.cell_px;
    const Rgb black{20, 20, 24}, blue{30, 70, 210}, white{255, 255, 255};
    // The tags.
    const double tag = (0.3 + 0.12 * u(rng)) * q;
    const bool outline = u(rng) < 0.5;
    const std::string grid = board.grid();
    for (int r = 0; r < board.height; ++r)
        for (int c = 0; c < board.width; ++c) {
            const double cx = lay.x + (c + 0.5 + 0.04 * (u(rng) - 0.5)) * q;
            const double cy = lay.y + (r + 0.5 + 0.04 * (u(rng) - 0.5)) * q;
            const int x0 = static_cast<int>(std::lround(cx - 0.55 * tag)), x1 = static_cast<int>(std::lround(cx + 0.55 * tag));
            const int y0 = static_cast<int>(std::lround(cy - 0.5 * tag)), y1 = static_cast<int>(std::lround(cy + 0.5 * tag));
            if (outline) fill_rect(im, x0 - 1, y0 - 1, x1 + 1, y1 + 1, {150, 150, 150});
            fill_rect(im, x0, y0, x1, y1, white);
            const char id = grid[static_cast<size_t>(r * (board.width + 1) + c)];
            const std::string mark = id == '.' ? "." : "#";
            const double s = std::max(0.5, 0.6 * tag / 7);
            draw_text(im, cx - text_width(mark, s) / 2.0, cy - 3.5 * s, mark, s, black);
        }
    // The prisoner's name, above or below its tags and clear of them.
    {
        const Block& a = board.blocks.front();
        const double len = a.length * q;
        const double room = 0.5 * q - 0.5 * tag - 0.02 * q - 0.1 * q - 2;  // between the face's bevel and a tag
        const double s = std::max(0.4, std::min({0.8 * len / std::max(1, text_width("Prisoner", 1.0)), 0.022 * q, room / 7}));
        const double x = lay.x + a.col * q + (len - text_width("Prisoner", s)) / 2;
        const double y = lay.y + a.row * q + (u(rng) < 0.5 ? 0.1 * q : 0.9 * q - 7 * s);
        draw_text(im, x, y, "Prisoner", s, u(rng) < 0.7 ? white : black);
    }
    // The margins: "Board" on the side away from the exit, "Escape" beside
    // the exit, each with an arrow to the frame; a caption below.
    const bool right = board.exit == Side::Right;
    const int left_room = ox, right_room = width - ox - gw;
    const double ws = std::max(0.7, std::min({1.6, 0.8 * std::min(left_room, right_room) / std::max(1, text_width("Escape", 1.0)),
                                               0.02 * height}));
    const Rgb board_ink = u(rng) < 0.5 ? blue : black, exit_ink = board_ink.b > 100 ? black : blue;
    const double thick = std::max(1.0, ws);
    {
        const double wy = lay.y + (0.2 + 0.4 * u(rng)) * board.height * q;
        const double wx = right ? 1 : width - text_width("Board", ws) - 1;
        draw_text(im, wx, wy, "Board", ws, board_ink);
        const double ay = wy + 10 * ws;
        const double ax0 = right ? wx + 0.3 * text_width("Board", ws) : wx + 0.7 * text_width("Board", ws);
        arrow_to(im, ax0, ay, right ? ox - 1 : ox + gw + 1, ay + 4 * ws, thick, board_ink);
    }
    {
        const double ey = lay.y + (board.exit_row() + 0.5) * q;
        const double tw = text_width("Escape", ws);
        const double wx = right ? width - tw - 1 : 1;
        const double wy = ey + (u(rng) < 0.5 ? -1 : 1) * 0.6 * q - 3.5 * ws;
        draw_text(im, wx, wy, "Escape", ws, exit_ink);
        arrow_to(im, wx + tw / 2, wy + (wy < ey ? 9 * ws : -2 * ws), right ? ox + gw + 1 : ox - 1, ey, thick, exit_ink);
    }
    {
        const std::string caption = "Figure 2. Slide the blocks until the prisoner can escape.";
        const double cs = std::max(0.6, std::min(1.4, 0.95 * width / std::max(1, text_width(caption, 1.0))));
        draw_text(im, (width - text_width(caption, cs)) / 2.0, height - caption_h + (caption_h - 7 * cs) / 2, caption, cs,
                  {70, 70, 74});
    }
    if (layout) *layout = lay;
    return im;
}

// A desktop window round the screen, as an emulator shows it: a border,
// a title bar with the window's buttons, and sometimes the emulator's tool
// strip beside it.
Image render_window(const Board& board, const RenderOptions& opt, int width, int height, BoardBox* layout) {
    std::mt19937 rng(opt.seed ^ 0x2545f491u);
    const Rgb frames[] = {{60, 60, 64}, {204, 204, 210}, {0, 100, 190}, {32, 32, 36}};
    const Rgb frame = frames[rng() % 4];
    const Rgb ink = frame.r + frame.g > 300 ? Rgb{20, 20, 20} : Rgb{240, 240, 240};
    const int border = 1 + static_cast<int>(rng() % 5);
    const int title = std::max(16, static_cast<int>(height * (0.035 + 0.01 * (rng() % 3))));
    const int tools = rng() % 2 ? std::max(18, static_cast<int>(width * 0.07)) : 0;
    const int sw = width - 2 * border - tools, sh = height - title - 2 * border;
    if (sw < 64 || sh < 64) throw std::invalid_argument(fmt::format("picture size {}x{} is too small for a window", width, height));
    Image im(width, height, static_cast<std::uint8_t>(frame.r), static_cast<std::uint8_t>(frame.g),
             static_cast<std::uint8_t>(frame.b));
    RenderOptions inner = opt;
    inner.emulator_window = false;
    BoardBox lay;
    const Image screen = render_screen(board, inner, sw, sh, &lay);
    paste(im, screen, border, title + border);
    lay.x += border;
    lay.y += title + border;
    const double ts = std::max(0.6, title / 16.0);
    draw_text(im, title * 0.4, (title - 7 * ts) / 2, "Android Emulator - Pixel_3a_API_30:5554", ts, ink);
    // Close, maximise and minimise, from the right.
    const double r = title * 0.22, pen = std::max(1.0, ts);
    const double cy = title / 2.0, close = width - 0.6 * title, max = width - 1.6 * title, min = width - 2.6 * title;
    draw_line(im, close - r, cy - r, close + r, cy + r, pen, ink);
    draw_line(im, close - r, cy + r, close + r, cy - r, pen, ink);
    stroke_rect(im, static_cast<int>(max - r), static_cast<int>(cy - r), static_cast<int>(max + r), static_cast<int>(cy + r), ink);
    draw_line(im, min - r, cy + r, min + r, cy + r, pen, ink);
    if (tools) {
        const int x0 = width - border - tools;
        fill_rect(im, x0, title + border, width - border, height - border, scaled(frame, 0.85));
        for (int k = 0; k < 8; ++k)
            fill_disc(im, x0 + tools / 2.0, title + border + (k + 0.8) * tools * 1.1, tools * 0.22, scaled(ink, 0.8));
    }
    if (layout) *layout = lay;
    return im;
}

// The game's screen, with what covers it.
Image render_screen(const Board& board, const RenderOptions& opt, int width, int height, BoardBox* layout) {
    if (opt.emulator_window) return render_window(board, opt, width, height, layout);
    if (opt.cell_tags) return render_figure(board, opt, width, height, layout);
    BoardBox lay;
    Image im = opt.theme == Theme::Current ? render_current(board, opt, width, height, &lay)
                                           : render_first(board, opt, width, height, &lay);
    if (opt.grid_lines) {
        std::mt19937 rng(opt.seed ^ 0x68e31da4u);
        draw_grid_lines(im, lay, board.width, board.height, rng);
    }
    if (layout) *layout = lay;
    return im;
}

}  // namespace

Image render_board(const Board& board, const RenderOptions& opt, int width, int height, BoardBox* layout) {
    if (width < 64 || height < 64 || width > kMaxImageSide || height > kMaxImageSide ||
        static_cast<long long>(width) * height > kMaxImagePixels)
        throw std::invalid_argument(fmt::format("picture size {}x{} is out of range (64..{} a side)", width, height,
                                                kMaxImageSide));
    return render_screen(board, opt, width, height, layout);
}

}  // namespace slidedb
