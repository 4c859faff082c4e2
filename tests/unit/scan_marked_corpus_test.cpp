// Small, cropped and marked screenshots, as app guides and forum posts show
// the game: both looks, the board cropped with 0 to 0.25 cell beyond the
// tray on 0 to 4 sides (the frame cut off there), shrunk to 180-400 px wide,
// then marked by a person (words, arrows, rectangles and free-hand strokes
// in red, green or blue, over the margins and over up to a quarter of the
// cells) and saved as PNG or JPEG of quality 30 to 95. A refusal is allowed
// (and counted by reason); a board read differently from the one drawn is a
// failure. An exit the scanner did not see (exit_seen false) is not held
// against it, a wrong one is.
//
// Deterministic: the seed is fixed. SLIDEDB_MARKED_SEED and
// SLIDEDB_MARKED_SIZE run other corpora (scripts/scan-marked.sh runs 10,000),
// SLIDEDB_CORPUS_DUMP=DIR keeps the refused and wrong pictures,
// SLIDEDB_CORPUS_ONLY=N runs picture N alone.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>

#include "families/unblock/draw/render.h"
#include "families/unblock/board.h"
#include "image/canvas.h"
#include "image/encode.h"
#include "image/image.h"
#include "families/unblock/scan/screenshot.h"
#include "screenshot_corpus.h"

