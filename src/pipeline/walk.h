// Turning the paths a user names into the list of input files, in a stable
// order: arguments as given, each folder's files sorted by name, recursively.
// Hidden files and folders (a name starting with '.') are skipped.
#pragma once

#include <string>
#include <vector>

namespace slidedb {

struct WalkEntry {
    std::string path;
    std::string error;  // set when the path could not be listed or does not exist
};

std::vector<WalkEntry> walk(const std::vector<std::string>& paths);

}  // namespace slidedb
