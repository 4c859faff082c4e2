// One part of an import that is split over machines (`import --shard K/N`).
//
// Every machine walks the same paths into the same list; the list is made
// unique by canonical path (a file named twice, or through a symlink, is one
// file), and part K takes the files at positions K-1, K-1+N, K-1+2N, ... of
// it. So the N parts hold every file exactly once whatever N is, and files
// that sit together in a folder (often alike in cost) spread over the parts.
// An entry that could not be walked (a missing path, a loop) is an entry
// too, so its error is stored by exactly one part.
#pragma once

#include <vector>

#include "pipeline/walk.h"

namespace slidedb {

struct ImportShard {
    int index = 1, count = 1;  // part `index` (1-based) of `count`
};

std::vector<WalkEntry> entries_of_shard(std::vector<WalkEntry> entries, const ImportShard& shard);

}  // namespace slidedb
