// A report as one self-contained HTML page: tables, charts and boards as
// inline SVG, the solution players' script inline. No network resources.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "report/report_sections.h"
#include "store/report_data.h"

namespace slidedb {

// Finds a stored puzzle by id to draw it; nullopt when there is none.
using PictureLookup = std::function<std::optional<PuzzlePicture>(std::int64_t)>;

struct PageOptions {
    std::string title = "slidedb report";
    std::string subtitle;                 // e.g. the database file
    std::vector<std::int64_t> featured;   // puzzles drawn large, with a player, at the top
    std::size_t max_pictures = 100;       // tables longer than this get no pictures
};

// Sections with a chart hint are drawn as charts; a one-row table of numbers
// as a row of figures; a table with an `id` column gets a board picture (with
// a player for solved puzzles) per row, and a `board` column is drawn, not
// printed. A featured puzzle's cluster closes the page as a graph when it
// has at most kMaxPageGraphBoards boards (report/state_space.h). Everything
// from the database is escaped.
std::string html_page(const std::vector<Report>& reports, const PictureLookup& lookup, const PageOptions& options);

// The same without the page around it (a nav of the reports, then the
// sections), for pages that frame it in their own; and the style sheet its
// tables, charts and players need.
std::string html_main(const std::vector<Report>& reports, const PictureLookup& lookup, const PageOptions& options);
std::string_view report_style();

}  // namespace slidedb
