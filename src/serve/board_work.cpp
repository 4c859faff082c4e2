#include "serve/board_work.h"

#include <algorithm>
#include <cctype>
#include <variant>

#include <fmt/format.h>

#include "families/families.h"

namespace slidedb::serve {

BoardRead read_board(std::string_view text) {
    BoardRead out;
    for (ReadItem& item : read_board_text(text)) {
        if (auto* p = std::get_if<ReadPuzzle>(&item)) {
            ++out.puzzles;
            if (!out.puzzle) out.puzzle = std::move(*p);
        } else {
            out.errors.push_back(std::get<ReadError>(std::move(item)));
        }
    }
    if (!out.puzzle && out.errors.empty()) out.errors.push_back({0, "no board in the text"});
    return out;
}

bool is_picture_bytes(std::string_view b) {
    return b.starts_with("\x89PNG\r\n\x1a\n") || b.starts_with("\xFF\xD8\xFF");
}

std::string error_lines(const std::vector<ReadError>& errors) {
    std::string out;
    for (const ReadError& e : errors) {
        if (!out.empty()) out += '\n';
        out += e.line > 0 ? fmt::format("line {}: {}", e.line, e.message) : e.message;
    }
    return out;
}

SolveOptions solve_options(const Limits& limits) {
    SolveOptions o;
    o.max_states = limits.solve_states;
    o.max_memory = limits.solve_memory;
    o.max_seconds = limits.solve_seconds;
    o.build_tables = false;  // a request never builds tables (nor writes them)
    o.keep_memory = false;   // a server idles near its idle size
    return o;
}

std::vector<std::string> piece_labels(const Family& family, const Puzzle& puzzle) {
    // The picture names every piece the player can move, whatever the family.
    const std::string svg = family.board_svg(puzzle, {}, 10);
    std::vector<std::string> labels;
    const std::string_view mark = "data-label=\"";
    for (std::size_t at = svg.find(mark); at != std::string::npos; at = svg.find(mark, at)) {
        at += mark.size();
        const std::size_t end = svg.find('"', at);
        if (end == std::string::npos) break;
        labels.push_back(svg.substr(at, end - at));
    }
    return labels;
}

namespace {

std::string joined(std::string_view moves, std::string_view more) {
    std::string out(moves);
    while (!out.empty() && out.back() == ' ') out.pop_back();
    if (!out.empty()) out += ' ';
    out += more;
    return out;
}

}  // namespace

std::size_t count_moves(std::string_view moves) {
    std::size_t n = 0;
    bool in_move = false;
    for (char ch : moves) {
        const bool blank = std::isspace(static_cast<unsigned char>(ch)) != 0;  // as the moves are read
        if (!blank && !in_move) ++n;
        in_move = !blank;
    }
    return n;
}

Hint hint(const Family& family, const Puzzle& start, std::string_view moves, const SolveOptions& options) {
    const Puzzle here = family.position(start, moves);
    SolveOptions o = options;
    o.analyse_cluster = false;  // the distance and one path are all a hint needs
    o.stop_at_goal = true;
    const SolveResult r = family.solve(here, o);
    Hint h;
    h.status = r.status;
    h.cut = r.cut;
    h.moves = count_moves(moves);
    if (r.status != Status::Solved) return h;
    h.distance = r.moves;
    if (r.moves == 0 || r.solution.empty()) return h;
    // The search names pieces as the position's own reading labelled them;
    // the player knows them by the start's labels. The move is the one of
    // the start's pieces whose move gives the same board.
    const std::string first = r.solution.substr(0, r.solution.find(' '));
    std::string label;
    for (const std::string& l : piece_labels(family, here))
        if (first.starts_with(l) && l.size() > label.size()) label = l;
    const std::string rest = first.substr(label.size());
    const std::string wanted = family.position(here, first).key;
    std::vector<std::string> labels = piece_labels(family, start);
    // The same label first: most families keep them.
    std::stable_partition(labels.begin(), labels.end(), [&](const std::string& l) { return l == label; });
    for (const std::string& l : labels) {
        try {
            if (family.position(start, joined(moves, l + rest)).key == wanted) {
                h.move = l + rest;
                return h;
            }
        } catch (const PuzzleError&) {
        }
    }
    h.move = first;  // no piece of the start makes it: the position's own name
    return h;
}

}  // namespace slidedb::serve