namespace slidedb {
namespace {

using namespace corpus;

constexpr int kMarkedSize = 600;
constexpr std::uint32_t kMarkedSeed = 20261125;

// The tray in the final picture: its corner and its cell, in pixels.
struct Tray {
    double x, y, cell;
    int cols, rows;
};

// A person's marks in one of three inks.
const Rgb kInks[] = {{225, 30, 35}, {30, 150, 60}, {35, 80, 220}};

// Draws a mark on `im` through `draw`, but only when the cells it touches,
// added to those already marked, stay within `budget` (a mark is tried on
// a blank copy first). Returns whether it was drawn.
template <class Draw>
bool mark_cells(Image& im, const Tray& t, std::vector<bool>& marked, int budget, Draw draw) {
    Image probe(im.width, im.height, 0, 0, 0);
    draw(probe);
    std::vector<bool> now = marked;
    for (int y = 0; y < probe.height; ++y)
        for (int x = 0; x < probe.width; ++x) {
            if (probe.px(x, y)[0] == 0 && probe.px(x, y)[1] == 0 && probe.px(x, y)[2] == 0) continue;
            const int c = static_cast<int>(std::floor((x + 0.5 - t.x) / t.cell));
            const int r = static_cast<int>(std::floor((y + 0.5 - t.y) / t.cell));
            if (c >= 0 && r >= 0 && c < t.cols && r < t.rows) now[static_cast<size_t>(r * t.cols + c)] = true;
        }
    if (std::count(now.begin(), now.end(), true) > budget) return false;
    marked = now;
    draw(im);
    return true;
}

// A wobbly line through a few points, as drawn by hand.
void free_hand(Image& im, const std::vector<std::pair<double, double>>& pts, double thick, Rgb ink) {
    for (size_t k = 1; k < pts.size(); ++k)
        draw_line(im, pts[k - 1].first, pts[k - 1].second, pts[k].first, pts[k].second, thick, ink);
}

void arrow(Image& im, double x0, double y0, double x1, double y1, double thick, Rgb ink) {
    draw_line(im, x0, y0, x1, y1, thick, ink);
    const double a = std::atan2(y1 - y0, x1 - x0), head = std::max(4.0, 3 * thick);
    for (const double s : {-1.0, 1.0})
        draw_line(im, x1, y1, x1 - head * std::cos(a + s * 0.5), y1 - head * std::sin(a + s * 0.5), thick, ink);
}

// Marks over the margins (never the tray): a rectangle round the board,
// words beside it, a caption below. Then marks over up to a quarter of
// the cells: strokes, arrows, words, rectangles round a block.
void add_marks(Image& im, const Tray& t, const Board& board, std::mt19937& rng, std::string& desc) {
    const double q = t.cell;
    const double x1 = t.x + t.cols * q, y1 = t.y + t.rows * q;
    const double thick = std::max(1.5, uniform(rng, 0.05, 0.11) * q);
    if (chance(rng, 0.3)) {
        const double d = uniform(rng, 0.2, 0.45) * q;
        stroke_rect(im, static_cast<int>(t.x - d), static_cast<int>(t.y - d), static_cast<int>(x1 + d),
                    static_cast<int>(y1 + d), kInks[pick(rng, 0, 2)], static_cast<int>(std::lround(thick)));
        desc += " rect-round";
    }
    const double ts = std::max(1.0, q / uniform(rng, 28, 40));
    if (chance(rng, 0.3) && t.y > 0.6 * q + 8 * ts) {
        draw_text(im, t.x + uniform(rng, 0, 2) * q, t.y - 0.55 * q - 7 * ts, "Board", ts, kInks[pick(rng, 0, 2)]);
        desc += " word-top";
    }
    if (chance(rng, 0.3) && im.height - y1 > 0.6 * q + 8 * ts) {
        draw_text(im, t.x + uniform(rng, 0, 1) * q, y1 + 0.55 * q, "Move the red block out", ts,
                  kInks[pick(rng, 0, 2)]);
        desc += " caption";
    }
    const bool right = board.exit == Side::Right;
    const double room = right ? im.width - x1 : t.x;
    if (chance(rng, 0.3) && room > 0.55 * q + text_width("Escape", ts)) {
        const double ey = t.y + (board.exit_row() + 0.5) * q + (chance(rng, 0.5) ? -1 : 1) * 0.7 * q;
        const double ex = right ? x1 + 0.55 * q : t.x - 0.55 * q - text_width("Escape", ts);
        draw_text(im, ex, ey, "Escape", ts, kInks[pick(rng, 0, 2)]);
        desc += " word-exit";
    }
    const int cells = t.cols * t.rows;
    // Up to four marks, over up to a quarter of the cells.
    const int budget = pick(rng, 0, cells / 4), marks = pick(rng, 0, 4);
    std::vector<bool> marked(static_cast<size_t>(cells), false);
    int drawn = 0;
    for (int tries = 0; tries < 3 * marks && drawn < marks && budget > 0; ++tries) {
        const int r = pick(rng, 0, t.rows - 1), c = pick(rng, 0, t.cols - 1);
        const double cx = t.x + (c + uniform(rng, 0.2, 0.8)) * q, cy = t.y + (r + uniform(rng, 0.2, 0.8)) * q;
        const Rgb ink = kInks[pick(rng, 0, 2)];
        const double w = std::max(1.5, uniform(rng, 0.04, 0.1) * q);
        bool ok = false;
        switch (pick(rng, 0, 3)) {
            case 0: {  // a free-hand stroke
                std::vector<std::pair<double, double>> pts{{cx, cy}};
                const double a = uniform(rng, 0, 2 * M_PI);
                for (int k = 0; k < pick(rng, 2, 5); ++k)
                    pts.emplace_back(pts.back().first + std::cos(a) * 0.3 * q + uniform(rng, -0.15, 0.15) * q,
                                     pts.back().second + std::sin(a) * 0.3 * q + uniform(rng, -0.15, 0.15) * q);
                ok = mark_cells(im, t, marked, budget, [&](Image& m) { free_hand(m, pts, w, ink); });
                if (ok) desc += " stroke";
                break;
            }
            case 1: {  // an arrow pointing at the cell
                const double a = uniform(rng, 0, 2 * M_PI), len = uniform(rng, 0.6, 1.3) * q;
                ok = mark_cells(im, t, marked, budget, [&](Image& m) {
                    arrow(m, cx + len * std::cos(a), cy + len * std::sin(a), cx, cy, w, ink);
                });
                if (ok) desc += " arrow";
                break;
            }
            case 2: {  // a word written on the cell
                const char* words[] = {"me", "here", "?", "1", "no"};
                const std::string word = words[pick(rng, 0, 4)];
                const Rgb colour = chance(rng, 0.3) ? Rgb{250, 250, 245} : ink;
                const double s = std::max(1.0, q / uniform(rng, 28, 40));
                ok = mark_cells(im, t, marked, budget, [&](Image& m) {
                    draw_text(m, cx - text_width(word, s) / 2.0, cy - 3.5 * s, word, s, colour);
                });
                if (ok) desc += " word";
                break;
            }
            default: {  // a rectangle round the block on this cell, or round the cell
                int c0 = c, r0 = r, c1 = c + 1, r1 = r + 1;
                const char id = board.grid()[static_cast<size_t>(r * (board.width + 1) + c)];
                if (id != '.' && id != 'x') {
                    for (int rr = 0; rr < t.rows; ++rr)
                        for (int cc = 0; cc < t.cols; ++cc)
                            if (board.grid()[static_cast<size_t>(rr * (board.width + 1) + cc)] == id) {
                                c0 = std::min(c0, cc);
                                r0 = std::min(r0, rr);
                                c1 = std::max(c1, cc + 1);
                                r1 = std::max(r1, rr + 1);
                            }
                }
                const double d = uniform(rng, -0.2, -0.1) * q;  // just inside the block's faces
                ok = mark_cells(im, t, marked, budget, [&](Image& m) {
                    stroke_rect(m, static_cast<int>(t.x + c0 * q - d), static_cast<int>(t.y + r0 * q - d),
                                static_cast<int>(t.x + c1 * q + d), static_cast<int>(t.y + r1 * q + d), ink,
                                static_cast<int>(std::lround(w)));
                });
                if (ok) desc += " rect-block";
                break;
            }
        }
        drawn += ok;
    }
    desc += fmt::format(" ({} of {} cells marked)", std::count(marked.begin(), marked.end(), true), cells);
}

struct MarkedSample {
    Sample s;
    int cut_sides = 0;
    std::array<bool, 4> cut{};  // top, bottom, left, right
};

MarkedSample make_marked_sample(std::uint32_t seed, int index) {
    std::mt19937 rng(seed + static_cast<std::uint32_t>(index) * 15485863u);
    MarkedSample m;
    Sample& s = m.s;
    const Board board = random_board(rng, kMaxSide);
    s.expected = board;
    RenderOptions opt;
    opt.theme = index % 2 ? Theme::Current : static_cast<Theme>((index / 2) % 3);
    opt.seed = rng();
    opt.prisoner_shade = uniform(rng, 0, 1);
    opt.gap = uniform(rng, 0.05, 0.1);
    const double aspect = std::vector<double>{1.78, 2.05, 1.5, 1.0}[static_cast<size_t>(pick(rng, 0, 3))];
    const int w0 = pick(rng, 360, 720);
    BoardBox lay;
    const Image full = render_board(board, opt, w0, static_cast<int>(w0 * aspect), &lay);
    // The crop: on a cut side the picture ends 0 to 0.25 cell beyond the
    // tray, on the others it keeps the frame and some of what lies beyond.
    const double p0 = lay.cell_px;
    std::array<bool, 4> cut{false, false, false, false};  // top, bottom, left, right
    m.cut_sides = pick(rng, 0, 4);
    std::array<int, 4> order{0, 1, 2, 3};
    std::shuffle(order.begin(), order.end(), rng);
    for (int k = 0; k < m.cut_sides; ++k) cut[static_cast<size_t>(order[static_cast<size_t>(k)])] = true;
    m.cut = {cut[0], cut[1], cut[2], cut[3]};
    std::array<double, 4> margin{};
    for (int k = 0; k < 4; ++k)
        margin[static_cast<size_t>(k)] = (cut[static_cast<size_t>(k)] ? uniform(rng, 0, 0.25) : uniform(rng, 0.35, k < 2 ? 3.0 : 1.0)) * p0;
    const int cx0 = std::max(0, static_cast<int>(std::lround(lay.x - margin[2])));
    const int cy0 = std::max(0, static_cast<int>(std::lround(lay.y - margin[0])));
    const int cx1 = std::min(full.width, static_cast<int>(std::lround(lay.x + lay.w + margin[3])));
    const int cy1 = std::min(full.height, static_cast<int>(std::lround(lay.y + lay.h + margin[1])));
    Image crop(cx1 - cx0, cy1 - cy0);
    for (int y = cy0; y < cy1; ++y)
        std::copy(full.px(cx0, y), full.px(cx0, y) + 3 * crop.width, crop.px(0, y - cy0));
    // Shrunk to 180-400 px wide (cells of 21 px at least).
    int width = pick(rng, 180, 400);
    width = std::max(width, static_cast<int>(std::ceil(21.0 * crop.width / p0)));
    const double f = static_cast<double>(width) / crop.width;
    Image shot = resize_image(crop, width, std::max(32, static_cast<int>(std::lround(crop.height * f))));
    const Tray tray{(lay.x - cx0) * f, (lay.y - cy0) * f, p0 * f, board.width, board.height};
    s.desc = fmt::format("#{} {}x{} {} exit {} {}x{} cell {:.1f} cut", index, board.width, board.height,
                         theme_name(opt.theme), side_name(board.exit), shot.width, shot.height, tray.cell);
    for (int k = 0; k < 4; ++k)
        if (cut[static_cast<size_t>(k)])
            s.desc += fmt::format(" {}{:.2f}", "TBLR"[k], margin[static_cast<size_t>(k)] / p0);
    add_marks(shot, tray, board, rng, s.desc);
    add_noise(shot, chance(rng, 0.3) ? pick(rng, 2, 6) : 0, rng);
    if (chance(rng, 0.25)) {
        s.bytes = encode_png(shot);
        s.desc += " png";
    } else {
        const int q = pick(rng, 30, 95);
        s.bytes = encode_jpeg(shot, q);
        s.desc += fmt::format(" jpeg q{}", q);
    }
    return m;
}

TEST(ScanCorpus, SmallCroppedMarkedPicturesAreReadAndNeverWrong) {
    const char* dump = std::getenv("SLIDEDB_CORPUS_DUMP");
    const char* only = std::getenv("SLIDEDB_CORPUS_ONLY");
    const char* seed_env = std::getenv("SLIDEDB_MARKED_SEED");
    const char* size_env = std::getenv("SLIDEDB_MARKED_SIZE");
    const std::uint32_t seed = seed_env ? static_cast<std::uint32_t>(std::strtoul(seed_env, nullptr, 10)) : kMarkedSeed;
    const int size = size_env ? std::atoi(size_env) : kMarkedSize;
    int read = 0, rejected = 0, wrong = 0, unseen_exit = 0, for_size = 0, apart = 0;
    std::map<std::string, int> reasons;
    std::array<int, 5> read_by_cuts{}, n_by_cuts{};
    for (int i = 0; i < size; ++i) {
        if (only && std::atoi(only) != i) continue;
        const MarkedSample m = make_marked_sample(seed, i);
        const Sample& s = m.s;
        auto r = scan_screenshot(s.bytes);
        auto* e = std::get_if<ScanError>(&r);
        if (e && size_hidden(s.expected, m.cut[0] || m.cut[1], m.cut[2] || m.cut[3])) {
            // A board not 6x6 cut across its odd side: refused, for that
            // or for what came first; counted apart.
            for_size += refused_for_size(e->message);
            ++apart;
            continue;
        }
        ++n_by_cuts[static_cast<size_t>(m.cut_sides)];
        bool bad = true;
        if (e) {
            ++rejected;
            std::string key = e->message.substr(0, e->message.find_first_of(":("));
            if (key.find(" at row") != std::string::npos) key = key.substr(0, key.find(" at row"));
            if (key.find(" near row") != std::string::npos) key = key.substr(0, key.find(" near row"));
            ++reasons[key];
            std::cout << "refused " << s.desc << ": " << e->message << "\n";
        } else {
            ScanResult res = std::get<ScanResult>(r);
            // An exit not seen is assumed, not read: only the blocks count.
            if (!res.exit_seen) res.board.exit = s.expected.exit;
            if (res.board == s.expected) {
                ++read;
                ++read_by_cuts[static_cast<size_t>(m.cut_sides)];
                unseen_exit += !std::get<ScanResult>(r).exit_seen;
                bad = false;
            } else {
                ++wrong;
                ADD_FAILURE() << "WRONG board for " << s.desc << "\nexpected (exit " << side_name(s.expected.exit)
                              << "):\n"
                              << s.expected.grid() << "\nread (exit " << side_name(res.board.exit) << ", seen "
                              << res.exit_seen << "):\n"
                              << res.board.grid();
            }
        }
        if (bad && dump) keep_picture(dump, fmt::format("marked_{:05d}", i), s.bytes);
        if ((i + 1) % 500 == 0 && !only)
            std::cout << fmt::format("after {}: {} read, {} refused, {} wrong\n", i + 1, read, rejected, wrong)
                      << std::flush;
    }
    const int n = read + rejected + wrong;
    std::cout << fmt::format("small, cropped, marked: {} pictures (seed {}), {} read right ({:.1f}%, {} with the "
                             "exit assumed), {} refused, {} wrong; and {} boards not 6x6 cut across their odd side, "
                             "refused ({} naming the game's size)\n",
                             n, seed, read, n ? 100.0 * read / n : 0.0, unseen_exit, rejected, wrong, apart, for_size);
    for (int k = 0; k <= 4; ++k)
        std::cout << fmt::format("  frame cut on {} sides: {} of {} read\n", k, read_by_cuts[static_cast<size_t>(k)],
                                 n_by_cuts[static_cast<size_t>(k)]);
    for (const auto& [why, count] : reasons) std::cout << "  " << count << " x " << why << "\n";
    RecordProperty("pictures", n);
    RecordProperty("refused", rejected);
    RecordProperty("wrong", wrong);
    EXPECT_EQ(wrong, 0);
    // The aim was 97 %. The fixed seed reads 596 of 600 (99.3 %; 594
    // before a refused picture was read again with square cells, which
    // reads two grids that lay a few pixels off a 4x4 or 5x5 tray): of the
    // four refused, two are marks over a cell with too little of it
    // showing, one a seam on the threshold under blurred ink, one a
    // prisoner under a rectangle. The floor leaves room for a few pictures
    // on a threshold that another compiler's rounding tips (clang 16 read
    // 593 of the 594, not the same ones). Other seeds and sizes, as scripts/scan-marked.sh runs them,
    // report their rate: 0 wrong is the one rule there.
    if (seed == kMarkedSeed && size == kMarkedSize && !only) {
        EXPECT_GE(read * 1000, n * 985) << read << " of " << n << " read right";
    }
}

}  // namespace
}  // namespace slidedb
