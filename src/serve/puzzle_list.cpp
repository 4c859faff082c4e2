#include "serve/puzzle_list.h"

#include <charconv>

#include <fmt/format.h>

#include "serve/url.h"

namespace slidedb::serve {

namespace {

constexpr std::int64_t kMaxPerPage = 200;
constexpr std::int64_t kMaxPage = 1'000'000;

std::int64_t number(const std::string& name, const std::string& v, std::int64_t low, std::int64_t high) {
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || end != v.data() + v.size() || n < low || n > high)
        throw BadRequest(fmt::format("{}: '{}' is not a whole number from {} to {}", name, v, low, high));
    return n;
}

}  // namespace

ListFilter parse_filter(const std::multimap<std::string, std::string>& params) {
    ListFilter f;
    constexpr std::int64_t big = std::int64_t{1} << 62;
    bool order_given = false;
    std::string cursor_name, cursor_text;
    for (const auto& [name, v] : params) {
        if (v.empty()) continue;  // an empty field of the form: no filter
        if (name == "family") {
            f.family = v;
        } else if (name == "size") {
            const auto x = v.find('x');
            if (x == std::string::npos) throw BadRequest(fmt::format("size: '{}' is not WxH, e.g. 6x6", v));
            f.width = static_cast<int>(number("size", v.substr(0, x), 1, 64));
            f.height = static_cast<int>(number("size", v.substr(x + 1), 1, 64));
        } else if (name == "status") {
            if (v != "solved" && v != "unsolvable" && v != "limit" && v != "unsolved" && v != "enumerated")
                throw BadRequest(
                    fmt::format("status: '{}' is not solved, unsolvable, limit, unsolved or enumerated", v));
            f.status = v;
        } else if (name == "moves_min") {
            f.moves_min = number(name, v, 0, big);
        } else if (name == "moves_max") {
            f.moves_max = number(name, v, 0, big);
        } else if (name == "cluster_min") {
            f.cluster_min = number(name, v, 0, big);
        } else if (name == "cluster_max") {
            f.cluster_max = number(name, v, 0, big);
        } else if (name == "source") {
            f.source = v;
        } else if (name == "sort") {
            if (!is_list_sort(v))
                throw BadRequest(fmt::format("sort: '{}' is not id, moves, steps, cluster or effort", v));
            f.sort = v;
        } else if (name == "order") {
            if (v != "asc" && v != "desc") throw BadRequest(fmt::format("order: '{}' is not asc or desc", v));
            f.descending = v == "desc";
            f.order = v;
            order_given = true;
        } else if (name == "page") {
            // Negative: counted from the end, -1 the last page.
            f.page = number(name, v, -kMaxPage, kMaxPage);
            if (f.page == 0)
                throw BadRequest(fmt::format("page: '0' is neither a page from 1 to {} nor one from the end, -1 to -{}",
                                             kMaxPage, kMaxPage));
        } else if (name == "per_page") {
            f.per_page = number(name, v, 1, kMaxPerPage);
        } else if (name == "after" || name == "before") {
            if (!cursor_name.empty())
                throw BadRequest(fmt::format("{}: a page starts after a row or before one, not both", name));
            cursor_name = name;
            cursor_text = v;
        }
    }
    // Read once the sort is known: KEY.ID (null.ID for a row without the
    // figure), or ID sorted by id.
    if (!cursor_name.empty()) {
        ListCursor c;
        c.before = cursor_name == "before";
        const auto dot = cursor_text.find('.');
        if ((f.sort == "id") != (dot == std::string::npos))
            throw BadRequest(fmt::format("{}: '{}' is not {}", cursor_name, cursor_text,
                                         f.sort == "id" ? "a puzzle's id" : "KEY.ID, the row's " + f.sort + " and id"));
        if (dot != std::string::npos) {
            const std::string key = cursor_text.substr(0, dot);
            if (key != "null") c.key = number(cursor_name, key, -big, big);
        }
        c.id = number(cursor_name, dot == std::string::npos ? cursor_text : cursor_text.substr(dot + 1), 0, big);
        f.cursor = c;
    }
    // Figures read best largest first; ids in the order they came.
    if (!order_given) f.descending = f.sort != "id";
    return f;
}

std::int64_t page_number(const std::string& v) { return number("page", v, 1, kMaxPage); }

std::string filter_query(const ListFilter& f, std::int64_t page) {
    std::vector<std::pair<std::string, std::string>> kv;
    if (!f.family.empty()) kv.emplace_back("family", f.family);
    if (f.width && f.height) kv.emplace_back("size", fmt::format("{}x{}", *f.width, *f.height));
    if (!f.status.empty()) kv.emplace_back("status", f.status);
    if (f.moves_min) kv.emplace_back("moves_min", std::to_string(*f.moves_min));
    if (f.moves_max) kv.emplace_back("moves_max", std::to_string(*f.moves_max));
    if (f.cluster_min) kv.emplace_back("cluster_min", std::to_string(*f.cluster_min));
    if (f.cluster_max) kv.emplace_back("cluster_max", std::to_string(*f.cluster_max));
    if (!f.source.empty()) kv.emplace_back("source", f.source);
    if (f.sort != "id") kv.emplace_back("sort", f.sort);
    if (!f.order.empty()) kv.emplace_back("order", f.order);
    if (f.per_page != 50) kv.emplace_back("per_page", std::to_string(f.per_page));
    if (page != 1) kv.emplace_back("page", std::to_string(page));
    std::string out;
    for (const auto& [k, v] : kv) {
        out += out.empty() ? "" : "&";
        out += k + "=" + url_encode(v);
    }
    return out;
}

}  // namespace slidedb::serve
