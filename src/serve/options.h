// How `slidedb serve` runs: where it listens, what it may write, and the
// limits every request stays within.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace slidedb::serve {

struct Limits {
    std::size_t image_bytes = 10u << 20;  // a screenshot's body
    std::size_t text_bytes = 1u << 20;    // a board's text, SQL, anything else
    // Request and answer bodies held at once, every one's past its first
    // 64 KiB (serve/body_budget.h).
    std::size_t held_bytes = 256u << 20;
    // With them spent, a body still passing whose client has done nothing
    // this long is let go for a newcomer's.
    double held_idle_seconds = 1;
    double solve_seconds = 10;            // one search, by the clock
    std::uint64_t solve_memory = 1ull << 30;  // bytes one search may hold
    std::uint64_t solve_states = 20'000'000;  // boards one search may keep
    double sql_seconds = 10;              // one statement of the SQL box
    // A SQL page counts the rows past it this long at most, to tell whether
    // its download would be refused; not counted through, it offers one.
    double sql_count_seconds = 2;
    std::size_t save_puzzles = 100;       // puzzles one Save may store
    // Save writes nothing while the database's disk has less free; 0: no check.
    std::uint64_t min_free_bytes = 1ull << 30;
    std::size_t page_rows = 100;          // rows of a SQL result on one page
    std::size_t result_bytes = 32u << 20;  // a SQL page's or download's cells, and any one value
    std::uint64_t sql_memory = 1ull << 30;  // what SQLite may hold in the server, every statement together
    std::size_t download_rows = 100'000;  // rows of a CSV or JSON download
};

struct Options {
    std::string db = "puzzles.db";
    std::string bind = "127.0.0.1";
    // Host names the server answers to besides 127.0.0.1, localhost, [::1]
    // and `bind` (--allow-host): any other Host gets 421.
    std::vector<std::string> allow_hosts;
    int port = 8080;  // 0: any free port
    bool read_only = false;  // no Save
    int jobs = 4;            // searches at once
    Limits limits;
    // Reports of the user's own (`--sql FILE`), read at start: name, SQL.
    std::vector<std::pair<std::string, std::string>> user_reports;
};

// True for an address only this machine reaches (127.0.0.0/8, ::1, localhost).
bool is_loopback(const std::string& address);

}  // namespace slidedb::serve
