// The HTML page's pieces: escaping, board pictures, players and charts.
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "puzzle/html.h"
#include "report/html_page.h"
#include "families/unblock/unblock_family.h"
#include "report/player.h"
#include "report/svg_chart.h"

namespace slidedb {
namespace {

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

PuzzlePicture sample() {
    PuzzlePicture p;
    p.id = 7;
    p.puzzle = to_puzzle(board_from_grid({"......", "......", "AA...B", ".....B", "x.....", "......"}, Side::Right));
    p.status = "solved";
    p.solution = "BU2 AR4";
    return p;
}

TEST(ReportHtml, EscapesEveryMarkupCharacter) {
    EXPECT_EQ(html_escape("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
    EXPECT_EQ(html_escape("plain/path.txt"), "plain/path.txt");
}

TEST(ReportBoard, DrawsEachBlockWhereItStands) {
    const std::string svg = board_svg(sample());
    EXPECT_EQ(occurrences(svg, "<g class=\"block"), 2u);
    EXPECT_NE(svg.find("data-label=\"A\" data-row=\"2\" data-col=\"0\" data-axis=\"h\""), std::string::npos) << svg;
    EXPECT_NE(svg.find("data-label=\"B\" data-row=\"2\" data-col=\"5\" data-axis=\"v\""), std::string::npos) << svg;
    EXPECT_EQ(occurrences(svg, "class=\"fixed\""), 1u);
    // The exit is a gap in the frame beside row 3, on the right.
    EXPECT_NE(svg.find("<rect class=\"exit\" x=\"130\" y=\"50\" width=\"10\" height=\"20\"/>"), std::string::npos) << svg;
}

TEST(ReportBoard, MarksBlockedCellsAndBlockers) {
    PuzzlePicture p = sample();
    p.status = "unsolvable";
    p.solution.clear();
    p.blocked_cells = "r3c6 r9c9 junk";
    p.blockers = "B";
    const std::string svg = board_svg(p);
    EXPECT_EQ(occurrences(svg, "class=\"blocked\""), 1u);  // off-board and unreadable cells dropped
    EXPECT_NE(svg.find("class=\"block blocker\" data-label=\"B\""), std::string::npos);
}

TEST(ReportPlayer, HasControlsOnlyForASolutionThatReplays) {
    const std::string html = player_html(sample());
    EXPECT_NE(html.find("data-moves=\"BU2 AR4\" data-step=\"0\""), std::string::npos) << html;
    EXPECT_NE(html.find("<span class=\"counter\" data-step=\"0\">0 / 2</span>"), std::string::npos);
    for (const char* act : {"reset", "back", "play", "forward"})
        EXPECT_NE(html.find(std::string("data-act=\"") + act + "\""), std::string::npos) << act;
    PuzzlePicture broken = sample();
    broken.solution = "BD3 AR4";  // B cannot go down three
    EXPECT_EQ(player_html(broken).find("data-moves"), std::string::npos);
    PuzzlePicture unsolved = sample();
    unsolved.solution.clear();
    EXPECT_EQ(player_html(unsolved).find("<button"), std::string::npos);
}

TEST(ReportChart, OneBarPerValueAndShortTicks) {
    const std::string svg = bar_chart({"a", "b", "c"}, {1, 5, 0}, {"x", "y", false});
    EXPECT_EQ(occurrences(svg, "<rect class=\"bar\""), 3u);
    EXPECT_NE(svg.find("<title>b: 5</title>"), std::string::npos);
    // A tooltip gives the value, not a tick's two digits (1.3e+02).
    EXPECT_NE(bar_chart({"m"}, {125.1}, {"x", "y", false}).find("<title>m: 125.1</title>"), std::string::npos);
    EXPECT_NE(line_chart(std::vector<double>{4}, std::vector<double>{261.3}, {"d", "f", false}).find("<title>f 4: 261.3</title>"), std::string::npos);
    EXPECT_EQ(short_number(950), "950");
    EXPECT_EQ(short_number(12000), "12k");
    EXPECT_EQ(short_number(3400000), "3.4M");
    EXPECT_EQ(occurrences(scatter_chart({1, 2}, {10, 1000}, {1, 4}, {"m", "e", true}), "<circle"), 2u);
    EXPECT_EQ(occurrences(line_chart({0, 1, 2}, {1, 4, 2}, {"d", "f", false}), "class=\"dot\""), 3u);
}

// The y axis's tick labels, bottom up.
std::string y_ticks(const std::string& svg) {
    const std::regex tick(R"re(<text class="tick" x="58" y="[0-9.]+" text-anchor="end">([^<]*)</text>)re");
    std::string out;
    for (std::sregex_iterator it(svg.begin(), svg.end(), tick), end; it != end; ++it) out += (*it)[1].str() + " ";
    return out;
}

// Counts tick at whole numbers (no 0.2 of a puzzle); fractions keep theirs.
TEST(ReportChart, CountsTickAtWholeNumbers) {
    EXPECT_EQ(y_ticks(bar_chart({"a"}, {1}, {"x", "puzzles", false})), "0 1 ");
    EXPECT_EQ(y_ticks(bar_chart({"a", "b", "c"}, {1, 3, 2}, {"x", "puzzles", false})), "0 1 2 3 ");
    EXPECT_EQ(y_ticks(line_chart({0, 1}, {2, 1}, {"d", "boards", false})), "0 1 2 ");
    EXPECT_EQ(y_ticks(bar_chart({"a", "b"}, {0.5, 1}, {"x", "r", false})), "0 0.2 0.4 0.6 0.8 1 ");
    EXPECT_EQ(y_ticks(bar_chart({"a", "b"}, {40, 100}, {"x", "puzzles", false})), "0 20 40 60 80 100 ");
}

// A legend's colour is a class of the style sheet, never a style attribute
// (the server's pages refuse those).
TEST(ReportChart, LegendsColourByClass) {
    const std::string svg = line_chart({0, 1}, std::vector<Series>{{"one", {1, 2}}, {"two", {2, 1}}}, {"d", "n", false});
    EXPECT_NE(svg.find("<text class=\"legend c0\""), std::string::npos);
    EXPECT_NE(svg.find("<text class=\"legend c1\""), std::string::npos);
    EXPECT_EQ(svg.find("style="), std::string::npos);
    EXPECT_NE(std::string(report_style()).find("svg.chart .legend.c1 { fill: #d1343b; }"), std::string::npos);
}

TEST(ReportPage, EscapesWhatComesFromTheDatabase) {
    Table t{{"id", "source"}, {{"7", "<script>alert(1)</script>.txt"}}, {true, false}};
    Report r{"hardest", {make_section("Hardest <puzzles>", t)}};
    PageOptions o;
    o.subtitle = "Database <x>.db";
    const std::string page = html_page({r}, [](std::int64_t id) -> std::optional<PuzzlePicture> {
        if (id == 7) return sample();
        return std::nullopt;
    }, o);
    EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;.txt"), std::string::npos);
    EXPECT_NE(page.find("Hardest &lt;puzzles&gt;"), std::string::npos);
    EXPECT_NE(page.find("Database &lt;x&gt;.db"), std::string::npos);
    EXPECT_EQ(occurrences(page, "<script"), 1u);  // the player's own, nothing else
    EXPECT_NE(page.find("data-moves=\"BU2 AR4\""), std::string::npos);  // the row got its player
}

TEST(ReportPage, AClusterBoardKeepsItsLabelsAndColours) {
    // B stands left of C here: read in order it would be relabelled C.
    Table t{{"board", "exit"}, {{"......\n......\nAA....\n......\nCC.BB.\n......", "right"}}, {false, false}};
    const std::string page = html_page({Report{"p", {make_section("Hardest board", t)}}}, nullptr, {});
    PuzzlePicture canonical;
    canonical.puzzle = to_puzzle(board_from_grid({"......", "......", "AA....", "......", "BB.CC.", "......"}, Side::Right));
    const std::string start = board_svg(canonical);
    auto fill_of = [](const std::string& svg, char label) {
        const std::regex g(std::string("data-label=\"") + label + "\"[^>]*><rect[^>]*fill=\"([^\"]*)\"");
        std::smatch m;
        return std::regex_search(svg, m, g) ? m[1].str() : "";
    };
    EXPECT_NE(page.find("data-label=\"C\" data-row=\"4\" data-col=\"0\""), std::string::npos);
    EXPECT_NE(page.find("data-label=\"B\" data-row=\"4\" data-col=\"3\""), std::string::npos);
    EXPECT_EQ(fill_of(page, 'B'), fill_of(start, 'B'));
    EXPECT_EQ(fill_of(page, 'C'), fill_of(start, 'C'));
    EXPECT_NE(fill_of(start, 'B'), fill_of(start, 'C'));
}

TEST(ReportPage, ChartsFromHintsAndFiguresFromOneRow) {
    Table hist{{"moves", "puzzles"}, {{"1", "3"}, {"2", "0"}}, {true, true}};
    Table one{{"puzzles", "solved", "errors"}, {{"5", "4", "1"}}, {true, true, true}};
    Report r{"r", {make_section("Moves | bars moves puzzles", hist), make_section("In short", one)}};
    const std::string page = html_page({r}, nullptr, {});
    EXPECT_EQ(occurrences(page, "<rect class=\"bar\""), 2u);
    EXPECT_NE(page.find("<div class=\"figure\"><b>5</b><span>puzzles</span></div>"), std::string::npos);
}

}  // namespace
}  // namespace slidedb
