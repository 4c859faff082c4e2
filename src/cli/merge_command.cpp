// slidedb merge A.db B.db ... --db ALL.db: add databases into one.
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/enumeration_links.h"
#include "cli/interrupt.h"
#include "families/families.h"
#include "puzzle/text.h"
#include "store/database.h"
#include "store/merge.h"

namespace slidedb::cli {

namespace {

struct MergeArgs {
    std::vector<std::string> inputs;
    std::string db = "puzzles.db";
};

int run_merge(const MergeArgs& a) {
    auto db = open_database(a.db, Access::ReadWrite, with_bands());
    // Ctrl-C or SIGTERM: the file under way is merged whole (a transaction
    // each), and the rest are left for the same command, which adds nothing
    // twice.
    catch_stop("\nslidedb merge: stopping once the file under way is merged (a second signal quits at once)\n");
    int status = 0;
    std::size_t done = 0;
    for (const std::string& in : a.inputs) {
        if (const int stopped_by = g_interrupted) {
            std::fputs(fmt::format("slidedb merge: stopped by {}: {} of {} merged; the same command goes on from "
                                   "there (a file merged again adds nothing)\n",
                                   stop_name(stopped_by), done, counted(a.inputs.size(), "file"))
                           .c_str(),
                       stderr);
            return 128 + stopped_by;
        }
        ++done;
        // The target among the inputs (`merge *.db --db all.db`): said and
        // passed over, no failure, so a batch job's merge step stays green.
        std::error_code ec;
        if (std::filesystem::equivalent(in, a.db, ec)) {
            std::fputs(fmt::format("{}: is the database merged into (--db); nothing to add\n", in).c_str(), stderr);
            continue;
        }
        try {
            const MergeTotals t = merge_database(*db, in, stored_puzzle_fault);
            std::fputs(fmt::format("{}: {}, {} ({} new, {} known), {}\n", in, counted(t.imports, "run"),
                                   counted(t.puzzles_new + t.puzzles_known, "puzzle"), t.puzzles_new,
                                   t.puzzles_known, counted(t.rows, "other row"))
                           .c_str(),
                       stdout);
        } catch (const StoreError& e) {
            // One bad input does not stop the others; nothing of it was added.
            std::fputs(fmt::format("{}\n", e.what()).c_str(), stderr);
            status = 1;
        }
    }
    const std::uint64_t linked = link_enumerated(*db);
    if (linked) std::fputs(fmt::format("{} imported puzzles linked to their enumerated cluster\n", linked).c_str(), stdout);
    return status;
}

}  // namespace

void add_merge(CLI::App& app, Run& chosen) {
    add_command<MergeArgs>(
        app, chosen, "merge", "Add slidedb databases (shards, imports from other machines) into one",
        [](CLI::App& sub, MergeArgs& a) {
            sub.add_option("inputs", a.inputs, "Databases to add")->required();
            sub.add_option("--db", a.db, "The database they are added into")->capture_default_str();
        },
        [](const MergeArgs& a) { return run_merge(a); });
}

}  // namespace slidedb::cli
