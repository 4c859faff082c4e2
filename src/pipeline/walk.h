// Turning the paths a user names into the list of input files, in a stable
// order: arguments as given, each folder's files sorted by name, recursively.
// Hidden files and folders (a name starting with '.') are skipped.
//
// Nothing here opens a file: each path is stat()ed, and named pipes,
// sockets and devices become errors before anyone could block reading them.
// Folders are known by device and inode, so one reached again through a
// symlink is read once, and a symlink loop (however many links it crosses)
// is one error.
#pragma once

#include <string>
#include <vector>

namespace slidedb {

struct WalkEntry {
    std::string path;
    std::string error;  // set when the path is not a readable file or folder
};

std::vector<WalkEntry> walk(const std::vector<std::string>& paths);

// Empty for a regular file (st_mode); else why it is not read.
std::string not_a_regular_file(unsigned mode);

}  // namespace slidedb
