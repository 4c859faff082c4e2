// One search per board per run. The solve stage asks here before it
// searches: a board the database already holds needs none, a board met again
// while its first copy is being solved waits for that result, and one solved
// earlier in the run takes it as it is, until the writer has stored it.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "solve/result.h"

namespace slidedb {

class SolveOnce {
public:
    // `stored`: keys of the puzzles the database has a solution for.
    explicit SolveOnce(std::unordered_set<std::string> stored);

    // The result for the board with `key`, from `search` run here or by the
    // thread that met it first; nothing when the database has it already.
    std::optional<SolveResult> result(const std::string& key, const std::function<SolveResult()>& search);

    // The writer stored the board with its result: later copies find it in
    // the database, so the result is let go.
    void stored(const std::string& key);

private:
    struct Pending {
        std::optional<SolveResult> result;  // empty while being searched
    };

    std::mutex mutex_;
    std::condition_variable done_;
    // Every board of the run and the database; a null Pending: stored.
    std::unordered_map<std::string, std::unique_ptr<Pending>> boards_;
};

}  // namespace slidedb
