#include "pipeline/import.h"

#include <chrono>
#include <cstdio>
#include <deque>
#include <memory>
#include <unordered_set>

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "pipeline/read_input.h"
#include "pipeline/walk.h"
#include "families/families.h"

namespace slidedb {

namespace {

// Puzzles per part: small enough to spread a big file over the workers and
// keep memory flat, large enough that a part is worth a task.
constexpr std::size_t kPartPuzzles = 64;

struct Part {
    FoundFile file;       // this part's puzzles and errors
    bool last = true;     // the file's last part: counts the file once
    bool needs_read = false;  // bytes still to be read by the parallel stage
};
using PartPtr = std::shared_ptr<Part>;

// Walks the inputs and hands out parts, one at a time.
class PartSource {
public:
    explicit PartSource(std::vector<WalkEntry> entries) : entries_(std::move(entries)) {}

    PartPtr next() {
        while (pending_.empty()) {
            if (index_ >= entries_.size()) return nullptr;
            split(entries_[index_++]);
        }
        PartPtr p = std::move(pending_.front());
        pending_.pop_front();
        return p;
    }

private:
    void split(const WalkEntry& entry) {
        if (!entry.error.empty()) {
            auto part = std::make_shared<Part>();
            part->file.path = entry.path;
            part->file.errors.push_back({0, entry.error});
            pending_.push_back(std::move(part));
            return;
        }
        if (is_picture(entry.path)) {
            // Decoding and scanning are the costly part: leave them to the read stage.
            auto part = std::make_shared<Part>();
            part->file.path = entry.path;
            part->needs_read = true;
            pending_.push_back(std::move(part));
            return;
        }
        FoundFile whole = read_input(entry.path);
        if (whole.is_image || whole.puzzles.size() <= kPartPuzzles) {
            pending_.push_back(std::make_shared<Part>(Part{std::move(whole), true, false}));
            return;
        }
        // Errors travel with the first part, so they are stored early.
        for (std::size_t at = 0; at < whole.puzzles.size(); at += kPartPuzzles) {
            auto part = std::make_shared<Part>();
            part->file.path = whole.path;
            part->file.hash = whole.hash;
            part->file.is_image = whole.is_image;
            if (at == 0) part->file.errors = std::move(whole.errors);
            const std::size_t end = std::min(whole.puzzles.size(), at + kPartPuzzles);
            for (std::size_t i = at; i < end; ++i) part->file.puzzles.push_back(std::move(whole.puzzles[i]));
            part->last = end == whole.puzzles.size();
            pending_.push_back(std::move(part));
        }
    }

    std::vector<WalkEntry> entries_;
    std::size_t index_ = 0;
    std::deque<PartPtr> pending_;
};

class Progress {
public:
    Progress(bool on, std::size_t files) : on_(on), files_(files) {}
    ~Progress() {
        if (shown_) std::fputs("\r\033[K", stderr);
    }
    void update(const ImportTotals& t) {
        if (!on_) return;
        const auto now = std::chrono::steady_clock::now();
        if (shown_ && now - last_ < std::chrono::milliseconds(100)) return;
        last_ = now;
        shown_ = true;
        std::fputs(fmt::format("\r\033[Kfiles {}/{}  puzzles {} new {} known  errors {}", t.files, files_,
                               t.puzzles_new, t.puzzles_known, t.errors)
                       .c_str(),
                   stderr);
    }

private:
    bool on_;
    std::size_t files_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_;
};

}  // namespace

ImportTotals run_import(const std::vector<std::string>& paths, const ImportOptions& options,
                        ImportWriter& writer, const OnWritten& on_written) {
    std::vector<WalkEntry> entries = walk(paths);
    Progress progress(options.progress, entries.size());
    PartSource source(std::move(entries));
    const std::unordered_set<std::string> known = writer.known_keys();
    const int jobs = std::max(1, options.jobs);

    tbb::task_arena arena(jobs);
    arena.execute([&] {
        tbb::parallel_pipeline(
            static_cast<std::size_t>(jobs) * 4,
            tbb::make_filter<void, PartPtr>(tbb::filter_mode::serial_in_order,
                                            [&](tbb::flow_control& fc) {
                                                PartPtr p = source.next();
                                                if (!p) fc.stop();
                                                return p;
                                            }) &
                tbb::make_filter<PartPtr, PartPtr>(tbb::filter_mode::parallel,
                                                   [&](PartPtr p) {
                                                       if (p->needs_read) p->file = read_input(p->file.path);
                                                       return p;
                                                   }) &
                tbb::make_filter<PartPtr, PartPtr>(
                    tbb::filter_mode::parallel,
                    [&](PartPtr p) {
                        for (FoundPuzzle& found : p->file.puzzles)
                            if (!known.count(found.puzzle.key))
                                found.result = family_of(found.puzzle).solve(found.puzzle, options.solve);
                        return p;
                    }) &
                tbb::make_filter<PartPtr, void>(tbb::filter_mode::serial_in_order, [&](PartPtr p) {
                    const std::vector<std::string> notes = writer.write(p->file, p->last);
                    on_written(p->file, notes);
                    progress.update(writer.totals());
                }));
    });
    return writer.totals();
}

}  // namespace slidedb
