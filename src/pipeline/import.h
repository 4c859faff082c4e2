// The import pipeline: walk -> read -> solve -> write, on oneTBB.
//
//   walk   (serial, in order)  lists the files; reads and parses text files
//                              (cheap) and cuts large ones into parts, so the
//                              thousands of lines of one file solve in parallel
//   read   (parallel)          decodes and scans pictures
//   solve  (parallel)          BFS for every puzzle the database lacks
//   write  (serial, in order)  the only stage that touches the database
//
// Because the writer sees parts in input order, the database is the same
// whatever the number of jobs, timings aside.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "pipeline/shard.h"
#include "solve/result.h"
#include "store/import_writer.h"

namespace slidedb {

struct ImportOptions {
    int jobs = 1;
    SolveOptions solve;
    bool progress = false;  // a status line on stderr, redrawn in place
    ImportShard shard;      // the part of the walked files this run reads
    // Asked before each part is handed out and each search: once true, no
    // part or search starts, and the parts under way are stored with the
    // puzzles solved so far (a run asked to stop). solve.cancel, set from
    // the same flag, ends the searches under way at once.
    std::function<bool()> stop;
    // The database written, whose file and journal (-wal, -shm, -journal)
    // a folder walked may hold: they are output, never read as input.
    std::string database;
};

// Called by the writer stage after each part is stored, in input order, with
// the claim mismatches it found: the caller prints diagnostics from it.
using OnWritten = std::function<void(const FoundFile&, const std::vector<std::string>& notes)>;

ImportTotals run_import(const std::vector<std::string>& paths, const ImportOptions& options,
                        ImportWriter& writer, const OnWritten& on_written);

}  // namespace slidedb
