#include "pipeline/import.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <unordered_set>

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "pipeline/read_input.h"
#include "pipeline/solve_once.h"
#include "pipeline/shard.h"
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
    bool cut = false;         // a stop dropped its last puzzles: the file is not read to the end
};
using PartPtr = std::shared_ptr<Part>;

// Walks the inputs and hands out parts, one at a time. A board file is read
// a part at a time too, so memory holds the parts in flight, never a whole
// file; a file met again under another spelling is read once.
class PartSource {
public:
    explicit PartSource(std::vector<WalkEntry> entries) : entries_(std::move(entries)) {}

    PartPtr next() {
        while (!reading_) {
            if (index_ >= entries_.size()) return nullptr;
            if (PartPtr p = open(entries_[index_++])) return p;
        }
        auto part = std::make_shared<Part>();
        part->file = reading_->next(kPartPuzzles);
        part->file.file = reading_file_;
        part->last = reading_->done();
        if (part->last) reading_.reset();
        return part;
    }

private:
    // A part for a whole-file error or a picture; nothing when the file is
    // to be read in parts, or was read already.
    PartPtr open(const WalkEntry& entry) {
        auto part = std::make_shared<Part>();
        part->file.path = entry.path;
        if (!entry.error.empty()) {
            part->file.errors.push_back({0, entry.error});
            return part;
        }
        std::error_code ec;
        const std::filesystem::path canonical = std::filesystem::canonical(entry.path, ec);
        part->file.file = ec ? entry.path : canonical.string();
        if (!files_.insert(part->file.file).second) return nullptr;
        if (is_picture(entry.path)) {
            // Decoding and scanning are the costly part: leave them to the read stage.
            part->needs_read = true;
            return part;
        }
        reading_ = std::make_unique<BoardFileParts>(entry.path);
        reading_file_ = part->file.file;
        return nullptr;
    }

    std::vector<WalkEntry> entries_;
    std::size_t index_ = 0;
    std::unordered_set<std::string> files_;  // canonical paths read so far
    std::unique_ptr<BoardFileParts> reading_;
    std::string reading_file_;
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

// The walked files less the database being written and its journal:
// `import .` beside puzzles.db read them as binary data, three errors a run.
std::vector<WalkEntry> without_database(std::vector<WalkEntry> entries, const std::string& database) {
    if (database.empty()) return entries;
    namespace fs = std::filesystem;
    const std::string name = fs::path(database).filename().string();
    std::error_code ec;
    std::erase_if(entries, [&](const WalkEntry& e) {
        const std::string file = fs::path(e.path).filename().string();
        if (!file.starts_with(name)) return false;  // most files: a name compared, nothing stat()ed
        for (const char* part : {"", "-wal", "-shm", "-journal"})
            if (file == name + part && fs::equivalent(e.path, database + part, ec)) return true;
        return false;
    });
    return entries;
}

}  // namespace

ImportTotals run_import(const std::vector<std::string>& paths, const ImportOptions& options,
                        ImportWriter& writer, const OnWritten& on_written) {
    std::vector<WalkEntry> entries = entries_of_shard(without_database(walk(paths), options.database), options.shard);
    Progress progress(options.progress, entries.size());
    PartSource source(std::move(entries));
    SolveOnce once(writer.known_keys());
    std::atomic<std::uint64_t> searches{0};
    const int jobs = std::max(1, options.jobs);
    const auto stopping = [&] { return options.stop && options.stop(); };
    std::optional<std::string> cut_file;  // the file a stop cut last (parts are written in order)

    tbb::task_arena arena(jobs);
    arena.execute([&] {
        tbb::parallel_pipeline(
            static_cast<std::size_t>(jobs) * 4,
            tbb::make_filter<void, PartPtr>(tbb::filter_mode::serial_in_order,
                                            [&](tbb::flow_control& fc) {
                                                PartPtr p = stopping() ? nullptr : source.next();
                                                if (!p) fc.stop();
                                                return p;
                                            }) &
                tbb::make_filter<PartPtr, PartPtr>(tbb::filter_mode::parallel,
                                                   [&](PartPtr p) {
                                                       if (p->needs_read) {
                                                           std::string file = std::move(p->file.file);
                                                           p->file = read_input(p->file.path);
                                                           p->file.file = std::move(file);
                                                       }
                                                       return p;
                                                   }) &
                tbb::make_filter<PartPtr, PartPtr>(
                    tbb::filter_mode::parallel,
                    [&](PartPtr p) {
                        // Once asked to stop, no search starts, and one
                        // that ends after the stop may have been cut short
                        // anywhere (its analysis too), so it is no answer:
                        // the part keeps the puzzles before it, and the
                        // same command solves the rest when run again.
                        std::vector<FoundPuzzle>& puzzles = p->file.puzzles;
                        for (std::size_t i = 0; i < puzzles.size(); ++i) {
                            FoundPuzzle& found = puzzles[i];
                            if (!stopping())
                                found.result = once.result(found.puzzle.key, [&] {
                                    ++searches;
                                    return family_of(found.puzzle).solve(found.puzzle, options.solve);
                                });
                            if (stopping()) {
                                puzzles.erase(puzzles.begin() + static_cast<std::ptrdiff_t>(i), puzzles.end());
                                p->cut = true;
                                break;
                            }
                        }
                        return p;
                    }) &
                tbb::make_filter<PartPtr, void>(tbb::filter_mode::serial_in_order, [&](PartPtr p) {
                    if (p->cut) cut_file = p->file.file;
                    const std::vector<std::string> notes = writer.write(p->file, p->last && p->file.file != cut_file);
                    for (const FoundPuzzle& puzzle : p->file.puzzles)
                        if (puzzle.result) once.stored(puzzle.puzzle.key);
                    on_written(p->file, notes);
                    progress.update(writer.totals());
                }));
    });
    ImportTotals totals = writer.totals();
    totals.searches = searches;
    return totals;
}

}  // namespace slidedb
